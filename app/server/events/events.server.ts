import type { Db } from "../platform/db.server";
import { currentRequestOrigin } from "./request-origin.server";

/*
 * The audit trail: one append-only table, written only here. Call recordEvent with the
 * same `db` (transaction) as the change it describes, so an event exists exactly when its change
 * does. The table refuses UPDATEs (a trigger); only a retention job may delete old rows.
 */

export const EVENT_TYPES = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.second_factor",
  "auth.second_factor_failed",
  "auth.sign_out",
  "auth.access_confirmed",
  "account.password_changed",
  "account.password_reset",
  "account.name_changed",
  "account.two_factor_enabled",
  "account.two_factor_disabled",
  "account.recovery_code_used",
  "account.recovery_codes_regenerated",
  "account.email_added",
  "account.email_verified",
  "account.email_made_primary",
  "account.email_deleted",
  "team.invitation_sent",
  "team.invitation_accepted",
  "team.invitation_withdrawn",
  "team.admin_removed",
  // Roles (decision 125): a role changed, ownership handed over, a request the role refused.
  "team.role_changed",
  "team.ownership_transferred",
  "auth.permission_denied",
  // Exports of personal data (enquiries, bookings) as CSV.
  "enquiry.exported",
  "booking.exported",
  "enquiry.status_changed",
  "enquiry.deleted",
  "team.two_factor_requirement_changed",
  // Content events, recorded with each version (catalogue/versions.server.ts) and by
  // the writes that make none (reorders, uploads, a moment deleted).
  "package.created",
  "package.updated",
  "package.published",
  "package.unpublished",
  "package.deleted",
  "package.restored",
  "package.version_restored",
  "package.published_by_schedule",
  "package.unpublished_by_schedule",
  "package.reordered",
  // Review before publishing (decision 132).
  "package.submitted_for_review",
  "package.review_approved",
  "package.review_sent_back",
  "package.translation_submitted_for_review",
  "package.translation_review_approved",
  "package.translation_review_sent_back",
  "package.translation_discarded",
  // Translated content (decision 139): which language of which package or moment changed.
  "package.translated",
  "moment.translated",
  "moment.created",
  "moment.updated",
  "moment.deleted",
  "moment.reordered",
  "media.uploaded",
  // Bookings (decision 118): each change of a booking's status, with who made it.
  "booking.requested",
  "booking.confirmed",
  "booking.cancelled",
  "booking.expired",
  "booking.waitlisted",
  "booking.link_resent",
  // Booking operations (decision 121): a waiting-list place offered freed seats, the reminder
  // that a hold ends soon, and a booking's personal data deleted after its retention period.
  "booking.offered",
  "booking.hold_reminded",
  "booking.anonymised",
  "booking.travellers_edited",
  "booking.moved",
  "settings.booking_terms_changed",
  // Payments (decisions 130, 131): a Checkout Session started, a payment received, and an event
  // whose amount or currency did not match (not applied, the booking flagged).
  "payment.checkout_started",
  "payment.received",
  "payment.failed",
  "payment.flagged",
  // The staff half (decisions 135, 136): refunds, balance reminders and overdue balances, and
  // the company's deposit rule changed in Settings.
  "payment.refunded",
  "payment.refund_failed",
  "payment.balance_reminded",
  "payment.balance_overdue",
  "settings.deposit_rule_changed",
  // The company's texts in a language other than the default (decision 150).
  "settings.company_texts_changed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface EventInput {
  type: EventType;
  /** The account the event is about. */
  adminId?: string | null;
  /** Who caused it, when not the account itself (an admin removing another). */
  actorId?: string | null;
  /** The address involved (a failed sign-in names no account). */
  email?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, string | number | boolean | null | string[]>;
}

/** What the request tells about its sender, for events (defined beside the request scope). */
export type { RequestOrigin } from "./request-origin.server";

const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

export async function recordEvent(db: Db, event: EventInput): Promise<void> {
  const row = eventRecord(event);
  await db
    .insertInto("events")
    .values({ ...row, details: JSON.stringify(row.details) })
    .execute();
}

/**
 * The row recordEvent writes, its details as an object, for a statement that writes its event
 * itself (one round trip).
 */
export function eventRecord(event: EventInput) {
  // Without an origin (or admin) of its own, an event written during a request takes that
  // request's: the address, the browser, and the admin the guards let through.
  const scope = currentRequestOrigin();
  const origin = event.ip === undefined ? scope : undefined;
  return {
    type: event.type,
    admin_id: event.adminId === undefined ? (scope?.adminId ?? null) : event.adminId,
    actor_id: event.actorId ?? null,
    email: clip(event.email?.trim().toLowerCase(), 320),
    ip: clip(event.ip ?? origin?.ip, 100),
    user_agent: clip(event.userAgent ?? origin?.userAgent, 500),
    details: event.details ?? {},
  };
}

export interface EventRow {
  id: string;
  type: string;
  adminId: string | null;
  actorId: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Newest first; for one account when `adminId` is given. */
export async function listEvents(
  db: Db,
  options: { adminId?: string; type?: EventType; limit?: number } = {},
): Promise<EventRow[]> {
  let query = db.selectFrom("events").selectAll();
  if (options.adminId) query = query.where("admin_id", "=", options.adminId);
  if (options.type) query = query.where("type", "=", options.type);
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("seq", "desc")
    .limit(Math.min(Math.max(options.limit ?? 100, 1), 1000))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    adminId: r.admin_id,
    actorId: r.actor_id,
    email: r.email,
    ip: r.ip,
    userAgent: r.user_agent,
    details: r.details,
    createdAt: new Date(r.created_at),
  }));
}
