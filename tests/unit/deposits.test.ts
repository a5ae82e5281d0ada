import { describe, expect, it } from "vitest";
import {
  amountDueAtBooking,
  daysBefore,
  DEFAULT_DEPOSIT_RULE,
  depositRuleProblem,
  type DepositRule,
} from "~/domain/deposits";

const percent = (value: number, balanceDueDays = 60): DepositRule => ({
  type: "percent",
  value,
  balanceDueDays,
});

describe("the deposit due at booking (decision 130)", () => {
  it("counts calendar days back across months and years", () => {
    expect(daysBefore("2026-12-24", 60)).toBe("2026-10-25");
    expect(daysBefore("2027-01-10", 20)).toBe("2026-12-21");
    expect(daysBefore("2028-03-01", 1)).toBe("2028-02-29");
  });

  it("takes a percentage of the total, rounded half up to a whole minor unit", () => {
    const due = amountDueAtBooking({
      rule: percent(25),
      total: 4_900_001,
      travellers: 2,
      startDate: "2027-06-01",
      today: "2026-12-01",
    });
    expect(due).toEqual({
      kind: "deposit",
      now: 1_225_000,
      balance: 3_675_001,
      balanceDueOn: "2027-04-02",
    });
    expect(
      amountDueAtBooking({
        rule: percent(25),
        total: 2,
        travellers: 1,
        startDate: "2027-06-01",
        today: "2026-12-01",
      })?.now,
    ).toBe(1);
  });

  it("takes a fixed amount per traveller, and the whole amount when that reaches the total", () => {
    const rule: DepositRule = { type: "per_traveller", value: 500_000, balanceDueDays: 60 };
    const base = { rule, startDate: "2027-06-01", today: "2026-12-01" };
    expect(amountDueAtBooking({ ...base, total: 6_000_000, travellers: 3 })).toMatchObject({
      kind: "deposit",
      now: 1_500_000,
      balance: 4_500_000,
    });
    expect(amountDueAtBooking({ ...base, total: 1_000_000, travellers: 2 })).toEqual({
      kind: "full",
      now: 1_000_000,
      balance: 0,
      balanceDueOn: null,
    });
  });

  it("charges the whole amount inside the balance window, from its first day on", () => {
    const base = { rule: DEFAULT_DEPOSIT_RULE, total: 3_000_000, travellers: 1 };
    expect(
      amountDueAtBooking({ ...base, startDate: "2027-03-01", today: "2026-12-31" })?.kind,
    ).toBe("full");
    expect(
      amountDueAtBooking({ ...base, startDate: "2027-03-01", today: "2026-12-30" })?.kind,
    ).toBe("deposit");
  });

  it("charges the whole amount under a full rule, and nothing for a free trip", () => {
    const rule: DepositRule = { type: "full", value: 0, balanceDueDays: 60 };
    expect(
      amountDueAtBooking({
        rule,
        total: 100,
        travellers: 1,
        startDate: "2030-01-01",
        today: "2026-12-01",
      })?.kind,
    ).toBe("full");
    expect(
      amountDueAtBooking({
        rule: DEFAULT_DEPOSIT_RULE,
        total: 0,
        travellers: 1,
        startDate: "2030-01-01",
        today: "2026-12-01",
      }),
    ).toBeNull();
  });

  it("names what is wrong with a rule", () => {
    expect(depositRuleProblem(DEFAULT_DEPOSIT_RULE)).toBeNull();
    expect(depositRuleProblem(percent(0))).toMatch(/1 to 100/);
    expect(depositRuleProblem(percent(12.5))).toMatch(/whole number/);
    expect(depositRuleProblem({ type: "per_traveller", value: 0, balanceDueDays: 60 })).toMatch(
      /above zero/,
    );
    expect(depositRuleProblem(percent(20, -1))).toMatch(/days/);
    expect(depositRuleProblem(percent(20, 400))).toMatch(/at most 365/);
  });
});
