import "./zod-jitless";
import { z } from "zod";
import { DEPOSIT_TYPES } from "./deposits";
import { checkMediaUrl } from "./media-url";
import { isCurrency, MAX_AMOUNT } from "./money";
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

/**
 * What a departure shows, derived from its seats and dates (decision 115): never typed. `departed`
 * from the day after it starts.
 */
export const DEPARTURE_STATUSES = ["available", "limited", "sold_out", "departed"] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];

/** What staff may set by hand: close a date (sold out) or mark it limited whatever its seats. */
export const DEPARTURE_OVERRIDES = ["limited", "sold_out"] as const;
export type DepartureOverride = (typeof DEPARTURE_OVERRIDES)[number];

/**
 * What a write may send as `status` when it sends no `status_override` (the API's earlier values
 * still read): limited and sold_out set a hand-set status, guaranteed sets the guaranteed flag,
 * available and departed (a read's derived value sent back) set nothing.
 */
export const DEPARTURE_STATUS_INPUTS = [
  "available",
  "limited",
  "sold_out",
  "guaranteed",
  "departed",
] as const;
export const departureStatusInputSchema = z.enum(DEPARTURE_STATUS_INPUTS, {
  error: "Status must be one of available, limited, sold_out, guaranteed",
});
const statusOverrideSchema = z.enum(DEPARTURE_OVERRIDES, {
  error: "status_override must be limited, sold_out or null",
});

/** A calendar date as YYYY-MM-DD that exists (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const DATE_MESSAGE = "Dates must be real dates written as YYYY-MM-DD";
export const DEPARTURE_MESSAGES = {
  seats: "Seats must be a whole number from 1 to 999 (leave it empty for on request)",
  amount: "Enter the price as a number, e.g. 24 500 or 24 500.50",
  currency: "Currency must be a three-letter ISO 4217 code such as ZAR",
  id: "Unknown departure id",
} as const;

/** One departure as stored: its own row (decision 115). */
export interface Departure {
  id: string;
  start_date: string;
  end_date: string | null;
  /** Capacity; null: on request (not booked online). */
  seats_total: number | null;
  /** Whole minor units of `currency`; null: on request. */
  price_amount: number | null;
  currency: string;
  /** A price kept as typed before departures had amounts, until staff enter one. */
  price_text: string | null;
  note: string | null;
  guaranteed: boolean;
  status_override: DepartureOverride | null;
}

/** A departure as the package reads it: with the seats its bookings hold. */
export interface DepartureSeats extends Departure {
  seats_taken: number;
}

/** A departure as a write sends it: no id for a new one; no currency for the site's own. */
export interface DepartureInput extends Omit<Departure, "id" | "currency"> {
  id: string | null;
  currency: string | null;
}

const rowText = (max: number) => trimmed(max).nullish();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Start and end checked together; `path` prefix is the row's own. */
export function checkDepartureDates(
  start: string,
  end: string,
  ctx: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void },
): void {
  if (!start)
    ctx.addIssue({ code: "custom", path: ["start_date"], message: "Please enter the start date" });
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
}

export const departureIdSchema = z
  .string({ error: DEPARTURE_MESSAGES.id })
  .regex(UUID, { error: DEPARTURE_MESSAGES.id })
  .transform((id) => id.toLowerCase());

/**
 * One departure as the API sends it. `price` (text) is the earlier field: read as an amount when it
 * holds one number, else kept as text. A blank row (nothing but a status) is dropped by the list.
 */
const departureRowSchema = z
  .object({
    id: departureIdSchema.nullish(),
    start_date: rowText(20),
    end_date: rowText(20),
    seats_total: z
      .number({ error: DEPARTURE_MESSAGES.seats })
      .int({ error: DEPARTURE_MESSAGES.seats })
      .min(1, { error: DEPARTURE_MESSAGES.seats })
      .max(999, { error: DEPARTURE_MESSAGES.seats })
      .nullish(),
    price_amount: z
      .number({ error: DEPARTURE_MESSAGES.amount })
      .int({ error: "price_amount is whole minor units (cents), e.g. 2450000 for R 24 500" })
      .min(0, { error: DEPARTURE_MESSAGES.amount })
      .max(MAX_AMOUNT, { error: DEPARTURE_MESSAGES.amount })
      .nullish(),
    currency: z
      .string({ error: DEPARTURE_MESSAGES.currency })
      .trim()
      .transform((c) => c.toUpperCase())
      .refine((c) => c === "" || isCurrency(c), { error: DEPARTURE_MESSAGES.currency })
      .nullish(),
    price: rowText(LIMITS.shortText),
    price_text: rowText(LIMITS.shortText),
    status: departureStatusInputSchema.default("available"),
    status_override: statusOverrideSchema.nullish(),
    guaranteed: z.boolean({ error: "guaranteed must be true or false" }).optional(),
    note: rowText(LIMITS.shortText),
  })
  .superRefine((row, ctx) => {
    if (isBlankRow(row)) return;
    checkDepartureDates(row.start_date ?? "", row.end_date ?? "", ctx);
  })
  .transform((row): DepartureInput => ({
    id: row.id ?? null,
    start_date: row.start_date ?? "",
    end_date: row.end_date || null,
    seats_total: row.seats_total ?? null,
    price_amount: row.price_amount ?? null,
    currency: row.currency || null,
    price_text: row.price_amount == null ? row.price_text || row.price || null : null,
    note: row.note || null,
    guaranteed: row.guaranteed ?? row.status === "guaranteed",
    status_override:
      row.status_override !== undefined
        ? row.status_override
        : row.status === "limited" || row.status === "sold_out"
          ? row.status
          : null,
  }));

function isBlankRow(row: {
  start_date?: string | null;
  end_date?: string | null;
  note?: string | null;
  price?: string | null;
  price_amount?: number | null;
  seats_total?: number | null;
}): boolean {
  return (
    !row.start_date &&
    !row.end_date &&
    !row.note &&
    !row.price &&
    row.price_amount == null &&
    row.seats_total == null
  );
}

/** Blank rows dropped; in date order. */
export function departureListOf<I>(row: z.ZodType<DepartureInput, I>) {
  return z
    .array(row, { error: "Must be a list of departures" })
    .max(LIMITS.departures, { error: `At most ${LIMITS.departures} departures` })
    .default([])
    .transform((rows): DepartureInput[] =>
      rows
        .filter((r) => r.start_date !== "")
        .sort((a, b) => a.start_date.localeCompare(b.start_date)),
    );
}

const departureList = departureListOf(departureRowSchema);

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

/** What a package's own deposit rule is refused with (decision 142). */
export const DEPOSIT_MESSAGES = {
  shape: "Deposit must be null (the company's rule) or an object with a type and a value",
  type: 'Deposit type must be "percent", "per_traveller" or "full"',
  value: "Deposit value must be a whole number",
  percent: "A deposit percentage must be a whole number from 1 to 100",
  perTraveller: "A deposit per traveller must be a whole number of minor units above zero",
  full: 'A "full" deposit takes no value: leave value out or set it to null',
} as const;

/**
 * A package's own deposit rule on write: absent keeps the stored one, null returns the package
 * to the company's rule (decision 142).
 */
export const packageDepositInputSchema = z
  .object(
    {
      type: z.enum(DEPOSIT_TYPES, { error: DEPOSIT_MESSAGES.type }),
      value: z.number({ error: DEPOSIT_MESSAGES.value }).nullable().optional(),
    },
    { error: DEPOSIT_MESSAGES.shape },
  )
  .superRefine((d, ctx) => {
    const problem = (message: string) =>
      ctx.addIssue({ code: "custom", message, path: ["value"], input: d.value });
    const v = d.value;
    if (d.type === "full") {
      if (v !== undefined && v !== null) problem(DEPOSIT_MESSAGES.full);
    } else if (d.type === "percent") {
      if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > 100)
        problem(DEPOSIT_MESSAGES.percent);
    } else if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1 || v > MAX_AMOUNT) {
      problem(DEPOSIT_MESSAGES.perTraveller);
    }
  })
  .transform((d) => ({ type: d.type, value: d.type === "full" ? null : (d.value ?? null) }))
  .nullable()
  .optional()
  .meta({
    description:
      "The package's own deposit rule: percent (value 1-100), per_traveller (value in minor " +
      "units) or full (value null). null: the company's rule (Settings); absent keeps what is stored",
    examples: [{ type: "percent", value: 30 }],
  });

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
  deposit: packageDepositInputSchema,
  /** Per image, by URL: its own alt text (blank: the title) and focal point. */
  image_details: z
    .array(imageDetailSchema, { error: "Must be a list of image details" })
    .max(LIMITS.packageImages * 4, { error: "Too many image details" })
    .optional(),
  /** Scheduled changes (decision 093): absent keeps what is stored, null clears. */
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
      id: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      seats_total: z.number().int().nullable(),
      seats_taken: z.number().int(),
      price_amount: z.number().int().nullable(),
      currency: z.string(),
      price_text: z.string().nullable(),
      note: z.string().nullable(),
      guaranteed: z.boolean(),
      status_override: z.enum(DEPARTURE_OVERRIDES).nullable(),
    }),
  ),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  meeting_point: z.string(),
  rating_source: z.string(),
  /** The package's own deposit rule (decision 142), or null for the company's. */
  deposit: z
    .object({ type: z.enum(DEPOSIT_TYPES), value: z.number().int().nullable() })
    .nullable()
    .meta({
      description:
        "The package's own deposit rule: percent (value 1-100), per_traveller (value in minor " +
        "units per traveller) or full (value null); null: the company's rule from Settings",
    }),
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
  /** What the thumbnail shows, for screen readers; blank means the title. */
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
