import { DE_MESSAGES } from "./messages-de";
import { EN_MESSAGES, type MessageKey, type Messages } from "./messages-en";
import { formatMessage, type MessageValues } from "./format";
import type { Language } from "./languages";
import type { MessageVariables } from "./message-types";

/** Every shipped catalogue. Imported by server code only: the browser gets finished strings. */
export const CATALOGUES: Record<Language, Messages> = { en: EN_MESSAGES, de: DE_MESSAGES };

/** What `t(key, …)` takes after the key: the values of every variable the message uses. */
export type ValuesFor<K extends MessageKey> = K extends MessageKey
  ? [MessageVariables<(typeof EN_MESSAGES)[K]>] extends [never]
    ? [values?: MessageValues]
    : [values: Record<MessageVariables<(typeof EN_MESSAGES)[K]>, string | number>]
  : never;

/**
 * `t("nav.home")`, `t("trip.nights", { count: 3 })`: a value the message uses left out is a type
 * error (the catalogue check makes every language use only the English message's variables).
 */
export type Translate = <K extends MessageKey>(key: K, ...values: ValuesFor<K>) => string;

/** The formatter of one language. */
export function translator(lang: Language): Translate {
  const messages = CATALOGUES[lang];
  const t = (key: MessageKey, values?: MessageValues) => formatMessage(lang, messages[key], values);
  return t as Translate;
}
