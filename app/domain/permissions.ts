import { PACKAGE_KIND_INFO } from "./package-kinds";

/*
 * Roles and permissions (decision 125): the one table that decides what each role may do. The
 * admin layout's guard, the API's write guard, the screens (which hide what a role cannot use),
 * the admin CLI and the route walk test all read it. A route or form intent missing here is
 * refused, and the route walk test fails.
 */

/** The roles, in the words used everywhere: the team form's `role` field, the API, events, CLI. */
export const ROLES = ["owner", "admin", "editor", "contributor", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  contributor: "Contributor",
  sales: "Sales",
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including the team, ownership and settings.",
  admin: "Everything except removing or demoting Owners.",
  editor: "All content: packages, moments, publishing, scheduling, history and restore.",
  contributor: "Creates and edits drafts; cannot publish, schedule, delete or restore.",
  sales: "Enquiries, bookings and insights; reads content, edits none.",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** What can be allowed. Each route, method and form intent needs exactly one of these. */
export const PERMISSIONS = [
  /** The admin's own account: settings, sessions, signing out, unknown admin URLs (404). */
  "account",
  /** Package lists, package history and versions. */
  "content.read",
  /** Creating packages and editing drafts, uploads from the forms. */
  "content.draft",
  /** Publishing, unpublishing, scheduling, ordering, editing what is live, moments, API writes. */
  "content.publish",
  "content.delete",
  /** Restoring old versions and deleted packages. */
  "content.restore",
  /** Enquiries, bookings, travellers and the addresses in the activity log. */
  "personal.read",
  /**
   * Changing enquiries and bookings (status, notes, confirm, cancel, delete), recording manual
   * payments and refunding on cancellation (decision 135).
   */
  "personal.edit",
  /** CSV exports of enquiries and bookings (each recorded as an event). */
  "personal.export",
  "insights.read",
  "activity.read",
  /**
   * The company's settings (the booking terms, the deposit rule); an admin's own settings are
   * `account`.
   */
  "settings.company",
  /** The team screen: invitations, roles, removals, the two-factor requirement. */
  "team.manage",
  /** Giving, changing or removing the Owner role (an Admin manages the team but not Owners). */
  "team.owners",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CONTENT_ALL: Permission[] = [
  "content.read",
  "content.draft",
  "content.publish",
  "content.delete",
  "content.restore",
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== "team.owners"),
  editor: ["account", ...CONTENT_ALL, "activity.read"],
  contributor: ["account", "content.read", "content.draft"],
  sales: [
    "account",
    "content.read",
    "personal.read",
    "personal.edit",
    "personal.export",
    "insights.read",
    "activity.read",
  ],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The permissions of a role, for screens that hide what it cannot use. */
export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/** Open to anyone: sign-in pages and the public API's reads. */
export type Rule = Permission | "public";

/** A form post whose `intent` field chooses the permission; `other` covers any other intent. */
export interface IntentRule {
  intents: Record<string, Permission>;
  other: Permission;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One route: its methods (GET is the page and its data request) and what each needs. */
export type RouteRule = Partial<Record<Exclude<Method, "POST">, Rule>> & {
  POST?: Rule | IntentRule;
};

const PACKAGE_LIST_INTENTS: IntentRule = {
  intents: {
    publish: "content.publish",
    unpublish: "content.publish",
    delete: "content.delete",
    reorder: "content.publish",
    move: "content.publish",
    "move-to": "content.publish",
    "bulk-publish": "content.publish",
    "bulk-unpublish": "content.publish",
    "bulk-delete": "content.delete",
  },
  other: "content.publish",
};

const packageRoutes: Record<string, RouteRule> = Object.fromEntries(
  Object.values(PACKAGE_KIND_INFO).flatMap((info) => [
    [info.admin.listPath.slice(1), { GET: "content.read", POST: PACKAGE_LIST_INTENTS }],
    // The form posts files as they stream, so its intent is not read here: a role without
    // content.publish may save drafts only, which the form's service checks (decision 125).
    [info.admin.newPath.slice(1), { GET: "content.draft", POST: "content.draft" }],
    [info.admin.editPath(":id").slice(1), { GET: "content.draft", POST: "content.draft" }],
  ]),
);

/** The JSON API of one package kind: reads are public; every write can change the live site. */
function packageApi(base: string): Record<string, RouteRule> {
  return {
    [base]: { GET: "public", POST: "content.publish" },
    [`${base}/reorder`]: { POST: "content.publish" },
    [`${base}/slug/:slug`]: { GET: "public" },
    [`${base}/:id`]: {
      GET: "public",
      PUT: "content.publish",
      PATCH: "content.publish",
      DELETE: "content.delete",
    },
  };
}

/**
 * Every route pattern (as in app/routes, without the leading slash) and what each method needs.
 * Add a line here with every new route; the route walk test fails until you do.
 */
export const ROUTE_PERMISSIONS: Record<string, RouteRule> = {
  // Signing in, recovery and invitations: before any session exists.
  admin: { GET: "public", POST: "public" },
  "admin/two-factor": { GET: "public", POST: "public" },
  "admin/forgot-password": { GET: "public", POST: "public" },
  "admin/reset-password": { GET: "public", POST: "public" },
  "admin/accept-invite": { GET: "public", POST: "public" },
  "admin/verify-email": { GET: "public", POST: "public" },
  "admin/sign-out": { GET: "account", POST: "account" },
  // Confirming one's password or code again before a sensitive action (decision 119).
  "admin/confirm-access": { GET: "account", POST: "account" },

  ...packageRoutes,
  "admin/travel-moments": { GET: "content.read", POST: "content.publish" },
  "admin/history/:kind/:id": { GET: "content.read" },
  "admin/history/:kind/:id/:versionId": {
    GET: "content.read",
    POST: { intents: { restore: "content.restore" }, other: "content.restore" },
  },
  "admin/recently-deleted/:kind": {
    GET: "content.read",
    POST: { intents: { restore: "content.restore" }, other: "content.restore" },
  },
  // The review queue (decision 132): approving publishes, so the queue is for publishers.
  "admin/review": {
    GET: "content.publish",
    POST: {
      intents: { approve: "content.publish", "send-back": "content.publish" },
      other: "content.publish",
    },
  },
  // Translations (decision 139): whoever writes drafts translates, Contributors included. A
  // Contributor's save of a live package's translation is a pending one they submit for review
  // or discard (decision 146); the service decides, so each intent needs content.draft only.
  "admin/translations/:kind/:id/:lang": {
    GET: "content.draft",
    POST: {
      intents: { "submit-for-review": "content.draft", "discard-changes": "content.draft" },
      other: "content.draft",
    },
  },
  // GET answers 405: only the forms post here.
  "admin/uploads": { GET: "content.draft", POST: "content.draft" },

  "admin/enquiries": { GET: "personal.read" },
  "admin/enquiries/export": { GET: "personal.export" },
  "admin/enquiries/:id": {
    GET: "personal.read",
    POST: {
      intents: { status: "personal.edit", notes: "personal.edit", delete: "personal.edit" },
      other: "personal.edit",
    },
  },
  "admin/bookings": { GET: "personal.read" },
  "admin/bookings/new": { GET: "personal.edit", POST: "personal.edit" },
  "admin/bookings/export": { GET: "personal.export" },
  "admin/bookings/:reference": {
    GET: "personal.read",
    POST: {
      intents: {
        confirm: "personal.edit",
        cancel: "personal.edit",
        resend: "personal.edit",
        travellers: "personal.edit",
        move: "personal.edit",
        // Recording a manual payment and cancelling with a refund are booking management:
        // whoever may change bookings, Sales included (decision 135).
        payment: "personal.edit",
        "cancel-refund": "personal.edit",
      },
      other: "personal.edit",
    },
  },
  // A departure's manifest lists its travellers: personal data, like the bookings.
  "admin/departures/:id": {
    GET: "personal.read",
    POST: { intents: { offer: "personal.edit" }, other: "personal.edit" },
  },
  "admin/departures/:id/manifest.csv": { GET: "personal.export" },
  "admin/insights": { GET: "insights.read" },

  "admin/settings": {
    GET: "account",
    POST: {
      intents: {
        "booking-terms": "settings.company",
        "deposit-rule": "settings.company",
        "company-texts": "settings.company",
      },
      other: "account",
    },
  },
  "admin/team": {
    GET: "team.manage",
    POST: {
      intents: {
        invite: "team.manage",
        "require-two-factor": "team.manage",
        remove: "team.manage",
        withdraw: "team.manage",
        "set-role": "team.manage",
        "transfer-ownership": "team.owners",
      },
      other: "team.manage",
    },
  },
  "admin/activity": { GET: "activity.read" },
  // Unknown admin URLs: a 404 for anyone signed in.
  "admin/*": { GET: "account", POST: "account" },

  "api/admin/login": { POST: "public" },
  "api/admin/login/verify": { POST: "public" },
  "api/admin/logout": { POST: "public" },
  "api/openapi.json": { GET: "public" },
  "api/travel-moments": { GET: "public" },
  "api/admin/travel-moments": { POST: "content.publish" },
  "api/admin/travel-moments/reorder": { POST: "content.publish" },
  "api/admin/travel-moments/:id": { PUT: "content.publish", DELETE: "content.delete" },
  ...packageApi("api/trips"),
  ...packageApi("api/exclusive-packages"),
  ...packageApi("api/local"),
  ...packageApi("api/discovery"),
  "api/*": { GET: "public", POST: "public", PUT: "public", PATCH: "public", DELETE: "public" },
};

/** A Contributor's package form: what it may save. */
export const DRAFTS_ONLY_MESSAGE =
  "Your role saves drafts only: it cannot publish, schedule or change a scheduled package (its changes to a published package wait for review). Nothing was changed.";

/** Why a request was refused, in words for the admin. */
export function refusalMessage(role: Role, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role]}) does not allow this: ${PERMISSION_TEXTS[permission]}. Nothing was changed.`;
}

/** What a permission allows, in words (the 403 messages and the OpenAPI document). */
export function permissionText(permission: Permission): string {
  return PERMISSION_TEXTS[permission];
}

const PERMISSION_TEXTS: Record<Permission, string> = {
  account: "your own account",
  "content.read": "reading content",
  "content.draft": "creating and editing drafts",
  "content.publish": "publishing, scheduling and changing live content",
  "content.delete": "deleting content",
  "content.restore": "restoring versions and deleted items",
  "personal.read": "enquiries, bookings and travellers' details",
  "personal.edit": "changing enquiries and bookings",
  "personal.export": "exporting personal data",
  "insights.read": "insights",
  "activity.read": "the activity log",
  "settings.company": "the company's settings",
  "team.manage": "managing the team",
  "team.owners": "giving, changing or removing the Owner role",
};

/**
 * The permission a request needs: by route pattern, method and (for a form post whose rule
 * lists intents) the posted intent. undefined when the table has no entry: refused.
 */
export function requiredPermission(
  pattern: string,
  method: string,
  intent?: string | null,
): Rule | undefined {
  const rule = ROUTE_PERMISSIONS[pattern.replace(/^\/+/, "")];
  if (!rule) return undefined;
  const upper = method.toUpperCase();
  const key = (upper === "HEAD" ? "GET" : upper) as Method;
  const entry = rule[key];
  if (entry === undefined) return undefined;
  if (typeof entry === "string") return entry;
  return (intent ? entry.intents[intent] : undefined) ?? entry.other;
}

/** True when a route's POST rule reads the form's intent (the guard then reads the form). */
export function postReadsIntent(pattern: string): boolean {
  const post = ROUTE_PERMISSIONS[pattern.replace(/^\/+/, "")]?.POST;
  return typeof post === "object";
}
