import { z } from "zod";
import { isShippedLanguage, type Language } from "~/domain/i18n/languages";
import {
  packageInputSchema,
  type Package,
  type PackageKind,
  type PackageInput,
} from "~/domain/schemas";
import { kindMessages } from "~/domain/package-kinds";
import {
  parsePackageTranslationForm,
  PUBLISH_TRANSLATION_FIELD,
  type PackageTranslation,
  type TranslationErrors,
} from "~/domain/translations";
import type { SiteConfig } from "~/domain/site";
import type { Db } from "../platform/db.server";
import { AppError, badRequest, notFound } from "../platform/errors.server";
import { parseBody } from "./api-http.server";
import { getPackageById } from "../catalogue/packages.server";
import { allPackageTranslations, applyPackageTranslation } from "../catalogue/translations.server";

/**
 * `translations: { de: { … } }` on the package API's writes and admin reads (decision 153): the
 * JSON twin of the staff translation form. A language named in a write replaces that language's
 * translation wholly (a field left out is "not translated"); languages not named stay as they
 * are. The translation is checked against the package as written in the same request and stored
 * in its transaction, so a refused translation leaves the package unchanged too.
 */

const text = z.string({ error: "A translated field must be text" });
const list = z.array(text, { error: "A translated list must be a list of texts" });

export const packageTranslationInputSchema = z
  .strictObject(
    {
      title: text.optional(),
      slug: text
        .nullable()
        .optional()
        .meta({ description: "This language's URL slug; empty or null: made from the title" }),
      description: text.optional(),
      highlights: list.optional(),
      itinerary: z
        .array(
          z.strictObject({
            day: text.optional(),
            activity: text.optional(),
            accommodation: text.optional(),
          }),
        )
        .optional(),
      inclusions: list.optional(),
      exclusions: list.optional(),
      faqs: z
        .array(z.strictObject({ question: text.optional(), answer: text.optional() }))
        .optional(),
      meeting_point: text.optional(),
      departure_notes: z
        .record(z.string(), text)
        .optional()
        .meta({ description: "A departure's note by the departure's id" }),
      image_alts: z
        .record(z.string(), text)
        .optional()
        .meta({ description: "An image's alt text by the image's URL" }),
      published: z
        .boolean({ error: "published must be true or false" })
        .optional()
        .meta({
          description:
            "Publish the translation in this language (decision 154); absent: false. It appears " +
            "once published, with its title and description, while the package is published",
        }),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Not a field a translation has: ${issue.keys.join(", ")} (prices, dates and media are the package's own)`
          : undefined,
    },
  )
  .meta({
    description:
      "One language's translation. Lists are translated item by item beside the package's own " +
      "(no more items than it has); a blank or missing field is not translated and shows the " +
      "default language's text. The package appears in the language once title and description " +
      "are translated.",
  });
export type PackageTranslationInput = z.output<typeof packageTranslationInputSchema>;

const translationsInputSchema = z.record(z.string(), packageTranslationInputSchema).meta({
  description:
    "Translations by language code (a language of SITE_LANGUAGES other than the first). A " +
    "language named here is replaced wholly; languages left out stay as they are.",
});
export type TranslationsInput = z.output<typeof translationsInputSchema>;

/** A package write on the API: the form's fields plus optional `translations`. */
export function apiPackageInputSchema(kind: PackageKind) {
  return packageInputSchema(kind).extend({ translations: translationsInputSchema.optional() });
}

/** How translations look in an admin's read: every field, as stored. */
export const apiTranslationsSchema = z
  .record(
    z.string(),
    z.object({
      title: z.string(),
      slug: z.string().nullable(),
      description: z.string(),
      highlights: z.array(z.string()),
      itinerary: z.array(
        z.object({ day: z.string(), activity: z.string(), accommodation: z.string() }),
      ),
      inclusions: z.array(z.string()),
      exclusions: z.array(z.string()),
      faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
      meeting_point: z.string(),
      departure_notes: z.record(z.string(), z.string()),
      image_alts: z.record(z.string(), z.string()),
      published: z.boolean(),
    }),
  )
  .meta({ description: "Admins only: the stored translations by language code" });
export type ApiTranslations = z.output<typeof apiTranslationsSchema>;

/**
 * A package write's JSON body read by `apiPackageInputSchema`: the package's own input and its
 * translations, whose languages are checked before anything is written (400 otherwise).
 */
export function parseApiPackageWrite(
  kind: PackageKind,
  body: unknown,
  site: Pick<SiteConfig, "languages">,
): { input: PackageInput; translations: TranslationsInput | undefined } {
  const { translations, ...input } = parseBody(apiPackageInputSchema(kind), body);
  checkTranslationLanguages(translations, site);
  return { input, translations };
}

/** A 400 for a language that is the default one or not one of the site's (before any write). */
export function checkTranslationLanguages(
  translations: Record<string, unknown> | undefined,
  site: Pick<SiteConfig, "languages">,
): void {
  if (!translations) return;
  const [fallback, ...others] = site.languages;
  for (const lang of Object.keys(translations)) {
    const field = `translations.${lang.slice(0, 20)}`;
    if (lang === fallback) {
      const message = `translations.${lang}: ${lang} is the default language: write its text on the package itself`;
      throw badRequest(message, { [field]: [message] });
    }
    if (!isShippedLanguage(lang) || !others.includes(lang)) {
      const message =
        others.length > 0
          ? `translations: unknown language "${lang.slice(0, 20)}": use ${others.join(", ")}`
          : `translations: the site is shown in one language only (SITE_LANGUAGES)`;
      throw badRequest(message, { [field]: [message] });
    }
  }
}

/**
 * The translation form's flat fields (see parsePackageTranslationForm) for one language's JSON,
 * beside the package's own items. More items than the package has, or a note or alt text for a
 * departure or image it does not have (or that has no text to translate), is a 400.
 */
function formFields(pkg: Package, lang: string, input: PackageTranslationInput) {
  const fields: Record<string, string> = {};
  const refuse = (field: string, message: string): never => {
    const full = `translations.${lang}.${field}`;
    throw badRequest(`${full}: ${message}`, { [full]: [message] });
  };
  const set = (name: string, value: string | null | undefined) => {
    if (value) fields[name] = value;
  };
  set("title", input.title);
  set("slug", input.slug);
  set("description", input.description);
  set("meeting_point", input.meeting_point);
  if (input.published) fields[PUBLISH_TRANSLATION_FIELD] = "on";
  for (const name of ["highlights", "inclusions", "exclusions"] as const) {
    const items = input[name] ?? [];
    if (items.length > pkg[name].length)
      refuse(name, `the package has ${pkg[name].length} item(s); a translation cannot add any`);
    items.forEach((item, i) => set(`${name}.${i}`, item));
  }
  const days = input.itinerary ?? [];
  if (days.length > pkg.itinerary.length)
    refuse(
      "itinerary",
      `the package has ${pkg.itinerary.length} day(s); a translation cannot add any`,
    );
  days.forEach((day, i) => {
    set(`itinerary.${i}.day`, day.day);
    set(`itinerary.${i}.activity`, day.activity);
    set(`itinerary.${i}.accommodation`, day.accommodation);
  });
  const faqs = input.faqs ?? [];
  if (faqs.length > pkg.faqs.length)
    refuse("faqs", `the package has ${pkg.faqs.length} question(s); a translation cannot add any`);
  faqs.forEach((faq, i) => {
    set(`faqs.${i}.question`, faq.question);
    set(`faqs.${i}.answer`, faq.answer);
  });
  for (const [id, note] of Object.entries(input.departure_notes ?? {})) {
    const departure = pkg.departures.find((d) => d.id === id);
    if (!departure?.note?.trim())
      refuse(`departure_notes.${id}`, "no departure of this package with a note has this id");
    set(`departure_notes.${id}`, note);
  }
  for (const [url, alt] of Object.entries(input.image_alts ?? {})) {
    const index = pkg.imageDetails.findIndex((image) => image.url === url);
    if (index < 0 || !pkg.imageDetails[index]!.alt.trim())
      refuse(`image_alts.${url}`, "no image of this package with alt text has this URL");
    set(`image_alts.${index}`, alt);
  }
  return fields;
}

/** The parser's field names back in the API's terms: `image_alts.{URL}`, under the language. */
function apiErrors(
  pkg: Package,
  lang: string,
  errors: TranslationErrors,
): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!message) continue;
    const alt = /^image_alts\.(\d+)$/.exec(field);
    const name = alt ? `image_alts.${pkg.imageDetails[Number(alt[1])]?.url ?? alt[1]}` : field;
    details[`translations.${lang}.${name}`] = [message];
  }
  return details;
}

/** JSON with every object's keys sorted: jsonb keeps its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const sameTranslation = (a: PackageTranslation | undefined, b: PackageTranslation) =>
  a !== undefined && canonical(a) === canonical(b);

/**
 * The write of `translations` inside the package's transaction (WriteOptions.alsoInTransaction):
 * each language parsed against the package just stored, refused with a 400 naming the field or
 * a 409 for a slug another package uses there, and applied like the staff form's save (the
 * activity log and history name the language). A translation equal to the stored one is left
 * alone, so a GET-then-PUT round trip records nothing new.
 */
export function translationsWriter(
  kind: PackageKind,
  translations: TranslationsInput | undefined,
  by: string | null,
): ((trx: Db, id: string) => Promise<void>) | undefined {
  if (!translations || Object.keys(translations).length === 0) return undefined;
  return async (trx, id) => {
    const pkg = await getPackageById(trx, kind, id);
    if (!pkg) throw notFound(kindMessages(kind).notFound);
    const stored = (await allPackageTranslations(trx, [id])).get(id);
    for (const [lang, input] of Object.entries(translations)) {
      const parsed = parsePackageTranslationForm(pkg, lang, formFields(pkg, lang, input));
      if (!parsed.ok) {
        const details = apiErrors(pkg, lang, parsed.errors);
        const [field, [message] = []] = Object.entries(details)[0] ?? [];
        throw badRequest(field ? `${field}: ${message}` : "Invalid translation", details);
      }
      if (sameTranslation(stored?.get(lang), parsed.value)) continue;
      const outcome = await applyPackageTranslation(trx, pkg, lang as Language, parsed.value, by);
      if (!outcome.ok) {
        throw new AppError(outcome.slug, 409, { [`translations.${lang}.slug`]: [outcome.slug] });
      }
    }
  };
}

/**
 * An admin's read of one package with its stored translations by language; on a site shown in
 * one language the package alone, in the spec's shape.
 */
export async function withTranslations<T extends { id: string }>(
  db: Db,
  site: Pick<SiteConfig, "languages">,
  pkg: T,
): Promise<T | (T & { translations: ApiTranslations })> {
  if (site.languages.length < 2) return pkg;
  const own = (await allPackageTranslations(db, [pkg.id])).get(pkg.id);
  return { ...pkg, translations: Object.fromEntries(own ?? []) };
}
