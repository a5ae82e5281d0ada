import { useNavigation } from "react-router";

interface PendingOptions {
  /** The pathname the pending navigation goes to (a link or a GET form), e.g. '/admin/local'. */
  pathname?: string;
  /** Only navigations with this method count: 'GET' (links and search forms) or 'POST' (actions). */
  formMethod?: "GET" | "POST";
  /** Only navigations in this state count; any non-idle state by default. */
  state?: "submitting" | "loading" | "non-idle";
}

/**
 * Whether a navigation matching the options is under way (after the Epic Stack's `useIsPending`):
 * one hook instead of comparing navigation fields in every screen.
 */
export function useIsPending({ pathname, formMethod, state = "non-idle" }: PendingOptions = {}) {
  const navigation = useNavigation();
  if (navigation.state === "idle") return false;
  if (state !== "non-idle" && navigation.state !== state) return false;
  const method = navigation.formMethod?.toUpperCase() ?? "GET";
  if (formMethod && method !== formMethod) return false;
  if (pathname && navigation.location.pathname.replace(/\/+$/, "") !== pathname) return false;
  return true;
}
