import { useFormDirty } from "./use-form-dirty";
import { useUnsavedChanges } from "./use-unsaved-changes";

/**
 * Asks before leaving an edited form (useFormDirty, useUnsavedChanges). A component of its own,
 * rendering nothing: the router's blocker sets state once mounted and the first edit sets state,
 * and in the form's own component each of those re-rendered every field (decision 105).
 */
export function UnsavedChangesGuard({ formId }: { formId: string }) {
  useUnsavedChanges(useFormDirty(formId), formId);
  return null;
}
