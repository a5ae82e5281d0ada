import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";

/*
 * Drag and drop for the admin lists and the moments reel (spec §4: mouse after 8 px, keyboard).
 * Loaded only through use-sortable-module.ts (import() after hydration), so @dnd-kit is in no
 * page's first load, public or admin (decision 107). Type imports of it are fine anywhere.
 */

export interface SortableItem {
  id: string;
  title: string;
}

interface SortableGridProps<T extends SortableItem> {
  items: readonly T[];
  /** Called with the full list in its new order after a drop that moved something. */
  onReorder: (ids: string[]) => void;
  /** While true (a reorder is being saved) nothing can be picked up. */
  disabled: boolean;
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  className?: string;
  /** Places before this page's first card: announced positions are in the whole order. */
  offset?: number;
  /** Cards in the whole order (default: the items given). */
  total?: number;
}

export const REORDER_INSTRUCTIONS =
  "To reorder, press Space or Enter on a card's drag handle to pick it up. Use the arrow keys to move it, Space or Enter to drop it, or Escape to cancel.";

interface SortableAreaProps {
  /** The DndContext id: stable, so the server and the browser render the same ids. */
  id: string;
  /** The ids of the cells in their order. */
  ids: string[];
  /** Called with the full list in its new order after a drop that moved something. */
  onReorder: (ids: string[]) => void;
  /** While true (a reorder is being saved) nothing can be picked up. */
  disabled?: boolean;
  /**
   * Where an arrow key takes a picked-up card: dnd-kit's geometric step unless given (the reel
   * steps in reading order instead: decision 027).
   */
  keyboardCoordinates?: KeyboardCoordinateGetter;
  /** What screen readers hear while a card moves, and how to start. */
  announcements: Announcements;
  instructions: string;
  /** The list, its cells made with {@link useSortableCell}. */
  children: ReactNode;
}

/**
 * The drag and drop behind a sortable list: the mouse after 8 px, the keyboard, the screen reader
 * texts, and the new order after a drop.
 */
export function SortableArea({
  id,
  ids,
  onReorder,
  disabled,
  keyboardCoordinates = sortableKeyboardCoordinates,
  announcements,
  instructions,
  children,
}: SortableAreaProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(ids, from, to));
  }

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * One cell of a {@link SortableArea}: spread `cellProps` on its list item and `handleProps` on the
 * button that picks it up.
 */
export function useSortableCell(id: string, disabled = false) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  return {
    isDragging,
    cellProps: {
      ref: setNodeRef,
      style: { transform: CSS.Transform.toString(transform), transition },
    },
    handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  };
}

export type SortableCellState = ReturnType<typeof useSortableCell>;

/** One cell whose markup is the caller's: `children` gets the cell's and its handle's props. */
export function SortableCellRender({
  id,
  disabled = false,
  children,
}: {
  id: string;
  disabled?: boolean;
  children: (cell: SortableCellState) => ReactNode;
}) {
  return children(useSortableCell(id, disabled));
}

function SortableCell({
  id,
  title,
  disabled,
  children,
}: {
  id: string;
  title: string;
  disabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { isDragging, cellProps, handleProps } = useSortableCell(id, disabled);
  const handle = (
    <button
      type="button"
      className="admin-card-handle"
      {...handleProps}
      aria-label={`Drag to reorder ${title}`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
  return (
    <li {...cellProps} className={isDragging ? "admin-card-cell is-dragging" : "admin-card-cell"}>
      {children(handle)}
    </li>
  );
}

/** The package lists' grid of cards, each with its drag handle. */
export function SortableGrid<T extends SortableItem>({
  items,
  onReorder,
  disabled,
  renderItem,
  className,
  offset = 0,
  total,
}: SortableGridProps<T>) {
  const ids = items.map((item) => item.id);
  const titleOf = (id: UniqueIdentifier) =>
    items.find((item) => item.id === id)?.title ?? "the card";
  const placeOf = (id: UniqueIdentifier) =>
    `position ${offset + ids.indexOf(String(id)) + 1} of ${total ?? ids.length}`;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} moved to ${placeOf(over.id)}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at ${placeOf(over.id)}. Saving the new order.`
        : `${titleOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${titleOf(active.id)} stays at ${placeOf(active.id)}.`,
  };

  return (
    <SortableArea
      id="admin-package-order"
      ids={ids}
      onReorder={onReorder}
      disabled={disabled}
      announcements={announcements}
      instructions={REORDER_INSTRUCTIONS}
    >
      <ul className={className}>
        {items.map((item, index) => (
          <SortableCell key={item.id} id={item.id} title={item.title} disabled={disabled}>
            {(handle) => renderItem(item, handle, index)}
          </SortableCell>
        ))}
      </ul>
    </SortableArea>
  );
}
