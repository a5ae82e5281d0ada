import type * as ReactRouter from "react-router";
import { describe, expect, it, vi } from "vitest";

// The metrics' route labels (decision 167): React Router's matchRoutes ranks the whole route
// table on every call, about a millisecond for ours, which with METRICS_TOKEN set held cached
// pages to about a thousand a second. A path's label is now worked out once.
const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-router", async (importOriginal) => {
  const actual = await importOriginal<typeof ReactRouter>();
  return {
    ...actual,
    matchRoutes: (...args: Parameters<typeof actual.matchRoutes>) => {
      calls.count++;
      return actual.matchRoutes(...args);
    },
  };
});

const { routeMatcher } = await import("~/server/http/metrics.server");

const routes = {
  root: { id: "root", path: "" },
  home: { id: "home", parentId: "root", index: true },
  pkg: { id: "pkg", parentId: "root", path: "package/:id" },
  admin: { id: "admin", parentId: "root", path: "admin" },
  edit: { id: "edit", parentId: "admin", path: "edit-package/:id" },
};

describe("the metrics' route labels", () => {
  it("label a path by its route pattern, Express paths by their own", () => {
    const label = routeMatcher(routes as never);
    expect(label("/")).toBe("/");
    expect(label("/package/abc")).toBe("/package/:id");
    expect(label("/package/abc.data")).toBe("/package/:id");
    expect(label("/admin/edit-package/7")).toBe("/admin/edit-package/:id");
    expect(label("/assets/app-1234.js")).toBe("/assets/*");
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/no/such/page")).toBe("unmatched");
  });

  it("match each path against the route table once", () => {
    const label = routeMatcher(routes as never);
    calls.count = 0;
    for (let i = 0; i < 50; i++) {
      expect(label("/package/abc")).toBe("/package/:id");
      expect(label("/")).toBe("/");
    }
    expect(calls.count).toBe(2);
  });

  it("keep a bounded number of paths: random paths still get their label", () => {
    const label = routeMatcher(routes as never);
    for (let i = 0; i < 10_000; i++) expect(label(`/package/${i}`)).toBe("/package/:id");
    expect(label("/")).toBe("/");
  });
});
