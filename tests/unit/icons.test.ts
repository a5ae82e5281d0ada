import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/ui/icons";

const sprite = fs.readFileSync(path.resolve("app/components/ui/icons.svg"), "utf8");

describe("icon sprite", () => {
  it("has one 24 × 24 symbol for every icon name, and nothing else", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids.toSorted()).toEqual([...ICON_NAMES].toSorted());
    expect(sprite.match(/<symbol id=/g)).toHaveLength(ICON_NAMES.length);
  });

  it("leaves fill and stroke to the <svg> that uses a symbol", () => {
    expect(sprite).not.toMatch(/\s(fill|stroke|stroke-width)=/);
  });
});
