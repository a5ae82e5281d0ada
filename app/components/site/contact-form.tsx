import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import {
  ENQUIRY_FIELDS,
  ENQUIRY_LIMITS,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from "~/domain/enquiry";
import type { ContactFormText } from "~/domain/site-views";
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
  /** The contact page's address in the page's language ("/contact", "/de/contact"). */
  path: string;
  /** The form's words in the page's language, from the loader. */
  text: ContactFormText;
}

/**
 * The spec's contact form, now sent for real: a plain POST to /contact that works
 * without JavaScript; with it, the same post without a reload, a pending button, errors beside
 * their fields and the first wrong field focused.
 */
export function ContactForm({
  honeypot,
  result,
  sent,
  about,
  packageNotice,
  path,
  text,
}: ContactFormProps) {
  // The form posts to the URL that named the trip, so a refused post still names it.
  const action = about ? `${path}?package=${about.id}` : path;
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
        <h2 id="contact-sent-heading">{text.sentHeading}</h2>
        <p>{text.received}</p>
        <p>
          <Link to={path} className="btn btn-outline">
            {text.another}
          </Link>
        </p>
      </div>
    );
  }

  const { field: props, error } = formFields<EnquiryField>("contact", errors, values, (name) =>
    name === "tripDescription" && about ? text.prefill : "",
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
      <h2 id="contact-form-heading">{text.heading}</h2>
      {about ? (
        <p className="contact-about">
          {`${text.aboutTrip} `}
          <Link to={about.href}>{about.title}</Link>
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
          {text.checkFields}
        </p>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <HoneypotInputs className="hp-fields" label={text.honeypot} />
      </HoneypotProvider>
      <div className="form-row">
        <label htmlFor="contact-firstName">
          {text.firstName}
          <input {...field("firstName")} autoComplete="given-name" required />
          {error("firstName")}
        </label>
        <label htmlFor="contact-lastName">
          {text.lastName}
          <input {...field("lastName")} autoComplete="family-name" />
          {error("lastName")}
        </label>
      </div>
      <div className="form-row">
        <label htmlFor="contact-email">
          {text.email}
          <input {...field("email")} type="email" autoComplete="email" required />
          {error("email")}
        </label>
        <label htmlFor="contact-phone">
          {text.phone}
          <input {...field("phone")} type="tel" autoComplete="tel" />
          {error("phone")}
        </label>
      </div>
      <label htmlFor="contact-travelDates">
        {text.travelDates}
        <input {...field("travelDates")} placeholder={text.travelDatesPlaceholder} />
        {error("travelDates")}
      </label>
      <label htmlFor="contact-tripDescription">
        {text.trip}
        <textarea
          {...field("tripDescription")}
          rows={5}
          placeholder={text.tripPlaceholder}
          required
        />
        {error("tripDescription")}
      </label>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.sending : text.send}
      </button>
    </Form>
  );
}
