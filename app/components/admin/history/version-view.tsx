import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { historyPath, type MomentSnapshot, type PackageSnapshot } from "~/domain/versions";
import type { HistoryItem } from "~/server/catalogue/history.server";
import type { HistoryActionReply } from "~/server/catalogue/history-screens.server";
import { useHydrated } from "~/components/ui/use-hydrated";
import { usePending } from "~/components/ui/use-pending";
import { Dialog, DialogActions } from "../dialog";
import { showToast } from "../flash-messages";
import { DeletedNotice, HistoryTrail, type DatedVersion } from "./history-list";
import { VersionContent } from "./version-content";

export interface VersionViewProps {
  item: HistoryItem;
  version: DatedVersion;
  isLatest: boolean;
  content: PackageSnapshot | MomentSnapshot;
  reply: HistoryActionReply | undefined;
}

/**
 * One version, read-only, with "Restore this version": a plain POST without JavaScript; with it,
 * a confirmation dialog first. The form carries the item's updated_at (stale-edit protection).
 */
export function VersionView({ item, version, isLatest, content, reply }: VersionViewProps) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const restoreForm = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const here = historyPath(item.kind, item.id, version.id);
  const pending = usePending({ pathname: here, formMethod: "POST" });

  useEffect(() => {
    if (reply && !reply.ok) showToast("error", reply.message);
  }, [reply]);

  const canRestore = !isLatest && !item.deleted;
  return (
    <section className="admin-section history-screen" aria-labelledby="version-heading">
      <HistoryTrail item={item} version={version.number} />
      <header className="admin-section-header history-version-header">
        <h1 id="version-heading">
          Version {version.number} of “{item.title}”
        </h1>
        <p className="history-entry-meta">
          {version.label}, <time dateTime={version.at}>{version.when}</time> by {version.by}
        </p>
      </header>
      <DeletedNotice item={item} />
      {reply && !reply.ok ? (
        <div className="form-error" role="alert">
          {reply.message}
        </div>
      ) : null}
      {version.changes.length ? (
        <div className="history-version-changes">
          <h2>What changed in this version</h2>
          <ul className="history-changes">
            {version.changes.map((change, n) => (
              <li key={n}>{change}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="history-restore">
        {canRestore ? (
          <Form
            method="post"
            action={here}
            ref={restoreForm}
            onSubmit={(event) => {
              // With JavaScript, ask first; the dialog's button submits for real.
              if (hydrated && !confirmed.current) {
                event.preventDefault();
                setConfirming(true);
              }
              confirmed.current = false;
            }}
          >
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="updated_at" value={item.updatedAt} />
            <button type="submit" className="button button-primary" disabled={pending}>
              {pending ? "Restoring..." : "Restore this version"}
            </button>
          </Form>
        ) : isLatest ? (
          <p className="history-notice">This is the current version.</p>
        ) : null}
        <Link to={historyPath(item.kind, item.id)} className="button button-secondary">
          Back to history
        </Link>
      </div>
      <Dialog
        open={confirming}
        role="alertdialog"
        title="Restore this version?"
        description={
          <p>
            The {item.noun} gets the content of version {version.number}, saved as a new version.
            Nothing in its history is lost
            {item.kind === "moment" ? "" : "; its status stays as it is"}.
          </p>
        }
        onClose={() => setConfirming(false)}
      >
        <DialogActions>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setConfirming(false);
              confirmed.current = true;
              restoreForm.current?.requestSubmit();
            }}
          >
            Restore
          </button>
        </DialogActions>
      </Dialog>
      <h2 className="history-content-heading">Content of version {version.number}</h2>
      <VersionContent kind={item.kind} content={content} />
    </section>
  );
}
