import { Form, Link, useNavigate } from "react-router";
import { Dialog, DialogActions } from "./dialog";

export interface TeamScreenProps {
  me: string;
  members: {
    id: string;
    email: string;
    name: string | null;
    twoFactor: boolean;
    lastSignIn: string | Date | null;
    memberSince: string | Date;
  }[];
  invitations: { id: string; email: string; invitedBy: string | null; expiresAt: string | Date }[];
  /** The admin whose removal is being confirmed (`?remove=ID`). */
  removing: { id: string; email: string } | null;
  mailOff: string | null;
  requireTwoFactor: boolean;
  reply?: {
    intent?: string;
    error?: string;
    invited?: string;
    link?: string;
    notice?: string;
  };
  pending: boolean;
}

const day = (value: string | Date | null) =>
  value ? new Date(value).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "Never";

/** /admin/team: the list, the invite form and the remove confirmation (a URL, so JS-off works). */
export function TeamScreen(props: TeamScreenProps) {
  const { members, invitations, removing, reply, pending } = props;
  const navigate = useNavigate();
  return (
    <section className="admin-section" aria-labelledby="team-heading">
      <header className="admin-section-header">
        <h1 id="team-heading">Team</h1>
      </header>
      <p>Every admin can do everything, including managing the team.</p>
      {/* A phone is narrower than the table: it scrolls sideways, reachable by keyboard. */}
      <div className="table-scroll" role="region" aria-label="Admins" tabIndex={0}>
        <table className="admin-table">
          <caption className="visually-hidden">Admins and pending invitations</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Two-factor</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>{m.name ?? "–"}</td>
                <td>{m.email}</td>
                <td>{m.twoFactor ? "On" : "Off"}</td>
                <td>{day(m.lastSignIn)}</td>
                <td>Active</td>
                <td>
                  {m.id === props.me ? (
                    "You"
                  ) : (
                    <Link to={`/admin/team?remove=${m.id}`} preventScrollReset>
                      Remove<span className="visually-hidden"> {m.email}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
            {invitations.map((i) => (
              <tr key={i.id}>
                <td>–</td>
                <td>{i.email}</td>
                <td>–</td>
                <td>Never</td>
                <td>{`Invited (link valid until ${day(i.expiresAt)})`}</td>
                <td>
                  <Form method="post" action="/admin/team">
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button type="submit" className="button button-link" disabled={pending}>
                      Withdraw invitation<span className="visually-hidden">{` to ${i.email}`}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="admin-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite an admin</h2>
        {props.mailOff ? (
          <p className="form-error" role="note">
            {props.mailOff} Invitation links are shown here for you to pass on.
          </p>
        ) : null}
        {reply?.invited ? (
          <div className="flash flash-success" role="status">
            <p>{`Invitation for ${reply.invited} created.`}</p>
            {reply.notice ? <p>{reply.notice}</p> : null}
            {reply.link ? (
              <p>
                Pass this link on (it works once, for 72 hours): <code>{reply.link}</code>
              </p>
            ) : null}
          </div>
        ) : null}
        <Form method="post" action="/admin/team" className="admin-form">
          <input type="hidden" name="intent" value="invite" />
          <div className="field">
            <label htmlFor="invite-email">E-mail address</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              aria-invalid={reply?.intent === "invite" && reply.error ? true : undefined}
              aria-describedby={
                reply?.intent === "invite" && reply.error ? "invite-error" : undefined
              }
            />
            {reply?.intent === "invite" && reply.error ? (
              <p id="invite-error" className="form-error" role="alert">
                {reply.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-primary" disabled={pending}>
            Invite
          </button>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="require-heading">
        <h2 id="require-heading">Require two-factor for every admin</h2>
        <p>
          {props.requireTwoFactor
            ? "On: an admin without two-factor authentication is sent to set it up after the password step and can do nothing else until it is on."
            : "Off: each admin chooses whether to use two-factor authentication."}
        </p>
        {reply?.intent === "require-two-factor" && reply.error ? (
          <p className="form-error" role="alert">
            {reply.error}
          </p>
        ) : null}
        <Form method="post" action="/admin/team">
          <input type="hidden" name="intent" value="require-two-factor" />
          <input type="hidden" name="value" value={props.requireTwoFactor ? "off" : "on"} />
          <button type="submit" className="button button-secondary" disabled={pending}>
            {props.requireTwoFactor ? "Stop requiring two-factor" : "Require two-factor"}
          </button>
        </Form>
      </section>

      {(reply?.intent === "remove" || reply?.intent === "withdraw") && reply.error ? (
        <p className="form-error" role="alert">
          {reply.error}
        </p>
      ) : null}
      <Dialog
        open={removing !== null}
        role="alertdialog"
        title="Remove admin"
        description={
          <p>{`Remove ${removing?.email ?? ""}? They are signed out at once and can no longer sign in.`}</p>
        }
        onClose={() => void navigate("/admin/team", { replace: true, preventScrollReset: true })}
      >
        <DialogActions>
          <Link to="/admin/team" replace preventScrollReset className="button button-secondary">
            Cancel
          </Link>
          <Form method="post" action="/admin/team">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="adminId" value={removing?.id ?? ""} />
            <button type="submit" className="button button-primary" disabled={pending}>
              Remove
            </button>
          </Form>
        </DialogActions>
      </Dialog>
    </section>
  );
}
