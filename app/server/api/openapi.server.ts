import { z } from "zod";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import {
  permissionText,
  requiredPermission,
  ROLE_LABELS,
  ROLES,
  can,
  type Permission,
} from "~/domain/permissions";
import { loginSchema, PACKAGE_KINDS, travelMomentSchema, type PackageKind } from "~/domain/schemas";
import {
  apiPackageSchema,
  errorSchema,
  momentReorderSchema,
  reorderSchemas,
  statusPatchSchema,
  successSchema,
} from "./api-schemas.server";
import { apiPackageInputSchema, apiTranslationsSchema } from "./api-translations.server";
import {
  apiMomentInputSchema,
  apiMomentTranslationsSchema,
} from "./api-moment-translations.server";
import { SESSION_COOKIE } from "../auth/session.server";

/**
 * The OpenAPI 3.1 document of /api. Every schema in it is generated from the zod schemas the
 * routes validate with (z.toJSONSchema); only the list of operations is written here.
 */

type JsonSchema = Record<string, unknown>;
type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

interface OperationSpec {
  summary: string;
  tag: string;
  /** Needs the admin session (401) and the same origin (403). */
  admin?: boolean;
  /** Anonymous callers see published items only; the answer carries an ETag (304). */
  publicRead?: boolean;
  /** A write that honours If-Match (412) and a body `updated_at` (409); answers the new ETag. */
  conditional?: boolean;
  params?: ("id" | "slug")[];
  /** Takes `?lang=`: the content in one of the site's languages (decision 139). */
  language?: boolean;
  body?: string;
  ok: { status: 200 | 201; description: string; schema?: JsonSchema };
  errors?: number[];
  /** Error statuses whose body is not the usual `Error` (sign-in answers `{success:false, error}`). */
  errorBodies?: Record<number, string>;
}

/** `?lang=de` on the public package reads (decision 139). */
const LANGUAGE_PARAMETER: JsonSchema = {
  name: "lang",
  in: "query",
  required: false,
  description:
    "One of the site's languages (SITE_LANGUAGES). Another than the default answers only the packages " +
    "that appear in it (published there with their title and description translated), with the " +
    "translated fields; an untranslated field keeps the default language's text. By slug, the slug " +
    "is the package's slug in that language (a slug it gave up there answers the package too). " +
    "Travel moments appear once their title is translated. An unknown language answers 400.",
  schema: { type: "string", pattern: "^[a-z]{2}$" },
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: string): JsonSchema => ({ type: "array", items: ref(name) });

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input; `error` holds the form's message (spec §8)",
  401: "No admin session",
  403: "Cross-site request refused",
  404: "Unknown id, malformed id, or not published",
  409: "The list is not exactly the current ids (nothing changed), a limit is reached, or a translation's slug is taken in its language (nothing changed)",
  412: "If-Match does not name the item's current version (its ETag): it changed since you read it; nothing changed",
  413: "Body over 1 MB",
  415: "Body is not JSON",
  429: "Too many sign-in attempts; Retry-After says when to try again",
  500: "Server fault; `error` holds the spec's 'Failed to …' text",
  503: "The database is unavailable for a moment; Retry-After says when to try again",
};

const WRITE_ERRORS = [400, 401, 403, 413, 415];

function schemaComponents(): Record<string, JsonSchema> {
  const inputs = z.registry<{ id: string }>();
  inputs.add(apiPackageInputSchema("trip"), { id: "PackageInput" });
  inputs.add(apiPackageInputSchema("exclusive"), { id: "ExclusivePackageInput" });
  inputs.add(apiMomentInputSchema, { id: "TravelMomentInput" });
  inputs.add(statusPatchSchema, { id: "StatusPatch" });
  inputs.add(reorderSchemas.package_ids, { id: "PackageIdsReorder" });
  inputs.add(reorderSchemas.packageIds, { id: "LocalPackageIdsReorder" });
  inputs.add(momentReorderSchema, { id: "TravelMomentIdsReorder" });
  inputs.add(loginSchema, { id: "LoginInput" });

  const outputs = z.registry<{ id: string }>();
  // Admins' item reads and write answers carry the stored translations (decision 153).
  outputs.add(apiPackageSchema.extend({ translations: apiTranslationsSchema.optional() }), {
    id: "Package",
  });
  // Write answers carry the stored translations on a multi-language site (decision 158).
  outputs.add(travelMomentSchema.extend({ translations: apiMomentTranslationsSchema.optional() }), {
    id: "TravelMoment",
  });
  outputs.add(errorSchema, { id: "Error" });
  outputs.add(successSchema, { id: "Success" });
  outputs.add(z.object({ success: z.boolean(), error: z.string().optional() }), {
    id: "LoginResult",
  });
  outputs.add(
    z.object({
      success: z.literal(false),
      error: z.string(),
      twoFactorRequired: z
        .literal(true)
        .optional()
        .meta({
          description:
            "The password was right but the account has two-factor on: no session was created, " +
            "only a 5-minute challenge cookie; POST the code to /api/admin/login/verify",
        }),
    }),
    { id: "LoginFailure" },
  );
  inputs.add(
    z.object({
      code: z.string().max(64).meta({
        description: "The 6-digit code from the authenticator app, or an unused recovery code",
      }),
    }),
    { id: "SecondFactorInput" },
  );

  const uri = (id: string) => `#/components/schemas/${id}`;
  const convert = (registry: typeof inputs, io: "input" | "output") =>
    z.toJSONSchema(registry, { io, uri, unrepresentable: "any", target: "draft-2020-12" }).schemas;
  const all = { ...convert(inputs, "input"), ...convert(outputs, "output") };
  // Components inherit the document's dialect and are addressed by their key: no $schema or $id.
  return Object.fromEntries(
    Object.entries(all).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [
      name,
      schema as JsonSchema,
    ]),
  );
}

function packageOperations(
  kind: PackageKind,
): Record<string, Partial<Record<HttpMethod, OperationSpec>>> {
  const { base, reorderField } = PACKAGE_KIND_INFO[kind].api;
  const tag = PACKAGE_KIND_INFO[kind].nouns.many;
  const input = kind === "exclusive" ? "ExclusivePackageInput" : "PackageInput";
  const one = PACKAGE_KIND_INFO[kind].nouns.one;
  return {
    [base]: {
      get: {
        tag,
        summary: `List ${tag} in their order (drafts for admins only)`,
        publicRead: true,
        language: true,
        ok: { status: 200, description: `The ${tag}`, schema: listOf("Package") },
        errors: [400],
      },
      post: {
        tag,
        summary: `Create a ${one}; blank list entries and empty itinerary days are dropped`,
        admin: true,
        body: input,
        ok: { status: 201, description: "Created", schema: ref("Package") },
        errors: [...WRITE_ERRORS, 409],
      },
    },
    [`${base}/{id}`]: {
      get: {
        tag,
        summary: `One ${one} (a draft answers 404 unless an admin asks)`,
        publicRead: true,
        language: true,
        params: ["id"],
        ok: { status: 200, description: `The ${one}`, schema: ref("Package") },
        errors: [400, 404],
      },
      put: {
        tag,
        summary:
          `Replace a ${one}; a body without status keeps the current one. Send If-Match with ` +
          "the ETag an admin GET answered (412 when the package changed since), or the " +
          "`updated_at` you read in the body (409 when it changed since); without either the " +
          "last write wins",
        admin: true,
        conditional: true,
        params: ["id"],
        body: input,
        ok: { status: 200, description: "Updated", schema: ref("Package") },
        errors: [...WRITE_ERRORS, 404, 409, 412],
      },
      patch: {
        tag,
        summary: `Publish or unpublish a ${one}`,
        admin: true,
        params: ["id"],
        body: "StatusPatch",
        ok: { status: 200, description: "Updated", schema: ref("Package") },
        errors: [...WRITE_ERRORS, 404],
      },
      delete: {
        tag,
        summary: `Delete a ${one}: answers 404 from then on; admins can restore it for 30 days`,
        admin: true,
        params: ["id"],
        ok: { status: 200, description: "Deleted", schema: ref("Success") },
        errors: [401, 403, 404],
      },
    },
    [`${base}/slug/{slug}`]: {
      get: {
        tag,
        summary: `A published ${one} by slug (with ?lang, its slug in that language)`,
        publicRead: true,
        params: ["slug"],
        language: true,
        ok: { status: 200, description: `The ${one}`, schema: ref("Package") },
        errors: [404],
      },
    },
    [`${base}/reorder`]: {
      post: {
        tag,
        summary: `Set the order of all ${tag} (body field ${reorderField})`,
        admin: true,
        body: reorderField === "packageIds" ? "LocalPackageIdsReorder" : "PackageIdsReorder",
        ok: { status: 200, description: "Reordered", schema: ref("Success") },
        errors: [...WRITE_ERRORS, 409],
      },
    },
  };
}

function otherOperations(): Record<string, Partial<Record<HttpMethod, OperationSpec>>> {
  const tag = "travel moments";
  return {
    "/api/travel-moments": {
      get: {
        tag,
        summary: "Active travel moments in order (every moment for an admin)",
        publicRead: true,
        language: true,
        ok: { status: 200, description: "The moments", schema: listOf("TravelMoment") },
      },
    },
    "/api/admin/travel-moments": {
      post: {
        tag,
        summary: "Add a travel moment (at most 7: 409)",
        admin: true,
        body: "TravelMomentInput",
        ok: { status: 201, description: "Created", schema: ref("TravelMoment") },
        errors: [...WRITE_ERRORS, 409],
      },
    },
    "/api/admin/travel-moments/reorder": {
      post: {
        tag,
        summary: "Set the order of all travel moments",
        admin: true,
        body: "TravelMomentIdsReorder",
        ok: { status: 200, description: "Reordered", schema: ref("Success") },
        errors: [...WRITE_ERRORS, 409],
      },
    },
    "/api/admin/travel-moments/{id}": {
      put: {
        tag,
        summary: "Replace a travel moment; a body without isActive keeps the current one",
        admin: true,
        params: ["id"],
        body: "TravelMomentInput",
        ok: { status: 200, description: "Updated", schema: ref("TravelMoment") },
        errors: [...WRITE_ERRORS, 404],
      },
      delete: {
        tag,
        summary: "Delete a travel moment",
        admin: true,
        params: ["id"],
        ok: { status: 200, description: "Deleted", schema: ref("Success") },
        errors: [401, 403, 404],
      },
    },
    "/api/admin/login": {
      post: {
        tag: "admin session",
        summary:
          "Sign in; sets the session cookie. For an account with two-factor on it answers 401 " +
          "{success:false, twoFactorRequired:true} with a challenge cookie and grants nothing " +
          "until POST /api/admin/login/verify gets a code",
        body: "LoginInput",
        ok: { status: 200, description: "Signed in", schema: ref("LoginResult") },
        errors: [400, 401, 403, 413, 429],
        errorBodies: { 400: "LoginFailure", 401: "LoginFailure", 429: "LoginFailure" },
      },
    },
    "/api/admin/login/verify": {
      post: {
        tag: "admin session",
        summary:
          "Second step of a two-factor sign-in: with the challenge cookie of POST " +
          "/api/admin/login, a current code (or a recovery code, once) sets the session cookie",
        body: "SecondFactorInput",
        ok: { status: 200, description: "Signed in", schema: ref("LoginResult") },
        errors: [400, 401, 403, 413, 429],
        errorBodies: { 400: "LoginFailure", 401: "LoginFailure", 429: "LoginFailure" },
      },
    },
    "/api/admin/logout": {
      post: {
        tag: "admin session",
        summary: "Sign out; clears the session cookie",
        ok: { status: 200, description: "Signed out" },
      },
    },
    "/api/openapi.json": {
      get: {
        tag: "meta",
        summary: "This document",
        ok: { status: 200, description: "OpenAPI 3.1 document", schema: { type: "object" } },
      },
    },
  };
}

const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });

/**
 * The permission the table in app/domain/permissions.ts asks of this operation (decision 125), or
 * null when anyone may call it. The document's path template is the table's route pattern.
 */
function guardOf(method: HttpMethod, path: string): Permission | null {
  const pattern = path.replace(/^\//, "").replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
  const rule = requiredPermission(pattern, method);
  return rule === undefined || rule === "public" ? null : rule;
}

/** The 403 of an operation the permission table guards: which permission, which roles have it. */
function refusalText(permission: Permission): string {
  const roles = ROLES.filter((role) => can(role, permission)).map((role) => ROLE_LABELS[role]);
  return (
    `Refused, nothing changed: a cross-site request, or the signed-in role lacks the ` +
    `\`${permission}\` permission (${permissionText(permission)}; ${roles.join(", ")} have it). ` +
    "`error` says which role and what it lacks"
  );
}

function operation(method: HttpMethod, path: string, spec: OperationSpec): JsonSchema {
  const guard = guardOf(method, path);
  const errors = [...(spec.errors ?? [])];
  if (guard && !errors.includes(403)) errors.push(403);
  const responses: Record<string, JsonSchema> = {
    [spec.ok.status]: {
      description: spec.ok.description,
      ...(spec.ok.schema ? { content: jsonContent(spec.ok.schema) } : {}),
      ...(spec.publicRead
        ? {
            headers: {
              ETag: {
                description:
                  "A weak tag of the body (If-None-Match → 304); an item read by an admin carries the strong tag of its version instead, for If-Match",
                schema: { type: "string" },
              },
              "Cache-Control": { schema: { type: "string" } },
            },
          }
        : {}),
      ...(spec.conditional
        ? {
            headers: {
              ETag: {
                description: "The new version's tag, for the next If-Match",
                schema: { type: "string" },
              },
            },
          }
        : {}),
    },
  };
  if (spec.publicRead)
    responses["304"] = { description: "Not modified (If-None-Match matched the ETag)" };
  for (const status of [...errors, 405, 500, 503]) {
    responses[String(status)] = {
      description:
        status === 405
          ? "Wrong method; the Allow header lists the right ones"
          : status === 403 && guard
            ? refusalText(guard)
            : STATUS_TEXT[status],
      ...(status === 429 || status === 503
        ? { headers: { "Retry-After": { schema: { type: "integer", minimum: 1 } } } }
        : {}),
      content: jsonContent(ref(spec.errorBodies?.[status] ?? "Error")),
    };
  }
  return {
    operationId: `${method}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.params || spec.language
      ? {
          parameters: [
            ...(spec.language ? [LANGUAGE_PARAMETER] : []),
            ...(spec.params ?? []).map((name) => ({
              name,
              in: "path",
              required: true,
              schema: name === "id" ? { type: "string", format: "uuid" } : { type: "string" },
            })),
            ...(spec.conditional
              ? [
                  {
                    name: "If-Match",
                    in: "header",
                    required: false,
                    description:
                      'The ETag of the version this write replaces (an admin GET answers it, e.g. "2026-11-25T10:00:00.000Z"); `*` for any',
                    schema: { type: "string" },
                  },
                ]
              : []),
          ],
        }
      : {}),
    ...(spec.body ? { requestBody: { required: true, content: jsonContent(ref(spec.body)) } } : {}),
    // Writes need the session cookie; everything else is open (`security: []` says so explicitly).
    security: spec.admin ? [{ adminSession: [] }] : [],
    // The permission the role needs (decision 125), for clients that check before calling.
    ...(guard ? { "x-permission": guard } : {}),
    responses,
  };
}

export function buildOpenApiDocument(): JsonSchema {
  const table = Object.assign(
    {},
    ...PACKAGE_KINDS.map(packageOperations),
    otherOperations(),
  ) as Record<string, Partial<Record<HttpMethod, OperationSpec>>>;
  const paths = Object.fromEntries(
    Object.entries(table)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, ops]) => [
        path,
        Object.fromEntries(
          Object.entries(ops).map(([method, spec]) => [
            method,
            operation(method as HttpMethod, path, spec),
          ]),
        ),
      ]),
  );
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Travel site API",
      version: "1.0.0",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description:
        "Packages (trips, exclusive, local, discovery) and travel moments. Writes need the admin " +
        "session cookie and a same-origin request. Errors are JSON {error}.",
    },
    // Relative: the API is served by the site that serves this document, wherever it runs.
    servers: [{ url: "/", description: "The site serving this document" }],
    paths,
    components: {
      schemas: schemaComponents(),
      securitySchemes: { adminSession: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
    },
  };
}

let cached: JsonSchema | undefined;

/** Built once per process: the schemas do not change while it runs. */
export function openApiDocument(): JsonSchema {
  cached ??= buildOpenApiDocument();
  return cached;
}
