import { z } from "zod";
import type { Language } from "~/domain/i18n/languages";
import {
  travelMomentInputSchema,
  type TravelMoment,
  type TravelMomentInput,
} from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type { MomentTranslation } from "~/domain/translations";
import type { Db } from "../platform/db.server";
import { badRequest } from "../platform/errors.server";
import { parseBody } from "./api-http.server";
import { checkTranslationLanguages } from "./api-translations.server";
import {
  allMomentTranslations,
  applyMomentTranslation,
  momentTranslationErrors,
  momentTranslationValues,
} from "../catalogue/translations.server";

/*
 * `translations: { de: { title, description, thumbnailAlt } }` on the travel-moment API's writes
 * and in their answers (decision 158), as the package API has them (153): a language named in a
 * write replaces that language's translation wholly, languages left out stay; each is checked
 * before anything is written and stored in the moment's own transaction, with the translation
 * screen's rules and messages.
 */

const text = z.string({ error: "A translated field must be text" });

const momentTranslationInputSchema = z
  .strictObject(
    {
      title: text.optional(),
      description: text.optional(),
      thumbnailAlt: text.optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Not a field a moment's translation has: ${issue.keys.join(", ")} (the video and thumbnail are the moment's own)`
          : undefined,
    },
  )
  .meta({
    description:
      "One language's text of a travel moment. A blank or missing field is not translated; the " +
      "moment appears in the language once its title is translated.",
  });

const momentTranslationsInputSchema = z.record(z.string(), momentTranslationInputSchema).meta({
  description:
    "Translations by language code (a language of SITE_LANGUAGES other than the first). A " +
    "language named here is replaced wholly; languages left out stay as they are.",
});
type MomentTranslationsInput = z.output<typeof momentTranslationsInputSchema>;

/** A moment write on the API: the spec's fields plus optional `translations`. */
export const apiMomentInputSchema = travelMomentInputSchema.extend({
  translations: momentTranslationsInputSchema.optional(),
});

/** How a moment's translations look in a write's answer: every field, as stored. */
export const apiMomentTranslationsSchema = z
  .record(
    z.string(),
    z.object({ title: z.string(), description: z.string(), thumbnailAlt: z.string() }),
  )
  .meta({ description: "On a multi-language site: the stored translations by language code" });
type ApiMomentTranslations = z.output<typeof apiMomentTranslationsSchema>;

/** The API's field names for the stored columns. */
const API_FIELD = { title: "title", description: "description", thumbnail_alt: "thumbnailAlt" };

/**
 * A moment write's JSON body: the moment's own input and its translations, every language and
 * field checked before anything is written (400 naming `translations.de.title`, say).
 */
export function parseApiMomentWrite(
  body: unknown,
  site: Pick<SiteConfig, "languages">,
): { input: TravelMomentInput; translations: Map<Language, MomentTranslation> } {
  const { translations, ...input } = parseBody(apiMomentInputSchema, body);
  checkTranslationLanguages(translations, site);
  const checked = new Map<Language, MomentTranslation>();
  for (const [lang, given] of Object.entries(translations ?? ({} as MomentTranslationsInput))) {
    const values = momentTranslationValues({
      title: given.title,
      description: given.description,
      thumbnail_alt: given.thumbnailAlt,
    });
    const errors = Object.entries(momentTranslationErrors(values)).filter(([, m]) => m);
    if (errors.length) {
      const details = Object.fromEntries(
        errors.map(([field, message]) => [
          `translations.${lang}.${API_FIELD[field as keyof typeof API_FIELD] ?? field}`,
          [message!],
        ]),
      );
      const [field, [message] = []] = Object.entries(details)[0]!;
      throw badRequest(`${field}: ${message}`, details);
    }
    checked.set(lang as Language, values);
  }
  return { input, translations: checked };
}

/** The translations' write inside the moment's transaction (MomentWriteOptions.alsoInTransaction). */
export function momentTranslationsWriter(
  translations: Map<Language, MomentTranslation>,
  by: string | null,
): ((trx: Db, moment: TravelMoment) => Promise<void>) | undefined {
  if (translations.size === 0) return undefined;
  return async (trx, moment) => {
    for (const [lang, values] of translations)
      await applyMomentTranslation(trx, moment, lang, values, by);
  };
}

/** A write's answer: the moment, with its stored translations on a multi-language site. */
export async function withMomentTranslations(
  db: Db,
  site: Pick<SiteConfig, "languages">,
  moment: TravelMoment,
): Promise<TravelMoment | (TravelMoment & { translations: ApiMomentTranslations })> {
  if (site.languages.length < 2) return moment;
  const own = (await allMomentTranslations(db, [moment.id])).get(moment.id);
  return {
    ...moment,
    translations: Object.fromEntries(
      [...(own ?? [])].map(([lang, t]) => [
        lang,
        { title: t.title, description: t.description, thumbnailAlt: t.thumbnail_alt },
      ]),
    ),
  };
}
