import { getDb } from "../platform/db.server";
import { getMediaStore } from "../platform/runtime.server";
import { releaseQuietly } from "./references.server";

// The lifecycle rules live in references.server.ts; this binds them to the runtime's store.

/** Releases what of `ids` nothing references any more; a failure is logged, never thrown. */
export async function pruneQuietly(ids: readonly (string | null)[]): Promise<void> {
  await releaseQuietly(getDb(), getMediaStore(), ids);
}
