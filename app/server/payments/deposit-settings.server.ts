import { parseDepositRuleForm } from "~/domain/payment-ledger";
import { ENROL_FIRST_MESSAGE } from "../auth/auth.server";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { writeTeamSetting } from "../platform/team-settings-store.server";

/*
 * The company's deposit rule, edited in Settings (decision 136): the team setting 'deposit_rule'
 * that loadDepositRule reads for every new booking. Bookings already made keep what they paid;
 * the balance's due day of a booking follows the rule in force.
 */

/** The form's fields as typed, to show again after a refusal. */
export interface DepositRuleValues {
  deposit_type: string;
  deposit_percent: string;
  deposit_amount: string;
  balance_days: string;
}

export type DepositRuleOutcome =
  | { kind: "saved"; message: string }
  | {
      kind: "invalid";
      status: 400 | 403;
      error: string;
      fieldErrors: Record<string, string>;
      values: DepositRuleValues;
    };

export async function saveDepositRule(
  db: Db,
  input: { admin: { id: string; mustEnrol: boolean }; form: FormData; currency: string },
): Promise<DepositRuleOutcome> {
  const field = (name: string) => {
    const v = input.form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values: DepositRuleValues = {
    deposit_type: field("deposit_type"),
    deposit_percent: field("deposit_percent"),
    deposit_amount: field("deposit_amount"),
    balance_days: field("balance_days"),
  };
  if (input.admin.mustEnrol) {
    return { kind: "invalid", status: 403, error: ENROL_FIRST_MESSAGE, fieldErrors: {}, values };
  }
  const parsed = parseDepositRuleForm(
    {
      type: values.deposit_type,
      percent: values.deposit_percent,
      perTraveller: values.deposit_amount,
      balanceDueDays: values.balance_days,
    },
    input.currency,
  );
  if (!parsed.ok) {
    return {
      kind: "invalid",
      status: 400,
      error: parsed.error,
      fieldErrors: parsed.fieldErrors,
      values,
    };
  }
  const rule = parsed.value;
  await inTransaction(db, async (trx) => {
    await writeTeamSetting(trx, "deposit_rule", rule);
    await recordEvent(trx, {
      type: "settings.deposit_rule_changed",
      adminId: input.admin.id,
      details: { kind: rule.type, value: rule.value, days: rule.balanceDueDays },
    });
  });
  return { kind: "saved", message: "The deposit rule was saved. It applies to new bookings." };
}
