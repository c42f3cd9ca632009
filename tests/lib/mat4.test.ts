import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat4, mat3, mat4, vec3 } from "../../lib/index.ts";
import { RUNS, rotation, vector } from "../helpers/arbitraries.ts";
import { describeOutParameter } from "../helpers/outParameter.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const M: Mat4 = [2, 0.5, 0, 0.1, 0.3, 1, 0.2, 0, 0, 0.4, 3, 0.2, 1, 2, 3, 1];

describe("mat4 affine maps", () => {
  it("translation moves points but not directions", () => {
    expect(mat4.transformPoint(mat4.translation([1, 2, 3]), [1, 1, 1])).toEqual([2, 3, 4]);
    expect(mat4.transformVec4(mat4.translation([1, 2, 3]), [1, 1, 1, 0])).toEqual([1, 1, 1, 0]);
  });
  it("scaling scales each axis", () => {
    expect(mat4.transformPoint(mat4.scaling([2, 3, 4]), [1, 1, 1])).toEqual([2, 3, 4]);
  });
  it("fromMat3 embeds a rotation", () => {
    fc.assert(
      fc.property(rotation, vector, (r, v) => {
        expect(mat4.transformPoint(mat4.fromMat3(r), v)).toBeCloseToVec(mat3.transformVec3(r, v), TIGHT);
      }),
      RUNS,
    );
  });
  it("multiply applies the right factor first", () => {
    const t = mat4.translation([1, 0, 0]);
    const r = mat4.fromMat3(mat3.rotationZ(Math.PI / 2));
    expect(mat4.transformPoint(mat4.multiply(r, t), [0, 0, 0])).toBeCloseToVec([0, 1, 0], TIGHT);
    expect(mat4.transformPoint(mat4.multiply(t, r), [0, 0, 0])).toBeCloseToVec([1, 0, 0], TIGHT);
  });
  it("transformPoint divides by w", () => {
    const m = mat4.identity();
    m[15] = 2;
    expect(mat4.transformPoint(m, [2, 4, 6])).toEqual([1, 2, 3]);
  });
});

describeOutParameter("mat4.multiply", mat4.multiply, [M, mat4.translation([1, 2, 3])]);
describeOutParameter("mat4.transformPoint", mat4.transformPoint, [M, [1, 2, 3]]);

describe("mat4.invert and transpose", () => {
  it("inverts a general matrix", () => {
    expect(mat4.multiply(mat4.invert(M), M)).toBeCloseToVec(mat4.identity(), TIGHT);
    expect(mat4.multiply(M, mat4.invert(M))).toBeCloseToVec(mat4.identity(), TIGHT);
  });
  it("transpose twice is the identity map", () => {
    expect(mat4.transpose(mat4.transpose(M))).toEqual(M);
    expect(mat4.transpose(M)[1]).toBe(M[4]);
  });
  it("throws a RangeError naming the function for a singular matrix", () => {
    expect(() => mat4.invert(mat4.scaling([1, 0, 1]))).toThrow(/mat4\.invert: m is singular/);
  });
});

describe("mat4.lookAt", () => {
  it("puts the eye at the origin looking down −Z", () => {
    const eye: [number, number, number] = [3, 4, 5];
    const target: [number, number, number] = [1, 1, 1];
    const view = mat4.lookAt(eye, target, [0, 1, 0]);
    expect(mat4.transformPoint(view, eye)).toBeCloseToVec([0, 0, 0], TIGHT);
    const t = mat4.transformPoint(view, target);
    expect(t).toBeCloseToVec([0, 0, -vec3.distance(eye, target)], CHAIN);
  });
  it("keeps up pointing up on screen", () => {
    const view = mat4.lookAt([0, 0, 5], [0, 0, 0], [0, 1, 0]);
    expect(mat4.transformPoint(view, [0, 1, 0])).toBeCloseToVec([0, 1, -5], TIGHT);
    expect(mat4.transformPoint(view, [1, 0, 0])).toBeCloseToVec([1, 0, -5], TIGHT);
  });
  it("throws for eye = target and for up along the view direction", () => {
    expect(() => mat4.lookAt([1, 1, 1], [1, 1, 1], [0, 1, 0])).toThrow(/mat4\.lookAt: target − eye/);
    expect(() => mat4.lookAt([0, 0, 0], [0, 5, 0], [0, 1, 0])).toThrow(/mat4\.lookAt: up/);
  });
});
