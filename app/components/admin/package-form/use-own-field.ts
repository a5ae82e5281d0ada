import { useField, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { PackageFormInput } from "./form-types";

/**
 * A field (and its form) read through the calling component's own Conform subscription.
 *
 * Conform subscribes the component that created a metadata object to what any render reads from
 * it: the `fields` of `useForm` belong to the whole form, so a section that read its rows' values
 * through them re-rendered every field of the form each time one of those values changed (after
 * hydration, four times in a row: decision 105). Read here, a change re-renders this section only.
 * Needs the form's `FormProvider` (PackageFormFrame).
 */
export function useOwnField<Schema>(
  field: FieldMetadata<Schema, PackageFormInput>,
): [FieldMetadata<Schema, PackageFormInput>, FormMetadata<PackageFormInput>] {
  return useField<Schema, PackageFormInput>(field.name, { formId: field.formId });
}
