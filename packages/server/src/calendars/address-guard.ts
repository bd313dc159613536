/**
 * Which addresses a calendar may be read from (docs/decisions/025): only the public internet.
 * An owner pastes any address they like, and the server fetches it, so without this an owner
 * (or anyone holding an owner's session) could make the server read its own loopback, the
 * operator's private network or a cloud's metadata service (SSRF). calendars/fetch.ts checks
 * every address a host name resolves to, and again on each redirect, before connecting.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** IANA's special-purpose registries (RFC 6890 and after): nothing a public calendar lives on. */
const SPECIAL_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const SPECIAL_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates into the operator's own networks
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
];

const special = new BlockList();
for (const [net, prefix] of SPECIAL_V4) special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of SPECIAL_V6) special.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address ("::" expanded, a dotted IPv4 tail read). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16), else null: a connection to one of those reaches the IPv4
 * address, so that address is what is checked.
 */
function embeddedV4(address: string): string | null {
  const g = groupsOf(address);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** Whether an IP address is on the public internet (not loopback, private, link-local, reserved...). */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !special.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  const inner = embeddedV4(address);
  if (inner !== null) return isPublicAddress(inner);
  return !special.check(address, 'ipv6');
}

/**
 * What CALENDAR_FETCH_ALLOW_PRIVATE=on opens besides the public internet: loopback and the
 * private networks (a calendar server on the operator's own network; tests). Link-local, where
 * the clouds' metadata services answer (169.254.169.254, fe80::/10), carrier-grade NAT
 * (Alibaba's metadata at 100.100.100.200) and AWS's IPv6 metadata address stay closed: none is a
 * calendar server, and each hands out the machine's credentials.
 */
const PRIVATE_V4: [string, number][] = [
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];
const PRIVATE_V6: [string, number][] = [
  ['::1', 128],
  ['fc00::', 7],
];
const METADATA_V6 = 'fd00:ec2::254';

const privateNets = new BlockList();
for (const [net, prefix] of PRIVATE_V4) privateNets.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of PRIVATE_V6) privateNets.addSubnet(net, prefix, 'ipv6');
const metadata = new BlockList();
metadata.addAddress(METADATA_V6, 'ipv6');

/** Whether an address is loopback or on a private network (an IPv4 one carried in IPv6 too). */
function isPrivateNetwork(address: string): boolean {
  if (isIPv4(address)) return privateNets.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  const inner = embeddedV4(address);
  if (inner !== null) return isPrivateNetwork(inner);
  return privateNets.check(address, 'ipv6') && !metadata.check(address, 'ipv6');
}

/** The check calendars/fetch.ts makes of every address it would connect to (config calendarFetch.allowPrivate). */
export function addressAllowed(options: { allowPrivate: boolean }): (address: string) => boolean {
  if (!options.allowPrivate) return isPublicAddress;
  return (address) => isPublicAddress(address) || isPrivateNetwork(address);
}
