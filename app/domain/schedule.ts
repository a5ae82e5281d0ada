import { SCHEDULE_MESSAGES } from "./schedule-messages";
import type { PackageStatus } from "./schemas";
import { zoneOffsetMs } from "./time-zone";
import { dateTimeFormat } from "./intl";

export { SCHEDULE_MESSAGES } from "./schedule-messages";

/*
 * Scheduled publish and unpublish (decision 093). Staff type a wall-clock time in the
 * company's time zone (SITE_TIME_ZONE); it is stored as an instant (UTC). The rules below are the
 * one source of what a schedule may be: the forms (in the browser and on the server) and the
 * service (API and forms, with the clock) all ask them.
 */

export const SCHEDULE_FIELDS = ["publish_at", "unpublish_at"] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * A `datetime-local` value ("2027-03-01T08:00") read in `timeZone`; undefined when it is not a
 * real date and time. A time skipped by a daylight-saving change reads as the first valid one.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date | undefined {
  const m = LOCAL.exec(local.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (
    year < 1000 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    return undefined;
  // Two passes settle the offset, also across a daylight-saving change.
  let instant = wall - zoneOffsetMs(timeZone, wall);
  instant = wall - zoneOffsetMs(timeZone, instant);
  return new Date(instant);
}

/** The `datetime-local` value that shows `instant` in `timeZone` ("2027-03-01T08:00"). */
export function utcToZonedLocal(instant: Date | string, timeZone: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const shifted = new Date(date.getTime() + zoneOffsetMs(timeZone, date.getTime()));
  return shifted.toISOString().slice(0, 16);
}

/** "1 Mar 08:00" in the company's time zone; the year is added when it is not this year's. */
export function formatScheduleMoment(
  instant: Date | string,
  timeZone: string,
  now: Date = new Date(),
): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const parts = dateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const thisYear = dateTimeFormat("en-GB", { timeZone, year: "numeric" }).format(now);
  const year = get("year");
  return `${get("day")} ${get("month")}${year !== thisYear ? ` ${year}` : ""} ${get("hour")}:${get("minute")}`;
}

export interface ScheduleState {
  status: PackageStatus;
  publish_at: string | null;
  unpublish_at: string | null;
}

const time = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());

/**
 * What is wrong with a schedule, by field. Without `now` only the rules that do not depend on the
 * clock apply (the forms in the browser). With `now`, a value that changed from `previous` must be
 * in the future; an unchanged one may have just fallen due and is left for the runner.
 */
export function scheduleProblems(
  next: ScheduleState,
  options: { now?: Date; previous?: Pick<ScheduleState, ScheduleField> } = {},
): Partial<Record<ScheduleField, string[]>> {
  const problems: Partial<Record<ScheduleField, string[]>> = {};
  const add = (field: ScheduleField, message: string) => (problems[field] ??= []).push(message);
  const publishAt = time(next.publish_at);
  const unpublishAt = time(next.unpublish_at);
  if (publishAt !== null && next.status === "published")
    add("publish_at", SCHEDULE_MESSAGES.publishedWithPublishAt);
  if (unpublishAt !== null && publishAt === null && next.status === "draft")
    add("unpublish_at", SCHEDULE_MESSAGES.draftUnpublishOnly);
  if (publishAt !== null && unpublishAt !== null && unpublishAt <= publishAt)
    add("unpublish_at", SCHEDULE_MESSAGES.unpublishBeforePublish);
  if (options.now) {
    const now = options.now.getTime();
    const changed = (field: ScheduleField) =>
      time(next[field]) !== time(options.previous?.[field] ?? null);
    if (publishAt !== null && publishAt <= now && changed("publish_at"))
      add("publish_at", SCHEDULE_MESSAGES.publishPast);
    if (unpublishAt !== null && unpublishAt <= now && changed("unpublish_at"))
      add("unpublish_at", SCHEDULE_MESSAGES.unpublishPast);
  }
  return problems;
}
