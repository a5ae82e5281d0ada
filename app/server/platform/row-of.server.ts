import { sql, type RawBuilder } from "kysely";
import type { DB } from "./db-schema";

/**
 * One row of `table`'s own column types made of plain values, as a table expression for an
 * `insert … select … where` (a row written only when a condition of the same statement holds).
 * The values travel as one jsonb parameter and PostgreSQL types each column as the table does, so
 * no column needs a cast (decision 161). JSON columns take arrays and objects as they are.
 */
export function rowOf<T extends keyof DB & string, R extends object>(
  table: T,
  values: R,
): RawBuilder<R> {
  return sql<R>`jsonb_populate_record(null::${sql.table(table)}, ${JSON.stringify(values)}::jsonb)`;
}

/** The columns such a row writes: its values' own keys, so the list never drifts from them. */
export function columnsOf<R extends object>(values: R): (keyof R & string)[] {
  return Object.keys(values) as (keyof R & string)[];
}
