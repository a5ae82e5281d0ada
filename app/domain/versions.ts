import { isLegacyDeparture, type SavedDeparture } from "./departures";
import { formatMoney } from "./money";
import type { Package, PackageKind, TravelMoment } from "./schemas";
import { emptyPackageTranslation, type PackageTranslation } from "./translations";

/*
 * History and restore: what a version holds and how two versions differ, in words.
 * Pure and isomorphic: the history screen and the unit tests call the same functions.
 */

/** What a package version stores: the package's content, media list and order included. */
export type PackageSnapshot = Omit<
  Package,
  "id" | "position" | "created_at" | "updated_at" | "departures"
> & { departures: SavedDeparture[] };

/** What a travel moment version stores. */
export type MomentSnapshot = Omit<TravelMoment, "id" | "orderIndex">;

/** The kinds in history URLs: the four package kinds and travel moments. */
export type HistoryKind = PackageKind | "moment";

export const VERSION_ACTIONS = [
  "create",
  "update",
  "publish",
  "unpublish",
  "restore",
  "delete",
  "undelete",
  "scheduled_publish",
  "scheduled_unpublish",
  "show",
  "hide",
] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** How the history list names what happened. */
export function actionLabel(action: string, restoredFrom: number | null): string {
  switch (action) {
    case "create":
      return "Created";
    case "update":
      return "Saved";
    case "publish":
      return "Published";
    case "unpublish":
      return "Unpublished";
    case "restore":
      return restoredFrom ? `Restored version ${restoredFrom}` : "Restored an earlier version";
    case "delete":
      return "Deleted";
    case "undelete":
      return "Restored from Recently deleted";
    case "scheduled_publish":
      return "Published by schedule";
    case "scheduled_unpublish":
      return "Unpublished by schedule";
    case "show":
      return "Shown on the site";
    case "hide":
      return "Hidden from the site";
    default:
      return "Saved";
  }
}

const MAX_QUOTE = 60;

function quote(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  const text = String(value).replace(/\s+/g, " ").trim();
  return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Items of `a` not matched one-for-one in `b` (a multiset difference, compared as JSON). */
function missingFrom<T>(a: readonly T[], b: readonly T[]): number {
  const pool = b.map((x) => JSON.stringify(x));
  let missing = 0;
  for (const item of a) {
    const at = pool.indexOf(JSON.stringify(item));
    if (at === -1) missing += 1;
    else pool.splice(at, 1);
  }
  return missing;
}

/** "2 images added", "1 image removed", "Images reordered" for a list of things. */
function listChanges<T>(
  label: string,
  noun: string,
  before: readonly T[],
  after: readonly T[],
): string[] {
  if (same(before, after)) return [];
  const added = missingFrom(after, before);
  const removed = missingFrom(before, after);
  const out: string[] = [];
  if (added) out.push(`${plural(added, noun)} added`);
  if (removed) out.push(`${plural(removed, noun)} removed`);
  if (!added && !removed) out.push(`${label} reordered`);
  return out;
}

/** "Itinerary day 3 changed", "Itinerary day 4 added": entries compared by their place. */
function placedChanges<T>(name: string, before: readonly T[], after: readonly T[]): string[] {
  const out: string[] = [];
  const n = Math.max(before.length, after.length);
  for (let i = 0; i < n; i++) {
    if (i >= before.length) out.push(`${name} ${i + 1} added`);
    else if (i >= after.length) out.push(`${name} ${i + 1} removed`);
    else if (!same(before[i], after[i])) out.push(`${name} ${i + 1} changed`);
  }
  return out;
}

const TEXT_FIELDS: { key: keyof PackageSnapshot; label: string }[] = [
  { key: "title", label: "Title" },
  { key: "slug", label: "URL slug" },
  { key: "price", label: "Price" },
  { key: "location", label: "Location" },
  { key: "duration", label: "Duration" },
  { key: "travel_period", label: "Travel period" },
  { key: "rating", label: "Rating" },
  { key: "review_count", label: "Number of reviews" },
  { key: "rating_source", label: "Rating source" },
  { key: "meeting_point", label: "Meeting point" },
];

/** Scheduled publishing: stored as UTC instants, named in UTC here (no time zone). */
const SCHEDULE_FIELDS = [
  { key: "publish_at", label: "Publish at" },
  { key: "unpublish_at", label: "Unpublish at" },
] as const;
const scheduleWords = (value: unknown) =>
  typeof value === "string" && value ? `${value.slice(0, 16).replace("T", " ")} UTC` : null;

const TEXT_LISTS: { key: "highlights" | "inclusions" | "exclusions"; label: string }[] = [
  { key: "highlights", label: "Highlights" },
  { key: "inclusions", label: "Inclusions" },
  { key: "exclusions", label: "Exclusions" },
];

/**
 * What changed from `before` to `after`, one short sentence per change, in the form's order.
 * `before` null: the first version ("Created"). Nothing changed: an empty list.
 */
export function describePackageChanges(
  before: PackageSnapshot | null,
  after: PackageSnapshot,
): string[] {
  if (!before) return ["Created"];
  const out: string[] = [];
  if (before.status !== after.status) {
    out.push(`Status: ${statusWord(before.status)} → ${statusWord(after.status)}`);
  }
  for (const { key, label } of TEXT_FIELDS) {
    const a = before[key] as string | number | null;
    const b = after[key] as string | number | null;
    if (a !== b) out.push(`${label}: ${quote(a)} → ${quote(b)}`);
  }
  // A version saved before packages had their own deposit rule has none: the company's.
  const depositBefore = depositWords(before.deposit ?? null, firstCurrency(before.departures));
  const depositAfter = depositWords(after.deposit ?? null, firstCurrency(after.departures));
  if (depositBefore !== depositAfter) out.push(`Deposit: ${depositBefore} → ${depositAfter}`);
  for (const { key, label } of SCHEDULE_FIELDS) {
    const a = scheduleWords(before[key]);
    const b = scheduleWords(after[key]);
    if (a !== b) out.push(`${label}: ${quote(a)} → ${quote(b)}`);
  }
  if (before.description !== after.description) out.push("Description changed");

  out.push(...listChanges("Images", "image", before.images, after.images));
  const detailsBefore = new Map(before.imageDetails.map((d) => [d.url, d]));
  after.imageDetails.forEach((d, i) => {
    const old = detailsBefore.get(d.url);
    if (!old) return;
    if (old.alt !== d.alt) out.push(`Alt text of image ${i + 1} changed`);
    if (old.focal_x !== d.focal_x || old.focal_y !== d.focal_y) {
      out.push(`Focal point of image ${i + 1} changed`);
    }
  });
  const videoKey = (v: PackageSnapshot["videos"][number]) => ({
    type: v.type,
    url: v.url,
    title: v.title ?? "",
    description: v.description ?? "",
  });
  out.push(
    ...listChanges("Videos", "video", before.videos.map(videoKey), after.videos.map(videoKey)),
  );

  for (const { key, label } of TEXT_LISTS) {
    const changes = listChanges(label, "item", before[key], after[key]);
    out.push(...changes.map((c) => (c.startsWith(label) ? c : `${label}: ${c}`)));
  }
  out.push(...placedChanges("Itinerary day", before.itinerary, after.itinerary));
  // A departure's id is not something staff wrote (and versions older than ids have none).
  const departure = (d: SavedDeparture) => {
    if (!("id" in d)) return d;
    const { id: _id, ...rest } = d;
    return rest;
  };
  out.push(
    ...placedChanges(
      "Departure",
      before.departures.map(departure),
      after.departures.map(departure),
    ),
  );
  out.push(...placedChanges("FAQ", before.faqs, after.faqs));
  return out;
}

/**
 * What a translation's approval would change (decision 146), field by field in the form's order,
 * with the history's words: `before` is the live translation (null: none yet, so every filled
 * field is new). Lists are compared item by item, as they are translated beside the default
 * language's items.
 */
export function describeTranslationChanges(
  before: PackageTranslation | null,
  after: PackageTranslation,
): string[] {
  const was = before ?? emptyPackageTranslation();
  const out: string[] = [];
  if (was.title !== after.title) out.push(`Title: ${quote(was.title)} → ${quote(after.title)}`);
  if ((was.slug ?? "") !== (after.slug ?? ""))
    out.push(`URL slug: ${quote(was.slug)} → ${quote(after.slug)}`);
  if (was.description !== after.description) out.push("Description changed");
  for (const { key, label } of TEXT_LISTS) {
    out.push(...placedChanges(`${label} item`, filled(was[key]), filled(after[key])));
  }
  out.push(...placedChanges("Itinerary day", filled(was.itinerary), filled(after.itinerary)));
  out.push(...placedChanges("FAQ", filled(was.faqs), filled(after.faqs)));
  if (was.meeting_point !== after.meeting_point)
    out.push(`Meeting point: ${quote(was.meeting_point)} → ${quote(after.meeting_point)}`);
  if (!same(was.departure_notes, after.departure_notes)) out.push("Departure notes changed");
  if (!same(was.image_alts, after.image_alts)) out.push("Image alt texts changed");
  if (was.published !== after.published)
    out.push(after.published ? "Published in this language" : "Unpublished in this language");
  return out;
}

/** A translated list without its trailing blank items (blank: not translated). */
function filled<T extends string | object>(items: readonly T[]): T[] {
  const blank = (item: T) =>
    typeof item === "string" ? !item : Object.values(item).every((v) => !v);
  const out = [...items];
  while (out.length && blank(out[out.length - 1]!)) out.pop();
  return out;
}

/** The currency of a package's first departure (a legacy one has none). */
function firstCurrency(departures: readonly SavedDeparture[]): string | undefined {
  const first = departures[0];
  return first && !isLegacyDeparture(first) ? first.currency : undefined;
}

/**
 * A package's own deposit rule in words (decision 142). An amount per traveller is shown in the
 * currency the form typed it in (the first departure's, decision 145); without a departure the
 * currency is unknown here, so it stays in minor units.
 */
function depositWords(deposit: PackageSnapshot["deposit"], currency: string | undefined): string {
  if (!deposit) return "company default";
  if (deposit.type === "full") return "full amount";
  if (deposit.type === "percent") return `${deposit.value} %`;
  return currency && deposit.value !== null
    ? `${formatMoney(deposit.value, currency)} per traveller`
    : `${deposit.value} minor units per traveller`;
}

const statusWord = (status: string) => (status === "published" ? "Published" : "Draft");

/** The same for a travel moment. */
export function describeMomentChanges(
  before: MomentSnapshot | null,
  after: MomentSnapshot,
): string[] {
  if (!before) return ["Created"];
  const out: string[] = [];
  if (before.isActive !== after.isActive) {
    out.push(
      `Shown on the site: ${before.isActive ? "Yes" : "No"} → ${after.isActive ? "Yes" : "No"}`,
    );
  }
  if (before.title !== after.title)
    out.push(`Title: ${quote(before.title)} → ${quote(after.title)}`);
  if ((before.duration ?? "") !== (after.duration ?? "")) {
    out.push(`Duration: ${quote(before.duration)} → ${quote(after.duration)}`);
  }
  if ((before.description ?? "") !== (after.description ?? "")) out.push("Description changed");
  if (before.videoUrl !== after.videoUrl) out.push("Video replaced");
  if ((before.thumbnailUrl ?? "") !== (after.thumbnailUrl ?? "")) {
    out.push(
      !before.thumbnailUrl
        ? "Thumbnail added"
        : !after.thumbnailUrl
          ? "Thumbnail removed"
          : "Thumbnail replaced",
    );
  }
  if ((before.thumbnailAlt ?? "") !== (after.thumbnailAlt ?? "")) {
    out.push("Thumbnail description changed");
  }
  return out;
}

/** The history screen's URL of an item, and of one of its versions. */
export function historyPath(kind: HistoryKind, id: string, versionId?: string): string {
  return `/admin/history/${kind}/${id}${versionId ? `/${versionId}` : ""}`;
}

/** The Recently deleted screen's URL, per package kind. */
export function recentlyDeletedPath(kind: PackageKind): string {
  return `/admin/recently-deleted/${kind}`;
}
