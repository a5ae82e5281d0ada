import { z } from "zod";
import type { PackageKind } from "~/domain/schemas";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import {
  DEPARTURE_OVERRIDES,
  DEPARTURE_STATUSES,
  packageSchema,
  packageStatusSchema,
  type DepartureSeats,
  type Package,
} from "~/domain/schemas";
import { departureStatus, seatsLeft } from "~/domain/departures";
import type { SiteConfig } from "~/domain/site";
import { todayIn, upcomingDepartures } from "~/domain/trip-facts";

/**
 * The JSON shapes of /api that are not the forms' input schemas: what a package looks like on the
 * wire (spec §3: snake_case, list fields always arrays, no internal fields), reorder and status
 * bodies, and the error and success envelopes. The OpenAPI document is generated from these.
 */

/** Spec §3 fields only: `kind` is implied by the URL, `position` by the list order. */
/** A departure on the wire (decision 115): seats left and the status derived when read. */
export const apiDepartureSchema = z.object({
  id: z.string().meta({ format: "uuid" }),
  start_date: z.string().meta({ format: "date" }),
  end_date: z.string().meta({ format: "date" }).nullable(),
  seats_total: z.number().int().nullable().meta({ description: "Capacity; null: on request" }),
  seats_left: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Seats still free; null: on request" }),
  price_amount: z.number().int().nullable().meta({
    description: "Whole minor units of currency (2450000 ZAR = R 24,500); null: on request",
  }),
  currency: z.string().meta({ description: "ISO 4217 code" }),
  price_text: z
    .string()
    .nullable()
    .meta({ description: "A price kept as text from before amounts existed, until one is set" }),
  status: z.enum(DEPARTURE_STATUSES).meta({ description: "Derived from seats and dates" }),
  status_override: z.enum(DEPARTURE_OVERRIDES).nullable().meta({
    description: "Set by staff: limited, or sold_out to close the date; null: from seats",
  }),
  guaranteed: z.boolean(),
  note: z.string().nullable(),
});
export type ApiDeparture = z.infer<typeof apiDepartureSchema>;

export const apiPackageSchema = packageSchema.omit({ kind: true, position: true }).extend({
  departures: z.array(apiDepartureSchema),
  /** Each image's alt text ("" = the title) and focal point (0-1 from left and top). */
  image_details: z.array(
    z.object({ url: z.string(), alt: z.string(), focal_x: z.number(), focal_y: z.number() }),
  ),
});
export type ApiPackage = z.infer<typeof apiPackageSchema>;

/** What a read derives a departure's status from: the company's day and LIMITED_SEATS. */
export type ApiReadSite = Pick<SiteConfig, "timeZone" | "limitedSeats">;

function apiDeparture(d: DepartureSeats, today: string, limitedSeats: number): ApiDeparture {
  return {
    id: d.id,
    start_date: d.start_date,
    end_date: d.end_date,
    seats_total: d.seats_total,
    seats_left: seatsLeft(d),
    price_amount: d.price_amount,
    currency: d.currency,
    price_text: d.price_text,
    status: departureStatus(d, today, limitedSeats),
    status_override: d.status_override,
    guaranteed: d.guaranteed,
    note: d.note,
  };
}

/** The one serializer of packages for the API; internal fields (imageDetails, kind, position) stay in. */
export function toApiPackage(pkg: Package, site: ApiReadSite): ApiPackage {
  const today = todayIn(site.timeZone);
  return {
    id: pkg.id,
    slug: pkg.slug,
    title: pkg.title,
    description: pkg.description,
    location: pkg.location,
    price: pkg.price,
    duration: pkg.duration,
    travel_period: pkg.travel_period,
    rating: pkg.rating,
    review_count: pkg.review_count,
    rating_source: pkg.rating_source,
    status: pkg.status,
    images: [...pkg.images],
    videos: pkg.videos.map((v) => ({ ...v })),
    highlights: [...pkg.highlights],
    inclusions: [...pkg.inclusions],
    exclusions: [...pkg.exclusions],
    itinerary: pkg.itinerary.map((d) => ({
      day: d.day,
      activity: d.activity,
      accommodation: d.accommodation,
    })),
    departures: pkg.departures.map((d) => apiDeparture(d, today, site.limitedSeats)),
    faqs: pkg.faqs.map((f) => ({ question: f.question, answer: f.answer })),
    meeting_point: pkg.meeting_point,
    deposit: pkg.deposit ? { type: pkg.deposit.type, value: pkg.deposit.value } : null,
    image_details: pkg.imageDetails.map((i) => ({
      url: i.url,
      alt: i.alt,
      focal_x: i.focal_x,
      focal_y: i.focal_y,
    })),
    publish_at: pkg.publish_at,
    unpublish_at: pkg.unpublish_at,
    created_at: pkg.created_at,
    updated_at: pkg.updated_at,
  };
}

/**
 * What anonymous callers read: departures from today on (the company's day), as the public site
 * shows them. Admins read every stored departure.
 */
export function toPublicApiPackage(pkg: Package, site: ApiReadSite): ApiPackage {
  const api = toApiPackage(pkg, site);
  return { ...api, departures: upcomingDepartures(api.departures, todayIn(site.timeZone)) };
}

/** The serializer for a read: everything for an admin, the public view for anyone else. */
export function apiPackageReader(admin: boolean, site: ApiReadSite): (pkg: Package) => ApiPackage {
  if (admin) return (pkg) => toApiPackage(pkg, site);
  return (pkg) => toPublicApiPackage(pkg, site);
}

const MAX_REORDER_IDS = 1000;

function idList(field: string) {
  return z
    .array(z.string({ error: `${field} must be a list of ids` }).max(100), {
      error: `${field} must be a list of ids`,
    })
    .max(MAX_REORDER_IDS, { error: `${field} may hold at most ${MAX_REORDER_IDS} ids` });
}

/** Parses to the ordered id list. */
export const reorderSchemas = {
  package_ids: z.object({ package_ids: idList("package_ids") }).transform((b) => b.package_ids),
  packageIds: z.object({ packageIds: idList("packageIds") }).transform((b) => b.packageIds),
} as const;

/** {package_ids} for trips, exclusive and discovery; {packageIds} for local (spec §7). */
export function reorderBodySchema(kind: PackageKind) {
  return reorderSchemas[PACKAGE_KIND_INFO[kind].api.reorderField];
}

export const momentReorderSchema = z.object({ ids: idList("ids") }).transform((b) => b.ids);

export const statusPatchSchema = z.object({
  status: z.enum(packageStatusSchema.options, { error: "Status must be draft or published" }),
});

export const errorSchema = z.object({
  error: z.string(),
  details: z.record(z.string(), z.array(z.string())).optional(),
});

export const successSchema = z.object({ success: z.literal(true), message: z.string() });
