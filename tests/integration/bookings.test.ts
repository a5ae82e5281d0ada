import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { BookingRequest } from "~/domain/booking-schema";
import { bookingRequest } from "../support/bookings";
import { BOOKING_MESSAGES } from "~/domain/bookings";
import { todayIn } from "~/domain/trip-facts";
import {
  findBookingByLink,
  joinWaitlist,
  requestBooking,
  type BookingOutcome,
} from "~/server/bookings/bookings.server";
import { getPackageById, setPackageStatus } from "~/server/catalogue/packages.server";
import type { Db } from "~/server/platform/db.server";
import type { FormChecks } from "~/server/leads/form-checks.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";

// Booking a date (decision 118): the seat rule, holds, refusals and the private link, on both
// databases; the concurrency cases are the proof that no seat is ever sold twice.

const TODAY = todayIn("Africa/Johannesburg");
const OPTIONS = { source: "online" as const, holdHours: 48, today: TODAY };

function request(overrides: Record<string, string> = {}): BookingRequest {
  return bookingRequest(overrides);
}

async function departureWith(db: Db, seats: number | null, amount: number | null = 2_450_000) {
  const pkg = await makePackage(db, "trip", {
    title: `Seats ${Math.random().toString(36).slice(2, 8)}`,
    departures: [{ start_date: "2031-06-14", seats_total: seats, price_amount: amount }],
  });
  return { pkg, departure: pkg.departures[0]! };
}

async function seatsLeft(db: Db, kind: "trip", id: string): Promise<number | null> {
  const pkg = (await getPackageById(db, kind, id))!;
  const d = pkg.departures[0]!;
  return d.seats_total === null ? null : d.seats_total - d.seats_taken;
}

const booked = (outcomes: BookingOutcome[]) => outcomes.filter((o) => o.kind === "booked");

describe.each(BACKENDS)("bookings on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("holds the seats at once, with a reference and a private link; seats left follow", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 10);
    const outcome = await requestBooking(
      db,
      departure.id,
      request({ adults: "2", children: "1" }),
      OPTIONS,
    );
    expect(outcome.kind).toBe("booked");
    if (outcome.kind !== "booked") return;
    const { receipt } = outcome;
    expect(receipt.reference).toMatch(/^WLX-[2-9A-HJKMNP-Z]{6}$/);
    expect(receipt.total).toBe("R\u00a073,500");
    expect(receipt.status).toBe("requested");
    const hold = new Date(receipt.holdExpiresAt!).getTime() - Date.now();
    expect(hold).toBeGreaterThan(47.9 * 3_600_000);
    expect(hold).toBeLessThan(48.1 * 3_600_000);
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(7);
    const row = await db
      .selectFrom("bookings")
      .select(["token_hash", "traveller_names", "total_amount"])
      .executeTakeFirstOrThrow();
    // Only a hash of the link's secret is stored.
    expect(row.token_hash).not.toContain(receipt.token);
    expect(row.traveller_names).toEqual(["Thandi Mokoena", "", ""]);
    expect(Number(row.total_amount)).toBe(7_350_000);

    const view = await findBookingByLink(db, receipt.reference, receipt.token);
    expect(view).toMatchObject({ reference: receipt.reference, status: "requested", adults: 2 });
    // A wrong token, another booking's token or a made-up reference: nothing.
    expect(await findBookingByLink(db, receipt.reference, "x".repeat(43))).toBeUndefined();
    const other = await requestBooking(db, departure.id, request(), OPTIONS);
    if (other.kind !== "booked") throw new Error("second booking refused");
    expect(await findBookingByLink(db, receipt.reference, other.receipt.token)).toBeUndefined();
    expect(await findBookingByLink(db, "WLX-ZZZZZZ", receipt.token)).toBeUndefined();
    expect(await findBookingByLink(db, "nonsense", receipt.token)).toBeUndefined();
  });

  it("refuses more seats than are left, with the number left, and stores nothing", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 3);
    await requestBooking(db, departure.id, request({ adults: "2" }), OPTIONS);
    const refused = await requestBooking(db, departure.id, request({ adults: "2" }), OPTIONS);
    expect(refused).toEqual({ kind: "no_seats", left: 1 });
    expect(BOOKING_MESSAGES.notSeats(1)).toContain("Only 1 seat is left");
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(1);
    // The booking and its event are written by one statement only when the seats are there
    // (decision 161): the refusal left neither.
    const count = await db
      .selectNoFrom([
        sql<number>`(select count(*)::int from bookings)`.as("bookings"),
        sql<number>`(select count(*)::int from events where type = 'booking.requested')`.as(
          "events",
        ),
      ])
      .executeTakeFirstOrThrow();
    expect(count).toEqual({ bookings: 1, events: 1 });
  });

  it("refuses a date that is unknown, malformed, past, unpublished, closed, or without seats or a price", async () => {
    const db = t.db();
    const ok = request();
    expect(await requestBooking(db, "not-a-uuid", ok, OPTIONS)).toEqual({ kind: "unavailable" });
    expect(await requestBooking(db, "6b0b3f1e-2b8c-4f7e-9c61-0c6d2b9a1f00", ok, OPTIONS)).toEqual({
      kind: "unavailable",
    });
    const past = await departureWith(db, 10);
    expect(
      await requestBooking(db, past.departure.id, ok, { ...OPTIONS, today: "2031-06-15" }),
    ).toEqual({ kind: "unavailable" });
    const draft = await departureWith(db, 10);
    await setPackageStatus(db, "trip", draft.pkg.id, "draft");
    expect(await requestBooking(db, draft.departure.id, ok, OPTIONS)).toEqual({
      kind: "unavailable",
    });
    const closed = await departureWith(db, 10);
    await db
      .updateTable("departures")
      .set({ status_override: "sold_out" })
      .where("id", "=", closed.departure.id)
      .execute();
    expect(await requestBooking(db, closed.departure.id, ok, OPTIONS)).toEqual({
      kind: "unavailable",
    });
    const onRequest = await departureWith(db, null);
    expect(await requestBooking(db, onRequest.departure.id, ok, OPTIONS)).toEqual({
      kind: "unavailable",
    });
    const noPrice = await departureWith(db, 10, null);
    expect(await requestBooking(db, noPrice.departure.id, ok, OPTIONS)).toEqual({
      kind: "unavailable",
    });
    const none = await db.selectFrom("bookings").select("id").execute();
    expect(none).toEqual([]);
  });

  it("refuses a form read at another price, saying the new one", async () => {
    const db = t.db();
    const { departure } = await departureWith(db, 10);
    const stale = request({ seen_amount: "2000000" });
    expect(await requestBooking(db, departure.id, stale, OPTIONS)).toEqual({
      kind: "price_changed",
      price: "R\u00a024,500",
      // The amount itself, for a form in another language to format (decision 149).
      amount: 2_450_000,
      currency: "ZAR",
    });
    const fresh = request({ seen_amount: "2450000" });
    expect((await requestBooking(db, departure.id, fresh, OPTIONS)).kind).toBe("booked");
  });

  it("frees the seats of a hold that has run out, and counts confirmed ones for good", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 4);
    await requestBooking(db, departure.id, request({ adults: "3" }), OPTIONS);
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(1);
    await db
      .updateTable("bookings")
      .set({ hold_expires_at: sql<Date>`now() - interval '1 minute'` })
      .execute();
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(4);
    await db.updateTable("bookings").set({ status: "confirmed" }).execute();
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(1);
    await db.updateTable("bookings").set({ status: "cancelled" }).execute();
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(4);
  });

  it("a fault in the middle leaves no booking and no held seat", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 5);
    // A name the table refuses (over its 200 characters) fails the insert inside the transaction.
    const tooLong = { ...request(), lead_name: "x".repeat(300) };
    await expect(requestBooking(db, departure.id, tooLong, OPTIONS)).rejects.toThrow();
    expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(5);
  });

  it("the form's checks run in the booking's one call: kept when booked, undone when refused", async () => {
    const db = t.db();
    const { departure } = await departureWith(db, 3);
    const checks = (hash: string, perWindow = 10): FormChecks => ({
      token_hash: hash,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      subject: "198.51.100.7",
      window_seconds: 3_600,
      per_window: perWindow,
    });
    const spent = async () => ({
      tokens: (await db.selectFrom("contact_form_tokens").select("token_hash").execute()).map(
        (r) => r.token_hash,
      ),
      slots: (await db.selectFrom("enquiry_submissions").select("ip").execute()).length,
    });
    // Booked: the token is spent and the address's slot taken.
    const booked = await requestBooking(db, departure.id, request({ adults: "2" }), {
      ...OPTIONS,
      checks: checks("a".repeat(64)),
    });
    expect(booked.kind).toBe("booked");
    expect(await spent()).toEqual({ tokens: ["a".repeat(64)], slots: 1 });
    // The same token again: refused as used before the departure is even looked at.
    const again = await requestBooking(db, departure.id, request(), {
      ...OPTIONS,
      checks: checks("a".repeat(64)),
    });
    expect(again).toEqual({ kind: "guarded", refusal: { token: "used" } });
    // Too few seats after the checks passed: what they wrote is undone with the refusal.
    const short = await requestBooking(db, departure.id, request({ adults: "2" }), {
      ...OPTIONS,
      checks: checks("b".repeat(64)),
    });
    expect(short).toEqual({ kind: "no_seats", left: 1 });
    expect(await spent()).toEqual({ tokens: ["a".repeat(64)], slots: 1 });
    // Over the address's limit: refused with the wait, and that refusal keeps the spent token.
    const limited = await requestBooking(db, departure.id, request(), {
      ...OPTIONS,
      checks: checks("c".repeat(64), 1),
    });
    expect(limited.kind).toBe("guarded");
    if (limited.kind !== "guarded") return;
    expect(limited.refusal).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect((await spent()).tokens.sort()).toEqual(["a".repeat(64), "c".repeat(64)]);
    expect(await db.selectFrom("bookings").select("id").execute()).toHaveLength(1);
  });

  it("runs in a transaction of its own, and refuses to start inside a caller's", async () => {
    const db = t.db();
    const { departure } = await departureWith(db, 3);
    await expect(
      db.transaction().execute((trx) => requestBooking(trx, departure.id, request(), OPTIONS)),
    ).rejects.toThrow("requestBooking runs in a transaction of its own");
    expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  it("a departure with bookings cannot be removed from its package; closing it is offered", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 5);
    await requestBooking(db, departure.id, request(), OPTIONS);
    const { updatePackage } = await import("~/server/catalogue/packages.server");
    const { packageInput } = await import("../support/factories");
    await expect(
      updatePackage(db, "trip", pkg.id, packageInput("trip", { title: pkg.title, departures: [] })),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("set its Availability to Closed instead"),
    });
    expect((await getPackageById(db, "trip", pkg.id))!.departures).toHaveLength(1);
  });

  it("puts travellers on the waiting list of a full or closed date, taking no seat", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 2);
    const asked = { name: "Lindiwe Zulu", email: "lindiwe@example.com", travellers: 2 };
    // Seats left: the traveller should book instead.
    expect(await joinWaitlist(db, departure.id, asked, OPTIONS)).toEqual({
      kind: "seats_free",
      left: 2,
    });
    await requestBooking(db, departure.id, request({ adults: "2" }), OPTIONS);
    const joined = await joinWaitlist(db, departure.id, asked, OPTIONS);
    expect(joined.kind).toBe("waitlisted");
    if (joined.kind !== "waitlisted") return;
    expect(joined.receipt.reference).toMatch(/^WLX-/);
    const row = await db
      .selectFrom("bookings")
      .selectAll()
      .where("reference", "=", joined.receipt.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "waitlisted", adults: 2, hold_expires_at: null });
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(0);
    const view = await findBookingByLink(db, joined.receipt.reference, joined.receipt.token);
    expect(view?.status).toBe("waitlisted");
    // A date closed by hand takes a waiting list too; an unknown one does not.
    const closed = await departureWith(db, 10);
    await db
      .updateTable("departures")
      .set({ status_override: "sold_out" })
      .where("id", "=", closed.departure.id)
      .execute();
    expect((await joinWaitlist(db, closed.departure.id, asked, OPTIONS)).kind).toBe("waitlisted");
    expect(await joinWaitlist(db, "6b0b3f1e-2b8c-4f7e-9c61-0c6d2b9a1f00", asked, OPTIONS)).toEqual({
      kind: "unavailable",
    });
  });

  it("50 simultaneous bookings for the last seat: exactly one holds it", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 1);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        requestBooking(db, departure.id, request({ email: `t${i}@example.com` }), OPTIONS),
      ),
    );
    expect(booked(outcomes)).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "no_seats")).toHaveLength(49);
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(0);
  }, 60_000);

  it("200 simultaneous bookings of 1 to 3 seats on 40 seats never take more than 40", async () => {
    const db = t.db();
    const { pkg, departure } = await departureWith(db, 40);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        requestBooking(db, departure.id, request({ adults: String((i % 3) + 1) }), OPTIONS),
      ),
    );
    const rows = await db.selectFrom("bookings").select(["adults", "children"]).execute();
    const taken = rows.reduce((sum, r) => sum + r.adults + r.children, 0);
    expect(taken).toBeLessThanOrEqual(40);
    // Full or within one booking of full: refusals only once too few were left.
    expect(taken).toBeGreaterThanOrEqual(38);
    expect(booked(outcomes)).toHaveLength(rows.length);
    expect(await seatsLeft(db, "trip", pkg.id)).toBe(40 - taken);
  }, 120_000);
});
