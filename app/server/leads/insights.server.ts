import { siteKindInfo } from "~/domain/site-kinds";
import type { SiteConfig } from "~/domain/site";
import type { Db } from "../platform/db.server";
import { dayIn } from "~/domain/intl";
import { clicksPerDay, GENERAL, lastDays, topTargets } from "./booking-clicks.server";

/** /admin/insights: the last 30 days of Book Now clicks and new enquiries. */
export const INSIGHT_DAYS = 30;

export interface InsightDay {
  day: string;
  clicks: number;
  enquiries: number;
}

export interface InsightTop {
  label: string;
  href: string | null;
  clicks: number;
}

export interface Insights {
  days: InsightDay[];
  totalClicks: number;
  totalEnquiries: number;
  top: InsightTop[];
}

/** New enquiries per day in the company's time zone (bucketed here: no time-zone SQL needed). */
async function enquiriesPerDay(db: Db, timeZone: string, range: string[], now: Date) {
  const since = new Date(now.getTime() - (range.length + 1) * 86_400_000);
  const rows = await db
    .selectFrom("enquiries")
    .select("created_at")
    .where("created_at", ">=", since)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const day = dayIn(timeZone, new Date(row.created_at));
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

export async function loadInsights(
  db: Db,
  site: Pick<SiteConfig, "timeZone">,
  now: Date = new Date(),
): Promise<Insights> {
  const today = dayIn(site.timeZone, now);
  const range = lastDays(today, INSIGHT_DAYS);
  const clicks = await clicksPerDay(db, today, INSIGHT_DAYS);
  const enquiries = await enquiriesPerDay(db, site.timeZone, range, now);
  const days = clicks.map((c) => ({
    day: c.day,
    clicks: c.count,
    enquiries: enquiries.get(c.day) ?? 0,
  }));
  const top = await topTargets(db, today, INSIGHT_DAYS);
  const kinds = new Map(
    (
      await db
        .selectFrom("packages")
        .select(["id", "kind"])
        // A deleted package has no public page to link to.
        .where("deleted_at", "is", null)
        .where(
          "id",
          "in",
          top
            .filter((t) => t.title)
            .map((t) => t.target)
            .concat(["00000000-0000-0000-0000-000000000000"]),
        )
        .execute()
    ).map((r) => [r.id, r.kind]),
  );
  return {
    days,
    totalClicks: days.reduce((n, d) => n + d.clicks, 0),
    totalEnquiries: days.reduce((n, d) => n + d.enquiries, 0),
    top: top.map((t) => {
      const kind = kinds.get(t.target);
      return {
        label:
          t.target === GENERAL
            ? "General chat (header, flights, hotels)"
            : (t.title ?? "A package that no longer exists"),
        href: kind ? siteKindInfo(kind).detailPath(t.target) : null,
        clicks: t.clicks,
      };
    }),
  };
}
