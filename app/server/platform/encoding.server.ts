// Content-Encoding negotiation, shared by the static files and fast paths (app/server/http) and the
// page cache (app/server/site). Pure: no I/O.

export type StaticEncoding = "br" | "gzip";

/**
 * Picks the best encoding the client accepts among `available` (brotli first). `q=0` refuses an
 * encoding; `*` stands for any encoding not named.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly StaticEncoding[],
): StaticEncoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: StaticEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
