import { kindMessages, PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { PACKAGE_KINDS, type PackageKind } from "~/domain/schemas";
import type { ApiArgs, ApiMethod } from "./api-route.server";

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

export const kindOf = (args: ApiArgs): PackageKind => kindFromPattern(args.pattern);

/** The spec §8 text for a failed call on a kind ('Failed to create local package', …). */
export function packageFailure(method: ApiMethod, args: ApiArgs, reorder = false): string {
  const m = kindMessages(kindOf(args));
  if (reorder) return m.reorderFailed;
  const byMethod: Record<ApiMethod, string> = {
    GET: m.fetchFailed,
    POST: m.createFailed,
    PUT: m.updateFailed,
    PATCH: m.updateFailed,
    DELETE: m.deleteFailed,
  };
  return byMethod[method];
}

export function packageUrl(kind: PackageKind, id: string): string {
  return `${PACKAGE_KIND_INFO[kind].api.base}/${id}`;
}
