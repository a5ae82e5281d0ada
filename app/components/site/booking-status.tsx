import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { BOOKING_STATUS_LABELS, type BookingStatus, type BookingView } from "~/domain/bookings";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { formatDates } from "~/domain/trip-facts";

const NEXT_STEP: Record<BookingStatus, string> = {
  requested:
    "Your seats are held while our team checks your request. We confirm by e-mail, usually within a working day.",
  confirmed:
    "Your booking is confirmed. We will be in touch about payment and your travel details.",
  deposit_paid: "Your deposit is paid. The balance is due closer to departure.",
  paid: "Your trip is paid in full. We look forward to travelling with you.",
  completed: "We hope you had a wonderful trip.",
  cancelled: "This booking is cancelled and its seats are released.",
  expired:
    "This request was not confirmed in time and its seats were released. Contact us to book again.",
  waitlisted: "You are on the waiting list: we e-mail you if a seat becomes free.",
};

/** The traveller's private booking page: its status and what happens next. */
export function BookingStatusCard({
  booking,
  isNew,
  site,
}: {
  booking: BookingView | null;
  isNew: boolean;
  site: { timeZone: string; email: string; phone: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isNew) heading.current?.focus();
  }, [isNew]);
  if (!booking) {
    return (
      <div className="contact-form">
        <h2>We could not find this booking</h2>
        <p>
          The link may be incomplete. Open it again from our e-mail, or contact us at{" "}
          <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      </div>
    );
  }
  const hold =
    booking.status === "requested" && booking.holdExpiresAt
      ? new Intl.DateTimeFormat("en-GB", {
          dateStyle: "long",
          timeStyle: "short",
          timeZone: site.timeZone,
        }).format(new Date(booking.holdExpiresAt))
      : null;
  const travellers = booking.adults + booking.children;
  return (
    <div className="contact-form booking-status">
      {isNew ? (
        <p className="form-notice" role="status">
          Thank you! Your booking request has been sent. We have e-mailed you the link to this page.
        </p>
      ) : null}
      <h2 ref={heading} tabIndex={-1}>
        {booking.packageTitle}
      </h2>
      <p>
        <span className={`booking-badge booking-${booking.status}`}>
          {BOOKING_STATUS_LABELS[booking.status]}
        </span>
      </p>
      <p>{NEXT_STEP[booking.status]}</p>
      {hold ? <p>Seats held until {hold}.</p> : null}
      <dl>
        <dt>Reference</dt>
        <dd>{booking.reference}</dd>
        <dt>Dates</dt>
        <dd>{formatDates(booking.startDate, booking.endDate)}</dd>
        <dt>Travellers</dt>
        <dd>
          {booking.adults} adult{booking.adults === 1 ? "" : "s"}
          {booking.children
            ? `, ${booking.children} child${booking.children === 1 ? "" : "ren"}`
            : ""}
        </dd>
        <dt>Names</dt>
        <dd>
          {booking.travellerNames.filter(Boolean).join(", ") || booking.leadName}
          {booking.travellerNames.filter(Boolean).length < travellers
            ? " (the others' names can be sent later)"
            : ""}
        </dd>
        {booking.total ? (
          <>
            <dt>Total</dt>
            <dd>{booking.total}</dd>
          </>
        ) : null}
      </dl>
      <p>
        <Link to={PACKAGE_KIND_INFO[booking.packageKind].detailPath(booking.packageId)}>
          About the trip
        </Link>{" "}
        · Questions? Call {site.phone} or e-mail <a href={`mailto:${site.email}`}>{site.email}</a>,
        quoting {booking.reference}.
      </p>
    </div>
  );
}
