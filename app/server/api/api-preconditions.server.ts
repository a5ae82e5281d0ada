import { AppError } from "../platform/errors.server";

/*
 * Conditional writes on the JSON API (decision 082). An admin read of an item carries a
 * strong ETag naming its version (its `updated_at`); a PUT with `If-Match` is applied only to that
 * version, otherwise it is refused with 412 and nothing changes. A PUT whose body carries the
 * `updated_at` it read is held to the same rule and refused with 409, as the admin form is. The
 * check is repeated inside the write's transaction (row locked), so two clients cannot both win.
 */

export const PRECONDITION_FAILED_MESSAGE =
  "This item was changed after you read it: If-Match does not name its current version. Read it again (its ETag names the current version), apply your changes, and send them with that ETag.";

/** The strong ETag of an item's version. */
export function versionEtag(updatedAt: string): string {
  return `"${updatedAt}"`;
}

export interface WritePrecondition {
  /** The version (updated_at) the write must still find, inside its transaction. */
  expectedUpdatedAt: string;
  /** How the caller asked: If-Match (a miss is 412) or a body `updated_at` (a miss is 409). */
  via: "if-match" | "updated_at";
}

/** A stale write found inside the transaction answers as its precondition says (412 or 409). */
export function asPreconditionFailure(
  error: unknown,
  precondition: WritePrecondition | undefined,
  staleMessage: string,
): unknown {
  if (
    precondition?.via === "if-match" &&
    error instanceof AppError &&
    error.status === 409 &&
    error.message === staleMessage
  )
    return new AppError(PRECONDITION_FAILED_MESSAGE, 412);
  return error;
}
