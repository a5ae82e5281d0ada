import { DE_MESSAGES } from "./messages-de";
import { EN_MESSAGES, type MessageKey, type Messages } from "./messages-en";
import { formatMessage, type MessageValues } from "./format";
import type { Language } from "./languages";

/** Every shipped catalogue. Imported by server code only: the browser gets finished strings. */
export const CATALOGUES: Record<Language, Messages> = { en: EN_MESSAGES, de: DE_MESSAGES };

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The formatter of one language: `t("nav.home")`, `t("trip.nights", { count: 3 })`. */
export function translator(lang: Language): Translate {
  const messages = CATALOGUES[lang];
  return (key, values) => formatMessage(lang, messages[key], values);
}
