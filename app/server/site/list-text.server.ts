import type { Translate } from "~/domain/i18n/catalogues";
import type { MessageKey } from "~/domain/i18n/messages-en";
import {
  DURATION_BANDS,
  isFiltered,
  PRICE_BANDS,
  SORTS,
  type ListQuery,
} from "~/domain/catalogue-filters";
import type { PackageKind } from "~/domain/schemas";
import type { ListText, PagesText } from "~/domain/site-views";

export function pagesText(t: Translate): PagesText {
  return {
    label: t("pages.label"),
    previous: t("pages.previous"),
    next: t("pages.next"),
    page: t("pages.page"),
    step: t("pages.step"),
  };
}

/**
 * Every word of a public list page (hero, filters, sort, count, empty state, pagination) in the
 * page's language: the list's components render these strings and import no catalogue.
 */
export function listText(
  t: Translate,
  kind: PackageKind,
  query: ListQuery,
  total: number,
): ListText {
  const noun = kind === "trip" || kind === "local" ? "trip" : "package";
  const count = isFiltered(query)
    ? t(`list.matching.${noun}`, { count: total })
    : t(`list.count.${noun}`, { count: total });
  return {
    heading: t(`list.${kind}.heading`),
    eyebrow: t(`list.${kind}.eyebrow`),
    intro: t(`list.${kind}.intro`),
    empty: t(`kind.${kind}.empty`),
    emptyDetail: t(`list.${kind}.emptyDetail`),
    count,
    filters: t("list.filters"),
    destination: t("list.destination"),
    allDestinations: t("list.allDestinations"),
    month: t("list.month"),
    anyMonth: t("list.anyMonth"),
    price: t("list.price"),
    anyPrice: t("list.anyPrice"),
    duration: t("list.duration"),
    anyLength: t("list.anyLength"),
    sortBy: t("list.sortBy"),
    clear: t("list.clear"),
    apply: t("list.apply"),
    prices: PRICE_BANDS.map((b) => ({
      id: b.id,
      label: t(`list.price.${b.id}` as MessageKey, {
        min: b.min,
        max: b.max ?? 0,
      }),
    })),
    durations: DURATION_BANDS.map((b) => ({
      id: b.id,
      label: t(`list.duration.${b.id}` as MessageKey),
    })),
    sorts: SORTS.map((s) => ({ id: s.id, label: t(`list.sort.${s.id}`) })),
    pages: pagesText(t),
  };
}
