import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  cancelBooking,
  confirmBooking,
  getBookingDetail,
  resendBookingLink,
} from "~/server/bookings/booking-admin.server";
import { bookingExpiryJob, expireBookings } from "~/server/bookings/booking-expiry.server";
import {
  bookingsCsv,
  allBookings,
  listBookings,
  parseBookingsQuery,
} from "~/server/bookings/booking-inbox.server";
import { findBookingByLink } from "~/server/bookings/bookings.server";
import { createAdmin } from "~/server/auth/admins.server";
import { getPackageById } from "~/server/catalogue/packages.server";
import type { Db } from "~/server/platform/db.server";
import { JobRunner } from "~/server/platform/jobs.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { recordingMailer } from "../support/recording-mailer";
import { bookOnline } from "../support/bookings";

// The staff side of bookings (decision 118): the inbox's filters and CSV, Confirm / Cancel /
// Resend link with their refusals and events, and the job that expires holds, on both databases.

const SITE = {
  name: "Wanderlux",
  publicUrl: "https://travel.example.com",
  languages: ["en" as const],
};

const book = bookOnline;

async function trip(db: Db, seats: number, start = "2031-06-14") {
  const pkg = await makePackage(db, "trip", {
    title: `Trip ${Math.random().toString(36).slice(2, 8)}`,
    departures: [{ start_date: start, seats_total: seats, price_amount: 2_450_000 }],
  });
  return { pkg, departure: pkg.departures[0]! };
}

const expireHold = (db: Db, reference: string) =>
  sql`update bookings set hold_expires_at = now() - interval '1 minute' where reference = ${reference}`.execute(
    db,
  );

async function statusOf(db: Db, reference: string) {
  return (
    await db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow()
  ).status;
}

async function eventsOf(db: Db, reference: string) {
  return db
    .selectFrom("events")
    .select(["type", "admin_id", "details"])
    .where(sql<string>`details->>'reference'`, "=", reference)
    .orderBy("created_at")
    .orderBy("seq")
    .execute();
}

describe.each(BACKENDS)("bookings in the back office on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("lists newest first, filters by status, trip, dates and search, and pages", async () => {
    const db = t.db();
    const june = await trip(db, 50, "2031-06-14");
    const july = await trip(db, 50, "2031-07-14");
    const a = await book(db, june.departure.id, { lead_name: "Amara Okafor", email: "a@x.org" });
    const b = await book(db, july.departure.id, { lead_name: "Sipho Dube", email: "s@x.org" });
    await sql`update bookings set created_at = now() - interval '1 day' where reference = ${a.reference}`.execute(
      db,
    );
    await sql`update bookings set status = 'confirmed' where reference = ${b.reference}`.execute(
      db,
    );
    const all = await listBookings(db, {});
    expect(all.items.map((i) => i.reference)).toEqual([b.reference, a.reference]);
    expect(all.total).toBe(2);
    const ref = (filter: Parameters<typeof listBookings>[1]) =>
      listBookings(db, filter).then((r) => r.items.map((i) => i.reference));
    expect(await ref({ status: "confirmed" })).toEqual([b.reference]);
    expect(await ref({ packageId: june.pkg.id })).toEqual([a.reference]);
    expect(await ref({ from: "2031-07-01" })).toEqual([b.reference]);
    expect(await ref({ to: "2031-06-14" })).toEqual([a.reference]);
    expect(await ref({ q: a.reference.toLowerCase() })).toEqual([a.reference]);
    expect(await ref({ q: "dube" })).toEqual([b.reference]);
    expect(await ref({ q: "a@x.org" })).toEqual([a.reference]);
    expect(await ref({ q: "%" })).toEqual([]);
    expect((await listBookings(db, {}, 2, 1)).items.map((i) => i.reference)).toEqual([a.reference]);

    const parsed = parseBookingsQuery(
      new URLSearchParams("status=lost&package=x&from=2031-02-30&to=soon&page=0"),
    );
    expect(parsed.filter).toEqual({});
    expect(parsed.page).toBe(1);
    expect(parsed.notices).toEqual([
      'Unknown status "lost": showing every status.',
      "Unknown package filter: showing every package.",
      "From must be a date like 2031-06-14: that filter was ignored.",
      "To must be a date like 2031-06-14: that filter was ignored.",
      'Unknown page "0": showing the first page.',
    ]);
  });

  it("exports CSV with every cell quoted and formula cells neutralised", async () => {
    const db = t.db();
    const { departure } = await trip(db, 10);
    await book(db, departure.id, {
      lead_name: "=HYPERLINK(1)",
      notes: '@SUM(A1), "quoted"',
      phone: "+27 82 555 0101",
    });
    const csv = bookingsCsv(await allBookings(db, {}));
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^"Reference","Created \(UTC\)","Status","Lead name","E-mail"/);
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).toContain(`"'+27 82 555 0101"`);
    expect(csv).toContain(`"'@SUM(A1), ""quoted"""`);
  });

  it("confirms a requested booking with an event naming the admin; other statuses get a 409", async () => {
    const db = t.db();
    const admin = await createAdmin(db, "staff@example.com", "a long enough password");
    const { departure } = await trip(db, 4);
    const r = await book(db, departure.id, { adults: "2" });
    expect(await confirmBooking(db, r.reference, admin.id)).toEqual({
      kind: "done",
      message: `Booking ${r.reference} confirmed.`,
    });
    expect(await statusOf(db, r.reference)).toBe("confirmed");
    const again = await confirmBooking(db, r.reference, admin.id);
    expect(again).toMatchObject({ kind: "refused", status: 409 });
    expect(await eventsOf(db, r.reference)).toEqual([
      expect.objectContaining({ type: "booking.requested", admin_id: null }),
      expect.objectContaining({
        type: "booking.confirmed",
        admin_id: admin.id,
        details: { reference: r.reference, from: "requested", to: "confirmed" },
      }),
    ]);
    expect(await confirmBooking(db, "WLX-ZZZZZZ", admin.id)).toEqual({ kind: "missing" });
    expect(await confirmBooking(db, "nonsense", admin.id)).toEqual({ kind: "missing" });
  });

  it("confirms after the hold expired only while the seats are still free", async () => {
    const db = t.db();
    const admin = await createAdmin(db, "staff@example.com", "a long enough password");
    const { departure } = await trip(db, 3);
    const late = await book(db, departure.id, { adults: "2" });
    await expireHold(db, late.reference);
    // Seats still free: confirmed.
    expect((await confirmBooking(db, late.reference, admin.id)).kind).toBe("done");

    const other = await trip(db, 3);
    const first = await book(db, other.departure.id, { adults: "2" });
    await expireHold(db, first.reference);
    // Someone else took two of the three seats meanwhile.
    await book(db, other.departure.id, { adults: "2" });
    const refused = await confirmBooking(db, first.reference, admin.id);
    expect(refused).toMatchObject({ kind: "refused", status: 409, intent: "confirm" });
    if (refused.kind === "refused") {
      expect(refused.error).toContain("The hold on this booking has expired");
      expect(refused.error).toContain("1 seat is left");
    }
    expect(await statusOf(db, first.reference)).toBe("requested");
  });

  it("cancels an active booking, frees its seats and e-mails the traveller when asked", async () => {
    const db = t.db();
    const admin = await createAdmin(db, "staff@example.com", "a long enough password");
    const { pkg, departure } = await trip(db, 5);
    const r = await book(db, departure.id, { adults: "3" });
    await confirmBooking(db, r.reference, admin.id);
    const left = async () => {
      const d = (await getPackageById(db, "trip", pkg.id))!.departures[0]!;
      return d.seats_total! - d.seats_taken;
    };
    expect(await left()).toBe(2);
    const mailer = recordingMailer();
    const done = await cancelBooking(
      db,
      r.reference,
      { adminId: admin.id, notify: true },
      { mailer, site: SITE },
    );
    expect(done).toEqual({
      kind: "done",
      message: `Booking ${r.reference} cancelled. The traveller was e-mailed.`,
    });
    expect(await left()).toBe(5);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe("thandi@example.com");
    expect(mailer.sent[0]!.subject).toBe(`Booking ${r.reference} cancelled · Wanderlux`);
    const twice = await cancelBooking(
      db,
      r.reference,
      { adminId: admin.id, notify: true },
      { mailer, site: SITE },
    );
    expect(twice).toMatchObject({ kind: "refused", status: 409 });
    expect(mailer.sent).toHaveLength(1);
    const events = await eventsOf(db, r.reference);
    expect(events.map((e) => e.type)).toEqual([
      "booking.requested",
      "booking.confirmed",
      "booking.cancelled",
    ]);
    expect(events[2]).toMatchObject({ admin_id: admin.id, details: { from: "confirmed" } });

    const quiet = await book(db, departure.id);
    const silent = recordingMailer();
    await cancelBooking(
      db,
      quiet.reference,
      { adminId: admin.id, notify: false },
      { mailer: silent, site: SITE },
    );
    expect(silent.sent).toHaveLength(0);
  });

  it("resends the link: a new token, only its hash stored, and the old link stops working", async () => {
    const db = t.db();
    const admin = await createAdmin(db, "staff@example.com", "a long enough password");
    const { departure } = await trip(db, 5);
    const r = await book(db, departure.id);
    const mailer = recordingMailer();
    const done = await resendBookingLink(db, r.reference, admin.id, { mailer, site: SITE });
    expect(done).toEqual({
      kind: "done",
      message: "A new link was e-mailed to thandi@example.com. The old link no longer works.",
    });
    const link = mailer.sent[0]!.link!;
    const token = new URL(link).searchParams.get("token")!;
    expect(link).toBe(`https://travel.example.com/booking/${r.reference}?token=${token}`);
    expect(await findBookingByLink(db, r.reference, r.token)).toBeUndefined();
    expect(await findBookingByLink(db, r.reference, token)).toMatchObject({
      reference: r.reference,
    });
    const row = await db
      .selectFrom("bookings")
      .select("token_hash")
      .where("reference", "=", r.reference)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect((await eventsOf(db, r.reference)).at(-1)).toMatchObject({
      type: "booking.link_resent",
      admin_id: admin.id,
    });
    expect(await resendBookingLink(db, "WLX-ZZZZZZ", admin.id, { mailer, site: SITE })).toEqual({
      kind: "missing",
    });
  });

  it("shows a booking's detail with its history", async () => {
    const db = t.db();
    const { departure } = await trip(db, 5);
    const r = await book(db, departure.id, { adults: "2", other_travellers: "Sipho Mokoena" });
    const detail = await getBookingDetail(db, r.reference);
    expect(detail).toMatchObject({
      reference: r.reference,
      held: true,
      travellerNames: ["Thandi Mokoena", "Sipho Mokoena"],
      history: [expect.objectContaining({ type: "booking.requested", by: null })],
    });
    expect(await getBookingDetail(db, "WLX-ZZZZZZ")).toBeUndefined();
    expect(await getBookingDetail(db, "' or 1=1 --")).toBeUndefined();
  });

  it("the expiry job marks passed holds expired, one event each, and leaves the others", async () => {
    const db = t.db();
    const { departure } = await trip(db, 10);
    const old = await book(db, departure.id);
    const older = await book(db, departure.id);
    const fresh = await book(db, departure.id);
    const confirmed = await book(db, departure.id);
    await sql`update bookings set status = 'confirmed' where reference = ${confirmed.reference}`.execute(
      db,
    );
    for (const ref of [old.reference, older.reference, confirmed.reference])
      await expireHold(db, ref);
    const runner = new JobRunner({ db, tickMs: 60_000 });
    runner.register(bookingExpiryJob());
    await runner.tick();
    await runner.stop();
    expect(await statusOf(db, old.reference)).toBe("expired");
    expect(await statusOf(db, older.reference)).toBe("expired");
    expect(await statusOf(db, fresh.reference)).toBe("requested");
    expect(await statusOf(db, confirmed.reference)).toBe("confirmed");
    const expired = await db
      .selectFrom("events")
      .select(["admin_id", "details"])
      .where("type", "=", "booking.expired")
      .execute();
    expect(expired).toHaveLength(2);
    expect(expired.every((e) => e.admin_id === null)).toBe(true);
    // Nothing left to do: no rows, no events.
    expect(await expireBookings(db, new Date())).toBe(0);
  });
});
