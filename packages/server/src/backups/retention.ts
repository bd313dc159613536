/**
 * Backup files' names and which of them to keep (docs/decisions/041). A backup is
 * `app-YYYYMMDD-HHMMSS.db` (SQLite) or `.dump` (PostgreSQL, pg_dump's custom format), stamped in
 * UTC when it began; a file being written has a leading dot and a `.partial` ending, and is
 * never taken for a backup. Kept: the newest `keep` backups, and the newest backup of each of the
 * last `keepDays` UTC days (today is one of them); the rest are pruned after a backup succeeds.
 */
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export type BackupKind = 'sqlite' | 'postgres';

export interface RetentionPolicy {
  /** The newest backups kept whatever their age; at least 1, so the newest good backup is never pruned. */
  keep: number;
  /** Days (UTC) back from today each keeping its newest backup. */
  keepDays: number;
}

const NAME = /^app-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.(db|dump)$/;
const DAY_MS = 24 * 3600 * 1000;

export function backupFileName(at: number, kind: BackupKind): string {
  const stamp = new Date(at).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `app-${stamp}.${kind === 'sqlite' ? 'db' : 'dump'}`;
}

export function partialName(name: string): string {
  return `.${name}.partial`;
}

/** When the backup named began (ms), or null when the name is not a backup's. */
export function takenAt(name: string): number | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
}

/** The backups among `names` to delete at `now`; names that are not backups' are left alone. */
export function backupsToPrune(names: readonly string[], now: number, policy: RetentionPolicy): string[] {
  const backups = names
    .map((name) => ({ name, at: takenAt(name) }))
    .filter((b): b is { name: string; at: number } => b.at !== null)
    .sort((a, b) => b.at - a.at || (a.name < b.name ? 1 : -1));
  const kept = new Set(backups.slice(0, Math.max(1, policy.keep)).map((b) => b.name));
  const today = Math.floor(now / DAY_MS);
  const daysSeen = new Set<number>();
  for (const b of backups) {
    const day = Math.floor(b.at / DAY_MS);
    if (today - day >= policy.keepDays || daysSeen.has(day)) continue;
    daysSeen.add(day);
    kept.add(b.name);
  }
  return backups.filter((b) => !kept.has(b.name)).map((b) => b.name);
}

/** Deletes what backupsToPrune names in `dir`; answers the names deleted. */
export async function pruneBackups(dir: string, now: number, policy: RetentionPolicy): Promise<string[]> {
  const doomed = backupsToPrune(await readdir(dir), now, policy);
  for (const name of doomed)
    await unlink(join(dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  return doomed;
}

/** The newest backup in `dir` and when it began, or null (none, or no such folder). */
export async function newestBackup(dir: string): Promise<{ name: string; at: number } | null> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let newest: { name: string; at: number } | null = null;
  for (const name of names) {
    const at = takenAt(name);
    if (at !== null && (!newest || at > newest.at)) newest = { name, at };
  }
  return newest;
}
