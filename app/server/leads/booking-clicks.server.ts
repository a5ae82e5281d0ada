import { createHmac, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../platform/db.server";
import { clientAddressKey } from "./client-address.server";

/*
 * Book Now clicks per package per day: a counter row per (day, target), where target is
 * a package id or 'general'. Nothing about the visitor is stored.
 *
 * Decision 117: a visitor counts once per target per day. They are told apart by an HMAC of their
 * address (an IPv6 client's /64), user agent and the target, keyed with a random salt of the day;
 * the salt and the hashes are deleted as soon as the day is over, so no address or user agent is
 * stored, and yesterday's hashes can neither be recomputed nor linked to today's.
 */

export const GENERAL = "general";

/** The `count` days ending with `today`, oldest first (YYYY-MM-DD). */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The day's salt, made by whichever click comes first; earlier days' salts and hashes go. */
async function saltOf(db: Db, day: string): Promise<string> {
  const existing = await db
    .selectFrom("booking_click_salts")
    .select("salt")
    .where(sql<boolean>`day = ${day}::date`)
    .executeTakeFirst();
  if (existing) return existing.salt;
  await db
    .deleteFrom("booking_click_salts")
    .where(sql<boolean>`day < ${day}::date`)
    .execute();
  await db
    .deleteFrom("booking_click_visitors")
    .where(sql<boolean>`day < ${day}::date`)
    .execute();
  await db
    .insertInto("booking_click_salts")
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("booking_click_salts")
    .select("salt")
    .where(sql<boolean>`day = ${day}::date`)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * True the first time this visitor opens this target today (recorded as a salted hash), false
 * after that.
 */
async function firstVisitToday(
  db: Db,
  target: string,
  day: string,
  visitor: { ip: string; userAgent: string },
): Promise<boolean> {
  const salt = await saltOf(db, day);
  const hash = createHmac("sha256", salt)
    .update(`${clientAddressKey(visitor.ip)}\n${visitor.userAgent}\n${target}`)
    .digest("base64url");
  const inserted = await db
    .insertInto("booking_click_visitors")
    .values({ day, visitor: hash })
    .onConflict((oc) => oc.columns(["day", "visitor"]).doNothing())
    .returning("visitor")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Counts a click on `target` for `day`; with `visitor`, only its first click on that target that
 * day. Returns whether it counted.
 */
export async function countClick(
  db: Db,
  target: string,
  day: string,
  visitor?: { ip: string; userAgent: string },
): Promise<boolean> {
  if (visitor && !(await firstVisitToday(db, target, day, visitor))) return false;
  await db
    .insertInto("booking_clicks")
    .values({ day, target, clicks: 1 })
    .onConflict((oc) =>
      oc.columns(["day", "target"]).doUpdateSet({ clicks: sql`booking_clicks.clicks + 1` }),
    )
    .execute();
  return true;
}

/** Clicks per package id over the `days` days ending `today` (the admin cards). */
export async function clicksByPackage(
  db: Db,
  today: string,
  days = 30,
): Promise<Map<string, number>> {
  const from = lastDays(today, days)[0]!;
  const rows = await db
    .selectFrom("booking_clicks")
    .select(["target", sql<string>`sum(clicks)`.as("n")])
    .where("target", "!=", GENERAL)
    .where(sql<boolean>`day >= ${from}::date`)
    .where(sql<boolean>`day <= ${today}::date`)
    .groupBy("target")
    .execute();
  return new Map(rows.map((r) => [r.target, Number(r.n)]));
}

export interface DayCount {
  day: string;
  count: number;
}

/** All clicks (packages and general) per day over the `days` days ending `today`, zeros kept. */
export async function clicksPerDay(db: Db, today: string, days = 30): Promise<DayCount[]> {
  const range = lastDays(today, days);
  const rows = await db
    .selectFrom("booking_clicks")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("d"), sql<string>`sum(clicks)`.as("n")])
    .where(sql<boolean>`day >= ${range[0]!}::date`)
    .where(sql<boolean>`day <= ${today}::date`)
    .groupBy("day")
    .execute();
  const byDay = new Map(rows.map((r) => [r.d, Number(r.n)]));
  return range.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

export interface TopTarget {
  target: string;
  title: string | null;
  clicks: number;
}

/** Packages (and the general chat) by clicks over the period, most first. */
export async function topTargets(
  db: Db,
  today: string,
  days = 30,
  limit = 10,
): Promise<TopTarget[]> {
  const from = lastDays(today, days)[0]!;
  const rows = await db
    .selectFrom("booking_clicks as c")
    .leftJoin("packages as p", (join) => join.on(sql`p.id::text`, "=", sql.ref("c.target")))
    .select(["c.target", "p.title", sql<string>`sum(c.clicks)`.as("n")])
    .where(sql<boolean>`c.day >= ${from}::date`)
    .where(sql<boolean>`c.day <= ${today}::date`)
    .groupBy(["c.target", "p.title"])
    .orderBy("n", "desc")
    .orderBy("c.target")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ target: r.target, title: r.title, clicks: Number(r.n) }));
}
