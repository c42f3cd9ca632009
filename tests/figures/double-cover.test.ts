/** Chapter 04's double-cover rows (notebooks/figures/double-cover.ts): q has half the angle, so it returns only after 720°. */

import { describe, expect, it } from "vitest";
import { quat } from "../../lib/index.ts";
import { componentRows, coverCurve } from "../../notebooks/figures/double-cover.ts";

describe("coverCurve", () => {
  const rows = coverCurve([0, 1, 0]);
  const w = (theta: number) => rows.find((r) => r.theta === theta && r.component === "w")!.value;

  it("has the four components at every 5° from 0° to 720°", () => {
    expect(rows).toHaveLength(145 * 4);
    expect(rows.slice(0, 4).map((r) => r.component)).toEqual(["x", "y", "z", "w"]);
  });

  it("has w = cos(θ/2): 1 at 0°, −1 at 360° (the same rotation), 1 again only at 720°", () => {
    expect(w(0)).toBe(1);
    expect(w(360)).toBeCloseTo(-1, 15);
    expect(w(720)).toBeCloseTo(1, 15);
  });
});

describe("componentRows", () => {
  it("lists x, y, z, w of q at the given angle", () => {
    expect(componentRows(quat.identity(), 30)).toEqual([
      { theta: 30, value: 0, component: "x" },
      { theta: 30, value: 0, component: "y" },
      { theta: 30, value: 0, component: "z" },
      { theta: 30, value: 1, component: "w" },
    ]);
  });
});
