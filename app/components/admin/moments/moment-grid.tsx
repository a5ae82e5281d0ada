import type { Announcements, KeyboardCoordinateGetter } from "@dnd-kit/core";
import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { momentDialogHref } from "~/domain/moment-form";
import type { TravelMoment } from "~/domain/schemas";
import type { SortableCellState } from "../sortable-grid";
import { useSortableModule } from "../use-sortable-module";
import { StatusBadge } from "../status-badge";
import { useHydrated } from "~/components/ui/use-hydrated";
import { historyPath } from "~/domain/versions";
import type { TranslationBadge } from "~/domain/translations";
import { TranslationBadges } from "../translations/translation-badges";

const LIST = momentDialogHref(null);

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * Keyboard moves go one place at a time in reading order (the reel is a sequence, laid out in as
 * many columns as fit): an arrow key puts the card over its neighbour, wherever the grid wraps.
 */
function readingOrder(ids: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { active, over, droppableRects } }) => {
    const step = STEPS[event.code];
    if (!step || !active) return undefined;
    event.preventDefault();
    const from = ids.indexOf(String(over?.id ?? active.id));
    const target = from < 0 ? undefined : ids[from + step];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    return rect ? { x: rect.left, y: rect.top } : undefined;
  };
}

interface MomentGridProps {
  moments: TravelMoment[];
  /** Per moment, how much is translated into each other language (none with one language). */
  translations?: Record<string, TranslationBadge[]>;
}

/**
 * The reel in its order. With JavaScript a card is dragged by its handle (mouse after 8 px,
 * keyboard: Space, arrows, Space); the move buttons post the same change as a plain form.
 */
export function MomentGrid({ moments, translations = {} }: MomentGridProps) {
  const dnd = useSortableModule(useHydrated());
  const fetcher = useFetcher();
  // A dropped card shows in its new place at once; the server's order wins as soon as it answers
  // (the loader's new list), whether it saved the move, refused it, or another tab changed it.
  const [dropped, setDropped] = useState<{ base: TravelMoment[]; order: TravelMoment[] }>();
  const order = dropped?.base === moments ? dropped.order : moments;
  const ids = order.map((m) => m.id);
  const titleOf = (id: string | number) => {
    const index = order.findIndex((m) => m.id === id);
    return index < 0 ? "video" : `${order[index]!.title} (position ${index + 1})`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over ${titleOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped over ${titleOf(over.id)}.` : "Dropped.",
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const reorder = (nextIds: string[]) => {
    const byId = new Map(order.map((m) => [m.id, m]));
    setDropped({ base: moments, order: nextIds.map((id) => byId.get(id)!) });
    const body = new FormData();
    body.set("intent", "reorder");
    for (const id of nextIds) body.append("ids", id);
    void fetcher.submit(body, { method: "post", action: LIST });
  };

  // Until drag and drop has loaded (after hydration) the cards are those of the no-JS page.
  const list = (
    <ol className="reel-grid" aria-label="Travel moments in their order">
      {order.map((moment, index) =>
        dnd ? (
          <dnd.SortableCellRender key={moment.id} id={moment.id}>
            {(cell) => (
              <MomentCard
                moment={moment}
                position={index + 1}
                count={order.length}
                cell={cell}
                badges={translations[moment.id]}
              />
            )}
          </dnd.SortableCellRender>
        ) : (
          <MomentCard
            key={moment.id}
            moment={moment}
            position={index + 1}
            count={order.length}
            badges={translations[moment.id]}
          />
        ),
      )}
    </ol>
  );
  if (!dnd) return list;
  return (
    <dnd.SortableArea
      id="travel-moments-order"
      ids={ids}
      onReorder={reorder}
      keyboardCoordinates={readingOrder(ids)}
      announcements={announcements}
      instructions={
        "To reorder, press Space or Enter to pick up the video, use the arrow keys to move it, " +
        "and press Space or Enter again to drop it. Press Escape to cancel."
      }
    >
      {list}
    </dnd.SortableArea>
  );
}

interface MomentCardProps {
  moment: TravelMoment;
  position: number;
  count: number;
  /** With drag and drop loaded: the cell's and its handle's props. */
  cell?: SortableCellState;
  /** "German: 2 of 3 fields", linking to the moment's translation screen (decision 150). */
  badges?: TranslationBadge[] | undefined;
}

function MomentCard({ moment, position, count, cell, badges }: MomentCardProps) {
  const titleId = `moment-title-${moment.id}`;
  return (
    <li
      {...cell?.cellProps}
      className={`reel-card${cell?.isDragging ? " reel-card-dragging" : ""}`}
      aria-labelledby={titleId}
    >
      <div className="reel-media">
        {moment.thumbnailUrl ? (
          <img
            src={moment.thumbnailUrl}
            alt={moment.thumbnailAlt || moment.title}
            width={320}
            height={180}
            loading="lazy"
          />
        ) : (
          <div className="reel-placeholder" aria-hidden="true">
            <span>No Thumbnail</span>
          </div>
        )}
        <span className="reel-order">
          <span className="visually-hidden">Position </span>
          {position}
        </span>
      </div>
      <div className="reel-body">
        <h2 id={titleId}>{moment.title}</h2>
        <p className="reel-meta">
          <span>
            Duration: <strong>{moment.duration ?? "not set"}</strong>
          </span>
          <StatusBadge tone={moment.isActive ? "active" : "inactive"}>
            {moment.isActive ? "Active" : "Inactive"}
          </StatusBadge>
        </p>
        {badges?.length ? <TranslationBadges badges={badges} /> : null}
        <Form method="post" action={LIST} className="reel-toggle">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={moment.id} />
          <input type="hidden" name="active" value={moment.isActive ? "false" : "true"} />
          <button
            type="submit"
            role="switch"
            aria-checked={moment.isActive}
            className="reel-switch"
          >
            <span className="reel-switch-track" aria-hidden="true" />
            <span className="reel-switch-text">
              Show on home page<span className="visually-hidden">: {moment.title}</span>
            </span>
          </button>
        </Form>
      </div>
      <div className="reel-actions">
        <Link
          to={momentDialogHref({ mode: "edit", id: moment.id })}
          className="button button-secondary"
          aria-label={`Edit ${moment.title}`}
          preventScrollReset
        >
          Edit
        </Link>
        <Link
          to={historyPath("moment", moment.id)}
          className="button button-secondary"
          aria-label={`History of ${moment.title}`}
        >
          History
        </Link>
        <Link
          to={momentDialogHref({ mode: "delete", id: moment.id })}
          className="button reel-button-danger"
          aria-label={`Delete ${moment.title}`}
          preventScrollReset
        >
          Delete
        </Link>
        <span className="reel-order-controls">
          {cell ? (
            <button
              type="button"
              className="reel-handle"
              aria-label={`Reorder ${moment.title} (drag, or Space then arrow keys)`}
              {...cell.handleProps}
            >
              <span aria-hidden="true">⠿</span>
            </button>
          ) : null}
          <MoveButton moment={moment} direction="up" disabled={position === 1} />
          <MoveButton moment={moment} direction="down" disabled={position === count} />
        </span>
      </div>
    </li>
  );
}

function MoveButton({
  moment,
  direction,
  disabled,
}: {
  moment: TravelMoment;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const label = direction === "up" ? "Move earlier" : "Move later";
  return (
    <Form method="post" action={LIST} preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={moment.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className="reel-move"
        disabled={disabled}
        aria-label={`${label}: ${moment.title}`}
      >
        <span aria-hidden="true">{direction === "up" ? "←" : "→"}</span>
      </button>
    </Form>
  );
}
