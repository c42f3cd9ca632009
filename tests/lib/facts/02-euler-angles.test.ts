/**
 * Chapter 02's facts (Euler angles), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/02-euler-angles.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat3, type Vec3, euler, interpolate, mat3, quat, scalar, vec3 } from "../../../lib/index.ts";
import { RUNS, angle, eulerOrder, eulerFrame, rotation } from "../../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../../helpers/tolerance.ts";

const deg = scalar.degToRad;

describe("chapter 02: Euler angles", () => {
  /** The lecture's (θx, θy, θz) = Rz·Ry·Rx: extrinsic XYZ. */
  const lecture = (x: number, y: number, z: number): Mat3 => euler.toMat3([x, y, z], "XYZ", "extrinsic");

  it("the lecture's Rz·Ry·Rx is extrinsic XYZ, i.e. intrinsic ZYX with the angles reversed", () => {
    const [x, y, z] = [0.3, -0.4, 1.1];
    const byHand = mat3.multiply(mat3.rotationZ(z), mat3.multiply(mat3.rotationY(y), mat3.rotationX(x)));
    expect(lecture(x, y, z)).toBeCloseToVec(byHand, TIGHT);
    expect(euler.toMat3([z, y, x], "ZYX")).toBeCloseToVec(byHand, TIGHT);
  });
  it("fact 2.1: at θy = 90°, (θx, 90°, θz) and (θx + δ, 90°, θz + δ) are the same matrix — only θz − θx survives", () => {
    fc.assert(
      fc.property(angle, angle, angle, (x, z, d) => {
        expect(lecture(x + d, deg(90), z + d)).toBeCloseToVec(lecture(x, deg(90), z), CHAIN);
      }),
      RUNS,
    );
    // …so turning z by +δ is undone by turning x by +δ: "Rot z == −Rot x" in the sense that they cancel.
    expect(lecture(0.5, deg(90), 0)).not.toBeCloseToVec(lecture(0, deg(90), 0.5), CHAIN);
    expect(lecture(0.5, deg(90), 0.5)).toBeCloseToVec(lecture(0, deg(90), 0), CHAIN);
  });
  it("fact 2.2: E(180°, 0, 0) = E(0, 180°, 180°)", () => {
    expect(lecture(deg(180), 0, 0)).toBeCloseToVec(lecture(0, deg(180), deg(180)), TIGHT);
    // and the Euler-angle paths between (0,0,0) and these two differ half way:
    const half1 = interpolate.eulerLerp([0, 0, 0], [deg(180), 0, 0], 0.5, "XYZ", "extrinsic");
    const half2 = interpolate.eulerLerp([0, 0, 0], [0, deg(180), deg(180)], 0.5, "XYZ", "extrinsic");
    expect(quat.angleBetween(half1, half2)).toBeGreaterThan(deg(90));
  });
  it("the slide's (z, x, y) = (90°, 45°, 45°) and (45°, 0°, −45°) send +x to the same direction (1/2, √2/2, 1/2), not (1, 1, 1)", () => {
    const a = euler.toMat3([deg(90), deg(45), deg(45)], "ZXY", "extrinsic");
    const b = euler.toMat3([deg(45), 0, deg(-45)], "ZXY", "extrinsic");
    const expected: Vec3 = [0.5, Math.SQRT1_2, 0.5];
    expect(mat3.transformVec3(a, [1, 0, 0])).toBeCloseToVec(expected, TIGHT);
    expect(mat3.transformVec3(b, [1, 0, 0])).toBeCloseToVec(expected, TIGHT);
    expect(vec3.angleBetween(expected, [1, 1, 1])).toBeGreaterThan(deg(9));
    expect(quat.angleBetween(quat.fromMat3(a), quat.fromMat3(b))).toBeGreaterThan(deg(30)); // different rotations
  });
  it("fact 2.3: matrix → angles → matrix round-trips for all 12 orders, both frames, at and ±1e-3 rad from gimbal lock", () => {
    for (const order of euler.ORDERS) {
      for (const frame of ["intrinsic", "extrinsic"] as const) {
        const locks = euler.isProperEuler(order) ? [0, Math.PI] : [deg(90), deg(-90)];
        for (const lock of locks) {
          for (const off of [0, 1e-3, -1e-3]) {
            const r = euler.toMat3([0.9, lock + off, -2.2], order, frame);
            expect(euler.toMat3(euler.fromMat3(r, order, frame), order, frame)).toBeCloseToVec(r, CHAIN);
          }
        }
      }
    }
    fc.assert(
      fc.property(rotation, eulerOrder, eulerFrame, (r, order, frame) => {
        expect(euler.toMat3(euler.fromMat3(r, order, frame), order, frame)).toBeCloseToVec(r, CHAIN);
      }),
      RUNS,
    );
  });
});
