import { useEffect } from "react";
import { Form, Link } from "react-router";
import type { PackageKind } from "~/domain/schemas";
import { historyPath, recentlyDeletedPath } from "~/domain/versions";
import type { DeletedPackage } from "~/server/catalogue/deleted-packages.server";
import type { HistoryActionReply } from "~/server/catalogue/history-screens.server";
import { showToast } from "../flash-messages";
import "~/styles/admin-history.css";

export interface RecentlyDeletedProps {
  kind: PackageKind;
  title: string;
  listPath: string;
  listTitle: string;
  days: number;
  packages: (DeletedPackage & { deletedWhen: string; purgeWhen: string })[];
  reply: HistoryActionReply | undefined;
}

/** /admin/recently-deleted/{kind}: deleted packages of the last 30 days, each with Restore. */
export function RecentlyDeleted({
  kind,
  title,
  listPath,
  listTitle,
  days,
  packages,
  reply,
}: RecentlyDeletedProps) {
  useEffect(() => {
    if (reply && !reply.ok) showToast("error", reply.message);
  }, [reply]);
  return (
    <section className="admin-section history-screen" aria-labelledby="deleted-heading">
      <nav aria-label="Breadcrumb" className="history-trail">
        <ol>
          <li>
            <Link to={listPath}>{listTitle}</Link>
          </li>
          <li>
            <span aria-current="page">Recently deleted</span>
          </li>
        </ol>
      </nav>
      <header className="admin-section-header">
        <h1 id="deleted-heading">{title}</h1>
      </header>
      <p className="history-notice">
        Deleted packages stay here for {days} days, hidden from the site and the API, then they are
        deleted for good with their images.
      </p>
      {reply && !reply.ok ? (
        <div className="form-error" role="alert">
          {reply.message}
        </div>
      ) : null}
      {packages.length === 0 ? (
        <p className="admin-empty" role="status">
          Nothing was deleted in the last {days} days.
        </p>
      ) : (
        <ul className="deleted-list">
          {packages.map((p) => (
            <li key={p.id} className="history-entry">
              <div className="history-entry-head">
                <h2 className="history-entry-title">{p.title}</h2>
                <p className="history-entry-meta">
                  Deleted <time dateTime={p.deletedAt}>{p.deletedWhen}</time> by{" "}
                  {p.deletedBy ?? "the system"}; deleted for good{" "}
                  <time dateTime={p.purgeAt}>{p.purgeWhen}</time>. Was{" "}
                  {p.status === "published" ? "published" : "a draft"}, URL slug “{p.slug}”.
                </p>
              </div>
              <div className="history-restore">
                <Form method="post" action={recentlyDeletedPath(kind)}>
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="id" value={p.id} />
                  <button type="submit" className="button button-primary button-small">
                    Restore<span className="visually-hidden"> {p.title}</span>
                  </button>
                </Form>
                <Link to={historyPath(kind, p.id)} className="button button-secondary button-small">
                  History<span className="visually-hidden"> of {p.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
