import { Form } from "react-router";
import { LIMITS } from "~/domain/schemas";

interface EmailAddressesPanelProps {
  addresses: { id: string; email: string; primary: boolean; verified: boolean }[];
  account: {
    id: string;
    name: string | null;
    count: number;
    memberSince: string | Date;
    verifiedCount: number;
  };
  error?: string;
  /** The name form's refusal (over-long, NUL), shown at its field. */
  nameError?: string;
  pending: boolean;
}

/** Settings → E-mail addresses and Account information (spec §2), from the database. */
export function EmailAddressesPanel({
  addresses,
  account,
  error,
  nameError,
  pending,
}: EmailAddressesPanelProps) {
  return (
    <>
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
      </section>
      <section className="admin-panel" aria-labelledby="account-heading">
        <h2 id="account-heading" tabIndex={-1}>
          Account information
        </h2>
        <Form method="post" action="/admin/settings" className="admin-form">
          <input type="hidden" name="intent" value="account-name" />
          <div className="field">
            <label htmlFor="account-name">
              Your name (shown to the team; leave empty for none)
            </label>
            <input
              id="account-name"
              name="name"
              type="text"
              autoComplete="name"
              maxLength={LIMITS.adminName}
              defaultValue={account.name ?? ""}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "account-name-error" : undefined}
            />
            {nameError ? (
              <p id="account-name-error" className="field-error" role="alert">
                {nameError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-secondary" disabled={pending}>
            Save name
          </button>
        </Form>
        <dl className="account-info">
          <dt>Name</dt>
          <dd>{account.name ?? "Not set"}</dd>
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
    </>
  );
}
