import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// The receipt of a card payment (to the traveller) and its notice (to the team) are sent by a job
// once the webhook has marked the payment paid (decision 133). The job claims a payment by setting
// receipt_sent_at in the same UPDATE that picks it, so a replayed event, a second tick or a second
// instance never sends them twice. Payments already paid when this runs are marked as sent: their
// receipts are not sent late.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("receipt_sent_at", "timestamptz").execute();
  await sql`update payments set receipt_sent_at = now() where status = 'paid'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("receipt_sent_at").execute();
}
