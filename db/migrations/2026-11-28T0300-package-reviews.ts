import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 132: review before publishing. A package a Contributor submits is "in review" until an
// Editor (or above) approves it or sends it back with a comment; who submitted it and when are
// kept for the queue, the comment for the Contributor's dashboard.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .addColumn("review_state", "text")
    .addColumn("review_submitted_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("review_submitted_at", "timestamptz")
    .addColumn("review_comment", "text")
    .execute();
  await sql`alter table packages add constraint packages_review_state_check
    check (review_state in ('in_review', 'sent_back'))`.execute(db);
  await sql`alter table packages add constraint packages_review_comment_check
    check (length(review_comment) <= 1000)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .dropColumn("review_comment")
    .dropColumn("review_submitted_at")
    .dropColumn("review_submitted_by")
    .dropColumn("review_state")
    .execute();
}
