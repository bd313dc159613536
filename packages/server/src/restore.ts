/**
 * `npm run restore -- <file> [--force]`: puts a backup taken by `npm run backup` or the scheduled
 * job back as DATABASE_URL's data (backups/restore.ts). Stop the server (every instance) first:
 * on SQLite the restore refuses while the database is open, on PostgreSQL while other sessions
 * are connected (--force restores regardless). Exits 1, saying why, when it refuses or fails.
 */
import './node-version.ts';
import { RestoreError, restorePostgres, restoreSqlite } from './backups/restore.ts';
import { loadConfig } from './config.ts';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [file, ...rest] = args.filter((a) => a !== '--force');
  if (!file || rest.length > 0) throw new RestoreError('Usage: npm run restore -- <backup file> [--force]');
  const config = loadConfig();
  if (config.databaseUrl.startsWith('sqlite:')) {
    const dbFile = config.databaseUrl.slice('sqlite:'.length);
    await restoreSqlite(file, dbFile);
    console.info(`Restored ${file} to ${dbFile}. Start the server.`);
  } else {
    await restorePostgres(config.databaseUrl, file, { force });
    console.info(`Restored ${file} into the database. Start the server.`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
