/**
 * What the owner reads about a connected calendar (docs/decisions/025): who serves it, a hint of
 * its secret address (never the address), and why a read failed, in words that say what to do
 * ("Google answered 404: the secret address was reset; copy it again").
 */
import type { FetchFailure } from './fetch.ts';
import type { SandboxFailureKind } from './sandbox.ts';

type Provider = 'Google' | 'iCloud' | 'Outlook' | null;

function providerOf(host: string): Provider {
  const h = host.toLowerCase().replace(/:\d+$/, '');
  if (h === 'calendar.google.com' || h.endsWith('.google.com')) return 'Google';
  if (h === 'icloud.com' || h.endsWith('.icloud.com')) return 'iCloud';
  if (h.startsWith('outlook.') || h.endsWith('.outlook.com') || h.endsWith('.office365.com')) return 'Outlook';
  return null;
}

/** The name a host goes by in a sentence: "Google", "iCloud", "Outlook", else the host itself. */
export function serverName(host: string): string {
  return providerOf(host) ?? host;
}

/**
 * "calendar.google.com ...a1b2": the host and the last four characters of the address's longest
 * part (its secret token; the last characters of the whole address are ".ics" for most).
 */
export function addressHint(url: URL): string {
  const parts = [...url.pathname.split('/'), ...url.search.slice(1).split('&')].map((p) => p.replace(/\.ics$/i, ''));
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= 8 ? `${url.host} ...${longest.slice(-4)}` : url.host;
}

/** Where each provider keeps the address to copy again. */
const COPY_AGAIN: Record<Exclude<Provider, null>, string> = {
  Google: 'copy it again (Google Calendar, Settings, your calendar, "Secret address in iCal format")',
  iCloud: 'share the calendar publicly again in the Calendar app and copy the new link',
  Outlook: 'publish the calendar again (Outlook, Settings, Shared calendars) and copy the ICS link',
};

/** TLS failures of a certificate (Node's codes, from OpenSSL's verify results). */
const CERTIFICATE =
  /^(CERT_|UNABLE_TO_(GET|VERIFY)|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH)/;

/**
 * A connection that failed, in words rather than the system's code (an owner who read
 * "(EPROTO)" had nothing to go on): what it means for their address, and what to try.
 */
function unreachableWords(who: string, code: string): string {
  const retry = 'Slotwise tries again every 10 minutes; if it keeps happening, check the address.';
  // An https:// (or webcal://, read as https) address whose server answers plain http.
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_'))
    return `Slotwise could not open a secure (https) connection to ${who}: its server does not speak https at this address. A webcal:// address is read over https; if your calendar app also gives an http:// address, paste that one instead.`;
  if (CERTIFICATE.test(code))
    return `${who}'s security certificate is not valid (expired, or issued for another name), so Slotwise will not read the calendar there. Ask whoever runs that calendar server to renew its certificate, or copy the address again from your calendar app.`;
  if (code === 'ECONNREFUSED')
    return `${who} refused the connection: no calendar server is listening at this address. Check the address (its port, after the colon, if it has one).`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${who} hung up before sending the calendar. ${retry}`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT')
    return `Slotwise could not reach ${who}: the network to it is down or blocked. ${retry}`;
  return `Slotwise could not connect to ${who}. ${retry}`;
}

/** Why a read failed, for the owner: what happened, and what to do about it. */
export function failureWords(f: FetchFailure, limits: { timeoutMs: number; maxBytes: number }): string {
  const provider = providerOf(f.host);
  const who = provider ?? f.host;
  const copyAgain = provider ? COPY_AGAIN[provider] : 'copy the address again from your calendar app';
  switch (f.kind) {
    case 'status':
      if (f.status === 404 || f.status === 410)
        return provider === 'Google'
          ? `Google answered ${f.status}: the secret address was reset; ${copyAgain}.`
          : provider
            ? `${who} answered ${f.status}: the calendar is no longer shared at this address; ${copyAgain}.`
            : `${who} answered ${f.status}: there is no calendar at this address any more; ${copyAgain}.`;
      if (f.status === 401 || f.status === 403)
        return `${who} answered ${f.status}: this address needs a log-in. Use the calendar's secret or public address (iCal, ICS) instead; ${copyAgain}.`;
      if (f.status === 429 || f.status >= 500)
        return `${who} answered ${f.status}: their server is busy or having trouble. Slotwise tries again every 10 minutes; nothing to do for now.`;
      return `${who} answered ${f.status} instead of a calendar; ${copyAgain}.`;
    case 'timeout':
      return `${who} did not answer within ${Math.round(limits.timeoutMs / 1000)} seconds. Slotwise tries again every 10 minutes; if it keeps happening, check the address.`;
    case 'too-large':
      return `The calendar at ${who} is larger than ${Math.round(limits.maxBytes / (1024 * 1024))} MB, more than Slotwise reads. Share a smaller calendar (fewer years of past events).`;
    case 'not-calendar':
      return f.looksLikePage
        ? `${who} answered a web page, not a calendar. Copy the calendar's secret address in iCal format (ending .ics), not the page's link.`
        : `${who} answered something that is not a calendar (ICS). Copy the calendar's secret address in iCal format.`;
    case 'private-address':
      return f.redirected
        ? `The address sent Slotwise on to ${f.host}, a private or local address. Slotwise only reads calendars on the public internet.`
        : `${f.host} is a private or local address. Slotwise only reads calendars on the public internet.`;
    case 'unknown-host':
      return `${f.host} could not be found. Check the address for typos, or ${copyAgain}.`;
    case 'unreachable':
      return unreachableWords(who, f.code);
    case 'too-many-redirects':
      return `${who} sent Slotwise from address to address more than 5 times without a calendar; ${copyAgain}.`;
    case 'bad-redirect':
      return `${who} sent Slotwise on to an address it cannot read (not http or https); ${copyAgain}.`;
  }
}

/** A calendar whose text could not be read as iCalendar at all. */
export function unparsableWords(host: string): string {
  return `${serverName(host)} answered a calendar Slotwise could not read (not valid iCalendar). Copy the calendar's secret address in iCal format again.`;
}

/**
 * Why working out a calendar's events was stopped (calendars/sandbox.ts, docs/decisions/031):
 * what is likely wrong with the file, what to do, and that Slotwise will not read it again until
 * the owner does it (`when` 'read'); on connecting, nothing is saved.
 */
export function expansionWords(
  kind: SandboxFailureKind,
  host: string,
  limits: { expandTimeoutMs: number; expandHeapMb: number },
  when: 'connect' | 'read',
): string {
  const who = serverName(host);
  const then =
    when === 'read'
      ? 'Slotwise will not read it again until you press Refresh (or remove it and connect it again).'
      : 'Then connect it again.';
  switch (kind) {
    case 'timeout':
      return `Slotwise stopped working out the events of the calendar at ${who} after ${Math.round(limits.expandTimeoutMs / 1000)} seconds: a repeating event in it has a rule that (almost) never occurs, or it holds a great many years of repeating events. Remove or simplify that repeating event, or share a calendar with fewer events. ${then}`;
    case 'out-of-memory':
      return `The calendar at ${who} needs more memory than Slotwise gives one calendar (${limits.expandHeapMb} MB) to work out its events. Share a smaller calendar (fewer years of past events, fewer repeating events). ${then}`;
    case 'crashed':
      return `Slotwise could not work out the events of the calendar at ${who} just now. It tries again every 10 minutes; nothing to do for now.`;
  }
}
