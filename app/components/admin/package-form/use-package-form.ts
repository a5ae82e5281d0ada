import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo } from "react";
import { useFormAction } from "react-router";
import { toast } from "sonner";
import {
  firstInvalidField,
  packageFormSchema,
  type PackageFormData,
  type PackageFormReply,
} from "~/domain/package-form";
import { usePending } from "~/components/ui/use-pending";
import type { PackageFormInput, PackageFormOutput } from "./form-types";

/** The input a new row of a multi-field list starts with (focused after an add). */
const FIRST_SUB_FIELD: Record<string, string> = {
  itinerary: "day",
  departures: "start_date",
  faqs: "question",
};

interface Options {
  /** The package (or the new one's defaults) the form opens with. */
  data: PackageFormData;
  reply: PackageFormReply | undefined;
  /** Top-level field names in the order the form shows them (for focus after a server render). */
  order: readonly string[];
}

/** The field to focus after a server render: the added row, the removed list, the first error. */
function focusAfterReply(
  reply: PackageFormReply | undefined,
  order: readonly string[],
  value: () => unknown,
): string | undefined {
  const intent = reply?.result.intent;
  if (intent?.type === "insert") {
    const name = String(intent.payload.name);
    const rows = (value() as Record<string, unknown[] | undefined> | undefined)?.[name];
    const last = `${name}[${(rows?.length ?? 1) - 1}]`;
    const first = FIRST_SUB_FIELD[name];
    return first ? `${last}.${first}` : last;
  }
  if (intent?.type === "remove") return String(intent.payload.name);
  return firstInvalidField(reply?.result.error ?? undefined, order);
}

/**
 * Conform over the API's zod schema, validated in the browser and again on the server. Returns
 * the form, its fields and the field to focus after a server render: the first invalid one, or
 * the row an add/remove (without JavaScript) changed.
 */
export function usePackageForm({ data, reply, order }: Options) {
  const { kind, values } = data;
  const id = `package-form-${kind}-${data.id ?? "new"}`;
  const schema = useMemo(
    () => packageFormSchema(kind, data.timeZone, data.depositCurrency),
    [kind, data.timeZone, data.depositCurrency],
  );
  const [form, fields] = useForm<PackageFormInput, PackageFormOutput>({
    id,
    lastResult: reply?.result,
    defaultValue: values,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema, disableAutoCoercion: true });
    },
  });

  // A server fault or a refused save also shows as a toast (the inline message stays).
  useEffect(() => {
    if (reply?.toast) toast.error(reply.toast, { id: `${id}-fault` });
  }, [reply, id]);

  // The whole value is read only after an add came back from the server: what a render reads
  // from `form` subscribes this component, so every value change would re-render every field.
  const focusName = focusAfterReply(reply, order, () => form.value);

  // True while this route's form is being submitted.
  const submitting = usePending({ state: "submitting", formAction: useFormAction() });
  return { form, fields, focusName, submitting };
}
