/** Chapter 04's powers (notebooks/figures/quaternion-power.ts): the angle about +Y, and q^t scaling it by t. */

import { describe, expect, it } from "vitest";
import { quat, scalar } from "../../lib/index.ts";
import { powerCurves, turnAboutY } from "../../notebooks/figures/quaternion-power.ts";

describe("turnAboutY", () => {
  it("reads the angle about +Y in [0, 360), and NaN from a NaN quaternion", () => {
    expect(turnAboutY(quat.fromAxisAngle([0, 1, 0], scalar.degToRad(45)))).toBeCloseTo(45, 12);
    expect(turnAboutY(quat.fromAxisAngle([0, -1, 0], scalar.degToRad(30)))).toBeCloseTo(330, 12);
    expect(turnAboutY([Number.NaN, 0, 0, 1])).toBeNaN();
  });
});

describe("powerCurves", () => {
  it("gives t·(base angle) for quat.pow, one row per method for each of 51 values of t", () => {
    const rows = powerCurves(quat.fromAxisAngle([0, 1, 0], scalar.degToRad(90)), { a: quat.pow, b: quat.pow });
    expect(rows).toHaveLength(102);
    expect(rows.slice(0, 2).map((r) => r.method)).toEqual(["a", "b"]);
    const half = rows.find((r) => r.t === 0.5)!;
    expect(half.angle).toBeCloseTo(45, 10);
  });
});
