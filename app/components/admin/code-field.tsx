interface CodeFieldProps {
  id: string;
  label: string;
  /** Recovery codes are letters too: no numeric keyboard then. */
  allowRecovery?: boolean;
  error?: string;
}

/** A second-factor code input (one-time-code autofill), shared by sign-in and settings. */
export function CodeField({ id, label, allowRecovery, error }: CodeFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        type="text"
        autoComplete="one-time-code"
        inputMode={allowRecovery ? "text" : "numeric"}
        pattern={allowRecovery ? undefined : "[0-9 ]{6,7}"}
        maxLength={allowRecovery ? 16 : 7}
        spellCheck={false}
        autoCapitalize="off"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
