/**
 * A published package's pending proposal as the package form shows it (decision 137): the form
 * says "Changes in review" (or sent back, or saved but not submitted), by whom, with the
 * reviewer's comment, and whether the live package changed since the proposal was made.
 */
export interface ProposalNotice {
  state: "in_review" | "sent_back" | "saved";
  /** Who proposed it (name or e-mail), or null when that admin is gone. */
  by: string | null;
  comment: string | null;
  /** The live package has newer versions than the one the proposal was made from. */
  outdated: boolean;
  /** The form shows the proposal's values (its author's view) rather than the live ones. */
  showsProposal: boolean;
}

export const PROPOSAL_STATE_LABELS: Record<ProposalNotice["state"], string> = {
  in_review: "Changes in review",
  sent_back: "Changes sent back",
  saved: "Changes not yet submitted",
};
