import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { todayIn } from "~/domain/trip-facts";
import {
  anonymiseOldBookings,
  bookingOperationJobs,
  closeDepartedWaitlists,
  reminderLeadMs,
  remindEndingHolds,
} from "~/server/bookings/booking-jobs.server";
import { findBookingByLink, joinWaitlist } from "~/server/bookings/bookings.server";
import { getDepartureManifest, manifestCsv } from "~/server/bookings/manifest.server";
import { offerWaitlistSeat } from "~/server/bookings/waitlist.server";
import { createAdmin } from "~/server/auth/admins.server";
import type { Db } from "~/server/platform/db.server";
import { JobRunner } from "~/server/platform/jobs.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { recordingMailer } from "../support/recording-mailer";
import { bookOnline } from "../support/bookings";

// Booking operations (decision 121): a departure's manifest and its CSV, offering a waiting-list
// place freed seats (refused when too few are free, and under concurrency), the hold reminder
// (once per booking), closing departed dates' waiting lists, and booking retention, on both
// databases.

const ZONE = "Africa/Johannesburg";
const TODAY = todayIn(ZONE);
const SITE = {
  name: "Wanderlux",
  publicUrl: "https://travel.example.com",
  timeZone: ZONE,
  languages: ["en" as const],
};
const HOUR = 3_600_000;

const book = bookOnline;

async function waitlist(db: Db, departureId: string, name: string, travellers = 1) {
  const outcome = await joinWaitlist(
    db,
    departureId,
    { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, travellers },
    { source: "online", today: TODAY },
  );
  if (outcome.kind !== "waitlisted") throw new Error(`not waitlisted: ${outcome.kind}`);
  return outcome.receipt;
}

async function trip(db: Db, seats: number | null, start = "2031-06-14", end = "2031-06-20") {
  const pkg = await makePackage(db, "trip", {
    title: `Trip ${Math.random().toString(36).slice(2, 8)}`,
    departures: [{ start_date: start, end_date: end, seats_total: seats, price_amount: 2_450_000 }],
  });
  return { pkg, departure: pkg.departures[0]! };
}

const setStatus = (db: Db, reference: string, status: string) =>
  sql`update bookings set status = ${status} where reference = ${reference}`.execute(db);

async function row(db: Db, reference: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
}

async function eventTypes(db: Db, reference: string) {
  const rows = await db
    .selectFrom("events")
    .select(["type", "admin_id", "details"])
    .where(sql<string>`details->>'reference'`, "=", reference)
    .orderBy("created_at")
    .orderBy("seq")
    .execute();
  return rows;
}

const manifestOf = (db: Db, id: string) => getDepartureManifest(db, id, { today: TODAY });

describe.each(BACKENDS)("booking operations on %s", (backend) => {
  const t = useTestDatabase(backend);
  const adminOf = async (db: Db) =>
    (
      await createAdmin(
        db,
        `ops-${Math.random().toString(36).slice(2, 8)}@example.com`,
        "a-long-password-1",
      )
    ).id;

  it("the manifest counts seats held, confirmed and left, lists travellers and the waiting list", async () => {
    const db = t.db();
    const { departure } = await trip(db, 6);
    const a = await book(db, departure.id, {
      adults: "2",
      lead_name: "Amara Okafor",
      email: "amara@example.org",
      other_travellers: "Chidi Okafor",
    });
    const b = await book(db, departure.id, { adults: "1", children: "1", lead_name: "Sipho Dube" });
    const c = await book(db, departure.id, { lead_name: "Lapsed Hold" });
    const d = await book(db, departure.id, { lead_name: "Gone Away" });
    await setStatus(db, a.reference, "confirmed");
    await sql`update bookings set hold_expires_at = now() - interval '1 minute' where reference = ${c.reference}`.execute(
      db,
    );
    await setStatus(db, d.reference, "cancelled");

    const m = (await manifestOf(db, departure.id))!;
    expect(m).toMatchObject({
      seatsTotal: 6,
      seatsConfirmed: 2,
      seatsHeld: 2,
      seatsLeft: 2,
      status: "limited",
      closedCount: 1,
      startDate: "2031-06-14",
      endDate: "2031-06-20",
    });
    // Listed in the order they were made; a lapsed hold is listed without a hold time.
    expect(m.bookings.map((x) => x.reference)).toEqual([a.reference, b.reference, c.reference]);
    expect(m.bookings[0]).toMatchObject({
      leadName: "Amara Okafor",
      email: "amara@example.org",
      phone: "+27 82 555 0101",
      travellerNames: ["Amara Okafor", "Chidi Okafor"],
      status: "confirmed",
      total: expect.stringMatching(/^R\s49,000$/),
    });
    // One line per traveller: a name not given yet is an empty one.
    expect(m.bookings[1]!.travellerNames).toEqual(["Sipho Dube", ""]);
    expect(m.bookings[1]!.holdExpiresAt).toBeInstanceOf(Date);
    // A confirmed booking shows no hold, though its row still has the time it had.
    expect(m.bookings[0]!.holdExpiresAt).toBeNull();
    expect(m.bookings[2]!.holdExpiresAt).toBeNull();
    expect(m.waitlist).toEqual([]);

    // Full: a waiting list, oldest first.
    await book(db, departure.id, { adults: "2", lead_name: "Last Two" });
    const w1 = await waitlist(db, departure.id, "Wanjiru Kamau", 2);
    const w2 = await waitlist(db, departure.id, "Kofi Mensah", 1);
    const full = (await manifestOf(db, departure.id))!;
    expect(full).toMatchObject({ seatsLeft: 0, status: "sold_out" });
    expect(full.waitlist.map((w) => [w.reference, w.name, w.travellers])).toEqual([
      [w1.reference, "Wanjiru Kamau", 2],
      [w2.reference, "Kofi Mensah", 1],
    ]);

    // Unknown and malformed ids are no manifest (the route answers 404).
    expect(await manifestOf(db, "6b0b3f1e-2b8c-4f7e-9c61-0c6d2b9a1f00")).toBeUndefined();
    expect(await manifestOf(db, "not-a-uuid")).toBeUndefined();
    expect(await manifestOf(db, "' or 1=1 --")).toBeUndefined();
  });

  it("a departure on request shows no seat counts to sell", async () => {
    const db = t.db();
    const { departure } = await trip(db, null);
    expect(await manifestOf(db, departure.id)).toMatchObject({
      seatsTotal: null,
      seatsLeft: null,
      seatsHeld: 0,
      seatsConfirmed: 0,
      bookings: [],
    });
  });

  it("exports the manifest as CSV: a line per traveller, then the waiting list, formula cells neutralised", async () => {
    const db = t.db();
    const { departure } = await trip(db, 3);
    await book(db, departure.id, {
      adults: "2",
      lead_name: "=HYPERLINK(1)",
      other_travellers: "+SUM(A1)",
      notes: '@cmd, "quoted"',
    });
    await book(db, departure.id, { lead_name: "Sipho Dube" });
    await waitlist(db, departure.id, "-Minus Person", 1);
    const csv = manifestCsv((await manifestOf(db, departure.id))!);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Reference","Status","Traveller","Traveller no.","Lead traveller","E-mail","Phone","Country","Adults","Children","Total","Hold expires (UTC)","Notes"',
    );
    expect(lines).toHaveLength(1 + 3 + 1 + 1); // header, 3 travellers, 1 waiting, final CRLF
    expect(lines[1]).toContain(`"'=HYPERLINK(1)","1","'=HYPERLINK(1)"`);
    expect(lines[1]).toContain(`"'@cmd, ""quoted"""`);
    expect(lines[2]).toContain(`"'+SUM(A1)","2","'=HYPERLINK(1)"`);
    expect(lines[3]).toContain('"Sipho Dube","1","Sipho Dube"');
    expect(lines[4]).toMatch(/^"WLX-[A-Z0-9]{6}","Waitlisted","'-Minus Person","1"/);
    expect(lines[5]).toBe("");
  });

  it("offers a freed seat: the waiting place holds its seats as a request and is e-mailed a link", async () => {
    const db = t.db();
    const adminId = await adminOf(db);
    const { departure } = await trip(db, 2);
    const a = await book(db, departure.id, { adults: "2" });
    const w = await waitlist(db, departure.id, "Wanjiru Kamau", 2);
    const mailer = recordingMailer();
    const options = { holdHours: 24, today: TODAY, mailer, site: SITE };

    // Full: refused with the reason, nothing changed, nothing sent.
    expect(
      await offerWaitlistSeat(
        db,
        { departureId: departure.id, reference: w.reference, adminId },
        options,
      ),
    ).toEqual({
      kind: "refused",
      error: `Not enough seats are free to offer ${w.reference}: no seat is free and 2 travellers wait. Nothing was offered.`,
    });
    expect((await row(db, w.reference)).status).toBe("waitlisted");
    expect(mailer.sent).toHaveLength(0);

    // One seat free for two travellers: still refused.
    await sql`update bookings set adults = 1 where reference = ${a.reference}`.execute(db);
    expect(
      await offerWaitlistSeat(
        db,
        { departureId: departure.id, reference: w.reference, adminId },
        options,
      ),
    ).toMatchObject({
      kind: "refused",
      error: expect.stringContaining("1 seat is free and 2 travellers wait"),
    });

    await setStatus(db, a.reference, "cancelled");
    const before = Date.now();
    const offered = await offerWaitlistSeat(
      db,
      { departureId: departure.id, reference: w.reference, adminId },
      options,
    );
    expect(offered).toEqual({
      kind: "offered",
      message: `2 seats are held for ${w.reference}. wanjiru@example.org was e-mailed a link to the booking.`,
    });
    const held = await row(db, w.reference);
    expect(held).toMatchObject({ status: "requested", total_amount: "4900000", currency: "ZAR" });
    const holdMs = new Date(held.hold_expires_at!).getTime() - before;
    expect(holdMs).toBeGreaterThan(23.9 * HOUR);
    expect(holdMs).toBeLessThan(24.1 * HOUR);
    expect((await manifestOf(db, departure.id))!).toMatchObject({ seatsHeld: 2, seatsLeft: 0 });

    // The e-mail's link opens the booking; the waiting list's old link no longer does.
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail.to).toBe("wanjiru@example.org");
    expect(mail.subject).toContain("A seat came free");
    expect(mail.text).toContain("holding them for you until");
    const link = new URL(mail.link!);
    expect(link.pathname).toBe(`/booking/${w.reference}`);
    expect(await findBookingByLink(db, w.reference, link.searchParams.get("token")!)).toMatchObject(
      { status: "requested", total: expect.stringMatching(/^R\s49,000$/) },
    );
    expect(await findBookingByLink(db, w.reference, w.token)).toBeUndefined();
    expect((await eventTypes(db, w.reference)).map((e) => [e.type, e.admin_id])).toEqual([
      ["booking.waitlisted", null],
      ["booking.offered", adminId],
    ]);

    // Offered once: a second offer of the same place is refused.
    expect(
      await offerWaitlistSeat(
        db,
        { departureId: departure.id, reference: w.reference, adminId },
        options,
      ),
    ).toEqual({
      kind: "refused",
      error: `${w.reference} is no longer on the waiting list: nothing was offered.`,
    });
    // A place of another date, an unknown or malformed reference: nothing to offer.
    const other = await trip(db, 5);
    for (const [departureId, reference] of [
      [other.departure.id, w.reference],
      [departure.id, "WLX-ZZZZZZ"],
      [departure.id, "nonsense"],
    ] as const) {
      expect(await offerWaitlistSeat(db, { departureId, reference, adminId }, options)).toEqual({
        kind: "missing",
      });
    }
  });

  it("a date that has started offers no seat", async () => {
    const db = t.db();
    const adminId = await adminOf(db);
    const { departure } = await trip(db, 1);
    await book(db, departure.id);
    const w = await waitlist(db, departure.id, "Kofi Mensah");
    await sql`update bookings set status = 'cancelled' where status = 'requested' and departure_id = ${departure.id}`.execute(
      db,
    );
    await sql`update departures set start_date = '2020-01-01', end_date = '2020-01-05' where id = ${departure.id}`.execute(
      db,
    );
    const outcome = await offerWaitlistSeat(
      db,
      { departureId: departure.id, reference: w.reference, adminId },
      { holdHours: 48, today: TODAY, mailer: recordingMailer(), site: SITE },
    );
    expect(outcome).toMatchObject({
      kind: "refused",
      error: expect.stringContaining("has started"),
    });
    expect((await row(db, w.reference)).status).toBe("waitlisted");
  });

  it("two offers for the last seat at once: exactly one holds it", async () => {
    const db = t.db();
    const adminId = await adminOf(db);
    const { departure } = await trip(db, 1);
    const a = await book(db, departure.id);
    const places = [];
    for (let i = 0; i < 6; i++) places.push(await waitlist(db, departure.id, `Waiting ${i}`));
    await setStatus(db, a.reference, "cancelled");
    const mailer = recordingMailer();
    const outcomes = await Promise.all(
      places.map((p) =>
        offerWaitlistSeat(
          db,
          { departureId: departure.id, reference: p.reference, adminId },
          { holdHours: 48, today: TODAY, mailer, site: SITE },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.kind === "offered")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "refused")).toHaveLength(5);
    expect(mailer.sent).toHaveLength(1);
    expect((await manifestOf(db, departure.id))!).toMatchObject({ seatsHeld: 1, seatsLeft: 0 });
    // And an offer against a traveller's own request for the same last seat: one wins.
    await sql`update bookings set status = 'waitlisted', hold_expires_at = null where departure_id = ${departure.id} and status = 'requested'`.execute(
      db,
    );
    const [offer, request] = await Promise.allSettled([
      offerWaitlistSeat(
        db,
        { departureId: departure.id, reference: places[0]!.reference, adminId },
        { holdHours: 48, today: TODAY, mailer, site: SITE },
      ),
      book(db, departure.id, { email: "racer@example.org" }),
    ]);
    const wins =
      Number(offer.status === "fulfilled" && offer.value.kind === "offered") +
      Number(request.status === "fulfilled");
    expect(wins).toBe(1);
    expect((await manifestOf(db, departure.id))!.seatsLeft).toBe(0);
  }, 60_000);

  it("reminds the traveller and the team once, shortly before a hold ends", async () => {
    const db = t.db();
    const { departure } = await trip(db, 10);
    const soon = await book(db, departure.id, {
      lead_name: "Soon Ending",
      email: "soon@example.org",
    });
    const later = await book(db, departure.id, { lead_name: "Plenty Left" });
    const confirmed = await book(db, departure.id, { lead_name: "Confirmed One" });
    await setStatus(db, confirmed.reference, "confirmed");
    await sql`update bookings set hold_expires_at = now() + interval '5 hours' where reference in (${soon.reference}, ${confirmed.reference})`.execute(
      db,
    );
    const mailer = recordingMailer();
    const options = { holdHours: 48, mailer, site: SITE, notifyTo: "team@example.com" };

    expect(reminderLeadMs(48)).toBe(6 * HOUR);
    expect(reminderLeadMs(4)).toBe(1 * HOUR);
    expect(await remindEndingHolds(db, new Date(), options)).toBe(1);
    expect(mailer.sent.map((m) => [m.to, m.replyTo])).toEqual([
      ["soon@example.org", undefined],
      ["team@example.com", "soon@example.org"],
    ]);
    expect(mailer.sent[0]!.subject).toContain(soon.reference);
    expect(mailer.sent[1]!.text).toContain("Soon Ending");
    expect(mailer.sent[1]!.link).toBe(
      `https://travel.example.com/admin/bookings/${soon.reference}`,
    );
    expect((await row(db, soon.reference)).hold_reminded_at).not.toBeNull();
    expect((await row(db, later.reference)).hold_reminded_at).toBeNull();

    // Once: later ticks and the runner send nothing more for it.
    expect(await remindEndingHolds(db, new Date(), options)).toBe(0);
    const runner = new JobRunner({ db });
    for (const job of bookingOperationJobs({ ...options, retentionDays: 730 })) {
      runner.register(job);
    }
    await runner.tick();
    await runner.stop();
    expect(mailer.sent).toHaveLength(2);
    expect((await eventTypes(db, soon.reference)).map((e) => e.type)).toEqual([
      "booking.requested",
      "booking.hold_reminded",
    ]);
    // Two instances at once: still one reminder.
    const twin = await book(db, departure.id, { lead_name: "Twin Tick" });
    await sql`update bookings set hold_expires_at = now() + interval '1 hour' where reference = ${twin.reference}`.execute(
      db,
    );
    const counts = await Promise.all([
      remindEndingHolds(db, new Date(), options),
      remindEndingHolds(db, new Date(), options),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(mailer.sent).toHaveLength(4);
  });

  it("closes the waiting lists of dates that have started", async () => {
    const db = t.db();
    const past = await trip(db, 1);
    await book(db, past.departure.id);
    const gone = await waitlist(db, past.departure.id, "Past Waiter");
    const future = await trip(db, 1);
    await book(db, future.departure.id);
    const stays = await waitlist(db, future.departure.id, "Future Waiter");
    await sql`update departures set start_date = '2020-01-01', end_date = '2020-01-05' where id = ${past.departure.id}`.execute(
      db,
    );
    expect(await closeDepartedWaitlists(db, TODAY)).toBe(1);
    expect((await row(db, gone.reference)).status).toBe("expired");
    expect((await row(db, stays.reference)).status).toBe("waitlisted");
    expect((await eventTypes(db, gone.reference)).at(-1)).toMatchObject({
      type: "booking.expired",
      admin_id: null,
      details: { from: "waitlisted", to: "expired", reason: "the date has departed" },
    });
    expect(await closeDepartedWaitlists(db, TODAY)).toBe(0);
  });

  it("deletes personal data only of bookings whose departure ended BOOKING_RETENTION_DAYS ago", async () => {
    const db = t.db();
    const old = await trip(db, 10);
    const recent = await trip(db, 10);
    const o = await book(db, old.departure.id, {
      adults: "2",
      lead_name: "Old Traveller",
      other_travellers: "Second Old",
      notes: "Window seat",
    });
    await setStatus(db, o.reference, "completed");
    const r = await book(db, recent.departure.id, { lead_name: "Recent Traveller" });
    // The old date ended 731 days ago, the recent one 729 days ago.
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    await sql`update departures set start_date = ${daysAgo(740)}::date, end_date = ${daysAgo(731)}::date where id = ${old.departure.id}`.execute(
      db,
    );
    await sql`update departures set start_date = ${daysAgo(735)}::date, end_date = ${daysAgo(729)}::date where id = ${recent.departure.id}`.execute(
      db,
    );
    expect(await findBookingByLink(db, o.reference, o.token)).toBeDefined();

    expect(await anonymiseOldBookings(db, TODAY, 730)).toBe(1);
    const gone = await row(db, o.reference);
    expect(gone).toMatchObject({
      status: "completed",
      adults: 2,
      children: 0,
      lead_name: "",
      email: "",
      phone: "",
      country: "",
      traveller_names: [],
      notes: "",
      total_amount: "4900000",
      currency: "ZAR",
    });
    expect(gone.anonymised_at).not.toBeNull();
    expect(await findBookingByLink(db, o.reference, o.token)).toBeUndefined();
    expect(await row(db, r.reference)).toMatchObject({
      lead_name: "Recent Traveller",
      email: "thandi@example.com",
      anonymised_at: null,
    });
    const events = await eventTypes(db, o.reference);
    expect(events.at(-1)).toMatchObject({
      type: "booking.anonymised",
      admin_id: null,
      details: { reference: o.reference, days: 730 },
    });
    // Nothing personal in the event, and nothing done twice.
    expect(JSON.stringify(events)).not.toContain("Old Traveller");
    expect(await anonymiseOldBookings(db, TODAY, 730)).toBe(0);
    // The manifest of the old date still counts its travellers.
    expect((await manifestOf(db, old.departure.id))!.bookings[0]).toMatchObject({
      anonymised: true,
      adults: 2,
      travellerNames: ["", ""],
    });
  });
});
