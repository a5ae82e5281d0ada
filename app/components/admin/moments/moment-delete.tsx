import { Form, Link } from "react-router";
import { momentDialogHref, type MomentReply } from "~/domain/moment-form";
import type { TravelMoment } from "~/domain/schemas";

interface MomentDeleteProps {
  moment: TravelMoment;
  reply: MomentReply | undefined;
  pending: boolean;
  textId: string;
}

/** The 'Delete Video' confirmation: a plain form, so it is the confirmation step without JS. */
export function MomentDelete({ moment, reply, pending, textId }: MomentDeleteProps) {
  const errors = reply?.intent === "delete" ? reply.result.error?.[""] : undefined;
  return (
    <Form method="post" action={momentDialogHref({ mode: "delete", id: moment.id })}>
      <p id={textId}>
        Are you sure you want to delete <strong>{moment.title}</strong>? The video
        {moment.thumbnailUrl ? " and its thumbnail" : ""} will be removed from the site. This cannot
        be undone.
      </p>
      {errors?.length ? (
        <div className="form-error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={moment.id} />
      <div className="reel-form-actions">
        <button type="submit" className="button reel-button-danger" disabled={pending}>
          {pending ? "Deleting..." : "Delete"}
        </button>
        <Link to={momentDialogHref(null)} className="button button-secondary" replace>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
