import { sql } from "kysely";
import type { EnquiryStatusValue } from "~/domain/enquiry";
import type { Db } from "../platform/db.server";
import type { EnquiryNotifyStatus } from "../platform/db-schema";

/*
 * The enquiries repository. An enquiry is stored before any e-mail about it is tried;
 * what became of the notification is kept on the row, so a failed send shows in the inbox.
 */

export interface NewEnquiry {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  travelDates: string;
  message: string;
  packageId?: string | null;
  packageTitle?: string | null;
  /** The language the visitor wrote in (decision 148); null: the site's default language. */
  language?: string | null;
}

export interface Enquiry extends Required<NewEnquiry> {
  id: string;
  status: EnquiryStatusValue;
  notes: string;
  notifyStatus: EnquiryNotifyStatus;
  createdAt: Date;
  updatedAt: Date;
}

type Row = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  travel_dates: string;
  message: string;
  package_id: string | null;
  package_title: string | null;
  status: EnquiryStatusValue;
  notes: string;
  notify_status: EnquiryNotifyStatus;
  created_at: Date | string;
  updated_at: Date | string;
  language: string | null;
};

export function enquiryFromRow(row: Row): Enquiry {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    travelDates: row.travel_dates,
    message: row.message,
    packageId: row.package_id,
    packageTitle: row.package_title,
    language: row.language,
    status: row.status,
    notes: row.notes,
    notifyStatus: row.notify_status,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export async function insertEnquiry(db: Db, input: NewEnquiry): Promise<Enquiry> {
  const row = await db
    .insertInto("enquiries")
    .values({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      travel_dates: input.travelDates,
      message: input.message,
      package_id: input.packageId ?? null,
      package_title: input.packageTitle ?? null,
      language: input.language ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return enquiryFromRow(row);
}

export async function getEnquiry(db: Db, id: string): Promise<Enquiry | undefined> {
  const row = await db.selectFrom("enquiries").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? enquiryFromRow(row) : undefined;
}

export async function setNotifyStatus(
  db: Db,
  id: string,
  status: EnquiryNotifyStatus,
): Promise<void> {
  await db.updateTable("enquiries").set({ notify_status: status }).where("id", "=", id).execute();
}

/** Enquiries nobody has answered yet: the sidebar's count. */
export async function countNewEnquiries(db: Db): Promise<number> {
  const row = await db
    .selectFrom("enquiries")
    .select(sql<string>`count(*)`.as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const INBOX_PAGE_SIZE = 20;

/** The inbox's filters, all from URL parameters (JS off works). */
export interface InboxFilter {
  status?: EnquiryStatusValue;
  /** A package id, or "none" for general enquiries. */
  packageId?: string;
  q?: string;
}

function filtered(db: Db, filter: InboxFilter) {
  let query = db.selectFrom("enquiries");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.packageId === "none") query = query.where("package_id", "is", null);
  else if (filter.packageId) query = query.where("package_id", "=", filter.packageId);
  const q = filter.q?.trim();
  if (q) {
    // A literal search: % and _ typed by the admin mean themselves.
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("first_name", "ilike", like),
        eb("last_name", "ilike", like),
        eb(sql<string>`first_name || ' ' || last_name`, "ilike", like),
        eb("email", "ilike", like),
        eb("phone", "ilike", like),
        eb("message", "ilike", like),
        eb("package_title", "ilike", like),
      ]),
    );
  }
  return query;
}

/** Newest first, one page; `total` counts every match. */
export async function listEnquiries(
  db: Db,
  filter: InboxFilter,
  page = 1,
  pageSize = INBOX_PAGE_SIZE,
): Promise<{ items: Enquiry[]; total: number }> {
  const counted = await filtered(db, filter)
    .select(sql<string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((Math.max(page, 1) - 1) * pageSize)
    .execute();
  return { items: rows.map(enquiryFromRow), total: Number(counted.n) };
}

/** Every match, newest first, for the CSV export (capped: an export is not a backup). */
export async function allEnquiries(db: Db, filter: InboxFilter, cap = 10_000): Promise<Enquiry[]> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(cap)
    .execute();
  return rows.map(enquiryFromRow);
}

/** The packages enquiries name, for the filter's choices (the title as last recorded). */
export async function enquiryPackages(db: Db): Promise<{ id: string; title: string }[]> {
  const rows = await db
    .selectFrom("enquiries")
    .select(["package_id", sql<string>`max(package_title)`.as("title")])
    .where("package_id", "is not", null)
    .groupBy("package_id")
    .orderBy("title")
    .execute();
  return rows.map((r) => ({ id: r.package_id!, title: r.title }));
}

/** Changes status and/or notes; false when the enquiry does not exist (any more). */
export async function updateEnquiry(
  db: Db,
  id: string,
  change: { status?: EnquiryStatusValue; notes?: string },
): Promise<boolean> {
  const result = await db
    .updateTable("enquiries")
    .set({ ...change, updated_at: sql`now()` })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteEnquiry(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("enquiries").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Retention: deletes enquiries received more than `days` days before `now`; returns how many. */
export async function purgeOldEnquiries(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom("enquiries")
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
