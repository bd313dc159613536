/**
 * Secrets never reach the server's log (docs/architecture.md#security, issue 9). The fixtures
 * record every password, JWT, token and Stripe key the e2e run sends or receives (in the browser
 * and through api()) into DATA_DIR/e2e-secrets.jsonl; the mail links add the manage
 * and reset tokens, and DATA_DIR/jwt-secret the signing key. scanServerLog() then
 * looks for each of them, and for anything shaped like a credential, in
 * artifacts/server.log: security.spec.ts runs it mid-run, global-setup.ts's teardown
 * once more over the whole run's log.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOutbox } from './mail.ts';

const FILE = 'e2e-secrets.jsonl';
/** Shorter values would match by chance (and no real secret is this short). */
const MIN_LENGTH = 8;

export interface Secret {
  kind: string;
  value: string;
}

/** Appends a secret for the scan; a no-op outside a run (no DATA_DIR yet). */
function recordSecret(kind: string, value: unknown): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || typeof value !== 'string' || value.length < MIN_LENGTH) return;
  appendFileSync(join(dataDir, FILE), `${JSON.stringify({ kind, value })}\n`);
}

const SECRET_KEYS = /^(password|newPassword|currentPassword|token|secretKey|webhookSecret|secretUrl|authToken)$/;

/** Records the credential-looking fields of a JSON text (a request or response body), at any depth. */
export function recordFromJson(kind: string, text: string | null | undefined): void {
  if (!text) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        if (SECRET_KEYS.test(k)) recordSecret(`${kind} ${k}`, inner);
        walk(inner);
      }
  };
  walk(value);
}

/** Records the bearer token of an Authorization header and any token= query parameter of a URL. */
export function recordFromRequest(url: string, headers: Record<string, string>, body: string | null | undefined): void {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer) recordSecret('authorization', bearer);
  try {
    for (const [k, v] of new URL(url).searchParams) if (/token|key/i.test(k)) recordSecret(`query ${k}`, v);
  } catch {
    // not a URL
  }
  recordFromJson('request', body);
}

/** Every secret of the run so far: recorded ones, the tokens of every mailed link, and the signing key. */
export function knownSecrets(dataDir: string): Secret[] {
  const out = new Map<string, Secret>();
  const add = (kind: string, value: string) => {
    if (value.length >= MIN_LENGTH && !out.has(value)) out.set(value, { kind, value });
  };
  const file = join(dataDir, FILE);
  if (existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const s = JSON.parse(line) as Secret;
      add(s.kind, s.value);
    }
  for (const mail of readOutbox(join(dataDir, 'outbox')))
    for (const link of mail.links)
      for (const [k, v] of new URL(link).searchParams) if (/token/i.test(k)) add(`mailed ${k} (${mail.subject})`, v);
  const key = join(dataDir, 'jwt-secret');
  if (existsSync(key)) add('the JWT signing key', readFileSync(key, 'utf8').trim());
  return [...out.values()];
}

/** Shapes that are credentials whatever their value. */
const SHAPES: [string, RegExp][] = [
  ['a JWT', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/],
  ['a bearer header', /Bearer\s+[\w-]{12,}/i],
  ['a password field', /"(password|newPassword|currentPassword)"\s*:\s*"(?!\[REDACTED\])/],
  ['a token field', /"token"\s*:\s*"(?!\[REDACTED\])/],
  ['a token in a URL', /[?&](token|key)=(?!\[REDACTED\])[^&\s"]{8,}/],
  // The owners' Stripe keys (Settings, Payments): never logged, whatever their value.
  ['a Stripe secret key', /\b(sk|rk)_(test|live)_[A-Za-z0-9]{8,}/],
  ['a Stripe webhook signing secret', /\bwhsec_[A-Za-z0-9+/=]{8,}/],
  // A text's short link (a manage link) and a review request's link (docs/decisions/027).
  ['a short link or review link', /\/(s|review)\/(?!\[REDACTED\])[A-Za-z0-9_-]{8,}/],
];

/** What of `secrets` (and what credential-shaped text) the log holds; each finding names the line. */
export function findSecrets(log: string, secrets: Secret[]): string[] {
  const findings: string[] = [];
  const lines = log.split('\n');
  lines.forEach((line, i) => {
    for (const s of secrets)
      if (line.includes(s.value))
        findings.push(`line ${i + 1}: ${s.kind} ${s.value.slice(0, 6)}... appears in the log`);
    for (const [what, shape] of SHAPES)
      if (shape.test(line)) findings.push(`line ${i + 1}: ${what}: ${line.slice(0, 200)}`);
  });
  return findings;
}

/** Throws, listing every finding, when the log holds a secret of the run. */
export function scanServerLog(logFile: string, dataDir: string): { lines: number; secrets: number } {
  const log = readFileSync(logFile, 'utf8');
  const secrets = knownSecrets(dataDir);
  const findings = findSecrets(log, secrets);
  if (findings.length > 0)
    throw new Error(
      `The server log ${logFile} holds secrets of the e2e run (docs/architecture.md#security forbids it):\n  ${findings.slice(0, 50).join('\n  ')}`,
    );
  return { lines: log.split('\n').length, secrets: secrets.length };
}
