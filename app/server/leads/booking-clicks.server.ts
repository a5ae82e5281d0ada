import { sql } from "kysely";
import type { Db } from "../platform/db.server";

/*
 * Book Now clicks per package per day (issue 18): a counter row per (day, target), where target is
 * a package id or 'general'. Nothing about the visitor is stored.
 */

export const GENERAL = "general";

/** YYYY-MM-DD of `at` in `timeZone`. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The `count` days ending with `today`, oldest first (YYYY-MM-DD). */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export async function countClick(db: Db, target: string, day: string): Promise<void> {
  await db
    .insertInto("booking_clicks")
    .values({ day, target, clicks: 1 })
    .onConflict((oc) =>
      oc.columns(["day", "target"]).doUpdateSet({ clicks: sql`booking_clicks.clicks + 1` }),
    )
    .execute();
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
