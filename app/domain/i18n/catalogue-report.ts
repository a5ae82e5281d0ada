import { catalogueProblems } from "./catalogue-check";
import { CATALOGUES } from "./catalogues";
import { EN_MESSAGES } from "./messages-en";

/** What the build's catalogue check reports: every shipped catalogue against the English one. */
export function shippedCatalogueProblems(): string[] {
  return catalogueProblems(EN_MESSAGES, CATALOGUES);
}
