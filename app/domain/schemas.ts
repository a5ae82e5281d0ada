import "./zod-jitless";
import { z } from "zod";
import { checkMediaUrl } from "./media-url";
import { SCHEDULE_MESSAGES } from "./schedule-messages";

export const PACKAGE_KINDS = ["trip", "exclusive", "local", "discovery"] as const;
export const packageKindSchema = z.enum(PACKAGE_KINDS);
export type PackageKind = z.infer<typeof packageKindSchema>;

export const packageStatusSchema = z.enum(["draft", "published"]);
export type PackageStatus = z.infer<typeof packageStatusSchema>;

export const videoTypeSchema = z.enum(["upload", "url"]);
export type VideoType = z.infer<typeof videoTypeSchema>;

export const LIMITS = {
  packageImages: 4,
  packageVideos: 6,
  travelMoments: 7,
  homeSectionSize: 6,
  videoBytes: 62_914_560,
  jsonBodyBytes: 1_048_576,
  title: 200,
  shortText: 200,
  longText: 10_000,
  listItem: 500,
  listItems: 50,
  url: 2048,
  departures: 100,
  faqs: 50,
  faqQuestion: 300,
  altText: 250,
  ratingSource: 100,
  adminName: 100,
} as const;

export const MESSAGES = {
  titleRequired: "Please enter a title",
  requiredFields: "Please fill in all required fields",
  momentTitleRequired: "Title is required",
  momentVideoRequired: "Please select a video file to upload",
  momentVideoTooLarge:
    "Video file must be less than 60MB. Please compress your video or choose a smaller file.",
  momentVideoType: "Please upload a valid video file (MP4, AVI, MOV, WMV, FLV, WebM)",
  momentsMax: "Maximum of 7 travel moments videos reached. Remove a video to add a new one.",
  videoUrlRequired: "Please enter a video URL",
  packageVideoTooLarge: (file: string) => `File "${file}" is too large. Maximum size is 60MB.`,
} as const;

/** A media variant produced by sharp: one width in one format. */
export const mediaVariantSchema = z.object({
  key: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(["webp", "avif", "jpeg", "png"]),
});
export type MediaVariant = z.infer<typeof mediaVariantSchema>;

/**
 * Bidirectional overrides/isolates, zero-width spaces, BOMs, soft hyphens and C0/C1 controls
 * (except tab, line feed, carriage return) let a title read differently from what it is, e.g. in
 * the admin lists; they are stripped from every text field on input. ZWJ/ZWNJ stay (emoji,
 * Persian, Indic scripts need them). Decision 033. Line breaks are stored as LF: browsers post a
 * textarea's breaks as CRLF, so a form save would otherwise rewrite what the API stored
 * (decision 067).
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/g;

export function stripInvisible(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(INVISIBLE, "");
}

const trimmed = (max: number) =>
  z
    .string()
    .overwrite(stripInvisible)
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });

export const itineraryDaySchema = z.object({
  day: trimmed(LIMITS.shortText).default(""),
  activity: trimmed(LIMITS.longText).default(""),
  accommodation: trimmed(LIMITS.shortText).default(""),
});
export type ItineraryDay = z.infer<typeof itineraryDaySchema>;

/** Blank entries are dropped on save (spec §5). */
const textList = z
  .array(
    z
      .string()
      .overwrite(stripInvisible)
      .max(LIMITS.listItem, {
        error: `List entries must be at most ${LIMITS.listItem} characters`,
      }),
    {
      error: "Must be a list of text",
    },
  )
  .max(LIMITS.listItems, { error: `At most ${LIMITS.listItems} entries` })
  .default([])
  .transform((items) => items.map((s) => s.trim()).filter((s) => s.length > 0));

const itineraryList = z
  .array(itineraryDaySchema, { error: "Must be a list of itinerary days" })
  .max(LIMITS.listItems, { error: `At most ${LIMITS.listItems} itinerary days` })
  .default([])
  .transform((days) =>
    days.filter((d) => d.day !== "" || d.activity !== "" || d.accommodation !== ""),
  );

export const DEPARTURE_STATUSES = ["available", "limited", "sold_out", "guaranteed"] as const;
export const departureStatusSchema = z.enum(DEPARTURE_STATUSES, {
  error: "Status must be one of available, limited, sold_out, guaranteed",
});
export type DepartureStatus = z.infer<typeof departureStatusSchema>;

/** A calendar date as YYYY-MM-DD that exists (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const DATE_MESSAGE = "Dates must be real dates written as YYYY-MM-DD";

export interface Departure {
  start_date: string;
  end_date: string | null;
  price: string | null;
  status: DepartureStatus;
  note: string | null;
}

const rowText = (max: number) => trimmed(max).nullish();

/**
 * One departure row as the form and the API send it. A blank row (nothing typed but the status,
 * as a form's empty row) is allowed here and dropped by the list, so errors keep the row's index.
 */
const departureRowSchema = z
  .object({
    start_date: rowText(20),
    end_date: rowText(20),
    price: rowText(LIMITS.shortText),
    status: departureStatusSchema.default("available"),
    note: rowText(LIMITS.shortText),
  })
  .superRefine((row, ctx) => {
    if (isBlankDeparture(row)) return;
    const start = row.start_date ?? "";
    const end = row.end_date ?? "";
    if (!start)
      ctx.addIssue({
        code: "custom",
        path: ["start_date"],
        message: "Please enter the start date",
      });
    else if (!isCalendarDate(start))
      ctx.addIssue({ code: "custom", path: ["start_date"], message: DATE_MESSAGE });
    if (end && !isCalendarDate(end))
      ctx.addIssue({ code: "custom", path: ["end_date"], message: DATE_MESSAGE });
    else if (end && isCalendarDate(start) && end < start)
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: "The end date must not be before the start date",
      });
  });

type DepartureRow = z.output<typeof departureRowSchema>;
const isBlankDeparture = (row: DepartureRow) =>
  !row.start_date && !row.end_date && !row.price && !row.note;

/** Blank rows dropped; stored in date order. */
const departureList = z
  .array(departureRowSchema, { error: "Must be a list of departures" })
  .max(LIMITS.departures, { error: `At most ${LIMITS.departures} departures` })
  .default([])
  .transform((rows): Departure[] =>
    rows
      .filter((row) => !isBlankDeparture(row))
      .map((row) => ({
        start_date: row.start_date ?? "",
        end_date: row.end_date || null,
        price: row.price || null,
        status: row.status,
        note: row.note || null,
      }))
      .sort((a, b) => a.start_date.localeCompare(b.start_date)),
  );

export interface Faq {
  question: string;
  answer: string;
}

const faqRowSchema = z
  .object({ question: rowText(LIMITS.faqQuestion), answer: rowText(LIMITS.longText) })
  .superRefine((row, ctx) => {
    if (!row.question && !row.answer) return;
    if (!row.question)
      ctx.addIssue({ code: "custom", path: ["question"], message: "Please enter the question" });
    if (!row.answer)
      ctx.addIssue({ code: "custom", path: ["answer"], message: "Please enter the answer" });
  });

const faqList = z
  .array(faqRowSchema, { error: "Must be a list of questions and answers" })
  .max(LIMITS.faqs, { error: `At most ${LIMITS.faqs} questions` })
  .default([])
  .transform((rows): Faq[] =>
    rows
      .filter((row) => row.question && row.answer)
      .map((row) => ({ question: row.question ?? "", answer: row.answer ?? "" })),
  );

/**
 * URLs are paths on this site (normalised; never one a browser sends to another host) or https
 * URLs elsewhere; never javascript: or data:. See checkMediaUrl.
 */
export const mediaUrlSchema = z
  .string()
  .trim()
  .min(1, { error: "URL is required" })
  .max(LIMITS.url)
  .transform((u, ctx) => {
    const checked = checkMediaUrl(u);
    if (checked.ok) return checked.url;
    ctx.issues.push({ code: "custom", message: checked.error, input: u });
    return z.NEVER;
  });

export const packageVideoInputSchema = z.object({
  type: videoTypeSchema.default("url"),
  url: z
    .string({ error: MESSAGES.videoUrlRequired })
    .trim()
    .min(1, { error: MESSAGES.videoUrlRequired })
    .pipe(mediaUrlSchema),
  title: trimmed(LIMITS.shortText)
    .optional()
    .transform((s) => (s ? s : undefined)),
  description: trimmed(LIMITS.longText)
    .optional()
    .transform((s) => (s ? s : undefined)),
  order: z.number().int().min(0).optional(),
});
export type PackageVideoInput = z.infer<typeof packageVideoInputSchema>;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(120, { error: "Slug must be at most 120 characters" })
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, {
    error: "Slug may contain only lowercase letters, digits and single hyphens",
  });

export const FOCAL_MESSAGE = "The focal point must be between 0 and 1";
const focal = z
  .number({ error: FOCAL_MESSAGE })
  .min(0, { error: FOCAL_MESSAGE })
  .max(1, { error: FOCAL_MESSAGE })
  .default(0.5);

export const imageDetailSchema = z.object({
  url: z.string().trim().max(LIMITS.url),
  alt: z
    .string()
    .overwrite(stripInvisible)
    .trim()
    .max(LIMITS.altText, { error: `Alt text must be at most ${LIMITS.altText} characters` })
    .default(""),
  focal_x: focal,
  focal_y: focal,
});
export type ImageDetailInput = z.output<typeof imageDetailSchema>;

/**
 * A scheduled change's moment as the API carries it: ISO 8601 with an offset ("Z" or "+02:00"),
 * normalised to UTC; null clears it. A time without an offset is refused: it names no instant.
 */
export const scheduleInstantSchema = z
  .string({ error: SCHEDULE_MESSAGES.isoFormat })
  .trim()
  .max(40, { error: SCHEDULE_MESSAGES.isoFormat })
  .pipe(z.iso.datetime({ offset: true, error: SCHEDULE_MESSAGES.isoFormat }))
  .transform((text, ctx) => {
    const date = new Date(text);
    if (Number.isNaN(date.getTime()) || !isCalendarDate(text.slice(0, 10))) {
      ctx.issues.push({ code: "custom", message: SCHEDULE_MESSAGES.isoFormat, input: text });
      return z.NEVER;
    }
    return date.toISOString();
  })
  .nullable();

export const RATING_MESSAGE = "Rating must be a number from 0 to 5";
export const REVIEW_COUNT_MESSAGE = "Number of reviews must be a whole number, 0 or more";

const basePackageInput = z.object({
  title: z
    .string({ error: MESSAGES.titleRequired })
    .overwrite(stripInvisible)
    .trim()
    .min(1, { error: MESSAGES.titleRequired })
    .max(LIMITS.title, { error: `Title must be at most ${LIMITS.title} characters` }),
  slug: slugSchema.optional().transform((s) => (s ? s : undefined)),
  description: trimmed(LIMITS.longText).default(""),
  location: trimmed(LIMITS.shortText).default(""),
  price: trimmed(LIMITS.shortText).default(""),
  duration: trimmed(LIMITS.shortText).default(""),
  travel_period: trimmed(LIMITS.shortText).default(""),
  rating: z
    .number({ error: RATING_MESSAGE })
    .min(0, { error: RATING_MESSAGE })
    .max(5, { error: RATING_MESSAGE })
    .nullable()
    .optional(),
  review_count: z
    .number({ error: REVIEW_COUNT_MESSAGE })
    .int({ error: REVIEW_COUNT_MESSAGE })
    .min(0, { error: REVIEW_COUNT_MESSAGE })
    .max(1_000_000, { error: REVIEW_COUNT_MESSAGE })
    .nullable()
    .optional(),
  rating_source: trimmed(LIMITS.ratingSource).default(""),
  status: packageStatusSchema.default("draft"),
  images: z
    .array(mediaUrlSchema)
    .max(LIMITS.packageImages, { error: `At most ${LIMITS.packageImages} images` })
    .default([]),
  videos: z
    .array(packageVideoInputSchema)
    .max(LIMITS.packageVideos, { error: `At most ${LIMITS.packageVideos} videos` })
    .default([]),
  highlights: textList,
  inclusions: textList,
  exclusions: textList,
  itinerary: itineraryList,
  departures: departureList,
  faqs: faqList,
  meeting_point: trimmed(LIMITS.listItem).default(""),
  /** Per image, by URL: its own alt text (blank: the title) and focal point. Issue 19. */
  image_details: z
    .array(imageDetailSchema, { error: "Must be a list of image details" })
    .max(LIMITS.packageImages * 4, { error: "Too many image details" })
    .optional(),
  /** Scheduled changes (issue 19, decision 093): absent keeps what is stored, null clears. */
  publish_at: scheduleInstantSchema.optional().meta({
    format: "date-time",
    examples: ["2027-03-01T08:00:00+02:00"],
    description:
      "Publish a draft at this time (ISO 8601 with an offset); null clears, absent keeps. " +
      "Refused on a published package, in the past, or not before unpublish_at",
  }),
  unpublish_at: scheduleInstantSchema.optional().meta({
    format: "date-time",
    examples: ["2027-03-31T23:59:00+02:00"],
    description:
      "Unpublish at this time (ISO 8601 with an offset); null clears, absent keeps. " +
      "Must be after publish_at, in the future; a draft needs publish_at as well",
  }),
});

/** Exclusive packages need a price as well (spec §5: 'Please fill in all required fields'). */
export function packageInputSchema(kind: PackageKind) {
  if (kind !== "exclusive") return basePackageInput;
  return basePackageInput.extend({
    title: z
      .string({ error: MESSAGES.requiredFields })
      .trim()
      .min(1, { error: MESSAGES.requiredFields })
      .max(LIMITS.title),
    price: z
      .string({ error: MESSAGES.requiredFields })
      .trim()
      .min(1, { error: MESSAGES.requiredFields })
      .max(LIMITS.shortText),
  });
}
export type PackageInput = z.output<typeof basePackageInput>;
export type PackageInputRaw = z.input<typeof basePackageInput>;

export const packageVideoSchema = z.object({
  id: z.string(),
  type: videoTypeSchema,
  url: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  order: z.number().int(),
});
export type PackageVideo = z.infer<typeof packageVideoSchema>;

export const packageImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  focal_x: z.number(),
  focal_y: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(mediaVariantSchema),
});
export type PackageImage = z.infer<typeof packageImageSchema>;

/** The package as the app sees it (spec §3). `images` are URLs; `imageDetails` carry variants. */
export const packageSchema = z.object({
  id: z.string(),
  kind: packageKindSchema,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  price: z.string(),
  duration: z.string(),
  travel_period: z.string(),
  rating: z.number().nullable(),
  review_count: z.number().int().nullable(),
  status: packageStatusSchema,
  position: z.number().int(),
  images: z.array(z.string()),
  videos: z.array(packageVideoSchema),
  highlights: z.array(z.string()),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  itinerary: z.array(itineraryDaySchema),
  departures: z.array(
    z.object({
      start_date: z.string(),
      end_date: z.string().nullable(),
      price: z.string().nullable(),
      status: departureStatusSchema,
      note: z.string().nullable(),
    }),
  ),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  meeting_point: z.string(),
  rating_source: z.string(),
  /** When the runner publishes / unpublishes it (ISO 8601, UTC), or null. */
  publish_at: z.string().nullable().meta({
    format: "date-time",
    description: "When a draft is published by schedule (ISO 8601, UTC), or null",
  }),
  unpublish_at: z.string().nullable().meta({
    format: "date-time",
    description: "When a published package is unpublished by schedule (ISO 8601, UTC), or null",
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof packageSchema> & { imageDetails: PackageImage[] };

export const travelMomentInputSchema = z.object({
  title: z
    .string({ error: MESSAGES.momentTitleRequired })
    .overwrite(stripInvisible)
    .trim()
    .min(1, { error: MESSAGES.momentTitleRequired })
    .max(LIMITS.title),
  description: trimmed(LIMITS.longText)
    .optional()
    .transform((s) => (s ? s : undefined)),
  videoUrl: z
    .string({ error: MESSAGES.momentVideoRequired })
    .trim()
    .min(1, { error: MESSAGES.momentVideoRequired })
    .pipe(mediaUrlSchema),
  thumbnailUrl: z
    .string()
    .trim()
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(mediaUrlSchema.optional()),
  /** Issue 19: what the thumbnail shows, for screen readers; blank means the title. */
  thumbnailAlt: z
    .string()
    .overwrite(stripInvisible)
    .trim()
    .max(LIMITS.altText, { error: `Alt text must be at most ${LIMITS.altText} characters` })
    .optional()
    .transform((s) => (s ? s : undefined)),
  duration: z
    .string()
    .trim()
    .max(16)
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(
      z
        .string()
        // m:ss or h:mm:ss with real minutes and seconds (0-59): '99:99:99' is not a duration.
        .regex(/^(?:\d{1,2}:[0-5]\d|[0-5]?\d):[0-5]\d$/, { error: "Duration must look like 2:30" })
        .optional(),
    ),
  isActive: z.boolean().default(true),
});
export type TravelMomentInput = z.output<typeof travelMomentInputSchema>;

export const travelMomentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  videoUrl: z.string(),
  thumbnailUrl: z.string().optional(),
  thumbnailAlt: z.string().optional(),
  duration: z.string().optional(),
  orderIndex: z.number().int(),
  isActive: z.boolean(),
});
export type TravelMoment = z.infer<typeof travelMomentSchema>;

export const loginSchema = z.object({
  email: z.email({ error: "Please enter a valid e-mail address" }).max(254),
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(1024),
});

export const uuidSchema = z.uuid();
export function isUuid(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}

/** Slug from a title: lowercase, non-alphanumerics collapsed to hyphens, edge hyphens trimmed. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/g, "");
}
