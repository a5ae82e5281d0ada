import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { PasswordInput } from "./password-input";

interface LoginFormProps {
  error?: string;
  email?: string;
  pending: boolean;
}

/** The /admin sign-in card (spec §2 Login). A plain POST form: it works without JavaScript. */
export function LoginForm({ error, email, pending }: LoginFormProps) {
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After a rejected attempt the password is retyped: put the caret there.
    if (error) passwordRef.current?.focus();
  }, [error]);

  return (
    <Form
      method="post"
      action="/admin"
      className="login-form"
      aria-describedby={error ? "login-error" : undefined}
    >
      {error ? (
        <noscript>
          <p id="login-error" className="form-error" role="alert">
            {error}
          </p>
        </noscript>
      ) : null}
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={email}
          placeholder="admin@example.com"
        />
      </div>
      <PasswordInput
        id="login-password"
        name="password"
        label="Password"
        autoComplete="current-password"
        required
        inputRef={passwordRef}
        invalid={Boolean(error)}
      />
      <button
        type="submit"
        className="button button-primary"
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? "Signing In..." : "Sign In"}
      </button>
    </Form>
  );
}
