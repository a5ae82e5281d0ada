import { useEffect } from "react";
import { useBlocker } from "react-router";

const LEAVE_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

/**
 * With JavaScript, leaving a form with unsaved changes asks first: in-app links through the
 * router's blocker, reloads and closing the tab through beforeunload. Saving is not leaving: a
 * submission posts to the form's own URL, and its redirect is not a blockable navigation.
 */
export function useUnsavedChanges(dirty: boolean) {
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
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
