import type { ReactNode } from "react";

interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  type?: "text" | "email" | "tel" | "number";
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  hint?: ReactNode;
}

/** A labelled input with its message (the booking screens' forms): errors are announced. */
export function TextField(props: TextFieldProps) {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete ?? "off"}
        required={props.required}
        maxLength={props.maxLength}
        min={props.min}
        max={props.max}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint ? (
        <p className="field-hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** "14–20 Jun 2031 · R 24,500 pp · 12 seats left": one date as the booking forms list it. */
export function departureChoiceLabel(c: { dates: string; price: string; seatsLeft: number }) {
  return `${c.dates} · ${c.price} pp · ${c.seatsLeft} seat${c.seatsLeft === 1 ? "" : "s"} left`;
}
