import type { LinkDescriptor } from "react-router";
import manropeBold from "@fontsource/manrope/files/manrope-latin-700-normal.woff2?url";
import manropeRegular from "@fontsource/manrope/files/manrope-latin-400-normal.woff2?url";
import playfairSemibold from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";

/**
 * The three font files that paint above the fold on every public page (header brand and headline
 * in the serif, body and nav in the sans regular, buttons and labels in the sans bold). They are
 * the same hashed files app/styles/site/fonts.css points at, so the preload is used, not refetched.
 * Other weights and subsets are never declared, so they are never fetched.
 */
export const FONT_PRELOADS: LinkDescriptor[] = [playfairSemibold, manropeRegular, manropeBold].map(
  (href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }),
);
