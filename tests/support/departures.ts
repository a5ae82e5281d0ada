import type { DepartureSeats } from "~/domain/schemas";

let counter = 0;

/** A stored departure for unit tests: on request, no bookings, unless `overrides` say otherwise. */
export function departure(overrides: Partial<DepartureSeats> = {}): DepartureSeats {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    start_date: "2027-01-01",
    end_date: null,
    seats_total: null,
    seats_taken: 0,
    price_amount: null,
    currency: "ZAR",
    price_text: null,
    note: null,
    guaranteed: false,
    status_override: null,
    ...overrides,
  };
}
