import { useEffect } from "react";
import { useBlocker } from "react-router";

const LEAVE_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

/**
 * The last form submission on the page, seen from the document's capture phase. A submit clicked
 * while the page hydrates reaches no React handler: the browser submits the form itself, in a
 * task of its own that can run after hydration has marked the form dirty and added the
 * beforeunload prompt below. The prompt then asked "leave?" about the save itself, and a
 * dismissed prompt (Playwright dismisses dialogs) cancelled the save: the page stayed on the form
 * with no error and nothing pending. The listener is added when this module loads, before
 * hydration starts, so such a submission is known when beforeunload runs.
 */
let lastSubmit: Event | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "submit",
    (event) => {
      lastSubmit = event;
    },
    { capture: true },
  );
}

/** The page is being left by a submission of form `formId` that the browser makes itself. */
function leavingBySubmission(formId: string): boolean {
  const form = lastSubmit?.target;
  return (
    lastSubmit !== null &&
    !lastSubmit.defaultPrevented &&
    form instanceof HTMLFormElement &&
    form.id === formId
  );
}

/**
 * With JavaScript, leaving a form with unsaved changes asks first: in-app links through the
 * router's blocker, reloads and closing the tab through beforeunload. Saving is not leaving: a
 * submission posts to the form's own URL, and its redirect is not a blockable navigation; a
 * submission the browser makes itself (clicked during hydration) is not asked about either.
 */
export function useUnsavedChanges(dirty: boolean, formId: string) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leavingBySubmission(formId)) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, formId]);
}
