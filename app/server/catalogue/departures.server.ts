import { sql, type RawBuilder } from "kysely";
import { SEAT_TAKING_STATUSES } from "~/domain/bookings";
import { parsePriceText } from "~/domain/money";
import type { DepartureInput, DepartureSeats } from "~/domain/schemas";
import type { Db } from "../platform/db.server";
import { AppError } from "../platform/errors.server";

/** The company's currency when nothing else is said (SITE_CURRENCY's default). */
export const DEFAULT_CURRENCY = "ZAR";

/**
 * The seats a departure's bookings take now (decision 118): confirmed and later for good, a
 * request while its hold lasts. `departureId` is a column reference or a value. The booking's
 * own call counts the same way in SQL (wlx_request_booking, decision 165): change both together.
 */
export function seatsTakenSql(departureId: RawBuilder<unknown>) {
  const taking = sql.join(SEAT_TAKING_STATUSES.map((s) => sql.lit(s)));
  return sql<number>`coalesce((
    select sum(b.adults + b.children)::int from bookings b
    where b.departure_id = ${departureId}
      and (b.status in (${taking}) or (b.status = 'requested' and b.hold_expires_at > now()))
  ), 0)`;
}

/**
 * Every departure of these packages, in date order, with the seats their bookings take
 * (decision 115). One query for any number of packages.
 */
export async function departuresOf(
  db: Db,
  packageIds: readonly string[],
): Promise<Map<string, DepartureSeats[]>> {
  const byPackage = new Map<string, DepartureSeats[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .selectFrom("departures as d")
    .select([
      "d.id",
      "d.package_id",
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
      "d.seats_total",
      "d.price_amount",
      "d.currency",
      "d.price_text",
      "d.note",
      "d.guaranteed",
      "d.status_override",
      seatsTakenSql(sql.ref("d.id")).as("seats_taken"),
    ])
    .where("d.package_id", "in", packageIds)
    .orderBy("d.start_date")
    .orderBy("d.end_date")
    .orderBy("d.id")
    .execute();
  for (const { package_id, price_amount, seats_taken, ...row } of rows) {
    const list = byPackage.get(package_id) ?? [];
    list.push({
      ...row,
      price_amount: price_amount === null ? null : Number(price_amount),
      seats_taken: Number(seats_taken),
    });
    byPackage.set(package_id, list);
  }
  return byPackage;
}

/**
 * A departure input settled for storing: the site's currency when none is given, and a price
 * written as text read as an amount when it holds one number (else it stays text).
 */
export function settleDeparture(input: DepartureInput, siteCurrency: string) {
  const currency = input.currency ?? siteCurrency;
  const read =
    input.price_amount === null && input.price_text !== null
      ? parsePriceText(input.price_text, currency)
      : null;
  return {
    start_date: input.start_date,
    end_date: input.end_date,
    seats_total: input.seats_total,
    price_amount: read?.amount ?? input.price_amount,
    currency: read?.currency ?? currency,
    price_text: read || input.price_amount !== null ? null : input.price_text,
    note: input.note,
    guaranteed: input.guaranteed,
    status_override: input.status_override,
  };
}

/**
 * Makes a package's departures exactly `inputs`, inside the caller's transaction: rows with an id
 * of this package are updated in place (their id, and later their bookings, stay), new ones
 * inserted, the rest deleted. An id of another package's departure is refused; an id that exists
 * nowhere (a restored version's deleted date) is inserted under that id.
 */
export async function replaceDepartures(
  trx: Db,
  packageId: string,
  inputs: readonly DepartureInput[],
  siteCurrency: string,
): Promise<void> {
  const current = await trx
    .selectFrom("departures")
    .select("id")
    .where("package_id", "=", packageId)
    .forUpdate()
    .execute();
  const own = new Set(current.map((r) => r.id));
  const given = inputs.map((d) => d.id).filter((id): id is string => id !== null);
  if (new Set(given).size !== given.length) {
    throw new AppError("The same departure is listed twice", 400, {
      departures: ["The same departure is listed twice"],
    });
  }
  const foreign = given.filter((id) => !own.has(id));
  const elsewhere = foreign.length
    ? await trx.selectFrom("departures").select("id").where("id", "in", foreign).execute()
    : [];
  if (elsewhere.length) {
    throw new AppError("A departure id belongs to another package", 400, {
      departures: ["A departure id belongs to another package"],
    });
  }
  const kept = new Set(given.filter((id) => own.has(id)));
  const gone = [...own].filter((id) => !kept.has(id));
  if (gone.length) {
    // A departure with bookings stays (they point at it): close it instead.
    const booked = await trx
      .selectFrom("bookings as b")
      .innerJoin("departures as d", "d.id", "b.departure_id")
      .select(sql<string>`d.start_date::text`.as("start_date"))
      .where("b.departure_id", "in", gone)
      .orderBy("d.start_date")
      .executeTakeFirst();
    if (booked) {
      const message = `The departure of ${booked.start_date} has bookings, so it cannot be removed: set its Availability to Closed instead.`;
      throw new AppError(message, 409, { departures: [message] });
    }
    await trx.deleteFrom("departures").where("id", "in", gone).execute();
  }
  for (const input of inputs) {
    const values = settleDeparture(input, siteCurrency);
    if (input.id !== null && own.has(input.id)) {
      await trx.updateTable("departures").set(values).where("id", "=", input.id).execute();
    } else {
      await trx
        .insertInto("departures")
        .values({ ...values, package_id: packageId, ...(input.id ? { id: input.id } : {}) })
        .execute();
    }
  }
}
