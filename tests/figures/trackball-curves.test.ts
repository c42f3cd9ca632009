/** Chapter 04's trackball curves (notebooks/figures/trackball-curves.ts): holonomy of a closed drag, φ against 2φ on a straight one. */

import { describe, expect, it } from "vitest";
import { holonomyCurve, straightDragTurns } from "../../notebooks/figures/trackball-curves.ts";

describe("holonomyCurve", () => {
  const rows = holonomyCurve();
  const at = (rho: number, method: string) =>
    rows.find((r) => Math.abs(r.rho - rho) < 1e-9 && r.method === method)!.turn;

  it("has three rows for each of 30 radii", () => {
    expect(rows).toHaveLength(90);
  });

  it("brings the arcball back, and turns the incremental trackball by about the cap at ρ = 0.5 (48.2°)", () => {
    expect(Math.abs(at(0.5, "arcball"))).toBeLessThan(1e-9);
    expect(at(0.5, "cap 2π(1 − cos α)")).toBeCloseTo(48.2, 1);
    expect(at(0.5, "incremental trackball")).toBeCloseTo(at(0.5, "cap 2π(1 − cos α)"), 0);
  });
});

describe("straightDragTurns", () => {
  it("through the centre: the arcball turns by 2φ, the incremental trackball by φ", () => {
    const rows = straightDragTurns(0);
    expect(rows).toHaveLength(482);
    for (const r of rows.filter((_, k) => k % 40 < 2))
      expect(r.turn).toBeCloseTo(r.method === "arcball" ? 2 * r.phi : r.phi, 6);
  });
});
