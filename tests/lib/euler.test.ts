import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EulerAngles, type EulerOrder, type Mat3, euler, mat3, quat } from "../../lib/index.ts";
import { RUNS, angle, eulerFrame, eulerOrder, rotation } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const ORDERS = euler.ORDERS;
const FRAMES = ["intrinsic", "extrinsic"] as const;
const AXIS: Record<string, (a: number) => Mat3> = { X: mat3.rotationX, Y: mat3.rotationY, Z: mat3.rotationZ };

/** The lock value of the middle angle: ±90° for Tait–Bryan, 0 or 180° for proper Euler. */
const lockAngles = (order: EulerOrder) => (euler.isProperEuler(order) ? [0, Math.PI] : [Math.PI / 2, -Math.PI / 2]);

describe("euler.toMat3", () => {
  it.each(ORDERS)("%s intrinsic is R0(a0)·R1(a1)·R2(a2); extrinsic is R2·R1·R0", (order) => {
    const a: EulerAngles = [0.3, -0.7, 1.9];
    const [r0, r1, r2] = [0, 1, 2].map((i) => AXIS[order[i]!]!(a[i]!)) as [Mat3, Mat3, Mat3];
    expect(euler.toMat3(a, order)).toBeCloseToVec(mat3.multiply(r0, mat3.multiply(r1, r2)), TIGHT);
    expect(euler.toMat3(a, order, "extrinsic")).toBeCloseToVec(mat3.multiply(r2, mat3.multiply(r1, r0)), TIGHT);
  });
  it("intrinsic ABC with (a, b, c) is extrinsic CBA with (c, b, a)", () => {
    fc.assert(
      fc.property(eulerOrder, angle, angle, angle, (order, a, b, c) => {
        const reversed = (order[2]! + order[1]! + order[0]!) as EulerOrder;
        expect(euler.toMat3([a, b, c], order)).toBeCloseToVec(euler.toMat3([c, b, a], reversed, "extrinsic"), TIGHT);
      }),
      RUNS,
    );
  });
  it("toQuat is the quaternion of toMat3", () => {
    fc.assert(
      fc.property(eulerOrder, eulerFrame, angle, angle, angle, (order, frame, a, b, c) => {
        expect(quat.toMat3(euler.toQuat([a, b, c], order, frame))).toBeCloseToVec(
          euler.toMat3([a, b, c], order, frame),
          CHAIN,
        );
      }),
      RUNS,
    );
  });
  it("throws a RangeError naming the function for an unknown order", () => {
    expect(() => euler.toMat3([0, 0, 0], "XXY" as EulerOrder)).toThrow(/euler\.toMat3: order must be one of/);
  });
});

describe("euler.fromMat3", () => {
  describe.each(FRAMES)("%s", (frame) => {
    it.each(ORDERS)("%s round-trips matrix → angles → matrix for random rotations", (order) => {
      fc.assert(
        fc.property(rotation, (r) => {
          expect(euler.toMat3(euler.fromMat3(r, order, frame), order, frame)).toBeCloseToVec(r, CHAIN);
        }),
        { numRuns: 200 },
      );
    });
    it.each(ORDERS)("%s returns the angles it was given, within the documented ranges", (order) => {
      const mid = euler.isProperEuler(order) ? 1.1 : -0.6;
      const a: EulerAngles = [0.4, mid, -2.5];
      expect(euler.fromMat3(euler.toMat3(a, order, frame), order, frame)).toBeCloseToVec(a, CHAIN);
    });
    it.each(ORDERS)("%s rebuilds the matrix to 1e-12 at exact gimbal lock, first angle 0", (order) => {
      for (const mid of lockAngles(order)) {
        for (const [a0, a2] of [
          [0.3, 1.2],
          [-2, 2.9],
          [Math.PI, 0.1],
        ]) {
          const r = euler.toMat3([a0!, mid, a2!], order, frame);
          const got = euler.fromMat3(r, order, frame);
          expect(euler.toMat3(got, order, frame)).toBeCloseToVec(r, CHAIN);
          expect(euler.isGimbalLock(got, order)).toBe(true);
          expect(got[frame === "intrinsic" ? 0 : 2]).toBe(0);
        }
      }
    });
    it.each(ORDERS)("%s rebuilds the matrix to 1e-12 within 1e-7 … 1e-3 of gimbal lock", (order) => {
      for (const lock of lockAngles(order)) {
        for (const off of [1e-12, 1e-9, 1e-7, -1e-7, 1e-5, 1e-3, -1e-3]) {
          const r = euler.toMat3([0.7, lock + off, -1.3], order, frame);
          expect(euler.toMat3(euler.fromMat3(r, order, frame), order, frame)).toBeCloseToVec(r, CHAIN);
        }
      }
    });
  });
  it("fromQuat agrees with fromMat3", () => {
    const q = quat.fromAxisAngle([1, 2, 3], 1);
    expect(euler.fromQuat(q, "ZYX")).toBeCloseToVec(euler.fromMat3(quat.toMat3(q), "ZYX"), TIGHT);
  });
});

describe("euler.isGimbalLock", () => {
  it("detects the middle angle at ±90° (Tait–Bryan) and 0°/180° (proper Euler)", () => {
    expect(euler.isGimbalLock([1, Math.PI / 2, 2], "XYZ")).toBe(true);
    expect(euler.isGimbalLock([1, -Math.PI / 2, 2], "ZYX")).toBe(true);
    expect(euler.isGimbalLock([1, 0.3, 2], "XYZ")).toBe(false);
    expect(euler.isGimbalLock([1, 0, 2], "ZXZ")).toBe(true);
    expect(euler.isGimbalLock([1, Math.PI, 2], "ZXZ")).toBe(true);
    expect(euler.isGimbalLock([1, Math.PI / 2, 2], "ZXZ")).toBe(false);
  });
  it("uses the tolerance in radians of middle angle", () => {
    expect(euler.isGimbalLock([0, Math.PI / 2 - 1e-3, 0], "XYZ", 1e-2)).toBe(true);
    expect(euler.isGimbalLock([0, Math.PI / 2 - 1e-3, 0], "XYZ", 1e-4)).toBe(false);
  });
});

describe("euler.angleRateJacobian", () => {
  /** ω from a central difference of R(t) = toMat3(angles + t·rates): (dR/dt)·Rᵀ = [ω]×. */
  function omegaByDifference(a: EulerAngles, rates: EulerAngles, order: EulerOrder, frame: "intrinsic" | "extrinsic") {
    const h = 1e-6;
    const at = (t: number) => euler.toMat3([0, 1, 2].map((i) => a[i]! + t * rates[i]!) as EulerAngles, order, frame);
    const dR = at(h).map((x, i) => (x - at(-h)[i]!) / (2 * h)) as Mat3;
    const w = mat3.multiply(dR, mat3.transpose(at(0)));
    return [mat3.get(w, 2, 1), mat3.get(w, 0, 2), mat3.get(w, 1, 0)];
  }
  describe.each(FRAMES)("%s", (frame) => {
    it.each(ORDERS)("%s: J·rates is the angular velocity of the moving matrix", (order) => {
      const a: EulerAngles = [0.4, -1.1, 2.3];
      const rates: EulerAngles = [0.7, -0.2, 1.3];
      const j = euler.angleRateJacobian(a, order, frame);
      expect(mat3.transformVec3(j, rates)).toBeCloseToVec(omegaByDifference(a, rates, order, frame), {
        atol: 1e-8,
        rtol: 0,
      });
    });
  });
  it("is the identity at rest for XYZ, and has parallel first and last columns at lock", () => {
    expect(euler.angleRateJacobian([0, 0, 0], "XYZ")).toBeCloseToVec(mat3.identity(), TIGHT);
    const j = euler.angleRateJacobian([0.3, Math.PI / 2, -0.8], "XYZ");
    expect(Math.abs(mat3.determinant(j))).toBeLessThan(1e-15);
  });
});

describe("euler.angleRateSingularValues", () => {
  it("are the singular values of the Jacobian: σ² are the eigenvalues of JᵀJ, σ1σ2σ3 = |det J|", () => {
    fc.assert(
      fc.property(eulerOrder, eulerFrame, angle, angle, angle, (order, frame, a, b, c) => {
        const j = euler.angleRateJacobian([a, b, c], order, frame);
        const g = mat3.multiply(mat3.transpose(j), j);
        const s = euler.angleRateSingularValues([a, b, c], order, frame);
        expect(s[0]).toBeGreaterThanOrEqual(s[1]);
        expect(s[1]).toBeGreaterThanOrEqual(s[2]);
        expect(s[0] * s[1] * s[2]).toBeCloseTo(Math.abs(mat3.determinant(j)), 12);
        for (const sigma of s) {
          const shifted = g.map((x, i) => (i % 4 === 0 ? x - sigma * sigma : x)) as Mat3;
          expect(Math.abs(mat3.determinant(shifted))).toBeLessThan(1e-12);
        }
      }),
      RUNS,
    );
  });
  it.each(ORDERS)("%s: the smallest is 0 at lock and √2·sin(δ/2) ≈ δ/√2 at δ from lock, to full precision", (order) => {
    for (const lock of lockAngles(order)) {
      expect(euler.angleRateSingularValues([0.2, lock, 1], order)[2]).toBeLessThan(1e-15);
      for (const d of [1e-3, -1e-6, 1e-9]) {
        const smallest = euler.angleRateSingularValues([0.2, lock + d, 1], order)[2];
        expect([smallest]).toBeCloseToVec([Math.SQRT2 * Math.abs(Math.sin(d / 2))], { atol: 1e-15, rtol: 1e-9 });
      }
    }
  });
  it("are all 1 when the outer axes are perpendicular (middle angle 0 for Tait–Bryan, 90° for proper Euler)", () => {
    expect(euler.angleRateSingularValues([1, 0, 2], "ZYX")).toBeCloseToVec([1, 1, 1], TIGHT);
    expect(euler.angleRateSingularValues([1, Math.PI / 2, 2], "ZXZ")).toBeCloseToVec([1, 1, 1], TIGHT);
  });
});
