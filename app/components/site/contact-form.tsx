import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import {
  ENQUIRY_FIELDS,
  ENQUIRY_LIMITS,
  ENQUIRY_MESSAGES,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from "~/domain/enquiry";
import { usePending } from "~/components/ui/use-pending";
import { formFields } from "./form-fields";

export interface HoneypotProps {
  nameFieldName: string;
  validFromFieldName: string | null;
  encryptedValidFrom: string;
}

export interface ContactFormResult {
  errors: EnquiryErrors;
  values: EnquiryValues;
}

interface ContactFormProps {
  honeypot: HoneypotProps;
  /** The action's answer to a refused post: per-field errors and what was typed. */
  result?: ContactFormResult;
  /** The post-redirect-get landing after a message was accepted. */
  sent: boolean;
  /** "Enquire about this trip": the published package the message is about. */
  about?: { id: string; title: string; href: string } | null;
  /** Said when /contact?package= named a trip that cannot be found. */
  packageNotice?: string | null;
}

/**
 * The spec's contact form, now sent for real: a plain POST to /contact that works
 * without JavaScript; with it, the same post without a reload, a pending button, errors beside
 * their fields and the first wrong field focused.
 */
export function ContactForm({ honeypot, result, sent, about, packageNotice }: ContactFormProps) {
  // The form posts to the URL that named the trip, so a refused post still names it.
  const action = about ? `/contact?package=${about.id}` : "/contact";
  const sending = usePending({ state: "submitting", formAction: action });
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const errors = result?.errors ?? {};
  const values = result?.values;

  useEffect(() => {
    if (!result) return;
    const first = ENQUIRY_FIELDS.find((f) => result.errors[f]);
    const target = first
      ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`)
      : form.current?.querySelector<HTMLElement>("#contact-form-error");
    target?.focus();
  }, [result]);

  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div
        className="contact-form contact-sent"
        role="status"
        tabIndex={-1}
        ref={done}
        aria-labelledby="contact-sent-heading"
      >
        <h2 id="contact-sent-heading">Message sent</h2>
        <p>{ENQUIRY_MESSAGES.received}</p>
        <p>
          <Link to="/contact" className="btn btn-outline">
            Send another message
          </Link>
        </p>
      </div>
    );
  }

  const { field: props, error } = formFields<EnquiryField>("contact", errors, values, (name) =>
    name === "tripDescription" && about ? `I would like to know more about "${about.title}".` : "",
  );
  const field = (name: EnquiryField) => ({ ...props(name), maxLength: ENQUIRY_LIMITS[name] });

  return (
    <Form
      method="post"
      action={action}
      className="contact-form"
      aria-labelledby="contact-form-heading"
      noValidate
      ref={form}
      // A new key per answer resets the fields to what the server sent back.
      key={result ? JSON.stringify(result.values) : "empty"}
    >
      <h2 id="contact-form-heading">Send us a message</h2>
      {about ? (
        <p className="contact-about">
          About the trip: <Link to={about.href}>{about.title}</Link>
          <input type="hidden" name="package" value={about.id} />
        </p>
      ) : null}
      {packageNotice && !errors.form ? <p className="form-alert">{packageNotice}</p> : null}
      {errors.form ? (
        <p className="form-alert" id="contact-form-error" role="alert" tabIndex={-1}>
          {errors.form}
        </p>
      ) : Object.keys(errors).length ? (
        <p className="form-alert" role="alert">
          Please check the fields marked below.
        </p>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <HoneypotInputs className="hp-fields" label="Please leave this field blank" />
      </HoneypotProvider>
      <div className="form-row">
        <label htmlFor="contact-firstName">
          First name
          <input {...field("firstName")} autoComplete="given-name" required />
          {error("firstName")}
        </label>
        <label htmlFor="contact-lastName">
          Last name
          <input {...field("lastName")} autoComplete="family-name" />
          {error("lastName")}
        </label>
      </div>
      <div className="form-row">
        <label htmlFor="contact-email">
          Email
          <input {...field("email")} type="email" autoComplete="email" required />
          {error("email")}
        </label>
        <label htmlFor="contact-phone">
          Phone
          <input {...field("phone")} type="tel" autoComplete="tel" />
          {error("phone")}
        </label>
      </div>
      <label htmlFor="contact-travelDates">
        Preferred travel dates
        <input {...field("travelDates")} placeholder="e.g. March 2026, 10 nights" />
        {error("travelDates")}
      </label>
      <label htmlFor="contact-tripDescription">
        Tell us about your trip
        <textarea
          {...field("tripDescription")}
          rows={5}
          placeholder="Where would you like to go, and who is travelling?"
          required
        />
        {error("tripDescription")}
      </label>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </button>
    </Form>
  );
}
