import { sql } from "kysely";
import type { EnquiryStatusValue } from "~/domain/enquiry";
import type { Db } from "../platform/db.server";
import type { EnquiryNotifyStatus } from "../platform/db-schema";

/*
 * The enquiries repository (issue 18). An enquiry is stored before any e-mail about it is tried;
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
