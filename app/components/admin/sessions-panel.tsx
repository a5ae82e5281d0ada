import { Form } from "react-router";

interface SessionsPanelProps {
  sessions: {
    key: string;
    browser: string;
    ip: string | null;
    signedInAt: string | Date;
    lastSeenAt: string | Date;
    current: boolean;
  }[];
  error?: string;
  pending: boolean;
}

const when = (value: string | Date) =>
  `${new Date(value).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Settings → Sessions: the admin's own sessions, each signed out on its own (plain POST forms). */
export function SessionsPanel({ sessions, error, pending }: SessionsPanelProps) {
  return (
    <section className="admin-panel" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" tabIndex={-1}>
        Sessions
      </h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <table className="admin-table">
        <caption className="visually-hidden">Where you are signed in</caption>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col">Address</th>
            <th scope="col">Signed in</th>
            <th scope="col">Last seen</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.key}>
              <td>{s.current ? `${s.browser} (this device)` : s.browser}</td>
              <td>{s.ip ?? "Unknown"}</td>
              <td>{when(s.signedInAt)}</td>
              <td>{when(s.lastSeenAt)}</td>
              <td>
                {s.current ? null : (
                  <Form method="post" action="/admin/settings">
                    <input type="hidden" name="intent" value="session-sign-out" />
                    <input type="hidden" name="session" value={s.key} />
                    <button type="submit" className="button button-secondary" disabled={pending}>
                      Sign out
                      <span className="visually-hidden">{` ${s.browser}, ${when(s.lastSeenAt)}`}</span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sessions.some((s) => !s.current) ? (
        <Form method="post" action="/admin/settings">
          <input type="hidden" name="intent" value="sessions-sign-out-others" />
          <button type="submit" className="button button-secondary" disabled={pending}>
            Sign out all other sessions
          </button>
        </Form>
      ) : null}
    </section>
  );
}
