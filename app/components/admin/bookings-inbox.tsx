import { Link } from "react-router";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from "~/domain/bookings";
import { FilteredTable } from "./filtered-table";

export interface BookingRow {
  reference: string;
  leadName: string;
  packageTitle: string;
  dates: string;
  departureId: string;
  travellers: number;
  total: string | null;
  status: BookingStatus;
  created: string;
}

export interface BookingsInboxProps {
  items: BookingRow[];
  total: number;
  page: number;
  pages: number;
  notices: string[];
  filter: {
    status?: string;
    packageId?: string;
    departureId?: string;
    from?: string;
    to?: string;
    q?: string;
    balance?: string;
  };
  packages: { id: string; title: string }[];
  departures: { id: string; label: string }[];
}

/** The query string for these filters and page (empty values left out). */
function bookingsQuery(filter: BookingsInboxProps["filter"], page?: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.packageId) params.set("package", filter.packageId);
  if (filter.departureId) params.set("departure", filter.departureId);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.balance) params.set("balance", filter.balance);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** /admin/bookings: newest first; every filter is a GET form, so it all works without JS. */
export function BookingsInbox(props: BookingsInboxProps) {
  const { items, total, page, pages, filter } = props;
  const filtered = Boolean(
    filter.q ||
    filter.status ||
    filter.packageId ||
    filter.departureId ||
    filter.from ||
    filter.to ||
    filter.balance,
  );
  return (
    <section className="admin-section" aria-labelledby="bookings-heading">
      <header className="admin-section-header">
        <h1 id="bookings-heading">Bookings</h1>
        {filter.departureId ? (
          <Link className="button button-primary" to={`/admin/departures/${filter.departureId}`}>
            Open the manifest<span className="visually-hidden"> of this departure</span>
          </Link>
        ) : null}
        <Link className="button button-primary" to="/admin/bookings/new">
          New booking
        </Link>
        <a
          className="button button-secondary"
          href={`/admin/bookings/export${bookingsQuery(filter)}`}
        >
          Export CSV<span className="visually-hidden"> of the bookings shown</span>
        </a>
      </header>
      {props.notices.map((notice) => (
        <p key={notice} className="form-error" role="status">
          {notice}
        </p>
      ))}
      <FilteredTable
        label="Filter bookings"
        clearHref="/admin/bookings"
        filtered={filtered}
        fields={
          <>
            <div className="field">
              <label htmlFor="bookings-q">Search</label>
              <input
                id="bookings-q"
                name="q"
                type="search"
                defaultValue={filter.q ?? ""}
                placeholder="Reference, name or e-mail"
                maxLength={200}
              />
            </div>
            <div className="field">
              <label htmlFor="bookings-status">Status</label>
              <select id="bookings-status" name="status" defaultValue={filter.status ?? ""}>
                <option value="">All</option>
                {BOOKING_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {BOOKING_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="bookings-package">Trip</label>
              <select id="bookings-package" name="package" defaultValue={filter.packageId ?? ""}>
                <option value="">All</option>
                {props.packages.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="bookings-departure">Departure</label>
              <select
                id="bookings-departure"
                name="departure"
                defaultValue={filter.departureId ?? ""}
              >
                <option value="">All</option>
                {props.departures.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="bookings-from">Departing from</label>
              <input id="bookings-from" name="from" type="date" defaultValue={filter.from ?? ""} />
            </div>
            <div className="field">
              <label htmlFor="bookings-to">Departing until</label>
              <input id="bookings-to" name="to" type="date" defaultValue={filter.to ?? ""} />
            </div>
            <div className="field">
              <label htmlFor="bookings-balance">Balance</label>
              <select id="bookings-balance" name="balance" defaultValue={filter.balance ?? ""}>
                <option value="">Any</option>
                <option value="due">Balance due</option>
                <option value="overdue">Overdue</option>
              </select>
            </div>
          </>
        }
        count={`${total === 1 ? "1 booking" : `${total} bookings`}${filtered ? " match" : ""}`}
        empty={
          items.length > 0
            ? null
            : filtered
              ? "No bookings match these filters."
              : "No bookings yet."
        }
        region="Bookings table"
        page={page}
        pages={pages}
        pageHref={(p) => `/admin/bookings${bookingsQuery(filter, p)}`}
      >
        <table className="inbox-table">
          <caption className="visually-hidden">Bookings, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Lead name</th>
              <th scope="col">Trip</th>
              <th scope="col">Dates</th>
              <th scope="col">Travellers</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.reference} className={row.status === "requested" ? "is-new" : undefined}>
                <td>
                  <Link to={`/admin/bookings/${row.reference}`}>{row.reference}</Link>
                </td>
                <td>{row.leadName}</td>
                <td>{row.packageTitle}</td>
                <td>
                  <Link to={`/admin/departures/${row.departureId}`}>
                    {row.dates}
                    <span className="visually-hidden">: manifest</span>
                  </Link>
                </td>
                <td>{row.travellers}</td>
                <td>{row.total ?? "No price"}</td>
                <td>
                  <span className={`badge badge-booking-${row.status}`}>
                    {BOOKING_STATUS_LABELS[row.status]}
                  </span>
                </td>
                <td>{row.created}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </FilteredTable>
    </section>
  );
}
