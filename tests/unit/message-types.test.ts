import { describe, expect, it } from "vitest";
import { translator } from "~/domain/i18n/catalogues";
import type { MessageVariables } from "~/domain/i18n/message-types";

// A message's variables are a type (decision 127): `npm run typecheck` fails on a call that
// leaves one out. The `@ts-expect-error` lines below are the proof: were the call accepted, the
// unused directive would itself fail the typecheck.

const t = translator("en");

describe("typed message variables", () => {
  it("reads the variables of plain, number and plural placeholders, not a plural's cases", () => {
    const plain: MessageVariables<"Hello {name},">[] = ["name"];
    const plural: MessageVariables<"{count, plural, one {night} other {nights}} in {place}">[] = [
      "count",
      "place",
    ];
    const exact: MessageVariables<"{n, number}: {count, plural, =0 {none} other {# many}}">[] = [
      "n",
      "count",
    ];
    // @ts-expect-error "night" is a plural case's word, not a variable
    const notCase: MessageVariables<"{count, plural, one {night} other {nights}}">[] = ["night"];
    // @ts-expect-error "phone" ends a sentence before a variable: "number" is the variable
    const phone: MessageVariables<"Call by phone {number}">[] = ["phone"];
    const none: [MessageVariables<"No variables">] extends [never] ? true : false = true;
    expect([plain, plural, exact, notCase, phone, none]).toHaveLength(6);
  });

  it("makes t() require every variable its message uses", () => {
    expect(t("mail.hello", { name: "Lena" })).toBe("Hello Lena,");
    expect(t("mail.seeBooking")).toBe("See your booking");
    // @ts-expect-error "mail.hello" uses {name}
    expect(() => t("mail.hello")).toThrow('message variable "name" was not given');
    // @ts-expect-error "mail.adults" uses {count}
    expect(() => t("mail.adults", { adults: 2 })).toThrow();
  });
});
