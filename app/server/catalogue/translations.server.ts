import { sql, type RawBuilder } from "kysely";
import { LANGUAGE_NAMES_IN_ENGLISH, type Language } from "~/domain/i18n/languages";
import { isUuid, type Package, type PackageKind, type TravelMoment } from "~/domain/schemas";
import {
  appearsIn,
  emptyPackageTranslation,
  isSlug,
  PACKAGE_TRANSLATION_FIELDS,
  parsePackageTranslationForm,
  type MomentTranslation,
  type PackageTranslation,
  type TranslationErrors,
} from "~/domain/translations";
import { inTransaction, type Db } from "../platform/db.server";
import { recordEvent } from "../events/events.server";
import { appearsInSql } from "./appearance.server";
import { getPackageById } from "./packages.server";
import { getMoment } from "./moments.server";
import { recordSlugChange } from "./slug-history.server";
import { proposeTranslation, TRANSLATION_REVIEW_MESSAGES } from "./translation-proposals.server";

/**
 * Translated content (decision 139): one row per package (or moment) and language other than the
 * default. Reads give the stored translation; the public site merges it over the default
 * language's text (`translatePackage` in app/domain/translations.ts).
 */

type TranslationRow = {
  package_id: string;
  title: string;
  slug: string | null;
  description: string;
  highlights: string[];
  itinerary: PackageTranslation["itinerary"];
  inclusions: string[];
  exclusions: string[];
  faqs: PackageTranslation["faqs"];
  meeting_point: string;
  departure_notes: Record<string, string>;
  image_alts: Record<string, string>;
  published: boolean;
};

function fromRow(row: TranslationRow): PackageTranslation {
  return {
    title: row.title,
    slug: row.slug,
    description: row.description,
    highlights: row.highlights ?? [],
    itinerary: row.itinerary ?? [],
    inclusions: row.inclusions ?? [],
    exclusions: row.exclusions ?? [],
    faqs: row.faqs ?? [],
    meeting_point: row.meeting_point,
    departure_notes: row.departure_notes ?? {},
    image_alts: row.image_alts ?? {},
    published: row.published,
  };
}

const TRANSLATION_COLUMNS = ["package_id", ...PACKAGE_TRANSLATION_FIELDS, "published"] as const;

/** The translations of these packages into `lang`, by package id (absent: none stored). */
export async function packageTranslations(
  db: Db,
  ids: readonly string[],
  lang: string,
): Promise<Map<string, PackageTranslation>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("package_translations")
    .select(TRANSLATION_COLUMNS)
    .where("lang", "=", lang)
    .where("package_id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.package_id, fromRow(row)]));
}

/** What a card shows of a package that appears in a language: its title, slug and alt texts. */
export type CardTranslation = Pick<PackageTranslation, "title" | "slug" | "image_alts">;

/**
 * The card-sized translations of these packages into `lang`, only of those that appear there
 * (`appearsInSql`), by package id. A list or home page needs no more of a translation than this,
 * so the descriptions, itineraries and questions stay in the database.
 */
export async function cardTranslations(
  db: Db,
  ids: readonly string[],
  lang: string,
): Promise<Map<string, CardTranslation>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("package_translations as t")
    .select(["t.package_id", "t.title", "t.slug", "t.image_alts"])
    .where("t.lang", "=", lang)
    .where("t.package_id", "in", ids)
    .where(appearsInSql("t"))
    .execute();
  return new Map(
    rows.map((row) => [
      row.package_id,
      { title: row.title, slug: row.slug, image_alts: row.image_alts ?? {} },
    ]),
  );
}

export async function packageTranslation(
  db: Db,
  id: string,
  lang: string,
): Promise<PackageTranslation | undefined> {
  if (!isUuid(id)) return undefined;
  return (await packageTranslations(db, [id], lang)).get(id);
}

/** Every stored translation of these packages, by package id and language (the admin list). */
export async function allPackageTranslations(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Map<string, PackageTranslation>>> {
  const result = new Map<string, Map<string, PackageTranslation>>();
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom("package_translations")
    .select([...TRANSLATION_COLUMNS, "lang"])
    .where("package_id", "in", ids)
    .execute();
  for (const row of rows) {
    const own = result.get(row.package_id) ?? new Map<string, PackageTranslation>();
    own.set(row.lang, fromRow(row));
    result.set(row.package_id, own);
  }
  return result;
}

/**
 * The published package a non-default language's slug names: its current slug (`current`), or
 * one it gave up (`moved`, the page redirects to the current one). The default language's slugs
 * and ids are looked up as before, by the caller.
 */
export async function findPackageBySlugIn(
  db: Db,
  lang: string,
  slug: string,
  kinds: readonly PackageKind[],
): Promise<{ id: string; kind: PackageKind; current: boolean } | undefined> {
  if (!isSlug(slug.toLowerCase())) return undefined;
  const lower = slug.toLowerCase();
  const current = await db
    .selectFrom("package_translations as t")
    .innerJoin("packages as p", "p.id", "t.package_id")
    .select(["p.id", "p.kind"])
    .where("t.lang", "=", lang)
    .where("t.slug", "=", lower)
    .where("p.kind", "in", kinds)
    .where("p.status", "=", "published")
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
  if (current) return { ...current, current: true };
  const old = await oldSlugOwner(db, lang, lower, kinds);
  return old ? { ...old, current: false } : undefined;
}

/** The published package that once had `slug` in `lang` ('' is the default language's own). */
export async function oldSlugOwner(
  db: Db,
  lang: string,
  slug: string,
  kinds: readonly PackageKind[],
): Promise<{ id: string; kind: PackageKind } | undefined> {
  // Only what could be a slug reaches the database: "/package/%00" is a quiet 404, not a 500.
  if (!isSlug(slug.toLowerCase())) return undefined;
  return db
    .selectFrom("package_slug_history as h")
    .innerJoin("packages as p", "p.id", "h.package_id")
    .select(["p.id", "p.kind"])
    .where("h.lang", "=", lang)
    .where("h.slug", "=", slug.toLowerCase())
    .where("p.kind", "in", kinds)
    .where("p.status", "=", "published")
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
}

/** Stores a package's translation into `lang` as given (checked by the caller; the seed's too). */
export async function writePackageTranslation(
  trx: Db,
  id: string,
  lang: string,
  value: PackageTranslation,
  by: string | null,
): Promise<void> {
  const columns = {
    title: value.title,
    slug: value.slug,
    description: value.description,
    highlights: JSON.stringify(value.highlights),
    itinerary: JSON.stringify(value.itinerary),
    inclusions: JSON.stringify(value.inclusions),
    exclusions: JSON.stringify(value.exclusions),
    faqs: JSON.stringify(value.faqs),
    meeting_point: value.meeting_point,
    departure_notes: JSON.stringify(value.departure_notes),
    image_alts: JSON.stringify(value.image_alts),
    published: value.published,
    updated_at: sql<Date>`now()`,
    updated_by: by,
  };
  await trx
    .insertInto("package_translations")
    .values({ package_id: id, lang, ...columns })
    .onConflict((oc) => oc.columns(["package_id", "lang"]).doUpdateSet(columns))
    .execute();
}

/** Stores a moment's translation into `lang` as given. */
export async function writeMomentTranslation(
  trx: Db,
  id: string,
  lang: string,
  value: MomentTranslation,
): Promise<void> {
  const columns = { ...value, updated_at: sql<Date>`now()` };
  await trx
    .insertInto("moment_translations")
    .values({ moment_id: id, lang, ...columns })
    .onConflict((oc) => oc.columns(["moment_id", "lang"]).doUpdateSet(columns))
    .execute();
}

export type SaveTranslationOutcome =
  | { ok: true; translation: PackageTranslation; appears: boolean }
  /** Kept as a pending translation for review, not applied (decision 146). */
  | { ok: true; proposed: true; submitted: boolean; message: string }
  | { ok: false; errors: TranslationErrors; values: PackageTranslation }
  | { ok: false; refused: string; values: PackageTranslation; status: 409 }
  | { ok: false; notFound: true };

/**
 * Whether saving a translation of this package would change what the website shows, now or when
 * its schedule runs: a published package, or one with a publish or unpublish time (the package
 * form's drafts-only rule, decision 125, draws the same line). A translation is live the moment
 * it is saved (decision 139), so a role without `content.publish` saves a pending translation
 * there instead (decision 146).
 */
export function translationGoesLive(
  pkg: Pick<Package, "status" | "publish_at" | "unpublish_at">,
): boolean {
  return pkg.status !== "draft" || Boolean(pkg.publish_at) || Boolean(pkg.unpublish_at);
}

export interface SaveTranslationInput {
  kind: PackageKind;
  id: string;
  lang: Language;
  /** The form's fields by name (see parsePackageTranslationForm). */
  fields: Record<string, string>;
  by: string | null;
  /** "Submit for review": keep the pending translation and put it in review (decision 146). */
  submit?: boolean;
}

/** The message of a slug another package uses in `lang`, or null when it is free. */
export async function takenTranslationSlug(
  db: Db,
  id: string,
  lang: Language,
  slug: string | null,
): Promise<string | null> {
  if (!slug) return null;
  const taken = await db
    .selectFrom("package_translations as t")
    .innerJoin("packages as p", "p.id", "t.package_id")
    .select("p.title")
    .where("t.lang", "=", lang)
    .where("t.slug", "=", slug)
    .where("t.package_id", "!=", id)
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
  return taken
    ? `The URL slug “${slug}” is already used in ${LANGUAGE_NAMES_IN_ENGLISH[lang]} by “${taken.title}”. Choose another.`
    : null;
}

/**
 * Writes a checked translation in `trx` (the caller's transaction): the language's slugs are
 * locked, a slug another package took is refused (its message, nothing written), a changed slug
 * keeps the old one for a 301, and `package.translated` names the language. Direct saves and
 * approvals of pending translations (decision 146) both go through here.
 */
export async function applyPackageTranslation(
  trx: Db,
  pkg: { id: string; kind: PackageKind; title: string },
  lang: Language,
  value: PackageTranslation,
  by: string | null,
): Promise<{ ok: true } | { ok: false; slug: string }> {
  // One writer of a language's slugs at a time, so two saves cannot take the same one.
  await sql`select pg_advisory_xact_lock(hashtext(${`translation-slug:${lang}`}))`.execute(trx);
  const taken = await takenTranslationSlug(trx, pkg.id, lang, value.slug);
  if (taken) return { ok: false, slug: taken };
  const previous = await trx
    .selectFrom("package_translations")
    .select("slug")
    .where("package_id", "=", pkg.id)
    .where("lang", "=", lang)
    .forUpdate()
    .executeTakeFirst();
  await writePackageTranslation(trx, pkg.id, lang, value, by);
  await recordSlugChange(trx, pkg.id, lang, previous?.slug ?? null, value.slug);
  await recordEvent(trx, {
    type: "package.translated",
    ...(by ? { adminId: by } : {}),
    details: {
      id: pkg.id,
      kind: pkg.kind,
      title: pkg.title,
      language: LANGUAGE_NAMES_IN_ENGLISH[lang],
      // Publishing per language is explicit (decision 154): the log says which way it went.
      publication: value.published ? "published" : "not published",
    },
  });
  return { ok: true };
}

/**
 * Saves a package's translation into a language other than the default. Bad input, or a slug
 * another package uses in that language, is refused with a message per field and nothing stored.
 * A changed slug keeps the old one for a 301. The activity log names the language. A role that
 * may not publish (`mayPublish` false) does not change a package whose translation would go live:
 * its save is kept as a pending translation (and submitted for review with `submit`), the live
 * translation untouched until an Editor approves it (decision 146).
 */
export async function savePackageTranslation(
  db: Db,
  input: SaveTranslationInput,
  options: { languages: readonly Language[]; mayPublish?: boolean },
): Promise<SaveTranslationOutcome> {
  const { kind, id, lang } = input;
  if (!options.languages.includes(lang) || options.languages[0] === lang) {
    return { ok: false, notFound: true };
  }
  const pkg = await getPackageById(db, kind, id);
  if (!pkg) return { ok: false, notFound: true };
  const parsed = parsePackageTranslationForm(pkg, lang, input.fields);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, values: parsed.value };
  const value = parsed.value;
  const pending = options.mayPublish === false && translationGoesLive(pkg);
  if (input.submit && !pending) {
    return {
      ok: false,
      refused: TRANSLATION_REVIEW_MESSAGES.notReviewed,
      values: value,
      status: 409,
    };
  }
  if (pending) {
    // A clear answer now; the approval checks the slug again (it may be taken meanwhile).
    const taken = await takenTranslationSlug(db, id, lang, value.slug);
    if (taken) return { ok: false, errors: { slug: taken }, values: value };
    const message = await proposeTranslation(db, {
      pkg,
      lang,
      value,
      by: input.by,
      submit: Boolean(input.submit),
    });
    return { ok: true, proposed: true, submitted: Boolean(input.submit), message };
  }
  return inTransaction(db, async (trx) => {
    const applied = await applyPackageTranslation(trx, pkg, lang, value, input.by);
    if (!applied.ok) return { ok: false as const, errors: { slug: applied.slug }, values: value };
    return {
      ok: true as const,
      translation: value,
      appears: appearsIn(value),
    };
  });
}

/** What the staff translation screen shows: the package (default language) and its translation. */
export async function loadPackageTranslation(
  db: Db,
  kind: PackageKind,
  id: string,
  lang: string,
): Promise<{ pkg: Package; translation: PackageTranslation } | undefined> {
  const pkg = await getPackageById(db, kind, id);
  if (!pkg) return undefined;
  return {
    pkg,
    translation: (await packageTranslation(db, id, lang)) ?? emptyPackageTranslation(),
  };
}

// ---------------------------------------------------------------------------------------------
// Travel moments.

export async function momentTranslations(
  db: Db,
  lang: string,
): Promise<Map<string, MomentTranslation>> {
  const rows = await db
    .selectFrom("moment_translations")
    .select(["moment_id", "title", "description", "thumbnail_alt"])
    .where("lang", "=", lang)
    .execute();
  return new Map(rows.map(({ moment_id, ...rest }) => [moment_id, rest]));
}

/** Every stored translation of these moments, by moment id and language (the admin cards). */
export async function allMomentTranslations(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Map<string, MomentTranslation>>> {
  const result = new Map<string, Map<string, MomentTranslation>>();
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom("moment_translations")
    .select(["moment_id", "lang", "title", "description", "thumbnail_alt"])
    .where("moment_id", "in", ids)
    .execute();
  for (const { moment_id, lang, ...value } of rows) {
    const own = result.get(moment_id) ?? new Map<string, MomentTranslation>();
    own.set(lang, value);
    result.set(moment_id, own);
  }
  return result;
}

export function emptyMomentTranslation(): MomentTranslation {
  return { title: "", description: "", thumbnail_alt: "" };
}

/** What a moment's translation screen shows: the moment (default language) and its translation. */
export async function loadMomentTranslation(
  db: Db,
  id: string,
  lang: string,
): Promise<{ moment: TravelMoment; translation: MomentTranslation } | undefined> {
  const moment = isUuid(id) ? await getMoment(db, id) : undefined;
  if (!moment) return undefined;
  const stored = (await allMomentTranslations(db, [id])).get(id)?.get(lang);
  return { moment, translation: stored ?? emptyMomentTranslation() };
}

/**
 * Why a role without `content.publish` may not save a moment's translation (decision 150): a
 * moment has no draft; every change to one is a change to the website's reel, which only an
 * Editor makes (the moments screen's own rule), and a saved translation shows at once.
 */
export function momentTranslationMessage(langName: string): string {
  return (
    `Travel moments have no drafts: a saved ${langName} translation shows on the ` +
    `${langName} home page at once. Your role cannot change what the website shows, so ` +
    `translations of travel moments are saved by an Editor: ask an Editor to enter or check the ` +
    `${langName} text.`
  );
}

export type SaveMomentTranslationOutcome =
  | { ok: true; appears: boolean }
  | { ok: false; errors: TranslationErrors; values: MomentTranslation }
  | { ok: false; refused: string; values: MomentTranslation }
  | { ok: false; notFound: true };

/**
 * Saves a moment's translation; too long text is refused with a message and nothing stored. A
 * role that may not publish (`mayPublish` false) is refused (decision 150): nothing stored, an
 * `auth.permission_denied` event, the typed values kept. The activity log names the language.
 */
export async function saveMomentTranslation(
  db: Db,
  input: { id: string; lang: Language; fields: Record<string, string>; by: string | null },
  options: { languages: readonly Language[]; mayPublish?: boolean },
): Promise<SaveMomentTranslationOutcome> {
  const { id, lang } = input;
  if (!options.languages.includes(lang) || options.languages[0] === lang) {
    return { ok: false, notFound: true };
  }
  const moment: TravelMoment | undefined = isUuid(id) ? await getMoment(db, id) : undefined;
  if (!moment) return { ok: false, notFound: true };
  const values = momentTranslationValues(input.fields);
  if (options.mayPublish === false) {
    await recordEvent(db, {
      type: "auth.permission_denied",
      ...(input.by ? { adminId: input.by } : {}),
      details: {
        permission: "content.publish",
        method: "POST",
        kind: "moment",
        id,
        language: LANGUAGE_NAMES_IN_ENGLISH[lang],
        reason: "translating a travel moment",
      },
    });
    return {
      ok: false,
      refused: `${momentTranslationMessage(LANGUAGE_NAMES_IN_ENGLISH[lang])} Nothing was saved.`,
      values,
    };
  }
  const errors = momentTranslationErrors(values);
  if (Object.keys(errors).length) return { ok: false, errors, values };
  await inTransaction(db, (trx) => applyMomentTranslation(trx, moment, lang, values, input.by));
  return { ok: true, appears: Boolean(values.title) };
}

/** A moment translation's fields as typed, trimmed, with line breaks as "\n": screen and API. */
export function momentTranslationValues(
  fields: Partial<Record<keyof MomentTranslation, string>>,
): MomentTranslation {
  const clean = (value: string | undefined) => (value ?? "").replace(/\r\n?/g, "\n").trim();
  return {
    title: clean(fields.title),
    description: clean(fields.description),
    thumbnail_alt: clean(fields.thumbnail_alt),
  };
}

/** What is wrong with a moment's translation (its fields trimmed): the screen's and the API's. */
export function momentTranslationErrors(values: MomentTranslation): TranslationErrors {
  const errors: TranslationErrors = {};
  if (values.title.length > 200) errors.title = "The title must be at most 200 characters";
  if (values.description.length > 1000)
    errors.description = "The description must be at most 1000 characters";
  if (values.thumbnail_alt.length > 250)
    errors.thumbnail_alt = "The alt text must be at most 250 characters";
  if ((values.description || values.thumbnail_alt) && !values.title)
    errors.title =
      "Please enter the title too: a travel moment is shown in a language only with it";
  return errors;
}

/** Stores a checked moment translation; the activity log names the language. */
export async function applyMomentTranslation(
  trx: Db,
  moment: Pick<TravelMoment, "id" | "title">,
  lang: Language,
  values: MomentTranslation,
  by: string | null,
): Promise<void> {
  await writeMomentTranslation(trx, moment.id, lang, values);
  await recordEvent(trx, {
    type: "moment.translated",
    ...(by ? { adminId: by } : {}),
    details: { id: moment.id, title: moment.title, language: LANGUAGE_NAMES_IN_ENGLISH[lang] },
  });
}

/**
 * The package title a traveller who used `language` reads in their e-mails (decision 155): the
 * translation's where the package appears in that language (published there, with a title and
 * description), else the package's own. For queries that join `packages as p`; `language` is a
 * column (`sql.ref("b.language")`) or a value (null: the default language).
 */
export function travellerTitleSql(language: RawBuilder<unknown> | string | null) {
  return sql<string>`coalesce((
    select t.title from package_translations t
    where t.package_id = p.id and t.lang = ${language} and ${appearsInSql("t")}
  ), p.title)`;
}

/** The title of a departure's package as a traveller who booked in `language` reads it. */
export async function travellerPackageTitle(
  db: Db,
  departureId: string,
  language: string | null,
): Promise<string> {
  const row = await db
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select(travellerTitleSql(language).as("title"))
    .where("d.id", "=", departureId)
    .executeTakeFirstOrThrow();
  return row.title;
}
