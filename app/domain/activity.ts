import { PACKAGE_KIND_INFO } from "./package-kinds";
import type { PackageKind } from "./schemas";
import { zoneOffsetMs } from "./time-zone";

/*
 * The activity log's vocabulary: what each event type is called on /admin/activity,
 * the groups its filter offers, and the parsing of its URL parameters. Pure, so the screen, the
 * server and the tests share one version.
 */

/** Event types as stored: dotted lower-case words (the events table checks the same shape). */
export const EVENT_TYPE_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/;

export const ACTIVITY_GROUPS = [
  { value: "auth", label: "Sign-in", all: "All sign-in events" },
  { value: "account", label: "Account", all: "All account events" },
  { value: "team", label: "Team", all: "All team events" },
  { value: "package", label: "Packages", all: "All package events" },
  { value: "moment", label: "Travel moments", all: "All travel-moment events" },
  { value: "media", label: "Uploads", all: "All uploads" },
  { value: "enquiry", label: "Enquiries", all: "All enquiry events" },
  { value: "booking", label: "Bookings", all: "All booking events" },
] as const;

/** Words for each known event type; an unknown one is shown as stored. */
export const EVENT_LABELS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.second_factor": "Second factor accepted",
  "auth.second_factor_failed": "Second factor refused",
  "auth.sign_out": "Signed out",
  "auth.access_confirmed": "Access confirmed",
  "account.password_changed": "Password changed",
  "account.password_reset": "Password reset by e-mail link",
  "account.name_changed": "Name changed",
  "account.two_factor_enabled": "Two-factor turned on",
  "account.two_factor_disabled": "Two-factor turned off",
  "account.recovery_code_used": "Recovery code used",
  "account.recovery_codes_regenerated": "Recovery codes regenerated",
  "account.email_added": "E-mail address added",
  "account.email_verified": "E-mail address verified",
  "account.email_made_primary": "E-mail address made primary",
  "account.email_deleted": "E-mail address deleted",
  "team.invitation_sent": "Invitation sent",
  "team.invitation_accepted": "Invitation accepted",
  "team.invitation_withdrawn": "Invitation withdrawn",
  "team.admin_removed": "Admin removed",
  "team.role_changed": "Role changed",
  "team.ownership_transferred": "Ownership transferred",
  "auth.permission_denied": "Refused by role",
  "enquiry.exported": "Enquiries exported",
  "booking.exported": "Bookings exported",
  "team.two_factor_requirement_changed": "Two-factor requirement changed",
  "package.created": "Package created",
  "package.updated": "Package updated",
  "package.published": "Package published",
  "package.unpublished": "Package unpublished",
  "package.deleted": "Package deleted",
  "package.restored": "Package restored",
  "package.version_restored": "Package version restored",
  "package.reordered": "Packages reordered",
  "package.submitted_for_review": "Submitted for review",
  "package.review_approved": "Review approved",
  "package.review_sent_back": "Sent back from review",
  "package.translated": "Package translated",
  "package.translation_submitted_for_review": "Translation submitted for review",
  "package.translation_review_approved": "Translation review approved",
  "package.translation_review_sent_back": "Translation sent back from review",
  "package.translation_discarded": "Proposed translation discarded",
  "moment.translated": "Travel moment translated",
  "package.published_by_schedule": "Published by schedule",
  "package.unpublished_by_schedule": "Unpublished by schedule",
  "moment.created": "Travel moment added",
  "moment.updated": "Travel moment updated",
  "moment.deleted": "Travel moment deleted",
  "moment.reordered": "Travel moments reordered",
  "media.uploaded": "File uploaded",
  "enquiry.status_changed": "Enquiry status changed",
  "enquiry.deleted": "Enquiry deleted",
  "booking.requested": "Booking requested",
  "booking.confirmed": "Booking confirmed",
  "booking.cancelled": "Booking cancelled",
  "booking.expired": "Booking hold expired",
  "booking.waitlisted": "Joined the waiting list",
  "booking.link_resent": "Booking link sent again",
  "booking.offered": "Freed seats offered from the waiting list",
  "booking.hold_reminded": "Reminded that the hold ends soon",
  "booking.anonymised": "Personal data deleted (retention)",
  "booking.travellers_edited": "Travellers edited",
  "payment.checkout_started": "Card payment started",
  "payment.received": "Payment received",
  "payment.failed": "Payment failed",
  "payment.flagged": "Payment flagged for the team",
  "payment.refunded": "Refund made",
  "payment.refund_failed": "Refund failed",
  "payment.balance_reminded": "Reminded to pay the balance",
  "payment.balance_overdue": "Balance overdue",
  "settings.deposit_rule_changed": "Deposit rule changed",
  "booking.moved": "Moved to another date",
  "settings.booking_terms_changed": "Booking terms changed",
  "settings.company_texts_changed": "Company texts translated",
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type;
}

/** Detail keys shown in words, in this order; anything else is left out of the summary. */
const DETAIL_WORDS: [key: string, label: string][] = [
  ["title", "Title"],
  ["reference", "Booking"],
  ["travellers", "Travellers"],
  ["kind", "Kind"],
  ["via", "Via"],
  ["reason", "Reason"],
  ["name", "Name"],
  ["from", "From"],
  ["to", "To"],
  ["status", "Status"],
  ["role", "Role"],
  ["permission", "Needed"],
  ["method", "Method"],
  ["path", "Address"],
  ["intent", "Action"],
  ["count", "Count"],
  ["moved", "Cards moved"],
  ["restored_from", "Restored from version"],
  ["folder", "Folder"],
  ["file", "File"],
  ["value", "Value"],
  ["language", "Language"],
  ["publication", "Translation"],
];

/** One line from an event's details: its changes in words, then the known keys. */
export function describeDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  const changes = details.changes;
  if (Array.isArray(changes)) {
    for (const change of changes.slice(0, 8)) if (typeof change === "string") parts.push(change);
    if (changes.length > 8) parts.push(`and ${changes.length - 8} more changes`);
  }
  for (const [key, label] of DETAIL_WORDS) {
    const value = details[key];
    if (key === "kind" && typeof value === "string" && value in PACKAGE_KIND_INFO)
      parts.push(`${label}: ${PACKAGE_KIND_INFO[value as PackageKind].nouns.one}`);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      parts.push(`${label}: ${String(value)}`);
    else if (value === null && key === "name") parts.push(`${label}: none`);
  }
  return parts.join(" · ");
}

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityFilter {
  /** An admin's id: events about or by them. */
  adminId?: string;
  /** A group ("package") or one exact type ("package.published"). */
  type?: string;
  /** Company-time-zone days, inclusive, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export interface ActivityQuery {
  filter: ActivityFilter;
  page: number;
  /** What was wrong with the URL's parameters (each such value is ignored). */
  notices: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const shown = (value: string) => value.replace(/[^\x20-\x7E]/g, "").slice(0, 40);

export function parseActivityQuery(params: URLSearchParams): ActivityQuery {
  const notices: string[] = [];
  const filter: ActivityFilter = {};
  const admin = params.get("admin") ?? "";
  if (UUID.test(admin)) filter.adminId = admin.toLowerCase();
  else if (admin) notices.push("Unknown admin filter: showing every admin.");
  const type = params.get("type") ?? "";
  if (type && type.length <= 60 && EVENT_TYPE_PATTERN.test(type)) filter.type = type;
  else if (type) notices.push(`Unknown kind of event "${shown(type)}": showing every kind.`);
  for (const key of ["from", "to"] as const) {
    const value = params.get(key) ?? "";
    if (value && isRealDay(value)) filter[key] = value;
    else if (value)
      notices.push(
        `"${shown(value)}" is not a date (YYYY-MM-DD): the ${key === "from" ? "start" : "end"} of the range is ignored.`,
      );
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    notices.push("The range ends before it starts: showing every date.");
    delete filter.from;
    delete filter.to;
  }
  const pageText = params.get("page") ?? "1";
  let page = Number(pageText);
  if (!/^\d{1,6}$/.test(pageText) || page < 1) {
    notices.push(`Unknown page "${shown(pageText)}": showing the first page.`);
    page = 1;
  }
  return { filter, page, notices };
}

/** The query string for these filters and page (empty values left out). */
export function activityQueryString(filter: ActivityFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.adminId) params.set("admin", filter.adminId);
  if (filter.type) params.set("type", filter.type);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The instant a company day (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let guess = midnightUtc - zoneOffsetMs(timeZone, midnightUtc);
  // Once more at the guess itself, in case a DST change lies between the two instants.
  guess = midnightUtc - zoneOffsetMs(timeZone, guess);
  return new Date(guess);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
