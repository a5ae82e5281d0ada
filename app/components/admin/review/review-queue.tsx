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
}

export interface ReviewQueueProps {
  items: ReviewQueueEntry[];
  commentMax: number;
  reply: { ok: false; id?: string; message: string; comment?: string } | undefined;
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
  const generalError = reply && !items.some((item) => item.id === reply.id) ? reply : undefined;
  return (
    <section className="admin-section history-screen" aria-labelledby="review-heading">
      <header className="admin-section-header">
        <h1 id="review-heading">Review</h1>
      </header>
      <p className="history-notice">
        Packages Contributors submitted for review. Approving publishes the package (or leaves it to
        its schedule); sending it back returns it to its author as a draft with your comment.
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
            const error = reply?.id === item.id ? reply : undefined;
            const commentId = `comment-${item.id}`;
            const errorId = `comment-error-${item.id}`;
            return (
              <li key={item.id} className="history-entry">
                <div className="history-entry-head">
                  <h2 className="history-entry-title">{item.title}</h2>
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
                <p>
                  <Link to={item.historyPath}>
                    See the changes<span className="visually-hidden"> to {item.title}</span>
                  </Link>{" "}
                  ·{" "}
                  <Link to={item.editPath}>
                    Open the package<span className="visually-hidden"> {item.title}</span>
                  </Link>
                </p>
                <div className="history-restore review-actions">
                  <Form method="post" action="/admin/review">
                    <input type="hidden" name="kind" value={item.kind} />
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="button button-primary button-small"
                    >
                      {item.publishAt ? "Approve" : "Approve and publish"}
                      <span className="visually-hidden"> {item.title}</span>
                    </button>
                  </Form>
                  <Form method="post" action="/admin/review" className="review-send-back">
                    <input type="hidden" name="kind" value={item.kind} />
                    <input type="hidden" name="id" value={item.id} />
                    <label htmlFor={commentId}>
                      Comment for the author
                      <span className="visually-hidden"> of {item.title}</span> (required, at most{" "}
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
                      Send back<span className="visually-hidden"> {item.title}</span>
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
