import { Link } from "react-router";
import type { DatesText, PackageDetailView } from "~/domain/site-views";
import { externalLinkProps } from "~/domain/whatsapp";

/**
 * "Dates & Prices": the future departures in date order with their status and seats left. Book
 * Now on a departure opens WhatsApp with its dates; a sold-out one offers the trip enquiry instead.
 */
export function DeparturesTable({ pkg, text }: { pkg: PackageDetailView; text: DatesText }) {
  if (pkg.departures.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="dates-heading">
      <h2 id="dates-heading">{text.heading}</h2>
      <div className="departures-scroll">
        <table className="departures">
          <caption className="visually-hidden">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.dates}</th>
              <th scope="col">{text.price}</th>
              <th scope="col">{text.status}</th>
              <th scope="col">
                <span className="visually-hidden">{text.booking}</span>
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
                <td>{d.price || text.onRequest}</td>
                <td>
                  <span className={`departure-status departure-${d.status}`}>{d.statusLabel}</span>
                  {d.guaranteed ? (
                    <span className="departure-status departure-guaranteed">{text.guaranteed}</span>
                  ) : null}
                  {d.seats ? <span className="departure-seats">{d.seats}</span> : null}
                </td>
                <td className="departure-actions">
                  {d.bookOnlineUrl ? (
                    <Link className="btn btn-primary btn-small" to={d.bookOnlineUrl}>
                      {text.bookThisDate}
                      <span className="visually-hidden">{` ${d.dates}`}</span>
                    </Link>
                  ) : null}
                  {d.bookUrl ? (
                    <a className="btn btn-gold btn-small" href={d.bookUrl} {...externalLinkProps}>
                      {text.bookNow}
                      <span className="visually-hidden">{` ${d.dates}${text.opensWhatsApp}`}</span>
                    </a>
                  ) : (
                    <Link className="btn btn-outline btn-small" to={pkg.enquireHref}>
                      {text.enquire}
                      <span className="visually-hidden">{` ${text.enquireAbout} ${d.dates}`}</span>
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
