import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { momentDialogHref, type MomentDialog, type MomentReply } from "~/domain/moment-form";
import { MESSAGES, type TravelMoment } from "~/domain/schemas";
import type { TranslationBadge } from "~/domain/translations";
import { usePending } from "~/components/ui/use-pending";
import { Dialog } from "../dialog";
import { showToast } from "../flash-messages";
import { MomentDelete, MomentDeleteText } from "./moment-delete";
import { MomentForm } from "./moment-form";
import { MomentGrid } from "./moment-grid";
import "~/styles/admin-moments.css";

interface MomentAdminProps {
  moments: TravelMoment[];
  dialog: MomentDialog | null;
  max: number;
  reply: MomentReply | undefined;
  /** Per moment, how much is translated into each other language (decision 150). */
  translations: Record<string, TranslationBadge[]>;
}

const LIST = momentDialogHref(null);

/** Spec §2 Travel moments admin: the grid, Add Video / edit dialog, Delete Video dialog. */
export function MomentAdmin({ moments, dialog, max, reply, translations }: MomentAdminProps) {
  const pending = usePending({
    state: "submitting",
    formAction: (action) => action.startsWith(LIST),
  });
  const full = moments.length >= max;
  const navigate = useNavigate();
  // A refused create stays in its dialog with the server's message, even when the refusal is that
  // the reel just became full (then the URL alone would no longer open it).
  const editor =
    dialog?.mode === "edit"
      ? dialog
      : dialog?.mode === "create" || reply?.intent === "create"
        ? { moment: undefined }
        : undefined;
  const doomed = dialog?.mode === "delete" ? dialog.moment : undefined;
  // A refusal whose dialog is gone (its moment was deleted meanwhile) is shown on the page.
  const orphanErrors =
    (reply?.intent === "update" && dialog?.mode !== "edit") ||
    (reply?.intent === "delete" && !doomed)
      ? reply.result.error?.[""]
      : undefined;
  // Escape (or the browser) closed the dialog: its URL goes too, so Back does not reopen it.
  const close = () => void navigate(LIST, { replace: true, preventScrollReset: true });

  // A refusal of the server: the spec's 'Error' toast with its message (and inline in the dialog).
  useEffect(() => {
    if (reply?.toast) showToast("error", reply.toast);
  }, [reply]);

  return (
    <section className="admin-section reel-admin" aria-labelledby="moments-heading">
      <header className="admin-section-header reel-admin-header">
        <div>
          <h1 id="moments-heading">Travel Moments</h1>
          <p className="reel-count">
            {moments.length} of {max} videos
          </p>
        </div>
        {full ? (
          <button type="button" className="button button-primary" disabled>
            Add Video
          </button>
        ) : (
          <Link to={momentDialogHref({ mode: "create" })} className="button button-primary">
            Add Video
          </Link>
        )}
      </header>
      {orphanErrors?.length ? (
        <div className="form-error" role="alert">
          {orphanErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {full ? (
        <p className="reel-notice" role="status">
          {MESSAGES.momentsMax}
        </p>
      ) : null}
      {/*
        Without JavaScript an open dialog is a step on the page, above the grid it concerns. The
        dialogs stay mounted while closed, so closing hands focus back to the button that opened
        them.
      */}
      <Dialog
        open={editor !== undefined}
        title={editor?.moment ? "Edit Video" : "Add Video"}
        onClose={close}
        className="reel-dialog"
      >
        {editor ? (
          <MomentForm
            key={editor.moment?.id ?? "new"}
            moment={editor.moment}
            reply={reply}
            pending={pending}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={doomed !== undefined}
        title="Delete Video"
        role="alertdialog"
        description={doomed ? <MomentDeleteText moment={doomed} /> : undefined}
        onClose={close}
      >
        {doomed ? <MomentDelete moment={doomed} reply={reply} pending={pending} /> : null}
      </Dialog>
      {moments.length === 0 ? (
        <p className="admin-empty" role="status">
          No travel moments yet. Add a video to start the reel on the home page.
        </p>
      ) : (
        <MomentGrid moments={moments} translations={translations} />
      )}
    </section>
  );
}
