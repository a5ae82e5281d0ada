/**
 * Fills the slots a server-finished message left for the browser: "{n} of {count}" → "2 of 6".
 * The catalogues stay on the server (decision 127); a message whose numbers only the browser
 * knows (a carousel's position) is sent with its `{name}` slots as they are. A slot without a
 * value stays as it is.
 */
/** A slot kept for the browser: t("carousel.slide", { n: slot("n") }) yields "{n} of …". */
export const slot = (name: string) => `{${name}}`;

export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}
