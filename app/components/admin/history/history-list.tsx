import { Link } from "react-router";
import { historyPath, recentlyDeletedPath } from "~/domain/versions";
import type { PackageKind } from "~/domain/schemas";
import type { HistoryItem, TranslationSave, VersionEntry } from "~/server/catalogue/history.server";
import "~/styles/admin-history.css";

export type DatedVersion = VersionEntry & { when: string };

export interface HistoryListProps {
  item: HistoryItem;
  versions: DatedVersion[];
  truncated: boolean;
  /** Saved translations, newest first (decision 150). */
  translations?: (TranslationSave & { when: string })[];
}

/** The trail above both history screens: the list, the item, its history. */
export function HistoryTrail({ item, version }: { item: HistoryItem; version?: number }) {
  return (
    <nav aria-label="Breadcrumb" className="history-trail">
      <ol>
        <li>
          <Link to={item.listPath}>{item.listTitle}</Link>
        </li>
        <li>
          {item.deleted ? <span>{item.title}</span> : <Link to={item.editPath}>{item.title}</Link>}
        </li>
        <li>
          {version ? (
            <Link to={historyPath(item.kind, item.id)}>History</Link>
          ) : (
            <span aria-current="page">History</span>
          )}
        </li>
        {version ? (
          <li>
            <span aria-current="page">Version {version}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

export function DeletedNotice({ item }: { item: HistoryItem }) {
  if (!item.deleted || item.kind === "moment") return null;
  return (
    <p className="history-notice" role="note">
      This {item.noun} is deleted.{" "}
      <Link to={recentlyDeletedPath(item.kind as PackageKind)}>
        Restore it from Recently deleted
      </Link>{" "}
      before restoring one of its versions.
    </p>
  );
}

/** /admin/history/{kind}/{id}: the versions, newest first, who and when, what changed. */
export function HistoryList({ item, versions, truncated, translations = [] }: HistoryListProps) {
  return (
    <section className="admin-section history-screen" aria-labelledby="history-heading">
      <HistoryTrail item={item} />
      <header className="admin-section-header">
        <h1 id="history-heading">History of “{item.title}”</h1>
      </header>
      <DeletedNotice item={item} />
      {versions.length === 0 ? (
        <p className="admin-empty" role="status">
          No versions yet: the next save records the first.
        </p>
      ) : (
        <ol className="history-list" aria-label="Versions, newest first">
          {versions.map((v, i) => (
            <li key={v.id} className="history-entry">
              <div className="history-entry-head">
                <h2 className="history-entry-title">
                  Version {v.number}: {v.label}
                  {i === 0 ? <span className="history-current"> (current)</span> : null}
                </h2>
                <p className="history-entry-meta">
                  <time dateTime={v.at}>{v.when}</time> by {v.by}
                </p>
              </div>
              {v.changes.length ? (
                <ul className="history-changes">
                  {v.changes.map((change, n) => (
                    <li key={n}>{change}</li>
                  ))}
                </ul>
              ) : (
                <p className="history-changes-none">No content changes.</p>
              )}
              <Link
                to={historyPath(item.kind, item.id, v.id)}
                className="button button-small button-secondary"
              >
                View<span className="visually-hidden"> version {v.number}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {truncated ? (
        <p className="history-notice">Only the {versions.length} newest versions are listed.</p>
      ) : null}
      {translations.length ? (
        <section className="history-translations" aria-labelledby="history-translations-heading">
          <h2 id="history-translations-heading">Translations saved</h2>
          <ol className="history-list" aria-label="Translation saves, newest first">
            {translations.map((t) => (
              <li key={t.id} className="history-entry">
                <p className="history-entry-meta">
                  {`${t.language || "A language"} translation saved `}
                  <time dateTime={t.at}>{t.when}</time>
                  {` by ${t.by}`}
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}
