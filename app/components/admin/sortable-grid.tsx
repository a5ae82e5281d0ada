import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
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
 * Drag and drop for the admin lists (spec §4: mouse after 8 px, keyboard). Only admin modules
 * import this file, so @dnd-kit stays out of the public pages' chunks.
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
}

export const REORDER_INSTRUCTIONS =
  "To reorder, press Space or Enter on a card's drag handle to pick it up. Use the arrow keys to move it, Space or Enter to drop it, or Escape to cancel.";

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
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="admin-card-handle"
      {...attributes}
      {...listeners}
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
    <li
      ref={setNodeRef}
      className={isDragging ? "admin-card-cell is-dragging" : "admin-card-cell"}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

export function SortableGrid<T extends SortableItem>({
  items,
  onReorder,
  disabled,
  renderItem,
  className,
}: SortableGridProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const titleOf = (id: UniqueIdentifier) =>
    items.find((item) => item.id === id)?.title ?? "the card";
  const placeOf = (id: UniqueIdentifier) =>
    `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;

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

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(ids, from, to));
  }

  return (
    <DndContext
      id="admin-package-order"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: REORDER_INSTRUCTIONS },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ul className={className}>
          {items.map((item, index) => (
            <SortableCell key={item.id} id={item.id} title={item.title} disabled={disabled}>
              {(handle) => renderItem(item, handle, index)}
            </SortableCell>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
