import { Link } from "react-router";

export interface MyReview {
  id: string;
  title: string;
  state: "in_review" | "sent_back";
  comment: string | null;
  editPath: string;
  /** Proposed changes to a published package (decision 137), not a draft. */
  changes?: boolean;
}

/**
 * On the author's dashboard (decision 132): the packages they submitted that wait for review or
 * came back with a reviewer's comment. Approved ones are no longer listed: they are live.
 */
export function MyReviews({ items }: { items: MyReview[] }) {
  if (items.length === 0) return null;
  return (
    <section className="admin-list-hint my-reviews" aria-labelledby="my-reviews-heading">
      <h2 id="my-reviews-heading">Your submissions</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.editPath}>{item.title}</Link>:{" "}
            {item.state === "in_review" ? (
              <strong>{item.changes ? "Changes in review" : "In review"}</strong>
            ) : (
              <>
                <strong>{item.changes ? "Changes sent back" : "Sent back"}</strong>, with this
                comment: <q>{item.comment}</q>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
