import { describe, expect, it } from "vitest";
import { turnSlices } from "~/server/http/turn-slices.server";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Resolves in a later turn's timers phase, outside the slices (as a socket read would). */
const ioTurn = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

describe("slow-path requests a slice per event-loop turn (decision 106)", () => {
  it("lets `perTurn` in at once and the rest a slice per turn, in arrival order", async () => {
    const enter = turnSlices(3);
    const entered: number[] = [];
    for (let i = 0; i < 8; i++) enter(() => entered.push(i));
    expect(entered).toEqual([0, 1, 2]);
    await nextTurn();
    expect(entered).toEqual([0, 1, 2, 3, 4, 5]);
    await nextTurn();
    expect(entered).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("runs what else is ready (a cache hit) between slices of a burst", async () => {
    const enter = turnSlices(2);
    const log: string[] = [];
    const busy = (ms: number) => {
      for (const end = performance.now() + ms; performance.now() < end;);
    };
    // A hit that is ready 1 ms from now, then ten slow requests of 2 ms each arriving at once.
    const hit = ioTurn().then(() => log.push("hit"));
    for (let i = 0; i < 10; i++)
      enter(() => {
        busy(2);
        log.push(`slow ${i}`);
      });
    await hit;
    // The slices go on a turn at a time; wait for turns, not for a time a busy machine can miss.
    for (let turn = 0; turn < 100 && log.length < 11; turn++) await nextTurn();
    // Without slices the hit would wait for all ten (20 ms); here it goes after the first slice.
    expect(log.indexOf("hit")).toBeLessThanOrEqual(4);
    expect(log.filter((l) => l.startsWith("slow"))).toEqual(
      Array.from({ length: 10 }, (_, i) => `slow ${i}`),
    );
  });

  it("makes nobody wait when requests come one at a time", async () => {
    const enter = turnSlices(1);
    for (let i = 0; i < 3; i++) {
      let entered = false;
      enter(() => (entered = true));
      expect(entered).toBe(true);
      await nextTurn();
    }
  });
});
