import { Link } from "react-router";
import { PROPOSAL_STATE_LABELS, type ProposalNotice as Notice } from "~/domain/proposals";

/** The intent of "Discard my changes" (the server's DISCARD_CHANGES_INTENT). */
const DISCARD_INTENT = "discard-changes";

/**
 * A published package's pending proposal on its form (decision 137). Its author sees their
 * proposed values, the reviewer's comment when it was sent back, and "Discard my changes" (a
 * button of the form itself, so it works without JavaScript); a publisher sees that a proposal
 * waits on the review queue while they edit the live package.
 */
export function ProposalNotice({ notice }: { notice: Notice }) {
  const label = PROPOSAL_STATE_LABELS[notice.state];
  return (
    <section className="proposal-notice" aria-labelledby="proposal-heading" role="status">
      <h2 id="proposal-heading" className="visually-hidden">
        Proposed changes
      </h2>
      <span className="badge badge-review">{label}</span>
      {notice.showsProposal ? (
        <p>
          This form shows your proposed changes. The published version stays live until an Editor
          approves them; Save Draft keeps them, Submit for review asks for approval.
        </p>
      ) : (
        <p>
          {notice.by ?? "A former admin"} proposed changes to this published package. What you save
          here goes live at once; the proposal waits on the{" "}
          <Link to="/admin/review">review queue</Link>
          {notice.state === "in_review" ? "" : " (not submitted for review)"}.
        </p>
      )}
      {notice.outdated ? (
        <p>
          The published package changed after these changes were proposed: approving them replaces
          those newer edits.
        </p>
      ) : null}
      {notice.comment ? (
        <>
          <p>Sent back with this comment:</p>
          <blockquote>{notice.comment}</blockquote>
        </>
      ) : null}
      {notice.showsProposal ? (
        <button
          type="submit"
          name="intent"
          value={DISCARD_INTENT}
          formNoValidate
          className="button button-secondary button-small"
        >
          Discard my changes
        </button>
      ) : null}
    </section>
  );
}
