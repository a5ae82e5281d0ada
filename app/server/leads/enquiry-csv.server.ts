import { ENQUIRY_STATUS_LABELS } from "~/domain/enquiry";
import type { Enquiry } from "./enquiries.server";

/*
 * The inbox as CSV (RFC 4180: comma-separated, CRLF rows, every cell quoted, quotes doubled).
 * Spreadsheets run a cell that starts with = + - @ (or a tab / carriage return before one) as a
 * formula: such cells get a leading apostrophe, so a visitor's text stays text (OWASP "CSV
 * injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvRow(values: string[]): string {
  return values.map(csvCell).join(",");
}

export const CSV_HEADER = [
  "Received (UTC)",
  "Status",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Preferred travel dates",
  "Trip",
  "Message",
  "Internal notes",
  "Notification e-mail",
  "Id",
];

export function enquiriesCsv(enquiries: Enquiry[]): string {
  const rows = enquiries.map((e) =>
    csvRow([
      e.createdAt.toISOString(),
      ENQUIRY_STATUS_LABELS[e.status],
      e.firstName,
      e.lastName,
      e.email,
      e.phone,
      e.travelDates,
      e.packageTitle ?? "",
      e.message,
      e.notes,
      e.notifyStatus,
      e.id,
    ]),
  );
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${[csvRow(CSV_HEADER), ...rows].join("\r\n")}\r\n`;
}
