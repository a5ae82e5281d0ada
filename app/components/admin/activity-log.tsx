import { activityQueryString, type ActivityFilter } from "~/domain/activity";
import { FilteredTable } from "./filtered-table";

export interface ActivityLogProps {
  entries: {
    id: string;
    at: string;
    atIso: string;
    label: string;
    who: string;
    subject: string | null;
    summary: string;
    ip: string | null;
    browser: string | null;
  }[];
  total: number;
  page: number;
  pages: number;
  notices: string[];
  filter: ActivityFilter;
  admins: { id: string; label: string }[];
  groups: {
    value: string;
    label: string;
    all: string;
    types: { value: string; label: string }[];
  }[];
  timeZone: string;
  /** True for a role without personal data: no network or sign-in addresses (decision 125). */
  addressesHidden?: boolean;
}

/** /admin/activity: who did what, newest first; the filters are a GET form (works without JS). */
export function ActivityLog(props: ActivityLogProps) {
  const { entries, total, page, pages, filter } = props;
  const filtered = Boolean(filter.adminId || filter.type || filter.from || filter.to);
  return (
    <section className="admin-section" aria-labelledby="activity-heading">
      <header className="admin-section-header">
        <h1 id="activity-heading">Activity</h1>
      </header>
      <p>
        Every sign-in and every change to content, accounts and the team, with who made it. Entries
        cannot be edited or deleted; they are kept for the retention period set by the server.
      </p>
      {props.notices.map((notice) => (
        <p key={notice} className="form-error" role="status">
          {notice}
        </p>
      ))}
      <FilteredTable
        label="Filter activity"
        clearHref="/admin/activity"
        filtered={filtered}
        fields={
          <>
            <div className="field">
              <label htmlFor="activity-admin">Admin</label>
              <select id="activity-admin" name="admin" defaultValue={filter.adminId ?? ""}>
                <option value="">Everyone</option>
                {props.admins.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="activity-type">Kind of event</label>
              <select id="activity-type" name="type" defaultValue={filter.type ?? ""}>
                <option value="">All</option>
                {props.groups.map((group) => (
                  <optgroup key={group.value} label={group.label}>
                    <option value={group.value}>{group.all}</option>
                    {group.types.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="activity-from">From</label>
              <input id="activity-from" name="from" type="date" defaultValue={filter.from ?? ""} />
            </div>
            <div className="field">
              <label htmlFor="activity-to">To</label>
              <input id="activity-to" name="to" type="date" defaultValue={filter.to ?? ""} />
            </div>
          </>
        }
        count={
          `${total === 1 ? "1 entry" : `${total} entries`}${filtered ? " match" : ""}` +
          ` (times in ${props.timeZone})`
        }
        empty={
          entries.length > 0
            ? null
            : filtered
              ? "No activity matches these filters."
              : "No activity yet."
        }
        region="Activity table"
        page={page}
        pages={pages}
        pageHref={(p) => `/admin/activity${activityQueryString(filter, p)}`}
      >
        <table className="inbox-table activity-table">
          <caption className="visually-hidden">Activity, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              {props.addressesHidden ? null : <th scope="col">Address</th>}
              <th scope="col">Browser</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.atIso}>{entry.at}</time>
                </td>
                <td>{entry.who}</td>
                <td>
                  {entry.label}
                  {entry.subject ? (
                    <span className="activity-subject">{` → ${entry.subject}`}</span>
                  ) : null}
                </td>
                <td>{entry.summary || "–"}</td>
                {props.addressesHidden ? null : <td>{entry.ip ?? "–"}</td>}
                <td>{entry.browser ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </FilteredTable>
    </section>
  );
}
