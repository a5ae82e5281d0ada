import type { LoaderFunctionArgs } from "react-router";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { PACKAGE_KINDS } from "~/domain/schemas";
import { kindFromPattern } from "~/server/api/api-kinds.server";
import { allowHeader, apiRoute } from "~/server/api/api-route.server";

function args(method: string, headers: Record<string, string> = {}): LoaderFunctionArgs {
  const url = "http://site.test/api/thing";
  return {
    request: new Request(url, { method, headers }),
    url: new URL(url),
    pattern: "api/thing",
    params: {},
    context: new RouterContextProvider(),
  };
}

const calls: string[] = [];
const api = apiRoute({
  // The writes these tests send are refused before the session check reads the database.
  db: () => {
    throw new Error("no database in these tests");
  },
  failure: (method) => `Failed ${method}`,
  handlers: {
    async GET() {
      calls.push("GET");
      return Response.json([]);
    },
    async POST() {
      calls.push("POST");
      return Response.json({});
    },
  },
});

describe("apiRoute", () => {
  it("lists its methods in Allow, with HEAD and OPTIONS", () => {
    expect(allowHeader(["POST", "GET"])).toBe("GET, HEAD, POST, OPTIONS");
    expect(allowHeader(["DELETE", "PUT"])).toBe("PUT, DELETE, OPTIONS");
    expect(api.methods).toEqual(["GET", "POST"]);
  });

  it("answers other methods with 405 + Allow and a JSON error, without running a handler", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await api.action(args(method));
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
      expect(await res.json()).toEqual({ error: `Method ${method} is not allowed here` });
    }
    expect(calls).toEqual([]);
  });

  it("answers OPTIONS with 204 + Allow and runs GET for HEAD", async () => {
    const res = await api.loader(args("OPTIONS"));
    expect(res.status).toBe(204);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect((await api.loader(args("HEAD"))).status).toBe(200);
    expect(calls).toEqual(["GET"]);
  });

  it("refuses cross-site writes with 403 before auth or the handler", async () => {
    calls.length = 0;
    const cross = await api.action(args("POST", { "Sec-Fetch-Site": "cross-site" }));
    expect(cross.status).toBe(403);
    const foreign = await api.action(args("POST", { Origin: "https://evil.test" }));
    expect(foreign.status).toBe(403);
    expect(calls).toEqual([]);
  });
});

describe("kindFromPattern", () => {
  it("maps each kind's API paths to the kind, with or without a leading slash", () => {
    for (const kind of PACKAGE_KINDS) {
      const base = PACKAGE_KIND_INFO[kind].api.base.slice(1);
      for (const pattern of [base, `${base}/:id`, `/${base}/slug/:slug`, `${base}/reorder`]) {
        expect(kindFromPattern(pattern)).toBe(kind);
      }
    }
    expect(kindFromPattern("api/local/:id")).toBe("local");
    expect(() => kindFromPattern("api/localish")).toThrow();
    expect(() => kindFromPattern("api/travel-moments")).toThrow();
  });
});
