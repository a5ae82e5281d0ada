import { type RouteConfigEntry, layout, route } from "@react-router/dev/routes";
import { PACKAGE_KIND_INFO } from "../../domain/package-kinds";

/**
 * /admin is the sign-in screen; every other admin URL sits under the guarded layout, whose
 * middleware redirects anonymous visitors to /admin before any loader or action runs.
 */
export const adminRoutes: RouteConfigEntry[] = [
  route("admin", "routes/admin/login.tsx"),
  route("admin/sign-out", "routes/admin/sign-out.ts"),
  // The code step of a two-factor sign-in: open only with the password step's challenge cookie.
  route("admin/two-factor", "routes/admin/two-factor.tsx"),
  // Password recovery: ask for a link (same answer for every address), then use it once.
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  // An invitation's link: the invitee chooses a password and is signed in.
  route("admin/accept-invite", "routes/admin/accept-invite.tsx"),
  // An added e-mail address's link: confirms the address (a button, not the GET).
  route("admin/verify-email", "routes/admin/verify-email.tsx"),
  layout("routes/admin/layout.tsx", [
    // One list screen serves the four package kinds; the kind follows from the URL.
    ...Object.values(PACKAGE_KIND_INFO).map((info) =>
      route(info.admin.listPath.slice(1), "routes/admin/package-list.tsx", {
        id: `routes/admin/package-list-${info.kind}`,
      }),
    ),
    // One form module serves the eight new/edit URLs; the kind and mode follow from the pattern.
    ...Object.values(PACKAGE_KIND_INFO).flatMap((info) => [
      route(info.admin.newPath.slice(1), "routes/admin/package-form.tsx", {
        id: `routes/admin/package-new-${info.kind}`,
      }),
      route(info.admin.editPath(":id").slice(1), "routes/admin/package-form.tsx", {
        id: `routes/admin/package-edit-${info.kind}`,
      }),
    ]),
    route("admin/travel-moments", "routes/admin/travel-moments.tsx"),
    // The enquiries inbox, one enquiry, and the filtered list as CSV.
    route("admin/enquiries", "routes/admin/enquiries.tsx"),
    route("admin/enquiries/export", "routes/admin/enquiries-export.ts"),
    route("admin/enquiries/:id", "routes/admin/enquiry.tsx"),
    // Bookings: the inbox, a booking staff make (from a chat, a call or an enquiry), one booking
    // by its reference, and the filtered list as CSV.
    route("admin/bookings", "routes/admin/bookings.tsx"),
    route("admin/bookings/new", "routes/admin/booking-new.tsx"),
    route("admin/bookings/export", "routes/admin/bookings-export.ts"),
    route("admin/bookings/:reference", "routes/admin/booking.tsx"),
    // A departure's manifest (printable, with its waiting list's offers) and the same as CSV.
    route("admin/departures/:id", "routes/admin/departure.tsx"),
    route("admin/departures/:id/manifest.csv", "routes/admin/departure-manifest-csv.ts"),
    route("admin/insights", "routes/admin/insights.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/team", "routes/admin/team.tsx"),
    // The password or a code again before a sensitive action (decision 119).
    route("admin/confirm-access", "routes/admin/confirm-access.tsx"),
    // The audit trail (events), read-only.
    route("admin/activity", "routes/admin/activity.tsx"),
    // History of a package (kind trip|exclusive|local|discovery) or moment, one version
    // (read-only, with Restore), and each package list's Recently deleted.
    route("admin/history/:kind/:id", "routes/admin/history.tsx"),
    route("admin/history/:kind/:id/:versionId", "routes/admin/history-version.tsx"),
    route("admin/recently-deleted/:kind", "routes/admin/recently-deleted.tsx"),
    // Packages submitted for review: approve (publish) or send back with a comment (decision 132).
    route("admin/review", "routes/admin/review.tsx"),
    // A package's text in a language other than the default, beside the default's (decision 139).
    route("admin/translations/:kind/:id/:lang", "routes/admin/translations.tsx"),
    // Instant uploads from the package and moment forms (JSON resource route, same guard).
    route("admin/uploads", "routes/admin/uploads.ts"),
    // Any other /admin/* URL: a 404 inside the admin shell, behind the same guard.
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
];
