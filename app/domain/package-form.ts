import "./zod-jitless";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { DEPOSIT_TYPES, type DepositRule, type PackageDeposit } from "./deposits";
import { amountInputText, formatMoney, isCurrency, MAX_AMOUNT, parseAmount } from "./money";
import { PACKAGE_KIND_INFO } from "./package-kinds";
import type { ProposalNotice } from "./proposals";
import { SCHEDULE_MESSAGES, utcToZonedLocal, zonedLocalToUtc } from "./schedule";
import {
  FOCAL_MESSAGE,
  imageDetailSchema,
  LIMITS,
  PACKAGE_KINDS,
  RATING_MESSAGE,
  REVIEW_COUNT_MESSAGE,
  packageInputSchema,
  checkDepartureDates,
  DEPARTURE_MESSAGES,
  DEPARTURE_OVERRIDES,
  departureIdSchema,
  departureListOf,
  type DepartureInput,
  type DepartureOverride,
  type Package,
  type PackageKind,
  type PackageStatus,
} from "./schemas";

/**
 * The admin package forms validate with the JSON API's schema (`packageInputSchema`), plus the
 * version the editor loaded. Form values are strings: parse with `disableAutoCoercion` so blank
 * list rows reach the schema as "" and are dropped by it, exactly like blank API entries.
 */
export function packageFormSchema(
  kind: PackageKind,
  timeZone: string = DEFAULT_TIME_ZONE,
  /** The currency an amount per traveller is typed in (depositCurrencyOf). */
  depositCurrency: string = "ZAR",
) {
  return packageInputSchema(kind).extend({
    deposit: formDeposit(depositCurrency),
    // `datetime-local` text read in the company's time zone; blank clears the schedule.
    publish_at: scheduleText(timeZone),
    unpublish_at: scheduleText(timeZone),
    departures: departureListOf(formDepartureRow),
    /** `updated_at` of the row the form was loaded from (edit only): stale saves are refused. */
    updated_at: z.string().max(40).optional(),
    // The form's number fields post text: blank clears the value (null).
    rating: numberText(RATING_MESSAGE, (n) => n >= 0 && n <= 5),
    review_count: numberText(
      REVIEW_COUNT_MESSAGE,
      (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000,
    ),
    image_details: z
      .array(
        z.object({
          url: z.string().max(LIMITS.url),
          alt: imageDetailSchema.shape.alt,
          // "x,y" from the 3 × 3 grid or a click on the picture.
          focal: z
            .string()
            .max(40)
            .optional()
            .transform((text, ctx) => {
              const [x, y] = (text || "0.5,0.5").split(",").map(Number);
              const ok = (n: number | undefined): n is number =>
                n !== undefined && Number.isFinite(n) && n >= 0 && n <= 1;
              if (ok(x) && ok(y)) return { focal_x: x, focal_y: y };
              ctx.issues.push({ code: "custom", message: FOCAL_MESSAGE, input: text });
              return z.NEVER;
            }),
        }),
      )
      .max(LIMITS.packageImages * 4)
      .optional()
      .transform((rows) => rows?.map(({ url, alt, focal }) => ({ url, alt, ...focal }))),
  });
}

const DEFAULT_TIME_ZONE = "Africa/Johannesburg";

/** The Deposit fieldset's choices: the company's rule, or one of the package's own. */
export const DEPOSIT_FORM_CHOICES = ["default", ...DEPOSIT_TYPES] as const;
export type DepositFormChoice = (typeof DEPOSIT_FORM_CHOICES)[number];

export const DEPOSIT_FORM_MESSAGES = {
  type: "Choose the company default, a percentage, an amount per traveller or the full amount.",
  percent: "Enter a whole percentage from 1 to 100.",
  amount: (currency: string) =>
    `Enter an amount per traveller in ${currency}, above zero, like 3000 or 3000.50.`,
} as const;

/**
 * The package's own deposit rule as the form posts it (decision 145 for the form, 142 for the
 * rule): the choice and the value its choice needs, a whole percentage or an amount in major
 * units of `currency` (parsed to minor units as departure amounts are, no floating point). Yields
 * what the API's `deposit` takes: null for the company's rule, `{ type, value }` for the package's
 * own; a post without the fieldset (the exclusive form) yields undefined, which keeps the rule.
 */
function formDeposit(currency: string) {
  return z
    .object({
      type: z.string().max(20).optional(),
      percent: formText(10),
      amount: formText(30),
    })
    .optional()
    .transform((d, ctx): PackageDeposit | null | undefined => {
      if (d === undefined) return undefined;
      const choice = DEPOSIT_FORM_CHOICES.find((c) => c === d.type);
      const refuse = (path: string, message: string) => {
        ctx.issues.push({ code: "custom", path: [path], message, input: d });
        return z.NEVER;
      };
      if (!choice) return refuse("type", DEPOSIT_FORM_MESSAGES.type);
      if (choice === "default") return null;
      if (choice === "full") return { type: "full", value: null };
      if (choice === "percent") {
        const value = /^\d{1,3}$/.test(d.percent) ? Number(d.percent) : NaN;
        if (!(value >= 1 && value <= 100)) return refuse("percent", DEPOSIT_FORM_MESSAGES.percent);
        return { type: "percent", value };
      }
      const value = parseAmount(d.amount, currency);
      if (value === null || value < 1 || value > MAX_AMOUNT)
        return refuse("amount", DEPOSIT_FORM_MESSAGES.amount(currency));
      return { type: "per_traveller", value };
    });
}

/**
 * The currency the form's amount per traveller is typed in: the package's first departure's, else
 * the site's. The rule stores minor units, charged as the same number in each departure's own
 * currency (decisions 136, 142), so only the decimals this currency has matter.
 */
export function depositCurrencyOf(pkg: Pick<Package, "departures"> | undefined, site: string) {
  return pkg?.departures[0]?.currency ?? site;
}

/** The company's rule in words, for the form's "Company default (…)" choice. */
export function companyDepositWords(rule: DepositRule, currency: string): string {
  const due = `balance due ${rule.balanceDueDays} days before departure`;
  if (rule.type === "full") return "the full amount at booking";
  if (rule.type === "percent") return `${rule.value} % of the total, ${due}`;
  return `${formatMoney(rule.value, currency)} per traveller, ${due}`;
}

const formText = (max: number) => z.string().trim().max(max).optional().default("");

/**
 * One departure row as the form posts it (decision 115): seats and amount as typed text, the
 * currency from its list, a hand-set status ("" for none), "on" when guaranteed, the id of a
 * stored row and its earlier price text as hidden fields. A row with nothing typed is dropped.
 */
const formDepartureRow = z
  .object({
    id: formText(40),
    start_date: formText(20),
    end_date: formText(20),
    seats: formText(10),
    amount: formText(30),
    currency: formText(3),
    price_text: formText(LIMITS.shortText),
    status: z
      .union([z.literal(""), z.enum(DEPARTURE_OVERRIDES)], {
        error: "Availability must be set by seats, limited or closed",
      })
      .optional()
      .default(""),
    guaranteed: formText(3),
    note: formText(LIMITS.shortText),
  })
  .superRefine((row, ctx) => {
    if (isBlankFormDeparture(row)) return;
    checkDepartureDates(row.start_date, row.end_date, ctx);
    if (row.id && !departureIdSchema.safeParse(row.id).success)
      ctx.addIssue({ code: "custom", path: ["id"], message: DEPARTURE_MESSAGES.id });
    if (row.seats && seatsOf(row.seats) === null)
      ctx.addIssue({ code: "custom", path: ["seats"], message: DEPARTURE_MESSAGES.seats });
    if (row.currency && !isCurrency(row.currency.toUpperCase()))
      ctx.addIssue({ code: "custom", path: ["currency"], message: DEPARTURE_MESSAGES.currency });
    else if (row.amount && parseAmount(row.amount, row.currency.toUpperCase() || "ZAR") === null)
      ctx.addIssue({ code: "custom", path: ["amount"], message: DEPARTURE_MESSAGES.amount });
  })
  .transform((row): DepartureInput => {
    if (isBlankFormDeparture(row)) return { ...BLANK_INPUT };
    const currency = row.currency.toUpperCase() || null;
    const amount = row.amount ? parseAmount(row.amount, currency ?? "ZAR") : null;
    return {
      id: row.id ? row.id.toLowerCase() : null,
      start_date: row.start_date,
      end_date: row.end_date || null,
      seats_total: row.seats ? seatsOf(row.seats) : null,
      price_amount: amount,
      currency,
      price_text: amount === null ? row.price_text || null : null,
      note: row.note || null,
      guaranteed: row.guaranteed === "on",
      status_override: row.status || null,
    };
  });

const BLANK_INPUT: DepartureInput = {
  id: null,
  start_date: "",
  end_date: null,
  seats_total: null,
  price_amount: null,
  currency: null,
  price_text: null,
  note: null,
  guaranteed: false,
  status_override: null,
};

/** Nothing typed (the hidden id and earlier price text do not count): the row is dropped. */
function isBlankFormDeparture(row: {
  start_date: string;
  end_date: string;
  seats: string;
  amount: string;
  note: string;
}): boolean {
  return !row.start_date && !row.end_date && !row.seats && !row.amount && !row.note;
}

function seatsOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 999 ? n : null;
}

/** A date and time typed into the form: blank is null; otherwise it must name a real moment. */
function scheduleText(timeZone: string) {
  return z
    .string({ error: SCHEDULE_MESSAGES.localFormat })
    .max(40, { error: SCHEDULE_MESSAGES.localFormat })
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      if (!text.trim()) return null;
      const instant = zonedLocalToUtc(text, timeZone);
      if (instant) return instant.toISOString();
      ctx.issues.push({ code: "custom", message: SCHEDULE_MESSAGES.localFormat, input: text });
      return z.NEVER;
    });
}

/** A focal point as the form carries it: "0.5,0.5" is the centre. */
export const focalText = (x: number, y: number) => `${x},${y}`;

/** A number typed into a form: blank is null; anything else must read as an acceptable number. */
function numberText(message: string, acceptable: (n: number) => boolean) {
  return z
    .string({ error: message })
    .trim()
    .max(20, { error: message })
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const n = Number(text.replace(",", "."));
      if (Number.isFinite(n) && acceptable(n)) return n;
      ctx.issues.push({ code: "custom", message, input: text });
      return z.NEVER;
    });
}
export type PackageFormSchema = ReturnType<typeof packageFormSchema>;

export type FormMode = "new" | "edit";

/** Which kind and mode an admin form route pattern serves ('/admin/edit-local/:id' → local, edit). */
export function formRouteFromPattern(
  pattern: string,
): { kind: PackageKind; mode: FormMode } | undefined {
  const path = `/${pattern.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  for (const kind of PACKAGE_KINDS) {
    const { admin } = PACKAGE_KIND_INFO[kind];
    if (admin.newPath === path) return { kind, mode: "new" };
    if (admin.editPath(":id") === path) return { kind, mode: "edit" };
  }
  return undefined;
}

export interface PackageFormVideo {
  type: "upload" | "url";
  url: string;
  title: string;
  description: string;
}

/** What a form shows: the package's values as the text its inputs hold. */
export interface PackageFormValues {
  title: string;
  slug: string;
  price: string;
  duration: string;
  location: string;
  travel_period: string;
  description: string;
  status: PackageStatus;
  images: string[];
  videos: PackageFormVideo[];
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  itinerary: { day: string; activity: string; accommodation: string }[];
  departures: PackageFormDeparture[];
  faqs: { question: string; answer: string }[];
  meeting_point: string;
  rating: string;
  review_count: string;
  rating_source: string;
  /** Per image (by URL): its own alt text and focal point as "x,y". */
  image_details: { url: string; alt: string; focal: string }[];
  /** `datetime-local` values in the company's time zone, "" when not scheduled. */
  publish_at: string;
  unpublish_at: string;
  /** The Deposit fieldset: the choice, and the value typed for a percentage or an amount. */
  deposit: { type: DepositFormChoice; percent: string; amount: string };
  updated_at?: string;
}

export interface PackageFormDeparture {
  id: string;
  start_date: string;
  end_date: string;
  seats: string;
  amount: string;
  currency: string;
  /** The price as typed before amounts existed, kept until staff enter an amount. */
  price_text: string;
  status: "" | DepartureOverride;
  /** "on" when guaranteed (a checkbox). */
  guaranteed: string;
  note: string;
}

export const blankDeparture = (currency: string = "ZAR"): PackageFormDeparture => ({
  id: "",
  start_date: "",
  end_date: "",
  seats: "",
  amount: "",
  currency,
  price_text: "",
  status: "",
  guaranteed: "",
  note: "",
});

const atLeastOne = (items: string[]) => (items.length ? items : [""]);

/** A package's own deposit rule as the form's fields hold it (amounts in major units). */
export function depositFormValues(
  deposit: PackageDeposit | null | undefined,
  currency: string,
): PackageFormValues["deposit"] {
  if (!deposit) return { type: "default", percent: "", amount: "" };
  const value = deposit.value ?? 0;
  return {
    type: deposit.type,
    percent: deposit.type === "percent" ? String(value) : "",
    amount: deposit.type === "per_traveller" ? amountInputText(value, currency) : "",
  };
}

export function packageFormValues(
  pkg: Package | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
  currency: string = "ZAR",
  depositCurrency: string = depositCurrencyOf(pkg, currency),
): PackageFormValues {
  const blankDay = { day: "", activity: "", accommodation: "" };
  const blankFaq = { question: "", answer: "" };
  if (!pkg) {
    return {
      title: "",
      slug: "",
      price: "",
      duration: "",
      location: "",
      travel_period: "",
      description: "",
      status: "draft",
      images: [],
      videos: [],
      highlights: [""],
      inclusions: [""],
      exclusions: [""],
      itinerary: [blankDay],
      departures: [blankDeparture(currency)],
      faqs: [blankFaq],
      meeting_point: "",
      rating: "",
      review_count: "",
      rating_source: "",
      image_details: [],
      publish_at: "",
      unpublish_at: "",
      deposit: depositFormValues(null, depositCurrency),
    };
  }
  return {
    title: pkg.title,
    slug: pkg.slug,
    price: pkg.price,
    duration: pkg.duration,
    location: pkg.location,
    travel_period: pkg.travel_period,
    description: pkg.description,
    status: pkg.status,
    images: pkg.images,
    videos: pkg.videos.map((v) => ({
      type: v.type,
      url: v.url,
      title: v.title ?? "",
      description: v.description ?? "",
    })),
    highlights: atLeastOne(pkg.highlights),
    inclusions: atLeastOne(pkg.inclusions),
    exclusions: atLeastOne(pkg.exclusions),
    itinerary: pkg.itinerary.length ? pkg.itinerary : [blankDay],
    departures: pkg.departures.length
      ? pkg.departures.map((d) => ({
          id: d.id,
          start_date: d.start_date,
          end_date: d.end_date ?? "",
          seats: d.seats_total === null ? "" : String(d.seats_total),
          amount: d.price_amount === null ? "" : amountInputText(d.price_amount, d.currency),
          currency: d.currency,
          price_text: d.price_text ?? "",
          status: d.status_override ?? "",
          guaranteed: d.guaranteed ? "on" : "",
          note: d.note ?? "",
        }))
      : [blankDeparture(currency)],
    faqs: pkg.faqs.length ? pkg.faqs : [blankFaq],
    meeting_point: pkg.meeting_point,
    rating: pkg.rating === null ? "" : String(pkg.rating),
    review_count: pkg.review_count === null ? "" : String(pkg.review_count),
    rating_source: pkg.rating_source,
    image_details: pkg.imageDetails.map((i) => ({
      url: i.url,
      alt: i.alt,
      focal: focalText(i.focal_x, i.focal_y),
    })),
    publish_at: pkg.publish_at ? utcToZonedLocal(pkg.publish_at, timeZone) : "",
    unpublish_at: pkg.unpublish_at ? utcToZonedLocal(pkg.unpublish_at, timeZone) : "",
    deposit: depositFormValues(pkg.deposit, depositCurrency),
    updated_at: pkg.updated_at,
  };
}

/**
 * The field that should take focus: the first one, in the order the form shows them, that has an
 * error. Conform names nested fields 'itinerary[0].day'; `order` lists the top-level names.
 */
const SUB_FIELDS = [
  "day",
  "activity",
  "accommodation",
  "start_date",
  "end_date",
  "seats",
  "amount",
  "currency",
  "status",
  "guaranteed",
  "note",
  "question",
  "answer",
  "type",
  "percent",
  "url",
  "title",
  "description",
];
const leaf = (name: string) => name.split(".").at(-1) ?? name;

export function firstInvalidField(
  errors: Record<string, unknown> | undefined,
  order: readonly string[],
): string | undefined {
  if (!errors) return undefined;
  const names = Object.entries(errors)
    .filter(([name, messages]) => name !== "" && Array.isArray(messages) && messages.length > 0)
    .map(([name]) => name);
  const top = (name: string) => name.split(/[[.]/)[0] ?? name;
  const indexes = (name: string) => [...name.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  return names.sort((a, b) => {
    const byTop = order.indexOf(top(a)) - order.indexOf(top(b));
    if (byTop !== 0) return byTop;
    const [ia = -1] = indexes(a);
    const [ib = -1] = indexes(b);
    if (ia !== ib) return ia - ib;
    return SUB_FIELDS.indexOf(leaf(a)) - SUB_FIELDS.indexOf(leaf(b));
  })[0];
}

/** What a form action answers when it does not redirect. */
/** Whether a schema holds a list, through optional, nullable, default and pipes. */
function isListSchema(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
  };
  if (def.type === "array") return true;
  if (def.innerType) return isListSchema(def.innerType);
  return def.type === "pipe" && def.in !== undefined && isListSchema(def.in);
}

let listFields: Set<string> | undefined;

/**
 * The submission as the package form shows it again, with every list field a list. A post that
 * sends a list's name as one value (a tampered or corrupted body: `videos=x` instead of
 * `videos[0].url=x`) would otherwise come back as a form that cannot render (Conform's
 * `getFieldList` throws on it): such a value is dropped, and the schema has already refused it.
 */
export function withListsAsLists(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const initial = result.initialValue;
  if (!initial) return result;
  // The full form's schema has every list field of every kind's form.
  listFields ??= new Set(
    Object.entries(packageFormSchema("trip").shape)
      .filter(([, schema]) => isListSchema(schema))
      .map(([name]) => name),
  );
  const lists = listFields;
  const kept = Object.entries(initial).filter(
    ([name, value]) => !lists.has(name) || Array.isArray(value),
  );
  return { ...result, initialValue: Object.fromEntries(kept) };
}

export interface PackageFormReply {
  result: SubmissionResult<string[]>;
  /** A server fault or a refused save, shown as a toast with JavaScript (and inline always). */
  toast?: string;
  /** The package changed since the form was loaded: the form offers to open the latest version. */
  stale?: boolean;
}

/** What a form screen loads: the kind, the mode, and the values its inputs start with. */
export interface PackageFormData {
  kind: PackageKind;
  mode: FormMode;
  /** The package being edited (edit mode only). */
  id?: string;
  values: PackageFormValues;
  /** The saved status (the Publication Status badge): draft for a new package. */
  savedStatus: PackageStatus;
  /** SITE_TIME_ZONE: the zone the schedule's dates and times are typed in. */
  timeZone: string;
  /** SITE_CURRENCY: a new departure's currency. */
  currency: string;
  /** The currency the Deposit fieldset's amount per traveller is typed in. */
  depositCurrency: string;
  /** The company's deposit rule in words (Settings), for the "Company default" choice. */
  companyDeposit: string;
  /** A published package's pending proposal (decision 137), if it has one. */
  proposal?: ProposalNotice;
}
