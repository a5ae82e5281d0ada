import type { MouseEvent } from "react";
import { Form, Link } from "react-router";
import { Dialog, DialogActions } from "./dialog";

type Target = { id: string; title: string };

export interface BulkBarProps {
  /** The bulk form's id: each card's checkbox joins it through its `form` attribute. */
  formId: string;
  /** Where the forms post: the list URL with its search, filter and page. */
  action: string;
  nouns: { one: string; many: string };
  /** Ids selected on this page (JavaScript keeps it; without, the server's view of it). */
  selected: ReadonlySet<string>;
  /** Every card on the page is selected. */
  allSelected: boolean;
  /** Links that select all or none on this page (they work without JavaScript). */
  selectAllHref: string;
  clearHref: string;
  /** With JavaScript: toggles the whole page in place instead of following the link. */
  onToggleAll?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** With JavaScript: Delete asks in a dialog before anything is posted. */
  onDelete?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The packages a Delete would remove, while it is being confirmed (dialog open). */
  confirming: Target[] | null;
  /** Closes the confirmation (Escape, Cancel, or once the confirmed Delete is posted). */
  onCloseConfirm: () => void;
  hydrated: boolean;
}

const counted = (n: number, nouns: { one: string; many: string }) =>
  `${n} ${n === 1 ? nouns.one : nouns.many}`;

/**
 * Bulk actions on a list page: a form whose checkboxes sit on the cards, Publish /
 * Unpublish / Delete buttons, and one confirmation for Delete (a dialog; without JavaScript the
 * server answers the Delete with the same dialog as the confirmation step).
 */
export function BulkBar(props: BulkBarProps) {
  const { formId, nouns, selected, confirming, hydrated } = props;
  return (
    <div className="bulk-bar">
      <Form id={formId} method="post" action={props.action} className="bulk-form">
        <p className="bulk-count" aria-live="polite">
          {hydrated
            ? selected.size
              ? `${counted(selected.size, nouns)} selected`
              : `Select ${nouns.many} to publish, unpublish or delete them together.`
            : `Tick ${nouns.many}, then:`}
        </p>
        <Link
          to={props.allSelected ? props.clearHref : props.selectAllHref}
          className="button button-small button-link"
          preventScrollReset
          replace
          onClick={props.onToggleAll}
        >
          {props.allSelected ? "Clear selection" : "Select all on this page"}
        </Link>
        <div
          className="bulk-buttons"
          role="group"
          aria-label={`Bulk actions on selected ${nouns.many}`}
        >
          <button
            type="submit"
            name="intent"
            value="bulk-publish"
            className="button button-small button-primary"
          >
            Publish selected
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-unpublish"
            className="button button-small button-secondary"
          >
            Unpublish selected
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-delete"
            className="button button-small button-danger-outline"
            onClick={props.onDelete}
          >
            Delete selected
          </button>
        </div>
      </Form>
      <Dialog
        open={confirming !== null}
        role="alertdialog"
        title={confirming ? `Delete ${counted(confirming.length, nouns)}?` : "Delete"}
        description={
          <>
            <p>These will be removed from the site:</p>
            <ul className="bulk-confirm-list">
              {(confirming ?? []).map((t) => (
                <li key={t.id}>{t.title}</li>
              ))}
            </ul>
          </>
        }
        onClose={props.onCloseConfirm}
      >
        <DialogActions>
          <Link
            to={props.action}
            replace
            preventScrollReset
            className="button button-secondary"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              props.onCloseConfirm();
            }}
          >
            Cancel
          </Link>
          <Form method="post" action={props.action} onSubmit={props.onCloseConfirm}>
            <input type="hidden" name="intent" value="bulk-delete" />
            <input type="hidden" name="confirm" value="yes" />
            {(confirming ?? []).map((t) => (
              <input key={t.id} type="hidden" name="selected" value={t.id} />
            ))}
            <button type="submit" className="button button-danger">
              Delete
            </button>
          </Form>
        </DialogActions>
      </Dialog>
    </div>
  );
}
