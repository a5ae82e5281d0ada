import { sql, type RawBuilder } from "kysely";
import { TRIMMED_CHARACTERS } from "~/domain/translations";

/**
 * The appearance rule in SQL (decisions 139 and 154), as `appearsIn` in `~/domain/translations`
 * states it in TypeScript: a package appears in a language once its translation there is
 * published and has a title and a description. Blank counts as missing, with JavaScript's idea
 * of blank (`TRIMMED_CHARACTERS`). `alias` names the `package_translations` row in the query
 * ("t"). One fragment for every query that asks, so lists, pages and e-mails cannot disagree.
 */
export function appearsInSql(alias: string): RawBuilder<boolean> {
  const filled = (name: string) =>
    sql`translate(${sql.ref(`${alias}.${name}`)}, ${TRIMMED_CHARACTERS}, '') <> ''`;
  return sql<boolean>`(${sql.ref(`${alias}.published`)} and ${filled("title")} and ${filled("description")})`;
}
