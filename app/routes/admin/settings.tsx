import { createContext, data, redirect } from "react-router";
import { ChangePasswordForm } from "~/components/admin/change-password-form";
import { EmailAddressesPanel } from "~/components/admin/email-addresses-panel";
import { TwoFactorPanel } from "~/components/admin/two-factor-panel";
import { BookingTermsPanel } from "~/components/admin/booking-terms-panel";
import { DepositRulePanel } from "~/components/admin/deposit-rule-panel";
import { CompanyTextsPanel } from "~/components/admin/company-texts-panel";
import { companyTextsPanel } from "~/server/site/company-texts-screen.server";
import { saveCompanyTexts } from "~/server/site/company-texts.server";
import { amountInputText } from "~/domain/money";
import { saveDepositRule } from "~/server/payments/deposit-settings.server";
import { loadDepositRule } from "~/server/payments/payments.server";
import { useCan } from "~/components/admin/permissions";
import { loadBookingTerms, saveBookingTerms } from "~/server/bookings/booking-terms.server";
import { SessionsPanel } from "~/components/admin/sessions-panel";
import { usePending } from "~/components/ui/use-pending";
import { PASSWORD_MIN_LENGTH } from "~/server/auth/admins.server";
import { adminFromContext } from "~/server/auth/auth.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import { loadSettings, settingsAction } from "~/server/auth/settings.server";
import { sessionHeaders, sessionIdOf } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { REAUTH_REQUIRED_MESSAGE } from "~/domain/reauthentication";
import { confirmAccessUrl } from "~/server/auth/reauthentication.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings · Admin" }, { name: "robots", content: "noindex" }];
}

/**
 * The session id an action of this request gave the admin (two-factor enrolment rotates it): the
 * page rendered after a post without JavaScript must count that session as this browser's, not
 * the id the request came with, which is gone.
 */
const sessionAfterAction = createContext<string | null>(null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const settings = await loadSettings(
    db,
    adminFromContext(context),
    site.name,
    context.get(sessionAfterAction) ?? sessionIdOf(request),
  );
  const rule = await loadDepositRule(db);
  return {
    ...settings,
    minLength: PASSWORD_MIN_LENGTH,
    bookingTerms: await loadBookingTerms(db),
    companyTexts: await companyTextsPanel(db, site),
    currency: site.currency,
    depositRule: {
      type: rule.type,
      percent: rule.type === "percent" ? String(rule.value) : "",
      perTraveller: rule.type === "per_traveller" ? amountInputText(rule.value, site.currency) : "",
      balanceDueDays: String(rule.balanceDueDays),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site } = servicesFrom(context);
  const form = await request.formData();
  if (form.get("intent") === "booking-terms") {
    const admin = adminFromContext(context);
    const text = form.get("terms");
    const saved = await saveBookingTerms(db, {
      admin: { id: admin.id, mustEnrol: admin.mustEnrol },
      text: typeof text === "string" ? text : "",
    });
    if (saved.kind === "saved") {
      return redirectWithToast(request, "/admin/settings#booking-terms-heading", {
        type: "success",
        message: saved.message,
      });
    }
    return data(
      { intent: "booking-terms", error: saved.error, termsText: saved.text },
      { status: saved.status },
    );
  }
  if (form.get("intent") === "company-texts") {
    const admin = adminFromContext(context);
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
    const saved = await saveCompanyTexts(db, {
      admin: { id: admin.id, mustEnrol: admin.mustEnrol },
      fields,
      languages: site.languages,
    });
    if (saved.kind === "saved") {
      return redirectWithToast(request, "/admin/settings#company-texts-heading", {
        type: "success",
        message: saved.message,
      });
    }
    return data(
      {
        intent: "company-texts",
        error: saved.error,
        companyFieldErrors: saved.fieldErrors,
        companyValues: saved.values,
      },
      { status: saved.status },
    );
  }
  if (form.get("intent") === "deposit-rule") {
    const admin = adminFromContext(context);
    const saved = await saveDepositRule(db, {
      admin: { id: admin.id, mustEnrol: admin.mustEnrol },
      form,
      currency: site.currency,
    });
    if (saved.kind === "saved") {
      return redirectWithToast(request, "/admin/settings#deposit-rule-heading", {
        type: "success",
        message: saved.message,
      });
    }
    return data(
      {
        intent: "deposit-rule",
        error: saved.error,
        depositFieldErrors: saved.fieldErrors,
        depositValues: saved.values,
      },
      { status: saved.status },
    );
  }
  const outcome = await settingsAction(db, {
    admin: adminFromContext(context),
    form,
    sessionId: sessionIdOf(request),
    origin: requestOrigin(request, requestInfo(context).clientIp),
    mailer,
    site,
  });
  if (outcome.kind === "reauthenticate") {
    return redirectWithToast(request, confirmAccessUrl(outcome.back), {
      type: "error",
      message: REAUTH_REQUIRED_MESSAGE,
    });
  }
  if (outcome.kind === "redirect") {
    const url = `/admin/settings${outcome.hash ? `#${outcome.hash}` : ""}`;
    return outcome.message
      ? redirectWithToast(request, url, {
          type: outcome.tone ?? "success",
          message: outcome.message,
        })
      : redirect(url);
  }
  if (outcome.kind === "codes") {
    if (outcome.session) context.set(sessionAfterAction, outcome.session.id);
    return data(
      { intent: outcome.intent, recoveryCodes: outcome.recoveryCodes },
      {
        headers: outcome.session
          ? sessionHeaders(request, outcome.session)
          : { "Cache-Control": "no-store" },
      },
    );
  }
  return data(
    { intent: outcome.intent, error: outcome.error, fieldErrors: outcome.fieldErrors },
    { status: outcome.status },
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ state: "submitting", formAction: "/admin/settings" });
  const termsReply = actionData && "termsText" in actionData ? actionData : undefined;
  const depositReply = actionData && "depositValues" in actionData ? actionData : undefined;
  const companyReply = actionData && "companyValues" in actionData ? actionData : undefined;
  const failed =
    actionData &&
    "error" in actionData &&
    !("termsText" in actionData) &&
    !("depositValues" in actionData) &&
    !("companyValues" in actionData)
      ? actionData
      : undefined;
  const passwordError = failed?.intent === "change-password" ? failed : undefined;
  const canEditCompany = useCan("settings.company");
  return (
    <section className="admin-section" aria-labelledby="settings-heading">
      <header className="admin-section-header">
        <h1 id="settings-heading">Settings</h1>
      </header>
      {loaderData.mustEnrol ? (
        <p className="form-error" role="alert">
          {loaderData.mustEnrol}
        </p>
      ) : null}
      <section className="admin-panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <p>
          Signed in as <strong>{loaderData.email}</strong>. Changing your password signs out your
          other sessions.
        </p>
        <ChangePasswordForm
          error={passwordError?.error}
          fieldErrors={passwordError?.fieldErrors}
          pending={pending}
          minLength={loaderData.minLength}
        />
      </section>
      <TwoFactorPanel
        view={loaderData.twoFactor}
        recoveryCodes={
          actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : undefined
        }
        error={failed ? { intent: failed.intent, message: failed.error } : undefined}
        pending={pending}
      />
      <SessionsPanel
        sessions={loaderData.sessions}
        error={failed?.intent.startsWith("session") ? failed.error : undefined}
        pending={pending}
      />
      <EmailAddressesPanel
        addresses={loaderData.addresses}
        account={loaderData.account}
        error={failed?.intent.startsWith("email") ? failed.error : undefined}
        nameError={failed?.intent === "account-name" ? failed.error : undefined}
        pending={pending}
      />
      {/* The company's settings: Owners and Admins only (decision 125). */}
      {canEditCompany ? (
        <BookingTermsPanel
          text={termsReply?.termsText ?? loaderData.bookingTerms.text}
          custom={loaderData.bookingTerms.custom}
          error={termsReply?.error}
          pending={pending}
        />
      ) : null}
      {canEditCompany ? (
        <DepositRulePanel
          rule={
            depositReply
              ? {
                  type:
                    depositReply.depositValues.deposit_type === "per_traveller" ||
                    depositReply.depositValues.deposit_type === "full"
                      ? depositReply.depositValues.deposit_type
                      : "percent",
                  percent: depositReply.depositValues.deposit_percent,
                  perTraveller: depositReply.depositValues.deposit_amount,
                  balanceDueDays: depositReply.depositValues.balance_days,
                }
              : loaderData.depositRule
          }
          currency={loaderData.currency}
          error={depositReply?.error}
          fieldErrors={depositReply?.depositFieldErrors}
          pending={pending}
        />
      ) : null}
      {canEditCompany && loaderData.companyTexts ? (
        <CompanyTextsPanel
          panel={loaderData.companyTexts}
          values={companyReply?.companyValues}
          error={companyReply?.error}
          fieldErrors={companyReply?.companyFieldErrors}
          pending={pending}
        />
      ) : null}
    </section>
  );
}
