import { Link } from "react-router";
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatusValue } from "~/domain/enquiry";
import { FilteredTable } from "./filtered-table";

export interface InboxRow {
  id: string;
  name: string;
  email: string;
  packageTitle: string | null;
  received: string;
  status: EnquiryStatusValue;
  mailFailed: boolean;
}

export interface InboxProps {
  items: InboxRow[];
  total: number;
  page: number;
  pages: number;
  notices: string[];
  filter: { status?: string; packageId?: string; q?: string };
  packages: { id: string; title: string }[];
}

/** The query string for these filters and page (empty values left out). */
function inboxQuery(filter: InboxProps["filter"], page?: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.packageId) params.set("package", filter.packageId);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** /admin/enquiries: newest first; every filter is a GET form, so it all works without JS. */
export function EnquiriesInbox(props: InboxProps) {
  const { items, total, page, pages, filter } = props;
  const filtered = Boolean(filter.q || filter.status || filter.packageId);
  return (
    <section className="admin-section" aria-labelledby="enquiries-heading">
      <header className="admin-section-header">
        <h1 id="enquiries-heading">Enquiries</h1>
        <a
          className="button button-secondary"
          href={`/admin/enquiries/export${inboxQuery(filter)}`}
        >
          Export CSV<span className="visually-hidden"> of the enquiries shown</span>
        </a>
      </header>
      {props.notices.map((notice) => (
        <p key={notice} className="form-error" role="status">
          {notice}
        </p>
      ))}
      <FilteredTable
        label="Filter enquiries"
        clearHref="/admin/enquiries"
        filtered={filtered}
        fields={
          <>
            <div className="field">
              <label htmlFor="inbox-q">Search</label>
              <input
                id="inbox-q"
                name="q"
                type="search"
                defaultValue={filter.q ?? ""}
                placeholder="Name, e-mail, phone or words in the message"
                maxLength={200}
              />
            </div>
            <div className="field">
              <label htmlFor="inbox-status">Status</label>
              <select id="inbox-status" name="status" defaultValue={filter.status ?? ""}>
                <option value="">All</option>
                {ENQUIRY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ENQUIRY_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="inbox-package">Trip</label>
              <select id="inbox-package" name="package" defaultValue={filter.packageId ?? ""}>
                <option value="">All</option>
                <option value="none">General (no trip)</option>
                {props.packages.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
            </div>
          </>
        }
        count={`${total === 1 ? "1 enquiry" : `${total} enquiries`}${filtered ? " match" : ""}`}
        empty={
          items.length > 0
            ? null
            : filtered
              ? "No enquiries match these filters."
              : "No enquiries yet."
        }
        region="Enquiries table"
        page={page}
        pages={pages}
        pageHref={(p) => `/admin/enquiries${inboxQuery(filter, p)}`}
      >
        <table className="inbox-table">
          <caption className="visually-hidden">Enquiries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Trip</th>
              <th scope="col">Received</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id} className={row.status === "new" ? "is-new" : undefined}>
                <td>
                  <Link to={`/admin/enquiries/${row.id}`}>{row.name}</Link>
                </td>
                <td>{row.email}</td>
                <td>{row.packageTitle ?? "General"}</td>
                <td>{row.received}</td>
                <td>
                  <span className={`badge badge-enquiry-${row.status}`}>
                    {ENQUIRY_STATUS_LABELS[row.status]}
                  </span>
                  {row.mailFailed ? <span className="inbox-flag"> E-mail failed</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </FilteredTable>
    </section>
  );
}
