import type { ReactNode } from "react";
import { Form } from "react-router";

interface LinkPageCardProps {
  /** The card's heading ("Accept invitation"). */
  title: string;
  /** The link's token while the link is good; null when it is not (then `problem` says why). */
  token: string | null;
  problem: string | null;
  /** The form's opening line, in a `.login-intro` paragraph. */
  intro?: ReactNode;
  /** The action's refusal, at the top of the form (`errorId` for the fields' aria-describedby). */
  error?: string;
  errorId?: string;
  /** The action's refusal above the form, shown also when the link is no longer good. */
  cardError?: string;
  /** The form's fields and submit button, after the hidden token. */
  children: ReactNode;
  /** The links under the card ("Sign in"). */
  back: ReactNode;
}

/**
 * The card of an e-mailed link's page (accept an invitation, choose a new password, confirm an
 * address): a POST form carrying the link's token when the link is good, otherwise what is
 * wrong with it; the links back to sign-in below.
 */
export function LinkPageCard({
  title,
  token,
  problem,
  intro,
  error,
  errorId,
  cardError,
  children,
  back,
}: LinkPageCardProps) {
  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>{title}</h1>
        {cardError ? (
          <p className="form-error" role="alert">
            {cardError}
          </p>
        ) : null}
        {token ? (
          <Form method="post" className="login-form">
            {intro ? <p className="login-intro">{intro}</p> : null}
            <input type="hidden" name="token" value={token} />
            {error ? (
              <p id={errorId} className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            {children}
          </Form>
        ) : (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <p className="login-back">{back}</p>
      </div>
    </main>
  );
}
