import { BOOKING_TERMS_MAX, DEFAULT_BOOKING_TERMS } from "~/domain/bookings";
import { stripInvisible } from "~/domain/schemas";
import { ENROL_FIRST_MESSAGE } from "../auth/auth.server";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { writeTeamSetting } from "../platform/team-settings-store.server";

/*
 * The booking terms (/booking-terms), edited in Settings (decision 123). They are a team setting
 * ('booking_terms'), stored as staff typed them; without one the default terms apply. Writing or
 * removing that row fires the content-change NOTIFY, so every instance's page cache drops the
 * old page within a moment of the commit.
 */

const NAME = "booking_terms";

export interface BookingTerms {
  text: string;
  /** False while the default terms apply. */
  custom: boolean;
}

export async function loadBookingTerms(db: Db): Promise<BookingTerms> {
  const row = await db
    .selectFrom("team_settings")
    .select("value")
    .where("name", "=", NAME)
    .executeTakeFirst();
  return typeof row?.value === "string" && row.value.trim()
    ? { text: row.value, custom: true }
    : { text: DEFAULT_BOOKING_TERMS, custom: false };
}

export type TermsOutcome =
  | { kind: "saved"; message: string }
  | { kind: "invalid"; status: 400 | 403; error: string; text: string };

/** Saves the terms; blank (or the default text itself) goes back to the default terms. */
export async function saveBookingTerms(
  db: Db,
  input: { admin: { id: string; mustEnrol: boolean }; text: string },
): Promise<TermsOutcome> {
  // An admin who must set up two-factor first may do nothing else here (as every other setting).
  if (input.admin.mustEnrol) {
    return { kind: "invalid", status: 403, error: ENROL_FIRST_MESSAGE, text: input.text };
  }
  const text = stripInvisible(input.text).replace(/\r\n?/g, "\n").trim();
  if (text.length > BOOKING_TERMS_MAX) {
    return {
      kind: "invalid",
      status: 400,
      error: `The booking terms must be at most ${BOOKING_TERMS_MAX.toLocaleString("en")} characters (they are ${text.length.toLocaleString("en")}).`,
      text: input.text,
    };
  }
  const reset = text === "" || text === DEFAULT_BOOKING_TERMS;
  await inTransaction(db, async (trx) => {
    if (reset) await trx.deleteFrom("team_settings").where("name", "=", NAME).execute();
    else await writeTeamSetting(trx, NAME, text);
    await recordEvent(trx, {
      type: "settings.booking_terms_changed",
      adminId: input.admin.id,
      details: { default: reset, characters: reset ? 0 : text.length },
    });
  });
  return {
    kind: "saved",
    message: reset ? "The default booking terms apply again." : "The booking terms were saved.",
  };
}
