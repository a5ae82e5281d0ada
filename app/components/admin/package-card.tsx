import { useCan } from "./permissions";
import type { MouseEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import { kindInfo } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import type { AdminPackageCard } from "~/server/catalogue/admin-lists.server";
import { StatusBadge } from "./status-badge";
import { TranslationBadges } from "./translations/translation-badges";

export interface PackageCardProps {
  kind: PackageKind;
  pkg: AdminPackageCard;
  /** 1-based place in the kind's whole order (not just this page), for the move controls. */
  position: number;
  /** Packages in the whole order. */
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
  /** The first cards of the page: their picture is in view on load, so it is not lazy. */
  priority?: boolean;
  /** A refused "Move to position…" for this card: the message, and what was typed. */
  moveToError?: { message: string; value: string } | undefined;
  /**
   * "Move to position…" open on this card, with what is typed so far (kept by the list, so the
   * switch to drag and drop, which remounts the cards, does not close it), and its setter.
   */
  moveToDraft?: MoveToDraft | undefined;
  /** Bulk actions: the card's checkbox belongs to the list's bulk form. */
  bulk?: { formId: string; checked: boolean; onChange: (id: string, checked: boolean) => void };
}

/** Whether a card's "Move to position…" is open and what is typed in it, kept above the card. */
export interface MoveToDraft {
  open: boolean;
  value: string;
  onChange: (next: { open: boolean; value: string }) => void;
}

/** One column on a phone, two from 48rem, three from 72rem (admin.css), beside the sidebar. */
const CARD_IMAGE_SIZES = "(min-width: 72rem) 22rem, (min-width: 48rem) 45vw, 100vw";

/** 1,000 rather than 1000: the same on the server and in every browser. */
const count = (n: number) => n.toLocaleString("en-US");

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
  moveToError,
  moveToDraft,
  bulk,
  priority = false,
}: PackageCardProps) {
  // Controls the role cannot use are left out; the server refuses them anyway (decision 125).
  const mayDraft = useCan("content.draft");
  const mayPublish = useCan("content.publish");
  const mayDelete = useCan("content.delete");
  const info = kindInfo(kind);
  const published = pkg.status === "published";
  const named = <span className="visually-hidden"> {pkg.title}</span>;
  return (
    <article className="admin-card" aria-labelledby={`card-${pkg.id}`}>
      <div className="admin-card-media">
        {pkg.image ? (
          <img
            src={pkg.image}
            srcSet={pkg.imageSrcSet ?? undefined}
            sizes={pkg.imageSrcSet ? CARD_IMAGE_SIZES : undefined}
            alt=""
            width={320}
            height={180}
            // The first card's picture is the screen's largest paint on a phone: fetched at once.
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
          />
        ) : (
          <div className="admin-card-placeholder" aria-hidden="true">
            No Image
          </div>
        )}
        {handle}
      </div>
      <div className="admin-card-body">
        {bulk ? (
          <div className="admin-card-select">
            <input
              type="checkbox"
              id={`select-${pkg.id}`}
              name="selected"
              value={pkg.id}
              form={bulk.formId}
              checked={bulk.checked}
              onChange={(event) => bulk.onChange(pkg.id, event.target.checked)}
            />
            <label htmlFor={`select-${pkg.id}`}>Select{named}</label>
          </div>
        ) : null}
        <StatusBadge tone={pkg.status}>{published ? "Published" : "Draft"}</StatusBadge>
        {pkg.review ? <span className="badge badge-review">{pkg.review}</span> : null}
        {/* Focusable from script: "Move to position…" lands on the card's page at this heading. */}
        <h2 id={`card-${pkg.id}`} tabIndex={-1}>
          {pkg.title}
        </h2>
        <p>Price: {pkg.price || "—"}</p>
        <p>Duration: {pkg.duration || "—"}</p>
        {pkg.schedule ? <p className="admin-card-schedule">{pkg.schedule}</p> : null}
        {pkg.bookNowClicks !== undefined ? (
          <p>{`Book Now clicks: ${pkg.bookNowClicks} (30 days)`}</p>
        ) : null}
        {pkg.translations?.length ? <TranslationBadges badges={pkg.translations} /> : null}
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
          {mayDraft ? (
            <Link className="button button-small button-secondary" to={info.admin.editPath(pkg.id)}>
              Edit{named}
            </Link>
          ) : null}
          {mayDelete ? (
            <Link
              className="button button-small button-danger-outline"
              to={deleteHref}
              preventScrollReset
              onClick={(event) => onDeleteClick(event, pkg)}
            >
              Delete{named}
            </Link>
          ) : null}
          {mayPublish ? (
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
          ) : null}
        </div>
        {canMove && mayPublish ? (
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
            <span className="admin-card-position">{`${count(position)} of ${count(total)}`}</span>
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
        {canMove && mayPublish ? (
          <MoveToPosition
            id={pkg.id}
            title={pkg.title}
            total={total}
            listHref={listHref}
            disabled={moveDisabled}
            error={moveToError}
            draft={moveToDraft}
          />
        ) : null}
      </div>
    </article>
  );
}

/**
 * "Move to position…" (decision 078): a disclosure with a number and a button, a plain form post
 * that works without JavaScript, for moves longer than a drag within the page.
 */
function MoveToPosition({
  id,
  title,
  total,
  listHref,
  disabled,
  error,
  draft,
}: {
  id: string;
  title: string;
  total: number;
  listHref: string;
  disabled: boolean;
  error: { message: string; value: string } | undefined;
  draft: MoveToDraft | undefined;
}) {
  const inputId = `move-to-${id}`;
  const errorId = `move-to-error-${id}`;
  return (
    <details
      className="admin-card-moveto"
      open={error !== undefined || draft?.open === true}
      onToggle={(event) => {
        const open = event.currentTarget.open;
        if (draft && open !== draft.open) draft.onChange({ open, value: draft.value });
      }}
    >
      <summary>
        Move to position…<span className="visually-hidden"> {title}</span>
      </summary>
      <Form method="post" action={listHref}>
        <input type="hidden" name="intent" value="move-to" />
        <input type="hidden" name="id" value={id} />
        <label htmlFor={inputId}>
          New position <span className="admin-card-moveto-range">{`(1–${count(total)})`}</span>
        </label>
        <div className="admin-card-moveto-row">
          <input
            id={inputId}
            name="position"
            type="number"
            inputMode="numeric"
            min={1}
            max={total}
            step={1}
            required
            defaultValue={error?.value ?? draft?.value ?? ""}
            onChange={(event) => draft?.onChange({ open: true, value: event.currentTarget.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button
            type="submit"
            className="button button-small button-secondary"
            disabled={disabled}
          >
            Move<span className="visually-hidden"> {title}</span>
          </button>
        </div>
        {error ? (
          <p className="field-error" id={errorId} role="alert">
            {error.message}
          </p>
        ) : null}
      </Form>
    </details>
  );
}
