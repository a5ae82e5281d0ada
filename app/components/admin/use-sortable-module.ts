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

/** Longest wait for an idle moment before drag and drop is fetched anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `task` when the main thread is idle (or after a short delay where there is no such API). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Drag and drop (dnd-kit, about 14 KB brotli) for the screens that reorder, loaded with import()
 * once `wanted` (after hydration), so it is in no screen's first load (decision 107). Until it
 * arrives, and if it never does, the screen shows what it shows without JavaScript: the same
 * cards with their move buttons, which reorder by plain form posts.
 *
 * The switch re-renders every card of the page (they move into dnd-kit's context), so it is not
 * one long task after hydration: the chunk is fetched when the browser is next idle, and the
 * screen switches in a transition, which React renders in slices and drops for any input
 * (decision 107, "The switch to drag and drop").
 */
export function useSortableModule(wanted: boolean): SortableModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    const cancel = whenIdle(() => {
      load().then(
        (next) => {
          if (live) startTransition(() => setModule(next));
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [wanted, module]);
  return wanted ? module : undefined;
}
