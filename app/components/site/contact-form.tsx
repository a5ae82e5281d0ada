import { useState, type FormEvent } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The spec's contact form is deliberately not wired to anything: no request is ever made. With JS,
 * sending explains where to reach us; without JS the button stays disabled so nothing is submitted
 * (a native submit would put the visitor's details in the URL).
 */
export function ContactForm({ email }: { email: string }) {
  const hydrated = useHydrated();
  const [notice, setNotice] = useState("");
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNotice(
      `Thank you! Online messages are not available yet. Please e-mail ${email} or WhatsApp us and we will reply within 2 hours.`,
    );
  };
  return (
    <form
      className="contact-form"
      onSubmit={onSubmit}
      aria-labelledby="contact-form-heading"
      noValidate
    >
      <h2 id="contact-form-heading">Send us a message</h2>
      <div className="form-row">
        <label>
          First name
          <input name="firstName" autoComplete="given-name" />
        </label>
        <label>
          Last name
          <input name="lastName" autoComplete="family-name" />
        </label>
      </div>
      <div className="form-row">
        <label>
          Email
          <input name="email" type="email" autoComplete="email" />
        </label>
        <label>
          Phone
          <input name="phone" type="tel" autoComplete="tel" />
        </label>
      </div>
      <label>
        Preferred travel dates
        <input name="travelDates" placeholder="e.g. March 2026, 10 nights" />
      </label>
      <label>
        Tell us about your trip
        <textarea
          name="tripDescription"
          rows={5}
          placeholder="Where would you like to go, and who is travelling?"
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={!hydrated}>
        Send Message
      </button>
      <p className="form-notice" role="status">
        {notice}
      </p>
    </form>
  );
}
