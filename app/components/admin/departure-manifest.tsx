import { Form, Link } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "~/domain/bookings";
import { externalLinkProps } from "~/domain/whatsapp";

export interface ManifestTravellerRow {
  reference: string;
  status: BookingStatus;
  /** "Seats held until 28 Nov 2026, 14:00", or null. */
  hold: string | null;
  travellerNames: string[];
  leadName: string;
  email: string;
  mailHref: string | null;
  phone: string;
  whatsappHref: string | null;
  country: string;
  travellers: string;
  notes: string;
  anonymised: boolean;
}

export interface ManifestWaitlistRow {
  reference: string;
  name: string;
  email: string;
  mailHref: string | null;
  travellers: number;
  joined: string;
  /** Seats are free for this place: the Offer button shows. */
  canOffer: boolean;
}

export interface DepartureManifestProps {
  departure: {
    id: string;
    packageTitle: string;
    packageHref: string;
    dates: string;
    status: string;
    price: string | null;
    seatsTotal: number | null;
    seatsHeld: number;
    seatsConfirmed: number;
    seatsLeft: number | null;
    closedCount: number;
    /** Why no place can be offered now (the date started, is on request…), or null. */
    offerBlocked: string | null;
    holdHours: number;
  };
  bookings: ManifestTravellerRow[];
  waitlist: ManifestWaitlistRow[];
  reply?: { reference: string; error: string };
  pending: boolean;
}

/** Prints the page; shown only once JavaScript runs (without it the browser's own Print works). */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="button button-primary" onClick={() => window.print()}>
      Print
    </button>
  );
}

const seats = (n: number | null) => (n === null ? "On request" : String(n));

/** /admin/departures/{id}: who travels on a date, its seats and its waiting list; printable. */
export function DepartureManifest(props: DepartureManifestProps) {
  const { departure: d, bookings, waitlist, reply, pending } = props;
  const here = `/admin/departures/${d.id}`;
  return (
    <section className="admin-section manifest" aria-labelledby="manifest-heading">
      <p className="manifest-no-print">
        <Link to={`/admin/bookings?departure=${d.id}`}>← Bookings of this departure</Link>
      </p>
      <header className="admin-section-header">
        <h1 id="manifest-heading">{`Manifest: ${d.packageTitle}, ${d.dates}`}</h1>
        <div className="manifest-actions manifest-no-print">
          <PrintButton />
          <a className="button button-secondary" href={`${here}/manifest.csv`}>
            Export CSV<span className="visually-hidden"> of this manifest</span>
          </a>
        </div>
      </header>
      <dl className="manifest-seats">
        <div>
          <dt>Trip</dt>
          <dd>
            <a href={d.packageHref}>{d.packageTitle}</a>
          </dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>{d.dates}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{d.status}</dd>
        </div>
        <div>
          <dt>Price per traveller</dt>
          <dd>{d.price ?? "On request"}</dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd>{seats(d.seatsTotal)}</dd>
        </div>
        <div>
          <dt>Held</dt>
          <dd>{d.seatsHeld}</dd>
        </div>
        <div>
          <dt>Confirmed</dt>
          <dd>{d.seatsConfirmed}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd>{seats(d.seatsLeft)}</dd>
        </div>
      </dl>

      <section aria-labelledby="manifest-travellers-heading">
        <h2 id="manifest-travellers-heading">{`Travellers (${bookings.length === 1 ? "1 booking" : `${bookings.length} bookings`})`}</h2>
        {bookings.length === 0 ? (
          <p className="admin-empty">No bookings hold or take seats on this date.</p>
        ) : (
          <div
            className="inbox-table-wrap manifest-wrap"
            role="region"
            aria-label="Travellers table"
            tabIndex={0}
          >
            <table className="inbox-table manifest-table">
              <caption className="visually-hidden">Bookings on this date, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Booking</th>
                  <th scope="col">Travellers</th>
                  <th scope="col">Lead traveller</th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {bookings.map((b) => (
                  <tr key={b.reference}>
                    <td data-label="Booking">
                      <Link to={`/admin/bookings/${b.reference}`}>{b.reference}</Link>
                      <br />
                      <span className={`badge badge-booking-${b.status}`}>
                        {BOOKING_STATUS_LABELS[b.status]}
                      </span>
                      {b.hold ? <span className="manifest-hold">{b.hold}</span> : null}
                    </td>
                    <td data-label="Travellers">
                      <span className="manifest-count">{b.travellers}</span>
                      <ol className="manifest-names">
                        {b.travellerNames.map((name, i) => (
                          <li key={i}>{name || <em>Name not given yet</em>}</li>
                        ))}
                      </ol>
                    </td>
                    <td data-label="Lead traveller">
                      {b.anonymised ? (
                        <em>Personal data deleted</em>
                      ) : (
                        <>
                          <strong>{b.leadName}</strong>
                          <br />
                          {b.mailHref ? <a href={b.mailHref}>{b.email}</a> : b.email}
                          <br />
                          {b.whatsappHref ? (
                            <a href={b.whatsappHref} {...externalLinkProps}>
                              {`WhatsApp ${b.phone}`}
                              <span className="visually-hidden"> (opens in a new tab)</span>
                            </a>
                          ) : (
                            b.phone || "No phone"
                          )}
                          {b.country ? (
                            <>
                              <br />
                              {b.country}
                            </>
                          ) : null}
                        </>
                      )}
                    </td>
                    <td className="manifest-notes" data-label="Notes">
                      {b.notes}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.closedCount > 0 ? (
          <p className="manifest-note">
            {`${d.closedCount === 1 ? "1 cancelled or expired booking is" : `${d.closedCount} cancelled or expired bookings are`} not listed: `}
            <Link to={`/admin/bookings?departure=${d.id}`}>see every booking of this date</Link>.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="manifest-waitlist-heading">
        <h2 id="manifest-waitlist-heading">{`Waiting list (${waitlist.length})`}</h2>
        {reply ? (
          <p className="form-error" role="alert" id="offer-error">
            {reply.error}
          </p>
        ) : null}
        {waitlist.length === 0 ? (
          <p className="admin-empty">Nobody is waiting for this date.</p>
        ) : (
          <>
            <p className="manifest-no-print">
              {d.offerBlocked ??
                `Offering a place holds its seats for ${d.holdHours} hours as a booking request and e-mails the traveller a link to it.`}
            </p>
            <div
              className="inbox-table-wrap manifest-wrap"
              role="region"
              aria-label="Waiting list table"
              tabIndex={0}
            >
              <table className="inbox-table manifest-table">
                <caption className="visually-hidden">Waiting list, first come first</caption>
                <thead>
                  <tr>
                    <th scope="col">Place</th>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Travellers</th>
                    <th scope="col">Joined</th>
                    <th scope="col" className="manifest-no-print">
                      Action
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {waitlist.map((w) => (
                    <tr key={w.reference}>
                      <td data-label="Place">
                        <Link to={`/admin/bookings/${w.reference}`}>{w.reference}</Link>
                      </td>
                      <td data-label="Name">{w.name}</td>
                      <td data-label="E-mail">
                        {w.mailHref ? <a href={w.mailHref}>{w.email}</a> : w.email}
                      </td>
                      <td data-label="Travellers">{w.travellers}</td>
                      <td data-label="Joined">{w.joined}</td>
                      <td className="manifest-no-print">
                        {w.canOffer ? (
                          <Form method="post" action={here}>
                            <input type="hidden" name="intent" value="offer" />
                            <input type="hidden" name="reference" value={w.reference} />
                            <button
                              type="submit"
                              className="button button-secondary"
                              disabled={pending}
                            >
                              Offer a freed seat
                              <span className="visually-hidden">{` to ${w.reference}`}</span>
                            </button>
                          </Form>
                        ) : (
                          <span className="manifest-hold">Not enough seats free</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </section>
  );
}
