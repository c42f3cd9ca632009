/**
 * Chapter 02's gimbal-lock numbers (notebooks/figures/gimbal-lock.ts): where the lock is, which sum of the
 * outer angles survives there, σ_min's V at the lock, and exact matrix round trips even at lock.
 */

import { describe, expect, it } from "vitest";
import { euler, random } from "../../lib/index.ts";
import {
  lineAngleDeg,
  nearestLock,
  roundTripNearLock,
  singularValueRows,
} from "../../notebooks/figures/gimbal-lock.ts";

describe("lineAngleDeg", () => {
  it("is the angle between lines, 0° for opposite directions and 90° at most", () => {
    expect(lineAngleDeg([1, 0, 0], [-1, 0, 0])).toBe(0);
    expect(lineAngleDeg([1, 0, 0], [0, 1, 0])).toBeCloseTo(90, 12);
    expect(lineAngleDeg([1, 0, 0], [-1, 1, 0])).toBeCloseTo(45, 12);
  });
});

describe("nearestLock", () => {
  it("moves the middle angle to ±90° for Tait–Bryan and to 0° or 180° for proper Euler orders", () => {
    expect(nearestLock([30, 60, 20], "ZYX", "intrinsic").middle).toBe(90);
    expect(nearestLock([30, -10, 20], "ZYX", "intrinsic").middle).toBe(-90);
    expect(nearestLock([30, 60, 20], "ZXZ", "intrinsic").middle).toBe(0);
    expect(nearestLock([30, 120, 20], "ZXZ", "intrinsic").middle).toBe(180);
  });

  it("finds the lecture's rule: at θy = +90° only a₀ − a₂ survives, at −90° only a₀ + a₂ (extrinsic XYZ)", () => {
    expect(nearestLock([20, 80, 50], "XYZ", "extrinsic").sense).toBe("opposite");
    expect(nearestLock([20, -80, 50], "XYZ", "extrinsic").sense).toBe("same");
  });

  it("finds one surviving combination at every lock, for all orders and frames", () => {
    for (const order of euler.ORDERS)
      for (const frame of ["intrinsic", "extrinsic"] as const)
        for (const middle of [-150, -60, 30, 120])
          expect(nearestLock([30, middle, 20], order, frame).sense).toBeDefined();
  });
});

describe("singularValueRows", () => {
  const rows = singularValueRows("ZYX", "intrinsic");

  it("gives three values per whole degree from −180° to 180°", () => {
    expect(rows).toHaveLength(3 * 361);
    expect(rows[0]).toMatchObject({ middle: -180, which: "σ₁ (largest)" });
  });

  it("has σ_min = √(1 − |sin a₁|): 1 away from lock, 0 at a₁ = 90°", () => {
    const min = (d: number) => rows.find((r) => r.middle === d && r.which === "σ₃ = σ_min")!.sigma;
    expect(min(0)).toBeCloseTo(1, 12);
    expect(min(90)).toBeCloseTo(0, 6);
    expect(min(30)).toBeCloseTo(Math.sqrt(0.5), 12);
  });
});

describe("roundTripNearLock", () => {
  it("brings back every matrix to rounding, 12 orders × 2 frames × (6 near lock + 20 random)", () => {
    const { worst, count } = roundTripNearLock(random.seeded(2002));
    expect(count).toBe(12 * 2 * 26);
    expect(worst).toBeLessThan(1e-12);
  });
});
