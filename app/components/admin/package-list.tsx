import { Form, Link } from "react-router";
import { kindInfo } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import { StatusBadge } from "./status-badge";

type StatusFilter = "all" | "published" | "draft";

interface PackageCard {
  id: string;
  title: string;
  status: "published" | "draft";
  price: string;
  duration: string;
  image: string | null;
}

interface PackageListProps {
  kind: PackageKind;
  query: { q: string; status: StatusFilter };
  packages: PackageCard[];
}

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Draft" },
];

function filterHref(q: string, status: StatusFilter): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status !== "all") params.set("status", status);
  const search = params.toString();
  return search ? `?${search}` : ".";
}

function emptyText(
  kind: PackageKind,
  query: PackageListProps["query"],
): { title: string; detail?: string } {
  if (kind !== "local") return { title: "No packages found matching your criteria." };
  if (query.q || query.status !== "all") return { title: "No local trips found" };
  return {
    title: "No local trips yet",
    detail: "Get started by creating your first local trip package",
  };
}

/** An admin package list (spec §2 Package list screens): search, status filter, cards. */
export function PackageList({ kind, query, packages }: PackageListProps) {
  const info = kindInfo(kind);
  const empty = emptyText(kind, query);
  return (
    <section className="admin-section" aria-labelledby="list-heading">
      <header className="admin-section-header">
        <h1 id="list-heading">{info.admin.title}</h1>
      </header>
      <Form method="get" role="search" className="admin-search">
        <label htmlFor="package-search" className="visually-hidden">
          Search
        </label>
        <input
          id="package-search"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder={info.admin.searchPlaceholder}
          maxLength={200}
        />
        {query.status !== "all" ? <input type="hidden" name="status" value={query.status} /> : null}
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </Form>
      <nav aria-label="Filter by status" className="filter-tabs">
        <ul>
          {FILTERS.map((filter) => (
            <li key={filter.value}>
              <Link
                to={filterHref(query.q, filter.value)}
                aria-current={query.status === filter.value ? "page" : undefined}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {packages.length === 0 ? (
        <div className="admin-empty" role="status">
          <p>{empty.title}</p>
          {empty.detail ? <p>{empty.detail}</p> : null}
        </div>
      ) : (
        <ul className="admin-card-grid">
          {packages.map((pkg) => (
            <li key={pkg.id} className="admin-card">
              {pkg.image ? (
                <img src={pkg.image} alt="" width={320} height={180} loading="lazy" />
              ) : (
                <div className="admin-card-placeholder" aria-hidden="true">
                  No Image
                </div>
              )}
              <div className="admin-card-body">
                <StatusBadge tone={pkg.status}>
                  {pkg.status === "published" ? "Published" : "Draft"}
                </StatusBadge>
                <h2>{pkg.title}</h2>
                <p>Price: {pkg.price || "—"}</p>
                <p>Duration: {pkg.duration || "—"}</p>
                <a
                  href={info.detailPath(pkg.id)}
                  {...(info.admin.viewInNewTab
                    ? { target: "_blank", rel: "noopener noreferrer" }
                    : {})}
                >
                  View<span className="visually-hidden"> {pkg.title}</span>
                  {info.admin.viewInNewTab ? (
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  ) : null}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
