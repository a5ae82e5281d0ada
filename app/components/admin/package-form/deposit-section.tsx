import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { DEPOSIT_FORM_CHOICES, type DepositFormChoice } from "~/domain/package-form";
import { FieldErrors, focusIf } from "./form-fields";
import type { PackageFormInput } from "./form-types";

type Field<T> = FieldMetadata<T, PackageFormInput>;

interface DepositSectionProps {
  field: Field<PackageFormInput["deposit"]>;
  /** The company's rule in words (Settings), named by the first choice. */
  companyDeposit: string;
  /** The currency the amount per traveller is typed in. */
  currency: string;
  focusName?: string;
}

/**
 * The package's own deposit rule (decisions 142, 145): the company's rule, a percentage of the
 * total, an amount per traveller or the full amount at booking. Shown whether or not payments are
 * on, so staff can set it before they are.
 */
export function DepositSection({
  field,
  companyDeposit,
  currency,
  focusName,
}: DepositSectionProps) {
  const parts = field.getFieldset();
  const labels: Record<DepositFormChoice, string> = {
    default: `Company default (${companyDeposit})`,
    percent: "A percentage of the total",
    per_traveller: "An amount per traveller",
    full: "The full amount at booking",
  };
  const choices = getCollectionProps(parts.type, {
    type: "radio",
    options: [...DEPOSIT_FORM_CHOICES],
  });
  const { key: percentKey, ...percentProps } = getInputProps(parts.percent, { type: "text" });
  const { key: amountKey, ...amountProps } = getInputProps(parts.amount, {
    type: "text",
    ariaDescribedBy: parts.amount.descriptionId,
  });
  return (
    <section className="form-section" aria-labelledby="deposit-heading">
      <h2 id="deposit-heading">Deposit</h2>
      <p className="field-hint" id="deposit-hint">
        What a traveller pays when booking this package online; it applies when online payments are
        on. The balance is due as Settings says, and inside that window the whole amount is charged
        at booking. A change applies to new bookings.
      </p>
      <fieldset
        className="choice-group"
        aria-describedby={parts.type.errors?.length ? parts.type.errorId : "deposit-hint"}
      >
        <legend>Deposit rule</legend>
        {choices.map(({ key, ...props }, index) => (
          <div className="field field-checkbox" key={key}>
            <label>
              <input {...props} {...(index === 0 ? focusIf(focusName, parts.type.name) : {})} />
              {labels[props.value as DepositFormChoice]}
            </label>
          </div>
        ))}
        <FieldErrors field={parts.type} />
      </fieldset>
      <div className="field-grid">
        <div className="field">
          <label htmlFor={parts.percent.id}>Percentage (for a percentage deposit)</label>
          <input
            key={percentKey}
            {...percentProps}
            inputMode="numeric"
            placeholder="e.g. 30"
            {...focusIf(focusName, parts.percent.name)}
          />
          <FieldErrors field={parts.percent} />
        </div>
        <div className="field">
          <label htmlFor={parts.amount.id}>{`Amount per traveller (${currency})`}</label>
          <input
            key={amountKey}
            {...amountProps}
            inputMode="decimal"
            placeholder="e.g. 3000"
            {...focusIf(focusName, parts.amount.name)}
          />
          <p id={parts.amount.descriptionId} className="field-hint">
            Charged in each departure&apos;s own currency, as the same number.
          </p>
          <FieldErrors field={parts.amount} />
        </div>
      </div>
    </section>
  );
}
