import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { PACKAGE_KINDS, type PackageKind } from "~/domain/schemas";

/**
 * One set of route modules serves the four package kinds; the kind is read from the matched
 * route pattern ('api/local/:id' → local) through the kinds' API bases.
 */
export function kindFromPattern(pattern: string): PackageKind {
  const path = `/${pattern.replace(/^\/+/, "")}`;
  const kind = PACKAGE_KINDS.find((k) => {
    const base = PACKAGE_KIND_INFO[k].api.base;
    return path === base || path.startsWith(`${base}/`);
  });
  if (!kind) throw new Error(`No package kind serves ${pattern}`);
  return kind;
}

export function packageUrl(kind: PackageKind, id: string): string {
  return `${PACKAGE_KIND_INFO[kind].api.base}/${id}`;
}
