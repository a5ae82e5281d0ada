import { describe, expect, it } from "vitest";
import { focalCrop } from "~/domain/focal-crop";

describe("focalCrop", () => {
  it("takes the whole width of a tall picture and centres the height on the point", () => {
    // 900 × 1600 into 1200 × 630: cover scale 4/3, a 900 × 473 window.
    expect(focalCrop(900, 1600, 1200, 630, 0.5, 0.5)).toEqual({
      left: 0,
      top: 564,
      width: 900,
      height: 473,
    });
    expect(focalCrop(900, 1600, 1200, 630, 0.5, 0.4).top).toBe(404);
  });

  it("slides the window back inside the picture near an edge", () => {
    expect(focalCrop(900, 1600, 1200, 630, 0.5, 0.99).top).toBe(1127);
    expect(focalCrop(900, 1600, 1200, 630, 0.5, 0).top).toBe(0);
    expect(focalCrop(4000, 1000, 1200, 630, 1, 0.5)).toEqual({
      left: 4000 - 1905,
      top: 0,
      width: 1905,
      height: 1000,
    });
    expect(focalCrop(4000, 1000, 1200, 630, 0, 0.5).left).toBe(0);
  });

  it("uses the whole of a picture of the same ratio, and of a smaller one", () => {
    expect(focalCrop(2400, 1260, 1200, 630, 0.9, 0.1)).toEqual({
      left: 0,
      top: 0,
      width: 2400,
      height: 1260,
    });
    expect(focalCrop(600, 315, 1200, 630, 0.2, 0.8)).toEqual({
      left: 0,
      top: 0,
      width: 600,
      height: 315,
    });
  });

  it("treats a point outside 0-1 as the nearest edge and a non-number as the centre", () => {
    expect(focalCrop(900, 1600, 1200, 630, 0.5, 7)).toEqual(
      focalCrop(900, 1600, 1200, 630, 0.5, 1),
    );
    expect(focalCrop(900, 1600, 1200, 630, 0.5, Number.NaN).top).toBe(564);
  });
});
