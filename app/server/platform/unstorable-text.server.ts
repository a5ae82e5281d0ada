/**
 * PostgreSQL refuses NUL characters in text and lone surrogates in jsonb; both would surface as a
 * 500 deep in a query, so JSON bodies and form posts are refused before that with a 400.
 * Iterative, so deeply nested junk cannot overflow the stack.
 */
export function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  const bad = (s: string) => s.includes("\u0000") || !s.isWellFormed();
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (bad(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (bad(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or invalid Unicode";

/** Form posts: every field name and text value (files are judged by their own checks). */
export function formHasUnstorableText(form: FormData): boolean {
  for (const [name, value] of form.entries()) {
    if (hasUnstorableText(name)) return true;
    if (typeof value === "string" && hasUnstorableText(value)) return true;
    if (typeof value !== "string" && hasUnstorableText(value.name)) return true;
  }
  return false;
}
