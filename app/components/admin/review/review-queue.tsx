import { useEffect } from "react";
import { Form, Link } from "react-router";
import type { PackageKind } from "~/domain/schemas";
import { showToast } from "../flash-messages";
import "~/styles/admin-history.css";

export interface ReviewQueueEntry {
  kind: PackageKind;
  id: string;
  title: string;
  submittedBy: string;
  submittedAt: string;
  submittedWhen: string;
  publishAt: string | null;
  publishWhen: string | null;
  historyPath: string;
  editPath: string;
  /** Proposed changes to a published package (decision 137), not a draft. */
  proposal: boolean;
  /** What approving would change on the website, against the live (last published) version. */
  changes: {
    against: "live" | "last-published" | "never-published" | "live-translation" | "new-translation";
    changes: string[];
    outdated?: { basedOn: number; live: number };
    /** A draft's translations that go live with it (decision 146), per language. */
    translations?: { lang: string; name: string; changes: string[] }[];
  };
  /** A pending translation (decision 146): its language; the package itself is not in review. */
  translation?: { lang: string; name: string };
}

const AGAINST: Record<ReviewQueueEntry["changes"]["against"], string> = {
  live: "Compared with the published version that is live now.",
  "last-published": "Compared with the last published version.",
  "never-published": "Never published: everything in it is new.",
  "live-translation": "Compared with the translation that is live now.",
  "new-translation": "Not translated into this language yet: every field is new.",
};

/** "See the changes": what approving would change, compared with the live version. */
function Changes({ item }: { item: ReviewQueueEntry }) {
  const { against, changes, outdated, translations } = item.changes;
  return (
    <details className="review-changes">
      <summary>
        See the changes
        <span className="visually-hidden">{` to ${item.title}${item.translation ? ` (${item.translation.name})` : ""}`}</span>
      </summary>
      <p>
        {item.translation
          ? AGAINST[against].replace("translation", `${item.translation.name} translation`)
          : AGAINST[against]}
      </p>
      {outdated ? (
        <p>
          Proposed from version {outdated.basedOn}; the package has been saved since (version{" "}
          {outdated.live}). Approving replaces those later edits with this proposal.
        </p>
      ) : null}
      {against === "never-published" ? null : changes.length ? (
        <ul className="history-changes">
          {changes.map((change, i) => (
            <li key={i}>{change}</li>
          ))}
        </ul>
      ) : (
        <p>No differences.</p>
      )}
      {translations?.length ? (
        <>
          <p>
            {against === "never-published"
              ? "Its translations, which go live with it:"
              : "Translations saved since it left the website, which go live with it (their earlier text is not kept, so each filled field is listed):"}
          </p>
          {translations.map((t) => (
            <section
              key={t.lang}
              className="review-translation"
              aria-label={`${t.name} translation`}
            >
              <h3 className="review-translation-heading">{`${t.name} translation`}</h3>
              <ul className="history-changes">
                {t.changes.map((change, i) => (
                  <li key={i}>{change}</li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </details>
  );
}

export interface ReviewQueueProps {
  items: ReviewQueueEntry[];
  commentMax: number;
  reply: { ok: false; id?: string; lang?: string; message: string; comment?: string } | undefined;
}

/**
 * /admin/review (decision 132): the packages Contributors submitted, oldest first. Each links to
 * its changes (the history screen's diff) and has "Approve and publish" and "Send back", whose
 * comment is required. Plain forms: they work without JavaScript.
 */
export function ReviewQueue({ items, commentMax, reply }: ReviewQueueProps) {
  useEffect(() => {
    if (reply && !reply.ok) showToast("error", reply.message);
  }, [reply]);
  const generalError =
    reply &&
    !items.some(
      (item) => item.id === reply.id && item.translation?.lang === (reply.lang ?? undefined),
    )
      ? reply
      : undefined;
  return (
    <section className="admin-section history-screen" aria-labelledby="review-heading">
      <header className="admin-section-header">
        <h1 id="review-heading">Review</h1>
      </header>
      <p className="history-notice">
        Packages Contributors submitted for review, and changes they proposed to published packages
        and their translations. Approving publishes the package or the changes (or leaves a draft to
        its schedule); sending it back returns it to its author with your comment, and the published
        version stays live.
      </p>
      {generalError ? (
        <div className="form-error" role="alert">
          {generalError.message}
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="admin-empty" role="status">
          Nothing is waiting for review.
        </p>
      ) : (
        <ul className="deleted-list review-list">
          {items.map((item) => {
            const lang = item.translation?.lang;
            const error =
              reply?.id === item.id && (reply.lang ?? undefined) === lang ? reply : undefined;
            const key = lang ? `${item.id}-${lang}` : item.id;
            const commentId = `comment-${key}`;
            const errorId = `comment-error-${key}`;
            const name = item.translation ? `${item.title} (${item.translation.name})` : item.title;
            return (
              <li key={key} className="history-entry">
                <div className="history-entry-head">
                  <h2 className="history-entry-title">
                    {item.title}
                    {item.translation ? (
                      <>
                        {" "}
                        <span className="badge badge-review">{`Translation (${item.translation.name}) in review`}</span>
                      </>
                    ) : item.proposal ? (
                      <>
                        {" "}
                        <span className="badge badge-review">Changes in review</span>
                      </>
                    ) : null}
                  </h2>
                  <p className="history-entry-meta">
                    Submitted by {item.submittedBy},{" "}
                    <time dateTime={item.submittedAt}>{item.submittedWhen}</time>.
                    {item.publishAt ? (
                      <>
                        {" "}
                        Scheduled to publish{" "}
                        <time dateTime={item.publishAt}>{item.publishWhen}</time>.
                      </>
                    ) : null}
                  </p>
                </div>
                <Changes item={item} />
                <p>
                  <Link to={item.historyPath}>
                    Full history<span className="visually-hidden"> of {item.title}</span>
                  </Link>{" "}
                  ·{" "}
                  <Link to={item.editPath}>
                    {item.translation
                      ? `Open the ${item.translation.name} translation`
                      : "Open the package"}
                    <span className="visually-hidden">{` ${item.title}`}</span>
                  </Link>
                </p>
                <div className="history-restore review-actions">
                  <Form method="post" action="/admin/review">
                    <input type="hidden" name="kind" value={item.kind} />
                    <input type="hidden" name="id" value={item.id} />
                    {lang ? <input type="hidden" name="lang" value={lang} /> : null}
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="button button-primary button-small"
                    >
                      {item.translation
                        ? `Approve the ${item.translation.name} translation`
                        : item.proposal
                          ? "Approve and publish the changes"
                          : item.publishAt
                            ? "Approve"
                            : "Approve and publish"}
                      <span className="visually-hidden">{` ${name}`}</span>
                    </button>
                  </Form>
                  <Form method="post" action="/admin/review" className="review-send-back">
                    <input type="hidden" name="kind" value={item.kind} />
                    <input type="hidden" name="id" value={item.id} />
                    {lang ? <input type="hidden" name="lang" value={lang} /> : null}
                    <label htmlFor={commentId}>
                      Comment for the author
                      <span className="visually-hidden">{` of ${name}`}</span> (required, at most{" "}
                      {commentMax} characters)
                    </label>
                    <textarea
                      id={commentId}
                      name="comment"
                      rows={3}
                      defaultValue={error?.comment ?? ""}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                    />
                    {error ? (
                      <p id={errorId} className="field-error" role="alert">
                        {error.message}
                      </p>
                    ) : null}
                    <button
                      type="submit"
                      name="intent"
                      value="send-back"
                      className="button button-secondary button-small"
                    >
                      Send back<span className="visually-hidden">{` ${name}`}</span>
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
