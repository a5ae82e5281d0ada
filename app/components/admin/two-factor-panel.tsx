import { Form } from "react-router";
import { CodeField } from "./code-field";

export type TwoFactorPanelView =
  | { state: "off" }
  | { state: "enrolling"; secret: string; uri: string; qrSvg: string }
  | { state: "on"; enabledAt: string | Date; recoveryCodesLeft: number };

interface TwoFactorPanelProps {
  view: TwoFactorPanelView;
  /** Shown once, right after they were made. */
  recoveryCodes?: string[];
  /** The failing form's intent and message. */
  error?: { intent: string; message: string };
  pending: boolean;
}

const errorFor = (error: TwoFactorPanelProps["error"], intent: string) =>
  error?.intent === intent ? error.message : undefined;

/** Settings → Two-factor authentication (TOTP): every step a plain POST form (works without JS). */
export function TwoFactorPanel({ view, recoveryCodes, error, pending }: TwoFactorPanelProps) {
  return (
    <section className="admin-panel" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" tabIndex={-1}>
        Two-factor authentication
      </h2>
      {recoveryCodes ? (
        <div className="recovery-codes" role="status">
          <p>
            <strong>Save these recovery codes now: they are shown only this once.</strong> Each
            works once, in place of a code from your authenticator app.
          </p>
          <ul aria-label="Recovery codes">
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.state === "off" ? (
        <>
          <p>
            Off. With it on, signing in also asks for a code from an authenticator app on your
            phone.
          </p>
          <Form method="post" action="/admin/settings">
            <input type="hidden" name="intent" value="two-factor-enable" />
            {errorFor(error, "two-factor-enable") ? (
              <p className="form-error" role="alert">
                {errorFor(error, "two-factor-enable")}
              </p>
            ) : null}
            <button type="submit" className="button button-primary" disabled={pending}>
              Enable two-factor authentication
            </button>
          </Form>
        </>
      ) : null}
      {view.state === "enrolling" ? (
        <>
          <p>
            Scan this QR code with your authenticator app, or type the secret key into it. Then
            enter the 6-digit code the app shows.
          </p>
          <div
            className="totp-qr"
            role="img"
            aria-label="QR code of the secret key for your authenticator app"
            // The SVG is made on the server by the qrcode library from our own otpauth URI.
            dangerouslySetInnerHTML={{ __html: view.qrSvg }}
          />
          <p>
            Secret key: <code className="totp-secret">{view.secret}</code>
          </p>
          <p className="totp-uri">
            Setup URI: <code>{view.uri}</code>
          </p>
          <Form method="post" action="/admin/settings">
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <CodeField
              id="enrol-code"
              label="Code from your authenticator app"
              error={errorFor(error, "two-factor-confirm")}
            />
            <button type="submit" className="button button-primary" disabled={pending}>
              Turn on two-factor authentication
            </button>
          </Form>
          <Form method="post" action="/admin/settings">
            <input type="hidden" name="intent" value="two-factor-cancel" />
            <button type="submit" className="button button-secondary" disabled={pending}>
              Cancel
            </button>
          </Form>
        </>
      ) : null}
      {view.state === "on" ? (
        <>
          <p>
            {`On since ${new Date(view.enabledAt).toISOString().slice(0, 10)}. ${view.recoveryCodesLeft} of 10 recovery codes left.`}
          </p>
          <Form method="post" action="/admin/settings" aria-label="New recovery codes">
            <input type="hidden" name="intent" value="two-factor-regenerate" />
            <CodeField
              id="regenerate-code"
              label="Code from your authenticator app"
              error={errorFor(error, "two-factor-regenerate")}
            />
            <button type="submit" className="button button-secondary" disabled={pending}>
              Make new recovery codes
            </button>
          </Form>
          <Form
            method="post"
            action="/admin/settings"
            aria-label="Turn off two-factor authentication"
          >
            <input type="hidden" name="intent" value="two-factor-disable" />
            <CodeField
              id="disable-code"
              label="Code from your authenticator app, or a recovery code"
              allowRecovery
              error={errorFor(error, "two-factor-disable")}
            />
            <button type="submit" className="button button-secondary" disabled={pending}>
              Turn off two-factor authentication
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
