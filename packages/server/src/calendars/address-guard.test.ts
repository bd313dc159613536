import { describe, expect, it } from 'vitest';
import { addressAllowed, isPublicAddress } from './address-guard.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.1.2',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    // Local-use NAT64 (RFC 8215): a network of the operator's own.
    '64:ff9b:1::a00:1',
    '64:ff9b:1:ffff::808:808',
    // IPv4-translated (SIIT, RFC 2765): the IPv4 address it carries is what is reached.
    '::ffff:0:7f00:1',
    '::ffff:0:a9fe:a9fe',
    '::ffff:0:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2607:f8b0:4005:80a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
    '::ffff:0:808:808',
  ])('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('addressAllowed with CALENDAR_FETCH_ALLOW_PRIVATE=on (loopback and private networks only)', () => {
  const allow = addressAllowed({ allowPrivate: true });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.20',
    '::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.1.20',
    '8.8.8.8',
    '2607:f8b0:4005:80a::200e',
  ])('opens %s', (address) => expect(allow(address)).toBe(true));

  it.each([
    // Link-local and cloud metadata, in every form that reaches them.
    '169.254.169.254',
    '169.254.0.1',
    'fe80::1',
    'febf::1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:0:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    // AWS's IPv6 metadata service (inside fc00::/7) and Alibaba's (inside carrier-grade NAT).
    'fd00:ec2::254',
    '100.100.100.200',
    // Neither loopback nor a private network.
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'ff02::1',
    'not an address',
  ])('still refuses %s', (address) => expect(allow(address)).toBe(false));

  it('is the public-only guard when off', () => {
    const publicOnly = addressAllowed({ allowPrivate: false });
    expect(publicOnly('8.8.8.8')).toBe(true);
    expect(publicOnly('127.0.0.1')).toBe(false);
    expect(publicOnly('169.254.169.254')).toBe(false);
  });
});
