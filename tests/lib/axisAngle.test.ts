import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, axisAngle, mat3, quat, vec3 } from "../../lib/index.ts";
import { RUNS, angle, rotation, unitVector, vector } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

describe("axisAngle.toMat3 (Rodrigues)", () => {
  it("about a coordinate axis is the canonical rotation", () => {
    fc.assert(
      fc.property(angle, (a) => {
        expect(axisAngle.toMat3([1, 0, 0], a)).toBeCloseToVec(mat3.rotationX(a), TIGHT);
        expect(axisAngle.toMat3([0, 2, 0], a)).toBeCloseToVec(mat3.rotationY(a), TIGHT);
        expect(axisAngle.toMat3([0, 0, 0.5], a)).toBeCloseToVec(mat3.rotationZ(a), TIGHT);
      }),
      RUNS,
    );
  });
  it("agrees with the quaternion of the same axis and angle", () => {
    fc.assert(
      fc.property(vector, angle, (axis, a) => {
        expect(axisAngle.toMat3(axis, a)).toBeCloseToVec(quat.toMat3(quat.fromAxisAngle(axis, a)), CHAIN);
      }),
      RUNS,
    );
  });
  it("leaves the axis fixed", () => {
    fc.assert(
      fc.property(unitVector, angle, (n, a) => {
        expect(mat3.transformVec3(axisAngle.toMat3(n, a), n)).toBeCloseToVec(n, CHAIN);
      }),
      RUNS,
    );
  });
  it("throws a RangeError naming the argument for a zero axis", () => {
    expect(() => axisAngle.toMat3([0, 0, 0], 1)).toThrow(/axisAngle\.toMat3: axis has zero/);
    expect(() => axisAngle.rotateVec3([0, 0, 0], 1, [1, 0, 0])).toThrow(/axisAngle\.rotateVec3: axis has zero/);
  });
});

describe("axisAngle.rodriguesSteps", () => {
  it("splits r into a part along n and a part perpendicular to it", () => {
    const s = axisAngle.rodriguesSteps([0, 0, 2], 0.3, [1, 2, 3]);
    expect(s.parallel).toBeCloseToVec([0, 0, 3], TIGHT);
    expect(s.perpendicular).toBeCloseToVec([1, 2, 0], TIGHT);
    expect(s.v).toBeCloseToVec([-2, 1, 0], TIGHT);
    expect(vec3.length(s.rotated)).toBeCloseTo(vec3.length([1, 2, 3]), 14);
  });
});

describe("axisAngle.fromMat3", () => {
  it("round-trips any rotation with angle in [0, π]", () => {
    fc.assert(
      fc.property(rotation, (r) => {
        const { axis, angle: a } = axisAngle.fromMat3(r);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(Math.PI);
        expect(axisAngle.toMat3(axis, a)).toBeCloseToVec(r, CHAIN);
      }),
      RUNS,
    );
  });
  it("returns angle 0 and the X axis for the identity", () => {
    expect(axisAngle.fromMat3(mat3.identity())).toEqual({ axis: [1, 0, 0], angle: 0 });
  });
  it("recovers the axis of exact half turns (θ = π), up to sign", () => {
    for (const n of [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [1, 2, 3],
    ] as Vec3[]) {
      const { axis, angle: a } = axisAngle.fromMat3(axisAngle.toMat3(n, Math.PI));
      expect(a).toBeCloseTo(Math.PI, 14);
      expect(Math.abs(vec3.dot(axis, vec3.normalize(n)))).toBeCloseTo(1, 14);
    }
  });
});

describe("axisAngle.viaCanonicalRotations", () => {
  it("equals Rodrigues' matrix and brings the axis onto +Z after two steps", () => {
    fc.assert(
      fc.property(unitVector, angle, (n, a) => {
        const c = axisAngle.viaCanonicalRotations(n, a);
        expect(c.product).toBeCloseToVec(axisAngle.toMat3(n, a), CHAIN);
        expect(mat3.transformVec3(mat3.multiply(c.rx, c.ry), n)).toBeCloseToVec([0, 0, 1], CHAIN);
      }),
      RUNS,
    );
  });
  it.each([
    [[0, 1, 0], Math.PI / 2],
    [[0, -1, 0], -Math.PI / 2],
    [[0, 5, 0], Math.PI / 2],
  ] as [Vec3, number][])("handles an axis along ±Y (%j): angleY = 0, angleX = %s", (n, ax) => {
    const c = axisAngle.viaCanonicalRotations(n, 0.8);
    expect(c.angleY).toBe(0);
    expect(c.angleX).toBe(ax);
    expect(c.product).toBeCloseToVec(axisAngle.toMat3(n, 0.8), TIGHT);
  });
  it("undoes each step with a transpose", () => {
    const c = axisAngle.viaCanonicalRotations([1, 2, 3], 1);
    expect(mat3.multiply(c.rxInverse, c.rx)).toBeCloseToVec(mat3.identity(), TIGHT);
    expect(mat3.multiply(c.ryInverse, c.ry)).toBeCloseToVec(mat3.identity(), TIGHT);
  });
});
