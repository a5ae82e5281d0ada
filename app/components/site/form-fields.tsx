import type { ReactNode } from "react";

/**
 * The props of a public form's input and its message, for the contact, booking and waiting-list
 * forms: what was typed comes back as the default value, and an error is tied to its field.
 */
export function formFields<F extends string>(
  prefix: string,
  errors: Partial<Record<F, string>>,
  values: Partial<Record<F, string>> | null | undefined,
  defaults: (name: F) => string = () => "",
) {
  const field = (name: F) => ({
    name,
    id: `${prefix}-${name}`,
    defaultValue: values?.[name] ?? defaults(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
  });
  const error = (name: F): ReactNode =>
    errors[name] ? (
      <span className="field-message" id={`${prefix}-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  return { field, error };
}
