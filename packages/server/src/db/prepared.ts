/**
 * Queries Kysely builds and compiles once per dialect, then runs with each call's values.
 *
 * Building a query through Kysely's builder and compiling it to SQL (every node created,
 * frozen, visited) cost a booking more CPU than SQLite spent running the statements
 * (docs/decisions/010). A booking runs a dozen queries whose shape never changes, only their
 * values. So each of those is written once with Kysely as usual, against stand-ins for its
 * values; the SQL compiled from that is kept, and a call only puts its values where the
 * stand-ins were. The SQL text is then the same string on every call, which also makes
 * the statement cache's lookup cheap (db/database.ts).
 *
 * Only for queries of a fixed shape: a query whose clauses depend on the values (an
 * optional filter) is built the usual way, or written so one shape serves every call.
 */
import {
  type Compilable,
  createQueryId,
  type Insertable,
  type Kysely,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import type { Database } from './schema.ts';
import { nameStatement } from './statement-names.ts';
import type { Tx } from './transaction.ts';

/** Stands for the value named `name`; Kysely compiles it into a parameter like any value. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  sql: string;
  query: RootOperationNode;
  /** Each parameter: the name of a call's value, or a constant written into the query. */
  parameters: readonly unknown[];
  queryId: QueryId;
}

export type PreparedQuery<V, O> = (db: Tx, values: V) => Promise<O[]>;

/**
 * `names` lists every value the query takes; `build` receives them as stand-ins, so
 * `.values(v)` of an insert sees one column per name.
 */
export function prepared<V extends object, O>(
  names: readonly (keyof V & string)[],
  build: (db: Kysely<Database>, values: V) => Compilable<O>,
): PreparedQuery<V, O> {
  const stand = Object.fromEntries(names.map((n) => [n, new Slot(n)])) as unknown as V;
  // By dialect adapter: SQLite and PostgreSQL number their parameters differently.
  const byDialect = new WeakMap<object, Compiled>();

  return async (db, values) => {
    const executor = db.getExecutor();
    let compiled = byDialect.get(executor.adapter);
    if (!compiled) {
      const c = build(db as Kysely<Database>, stand).compile();
      compiled = { sql: c.sql, query: c.query, parameters: c.parameters, queryId: createQueryId() };
      nameStatement(c.sql);
      byDialect.set(executor.adapter, compiled);
    } else {
      // Plugins see every run, not only the one that compiled it (CalendarChanges counts writes).
      executor.transformQuery(compiled.query, compiled.queryId);
    }
    const parameters = compiled.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      const value = (values as Record<string, unknown>)[p.name];
      if (value === undefined) throw new Error(`prepared query: no value for "${p.name}"`);
      return value;
    });
    const result = await db.executeQuery<O>({ ...compiled, parameters });
    return result.rows;
  };
}

interface PreparedInsert {
  run: PreparedQuery<Record<string, unknown>, unknown>;
  /** names[i][j]: the value name of row i, column j. */
  names: string[][];
}
const inserts = new Map<string, PreparedInsert>();

/**
 * Inserts rows through a prepared insert for their table, columns and count, in one
 * statement. Columns whose value is undefined are left out, as Kysely's `.values()`
 * leaves them out; every row must leave out the same ones.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Tx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.keys(first).filter((c) => first[c] !== undefined);
  const shape = `${table}(${columns.join(',')})x${rows.length}`;
  let insert = inserts.get(shape);
  if (!insert) {
    const names = rows.map((_, i) => columns.map((c) => `${i}.${c}`));
    const run = prepared<Record<string, unknown>, unknown>(names.flat(), (kysely, values) =>
      kysely
        .insertInto(table)
        .values(names.map((row) => Object.fromEntries(row.map((name, j) => [columns[j], values[name]]))) as never),
    );
    insert = { run, names };
    inserts.set(shape, insert);
  }
  const values: Record<string, unknown> = {};
  for (const [i, row] of rows.entries()) {
    const names = insert.names[i]!;
    for (const [j, c] of columns.entries()) values[names[j]!] = (row as Record<string, unknown>)[c];
  }
  await insert.run(db, values);
}

/** One row: insertRows of one. */
export function insertRow<T extends keyof Database & string>(
  db: Tx,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  return insertRows(db, table, [row]);
}
