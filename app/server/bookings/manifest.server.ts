import { sql } from "kysely";
import { departureStatus } from "~/domain/departures";
import { BOOKING_STATUS_LABELS, SEAT_TAKING_STATUSES, type BookingStatus } from "~/domain/bookings";
import type { DepartureOverride } from "~/domain/schemas";
import { formatMoney } from "~/domain/money";
import { isUuid, type DepartureStatus, type PackageKind } from "~/domain/schemas";
import { seatsTakenSql } from "../catalogue/departures.server";
import { csvRow } from "../leads/enquiry-csv.server";
import type { Db } from "../platform/db.server";

/*
 * A departure's manifest (decision 121): its seats (total, held by requests whose hold lasts,
 * taken for good, left), the travellers of each booking that holds or takes seats, and its
 * waiting list, oldest first. Seats left come from the one seat query (seatsTakenSql), the same
 * one that booking requests and offers count under the departure's row lock.
 */

export interface ManifestBooking {
  reference: string;
  status: BookingStatus;
  leadName: string;
  email: string;
  phone: string;
  country: string;
  /** Each traveller's name, the lead first; "" until given. */
  travellerNames: string[];
  adults: number;
  children: number;
  notes: string;
  total: string | null;
  /** For a requested booking: when its hold ends (null once it ran out). */
  holdExpiresAt: Date | null;
  createdAt: Date;
  /** Its personal data was deleted after the retention period. */
  anonymised: boolean;
}

export interface ManifestWaitlistEntry {
  reference: string;
  name: string;
  email: string;
  travellers: number;
  joinedAt: Date;
  anonymised: boolean;
}

export interface DepartureManifest {
  id: string;
  packageId: string;
  packageTitle: string;
  packageKind: PackageKind;
  startDate: string;
  endDate: string | null;
  /** null: on request (no capacity). */
  seatsTotal: number | null;
  /** Travellers of requested bookings whose hold still lasts. */
  seatsHeld: number;
  /** Travellers of confirmed, deposit-paid, paid and completed bookings. */
  seatsConfirmed: number;
  /** null without a capacity. */
  seatsLeft: number | null;
  status: DepartureStatus;
  statusOverride: DepartureOverride | null;
  price: string | null;
  /** Bookings that hold or take seats, in the order they were made. */
  bookings: ManifestBooking[];
  /** Cancelled and expired bookings (not listed; the inbox shows them). */
  closedCount: number;
  waitlist: ManifestWaitlistEntry[];
}

/** Statuses listed on the manifest: those that hold (requested) or take seats. */
const LISTED: readonly BookingStatus[] = ["requested", ...SEAT_TAKING_STATUSES];

/** The manifest of this departure, or undefined when the id is malformed or unknown. */
export async function getDepartureManifest(
  db: Db,
  departureId: string,
  options: { today: string; limitedSeats?: number },
): Promise<DepartureManifest | undefined> {
  if (!isUuid(departureId)) return undefined;
  const taking = sql.join(SEAT_TAKING_STATUSES.map((s) => sql.lit(s)));
  const departure = await db
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "d.id",
      "d.package_id",
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
      "d.seats_total",
      "d.price_amount",
      "d.price_text",
      "d.currency",
      "d.status_override",
      "p.title",
      "p.kind",
      seatsTakenSql(sql.ref("d.id")).as("seats_taken"),
      sql<number>`coalesce((select sum(b.adults + b.children)::int from bookings b
        where b.departure_id = d.id and b.status = 'requested' and b.hold_expires_at > now()), 0)`.as(
        "seats_held",
      ),
      sql<number>`coalesce((select sum(b.adults + b.children)::int from bookings b
        where b.departure_id = d.id and b.status in (${taking})), 0)`.as("seats_confirmed"),
    ])
    .where("d.id", "=", departureId)
    .executeTakeFirst();
  if (!departure) return undefined;
  const rows = await db
    .selectFrom("bookings")
    .select([
      "reference",
      "status",
      "lead_name",
      "email",
      "phone",
      "country",
      "traveller_names",
      "adults",
      "children",
      "notes",
      "total_amount",
      "currency",
      sql<Date | null>`case when status = 'requested' and hold_expires_at > now() then hold_expires_at end`.as(
        "hold_expires_at",
      ),
      "created_at",
      "anonymised_at",
    ])
    .where("departure_id", "=", departureId)
    .orderBy("created_at")
    .orderBy("reference")
    .execute();
  const taken = Number(departure.seats_taken);
  const seatsLeft =
    departure.seats_total === null ? null : Math.max(0, departure.seats_total - taken);
  const listed = rows.filter((r) => LISTED.includes(r.status));
  return {
    id: departure.id,
    packageId: departure.package_id,
    packageTitle: departure.title,
    packageKind: departure.kind,
    startDate: departure.start_date,
    endDate: departure.end_date,
    seatsTotal: departure.seats_total,
    seatsHeld: Number(departure.seats_held),
    seatsConfirmed: Number(departure.seats_confirmed),
    seatsLeft,
    status: departureStatus(
      {
        start_date: departure.start_date,
        seats_total: departure.seats_total,
        seats_taken: taken,
        status_override: departure.status_override,
      },
      options.today,
      options.limitedSeats,
    ),
    statusOverride: departure.status_override,
    price:
      departure.price_amount === null
        ? departure.price_text
        : formatMoney(Number(departure.price_amount), departure.currency),
    bookings: listed.map((r) => ({
      reference: r.reference,
      status: r.status,
      leadName: r.lead_name,
      email: r.email,
      phone: r.phone,
      country: r.country,
      travellerNames: travellerList(r.traveller_names ?? [], r.adults + r.children),
      adults: r.adults,
      children: r.children,
      notes: r.notes,
      total: r.total_amount === null ? null : formatMoney(Number(r.total_amount), r.currency),
      holdExpiresAt: r.hold_expires_at ? new Date(r.hold_expires_at) : null,
      createdAt: new Date(r.created_at),
      anonymised: r.anonymised_at !== null,
    })),
    closedCount: rows.filter((r) => r.status === "cancelled" || r.status === "expired").length,
    waitlist: rows
      .filter((r) => r.status === "waitlisted")
      .map((r) => ({
        reference: r.reference,
        name: r.lead_name,
        email: r.email,
        travellers: r.adults + r.children,
        joinedAt: new Date(r.created_at),
        anonymised: r.anonymised_at !== null,
      })),
  };
}

/** One name per traveller, the lead first: names not given yet are "". */
function travellerList(names: string[], travellers: number): string[] {
  return Array.from({ length: Math.max(travellers, names.length) }, (_, i) => names[i] ?? "");
}

export const MANIFEST_CSV_HEADER = [
  "Reference",
  "Status",
  "Traveller",
  "Traveller no.",
  "Lead traveller",
  "E-mail",
  "Phone",
  "Country",
  "Adults",
  "Children",
  "Total",
  "Hold expires (UTC)",
  "Notes",
];

/**
 * One line per traveller (the lead's contact details on each of their booking's lines), then the
 * waiting list; every cell quoted and formula cells neutralised, as the bookings CSV.
 */
export function manifestCsv(manifest: DepartureManifest): string {
  const rows: string[] = [];
  for (const b of manifest.bookings) {
    b.travellerNames.forEach((name, i) => {
      rows.push(
        csvRow([
          b.reference,
          BOOKING_STATUS_LABELS[b.status],
          name,
          String(i + 1),
          b.leadName,
          b.email,
          b.phone,
          b.country,
          String(b.adults),
          String(b.children),
          b.total ?? "",
          b.holdExpiresAt ? b.holdExpiresAt.toISOString() : "",
          b.notes,
        ]),
      );
    });
  }
  for (const w of manifest.waitlist) {
    rows.push(
      csvRow([
        w.reference,
        BOOKING_STATUS_LABELS.waitlisted,
        w.name,
        "1",
        w.name,
        w.email,
        "",
        "",
        String(w.travellers),
        "0",
        "",
        "",
        "",
      ]),
    );
  }
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${[csvRow(MANIFEST_CSV_HEADER), ...rows].join("\r\n")}\r\n`;
}
