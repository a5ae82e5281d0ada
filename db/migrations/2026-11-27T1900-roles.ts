import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 125: every admin has one role. Everyone who was an admin before had every right, so
// existing admins become Owners; an invitation carries the role it grants (invitations are the
// verifications of type 'invite'; other verifications have none), and the ones already sent keep
// what they promised: Owner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("owner"))
    .execute();
  await sql`alter table admins add constraint admins_role_check
    check (role in ('owner', 'admin', 'editor', 'contributor', 'sales'))`.execute(db);
  await db.schema.alterTable("verifications").addColumn("role", "text").execute();
  await sql`update verifications set role = 'owner' where type = 'invite'`.execute(db);
  await sql`alter table verifications add constraint verifications_role_check
    check (role in ('owner', 'admin', 'editor', 'contributor', 'sales')
      and (role is null or type = 'invite'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("verifications").dropColumn("role").execute();
  await db.schema.alterTable("admins").dropColumn("role").execute();
}
