import {
  COMPANY_TEXT_FIELDS,
  COMPANY_TEXT_LABELS,
  COMPANY_TEXT_LIMITS,
  companyTextName,
  type CompanyTextsPanelData,
} from "~/domain/company-texts";
import { LANGUAGE_NAMES_IN_ENGLISH } from "~/domain/i18n/languages";
import type { SiteConfig } from "~/domain/site";
import type { Db } from "../platform/db.server";
import { loadCompanyTexts } from "./company-texts.server";

/** The Settings panel of the company's texts per language (decision 150); none with one language. */
export async function companyTextsPanel(
  db: Db,
  site: SiteConfig,
): Promise<CompanyTextsPanelData | null> {
  const others = site.languages.slice(1);
  if (others.length === 0) return null;
  const stored = await loadCompanyTexts(db);
  const defaultLang = site.languages[0] ?? "en";
  return {
    defaultLang,
    defaultLangName: LANGUAGE_NAMES_IN_ENGLISH[defaultLang],
    languages: others.map((lang) => ({
      lang,
      name: LANGUAGE_NAMES_IN_ENGLISH[lang],
      rows: COMPANY_TEXT_FIELDS.map((field) => ({
        name: companyTextName(lang, field),
        label: COMPANY_TEXT_LABELS[field],
        source: site[field],
        value: stored[lang]?.[field] ?? "",
        limit: COMPANY_TEXT_LIMITS[field],
        multiline: field !== "tagline",
      })),
    })),
  };
}
