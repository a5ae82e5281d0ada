import { useState, type Ref } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

interface PasswordInputProps {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  required?: boolean;
  minLength?: number;
  describedBy?: string;
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password field with a show/hide button; without JavaScript it is a plain password field. */
export function PasswordInput({
  id,
  name,
  label,
  autoComplete,
  required,
  minLength,
  describedBy,
  invalid,
  inputRef,
}: PasswordInputProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required={required}
          minLength={minLength}
          maxLength={1024}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
        {hydrated ? (
          <button
            type="button"
            className="password-toggle"
            aria-controls={id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Hide" : "Show"}
            <span className="visually-hidden"> password</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
