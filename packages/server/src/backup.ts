/**
 * `npm run backup [-- <dir>]`: one backup now, while the server runs, into <dir> or BACKUP_DIR
 * (DATA_DIR/backups), as the scheduled job takes them (backups/take.ts, jobs/backups.ts): SQLite
 * with its online backup API and an integrity check of the copy, PostgreSQL with pg_dump's custom
 * format. Restore either with `npm run restore -- <file>` (restore.ts).
 */
import './node-version.ts';
import { takeBackup } from './backups/take.ts';
import { loadConfig } from './config.ts';

async function main() {
  const config = loadConfig();
  const dir = process.argv[2] ?? config.backups.dir;
  const { file, bytes } = await takeBackup(config.databaseUrl, dir, Date.now());
  const checked = config.databaseUrl.startsWith('sqlite:') ? ' (integrity: ok)' : '';
  console.info(`Backed up ${bytes} bytes to ${file}${checked}.`);
  console.info(`Restore: stop the server, then npm run restore -- ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
