import { sql, type SelectQueryBuilder } from "kysely";

/**
 * A kind's packages in their admin order, the one order every list shows them in (admin lists,
 * public lists and their filter facts, the order a move rewrites): position, then the newest first
 * among equal positions, then id so that two rows made in the same instant still come out the same
 * way on every read. `alias` names the packages table when the query aliased it (`packages as p`).
 * The public card query (listPublishedCards) spells the same order out itself, as it is being
 * reshaped into a per-kind window; tests/integration/package-order.test.ts holds every reader,
 * it included, to this order.
 */
export function inAdminOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias?: string,
): SelectQueryBuilder<DB, TB, O> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return query
    .orderBy(column("position"))
    .orderBy(column("created_at"), "desc")
    .orderBy(column("id"));
}
