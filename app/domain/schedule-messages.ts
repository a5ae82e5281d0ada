/**
 * Why a schedule is refused: said by the rules (schedule.ts, which re-exports these) and by the
 * API schema (schemas.ts). A file of its own, so schemas.ts need not import schedule.ts (which
 * imports schemas.ts).
 */
export const SCHEDULE_MESSAGES = {
  localFormat: "Enter both a date and a time, or leave the field empty",
  isoFormat:
    "Must be an ISO 8601 date and time with an offset, for example 2027-03-01T08:00:00+02:00, or null",
  publishPast: "Publish at must be in the future",
  unpublishPast: "Unpublish at must be in the future",
  unpublishBeforePublish: "Unpublish at must be after Publish at",
  publishedWithPublishAt:
    "This package is already published: clear Publish at, or set the status to Draft to have it published at that time",
  draftUnpublishOnly:
    "A draft is not on the site: set Publish at as well, or publish it now, before scheduling when it comes down",
} as const;
