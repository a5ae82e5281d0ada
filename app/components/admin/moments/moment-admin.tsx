import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "sonner";
import {
  MOMENT_TOASTS,
  momentDialogHref,
  type MomentDialog,
  type MomentReply,
} from "~/domain/moment-form";
import { MESSAGES, type TravelMoment } from "~/domain/schemas";
import { MomentDelete } from "./moment-delete";
import { MomentDialogFrame } from "./moment-dialog-frame";
import { MomentForm } from "./moment-form";
import { MomentGrid } from "./moment-grid";
import "~/styles/admin-moments.css";

interface MomentAdminProps {
  moments: TravelMoment[];
  dialog: MomentDialog | null;
  max: number;
  reply: MomentReply | undefined;
}

const LIST = momentDialogHref(null);

/** Spec §2 Travel moments admin: the grid, Add Video / edit dialog, Delete Video dialog. */
export function MomentAdmin({ moments, dialog, max, reply }: MomentAdminProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formAction?.startsWith(LIST) === true;
  const full = moments.length >= max;

  // A refusal of the server: the spec's 'Error' toast with its message (and inline in the dialog).
  useEffect(() => {
    if (reply?.toast) toast.error(MOMENT_TOASTS.errorTitle, { description: reply.toast });
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
      {full ? (
        <p className="reel-notice" role="status">
          {MESSAGES.momentsMax}
        </p>
      ) : null}
      {moments.length === 0 ? (
        <p className="admin-empty" role="status">
          No travel moments yet. Add a video to start the reel on the home page.
        </p>
      ) : (
        <MomentGrid moments={moments} />
      )}

      {dialog?.mode === "create" || dialog?.mode === "edit" ? (
        <MomentDialogFrame
          title={dialog.mode === "create" ? "Add Video" : "Edit Video"}
          titleId="reel-dialog-title"
        >
          <MomentForm
            key={dialog.mode === "edit" ? dialog.moment.id : "new"}
            moment={dialog.mode === "edit" ? dialog.moment : undefined}
            reply={reply}
            pending={pending}
            headingId="reel-dialog-title"
          />
        </MomentDialogFrame>
      ) : null}
      {dialog?.mode === "delete" ? (
        <MomentDialogFrame
          title="Delete Video"
          titleId="reel-delete-title"
          describedBy="reel-delete-text"
          role="alertdialog"
        >
          <MomentDelete
            moment={dialog.moment}
            reply={reply}
            pending={pending}
            textId="reel-delete-text"
          />
        </MomentDialogFrame>
      ) : null}
    </section>
  );
}
