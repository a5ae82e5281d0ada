import { sql } from "kysely";
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingSource,
  type BookingStatus,
} from "~/domain/bookings";
import { formatMoney } from "~/domain/money";
import { isUuid, stripInvisible, type PackageKind } from "~/domain/schemas";
import { csvRow } from "../leads/enquiry-csv.server";
import type { Db } from "../platform/db.server";

/*
 * The back office's bookings inbox: filters, search and page from URL parameters (so it all works
 * without JavaScript), newest first, and the filtered list as CSV. Modelled on the enquiries inbox.
 */

export const BOOKINGS_PAGE_SIZE = 20;

export interface BookingFilter {
  status?: BookingStatus;
  packageId?: string;
  /** One departure (its manifest links here and back). */
  departureId?: string;
  /** Departure start dates from / to (YYYY-MM-DD, both ends included). */
  from?: string;
  to?: string;
  /** A reference, a name or an e-mail address (or part of one). */
  q?: string;
  /**
   * Deposit paid and the balance still open (decision 136): "due" while its due day (the
   * departure's first day minus the deposit rule's days) is today or later, "overdue" after it.
   */
  balance?: BalanceFilter;
}

export const BALANCE_FILTERS = ["due", "overdue"] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];

/** What the balance filters need to know: the company's day and the rule's days. */
export interface BalanceClock {
  today: string;
  balanceDueDays: number;
}

export interface BookingListItem {
  id: string;
  reference: string;
  status: BookingStatus;
  leadName: string;
  email: string;
  phone: string;
  country: string;
  travellerNames: string[];
  notes: string;
  source: BookingSource;
  adults: number;
  children: number;
  packageId: string;
  departureId: string;
  /** The enquiry a staff booking was made from (decision 123). */
  enquiryId: string | null;
  packageTitle: string;
  packageKind: PackageKind;
  startDate: string;
  endDate: string | null;
  /** Formatted, or null when the booking has no price. */
  total: string | null;
  holdExpiresAt: Date | null;
  createdAt: Date;
  /** Why the team must look at its payments (decision 130), or null. */
  paymentFlag: string | null;
  /** The language the traveller used (decision 148); null: the site's default language. */
  language: string | null;
}

const isStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export interface BookingsQuery {
  filter: BookingFilter;
  page: number;
  /** What was wrong with the URL's parameters (they were ignored). */
  notices: string[];
}

export function parseBookingsQuery(params: URLSearchParams): BookingsQuery {
  const notices: string[] = [];
  const filter: BookingFilter = {};
  const balance = params.get("balance") ?? "";
  const knownBalance = BALANCE_FILTERS.find((b) => b === balance);
  if (knownBalance) filter.balance = knownBalance;
  else if (balance) notices.push(`Unknown balance filter "${balance.slice(0, 40)}": ignored.`);
  const status = params.get("status") ?? "";
  if (status && isStatus(status)) filter.status = status;
  else if (status) notices.push(`Unknown status "${status.slice(0, 40)}": showing every status.`);
  const pkg = params.get("package") ?? "";
  if (isUuid(pkg)) filter.packageId = pkg;
  else if (pkg) notices.push("Unknown package filter: showing every package.");
  const departure = params.get("departure") ?? "";
  if (isUuid(departure)) filter.departureId = departure;
  else if (departure) notices.push("Unknown departure filter: showing every departure.");
  for (const [key, word] of [
    ["from", "From"],
    ["to", "To"],
  ] as const) {
    const day = (params.get(key) ?? "").trim();
    if (day && isDay(day)) filter[key] = day;
    else if (day) notices.push(`${word} must be a date like 2031-06-14: that filter was ignored.`);
  }
  const q = stripInvisible(params.get("q") ?? "")
    .trim()
    .slice(0, 200);
  if (q) filter.q = q;
  const pageText = params.get("page") ?? "1";
  let page = Number(pageText);
  if (!/^\d{1,6}$/.test(pageText) || page < 1) {
    notices.push(`Unknown page "${pageText.slice(0, 20)}": showing the first page.`);
    page = 1;
  }
  return { filter, page, notices };
}

function filtered(db: Db, filter: BookingFilter, clock?: BalanceClock) {
  let query = db
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id");
  if (filter.balance && clock) {
    const dueDay = sql<string>`(d.start_date - ${clock.balanceDueDays}::int)`;
    query = query
      .where("b.status", "=", "deposit_paid")
      .where(
        filter.balance === "due"
          ? sql<boolean>`${dueDay} >= ${clock.today}::date`
          : sql<boolean>`${dueDay} < ${clock.today}::date`,
      );
  }
  if (filter.status) query = query.where("b.status", "=", filter.status);
  if (filter.packageId) query = query.where("d.package_id", "=", filter.packageId);
  if (filter.departureId) query = query.where("d.id", "=", filter.departureId);
  if (filter.from) query = query.where("d.start_date", ">=", sql<string>`${filter.from}::date`);
  if (filter.to) query = query.where("d.start_date", "<=", sql<string>`${filter.to}::date`);
  const q = filter.q?.trim();
  if (q) {
    // A literal search: % and _ typed by the admin mean themselves.
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("b.reference", "ilike", like),
        eb("b.lead_name", "ilike", like),
        eb("b.email", "ilike", like),
      ]),
    );
  }
  return query;
}

function selected(db: Db, filter: BookingFilter, clock?: BalanceClock) {
  return filtered(db, filter, clock)
    .select([
      "b.id",
      "b.reference",
      "b.status",
      "b.lead_name",
      "b.email",
      "b.phone",
      "b.country",
      "b.traveller_names",
      "b.notes",
      "b.source",
      "b.adults",
      "b.children",
      "b.total_amount",
      "b.currency",
      "b.hold_expires_at",
      "b.created_at",
      "b.departure_id",
      "b.enquiry_id",
      "b.payment_flag",
      "b.language",
      "p.id as package_id",
      "p.title",
      "p.kind",
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
    ])
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc");
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selected>["execute"]>>[number];

function itemFromRow(row: SelectedRow): BookingListItem {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    leadName: row.lead_name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    travellerNames: row.traveller_names ?? [],
    notes: row.notes,
    source: row.source,
    adults: row.adults,
    children: row.children,
    packageId: row.package_id,
    departureId: row.departure_id,
    enquiryId: row.enquiry_id,
    language: row.language,
    packageTitle: row.title,
    packageKind: row.kind,
    startDate: row.start_date,
    endDate: row.end_date,
    total: row.total_amount === null ? null : formatMoney(Number(row.total_amount), row.currency),
    holdExpiresAt: row.hold_expires_at ? new Date(row.hold_expires_at) : null,
    createdAt: new Date(row.created_at),
    paymentFlag: row.payment_flag,
  };
}

/** Newest first, one page; `total` counts every match. */
export async function listBookings(
  db: Db,
  filter: BookingFilter,
  page = 1,
  pageSize = BOOKINGS_PAGE_SIZE,
  clock?: BalanceClock,
): Promise<{ items: BookingListItem[]; total: number }> {
  const counted = await filtered(db, filter, clock)
    .select(sql<string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  const rows = await selected(db, filter, clock)
    .limit(pageSize)
    .offset((Math.max(page, 1) - 1) * pageSize)
    .execute();
  return { items: rows.map(itemFromRow), total: Number(counted.n) };
}

/** Every match, newest first, for the CSV export (capped: an export is not a backup). */
export async function allBookings(
  db: Db,
  filter: BookingFilter,
  cap = 10_000,
  clock?: BalanceClock,
): Promise<BookingListItem[]> {
  return (await selected(db, filter, clock).limit(cap).execute()).map(itemFromRow);
}

/** The packages that have bookings, for the filter's choices. */
export async function bookingPackages(db: Db): Promise<{ id: string; title: string }[]> {
  return db
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select(["p.id", "p.title"])
    .distinct()
    .orderBy("p.title")
    .orderBy("p.id")
    .execute();
}

/** The departures that have bookings, soonest first, for the filter's choices. */
export async function bookingDepartures(
  db: Db,
): Promise<{ id: string; title: string; startDate: string; endDate: string | null }[]> {
  return db
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "d.id",
      "p.title",
      sql<string>`d.start_date::text`.as("startDate"),
      sql<string | null>`d.end_date::text`.as("endDate"),
    ])
    .where((eb) =>
      eb.exists(eb.selectFrom("bookings as b").whereRef("b.departure_id", "=", "d.id")),
    )
    .orderBy("d.start_date")
    .orderBy("p.title")
    .orderBy("d.id")
    .limit(500)
    .execute();
}

export async function loadBookingsInbox(db: Db, params: URLSearchParams, clock?: BalanceClock) {
  const query = parseBookingsQuery(params);
  const { items, total } = await listBookings(
    db,
    query.filter,
    query.page,
    BOOKINGS_PAGE_SIZE,
    clock,
  );
  const pages = Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE));
  return { ...query, items, total, pages };
}

export const BOOKINGS_CSV_HEADER = [
  "Reference",
  "Created (UTC)",
  "Status",
  "Lead name",
  "E-mail",
  "Phone",
  "Country",
  "Trip",
  "Start date",
  "End date",
  "Adults",
  "Children",
  "Travellers",
  "Total",
  "Source",
  "Hold expires (UTC)",
  "Notes",
];

/** The list as CSV: every cell quoted, and a cell that would run as a formula neutralised. */
export function bookingsCsv(bookings: BookingListItem[]): string {
  const rows = bookings.map((b) =>
    csvRow([
      b.reference,
      b.createdAt.toISOString(),
      BOOKING_STATUS_LABELS[b.status],
      b.leadName,
      b.email,
      b.phone,
      b.country,
      b.packageTitle,
      b.startDate,
      b.endDate ?? "",
      String(b.adults),
      String(b.children),
      b.travellerNames.filter(Boolean).join("; "),
      b.total ?? "",
      b.source,
      b.holdExpiresAt ? b.holdExpiresAt.toISOString() : "",
      b.notes,
    ]),
  );
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${[csvRow(BOOKINGS_CSV_HEADER), ...rows].join("\r\n")}\r\n`;
}
