import type { HeadersFunction } from "react-router";

/**
 * Anonymous public pages: a CDN may keep them a minute (s-maxage) and serve stale while it
 * refreshes; browsers revalidate each time (max-age=0), which the ETag makes a cheap 304.
 */
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** Anything rendered for a signed-in admin (draft previews): never stored anywhere. */
export const PRIVATE_CACHE = "private, no-store";

/** Site routes set their caching in the loader; this passes those headers to the document. */
export const loaderHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;
