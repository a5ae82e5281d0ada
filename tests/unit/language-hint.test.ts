import { describe, expect, it } from "vitest";
import { languageHintScript } from "~/domain/language-hint";

// The Accept-Language hint's inline script (decision 151): none with one language, and text that
// cannot end the <script> element it is written into.
describe("languageHintScript", () => {
  const hint = {
    lang: "de",
    prefix: "/de",
    label: "Sprachhinweis",
    text: "Diese Seite gibt es auch auf Deutsch.",
    link: "Auf Deutsch ansehen",
    dismiss: "Schließen",
  };

  it("is empty without another language", () => {
    expect(languageHintScript("", [])).toBe("");
  });

  it("carries each hint's words and the page's prefix", () => {
    const script = languageHintScript("", [hint]);
    expect(script).toContain('"text":"Diese Seite gibt es auch auf Deutsch."');
    expect(script).toContain(',P=""');
    expect(() => new Function(script)).not.toThrow();
  });

  it("escapes what could end the script element", () => {
    const script = languageHintScript("/de", [{ ...hint, text: "</script><b>x" }]);
    expect(script).not.toContain("</script>");
    expect(script).toContain("\\u003c/script>");
  });
});
