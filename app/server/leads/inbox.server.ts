import {
  ENQUIRY_LIMITS,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatusValue,
} from "~/domain/enquiry";
import { isUuid, stripInvisible } from "~/domain/schemas";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import {
  deleteEnquiry,
  getEnquiry,
  INBOX_PAGE_SIZE,
  listEnquiries,
  updateEnquiry,
  type InboxFilter,
} from "./enquiries.server";

/*
 * The back office's enquiries inbox: filters, search and page from URL parameters, and
 * the three changes an admin makes to an enquiry (status, notes, delete), each recorded as an event
 * where it matters for accountability (status changes, deletions for privacy requests).
 */

const isStatus = (value: string): value is EnquiryStatusValue =>
  (ENQUIRY_STATUSES as readonly string[]).includes(value);

export interface InboxQuery {
  filter: InboxFilter;
  page: number;
  /** What was wrong with the URL's parameters (they were ignored). */
  notices: string[];
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const notices: string[] = [];
  const filter: InboxFilter = {};
  const status = params.get("status") ?? "";
  if (status && isStatus(status)) filter.status = status;
  else if (status) notices.push(`Unknown status "${status.slice(0, 40)}": showing every status.`);
  const pkg = params.get("package") ?? "";
  if (pkg === "none" || isUuid(pkg)) filter.packageId = pkg;
  else if (pkg) notices.push("Unknown package filter: showing every package.");
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

export async function loadInbox(db: Db, params: URLSearchParams) {
  const query = parseInboxQuery(params);
  const { items, total } = await listEnquiries(db, query.filter, query.page);
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  return { ...query, items, total, pages };
}

export type EnquiryActionResult =
  | { kind: "done"; message: string; redirectTo: string }
  | { kind: "error"; status: 400 | 404; error: string; intent: string };

export interface EnquiryActionContext {
  adminId: string;
  origin: RequestOrigin;
}

export async function enquiryAction(
  db: Db,
  id: string,
  form: FormData,
  context: EnquiryActionContext,
): Promise<EnquiryActionResult> {
  const intent = String(form.get("intent") ?? "");
  const missing = (): EnquiryActionResult => ({
    kind: "error",
    status: 404,
    intent,
    error: "This enquiry no longer exists.",
  });
  const enquiry = isUuid(id) ? await getEnquiry(db, id) : undefined;
  if (!enquiry) return missing();
  const here = `/admin/enquiries/${id}`;
  const event = (type: "enquiry.status_changed" | "enquiry.deleted", details: object) => ({
    type,
    actorId: context.adminId,
    ip: context.origin.ip,
    userAgent: context.origin.userAgent,
    details: { enquiryId: id, ...details } as Record<string, string>,
  });

  if (intent === "status") {
    const status = String(form.get("status") ?? "");
    if (!isStatus(status)) {
      return { kind: "error", status: 400, intent, error: "Choose New, Replied or Closed." };
    }
    if (status === enquiry.status) {
      return {
        kind: "done",
        message: `Status is ${ENQUIRY_STATUS_LABELS[status]}.`,
        redirectTo: here,
      };
    }
    const changed = await inTransaction(db, async (trx) => {
      if (!(await updateEnquiry(trx, id, { status }))) return false;
      await recordEvent(trx, event("enquiry.status_changed", { from: enquiry.status, to: status }));
      return true;
    });
    if (!changed) return missing();
    return {
      kind: "done",
      message: `Marked as ${ENQUIRY_STATUS_LABELS[status]}.`,
      redirectTo: here,
    };
  }
  if (intent === "notes") {
    const raw = form.get("notes");
    if (typeof raw !== "string") {
      return { kind: "error", status: 400, intent, error: "The notes were not sent." };
    }
    const notes = stripInvisible(raw).trim();
    if (notes.length > ENQUIRY_LIMITS.notes) {
      return {
        kind: "error",
        status: 400,
        intent,
        error: `Notes must be at most ${ENQUIRY_LIMITS.notes} characters.`,
      };
    }
    if (!(await updateEnquiry(db, id, { notes }))) return missing();
    return { kind: "done", message: "Notes saved.", redirectTo: here };
  }
  if (intent === "delete") {
    const deleted = await inTransaction(db, async (trx) => {
      if (!(await deleteEnquiry(trx, id))) return false;
      // No personal data in the trail: the point of deleting is that it is gone.
      await recordEvent(trx, event("enquiry.deleted", {}));
      return true;
    });
    if (!deleted) return missing();
    return { kind: "done", message: "Enquiry deleted.", redirectTo: "/admin/enquiries" };
  }
  return { kind: "error", status: 400, intent, error: "Unknown action." };
}
