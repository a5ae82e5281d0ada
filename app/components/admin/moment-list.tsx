import type { TravelMoment } from "~/domain/schemas";
import { StatusBadge } from "./status-badge";

/** Travel moments in their order (spec §2 Travel moments admin), read-only for now. */
export function MomentList({ moments }: { moments: TravelMoment[] }) {
  return (
    <section className="admin-section" aria-labelledby="moments-heading">
      <header className="admin-section-header">
        <h1 id="moments-heading">Travel Moments</h1>
      </header>
      {moments.length === 0 ? (
        <p className="admin-empty" role="status">
          No travel moments yet.
        </p>
      ) : (
        <ol className="admin-card-grid">
          {moments.map((moment, index) => (
            <li key={moment.id} className="admin-card">
              {moment.thumbnailUrl ? (
                <img src={moment.thumbnailUrl} alt="" width={320} height={180} loading="lazy" />
              ) : (
                <div className="admin-card-placeholder" aria-hidden="true">
                  No Thumbnail
                </div>
              )}
              <div className="admin-card-body">
                <p className="admin-order">#{index + 1}</p>
                <h2>{moment.title}</h2>
                {moment.duration ? <p>Duration: {moment.duration}</p> : null}
                <StatusBadge tone={moment.isActive ? "active" : "inactive"}>
                  {moment.isActive ? "Active" : "Inactive"}
                </StatusBadge>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
