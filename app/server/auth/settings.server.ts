import { changePassword, setAdminName } from "./admins.server";
import { ENROL_FIRST_MESSAGE } from "./auth.server";
import { listSessions, signOutOtherSessions, signOutSession } from "./sessions-list.server";
import { addAddress, deleteAddress, loadAddresses, makePrimary } from "./email-addresses.server";
import { MAIL_FAILED_NOTICE, MAIL_OFF_NOTICE, type Mailer } from "../mail/mailer.server";
import type { MailSite } from "../mail/templates.server";
import type { SessionAdmin } from "./session.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorView,
} from "./two-factor.server";
import type { RequestOrigin } from "../events/events.server";
import type { Db } from "../platform/db.server";
import { isAppError } from "../platform/errors.server";
import { isSensitiveIntent, recentlyAuthenticated } from "./reauthentication.server";

/*
 * /admin/settings: one action for its forms, told apart by `intent` (JavaScript off, each form is
 * a plain POST). Each intent is one service call; the route turns the outcome into a redirect
 * with a toast, the screen again with an error, or (once) the new recovery codes.
 */

export const SETTINGS_TEXTS = {
  passwordChanged: "Password changed. Your other sessions have been signed out.",
  twoFactorOff: "Two-factor authentication is off.",
  enrolmentCancelled: "Two-factor set-up cancelled.",
  sessionSignedOut: "That session has been signed out.",
  othersSignedOut: "Every other session has been signed out.",
  nameSaved: "Your name has been saved.",
  nameCleared: "Your name has been removed.",
} as const;

export const SETTINGS_INTENTS = [
  "change-password",
  "two-factor-enable",
  "two-factor-cancel",
  "two-factor-confirm",
  "two-factor-disable",
  "two-factor-regenerate",
  "session-sign-out",
  "sessions-sign-out-others",
  "email-add",
  "email-make-primary",
  "email-delete",
  "account-name",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export type SettingsOutcome =
  /** A sensitive intent with the session's proof too old (decision 119): nothing was done. */
  | { kind: "reauthenticate"; back: string }
  | { kind: "redirect"; message?: string; hash?: string; tone?: "success" | "info" }
  | {
      kind: "codes";
      intent: SettingsIntent;
      recoveryCodes: string[];
      /** The session that replaced the caller's (two-factor turned on): its cookie is set. */
      session?: { id: string; expiresAt: Date };
    }
  | {
      kind: "error";
      intent: SettingsIntent;
      status: number;
      error: string;
      fieldErrors: Record<string, string[]>;
    };

export async function loadSettings(
  db: Db,
  admin: SessionAdmin,
  issuer: string,
  sessionId: string | undefined,
) {
  return {
    email: admin.email,
    twoFactor: await twoFactorView(db, admin.id, issuer),
    sessions: await listSessions(db, admin.id, sessionId),
    ...(await loadAddresses(db, admin.id)),
    mustEnrol: admin.mustEnrol ? ENROL_FIRST_MESSAGE : null,
  };
}

/** What an admin who must set up two-factor first may still do here. */
const ENROLMENT_INTENTS = new Set<SettingsIntent>([
  "two-factor-enable",
  "two-factor-confirm",
  "two-factor-cancel",
]);

function intentOf(value: FormDataEntryValue | null): SettingsIntent | null {
  if (value === null) return "change-password";
  return (SETTINGS_INTENTS as readonly unknown[]).includes(value)
    ? (value as SettingsIntent)
    : null;
}

export async function settingsAction(
  db: Db,
  input: {
    admin: SessionAdmin;
    form: FormData;
    sessionId: string | undefined;
    origin: RequestOrigin;
    mailer: Mailer;
    site: MailSite;
  },
): Promise<SettingsOutcome> {
  const { admin, form, origin } = input;
  const intent = intentOf(form.get("intent"));
  if (!intent) {
    return {
      kind: "error",
      intent: "change-password",
      status: 400,
      error: "Unknown action",
      fieldErrors: {},
    };
  }
  if (admin.mustEnrol && !ENROLMENT_INTENTS.has(intent)) {
    return { kind: "error", intent, status: 403, error: ENROL_FIRST_MESSAGE, fieldErrors: {} };
  }
  if (
    isSensitiveIntent("settings", intent) &&
    !(await recentlyAuthenticated(db, input.sessionId))
  ) {
    return { kind: "reauthenticate", back: "/admin/settings#emails-heading" };
  }
  const field = (name: string) => form.get(name) ?? undefined;
  try {
    switch (intent) {
      case "change-password":
        await changePassword(
          db,
          admin.id,
          {
            currentPassword: field("currentPassword"),
            newPassword: field("newPassword"),
            confirmPassword: field("confirmPassword"),
          },
          input.sessionId,
          origin,
        );
        return { kind: "redirect", message: SETTINGS_TEXTS.passwordChanged };
      case "two-factor-enable":
        await startEnrolment(db, admin.id);
        return { kind: "redirect", hash: "two-factor-heading" };
      case "two-factor-cancel":
        await cancelEnrolment(db, admin.id);
        return { kind: "redirect", message: SETTINGS_TEXTS.enrolmentCancelled };
      case "two-factor-confirm": {
        const enrolled = await confirmEnrolment(
          db,
          { id: admin.id, sessionId: input.sessionId },
          field("code"),
          origin,
        );
        return {
          kind: "codes",
          intent,
          recoveryCodes: enrolled.recoveryCodes,
          ...(enrolled.session ? { session: enrolled.session } : {}),
        };
      }
      case "two-factor-disable":
        await disableTwoFactor(db, admin.id, field("code"), origin);
        return { kind: "redirect", message: SETTINGS_TEXTS.twoFactorOff };
      case "session-sign-out":
        await signOutSession(db, { adminId: admin.id, key: field("session"), origin });
        return {
          kind: "redirect",
          message: SETTINGS_TEXTS.sessionSignedOut,
          hash: "sessions-heading",
        };
      case "sessions-sign-out-others":
        await signOutOtherSessions(db, { adminId: admin.id, currentId: input.sessionId, origin });
        return {
          kind: "redirect",
          message: SETTINGS_TEXTS.othersSignedOut,
          hash: "sessions-heading",
        };
      case "email-add": {
        const added = await addAddress(db, {
          adminId: admin.id,
          email: field("email"),
          origin,
          mailer: input.mailer,
          site: input.site,
        });
        if (added.delivery.status === "failed") {
          return { kind: "error", intent, status: 502, error: MAIL_FAILED_NOTICE, fieldErrors: {} };
        }
        return {
          kind: "redirect",
          hash: "emails-heading",
          tone: added.delivery.status === "sent" ? "success" : "info",
          message:
            added.delivery.status === "sent"
              ? `Verification link sent to ${added.email}.`
              : `${added.email} added. ${MAIL_OFF_NOTICE}`,
        };
      }
      case "email-make-primary": {
        const made = await makePrimary(db, {
          adminId: admin.id,
          addressId: field("address"),
          origin,
        });
        return {
          kind: "redirect",
          hash: "emails-heading",
          message: `${made.email} is now your primary address.`,
        };
      }
      case "email-delete": {
        const gone = await deleteAddress(db, {
          adminId: admin.id,
          addressId: field("address"),
          origin,
        });
        return { kind: "redirect", hash: "emails-heading", message: `${gone.email} was deleted.` };
      }
      case "account-name": {
        const name = await setAdminName(db, { adminId: admin.id, name: field("name"), origin });
        return {
          kind: "redirect",
          hash: "account-heading",
          message: name ? SETTINGS_TEXTS.nameSaved : SETTINGS_TEXTS.nameCleared,
        };
      }
      case "two-factor-regenerate":
        return {
          kind: "codes",
          intent,
          recoveryCodes: await regenerateRecoveryCodes(db, admin.id, field("code"), origin),
        };
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      kind: "error",
      intent,
      status: error.status,
      error: error.message,
      fieldErrors: error.details ?? {},
    };
  }
}
