/** Spec §2 Settings: a static placeholder. Everything here is hard-coded sample data. */
const SAMPLE_EMAILS = [
  { address: "admin@example.com", primary: true, verified: true },
  { address: "bookings@example.com", primary: false, verified: true },
  { address: "team@example.com", primary: false, verified: false },
];

export function SampleSettings() {
  const verified = SAMPLE_EMAILS.filter((e) => e.verified).length;
  return (
    <section className="admin-panel sample-data" aria-labelledby="sample-heading">
      <h2 id="sample-heading">E-mail addresses</h2>
      <p className="sample-note" role="note">
        Sample data: this section is a placeholder and is not connected to your account.
      </p>
      <ul className="email-list">
        {SAMPLE_EMAILS.map((email) => (
          <li key={email.address}>
            <span>{email.address}</span>
            {email.primary ? <span className="badge badge-published">Primary</span> : null}
            <span className={`badge ${email.verified ? "badge-active" : "badge-draft"}`}>
              {email.verified ? "Verified" : "Pending Verification"}
            </span>
            {email.primary ? null : (
              <button type="button" className="button button-link" disabled>
                Set as Primary
              </button>
            )}
            <button type="button" className="button button-link" disabled>
              Edit<span className="visually-hidden"> {email.address}</span>
            </button>
            <button type="button" className="button button-link" disabled>
              Delete<span className="visually-hidden"> {email.address}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-secondary" disabled>
        Add Email
      </button>
      <h2>Account information</h2>
      <dl className="account-info">
        <dt>Account ID</dt>
        <dd>sample-0001</dd>
        <dt>E-mail addresses</dt>
        <dd>{SAMPLE_EMAILS.length}</dd>
        <dt>Member since</dt>
        <dd>January 2016</dd>
        <dt>Verified addresses</dt>
        <dd>{verified}</dd>
      </dl>
    </section>
  );
}
