import { useEffect, useState } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** An edited control: its value differs from the one the page was served with. */
function changed(element: Element): boolean {
  if (element instanceof HTMLSelectElement) {
    return Array.from(element.options).some((o) => o.selected !== o.defaultSelected);
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

const fieldNames = (form: HTMLFormElement) =>
  Array.from(form.elements)
    .filter((e): e is Control => "name" in e && typeof e.name === "string" && e.name !== "")
    .filter((e) => !(e instanceof HTMLButtonElement))
    .map((e) => e.name)
    .join("\n");

/**
 * True once the admin has changed the form: typed text (even before the page hydrated), a changed
 * select, an added or removed row. It stays true until the page is left or saved: a save that
 * comes back with errors has still saved nothing.
 */
export function useFormDirty(formId: string): boolean {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const initialNames = fieldNames(form);
    const update = () => {
      if (fieldNames(form) !== initialNames || Array.from(form.elements).some(changed)) {
        setDirty(true);
      }
    };
    update();
    const rows = new MutationObserver(update);
    rows.observe(form, { childList: true, subtree: true });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      rows.disconnect();
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [formId]);
  return dirty;
}
