import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_TERMS, parseBookingTerms } from "~/domain/bookings";
import { DEFAULT_SITE } from "~/domain/site";
import { todayIn } from "~/domain/trip-facts";
import { createAdmin } from "~/server/auth/admins.server";
import {
  confirmBooking,
  editTravellers,
  getBookingDetail,
  moveBooking,
  moveChoices,
} from "~/server/bookings/booking-admin.server";
import {
  bookingsFromEnquiry,
  staffBookingPrefill,
  staffDepartureChoices,
  submitStaffBooking,
} from "~/server/bookings/booking-staff.server";
import { loadBookingTerms, saveBookingTerms } from "~/server/bookings/booking-terms.server";
import { insertEnquiry } from "~/server/leads/enquiries.server";
import type { Db } from "~/server/platform/db.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { recordingMailer } from "../support/recording-mailer";
import { bookOnline } from "../support/bookings";

// The staff side of bookings (decision 123) on both databases: editing travellers, moving a
// booking to another date under both departures' locks (two moves for the last seat: one wins),
// bookings staff make (no spam guard, the same seat rule), enquiries turned into bookings, and
// the booking terms edited in Settings.

const TODAY = todayIn("Africa/Johannesburg");
const SITE = { ...DEFAULT_SITE, name: "Wanderlux", publicUrl: "https://travel.example.com" };

const book = bookOnline;

/** A trip with dates of these seats (June, July, August 2031), R 24,500 then R 26,000 … */
async function trip(db: Db, seats: number[]) {
  const pkg = await makePackage(db, "trip", {
    title: `Trip ${Math.random().toString(36).slice(2, 8)}`,
    departures: seats.map((n, i) => ({
      start_date: `2031-0${6 + i}-14`,
      seats_total: n,
      price_amount: 2_450_000 + i * 150_000,
    })),
  });
  return { pkg, ids: pkg.departures.map((d) => d.id) };
}

/** Money is formatted with a no-break space (R 24,500): compared here with a plain one. */
const spaced = (text: string) => text.replace(/\u00a0/g, " ");

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
};

async function row(db: Db, reference: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
}

const eventTypes = async (db: Db, reference: string) =>
  (
    await db
      .selectFrom("events")
      .select(["type", "admin_id", "details"])
      .where(sql<string>`details->>'reference'`, "=", reference)
      .orderBy("created_at")
      .orderBy("seq")
      .execute()
  ).map((e) => e.type);

describe.each(BACKENDS)("the staff side of bookings on %s", (backend) => {
  const t = useTestDatabase(backend);
  const admin = (db: Db) => createAdmin(db, "staff@example.com", "a long enough password");

  it("edits the lead's contact fields and each traveller's name, with an event", async () => {
    const db = t.db();
    const a = await admin(db);
    const { ids } = await trip(db, [10]);
    const r = await book(db, ids[0]!, { adults: "3", other_travellers: "Sipho" });
    const done = await editTravellers(
      db,
      r.reference,
      form({
        lead_name: "Thandi  Mokoena-Dube",
        email: "thandi.dube@example.com",
        phone: "",
        country: "Botswana",
        traveller: ["Sipho Dube", "Lerato Dube"],
      }),
      a.id,
    );
    expect(done).toEqual({
      kind: "done",
      message: `The travellers of booking ${r.reference} were saved.`,
    });
    const saved = await row(db, r.reference);
    expect(saved).toMatchObject({
      lead_name: "Thandi Mokoena-Dube",
      email: "thandi.dube@example.com",
      phone: "",
      country: "Botswana",
      traveller_names: ["Thandi Mokoena-Dube", "Sipho Dube", "Lerato Dube"],
    });
    const event = await db
      .selectFrom("events")
      .select(["admin_id", "details"])
      .where("type", "=", "booking.travellers_edited")
      .executeTakeFirstOrThrow();
    expect(event.admin_id).toBe(a.id);
    expect(event.details).toEqual({
      reference: r.reference,
      changed: ["lead_name", "email", "phone", "country", "travellers"],
    });
    // The same again changes nothing and records nothing.
    const same = await editTravellers(
      db,
      r.reference,
      form({
        lead_name: "Thandi Mokoena-Dube",
        email: "thandi.dube@example.com",
        phone: "",
        country: "Botswana",
        traveller: ["Sipho Dube", "Lerato Dube"],
      }),
      a.id,
    );
    expect(same).toEqual({ kind: "done", message: "Nothing changed." });
    expect((await eventTypes(db, r.reference)).filter((e) => e.endsWith("edited"))).toHaveLength(1);
  });

  it("refuses bad names and a stale number of travellers with nothing changed", async () => {
    const db = t.db();
    const a = await admin(db);
    const { ids } = await trip(db, [10]);
    const r = await book(db, ids[0]!, { adults: "2", other_travellers: "Sipho" });
    const bad = await editTravellers(
      db,
      r.reference,
      form({
        lead_name: "T",
        email: "not-an-address",
        phone: "call me",
        country: "X",
        traveller: ["x".repeat(201)],
      }),
      a.id,
    );
    expect(bad).toMatchObject({
      kind: "refused",
      status: 400,
      intent: "travellers",
      fieldErrors: {
        lead_name: "Please enter the lead traveller's full name",
        email: "Please enter a valid e-mail address, like name@example.com",
        phone: "Please enter a phone number (digits, spaces and + - ( ) only)",
        country: "Please enter the country you live in",
        "traveller-0": "A traveller's name must be at most 200 characters",
      },
    });
    const stale = await editTravellers(
      db,
      r.reference,
      form({ lead_name: "Thandi", email: "t@example.com", traveller: ["A", "B"] }),
      a.id,
    );
    expect(stale).toMatchObject({ kind: "refused", status: 409 });
    expect((await row(db, r.reference)).traveller_names).toEqual(["Thandi Mokoena", "Sipho"]);
    expect(
      await editTravellers(
        db,
        "WLX-ZZZZZZ",
        form({ lead_name: "Thandi", email: "t@example.com", traveller: ["A"] }),
        a.id,
      ),
    ).toEqual({ kind: "missing" });
    expect(await eventTypes(db, r.reference)).toEqual(["booking.requested"]);
  });

  it("moves a booking to another date of its trip when seats allow: new price, event, e-mail", async () => {
    const db = t.db();
    const a = await admin(db);
    const { pkg, ids } = await trip(db, [10, 3]);
    const r = await book(db, ids[0]!, { adults: "2" });
    const detail = (await getBookingDetail(db, r.reference))!;
    const choices = await moveChoices(db, detail, { ...SITE, today: TODAY });
    expect(choices.map((c) => [c.id, c.seatsLeft, spaced(c.price)])).toEqual([
      [ids[1], 3, "R 26,000"],
    ]);
    const mailer = recordingMailer();
    const done = await moveBooking(
      db,
      r.reference,
      { adminId: a.id, departureId: ids[1]!, notify: true, today: TODAY },
      { mailer, site: SITE },
    );
    expect(done.kind === "done" && spaced(done.message)).toBe(
      `Booking ${r.reference} moved to 14 Jul 2031. Total now R 52,000. The traveller was e-mailed.`,
    );
    expect(await row(db, r.reference)).toMatchObject({
      departure_id: ids[1],
      unit_amount: "2600000",
      total_amount: "5200000",
      status: "requested",
    });
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ["thandi@example.com", `Booking ${r.reference} moved to 14 Jul 2031 · Wanderlux`],
    ]);
    expect(await eventTypes(db, r.reference)).toEqual(["booking.requested", "booking.moved"]);
    // The seats moved with it: June has all ten again, July one left.
    const left = (
      await moveChoices(db, { ...detail, departureId: ids[1]! }, { ...SITE, today: TODAY })
    ).map((c) => c.seatsLeft);
    expect(left).toEqual([10]);
    expect(pkg.id).toBe(detail.packageId);
  });

  it("refuses a move without enough seats, to another trip, to a closed date, or when not holding", async () => {
    const db = t.db();
    const a = await admin(db);
    const { ids } = await trip(db, [10, 3]);
    const other = await trip(db, [10]);
    const r = await book(db, ids[0]!, { adults: "2" });
    await book(db, ids[1]!, { adults: "2" });
    const mailer = recordingMailer();
    const move = (departureId: string, reference = r.reference) =>
      moveBooking(
        db,
        reference,
        { adminId: a.id, departureId, notify: true, today: TODAY },
        { mailer, site: SITE },
      );
    expect(await move(ids[1]!)).toEqual({
      kind: "refused",
      status: 409,
      intent: "move",
      error: "Not moved: only 1 seat is left on 14 Jul 2031 for 2 travellers.",
    });
    expect(await move(other.ids[0]!)).toMatchObject({ kind: "refused", status: 409 });
    expect(await move(ids[0]!)).toMatchObject({
      kind: "refused",
      status: 400,
      error: "The booking is already on this date.",
    });
    expect(await move("not-a-uuid")).toMatchObject({ kind: "refused", status: 400 });
    expect(await move("00000000-0000-4000-8000-000000000000")).toMatchObject({
      kind: "refused",
      status: 409,
    });
    await sql`update departures set status_override = 'sold_out', seats_total = 50 where id = ${ids[1]!}`.execute(
      db,
    );
    expect(await move(ids[1]!)).toMatchObject({ kind: "refused", status: 409 });
    await sql`update departures set status_override = null where id = ${ids[1]!}`.execute(db);
    await sql`update bookings set hold_expires_at = now() - interval '1 minute' where reference = ${r.reference}`.execute(
      db,
    );
    expect(await move(ids[1]!)).toMatchObject({ kind: "refused", status: 409 });
    await sql`update bookings set status = 'cancelled' where reference = ${r.reference}`.execute(
      db,
    );
    expect(await move(ids[1]!)).toMatchObject({
      kind: "refused",
      error: "This booking is cancelled: only a booking that holds seats can be moved.",
    });
    expect(await move(ids[1]!, "WLX-ZZZZZZ")).toEqual({ kind: "missing" });
    expect((await row(db, r.reference)).departure_id).toBe(ids[0]);
    expect(mailer.sent).toHaveLength(0);
    expect(await eventTypes(db, r.reference)).toEqual(["booking.requested"]);
  });

  it("two moves into the last seat at once: exactly one is moved", async () => {
    const db = t.db();
    const a = await admin(db);
    const { ids } = await trip(db, [10, 10, 1]);
    // Two bookings on two different dates, each moved into the one seat left in August; and a
    // move the other way at the same time, which locks the same pair in the same order.
    const first = await book(db, ids[0]!);
    const second = await book(db, ids[1]!);
    const third = await book(db, ids[1]!);
    const mailer = recordingMailer();
    const results = await Promise.all([
      moveBooking(
        db,
        first.reference,
        { adminId: a.id, departureId: ids[2]!, notify: false, today: TODAY },
        { mailer, site: SITE },
      ),
      moveBooking(
        db,
        second.reference,
        { adminId: a.id, departureId: ids[2]!, notify: false, today: TODAY },
        { mailer, site: SITE },
      ),
      moveBooking(
        db,
        third.reference,
        { adminId: a.id, departureId: ids[0]!, notify: false, today: TODAY },
        { mailer, site: SITE },
      ),
    ]);
    expect(results.slice(0, 2).filter((x) => x.kind === "done")).toHaveLength(1);
    expect(results[2]!.kind).toBe("done");
    const onAugust = await db
      .selectFrom("bookings")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("departure_id", "=", ids[2]!)
      .executeTakeFirstOrThrow();
    expect(onAugust.n).toBe(1);
  });

  it("staff make a booking: no spam checks, the seat rule, confirmed at once, who made it", async () => {
    const db = t.db();
    const a = await admin(db);
    const { ids } = await trip(db, [3]);
    const mailer = recordingMailer();
    const settings = { adminId: a.id, holdHours: 48, site: SITE, mailer };
    const fields = {
      departure_id: ids[0]!,
      adults: "2",
      children: "0",
      lead_name: "Amara Okafor",
      email: "amara@example.org",
      phone: "",
      country: "",
      other_travellers: "Chidi Okafor",
      notes: "Booked on WhatsApp",
      confirm: "on",
      notify: "on",
    };
    const made = await submitStaffBooking(db, form(fields), settings);
    if (made.kind !== "booked") throw new Error(JSON.stringify(made));
    expect(made.status).toBe("confirmed");
    expect(made.message).toBe(
      `Booking ${made.reference} made and confirmed. The traveller was e-mailed their private link.`,
    );
    expect(await row(db, made.reference)).toMatchObject({
      status: "confirmed",
      source: "staff",
      created_by: a.id,
      enquiry_id: null,
      hold_expires_at: null,
      traveller_names: ["Amara Okafor", "Chidi Okafor"],
    });
    expect(mailer.sent[0]).toMatchObject({
      to: "amara@example.org",
      subject: `Booking ${made.reference} confirmed · Wanderlux`,
    });
    expect(mailer.sent[0]!.link).toMatch(/\/booking\/WLX-[A-Z0-9]{6}\?token=/);
    expect(mailer.sent[0]!.text).toContain("As agreed with our team, we have booked");
    expect(mailer.sent[0]!.text).toContain(
      "Our booking terms apply: https://travel.example.com/booking-terms",
    );
    expect(mailer.sent[0]!.html).toContain('<html lang="en">');
    expect(await eventTypes(db, made.reference)).toEqual([
      "booking.requested",
      "booking.confirmed",
    ]);
    const detail = await getBookingDetail(db, made.reference);
    expect(detail?.history.map((h) => h.by)).toEqual(["staff@example.com", "staff@example.com"]);

    // One seat left: two travellers are refused with the seats left; nothing booked.
    const refused = await submitStaffBooking(db, form({ ...fields, confirm: "" }), settings);
    expect(refused).toMatchObject({
      kind: "invalid",
      status: 409,
      errors: {
        departure_id: "Only 1 seat is left on this date: choose fewer travellers or another date.",
      },
    });
    // One traveller, held (not confirmed), no e-mail.
    const held = await submitStaffBooking(
      db,
      form({ ...fields, adults: "1", other_travellers: "", confirm: "", notify: "" }),
      settings,
    );
    expect(held).toMatchObject({ kind: "booked", status: "requested" });
    expect(mailer.sent).toHaveLength(1);
    const bad = await submitStaffBooking(
      db,
      form({ ...fields, departure_id: "x", email: "nope", phone: "abc" }),
      settings,
    );
    expect(bad).toMatchObject({
      kind: "invalid",
      status: 400,
      errors: {
        departure_id: "Choose the date to book",
        email: "Please enter a valid e-mail address, like name@example.com",
        phone: "Please enter a phone number (digits, spaces and + - ( ) only)",
      },
    });
    expect(bad.kind === "invalid" && bad.values.lead_name).toBe("Amara Okafor");
    // A language the site is not in (decision 156): refused beside its field, nothing booked.
    const foreign = await submitStaffBooking(
      db,
      form({ ...fields, adults: "1", other_travellers: "", language: "de" }),
      settings,
    );
    expect(foreign).toMatchObject({
      kind: "invalid",
      status: 400,
      errors: { language: "Choose one of the site's languages for the traveller's e-mails" },
    });
    const count = await db
      .selectFrom("bookings")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(2);
  });

  it("turns an enquiry into a booking: the form starts from it and the two are linked", async () => {
    const db = t.db();
    const a = await admin(db);
    const { pkg, ids } = await trip(db, [10, 10]);
    const enquiry = await insertEnquiry(db, {
      firstName: "Lerato",
      lastName: "Dube",
      email: "lerato@example.com",
      phone: "+27 82 555 0199",
      travelDates: "July, flexible",
      message: "Two of us, can we come?",
      packageId: pkg.id,
      packageTitle: pkg.title,
    });
    const choices = await staffDepartureChoices(db, SITE);
    expect(choices.map((c) => c.id)).toEqual(ids);
    const prefill = await staffBookingPrefill(db, enquiry.id, choices, SITE.languages);
    expect(prefill.enquiry).toEqual({
      id: enquiry.id,
      name: "Lerato Dube",
      packageTitle: pkg.title,
    });
    expect(prefill.values).toMatchObject({
      lead_name: "Lerato Dube",
      email: "lerato@example.com",
      phone: "+27 82 555 0199",
      departure_id: ids[0],
      enquiry_id: enquiry.id,
      notes: "Preferred dates: July, flexible",
      // A one-language site: the default language (decision 156).
      language: "en",
    });
    expect((await staffBookingPrefill(db, "nonsense", choices, SITE.languages)).enquiry).toBeNull();
    const made = await submitStaffBooking(
      db,
      form({ ...prefill.values, departure_id: ids[1]!, adults: "2", country: "South Africa" }),
      { adminId: a.id, holdHours: 48, site: SITE, mailer: recordingMailer() },
    );
    if (made.kind !== "booked") throw new Error(JSON.stringify(made));
    expect(await row(db, made.reference)).toMatchObject({
      source: "enquiry",
      enquiry_id: enquiry.id,
      created_by: a.id,
      status: "requested",
    });
    expect(await bookingsFromEnquiry(db, enquiry.id)).toEqual([
      { reference: made.reference, status: "requested" },
    ]);
    expect((await getBookingDetail(db, made.reference))?.enquiryId).toBe(enquiry.id);
    expect(await confirmBooking(db, made.reference, a.id)).toMatchObject({ kind: "done" });

    // An enquiry deleted meanwhile: refused, nothing booked.
    await db.deleteFrom("enquiries").where("id", "=", enquiry.id).execute();
    const gone = await submitStaffBooking(db, form({ ...prefill.values, adults: "1" }), {
      adminId: a.id,
      holdHours: 48,
      site: SITE,
      mailer: recordingMailer(),
    });
    expect(gone).toMatchObject({
      kind: "invalid",
      status: 409,
      errors: { form: expect.any(String) },
    });
    // The booking outlives its enquiry.
    expect((await row(db, made.reference)).enquiry_id).toBeNull();
  });

  it("keeps the booking terms in Settings: default until saved, blank restores it, cache told", async () => {
    const db = t.db();
    const a = await admin(db);
    const heard: string[] = [];
    const off = t.database().changes.on((table) => heard.push(table));
    expect(await loadBookingTerms(db)).toEqual({ text: DEFAULT_BOOKING_TERMS, custom: false });
    const who = { id: a.id, mustEnrol: false };
    const text =
      "# Deposits\r\n\r\nA deposit of 30% confirms a booking.\nThe rest is due 60 days before.";
    expect(await saveBookingTerms(db, { admin: who, text })).toEqual({
      kind: "saved",
      message: "The booking terms were saved.",
    });
    const saved = await loadBookingTerms(db);
    expect(saved.custom).toBe(true);
    expect(parseBookingTerms(saved.text)).toEqual([
      {
        heading: "Deposits",
        paragraphs: ["A deposit of 30% confirms a booking. The rest is due 60 days before."],
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toContain("team_settings");
    const tooLong = await saveBookingTerms(db, { admin: who, text: "x".repeat(20_001) });
    expect(tooLong).toMatchObject({ kind: "invalid", status: 400 });
    expect(
      await saveBookingTerms(db, { admin: { ...who, mustEnrol: true }, text: "x" }),
    ).toMatchObject({
      kind: "invalid",
      status: 403,
    });
    expect((await loadBookingTerms(db)).text).toBe(saved.text);
    expect(await saveBookingTerms(db, { admin: who, text: "  " })).toEqual({
      kind: "saved",
      message: "The default booking terms apply again.",
    });
    expect(await loadBookingTerms(db)).toEqual({ text: DEFAULT_BOOKING_TERMS, custom: false });
    const events = await db
      .selectFrom("events")
      .select(["details"])
      .where("type", "=", "settings.booking_terms_changed")
      .orderBy("created_at")
      .orderBy("seq")
      .execute();
    expect(events.map((e) => e.details)).toEqual([
      { default: false, characters: text.replace(/\r\n/g, "\n").length },
      { default: true, characters: 0 },
    ]);
    off();
  });
});
