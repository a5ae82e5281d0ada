import type { Db } from "./db.server";

/*
 * The `team_settings` table holds one JSON value per named setting (two-factor requirement,
 * deposit rule, booking terms, company texts). Each owner module reads its own row its own way;
 * writing one is the same everywhere, so it is here.
 */

/** Stores `value` (as JSON) under `name`, replacing what was there. */
export async function writeTeamSetting(db: Db, name: string, value: unknown): Promise<void> {
  const row = { value: JSON.stringify(value), updated_at: new Date() };
  await db
    .insertInto("team_settings")
    .values({ name, ...row })
    .onConflict((oc) => oc.column("name").doUpdateSet(row))
    .execute();
}
