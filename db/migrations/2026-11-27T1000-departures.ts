import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Departures become rows (decision 115): each date its own id, seats (null: on request), a price
// as whole minor units with an ISO 4217 currency, a note, a guaranteed flag and a status set by
// hand only to close a date or mark it limited. The jsonb list on packages is converted, keeping
// every date, note and status; a price the migration cannot read as one number stays as text.

interface OldDeparture {
  start_date?: unknown;
  end_date?: unknown;
  price?: unknown;
  status?: unknown;
  note?: unknown;
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

function siteCurrency(): string {
  const code = process.env.SITE_CURRENCY?.trim().toUpperCase() ?? "";
  return /^[A-Z]{3}$/.test(code) ? code : "ZAR";
}

/** "From R 24 500 pp" → 2450000 ZAR; null unless the text holds exactly one number. */
function readPrice(value: string, fallback: string): { amount: number; currency: string } | null {
  const numbers = value.match(/\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?/g);
  if (!numbers || numbers.length !== 1) return null;
  const currency = /\bZAR\b|(?:^|[^A-Za-z])R\s?\d/.test(value)
    ? "ZAR"
    : /\bUSD\b|US\$|\$/.test(value)
      ? "USD"
      : /\bEUR\b|€/.test(value)
        ? "EUR"
        : /\bGBP\b|£/.test(value)
          ? "GBP"
          : fallback;
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  const [whole = "0", fraction = ""] = (numbers[0] ?? "")
    .replace(/[ ,\u00a0\u202f]/g, "")
    .split(".");
  if (fraction.length > (digits ?? 2)) return null;
  const amount = Number(`${whole}${fraction.padEnd(digits ?? 2, "0")}`);
  return Number.isSafeInteger(amount) && amount <= 1_000_000_000_000 ? { amount, currency } : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("departures")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("package_id", "uuid", (c) =>
      c.notNull().references("packages.id").onDelete("cascade"),
    )
    .addColumn("start_date", "date", (c) => c.notNull())
    .addColumn("end_date", "date")
    .addColumn("seats_total", "integer", (c) => c.check(sql`seats_total between 1 and 999`))
    .addColumn("price_amount", "bigint", (c) =>
      c.check(sql`price_amount between 0 and 1000000000000`),
    )
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("price_text", "text", (c) => c.check(sql`char_length(price_text) <= 200`))
    .addColumn("note", "text", (c) => c.check(sql`char_length(note) <= 200`))
    .addColumn("guaranteed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("status_override", "text", (c) =>
      c.check(sql`status_override in ('limited', 'sold_out')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("departures_dates_check", sql`end_date is null or end_date >= start_date`)
    .execute();
  // Departures reach public pages: a committed change empties the page cache, as for packages.
  await sql`
    create trigger departures_content_changed
    after insert or update or delete or truncate on departures
    for each statement execute function wlx_content_changed()
  `.execute(db);
  await db.schema
    .createIndex("departures_package_start_idx")
    .on("departures")
    .columns(["package_id", "start_date"])
    .execute();

  const fallback = siteCurrency();
  const packages = await db.selectFrom("packages").select(["id", "price", "departures"]).execute();
  for (const pkg of packages) {
    const list: OldDeparture[] = Array.isArray(pkg.departures) ? pkg.departures : [];
    const rows = list
      .filter((d) => typeof d.start_date === "string" && DATE.test(d.start_date))
      .map((d) => {
        const own = text(d.price);
        // A departure without its own fare showed the package's price: read that one.
        const price = readPrice(own ?? String(pkg.price ?? ""), fallback);
        const end = typeof d.end_date === "string" && DATE.test(d.end_date) ? d.end_date : null;
        return {
          package_id: pkg.id,
          start_date: d.start_date as string,
          end_date: end !== null && end >= (d.start_date as string) ? end : null,
          seats_total: null,
          price_amount: price?.amount ?? null,
          currency: price?.currency ?? fallback,
          price_text: price ? null : own ? own.slice(0, 200) : null,
          note: text(d.note)?.slice(0, 200) ?? null,
          guaranteed: d.status === "guaranteed",
          status_override: d.status === "limited" || d.status === "sold_out" ? d.status : null,
        };
      });
    if (rows.length) await db.insertInto("departures").values(rows).execute();
  }
  await db.schema.alterTable("packages").dropColumn("departures").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .addColumn("departures", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  const rows = await db
    .selectFrom("departures")
    .select([
      "package_id",
      sql<string>`start_date::text`.as("start_date"),
      sql<string | null>`end_date::text`.as("end_date"),
      sql<string | null>`price_amount::text`.as("price_amount"),
      "currency",
      "price_text",
      "note",
      "guaranteed",
      "status_override",
    ])
    .orderBy("start_date")
    .execute();
  const byPackage = new Map<string, unknown[]>();
  for (const d of rows) {
    const digits =
      new Intl.NumberFormat("en", { style: "currency", currency: d.currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const minor: string | null = d.price_amount;
    const amount =
      minor === null
        ? null
        : digits === 0
          ? minor
          : `${minor.padStart(digits + 1, "0").slice(0, -digits)}.${minor.padStart(digits + 1, "0").slice(-digits)}`;
    const list = byPackage.get(d.package_id) ?? [];
    list.push({
      start_date: d.start_date,
      end_date: d.end_date,
      price: d.price_text ?? (amount === null ? null : `${d.currency} ${amount}`),
      status: d.status_override ?? (d.guaranteed ? "guaranteed" : "available"),
      note: d.note,
    });
    byPackage.set(d.package_id, list);
  }
  for (const [id, list] of byPackage) {
    await db
      .updateTable("packages")
      .set({ departures: JSON.stringify(list) })
      .where("id", "=", id)
      .execute();
  }
  await db.schema.dropTable("departures").execute();
}
