import type { Language } from "~/domain/i18n/languages";
import {
  COMPANY_TEXT_FIELDS,
  companyTextsIn,
  parseCompanyTextsForm,
  type CompanyTexts,
  type PageCompanyTexts,
  type StoredCompanyTexts,
} from "~/domain/company-texts";
import type { SiteConfig } from "~/domain/site";
import { LANGUAGE_NAMES_IN_ENGLISH, isShippedLanguage } from "~/domain/i18n/languages";
import { ENROL_FIRST_MESSAGE } from "../auth/auth.server";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { writeTeamSetting } from "../platform/team-settings-store.server";

/*
 * The company's texts in languages other than the default (decision 150): one team setting
 * ('company_texts', { de: { tagline, blurb, address } }). Writing it fires the content-change
 * NOTIFY (migration 2026-12-05T0400), so every instance's page cache drops the pages at once.
 */

const NAME = "company_texts";

/** The stored texts, only the shipped languages' known fields (anything else in the row is ignored). */
export async function loadCompanyTexts(db: Db): Promise<StoredCompanyTexts> {
  const row = await db
    .selectFrom("team_settings")
    .select("value")
    .where("name", "=", NAME)
    .executeTakeFirst();
  const value = row?.value;
  if (!value || typeof value !== "object") return {};
  const result: StoredCompanyTexts = {};
  for (const [lang, texts] of Object.entries(value)) {
    if (!isShippedLanguage(lang) || !texts || typeof texts !== "object") continue;
    const own: Partial<CompanyTexts> = {};
    for (const field of COMPANY_TEXT_FIELDS) {
      const text: unknown = (texts as Record<string, unknown>)[field];
      if (typeof text === "string" && text.trim()) own[field] = text;
    }
    result[lang] = own;
  }
  return result;
}

/**
 * The company's texts as a page in `lang` shows them: the stored row is read only when the site
 * has more than one language (a one-language site shows its facts).
 */
export async function companyTextsForPage(
  db: Db,
  site: SiteConfig,
  lang: Language,
): Promise<PageCompanyTexts> {
  const stored = site.languages.length > 1 ? await loadCompanyTexts(db) : {};
  return companyTextsIn(site, stored, lang);
}

export type CompanyTextsOutcome =
  | { kind: "saved"; message: string }
  | {
      kind: "invalid";
      status: 400 | 403;
      error: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };

/**
 * Saves the company's texts in each language other than the default from the Settings form.
 * Too long text is refused per field, nothing stored; blank fields show the default language's.
 * Languages the site no longer shows keep what was stored for them.
 */
export async function saveCompanyTexts(
  db: Db,
  input: {
    admin: { id: string; mustEnrol: boolean };
    fields: Record<string, string>;
    languages: readonly Language[];
  },
): Promise<CompanyTextsOutcome> {
  if (input.admin.mustEnrol) {
    return {
      kind: "invalid",
      status: 403,
      error: ENROL_FIRST_MESSAGE,
      fieldErrors: {},
      values: input.fields,
    };
  }
  const parsed = parseCompanyTextsForm(input.fields, input.languages);
  if (!parsed.ok) {
    return {
      kind: "invalid",
      status: 400,
      error: "The company texts were not saved: see the fields marked below.",
      fieldErrors: parsed.errors,
      values: input.fields,
    };
  }
  const others = input.languages.slice(1);
  await inTransaction(db, async (trx) => {
    const stored = await loadCompanyTexts(trx);
    await writeTeamSetting(trx, NAME, { ...stored, ...parsed.value });
    await recordEvent(trx, {
      type: "settings.company_texts_changed",
      adminId: input.admin.id,
      details: {
        language: others.map((lang) => LANGUAGE_NAMES_IN_ENGLISH[lang]).join(", "),
        fields: others.flatMap((lang) =>
          COMPANY_TEXT_FIELDS.filter((field) => parsed.value[lang]?.[field]).map(
            (field) => `${lang}.${field}`,
          ),
        ),
      },
    });
  });
  const names = others.map((lang) => LANGUAGE_NAMES_IN_ENGLISH[lang]).join(" and ");
  return { kind: "saved", message: `The company texts in ${names} were saved.` };
}
