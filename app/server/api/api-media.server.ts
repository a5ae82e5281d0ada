import { getDb } from "../platform/db.server";
import { getMediaStore } from "../platform/runtime.server";
import { releaseQuietly } from "../media/references.server";

// The lifecycle rules live in media/references.server.ts; these bind them to the runtime's store.
export { momentMediaIds, packageMediaIds } from "../media/references.server";

/** Releases what of `ids` nothing references any more; a failure is logged, never thrown. */
export async function pruneQuietly(ids: readonly (string | null)[]): Promise<void> {
  await releaseQuietly(getDb(), getMediaStore(), ids);
}
