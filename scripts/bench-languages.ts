// The bench's second language (decision 151): `npm run bench` starts the app with two languages
// and checks every page budget (cached and uncached home, first-load JS, CLS, Lighthouse) on the
// German pages too, as issue 33 asks ("every page budget holds for a second-language page").
// Plain Node runs this file (no Vite): it imports nothing from the app.

/** The languages the bench's server runs with: English at today's URLs, German under /de. */
export const BENCH_SITE_LANGUAGES = "en,de";
/** The second language whose pages the bench measures. */
export const SECOND_LANGUAGE = "de";

/** A default-language path as the same page in `lang`: "/" → "/de", "/about" → "/de/about". */
export function inLanguage(pathname: string, lang: string): string {
  return pathname === "/" ? `/${lang}` : `/${lang}${pathname}`;
}

/**
 * The first package detail link of a list page in `lang` ("/de/package/bali-rundreise"), or, with
 * no language, of the default language's list ("/package/bali-escape").
 */
export function firstDetailPath(listHtml: string, lang?: string): string | undefined {
  const pattern = new RegExp(`href="(${lang ? `/${lang}` : ""}/package/[^"?#]+)[^"]*"`);
  return pattern.exec(listHtml)?.[1];
}

export interface SecondLanguagePages {
  lang: string;
  /** The language's home page ("/de"). */
  home: string;
  /** A published package's page in that language, at its own slug. */
  detail: string;
  /** The public pages in that language, the detail page included (first-load JS per page). */
  pages: string[];
}

/**
 * The second language's pages on a running server, each checked to answer 200 in that language
 * (`<html lang="de">`): a bench that measured a 404 or an English page would prove nothing.
 */
export async function secondLanguagePages(
  base: string,
  publicPages: readonly string[],
  lang = SECOND_LANGUAGE,
): Promise<SecondLanguagePages> {
  const answer = async (pathname: string) => {
    const res = await fetch(`${base}${pathname}`);
    const html = await res.text();
    if (res.status !== 200 || !new RegExp(`<html[^>]*\\blang="${lang}"`).test(html)) {
      throw new Error(
        `${pathname} answered ${res.status}${res.status === 200 ? " not in that language" : ""}: ` +
          `the bench needs the server started with SITE_LANGUAGES=${BENCH_SITE_LANGUAGES} and the demo content`,
      );
    }
    return html;
  };
  const list = inLanguage("/upcoming-trips", lang);
  const detail = firstDetailPath(await answer(list), lang);
  if (!detail) throw new Error(`no ${lang} package link on ${list}: the demo content has none`);
  await answer(detail);
  const pages = [...publicPages.map((p) => inLanguage(p, lang)), detail];
  for (const page of pages) await answer(page);
  return { lang, home: inLanguage("/", lang), detail, pages };
}
