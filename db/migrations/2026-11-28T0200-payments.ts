import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Online payments (decisions 130, 131). Money is an integer of minor units (bigint) with its
// ISO 4217 code. A payment row is written before Stripe is asked for a Checkout Session: it holds
// the amount and currency the session must carry and the idempotency key, so a crash between
// Stripe's answer and our write is recovered by replaying the same key. Its status follows the
// webhook: open → paid (or processing → paid / failed for delayed methods) or expired. Manual
// payments (bank transfer, card on the phone) are rows with method 'manual' and no Stripe ids.
// stripe_events keeps each webhook event id once, so a replayed event changes nothing twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("booking_id", "uuid", (c) =>
      c.notNull().references("bookings.id").onDelete("restrict"),
    )
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('deposit', 'balance', 'full')`),
    )
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('card', 'manual')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('open', 'processing', 'paid', 'failed', 'expired')`),
    )
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("stripe_checkout_session_id", "text", (c) => c.unique())
    .addColumn("stripe_payment_intent_id", "text")
    .addColumn("livemode", "boolean", (c) => c.notNull().defaultTo(false))
    // When an open Checkout Session ends (Stripe's expires_at); the seats are held until then.
    .addColumn("expires_at", "timestamptz")
    .addColumn("paid_at", "timestamptz")
    .addColumn("created_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "payments_card_session_check",
      sql`method <> 'card' or stripe_checkout_session_id is not null or status = 'open'`,
    )
    .execute();
  await db.schema
    .createIndex("payments_booking_idx")
    .on("payments")
    .columns(["booking_id", "created_at"])
    .execute();
  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A booking the team must look at: an event whose amount or currency did not match, a payment
  // for seats that were no longer free. Null while nothing is wrong.
  await db.schema.alterTable("bookings").addColumn("payment_flag", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("payment_flag").execute();
  await db.schema.dropTable("stripe_events").execute();
  await db.schema.dropTable("payments").execute();
}
