import { messageVariables } from "./format";

/**
 * The catalogue check (decision 127): what is wrong with each catalogue against the reference
 * (English): a key missing or empty, a variable the reference does not give, a key the site does
 * not have. The unit test fails on any of them, so a broken catalogue fails the build, not a page.
 */
export function catalogueProblems(
  reference: Record<string, string>,
  catalogues: Record<string, Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const [lang, messages] of Object.entries(catalogues)) {
    for (const key of Object.keys(reference)) {
      const message = messages[key];
      if (typeof message !== "string" || message.trim() === "") {
        problems.push(`${lang}: "${key}" is missing`);
        continue;
      }
      const given = new Set(messageVariables(reference[key]!));
      for (const name of messageVariables(message))
        if (!given.has(name)) problems.push(`${lang}: "${key}" uses {${name}}, which is not given`);
    }
    for (const key of Object.keys(messages))
      if (!(key in reference)) problems.push(`${lang}: "${key}" is not a key of the site`);
  }
  return problems;
}
