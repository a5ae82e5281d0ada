/** Tiny HTML helpers for route tests (no DOM library is installed; the markup is our own). */
export function decode(s: string): string {
  return s
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** The visible text of a fragment: tags and scripts removed, whitespace collapsed. */
export function textOf(html: string): string {
  return decode(
    html
      // React separates adjacent text nodes with empty comments: they are not whitespace.
      .replace(/<!-- -->/g, "")
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The outer HTML of the first element whose opening tag matches `open` (same-tag nesting aware). */
export function element(html: string, open: RegExp): string | undefined {
  const match = open.exec(html);
  if (!match) return undefined;
  const tag = /^<([a-z0-9]+)/i.exec(match[0])?.[1];
  if (!tag) return undefined;
  const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, "gi");
  re.lastIndex = match.index + match[0].length;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return html.slice(match.index, m.index + m[0].length);
  }
  return undefined;
}

/** Every opening tag of `tag` as attribute maps; names lowercased (React writes srcSet, fetchPriority). */
export function tags(html: string, tag: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attrs: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([a-zA-Z:-]+)(?:="([^"]*)")?/g))
      attrs[a[1]!.toLowerCase()] = decode(a[2] ?? "");
    out.push(attrs);
  }
  return out;
}

export function links(
  html: string,
): { href: string; text: string; attrs: Record<string, string> }[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map((m) => {
    const attrs = tags(`<a${m[1]}>`, "a")[0]!;
    return { href: attrs.href ?? "", text: textOf(m[2]!), attrs };
  });
}

/**
 * Every named field of the form that `open` matches, with its value, as a browser would post it:
 * radios and checkboxes only when checked, a select's selected (or first) option, no submit
 * buttons (add the one pressed yourself).
 */
export function formFields(html: string, open: RegExp): [string, string][] {
  const form = element(html, open)!;
  const out: [string, string][] = [];
  for (const input of tags(form, "input")) {
    if ((input.type === "radio" || input.type === "checkbox") && !("checked" in input)) continue;
    if (input.name && input.type !== "submit") out.push([input.name, input.value ?? ""]);
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = tags(`<textarea${m[1]}>`, "textarea")[0]!.name;
    if (name) out.push([name, decode(m[2]!)]);
  }
  for (const m of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = tags(`<select${m[1]}>`, "select")[0]!.name;
    const selected = tags(m[2]!, "option").find((o) => "selected" in o) ?? tags(m[2]!, "option")[0];
    if (name) out.push([name, selected?.value ?? ""]);
  }
  return out;
}
