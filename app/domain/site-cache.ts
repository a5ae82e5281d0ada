import type { HeadersFunction } from "react-router";

/** Anonymous public pages: shared caches may keep them a minute and serve stale while refreshing. */
export const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
/** Anything rendered for a signed-in admin (draft previews): never stored anywhere. */
export const PRIVATE_CACHE = "private, no-store";

/** Site routes set their caching in the loader; this passes those headers to the document. */
export const loaderHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;
