import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { PasswordInput } from "./password-input";

interface ChangePasswordFormProps {
  error?: string;
  fieldErrors?: Record<string, string[]>;
  pending: boolean;
  minLength: number;
}

/** Current + new password; a plain POST form, so it works without JavaScript. */
export function ChangePasswordForm({
  error,
  fieldErrors = {},
  pending,
  minLength,
}: ChangePasswordFormProps) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  return (
    <Form method="post" className="admin-form" aria-labelledby="password-heading">
      {error ? (
        <p id="password-error" className="form-error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      ) : null}
      <PasswordInput
        id="current-password"
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        required
        invalid={Boolean(fieldErrors.currentPassword)}
        describedBy={fieldErrors.currentPassword ? "password-error" : undefined}
      />
      <PasswordInput
        id="new-password"
        name="newPassword"
        label={`New password (at least ${minLength} characters)`}
        autoComplete="new-password"
        required
        minLength={minLength}
        invalid={Boolean(fieldErrors.newPassword)}
        describedBy={fieldErrors.newPassword ? "password-error" : undefined}
      />
      <PasswordInput
        id="confirm-password"
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        required
        minLength={minLength}
        invalid={Boolean(fieldErrors.confirmPassword)}
        describedBy={fieldErrors.confirmPassword ? "password-error" : undefined}
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Changing Password..." : "Change Password"}
      </button>
    </Form>
  );
}
