import { Form, Link } from "react-router";
import { momentDialogHref, type MomentReply } from "~/domain/moment-form";
import type { TravelMoment } from "~/domain/schemas";
import { DialogActions } from "../dialog";

interface MomentDeleteProps {
  moment: TravelMoment;
  reply: MomentReply | undefined;
  pending: boolean;
}

/** The question the 'Delete Video' dialog asks (its description). */
export function MomentDeleteText({ moment }: { moment: TravelMoment }) {
  return (
    <p>
      Are you sure you want to delete <strong>{moment.title}</strong>? The video
      {moment.thumbnailUrl ? " and its thumbnail" : ""} will be removed from the site. This cannot
      be undone.
    </p>
  );
}

/** The 'Delete Video' confirmation: a plain form, so it is the confirmation step without JS. */
export function MomentDelete({ moment, reply, pending }: MomentDeleteProps) {
  const errors = reply?.intent === "delete" ? reply.result.error?.[""] : undefined;
  return (
    <Form
      method="post"
      action={momentDialogHref({ mode: "delete", id: moment.id })}
      className="reel-delete-form"
    >
      {errors?.length ? (
        <div className="form-error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={moment.id} />
      <DialogActions>
        <Link to={momentDialogHref(null)} className="button button-secondary" replace>
          Cancel
        </Link>
        <button type="submit" className="button button-danger" disabled={pending}>
          {pending ? "Deleting..." : "Delete"}
        </button>
      </DialogActions>
    </Form>
  );
}
