import { Form } from "react-router";
import { MANUAL_CHANNEL_LABELS, MANUAL_CHANNELS, PAYMENT_NOTE_MAX } from "~/domain/payment-ledger";
import { externalLinkProps } from "~/domain/whatsapp";
import { TextField } from "./booking-fields";

/** One payment or refund, formatted for the screen. */
export interface PaymentLine {
  id: string;
  /** "Payment" or "Refund". */
  kind: string;
  /** What it was for: deposit, balance, full payment; or the refund. */
  what: string;
  amount: string;
  method: string;
  status: string;
  by: string;
  when: string;
  note: string;
  /** The Stripe dashboard's page of a card payment, or null. */
  dashboardHref: string | null;
}

export interface BookingPaymentsProps {
  lines: PaymentLine[];
  total: string | null;
  paid: string;
  refunded: string | null;
  due: string;
  /** The balance's due day, formatted, or null when no balance is open. */
  balanceDueOn: string | null;
  flag: string | null;
  currency: string;
  canRecord: boolean;
  /** Something was paid and not refunded: cancelling offers a refund. */
  canRefund: boolean;
  today: string;
}

export interface PaymentsReply {
  intent: string;
  error: string;
  fieldErrors?: Record<string, string> | null;
  values?: Record<string, string | string[]> | null;
}

/** The booking's payments and refunds, what remains due, and the manual payment form. */
export function BookingPayments(props: {
  payments: BookingPaymentsProps;
  here: string;
  pending: boolean;
  reply?: PaymentsReply;
}) {
  const p = props.payments;
  return (
    <section className="admin-panel payments-panel" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {p.flag ? (
        <p className="form-error" role="status">
          <strong>Needs a look: </strong>
          {p.flag}
        </p>
      ) : null}
      <dl className="payment-summary">
        <div>
          <dt>Total</dt>
          <dd>{p.total ?? "No price"}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{p.paid}</dd>
        </div>
        {p.refunded ? (
          <div>
            <dt>Refunded</dt>
            <dd>{p.refunded}</dd>
          </div>
        ) : null}
        <div>
          <dt>Due</dt>
          <dd>{p.due}</dd>
        </div>
        <div>
          <dt>Balance due on</dt>
          <dd>{p.balanceDueOn ?? "Nothing open"}</dd>
        </div>
      </dl>
      {p.lines.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <div
          className="inbox-table-wrap payments-wrap"
          role="region"
          aria-label="Payments and refunds"
          tabIndex={0}
        >
          <table className="inbox-table payments-table">
            <caption className="visually-hidden">Payments and refunds, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {p.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.what}
                    {line.note ? <span className="payment-note">{line.note}</span> : null}
                  </td>
                  <td className="payment-amount">{line.amount}</td>
                  <td>
                    {line.dashboardHref ? (
                      <a href={line.dashboardHref} {...externalLinkProps}>
                        {line.method}
                        <span className="visually-hidden">
                          {`: the ${line.kind.toLowerCase()} in Stripe's dashboard (opens in a new tab)`}
                        </span>
                      </a>
                    ) : (
                      line.method
                    )}
                  </td>
                  <td>{line.status}</td>
                  <td>{line.by}</td>
                  <td>{line.when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {p.canRecord ? (
        <ManualPaymentForm
          here={props.here}
          pending={props.pending}
          currency={p.currency}
          today={p.today}
          reply={props.reply?.intent === "payment" ? props.reply : undefined}
        />
      ) : null}
    </section>
  );
}

const valueOf = (reply: PaymentsReply | undefined, name: string, fallback = "") => {
  const v = reply?.values?.[name];
  return typeof v === "string" ? v : fallback;
};

/** Records a bank transfer or a card taken on the phone: a disclosure, open after a refusal. */
function ManualPaymentForm(props: {
  here: string;
  pending: boolean;
  currency: string;
  today: string;
  reply?: PaymentsReply;
}) {
  const { reply } = props;
  const errors = reply?.fieldErrors ?? {};
  const askOver = valueOf(reply, "askOver") === "yes";
  return (
    <details className="booking-edit" open={Boolean(reply)}>
      <summary>Record a payment</summary>
      <Form
        method="post"
        action={props.here}
        className="admin-form booking-move-form"
        aria-label="Record a payment"
      >
        <input type="hidden" name="intent" value="payment" />
        {reply ? (
          <p className="form-error" role="alert" id="payment-error">
            {reply.error}
          </p>
        ) : null}
        <TextField
          id="payment-amount"
          name="amount"
          label={`Amount received (${props.currency})`}
          defaultValue={valueOf(reply, "amount")}
          error={errors.amount}
          required
          maxLength={20}
          hint="As received, like 2450 or 2450.50."
        />
        <div className="field">
          <label htmlFor="payment-channel">How it came</label>
          <select
            id="payment-channel"
            name="channel"
            required
            defaultValue={valueOf(reply, "channel")}
            aria-invalid={errors.channel ? true : undefined}
            aria-describedby={errors.channel ? "payment-channel-error" : undefined}
          >
            <option value="" disabled>
              Choose one
            </option>
            {MANUAL_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {MANUAL_CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
          {errors.channel ? (
            <p className="field-error" id="payment-channel-error" role="alert">
              {errors.channel}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="payment-received-on">Day received</label>
          <input
            id="payment-received-on"
            name="received_on"
            type="date"
            required
            max={props.today}
            defaultValue={valueOf(reply, "received_on", props.today)}
            aria-invalid={errors.received_on ? true : undefined}
            aria-describedby={errors.received_on ? "payment-received-on-error" : undefined}
          />
          {errors.received_on ? (
            <p className="field-error" id="payment-received-on-error" role="alert">
              {errors.received_on}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="payment-note">Note (optional)</label>
          <textarea
            id="payment-note"
            name="note"
            rows={2}
            maxLength={PAYMENT_NOTE_MAX}
            defaultValue={valueOf(reply, "note")}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? "payment-note-error" : undefined}
          />
          {errors.note ? (
            <p className="field-error" id="payment-note-error" role="alert">
              {errors.note}
            </p>
          ) : null}
        </div>
        {askOver ? (
          <div className="field field-checkbox">
            <input id="payment-over" name="over" type="checkbox" />
            <label htmlFor="payment-over">Record it anyway (more than is due)</label>
          </div>
        ) : null}
        <button type="submit" className="button button-primary" disabled={props.pending}>
          Record payment
        </button>
      </Form>
    </details>
  );
}

/** Cancels a booking that has payments: with a full, partial or no refund. */
export function CancelWithRefundForm(props: {
  here: string;
  pending: boolean;
  paid: string;
  currency: string;
  reply?: PaymentsReply;
}) {
  const { reply } = props;
  const errors = reply?.fieldErrors ?? {};
  const choice = valueOf(reply, "refund", "full");
  return (
    <Form method="post" action={props.here} className="enquiry-status-form booking-move-form">
      <input type="hidden" name="intent" value="cancel-refund" />
      {reply ? (
        <p className="form-error" role="alert" id="cancel-refund-error">
          {reply.error}
        </p>
      ) : null}
      <fieldset className="choice-group">
        <legend>{`Cancel and refund (${props.paid} paid)`}</legend>
        <div className="field field-checkbox">
          <label>
            <input name="refund" type="radio" value="full" defaultChecked={choice === "full"} />
            {`Full refund (${props.paid})`}
          </label>
        </div>
        <div className="field field-checkbox">
          <label>
            <input
              name="refund"
              type="radio"
              value="partial"
              defaultChecked={choice === "partial"}
            />
            Partial refund
          </label>
        </div>
        <div className="field field-checkbox">
          <label>
            <input name="refund" type="radio" value="none" defaultChecked={choice === "none"} />
            No refund
          </label>
        </div>
      </fieldset>
      <TextField
        id="refund-amount"
        name="refund_amount"
        label={`Amount to refund, for a partial refund (${props.currency})`}
        defaultValue={valueOf(reply, "refund_amount")}
        error={errors.refund_amount}
        maxLength={20}
      />
      <div className="field field-checkbox">
        <input id="cancel-refund-notify" name="notify" type="checkbox" defaultChecked />
        <label htmlFor="cancel-refund-notify">E-mail the traveller</label>
      </div>
      <p>Card payments are refunded through Stripe; bank transfers are recorded as paid back.</p>
      <button type="submit" className="button button-danger" disabled={props.pending}>
        Cancel booking
      </button>
    </Form>
  );
}
