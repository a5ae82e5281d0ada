import { useEffect, useState } from "react";

/** Conform's intent field (its list buttons and `form.insert()` submit with this name). */
const INTENT_FIELD = "__intent__";
/** Intents that change the form's rows; `validate` (Conform's blur validation) changes nothing. */
const EDITING_INTENTS = new Set(["insert", "remove", "reorder", "update", "reset"]);

/** An edited control: its value differs from the one the page was served with. */
function changed(element: Element): boolean {
  if (element instanceof HTMLSelectElement) {
    const options = Array.from(element.options);
    if (element.multiple) return options.some((o) => o.selected !== o.defaultSelected);
    // With no option marked selected (a blank default value), the browser shows the first one.
    const initial = options.find((o) => o.defaultSelected) ?? options[0];
    return element.value !== (initial?.value ?? "");
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" || element.type === "radio") {
      return element.checked !== element.defaultChecked;
    }
    if (element.type === "file") return (element.files?.length ?? 0) > 0;
    return element.value !== element.defaultValue;
  }
  return false;
}

/** The submit event is one of Conform's row intents (add, remove, reorder a row). */
export function isEditingIntent(submitter: Element | null): boolean {
  if (!(submitter instanceof HTMLButtonElement) || submitter.name !== INTENT_FIELD) return false;
  try {
    const intent: unknown = JSON.parse(submitter.value);
    return (
      typeof intent === "object" &&
      intent !== null &&
      "type" in intent &&
      typeof intent.type === "string" &&
      EDITING_INTENTS.has(intent.type)
    );
  } catch {
    return false;
  }
}

/**
 * True once the admin has changed the form: typed text (even before the page hydrated), a changed
 * select, an added, removed or reordered row. It stays true until the page is left or saved: a
 * save that comes back with errors has still saved nothing.
 *
 * It listens to what the admin does (input, change, Conform's row intents), never to DOM
 * mutations: React rewrites inputs and textareas on every render, so a hook that set state on
 * mutations fed its own renders and froze the tab (decision 066). Once dirty it stops listening.
 */
export function useFormDirty(formId: string): boolean {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (dirty) return;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const markDirty = () => setDirty(true);
    if (Array.from(form.elements).some(changed)) {
      markDirty();
      return;
    }
    const onEdit = (event: Event) => {
      if (event.target instanceof Element && changed(event.target)) markDirty();
    };
    const onSubmit = (event: SubmitEvent) => {
      if (isEditingIntent(event.submitter)) markDirty();
    };
    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
    form.addEventListener("submit", onSubmit, { capture: true });
    return () => {
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
      form.removeEventListener("submit", onSubmit, { capture: true });
    };
  }, [formId, dirty]);
  return dirty;
}
