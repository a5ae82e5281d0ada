import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { requiredPermission } from "~/domain/permissions";
import { packageSchema, PACKAGE_KINDS } from "~/domain/schemas";
import { apiPackageSchema } from "~/server/api/api-schemas.server";
import { buildOpenApiDocument } from "~/server/api/openapi.server";

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
  >;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
  };
};

function flatten(
  entries: RouteConfigEntry[],
  parent = "",
): { path: string; file: string; id?: string }[] {
  return entries.flatMap((e) => {
    const path = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: e.file, id: e.id }, ...flatten(e.children ?? [], path)];
  });
}

/** Every resource route under api/ in app/routes.ts, as OpenAPI path templates. */
const apiRoutes = flatten(routes)
  .filter((r) => r.path.startsWith("api/") && !r.path.includes("*"))
  .map((r) => ({ ...r, openApiPath: `/${r.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}` }));

const doc = buildOpenApiDocument() as unknown as Doc;

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const schema of Object.values(doc.components.schemas)) {
      expect(schema).not.toHaveProperty("$id");
      expect(schema).not.toHaveProperty("$schema");
    }
  });

  it("describes every resource route under api/ in routes.ts", () => {
    expect(apiRoutes.length).toBeGreaterThanOrEqual(4 * 4 + 5);
    const missing = apiRoutes.filter((r) => !doc.paths[r.openApiPath]).map((r) => r.openApiPath);
    expect(missing).toEqual([]);
  });

  it("describes no path that routes.ts lacks (login/logout belong to the sign-in issue)", () => {
    const routed = new Set(apiRoutes.map((r) => r.openApiPath));
    const extra = Object.keys(doc.paths).filter(
      (p) => !routed.has(p) && !p.startsWith("/api/admin/log"),
    );
    expect(extra).toEqual([]);
  });

  it("routes every package kind's four endpoints through the shared modules", () => {
    for (const kind of PACKAGE_KINDS) {
      const base = PACKAGE_KIND_INFO[kind].api.base;
      const own = apiRoutes.filter(
        (r) => r.openApiPath === base || r.openApiPath.startsWith(`${base}/`),
      );
      expect(own.map((r) => r.file).sort()).toEqual([
        "routes/api/packages/collection.ts",
        "routes/api/packages/item.ts",
        "routes/api/packages/reorder.ts",
        "routes/api/packages/slug.ts",
      ]);
    }
  });

  it("resolves every $ref to a generated component", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      const name = ref.replace(/^"\$ref":"#\/components\/schemas\//, "").replace(/"$/, "");
      expect(doc.components.schemas[name], ref).toBeDefined();
    }
  });

  it("documents a package's own deposit rule on read and write (decision 142)", () => {
    const types = ["percent", "per_traveller", "full"];
    const read = JSON.stringify(doc.components.schemas.Package!.properties!.deposit);
    const write = JSON.stringify(doc.components.schemas.PackageInput!.properties!.deposit);
    for (const text of [read, write]) {
      for (const type of types) expect(text).toContain(`"${type}"`);
      expect(text).toContain("company's rule");
    }
    expect(doc.components.schemas.PackageInput!.required).not.toContain("deposit");
  });

  it("generates the schemas from zod: spec §3 package fields, the form's required fields", () => {
    const pkg = doc.components.schemas.Package!;
    // The wire shape, plus the translations admins read on a multi-language site (decision 153).
    expect(Object.keys(pkg.properties!).sort()).toEqual(
      [...Object.keys(apiPackageSchema.shape), "translations"].sort(),
    );
    expect(pkg.required).not.toContain("translations");
    expect(pkg.properties).not.toHaveProperty("kind");
    expect(pkg.properties).not.toHaveProperty("imageDetails");
    // The package's own fields, plus the per-image details and translations the API adds.
    expect([...Object.keys(packageSchema.shape), "image_details", "translations"]).toEqual(
      expect.arrayContaining(Object.keys(pkg.properties!)),
    );
    expect(doc.components.schemas.PackageInput!.required).toEqual(["title"]);
    expect(doc.components.schemas.ExclusivePackageInput!.required).toEqual(
      expect.arrayContaining(["title", "price"]),
    );
    expect(doc.components.schemas.TravelMomentInput!.required).toEqual(["title", "videoUrl"]);
    expect(doc.components.schemas.LocalPackageIdsReorder!.required).toEqual(["packageIds"]);
    expect(doc.components.schemas.PackageIdsReorder!.required).toEqual(["package_ids"]);
    expect(doc.components.schemas.TravelMoment!.properties).toHaveProperty("videoUrl");
  });

  it("documents the error statuses of writes and the 304 of public reads", () => {
    const local = doc.paths["/api/local/{id}"]!;
    expect(Object.keys(local).sort()).toEqual(["delete", "get", "patch", "put"]);
    expect(Object.keys(local.get!.responses)).toEqual(
      expect.arrayContaining(["200", "304", "404", "405"]),
    );
    expect(Object.keys(local.put!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "405", "413", "415", "500"]),
    );
    expect(Object.keys(doc.paths["/api/local/reorder"]!.post!.responses)).toContain("409");
  });
});

describe("scheduled publishing in the OpenAPI document", () => {
  it("every package schema, read and written, carries publish_at and unpublish_at", () => {
    for (const name of ["Package", "PackageInput", "ExclusivePackageInput"]) {
      const properties = doc.components.schemas[name]?.properties ?? {};
      for (const field of ["publish_at", "unpublish_at"]) {
        expect(JSON.stringify(properties[field]), `${name}.${field}`).toMatch(/date-time/);
        expect(JSON.stringify(properties[field]), `${name}.${field}`).toMatch(/null/);
      }
    }
    expect(doc.components.schemas.Package?.required).toEqual(
      expect.arrayContaining(["publish_at", "unpublish_at"]),
    );
  });

  it("lists the 403 of every operation the permission table guards, naming the permission", () => {
    let guarded = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const pattern = path.slice(1).replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
      for (const [method, op] of Object.entries(ops)) {
        const rule = requiredPermission(pattern, method);
        const operation = op as { "x-permission"?: string; responses: Record<string, unknown> };
        if (rule === undefined || rule === "public") {
          expect(operation["x-permission"], `${method} ${path}`).toBeUndefined();
          continue;
        }
        guarded++;
        expect(operation["x-permission"], `${method} ${path}`).toBe(rule);
        const refusal = operation.responses["403"] as { description: string } | undefined;
        expect(refusal?.description, `${method} ${path}`).toContain(`\`${rule}\``);
        expect(refusal?.description).toContain("`error` says which role and what it lacks");
      }
    }
    // The four package kinds' writes and the travel moments' writes.
    expect(guarded).toBe(4 * 5 + 4);
    const del = doc.paths["/api/trips/{id}"]!.delete!.responses["403"] as { description: string };
    expect(del.description).toContain(
      "`content.delete` permission (deleting content; Owner, Admin, Editor have it)",
    );
  });
});
