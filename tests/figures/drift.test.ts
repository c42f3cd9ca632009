/**
 * Chapter 01's drift experiments (notebooks/figures/drift.ts): adding derivatives grows det R as
 * (1 + φ²)^k, float64 products stay rotations to rounding, float32 ones drift, and Gram–Schmidt bounds it.
 */

import { describe, expect, it } from "vitest";
import { mat3, scalar } from "../../lib/index.ts";
import {
  addDerivatives,
  driftWithRepair,
  multiplyRotations,
  orthonormalityRows,
  toFloat32,
} from "../../notebooks/figures/drift.ts";

const phi = scalar.degToRad(1);

describe("addDerivatives", () => {
  const ms = addDerivatives(phi, 1000);

  it("starts at the identity and keeps every step", () => {
    expect(ms).toHaveLength(1001);
    expect(ms[0]).toEqual(mat3.identity());
  });

  it("gives det R = (1 + φ²)^k and the chapter's ‖RᵀR − I‖ ≈ 0.5035 at 1° a step, 1000 steps", () => {
    expect(mat3.determinant(ms[1000]!)).toBeCloseTo((1 + phi ** 2) ** 1000, 10);
    expect(mat3.determinant(ms[1000]!)).toBeCloseTo(1.356, 3);
    expect(mat3.orthonormalityError(ms[1000]!)).toBeCloseTo(0.5035, 4);
  });
});

describe("multiplyRotations", () => {
  it("stays a rotation to rounding in float64 and drifts far more in float32", () => {
    const f64 = multiplyRotations(phi, 2000, (m) => m).at(-1)!;
    const f32 = multiplyRotations(phi, 2000, toFloat32).at(-1)!;
    expect(mat3.orthonormalityError(f64)).toBeLessThan(1e-12);
    expect(mat3.orthonormalityError(f32)).toBeGreaterThan(1e-6);
  });
});

describe("driftWithRepair", () => {
  const rows = driftWithRepair({ precision: "float32", every: 100, angleRad: phi, steps: 20000 });
  const plain = rows.filter((r) => r.method === "no repair");
  const repaired = rows.filter((r) => r.method === "Gram–Schmidt every 100");

  it("records both methods every 200 steps", () => {
    expect(plain.map((r) => r.step)).toEqual(Array.from({ length: 100 }, (_, i) => 200 * (i + 1)));
    expect(repaired).toHaveLength(100);
  });

  it("lets the unrepaired float32 error grow while the repaired one stays bounded", () => {
    expect(plain.at(-1)!.error).toBeGreaterThan(10 * plain[0]!.error);
    expect(Math.max(...repaired.map((r) => r.error))).toBeLessThan(plain.at(-1)!.error / 10);
  });

  it("never reports an error below the log axis' floor of 1e-17", () => {
    const f64 = driftWithRepair({ precision: "float64", every: 1, angleRad: phi, steps: 400 });
    expect(Math.min(...f64.map((r) => r.error))).toBeGreaterThanOrEqual(1e-17);
  });
});

describe("orthonormalityRows", () => {
  it("samples every n-th step, leaving out the identity at step 0", () => {
    const rows = orthonormalityRows({ a: addDerivatives(phi, 60) }, 20);
    expect(rows.map((r) => r.step)).toEqual([20, 40, 60]);
    expect(rows[0]!.method).toBe("a");
  });
});
