import {
  ACTIVITY_GROUPS,
  ACTIVITY_PAGE_SIZE,
  describeDetails,
  eventLabel,
  nextDay,
  parseActivityQuery,
  startOfDayIn,
  type ActivityFilter,
} from "~/domain/activity";
import { formatReceived } from "~/domain/dates";
import { describeUserAgent } from "~/domain/user-agent";
import type { Db } from "../platform/db.server";

/*
 * /admin/activity: the events table read back, newest first, filtered by admin, kind of
 * event and company-time-zone dates, one page at a time. Read-only: the table refuses updates and
 * no route deletes from it (only the retention job prunes old rows).
 */

export interface ActivityEntry {
  id: string;
  at: string;
  /** ISO instant, for a <time> element. */
  atIso: string;
  type: string;
  label: string;
  /** Who acted: a name or e-mail, "System" for scheduled work, or the address tried. */
  who: string;
  /** The account the event is about, when that is someone other than who acted. */
  subject: string | null;
  summary: string;
  ip: string | null;
  browser: string | null;
}

function applyFilter(
  query: ReturnType<typeof baseQuery>,
  filter: ActivityFilter,
  timeZone: string,
) {
  let q = query;
  if (filter.adminId) {
    const id = filter.adminId;
    q = q.where((eb) => eb.or([eb("e.admin_id", "=", id), eb("e.actor_id", "=", id)]));
  }
  if (filter.type) {
    const type = filter.type;
    q = type.includes(".")
      ? q.where("e.type", "=", type)
      : q.where("e.type", "like", `${type.replace(/_/g, "\\_")}.%`);
  }
  if (filter.from) q = q.where("e.created_at", ">=", startOfDayIn(filter.from, timeZone));
  if (filter.to) q = q.where("e.created_at", "<", startOfDayIn(nextDay(filter.to), timeZone));
  return q;
}

const baseQuery = (db: Db) => db.selectFrom("events as e");

function display(admin: { name: string | null; email: string | null } | undefined) {
  if (!admin) return null;
  return admin.name ? `${admin.name} (${admin.email ?? "removed"})` : admin.email;
}

/**
 * The activity log's page. Without `showAddresses` (a role without personal data, decision 125),
 * the network addresses and the addresses typed into failed sign-ins are left out.
 */
export async function loadActivity(
  db: Db,
  params: URLSearchParams,
  timeZone: string,
  { showAddresses = true }: { showAddresses?: boolean } = {},
) {
  const query = parseActivityQuery(params);
  const filtered = applyFilter(baseQuery(db), query.filter, timeZone);
  const { count } = await filtered
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  // Past the last page: the last page (its links say where the list ends).
  const page = Math.min(query.page, pages);
  const rows = await filtered
    .selectAll("e")
    .orderBy("e.created_at", "desc")
    .orderBy("e.seq", "desc")
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .execute();
  const admins = await db
    .selectFrom("admins")
    .select(["id", "email", "name"])
    .orderBy("email")
    .execute();
  const byId = new Map(admins.map((a) => [a.id, a]));
  const entries: ActivityEntry[] = rows.map((row) => {
    const actorId = row.actor_id ?? row.admin_id;
    const actor = actorId ? byId.get(actorId) : undefined;
    const subject =
      row.actor_id && row.admin_id && row.actor_id !== row.admin_id
        ? (display(byId.get(row.admin_id)) ?? row.email)
        : null;
    const who =
      display(actor) ??
      (actorId ? `Removed admin${row.email ? ` (${row.email})` : ""}` : null) ??
      (row.type.startsWith("auth.") && row.email
        ? showAddresses
          ? row.email
          : "Someone (address hidden)"
        : "System");
    const createdAt = new Date(row.created_at);
    return {
      id: row.id,
      at: formatReceived(createdAt, timeZone),
      atIso: createdAt.toISOString(),
      type: row.type,
      label: eventLabel(row.type),
      who,
      subject,
      summary: describeDetails(row.details),
      ip: showAddresses ? row.ip : null,
      browser: row.user_agent ? describeUserAgent(row.user_agent) : null,
    };
  });
  const present = await db.selectFrom("events").select("type").distinct().orderBy("type").execute();
  return {
    ...query,
    addressesHidden: !showAddresses,
    page,
    total,
    pages,
    entries,
    admins: admins.map((a) => ({ id: a.id, label: a.name ? `${a.name} (${a.email})` : a.email })),
    groups: ACTIVITY_GROUPS.map((group) => ({
      ...group,
      types: present
        .map((p) => p.type)
        .filter((type) => type.startsWith(`${group.value}.`))
        .map((type) => ({ value: type, label: eventLabel(type) })),
    })),
  };
}

export type ActivityView = Awaited<ReturnType<typeof loadActivity>>;
