import { Form } from "react-router";
import { BALANCE_DUE_DAYS_MAX, type DepositType } from "~/domain/deposits";

export interface DepositRuleView {
  type: DepositType;
  /** The percentage as text ("25"), or "" when the rule is not a percentage. */
  percent: string;
  /** The amount per traveller in major units ("3000"), or "". */
  perTraveller: string;
  balanceDueDays: string;
}

/**
 * The company's deposit rule (decision 136): a percentage of the total, an amount per traveller,
 * or the full amount at booking, and how many days before departure the balance is due.
 */
export function DepositRulePanel(props: {
  rule: DepositRuleView;
  currency: string;
  error?: string;
  fieldErrors?: Record<string, string> | null;
  pending: boolean;
}) {
  const errors = props.fieldErrors ?? {};
  const r = props.rule;
  const described = (id: string, hint?: string) =>
    [hint, errors[id] ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const fieldError = (id: string) =>
    errors[id] ? (
      <p className="field-error" id={`${id}-error`} role="alert">
        {errors[id]}
      </p>
    ) : null;
  const typeChoice = (value: DepositType, label: string) => (
    <div className="field field-checkbox">
      <label>
        <input name="deposit_type" type="radio" value={value} defaultChecked={r.type === value} />
        {label}
      </label>
    </div>
  );
  return (
    <section className="admin-panel" aria-labelledby="deposit-rule-heading">
      <h2 id="deposit-rule-heading">Deposit rule</h2>
      <p>
        What a traveller pays when booking online; the rest is due a number of days before
        departure. Inside that window the whole amount is charged at booking. Bookings already made
        keep what they paid.
      </p>
      <Form method="post" action="/admin/settings" className="admin-form">
        <input type="hidden" name="intent" value="deposit-rule" />
        {props.error ? (
          <p className="form-error" role="alert" id="deposit-rule-error">
            {props.error}
          </p>
        ) : null}
        <fieldset
          className="choice-group"
          aria-describedby={errors.deposit_type ? "deposit_type-error" : undefined}
        >
          <legend>Deposit</legend>
          {typeChoice("percent", "A percentage of the total")}
          {typeChoice("per_traveller", "An amount per traveller")}
          {typeChoice("full", "The full amount at booking")}
          {fieldError("deposit_type")}
        </fieldset>
        <div className="field">
          <label htmlFor="deposit-percent">Percentage (for a percentage deposit)</label>
          <input
            id="deposit-percent"
            name="deposit_percent"
            inputMode="numeric"
            defaultValue={r.percent}
            maxLength={3}
            aria-invalid={errors.deposit_percent ? true : undefined}
            aria-describedby={described("deposit_percent")}
          />
          {fieldError("deposit_percent")}
        </div>
        <div className="field">
          <label htmlFor="deposit-amount">{`Amount per traveller (${props.currency})`}</label>
          <input
            id="deposit-amount"
            name="deposit_amount"
            inputMode="decimal"
            defaultValue={r.perTraveller}
            maxLength={20}
            aria-invalid={errors.deposit_amount ? true : undefined}
            aria-describedby={described("deposit_amount", "deposit-amount-hint")}
          />
          <p className="field-hint" id="deposit-amount-hint">
            Charged in each departure&apos;s own currency, as the same number.
          </p>
          {fieldError("deposit_amount")}
        </div>
        <div className="field">
          <label htmlFor="balance-days">Balance due, days before departure</label>
          <input
            id="balance-days"
            name="balance_days"
            type="number"
            min={0}
            max={BALANCE_DUE_DAYS_MAX}
            required
            defaultValue={r.balanceDueDays}
            aria-invalid={errors.balance_days ? true : undefined}
            aria-describedby={described("balance_days")}
          />
          {fieldError("balance_days")}
        </div>
        <button type="submit" className="button button-primary" disabled={props.pending}>
          Save deposit rule
        </button>
      </Form>
    </section>
  );
}
