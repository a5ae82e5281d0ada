import { scheduleProblems, type ScheduleField, type ScheduleState } from "~/domain/schedule";
import type { PackageInput, PackageStatus } from "~/domain/schemas";
import { badRequest } from "../platform/errors.server";

/*
 * The schedule of a package write (decision 093): what publish_at / unpublish_at become
 * when a form or API client saves, refused with field messages when they make no sense.
 */

/** What the row holds before the write (nothing for a new package). */
export interface StoredSchedule {
  status: PackageStatus;
  publish_at: Date | string | null;
  unpublish_at: Date | string | null;
}

const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The schedule columns to write. A field the input leaves out keeps its stored value, and a
 * manual status change clears the pending action it replaces, as the list's Publish / Unpublish
 * buttons do: publishing now clears Publish at, unpublishing (with no Publish at) clears Unpublish
 * at, when the input leaves the time out or sends it back unchanged (a form posts every field).
 * A changed time that contradicts the status is refused. Throws a 400 with `details` by field.
 */
export function scheduleColumns(
  input: Pick<PackageInput, "status" | "publish_at" | "unpublish_at">,
  stored: StoredSchedule | undefined,
  now: Date,
): { publish_at: string | null; unpublish_at: string | null } {
  const previous = {
    publish_at: isoOrNull(stored?.publish_at ?? null),
    unpublish_at: isoOrNull(stored?.unpublish_at ?? null),
  };
  const statusChanged = stored !== undefined && stored.status !== input.status;
  /** Left out, or (with a status change) sent back as stored: the time yields to the change. */
  const yields = (field: ScheduleField) =>
    input[field] === undefined || (statusChanged && input[field] === previous[field]);
  const next: ScheduleState = {
    status: input.status,
    publish_at: input.publish_at === undefined ? previous.publish_at : input.publish_at,
    unpublish_at: input.unpublish_at === undefined ? previous.unpublish_at : input.unpublish_at,
  };
  if (next.status === "published" && yields("publish_at")) next.publish_at = null;
  if (next.status === "draft" && next.publish_at === null && yields("unpublish_at"))
    next.unpublish_at = null;
  const problems = scheduleProblems(next, { now, previous });
  const first = problems.publish_at?.[0] ?? problems.unpublish_at?.[0];
  if (first) throw badRequest(first, problems as Record<string, string[]>);
  return { publish_at: next.publish_at, unpublish_at: next.unpublish_at };
}

/** The columns a manual publish or unpublish also sets: it clears the matching pending action. */
export function manualStatusColumns(status: PackageStatus) {
  return status === "published" ? { publish_at: null } : { unpublish_at: null };
}
