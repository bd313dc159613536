/**
 * What the operator reads in the log at start-up about features this configuration leaves off.
 * Owners are told only what is not available and to ask whoever runs the server
 * (shared/src/not-turned-on.ts); how to turn it on is said here, and in the README.
 */
import type { Config } from './config.ts';

export function operatorNotes(config: Pick<Config, 'encryptionKey' | 'texts' | 'databaseUrl' | 'backups'>): string[] {
  const notes: string[] = [];
  if (!config.encryptionKey)
    notes.push(
      'ENCRYPTION_KEY is not set: Stripe deposits, Twilio texts and connected calendars are off, and owners are told to ask you to turn them on. Set it to at least 32 random characters (openssl rand -base64 32); see the README, Configuration.',
    );
  if (config.texts === 'log')
    notes.push(
      'TEXTS=log: texts are written to DATA_DIR/outbox/*.txt, not sent, and owners are told so. Set TEXTS=twilio (the default once SMTP_URL is set) to send them.',
    );
  // Off by default on PostgreSQL (docs/decisions/041): say so, once, rather than leave it unsaid.
  if (!config.databaseUrl.startsWith('sqlite:') && config.backups.everyMs === null)
    notes.push(
      "Scheduled backups are off on PostgreSQL: set BACKUP_EVERY=24 (needs pg_dump from postgresql-client) or back the database up another way (WAL archiving, your provider's snapshots); see the README, Backup.",
    );
  return notes;
}
