/**
 * The lecture's facts (CURRICULUM.md, 1.1 … 6.4), each computed. Every
 * chapter shows the same numbers in a live cell; here they are proved.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Mat3,
  type Quat,
  type Vec3,
  axisAngle,
  euler,
  interpolate,
  mat3,
  mat4,
  projection,
  quat,
  scalar,
  vec3,
} from "../../lib/index.ts";
import { RUNS, angle, eulerOrder, eulerFrame, rotation, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const deg = scalar.degToRad;
const I = mat3.identity();

describe("chapter 01: canonical rotations", () => {
  it("fact 1.1: the five-step product Ry⁻¹·Rx⁻¹·Rz(θ)·Rx·Ry equals the Rodrigues matrix", () => {
    fc.assert(
      fc.property(vector, angle, (axis, a) => {
        expect(axisAngle.viaCanonicalRotations(axis, a).product).toBeCloseToVec(axisAngle.toMat3(axis, a), CHAIN);
      }),
      RUNS,
    );
  });
  it("fact 1.2: Rx(θ)⁻¹ = Rx(−θ) = Rx(θ)ᵀ (and likewise for Y and Z)", () => {
    fc.assert(
      fc.property(angle, (a) => {
        for (const r of [mat3.rotationX, mat3.rotationY, mat3.rotationZ]) {
          expect(mat3.invert(r(a))).toBeCloseToVec(r(-a), TIGHT);
          expect(mat3.transpose(r(a))).toBeCloseToVec(r(-a), { atol: 0, rtol: 0 }); // exactly
        }
      }),
      RUNS,
    );
  });
  it("fact 1.3: det = +1 and RᵀR = I for every canonical and composed rotation", () => {
    fc.assert(
      fc.property(angle, angle, angle, (a, b, c) => {
        const composed = mat3.multiply(mat3.rotationZ(c), mat3.multiply(mat3.rotationY(b), mat3.rotationX(a)));
        for (const r of [mat3.rotationX(a), mat3.rotationY(b), mat3.rotationZ(c), composed]) {
          expect(mat3.determinant(r)).toBeCloseTo(1, 14);
          expect(mat3.multiply(mat3.transpose(r), r)).toBeCloseToVec(I, TIGHT);
        }
      }),
      RUNS,
    );
  });
});

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

describe("chapter 03: axis–angle", () => {
  it("fact 3.1: Rodrigues step by step (r∥ + cos θ r⊥ + sin θ v) equals the closed form", () => {
    fc.assert(
      fc.property(unitVector, angle, vector, (n, a, r) => {
        const closed = vec3.add(
          vec3.add(vec3.scale(r, Math.cos(a)), vec3.scale(n, (1 - Math.cos(a)) * vec3.dot(n, r))),
          vec3.scale(vec3.cross(n, r), Math.sin(a)),
        );
        expect(axisAngle.rodriguesSteps(n, a, r).rotated).toBeCloseToVec(closed, CHAIN);
        expect(mat3.transformVec3(axisAngle.toMat3(n, a), r)).toBeCloseToVec(closed, CHAIN);
      }),
      RUNS,
    );
  });
  it("fact 3.2: matrix → axis–angle → matrix round-trips for θ in [0, π], including 1e-9 and π − 1e-9", () => {
    const angles = [0, 1e-9, 1e-6, 0.5, Math.PI / 2, 2, Math.PI - 1e-6, Math.PI - 1e-9, Math.PI];
    fc.assert(
      fc.property(unitVector, (n) => {
        for (const a of angles) {
          const r = axisAngle.toMat3(n, a);
          const back = axisAngle.fromMat3(r);
          expect(axisAngle.toMat3(back.axis, back.angle)).toBeCloseToVec(r, CHAIN);
          expect(back.angle).toBeCloseTo(a, 14);
        }
      }),
      RUNS,
    );
  });
});

describe("chapter 04: quaternions", () => {
  const q = (x: number, y: number, z: number, w: number): Quat => [x, y, z, w];
  it("fact 4.1: rolls of π about X, Y, Z are (0, (1,0,0)), (0, (0,1,0)), (0, (0,0,1))", () => {
    expect(quat.fromAxisAngle([1, 0, 0], Math.PI)).toBeCloseToVec(q(1, 0, 0, 0), TIGHT);
    expect(quat.fromAxisAngle([0, 1, 0], Math.PI)).toBeCloseToVec(q(0, 1, 0, 0), TIGHT);
    expect(quat.fromAxisAngle([0, 0, 1], Math.PI)).toBeCloseToVec(q(0, 0, 1, 0), TIGHT);
  });
  it("fact 4.1: 'Ry(π) followed by Rz(π)' is qz·qy = (0, (−1,0,0)); the slide's qy·qz = (0, (1,0,0)) is the same rotation", () => {
    const qy = q(0, 1, 0, 0);
    const qz = q(0, 0, 1, 0);
    expect(quat.multiply(qz, qy)).toEqual([-1, 0, 0, 0]);
    expect(quat.multiply(qy, qz)).toEqual([1, 0, 0, 0]);
    expect(quat.multiply(qz, qy)).toBeSameRotation(quat.multiply(qy, qz), 0);
    expect(quat.toMat3(quat.multiply(qz, qy))).toBeCloseToVec(
      mat3.multiply(mat3.rotationZ(Math.PI), mat3.rotationY(Math.PI)),
      TIGHT,
    );
  });
  it("fact 4.2: toMat3(a·b) = toMat3(a)·toMat3(b)", () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, (a, b) => {
        expect(quat.toMat3(quat.multiply(a, b))).toBeCloseToVec(mat3.multiply(quat.toMat3(a), quat.toMat3(b)), CHAIN);
      }),
      RUNS,
    );
  });
  it("fact 4.3: pow(q45°, 1/3) is the 15° rotation about the same axis", () => {
    fc.assert(
      fc.property(unitVector, (n) => {
        expect(quat.pow(quat.fromAxisAngle(n, deg(45)), 1 / 3)).toBeSameRotation(quat.fromAxisAngle(n, deg(15)));
      }),
      RUNS,
    );
  });
  it("fact 4.4: fromTwoVectors(u, v) rotates u onto v, also for u = −v and for u, v (or u, −v) 1e-12 … 1e-8 apart", () => {
    const lands = (u: Vec3, v: Vec3) => vec3.angleBetween(quat.rotateVec3(quat.fromTwoVectors(u, v), u), v);
    fc.assert(
      fc.property(unitVector, unitVector, fc.constantFrom(1e-12, 1e-10, 1e-8), (u, w, gap) => {
        fc.pre(vec3.length(vec3.cross(u, w)) > 1e-6);
        const side = vec3.normalize(vec3.cross(u, w));
        const near = vec3.add(u, vec3.scale(side, gap));
        const nearOpposite = vec3.add(vec3.negate(u), vec3.scale(side, gap));
        expect(lands(u, w)).toBeLessThan(1e-14);
        expect(lands(u, vec3.negate(u))).toBeLessThan(1e-15);
        expect(lands(u, near)).toBeLessThan(1e-15);
        expect(lands(u, nearOpposite)).toBeLessThan(1e-14);
      }),
      RUNS,
    );
  });
});

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

describe("chapter 06: camera and projection", () => {
  const m = (opts: projection.ProjectionOptions, far = 100) => {
    const p = projection.perspective(deg(90), 1, 1, far, opts);
    return [p[10], p[14]];
  };
  it("fact 6.1: fovY 90°, aspect 1, near 1, far 100 gives (m[10], m[14]) for each depth range", () => {
    expect(m({})).toBeCloseToVec([-101 / 99, -200 / 99], TIGHT);
    expect(m({ depth: "zeroToOne" })).toBeCloseToVec([-100 / 99, -100 / 99], TIGHT);
    expect(m({ depth: "zeroToOne", reversed: true })).toBeCloseToVec([1 / 99, 100 / 99], TIGHT);
    expect(m({}, Infinity)).toEqual([-1, -2]);
    expect(m({ depth: "zeroToOne" }, Infinity)).toEqual([-1, -1]);
  });
  it("fact 6.2: z = −near maps to the near end and z = −far to the far end of each range", () => {
    const cases: [projection.ProjectionOptions, number, number][] = [
      [{}, -1, 1],
      [{ depth: "zeroToOne" }, 0, 1],
      [{ depth: "zeroToOne", reversed: true }, 1, 0],
      [{ reversed: true }, 1, -1],
    ];
    for (const [opts, atNear, atFar] of cases) {
      const p = projection.perspective(deg(90), 1, 1, 100, opts);
      expect(projection.project(p, [0, 0, -1])[2]).toBeCloseTo(atNear, 14);
      expect(projection.project(p, [0, 0, -100])[2]).toBeCloseTo(atFar, 13);
      const o = projection.orthographic(-1, 1, -1, 1, 1, 100, opts);
      expect(projection.project(o, [0, 0, -1])[2]).toBeCloseTo(atNear, 14);
      expect(projection.project(o, [0, 0, -100])[2]).toBeCloseTo(atFar, 13);
    }
  });
  it("fact 6.4: the slide's frustum left = bottom = 10 m, right = top = 20 m maps (10,10) and (20,20) to the screen's corners", () => {
    for (const [width, height] of [
      [640, 480],
      [1920, 1080],
    ] as const) {
      const toPixels = mat4.multiply(
        projection.viewport(0, 0, width, height),
        projection.orthographic(10, 20, 10, 20, -1, 1),
      );
      expect(projection.project(toPixels, [10, 10, 0]).slice(0, 2)).toBeCloseToVec([0, 0], TIGHT);
      expect(projection.project(toPixels, [20, 20, 0]).slice(0, 2)).toBeCloseToVec([width, height], TIGHT);
      expect(projection.project(toPixels, [15, 15, 0]).slice(0, 2)).toBeCloseToVec([width / 2, height / 2], TIGHT);
      // only scales and translates: no rotation or perspective terms
      expect([toPixels[1], toPixels[4], toPixels[3], toPixels[7], toPixels[11]]).toEqual([0, 0, 0, 0, 0]);
    }
  });
});
