/**
 * Named (server-side prepared) statements on PostgreSQL for the queries of a fixed shape
 * (db/prepared.ts). Sent unnamed, every run of a statement is parsed and planned again: on the
 * booking path's statements PostgreSQL spent as long planning as running them (EXPLAIN's
 * planning time against its execution time, docs/decisions/028). Named, each connection
 * parses a statement once and keeps its plan. Only prepared()'s SQL is named: its texts are a
 * fixed set, so the statements a connection keeps are bounded; any other query (an IN list
 * of varying length, a one-off) goes unnamed as before. SQLite keeps its own statement cache
 * (db/database.ts withStatementCache).
 *
 * The same wrapper asks pg for each answer through its callback, not its promise (docs/decisions/037,
 * "the pauses found"): awaited through pg's own promise, every row of every answer outlived the
 * young generation's collection, so each scavenge copied 4-8 MB into the old generation and paused
 * the server 30-55 ms (100+ on a busy machine); through the callback, wrapped in a promise of our
 * own, 0.04 MB and 1-3 ms, the rows dying young as on SQLite. Kysely is the only caller.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';

const names = new Map<string, string>();
/** Far above the few dozen shapes the product runs (insertRows makes one per row count): a bound, not a budget. */
const MAX_NAMED = 1000;

/** Names a fixed-shape query's SQL text (db/prepared.ts calls it once per text and dialect). */
export function nameStatement(sql: string): void {
  if (!names.has(sql) && names.size < MAX_NAMED) names.set(sql, `slotwise_${names.size + 1}`);
}

/**
 * A pg pool whose clients send the named texts as named statements. Each client keeps one
 * wrapper: Kysely keeps its connection object per client it is handed, so a new wrapper on
 * every checkout made it a new connection object every time.
 */
export function namingPool(pool: PostgresPool): PostgresPool {
  const wrapped = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    connect: async () => {
      const client = await pool.connect();
      let named = wrapped.get(client);
      if (!named) {
        named = naming(client);
        wrapped.set(client, named);
      }
      return named;
    },
    end: () => pool.end(),
  };
}

function naming(client: PostgresPoolClient): PostgresPoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return (text: unknown, values?: readonly unknown[]) => {
        // A submittable (Kysely's cursor, for streamed reads) is answered by pg as itself.
        if (typeof text !== 'string') return query(text, values);
        const name = names.get(text);
        const config = name ? { name, text, values } : { text, values };
        return new Promise((resolve, reject) => {
          query(config, (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result)));
        }).catch((err: Error) => {
          // As pg's own promise does: the stack leads back to the caller, not to the socket's read.
          Error.captureStackTrace(err);
          throw err;
        });
      };
    },
  }) as PostgresPoolClient;
}
