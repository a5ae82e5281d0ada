import { Link } from "react-router";
import type { TranslationBadge } from "~/domain/translations";
import { useCan } from "../permissions";
import "~/styles/admin-translations.css";

/**
 * "German: 3 of 11 fields" per language other than the default (decision 139): on a package's
 * list card and its edit form, with whether it is published in that language (decision 154). A
 * link to the translation screen for whoever may write drafts.
 */
export function TranslationBadges({ badges }: { badges: TranslationBadge[] }) {
  const mayTranslate = useCan("content.draft");
  return (
    <ul className="translation-badges" aria-label="Translations">
      {badges.map((badge) => {
        const published =
          badge.published === undefined
            ? ""
            : badge.published
              ? " · published"
              : " · not published";
        const words = `${badge.name}: ${badge.done} of ${badge.total} fields${published}`;
        return (
          <li
            key={badge.lang}
            className={
              [
                badge.done === badge.total ? "translation-complete" : "",
                badge.published === false ? "translation-unpublished" : "",
              ]
                .filter(Boolean)
                .join(" ") || undefined
            }
          >
            {mayTranslate ? (
              <Link to={badge.href} hrefLang={badge.lang}>
                {words}
              </Link>
            ) : (
              words
            )}
          </li>
        );
      })}
    </ul>
  );
}
