import { Link } from "react-router";
import type { PackageDetailView } from "~/domain/site-views";
import { externalLinkProps } from "~/domain/whatsapp";

/**
 * "Dates & Prices": the future departures in date order with their status and seats left. Book
 * Now on a departure opens WhatsApp with its dates; a sold-out one offers the trip enquiry instead.
 */
export function DeparturesTable({ pkg }: { pkg: PackageDetailView }) {
  if (pkg.departures.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="dates-heading">
      <h2 id="dates-heading">Dates &amp; Prices</h2>
      <div className="departures-scroll">
        <table className="departures">
          <caption className="visually-hidden">Departures of {pkg.title}</caption>
          <thead>
            <tr>
              <th scope="col">Dates</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Booking</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pkg.departures.map((d) => (
              <tr key={d.id}>
                <th scope="row">
                  {d.dates}
                  {d.note ? (
                    <span className="departure-note" lang={d.noteLang}>
                      {d.note}
                    </span>
                  ) : null}
                </th>
                <td>{d.price || "Price on request"}</td>
                <td>
                  <span className={`departure-status departure-${d.status}`}>{d.statusLabel}</span>
                  {d.guaranteed ? (
                    <span className="departure-status departure-guaranteed">Guaranteed</span>
                  ) : null}
                  {d.seats ? <span className="departure-seats">{d.seats}</span> : null}
                </td>
                <td className="departure-actions">
                  {d.bookOnlineUrl ? (
                    <Link className="btn btn-primary btn-small" to={d.bookOnlineUrl}>
                      Book this date<span className="visually-hidden"> {d.dates}</span>
                    </Link>
                  ) : null}
                  {d.bookUrl ? (
                    <a className="btn btn-gold btn-small" href={d.bookUrl} {...externalLinkProps}>
                      Book Now
                      <span className="visually-hidden">
                        {" "}
                        {d.dates} (opens WhatsApp in a new tab)
                      </span>
                    </a>
                  ) : (
                    <Link className="btn btn-outline btn-small" to={pkg.enquireHref}>
                      Enquire<span className="visually-hidden"> about {d.dates}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
