import type { MouseEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import { kindInfo } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import type { AdminPackageCard } from "~/server/catalogue/admin-lists.server";
import { StatusBadge } from "./status-badge";

export interface PackageCardProps {
  kind: PackageKind;
  pkg: AdminPackageCard;
  /** 1-based place in the list, for the move buttons' labels. */
  position: number;
  total: number;
  /** The list URL (search and filter kept): where the card's forms post. */
  listHref: string;
  /** The drag handle, with JavaScript on a reorderable list. */
  handle?: ReactNode;
  /** The move buttons (a single-pointer, no-JavaScript way to reorder) show while the list can be reordered. */
  canMove: boolean;
  /** While a drag-and-drop order is being saved the move buttons wait. */
  moveDisabled?: boolean;
  /** Form ids of the list's two move forms (see PackageList). */
  moveFormIds: { earlier: string; later: string };
  /** With JavaScript the delete link opens the dialog instead of navigating. */
  onDeleteClick: (event: MouseEvent<HTMLAnchorElement>, pkg: AdminPackageCard) => void;
  deleteHref: string;
}

/** One package on an admin list (spec §2): picture, status, title, price, duration, actions. */
export function PackageCard({
  kind,
  pkg,
  position,
  total,
  listHref,
  handle,
  canMove,
  moveDisabled = false,
  moveFormIds,
  onDeleteClick,
  deleteHref,
}: PackageCardProps) {
  const info = kindInfo(kind);
  const published = pkg.status === "published";
  const named = <span className="visually-hidden"> {pkg.title}</span>;
  return (
    <article className="admin-card" aria-labelledby={`card-${pkg.id}`}>
      <div className="admin-card-media">
        {pkg.image ? (
          <img src={pkg.image} alt="" width={320} height={180} loading="lazy" />
        ) : (
          <div className="admin-card-placeholder" aria-hidden="true">
            No Image
          </div>
        )}
        {handle}
      </div>
      <div className="admin-card-body">
        <StatusBadge tone={pkg.status}>{published ? "Published" : "Draft"}</StatusBadge>
        <h2 id={`card-${pkg.id}`}>{pkg.title}</h2>
        <p>Price: {pkg.price || "—"}</p>
        <p>Duration: {pkg.duration || "—"}</p>
        {pkg.bookNowClicks !== undefined ? (
          <p>{`Book Now clicks: ${pkg.bookNowClicks} (30 days)`}</p>
        ) : null}
        <div className="admin-card-actions">
          <a
            className="button button-small button-secondary"
            href={info.detailPath(pkg.id)}
            {...(info.admin.viewInNewTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            View{named}
            {info.admin.viewInNewTab ? (
              <span className="visually-hidden"> (opens in a new tab)</span>
            ) : null}
          </a>
          <Link className="button button-small button-secondary" to={info.admin.editPath(pkg.id)}>
            Edit{named}
          </Link>
          <Link
            className="button button-small button-danger-outline"
            to={deleteHref}
            preventScrollReset
            onClick={(event) => onDeleteClick(event, pkg)}
          >
            Delete{named}
          </Link>
          <Form method="post" action={listHref} className="admin-card-status">
            <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
            <input type="hidden" name="id" value={pkg.id} />
            <button
              type="submit"
              className={`button button-small ${published ? "button-secondary" : "button-primary"}`}
            >
              {published ? "Unpublish" : "Publish"}
              {named}
            </button>
          </Form>
        </div>
        {canMove ? (
          <div className="admin-card-move" role="group" aria-label={`Order of ${pkg.title}`}>
            <button
              type="submit"
              form={moveFormIds.earlier}
              name="id"
              value={pkg.id}
              className="button button-small button-link"
              disabled={moveDisabled || position === 1}
            >
              Move earlier{named}
            </button>
            <span className="admin-card-position">
              {position} of {total}
            </span>
            <button
              type="submit"
              form={moveFormIds.later}
              name="id"
              value={pkg.id}
              className="button button-small button-link"
              disabled={moveDisabled || position === total}
            >
              Move later{named}
            </button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
