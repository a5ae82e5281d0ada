import { sql } from "kysely";
import type { Db } from "../platform/db.server";
import type { Env } from "../platform/env.server";

/*
 * The start banner's word on signing in. It used to mislead newcomers: it told a site that had
 * admins to create one, and said "sign in with ADMIN_PASSWORD" when that password had been ignored
 * because the admin already existed.
 */

/** `startedMs` ago or earlier, by the database's clock: an admin that existed before this start. */
export async function adminSignInHint(
  db: Db,
  env: Pick<Env, "ADMIN_EMAIL">,
  startedMs: number,
): Promise<string> {
  const seconds = Math.max(0, (Date.now() - startedMs) / 1000) + 1;
  const rows = await db
    .selectFrom("admins")
    .select([
      "email",
      sql<boolean>`created_at < now() - make_interval(secs => ${seconds})`.as("before_start"),
    ])
    .execute();
  const wanted = env.ADMIN_EMAIL?.toLowerCase();
  if (wanted) {
    const admin = rows.find((r) => r.email.toLowerCase() === wanted);
    if (admin?.before_start)
      return `(sign in as ${env.ADMIN_EMAIL} with its current password: it already existed, so ADMIN_PASSWORD was not applied)`;
    return `(sign in as ${env.ADMIN_EMAIL} with ADMIN_PASSWORD)`;
  }
  if (rows.length > 0)
    return `(sign in with an existing admin's e-mail and password: ${rows.length} admin${rows.length === 1 ? "" : "s"})`;
  return "(create an admin with ADMIN_EMAIL + ADMIN_PASSWORD, or `npm run admin -- create <email>`)";
}
