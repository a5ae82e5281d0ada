import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// The staff half of payments (decisions 135, 136).
// - A manual payment (method 'manual') says how it came (bank transfer, card on the phone), the
//   day it was received and a note from the staff member who recorded it.
// - refunds: one row per refund, of one payment, in that payment's currency. A card refund is
//   written ('pending') before Stripe's Refunds API is called, and its id is the idempotency key,
//   so a retry never refunds twice; Stripe's answer and the refund.* webhook set its status and
//   re_… id. A manual refund (money sent back by bank) is recorded 'succeeded' at once.
// - bookings: when each balance reminder went out (14 and 7 days before the balance's due day,
//   once each) and when the booking was flagged for an unpaid balance after that day.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("channel", "text", (c) =>
      c.check(sql`channel is null or channel in ('bank_transfer', 'card_by_phone')`),
    )
    .execute();
  await db.schema.alterTable("payments").addColumn("received_on", "date").execute();
  await db.schema
    .alterTable("payments")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("refunds")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("booking_id", "uuid", (c) =>
      c.notNull().references("bookings.id").onDelete("restrict"),
    )
    .addColumn("payment_id", "uuid", (c) =>
      c.notNull().references("payments.id").onDelete("restrict"),
    )
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('card', 'manual')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'canceled')`),
    )
    .addColumn("stripe_refund_id", "text", (c) => c.unique())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("refunds_booking_idx")
    .on("refunds")
    .columns(["booking_id", "created_at"])
    .execute();
  await db.schema.createIndex("refunds_payment_idx").on("refunds").column("payment_id").execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("balance_reminded_14_at", "timestamptz")
    .execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("balance_reminded_7_at", "timestamptz")
    .execute();
  await db.schema.alterTable("bookings").addColumn("balance_overdue_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("balance_overdue_at").execute();
  await db.schema.alterTable("bookings").dropColumn("balance_reminded_7_at").execute();
  await db.schema.alterTable("bookings").dropColumn("balance_reminded_14_at").execute();
  await db.schema.dropTable("refunds").execute();
  await db.schema.alterTable("payments").dropColumn("note").execute();
  await db.schema.alterTable("payments").dropColumn("received_on").execute();
  await db.schema.alterTable("payments").dropColumn("channel").execute();
}
