import { afterEach, beforeEach, vi } from "vitest";

/**
 * Fails the test during which React warned. Server renders inside Vitest use React's
 * development build, so key warnings, render loops and hook misuse reach console.error here.
 */
const REACT_WARNING =
  /unique "key" prop|Maximum update depth|Too many re-renders|Cannot update a component|react\.dev\/link\/|Invalid hook call/;

let seen: string[] = [];

beforeEach(() => {
  seen = [];
  const original = console.error.bind(console);
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
    if (REACT_WARNING.test(text)) seen.push(text.split("\n")[0] ?? text);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (seen.length) throw new Error(`React warned during this test:\n${seen.join("\n")}`);
});
