import { useCan } from "./permissions";
import { MyReviews, type MyReview } from "./review/my-reviews";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { adminListHref as listHref, adminShowingText } from "~/domain/admin-paging";
import { kindInfo } from "~/domain/package-kinds";
import { recentlyDeletedPath } from "~/domain/versions";
import type { PackageKind } from "~/domain/schemas";
import type {
  AdminListQuery,
  AdminPackageCard,
  AdminPackageListData,
  ListActionReply,
  StatusFilter,
} from "~/server/catalogue/admin-lists.server";
import { useHydrated } from "~/components/ui/use-hydrated";
import { usePending } from "~/components/ui/use-pending";
import { AdminPagination } from "./admin-pagination";
import { BulkBar } from "./bulk-bar";
import { Dialog, DialogActions } from "./dialog";
import { showToast } from "./flash-messages";
import { PackageCard, type MoveToDraft } from "./package-card";
import { useSortableModule } from "./use-sortable-module";
import "~/styles/admin-list.css";

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Draft" },
];

function emptyText(kind: PackageKind, query: AdminListQuery): { title: string; detail?: string } {
  if (kind !== "local") return { title: "No packages found matching your criteria." };
  if (query.q || query.status !== "all" || query.missing) return { title: "No local trips found" };
  return {
    title: "No local trips yet",
    detail: "Get started by creating your first local trip package",
  };
}

type Target = { id: string; title: string };

/**
 * An admin package list (spec §2): New button, search, status filter, and one page of cards with
 * publish, delete and reorder (decisions 077, 078). Everything is a link or a form post that
 * works without JavaScript; with it, delete asks in a modal dialog and the cards can be dragged
 * within the page. Positions are places in the kind's whole order.
 */
export function PackageList({
  list,
  reply,
  reviews,
}: {
  list: AdminPackageListData;
  reply: ListActionReply | undefined;
  /** The signed-in author's submissions for review (decision 132). */
  reviews?: MyReview[];
}) {
  const { kind, query, offset, total } = list;
  // What the role may do here (decision 125): the server refuses the rest anyway.
  const mayDraft = useCan("content.draft");
  const mayPublish = useCan("content.publish");
  const canReorder = list.canReorder && mayPublish;
  const info = kindInfo(kind);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const here = listHref(kind, query);
  const loading = usePending({ pathname: info.admin.listPath, formMethod: "GET" });
  const dnd = useSortableModule(hydrated && canReorder);

  // Reorder: the order on screen runs ahead of the server's while a save is under way.
  const fetcher = useFetcher<ListActionReply>();
  const [order, setOrder] = useState<string[] | null>(null);
  const byId = new Map(list.packages.map((p) => [p.id, p]));
  const packages =
    order && order.length === list.packages.length && order.every((id) => byId.has(id))
      ? order.map((id) => byId.get(id)!)
      : list.packages;
  const saving = fetcher.state !== "idle";
  // Open "Move to position…" disclosures and what is typed in them, by package: the switch to
  // drag and drop remounts every card, and would otherwise close them (decision 107).
  const [moveToDrafts, setMoveToDrafts] = useState<Record<string, string>>({});
  const moveToDraft = (id: string): MoveToDraft => ({
    open: id in moveToDrafts,
    value: moveToDrafts[id] ?? "",
    onChange: ({ open, value }) =>
      setMoveToDrafts((drafts) => {
        const { [id]: _closed, ...others } = drafts;
        return open ? { ...others, [id]: value } : others;
      }),
  });

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    showToast(fetcher.data.ok ? "success" : "error", fetcher.data.message);
    // Saved: the revalidated list has the new order. Refused: the cards go back where they were.
    setOrder(null);
  }, [fetcher.state, fetcher.data]);

  // A refused form post (unknown package, stale order) answers the list with a message.
  useEffect(() => {
    if (reply && !reply.ok) showToast("error", reply.message);
  }, [reply]);

  // "Move to position…" lands on the card's page at `#card-ID`: put focus on the card moved.
  const { hash, key: locationKey } = useLocation();
  useEffect(() => {
    if (hash.startsWith("#card-")) document.getElementById(hash.slice(1))?.focus();
  }, [hash, locationKey]);

  function reorder(ids: string[]) {
    setOrder(ids);
    const body = new FormData();
    body.set("intent", "reorder");
    for (const id of ids) body.append("ids", id);
    void fetcher.submit(body, { method: "post", action: here });
  }

  // Delete: with JavaScript the dialog opens in place; without, `?delete=ID` renders it.
  const [clientTarget, setClientTarget] = useState<Target | null>(null);
  const [dismissedUrlTarget, setDismissedUrlTarget] = useState<string | null>(null);
  const urlTarget =
    list.confirmDelete && list.confirmDelete.id !== dismissedUrlTarget ? list.confirmDelete : null;
  const target = clientTarget ?? urlTarget;
  const headingRef = useRef<HTMLHeadingElement>(null);

  function openDelete(event: MouseEvent<HTMLAnchorElement>, pkg: AdminPackageCard) {
    if (!hydrated) return;
    event.preventDefault();
    setClientTarget({ id: pkg.id, title: pkg.title });
  }
  function closeDelete() {
    setClientTarget(null);
    if (urlTarget) {
      setDismissedUrlTarget(urlTarget.id);
      void navigate(here, { replace: true, preventScrollReset: true });
    }
  }

  // Bulk actions: the page's selection. It starts from `?select=all` or from a refused or
  // to-be-confirmed bulk post, and starts again on every navigation (a done action redirects).
  const serverSelection = (): Set<string> => {
    if (reply && !reply.ok && reply.selected) return new Set(reply.selected);
    if (reply?.ok && reply.intent === "bulk-delete-confirm")
      return new Set(reply.selected.map((t) => t.id));
    return new Set(list.selectAll ? list.packages.map((p) => p.id) : []);
  };
  const [selected, setSelected] = useState<Set<string>>(serverSelection);
  const [confirming, setConfirming] = useState<Target[] | null>(null);
  const [confirmClosed, setConfirmClosed] = useState<unknown>(null);
  const [seen, setSeen] = useState({ locationKey, reply });
  if (seen.locationKey !== locationKey || seen.reply !== reply) {
    setSeen({ locationKey, reply });
    setSelected(serverSelection());
    setConfirming(null);
  }
  const serverConfirm =
    reply?.ok && reply.intent === "bulk-delete-confirm" && confirmClosed !== reply
      ? reply.selected
      : null;
  const bulkFormId = `bulk-${kind}`;
  const allSelected = list.packages.length > 0 && list.packages.every((p) => selected.has(p.id));
  const selectCard = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const bulk = (pkg: AdminPackageCard) => ({
    formId: bulkFormId,
    checked: selected.has(pkg.id),
    onChange: selectCard,
  });

  const empty = emptyText(kind, query);
  const moveFormIds = { earlier: `move-earlier-${kind}`, later: `move-later-${kind}` };
  const renderCard = (pkg: AdminPackageCard, index: number, handle?: React.ReactNode) => (
    <PackageCard
      kind={kind}
      pkg={pkg}
      position={offset + index + 1}
      total={total}
      listHref={here}
      handle={handle}
      canMove={canReorder}
      moveDisabled={saving}
      moveFormIds={moveFormIds}
      onDeleteClick={openDelete}
      deleteHref={listHref(kind, query, { delete: pkg.id })}
      moveToError={
        reply && !reply.ok && reply.intent === "move-to" && reply.id === pkg.id
          ? { message: reply.message, value: reply.position ?? "" }
          : undefined
      }
      moveToDraft={moveToDraft(pkg.id)}
      bulk={mayPublish ? bulk(pkg) : undefined}
      priority={index === 0}
    />
  );

  return (
    <section className="admin-section admin-list" aria-labelledby="list-heading">
      <header className="admin-list-header">
        <h1 id="list-heading" ref={headingRef} tabIndex={-1}>
          {info.admin.title}
        </h1>
        <div className="admin-list-header-actions">
          <Link to={recentlyDeletedPath(kind)} className="button button-secondary">
            Recently deleted
          </Link>
          {mayDraft ? (
            <Link to={info.admin.newPath} className="button button-primary">
              <span aria-hidden="true">+</span> {info.admin.newLabel}
            </Link>
          ) : null}
        </div>
      </header>
      {reviews ? <MyReviews items={reviews} /> : null}

      {canReorder ? (
        <p className="admin-list-hint">
          <strong>Drag and drop to reorder {info.nouns.many}.</strong> The order here will be
          reflected on your main website.
          {list.pageCount > 1
            ? " Dragging moves a card within its page; use Move to position… to move it to another page."
            : null}
        </p>
      ) : (
        <p className="admin-list-hint admin-list-hint-off" role="status">
          <strong>Reordering is off while a search or a filter is active.</strong>{" "}
          <Link to={info.admin.listPath}>Show all {info.nouns.many}</Link> to change the order.
        </p>
      )}

      <Dialog
        open={target !== null}
        role="alertdialog"
        title={`Delete ${info.nouns.one}`}
        description={<p>Are you sure you want to delete &quot;{target?.title}&quot;?</p>}
        onClose={closeDelete}
      >
        <DialogActions>
          <Link
            to={here}
            replace
            preventScrollReset
            className="button button-secondary"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              closeDelete();
            }}
          >
            Cancel
          </Link>
          <Form
            method="post"
            action={here}
            onSubmit={() => {
              setClientTarget(null);
              if (urlTarget) setDismissedUrlTarget(urlTarget.id);
              // The trigger goes with the card: focus the list's heading instead.
              headingRef.current?.focus();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={target?.id ?? ""} />
            <button type="submit" className="button button-danger">
              Delete
            </button>
          </Form>
        </DialogActions>
      </Dialog>

      <Form method="get" role="search" className="admin-search" action={info.admin.listPath}>
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
        {query.missing ? <input type="hidden" name="missing" value={query.missing} /> : null}
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </Form>
      <nav aria-label="Filter by status" className="filter-tabs">
        <ul>
          {FILTERS.map((filter) => (
            <li key={filter.value}>
              <Link
                to={listHref(kind, { ...query, status: filter.value, page: 1 })}
                aria-current={query.status === filter.value ? "page" : undefined}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.missingFilters.length > 0 ? (
        <nav aria-label="Filter by translation" className="filter-tabs">
          <ul>
            {[{ lang: "", label: "All translations" }]
              .concat(
                list.missingFilters.map((f) => ({ lang: f.lang, label: `Missing in ${f.name}` })),
              )
              .map((filter) => (
                <li key={filter.lang}>
                  <Link
                    to={listHref(kind, { ...query, missing: filter.lang, page: 1 })}
                    aria-current={query.missing === filter.lang ? "page" : undefined}
                  >
                    {filter.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      ) : null}

      {reply && !reply.ok ? (
        <noscript>
          <div className="flash flash-error" role="alert">
            {reply.message}
          </div>
        </noscript>
      ) : null}

      {loading ? (
        <p className="admin-list-loading" role="status">
          {info.admin.loadingText}
        </p>
      ) : null}

      {total > 0 ? (
        <p className="admin-list-count" role="status">
          {adminShowingText(query.page, total, info.nouns)}
          {list.pageCount > 1 ? ` · page ${query.page} of ${list.pageCount}` : null}
        </p>
      ) : null}

      {canReorder ? (
        <>
          {(["earlier", "later"] as const).map((direction) => (
            <Form
              key={direction}
              id={moveFormIds[direction]}
              method="post"
              action={here}
              hidden
              preventScrollReset
            >
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="direction" value={direction} />
              {packages.map((p) => (
                <input key={p.id} type="hidden" name="ids" value={p.id} />
              ))}
            </Form>
          ))}
        </>
      ) : null}

      {packages.length > 0 && mayPublish ? (
        <BulkBar
          formId={bulkFormId}
          action={here}
          nouns={info.nouns}
          selected={selected}
          allSelected={allSelected}
          selectAllHref={listHref(kind, query, { select: "all" })}
          clearHref={here}
          onToggleAll={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setSelected(new Set(allSelected ? [] : list.packages.map((p) => p.id)));
          }}
          onDelete={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            const chosen = list.packages.filter((p) => selected.has(p.id));
            if (chosen.length === 0) {
              showToast("error", `Select at least one ${info.nouns.one} first.`);
              return;
            }
            setConfirming(chosen.map((p) => ({ id: p.id, title: p.title })));
          }}
          confirming={confirming ?? serverConfirm}
          onCloseConfirm={() => {
            setConfirming(null);
            setConfirmClosed(reply);
          }}
          hydrated={hydrated}
        />
      ) : null}

      {packages.length === 0 ? (
        <div className="admin-empty" role="status">
          <p>{empty.title}</p>
          {empty.detail ? <p>{empty.detail}</p> : null}
        </div>
      ) : (
        <div className="admin-list-grid-wrap" aria-busy={loading || saving}>
          {dnd ? (
            <dnd.SortableGrid
              items={packages}
              onReorder={reorder}
              disabled={saving}
              offset={offset}
              total={total}
              className="admin-card-grid"
              renderItem={(pkg, handle, index) => renderCard(pkg, index, handle)}
            />
          ) : (
            <ul className="admin-card-grid">
              {packages.map((pkg, index) => (
                <li key={pkg.id} className="admin-card-cell">
                  {renderCard(pkg, index)}
                </li>
              ))}
            </ul>
          )}
          {saving ? (
            <div className="admin-list-overlay" role="status">
              <span>Updating order...</span>
            </div>
          ) : null}
        </div>
      )}
      <AdminPagination
        page={query.page}
        pageCount={list.pageCount}
        href={(page) => listHref(kind, { ...query, page })}
      />
    </section>
  );
}
