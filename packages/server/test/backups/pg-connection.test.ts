/** pg_dump and pg_restore get DATABASE_URL's password in their environment, never on their command line. */
import { describe, expect, it } from 'vitest';
import { pgTarget } from '../../src/backups/pg-connection.ts';

describe('the connection handed to pg_dump and pg_restore', () => {
  it('moves the password from the URL to PGPASSWORD, decoded', () => {
    const { dbname, env } = pgTarget('postgres://app:p%40ss%3Aword@db.internal:5432/slotwise?sslmode=require', {});
    expect(dbname).toBe('postgres://app@db.internal:5432/slotwise?sslmode=require');
    expect(env.PGPASSWORD).toBe('p@ss:word');
  });

  it('moves a password given as a query parameter too', () => {
    const { dbname, env } = pgTarget('postgresql://app@db/slotwise?password=secret&sslmode=verify-full', {});
    expect(dbname).not.toContain('secret');
    expect(dbname).toContain('sslmode=verify-full');
    expect(env.PGPASSWORD).toBe('secret');
  });

  it('leaves the environment as it was without a password (trust, .pgpass, a service file)', () => {
    const { dbname, env } = pgTarget('postgres://root@127.0.0.1:5432/postgres', { PGPASSFILE: '/etc/pgpass' });
    expect(dbname).toBe('postgres://root@127.0.0.1:5432/postgres');
    expect(env).toEqual({ PGPASSFILE: '/etc/pgpass' });
  });
});
