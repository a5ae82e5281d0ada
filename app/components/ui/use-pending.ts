import { useNavigation } from "react-router";

export interface PendingOptions {
  /** Only navigations in this state count; any non-idle state by default. */
  state?: "submitting" | "loading" | "non-idle";
  /**
   * Only a form posting (or getting) to this action counts: the exact action, e.g. '/admin/team'
   * or `useFormAction()`, or a test of it (a prefix, say). Links have no form action.
   */
  formAction?: string | ((action: string) => boolean);
  /** Only navigations with this method count: 'GET' (links and search forms) or 'POST' (actions). */
  formMethod?: "GET" | "POST";
  /** Only navigations to this pathname count (a trailing slash ignored), e.g. '/admin/local'. */
  pathname?: string;
}

/**
 * Whether a navigation matching the options is under way (after the Epic Stack's `useIsPending`):
 * one hook for every pending button, busy count and loading text instead of comparing navigation
 * fields in each screen. With no options: any navigation at all.
 */
export function usePending({
  state = "non-idle",
  formAction,
  formMethod,
  pathname,
}: PendingOptions = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle") return false;
  if (state !== "non-idle" && navigation.state !== state) return false;
  if (formAction !== undefined) {
    const action = navigation.formAction;
    if (action === undefined) return false;
    if (typeof formAction === "string" ? action !== formAction : !formAction(action)) return false;
  }
  if (formMethod && (navigation.formMethod?.toUpperCase() ?? "GET") !== formMethod) return false;
  if (pathname && navigation.location.pathname.replace(/\/+$/, "") !== pathname) return false;
  return true;
}
