import { Form } from "react-router";

interface EmailAddressesPanelProps {
  addresses: { id: string; email: string; primary: boolean; verified: boolean }[];
  account: { id: string; count: number; memberSince: string | Date; verifiedCount: number };
  error?: string;
  pending: boolean;
}

/** Settings → E-mail addresses and Account information (spec §2), from the database. */
export function EmailAddressesPanel({
  addresses,
  account,
  error,
  pending,
}: EmailAddressesPanelProps) {
  return (
    <section className="admin-panel" aria-labelledby="emails-heading">
      <h2 id="emails-heading" tabIndex={-1}>
        E-mail addresses
      </h2>
      <p>
        You can sign in with any verified address. Links for signing in go to the address typed.
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="email-list">
        {addresses.map((address) => (
          <li key={address.id}>
            <span>{address.email}</span>
            {address.primary ? <span className="badge badge-published">Primary</span> : null}
            <span className={`badge ${address.verified ? "badge-active" : "badge-draft"}`}>
              {address.verified ? "Verified" : "Pending Verification"}
            </span>
            {!address.primary && address.verified ? (
              <Form method="post" action="/admin/settings">
                <input type="hidden" name="intent" value="email-make-primary" />
                <input type="hidden" name="address" value={address.id} />
                <button type="submit" className="button button-link" disabled={pending}>
                  Set as Primary<span className="visually-hidden"> {address.email}</span>
                </button>
              </Form>
            ) : null}
            {address.primary ? null : (
              <Form method="post" action="/admin/settings">
                <input type="hidden" name="intent" value="email-delete" />
                <input type="hidden" name="address" value={address.id} />
                <button type="submit" className="button button-link" disabled={pending}>
                  Delete<span className="visually-hidden"> {address.email}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" action="/admin/settings" className="admin-form">
        <input type="hidden" name="intent" value="email-add" />
        <div className="field">
          <label htmlFor="add-email">New e-mail address</label>
          <input id="add-email" name="email" type="email" required maxLength={254} />
        </div>
        <button type="submit" className="button button-secondary" disabled={pending}>
          Add Email
        </button>
      </Form>
      <h2>Account information</h2>
      <dl className="account-info">
        <dt>Account ID</dt>
        <dd>{account.id}</dd>
        <dt>E-mail addresses</dt>
        <dd>{account.count}</dd>
        <dt>Member since</dt>
        <dd>{new Date(account.memberSince).toISOString().slice(0, 10)}</dd>
        <dt>Verified addresses</dt>
        <dd>{account.verifiedCount}</dd>
      </dl>
    </section>
  );
}
