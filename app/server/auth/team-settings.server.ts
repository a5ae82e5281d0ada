import { sql } from "kysely";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { badRequest } from "../platform/errors.server";
import { writeTeamSetting } from "../platform/team-settings-store.server";

/*
 * "Require two-factor for every admin". When on, an admin without two-factor is signed
 * in only to enrol: session.server.ts marks the session (mustEnrol) and auth.server.ts lets it
 * reach the enrolment screen and nothing else, on every way in.
 */

export async function requiresTwoFactor(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("team_settings")
    .select(sql<boolean>`(value #>> '{}')::boolean`.as("on"))
    .where("name", "=", "require_two_factor")
    .executeTakeFirst();
  return row?.on ?? false;
}

export async function setRequireTwoFactor(
  db: Db,
  input: { actorId: string; value: unknown; origin: RequestOrigin },
): Promise<boolean> {
  if (input.value !== "on" && input.value !== "off") throw badRequest("Choose on or off.");
  const on = input.value === "on";
  if (on) {
    const actor = await db
      .selectFrom("admins")
      .select("totp_enabled_at")
      .where("id", "=", input.actorId)
      .executeTakeFirst();
    if (!actor?.totp_enabled_at)
      throw badRequest(
        "Turn on two-factor authentication for your own account first (in Settings).",
      );
  }
  await inTransaction(db, async (trx) => {
    await writeTeamSetting(trx, "require_two_factor", on);
    await recordEvent(trx, {
      type: "team.two_factor_requirement_changed",
      actorId: input.actorId,
      ...input.origin,
      details: { required: on },
    });
  });
  return on;
}
