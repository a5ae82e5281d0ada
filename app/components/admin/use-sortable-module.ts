import { startTransition, useEffect, useState } from "react";
import type * as SortableGrid from "./sortable-grid";

type SortableModule = typeof SortableGrid;

let loaded: SortableModule | undefined;
let loading: Promise<SortableModule> | undefined;

function load(): Promise<SortableModule> {
  loading ??= import("./sortable-grid").then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A chunk that failed to load (a deploy, the network) may be asked for again later.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Drag and drop (dnd-kit, about 14 KB brotli) for the screens that reorder, loaded with import()
 * once `wanted` (after hydration), so it is in no screen's first load (decision 107). Until it
 * arrives, and if it never does, the screen shows what it shows without JavaScript: the same
 * cards with their move buttons, which reorder by plain form posts.
 *
 * The switch re-renders every card of the page (they move into dnd-kit's context), so it happens
 * in a transition: React renders it in slices instead of one long task after hydration, and puts
 * it aside for any input (decision 107, "The switch to drag and drop"). It is not put off to an
 * idle moment: the switch remounts the cards, so an open "Move to position…" or a half-typed
 * position would be lost, and the sooner it happens the less likely that is.
 */
export function useSortableModule(wanted: boolean): SortableModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    load().then(
      (next) => {
        if (live) startTransition(() => setModule(next));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return wanted ? module : undefined;
}
