import sharp from "sharp";

/**
 * libvips keeps the results of its last 100 operations (up to 50 MB) for reuse. Every upload is a
 * different image, so the cache never serves a hit here; it only holds memory (decision 088).
 */
export function configureSharp(): void {
  sharp.cache(false);
}
