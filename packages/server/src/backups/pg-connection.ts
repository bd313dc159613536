/**
 * How pg_dump and pg_restore reach DATABASE_URL without its password anywhere a stranger could
 * read it: a command line is visible to every user of the machine (ps, /proc/<pid>/cmdline), so
 * the password leaves the URL and travels in the child's environment as PGPASSWORD, which libpq
 * reads (https://www.postgresql.org/docs/current/libpq-envars.html) and only the same user can see.
 */
export interface PgTarget {
  /** The connection URI without a password, for --dbname. */
  dbname: string;
  /** The child's environment: this process's, plus PGPASSWORD when the URL had one. */
  env: NodeJS.ProcessEnv;
}

export function pgTarget(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): PgTarget {
  const url = new URL(databaseUrl);
  // A password may also come as a query parameter (libpq accepts both); either way it moves.
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  return {
    dbname: url.toString(),
    env: password === null || password === '' ? { ...env } : { ...env, PGPASSWORD: password },
  };
}

/** The last lines a failed pg_dump or pg_restore wrote: its reason, never the command line (execFile's message has it). */
export function reasonFrom(err: unknown): string {
  const e = err as { stderr?: string; code?: string | number; killed?: boolean; signal?: string };
  if (e.code === 'ENOENT') return 'not installed (apt-get install postgresql-client)';
  if (e.killed || e.signal) return `stopped (${e.signal ?? 'killed'}): it ran out of time or the server is closing`;
  const stderr = (e.stderr ?? '').trim().split('\n').slice(-3).join(' ');
  return stderr || `exited with code ${e.code ?? 'unknown'}`;
}
