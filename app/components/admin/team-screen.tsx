import { Form, Link, useNavigate } from "react-router";
import { ROLE_LABELS, ROLE_SUMMARIES, ROLES, type Role } from "~/domain/permissions";
import { Dialog, DialogActions } from "./dialog";

export interface TeamScreenProps {
  me: string;
  myRole: Role;
  /** Whether the signed-in admin may give, change or remove the Owner role. */
  mayManageOwners: boolean;
  members: {
    id: string;
    email: string;
    name: string | null;
    role: Role;
    twoFactor: boolean;
    lastSignIn: string | Date | null;
    memberSince: string | Date;
  }[];
  invitations: {
    id: string;
    email: string;
    role: Role;
    invitedBy: string | null;
    expiresAt: string | Date;
  }[];
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
  const { members, invitations, removing, reply, pending, mayManageOwners } = props;
  const navigate = useNavigate();
  // The roles this admin may hand out: an Admin cannot make an Owner (decision 125).
  const grantable = ROLES.filter((role) => role !== "owner" || mayManageOwners);
  const owners = members.filter((m) => m.role === "owner");
  const lastOwner = props.myRole === "owner" && owners.length === 1;
  const others = members.filter((m) => m.id !== props.me);
  return (
    <section className="admin-section" aria-labelledby="team-heading">
      <header className="admin-section-header">
        <h1 id="team-heading">Team</h1>
      </header>
      <p>
        Each admin has one role. Owners and Admins manage the team; only an Owner changes Owners.
      </p>
      <dl className="role-summaries">
        {ROLES.map((role) => (
          <div key={role}>
            <dt>{ROLE_LABELS[role]}</dt>
            <dd>{ROLE_SUMMARIES[role]}</dd>
          </div>
        ))}
      </dl>
      {reply?.intent === "set-role" || reply?.intent === "transfer-ownership" ? (
        <p className="form-error" role="alert">
          {reply.error}
        </p>
      ) : null}
      {/* A phone is narrower than the table: it scrolls sideways, reachable by keyboard. */}
      <div className="table-scroll" role="region" aria-label="Admins" tabIndex={0}>
        <table className="admin-table">
          <caption className="visually-hidden">Admins and pending invitations</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
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
                <td>
                  {m.id === props.me || (m.role === "owner" && !mayManageOwners) ? (
                    ROLE_LABELS[m.role]
                  ) : (
                    <Form method="post" action="/admin/team" className="role-form">
                      <input type="hidden" name="intent" value="set-role" />
                      <input type="hidden" name="adminId" value={m.id} />
                      <label className="visually-hidden" htmlFor={`role-${m.id}`}>
                        {`Role of ${m.email}`}
                      </label>
                      <select id={`role-${m.id}`} name="role" defaultValue={m.role}>
                        {grantable.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className="button button-link" disabled={pending}>
                        Change role<span className="visually-hidden">{` of ${m.email}`}</span>
                      </button>
                    </Form>
                  )}
                </td>
                <td>{m.twoFactor ? "On" : "Off"}</td>
                <td>{day(m.lastSignIn)}</td>
                <td>Active</td>
                <td>
                  {m.id === props.me ? (
                    "You"
                  ) : m.role === "owner" && !mayManageOwners ? null : (
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
                <td>{ROLE_LABELS[i.role]}</td>
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
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="role" defaultValue="editor">
              {grantable.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-primary" disabled={pending}>
            Invite
          </button>
        </Form>
      </section>

      {lastOwner && others.length > 0 ? (
        <section className="admin-panel" aria-labelledby="transfer-heading">
          <h2 id="transfer-heading">Transfer ownership</h2>
          <p>
            You are the only Owner. Hand ownership to another admin: they become the Owner and you
            become an Admin.
          </p>
          <Form method="post" action="/admin/team" className="admin-form">
            <input type="hidden" name="intent" value="transfer-ownership" />
            <div className="field">
              <label htmlFor="transfer-to">New Owner</label>
              <select id="transfer-to" name="adminId" required defaultValue="">
                <option value="" disabled>
                  Choose an admin
                </option>
                {others.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name ? `${m.name} (${m.email})` : m.email}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button-secondary" disabled={pending}>
              Transfer ownership
            </button>
          </Form>
        </section>
      ) : null}

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
