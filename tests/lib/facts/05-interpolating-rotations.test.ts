/**
 * Chapter 05's facts (interpolating rotations), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/05-interpolating-rotations.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, interpolate, path, quat, scalar } from "../../../lib/index.ts";
import { RUNS, unitQuat } from "../../helpers/arbitraries.ts";

const deg = scalar.degToRad;

describe("chapter 05: interpolating rotations", () => {
  const ratio = (totalDeg: number, path: (a: Quat, b: Quat, t: number) => Quat) => {
    const a = quat.fromAxisAngle([1, 0, 0], 0.3);
    const b = quat.multiply(quat.fromAxisAngle([0.3, 1, -0.2], deg(totalDeg)), a);
    return interpolate.speedRatio(
      interpolate.angularSpeeds(interpolate.sampleRotationPath((t) => path(a, b, t), 1000)),
    );
  };
  it("fact 5.1: slerp's angular speed is constant (max/min = 1 ± 1e-9) at 30°, 90°, 150°, 179°", () => {
    for (const total of [30, 90, 150, 179]) expect(Math.abs(ratio(total, interpolate.slerp) - 1)).toBeLessThan(1e-9);
  });
  it("fact 5.1: nlerp's max/min speed is about 1.17 at 90° and about 2 at 179°", () => {
    expect(ratio(90, interpolate.nlerp)).toBeCloseTo(1.1716, 3); // exactly 1/cos²(22.5°) = 4 − 2√2
    expect(ratio(179, interpolate.nlerp)).toBeCloseTo(1.983, 2);
  });
  it("fact 5.2: slerp always takes the short arc (turns at most π in all)", () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, (a, b) => {
        const mid = interpolate.slerp(a, b, 0.5);
        expect(quat.angleBetween(a, mid) + quat.angleBetween(mid, b)).toBeLessThanOrEqual(Math.PI + 1e-12);
        expect(quat.angleBetween(a, mid)).toBeCloseTo(quat.angleBetween(a, b) / 2, 12);
      }),
      RUNS,
    );
  });
  it("fact 5.3: slerp(q, q, t) = q, with no NaN", () => {
    fc.assert(
      fc.property(unitQuat, fc.double({ min: -1, max: 2, noNaN: true }), (q0, t) => {
        expect(interpolate.slerp(q0, q0, t)).toEqual(q0);
      }),
      RUNS,
    );
  });
  it("fact 5.4: wrapAngle is idempotent and lands in (−π, π]; −170° → 170° is a 20° turn", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (a) => {
        const w = scalar.wrapAngle(a);
        expect(w > -Math.PI && w <= Math.PI).toBe(true);
        expect(scalar.wrapAngle(w)).toBe(w);
      }),
      RUNS,
    );
    expect(scalar.radToDeg(scalar.wrapAngle(deg(170) - deg(-170)))).toBeCloseTo(-20, 12);
  });
});
