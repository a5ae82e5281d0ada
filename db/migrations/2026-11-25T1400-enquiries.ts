import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Enquiries from the contact form (stored before any e-mail is tried), and the
// per-address record of accepted submissions that the contact form's rate limit counts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("enquiries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("first_name", "text", (c) =>
      c.notNull().check(sql`length(first_name) between 1 and 100`),
    )
    .addColumn("last_name", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(last_name) <= 100`),
    )
    .addColumn("email", "text", (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn("phone", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(phone) <= 40`),
    )
    .addColumn("travel_dates", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(travel_dates) <= 200`),
    )
    .addColumn("message", "text", (c) => c.notNull().check(sql`length(message) between 1 and 5000`))
    // The trip asked about: the title is kept as it was, so the enquiry still reads after a delete.
    .addColumn("package_id", "uuid", (c) => c.references("packages.id").onDelete("set null"))
    .addColumn("package_title", "text", (c) => c.check(sql`length(package_title) <= 500`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'replied', 'closed')`),
    )
    .addColumn("notes", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(notes) <= 5000`),
    )
    // What became of the notification to the company: shown in the inbox when it failed.
    .addColumn("notify_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`notify_status in ('pending', 'sent', 'off', 'failed')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("enquiries_created_idx")
    .on("enquiries")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("enquiries_status_idx")
    .on("enquiries")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("enquiries_package_idx")
    .on("enquiries")
    .column("package_id")
    .execute();

  await db.schema
    .createTable("enquiry_submissions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("ip", "text", (c) => c.notNull().check(sql`length(ip) <= 100`))
    .addColumn("submitted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("enquiry_submissions_ip_idx")
    .on("enquiry_submissions")
    .columns(["ip", "submitted_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("enquiry_submissions").execute();
  await db.schema.dropTable("enquiries").execute();
}
