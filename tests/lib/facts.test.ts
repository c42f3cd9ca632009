/**
 * The lecture's facts (docs/curriculum.md, 1.1 … 6.4) and the applied chapters' (7.1 … 15.3), each computed. Every
 * chapter shows the same numbers in a live cell; here they are proved.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Mat3,
  type Quat,
  type Vec3,
  axisAngle,
  constraints,
  decompose,
  ellipsoid,
  euler,
  fit,
  ik,
  interpolate,
  kabsch,
  mat3,
  mat4,
  path,
  projection,
  quat,
  random,
  scalar,
  sdf,
  segments,
  trackball,
  vec3,
} from "../../lib/index.ts";
import { RUNS, angle, eulerOrder, eulerFrame, rotation, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";
import { RM_SCENE, rmChapterScene, rmLight } from "../../notebooks/figures/ray-marching.ts";
import { PATH_EXAMPLE } from "../../notebooks/figures/path-example.ts";
import { KABSCH_MIRROR_SET, KABSCH_SIMILARITY } from "../../notebooks/figures/kabsch-example.ts";

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

describe("chapter 04: the virtual trackball", () => {
  /** The angle q turns by along its own arc, in [0, 2π): the arcball's 2φ reads 2φ even past 180°. */
  const ownAngle = (q: Quat) => 2 * Math.atan2(Math.hypot(q[0], q[1], q[2]), q[3]);
  const screenPoint = fc.tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  );

  it("fact 4.5: a closed drag leaves the arcball exactly at its start; the incremental trackball turned by the loop's holonomy", () => {
    // The chapter's circle: radius 0.5 about the centre, 360 mouse events, from the identity.
    const circle = trackball.circlePath([0, 0], 0.5, 360);
    const arcballEnd = trackball.drag(circle, "arcball").at(-1)!;
    const incrementalEnd = trackball.drag(circle, "incremental").at(-1)!;
    expect(quat.angleBetween(arcballEnd, quat.identity())).toBe(0);
    // Ω = the solid angle the drag encloses on the ball, about the press point's direction (0.5, 0, √0.75) …
    const { axis, angle } = trackball.holonomy(circle);
    expect(axis).toBeCloseToVec([0.5, 0, Math.sqrt(0.75)], TIGHT);
    expect(incrementalEnd).toBeSameRotation(quat.fromAxisAngle(axis, angle), 1e-13);
    // … ≈ the cap 2π(1 − cos 30°) = 0.84179 rad = 48.23° (the 360-gon encloses 3.5e-5 rad less).
    expect(angle).toBeCloseTo(0.841753, 6);
    expect(Math.abs(angle - 2 * Math.PI * (1 - Math.cos(deg(30))))).toBeLessThan(1e-4);
    expect(quat.angleBetween(incrementalEnd, quat.identity())).toBeCloseTo(angle, 12);
    // Any closed drag, any start: arcball back to the start; incremental by the holonomy about its press point.
    fc.assert(
      fc.property(fc.array(screenPoint, { minLength: 2, maxLength: 30 }), unitQuat, (points, start) => {
        const closed = [...points, points[0]!];
        expect(trackball.drag(closed, "arcball", { start }).at(-1)).toBeSameRotation(start, 1e-15);
        expect(trackball.drag(closed, "incremental", { start }).at(-1)).toBeSameRotation(
          quat.multiply(trackball.holonomyRotation(closed), start),
          1e-12,
        );
      }),
      RUNS,
    );
  });

  it("fact 4.6: the arcball turns by twice the angle between the two points on the ball, the incremental trackball by the angle itself", () => {
    fc.assert(
      fc.property(screenPoint, screenPoint, (a, b) => {
        const phi = vec3.angleBetween(trackball.ballPoint(a), trackball.ballPoint(b));
        expect(ownAngle(trackball.arcball(a, b))).toBeCloseTo(2 * phi, 12);
        expect(ownAngle(trackball.trackballStep(a, b))).toBeCloseTo(phi, 12);
      }),
      RUNS,
    );
    // A drag through the centre, left edge to right edge in 200 mouse events: the ball points stay on one
    // great circle, so the incremental steps add up to φ while the arcball turns by 2φ — past 180°.
    const across = Array.from({ length: 201 }, (_, k): trackball.ScreenPoint => [-1 + k / 100, 0]);
    const phi = vec3.angleBetween(trackball.ballPoint(across[0]!), trackball.ballPoint(across[200]!));
    expect(scalar.radToDeg(phi)).toBeCloseTo(126.87, 2); // 2·atan2(1, 1/2)
    expect(ownAngle(trackball.drag(across, "incremental").at(-1)!)).toBeCloseTo(phi, 12);
    expect(ownAngle(trackball.drag(across, "arcball").at(-1)!)).toBeCloseTo(2 * phi, 12);
  });
});

describe("chapter 07: the nearest rotation", () => {
  /** The basis of fact 7.1: columns x = (1, 0.3, 0), y = (0, 1, 0), z = (0, 0, 1). */
  const M: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, 1];
  const frobenius = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.hypot(...a.map((x, i) => x - b[i]!));
  const columnAnglesDeg = (r: Mat3) =>
    ([0, 1, 2] as const).map((j) => scalar.radToDeg(vec3.angleBetween(mat3.column(r, j), mat3.column(M, j))));

  it("fact 7.1: Gram–Schmidt turns the columns by 0°, 16.70°, 0°, the polar rotation by 8.17°, 8.53°, 0° and is nearer (0.2127 vs 0.2937)", () => {
    const gs = mat3.gramSchmidt(M);
    const polar = decompose.polarRotation(M);
    const [g0, g1, g2] = columnAnglesDeg(gs);
    expect(g0).toBe(0); // the first column is kept exactly
    expect(g1).toBeCloseTo(16.699, 3); // atan(0.3)
    expect(g2).toBe(0);
    const [p0, p1, p2] = columnAnglesDeg(polar);
    expect(p0).toBeCloseTo(8.168, 3);
    expect(p1).toBeCloseTo(8.531, 3); // the polar rotation is a turn by 8.531° about z: y moves by exactly that
    expect(p2).toBe(0);
    expect(frobenius(polar, M)).toBeCloseTo(0.21272, 5);
    expect(frobenius(gs, M)).toBeCloseTo(0.29375, 5);
  });
  it("fact 7.2: for M = R·S with S symmetric positive definite the polar rotation is R (1e-12); no other rotation is nearer to a general M", () => {
    const spd = fc
      .tuple(rotation, fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 3, maxLength: 3 }))
      .map(([axes, [a, b, c]]) =>
        mat3.multiply(axes, mat3.multiply([a!, 0, 0, 0, b!, 0, 0, 0, c!], mat3.transpose(axes))),
      );
    fc.assert(
      fc.property(rotation, spd, (r, s) => {
        expect(decompose.polarRotation(mat3.multiply(r, s))).toBeCloseToVec(r, CHAIN);
      }),
      RUNS,
    );
    const general = fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 9, maxLength: 9 });
    fc.assert(
      fc.property(general, unitQuat, (m, turn) => {
        const polar = decompose.polarRotation(m as Mat3);
        const other = mat3.multiply(quat.toMat3(turn), polar);
        expect(frobenius(polar, m as Mat3)).toBeLessThanOrEqual(frobenius(other, m as Mat3) + 1e-12);
      }),
      RUNS,
    );
  });
  it("fact 7.3: Müller's iteration from the identity shrinks |ω| about threefold per step (0.100, 0.0327, 0.0108, …) and reaches the polar rotation to 1e-9 in 18 steps", () => {
    const polar = quat.fromMat3(decompose.polarRotation(M));
    const omegas: number[] = [];
    let q = quat.identity();
    let reached = 0;
    for (let k = 1; k <= 30; k++) {
      const { omega, next } = decompose.mullerStep(M, q);
      omegas.push(vec3.length(omega));
      q = next;
      if (!reached && quat.angleBetween(q, polar) < 1e-9) reached = k;
    }
    expect(omegas.slice(0, 3).map((w) => Number(w.toPrecision(3)))).toEqual([0.1, 0.0327, 0.0108]);
    for (let k = 1; k < 10; k++) expect(omegas[k - 1]! / omegas[k]!).toBeCloseTo(3.02, 1); // → 3.0224 = tr S / σ_z
    expect(reached).toBe(18);
    // Warm-started from the previous frame (the shear 0.3 → 0.31 → … , the answer turning 0.0049 rad per frame):
    // 2 steps where a cold start takes 5 at a tolerance of 1e-3 rad — but 14 against 17 at 1e-9: a warm start saves
    // the steps from the identity to the previous answer, log₃(0.149 / 0.0049) ≈ 3, not all but one or two.
    for (const [tolerance, warmSteps, coldSteps] of [
      [1e-3, 2, 5],
      [1e-9, 14, 17],
    ] as const) {
      let previous = decompose.mullerRotation(M, { tolerance }).rotation;
      for (let frame = 1; frame <= 20; frame++) {
        const m: Mat3 = [1, 0.3 + 0.01 * frame, 0, 0, 1, 0, 0, 0, 1];
        const warm = decompose.mullerRotation(m, { start: previous, tolerance });
        expect([warm.iterations, decompose.mullerRotation(m, { tolerance }).iterations]).toEqual([
          warmSteps,
          coldSteps,
        ]);
        previous = warm.rotation;
      }
    }
  });
  it("fact 7.4: from the identity Müller's first step is exactly zero for diag(−1, −1, 1); the library detects the stall and recovers", () => {
    const halfTurn: Mat3 = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
    expect(decompose.mullerStep(halfTurn, quat.identity()).omega).toEqual([0, 0, 0]);
    const result = decompose.mullerRotation(halfTurn);
    expect(result).toMatchObject({ converged: true, restarts: 1 });
    expect(result.rotation).toBeSameRotation(quat.fromAxisAngle([0, 0, 1], Math.PI));
    expect(quat.toMat3(result.rotation)).toBeCloseToVec(decompose.polarRotation(halfTurn), TIGHT);
  });
});

// ── Chapter 07, facts added after review (issue 19: docs/curriculum.md 7.5, 7.6 and the corrections) ──────────────
describe("chapter 07: after review (issue 19)", () => {
  const frobenius = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.hypot(...a.map((x, i) => x - b[i]!));
  const trace = (m: Readonly<Mat3>) => m[0] + m[4] + m[8];
  const columns = (m: Mat3): [Vec3, Vec3, Vec3] => [mat3.column(m, 0), mat3.column(m, 1), mat3.column(m, 2)];
  /** The blog's "The Future?" loop: each column ← its old length × unit(other two crossed + itself), then unit columns. */
  const blogCross = (m: Mat3, iterations: number): Mat3 => {
    let [x, y, z] = columns(m);
    const lengths = [vec3.length(x), vec3.length(y), vec3.length(z)] as const;
    for (let k = 0; k < iterations; k++) {
      [x, y, z] = [
        vec3.scale(vec3.normalize(vec3.add(vec3.cross(y, z), x)), lengths[0]),
        vec3.scale(vec3.normalize(vec3.add(vec3.cross(z, x), y)), lengths[1]),
        vec3.scale(vec3.normalize(vec3.add(vec3.cross(x, y), z)), lengths[2]),
      ];
    }
    return mat3.fromColumns(vec3.normalize(x), vec3.normalize(y), vec3.normalize(z));
  };
  /** The mended loop: X ← ½(X/c + cof X/c²), c = ∛(x·(y×z)). */
  const mendedCross = (m: Mat3, iterations: number): Mat3 => {
    let [x, y, z] = columns(m);
    for (let k = 0; k < iterations; k++) {
      const [yz, zx, xy] = [vec3.cross(y, z), vec3.cross(z, x), vec3.cross(x, y)];
      const c = Math.cbrt(vec3.dot(x, yz));
      const half = (a: Vec3, cofactor: Vec3) => vec3.add(vec3.scale(a, 0.5 / c), vec3.scale(cofactor, 0.5 / (c * c)));
      [x, y, z] = [half(x, yz), half(y, zx), half(z, xy)];
    }
    return mat3.fromColumns(x, y, z);
  };

  it("fact 7.5: the blog's cross-product loop is Newton's polar iteration (cof X = det X·X⁻ᵀ); scaled by ∛det X it reaches the polar rotation to 1e-12 rad within 10 iterations on 1000 random matrices, where the blog's misses by up to 7.34°", () => {
    // The cross products are the cofactors: [y×z, z×x, x×y] = det X · X⁻ᵀ.
    const x0: Mat3 = [1, 0.3, 0.2, -0.4, 1.1, 0.5, 0.3, -0.2, 0.9];
    const [x, y, z] = columns(x0);
    const cofactor = mat3.fromColumns(vec3.cross(y, z), vec3.cross(z, x), vec3.cross(x, y));
    expect(cofactor).toBeCloseToVec(
      mat3.transpose(mat3.invert(x0)).map((e) => e * mat3.determinant(x0)) as Mat3,
      TIGHT,
    );
    const rng = random.seeded(705); // the chapter's trials (section 5)
    let trials = 0;
    let blogWorstDeg = 0;
    let blogOverOneDeg = 0;
    while (trials < 1000) {
      const m = Array.from({ length: 9 }, () => random.uniform(rng, -1, 1)) as Mat3;
      if (!(mat3.determinant(m) > 0)) continue;
      trials++;
      const polar = decompose.polarRotation(m);
      const mended = mendedCross(m, 10);
      expect(mat3.orthonormalityError(mended)).toBeLessThanOrEqual(1e-12);
      expect(quat.fromMat3(mended)).toBeSameRotation(quat.fromMat3(polar), 1e-12);
      const blog = decompose.polarRotation(blogCross(m, 9));
      const missDeg = scalar.radToDeg(quat.angleBetween(quat.fromMat3(blog), quat.fromMat3(polar)));
      blogWorstDeg = Math.max(blogWorstDeg, missDeg);
      if (missDeg > 1) blogOverOneDeg++;
    }
    expect(blogWorstDeg).toBeCloseTo(7.34, 2);
    expect(blogOverOneDeg).toBe(437);
    // The blog's loop does converge — to a wrong frame: any matrix with perpendicular columns is a fixed point.
    const stretched: Mat3 = [2, 0, 0, 0, 0.5, 0, 0, 0, 1];
    const tilted = mat3.multiply(quat.toMat3(quat.fromAxisAngle([1, 1, 0], 0.3)), stretched);
    expect(blogCross(tilted, 1)).toBeCloseToVec(quat.toMat3(quat.fromAxisAngle([1, 1, 0], 0.3)), TIGHT);
  });
  it("fact 7.6: the sign fix costs 2σ₃ of the trace and raises the squared distance by 4σ₃ (mirrored basis: 4σ₃ = 3.4447, the distances differ by 1.6554)", () => {
    const mirrored: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, -1];
    const { u, s, v } = decompose.svd(mirrored);
    const reflection = mat3.multiply(u, mat3.transpose(v));
    const rotation = decompose.polarRotation(mirrored);
    expect(mat3.determinant(reflection)).toBeCloseTo(-1, 14);
    const lost =
      trace(mat3.multiply(mat3.transpose(reflection), mirrored)) -
      trace(mat3.multiply(mat3.transpose(rotation), mirrored));
    expect(lost).toBeCloseTo(2 * s[2], 12);
    expect(frobenius(rotation, mirrored) ** 2 - frobenius(reflection, mirrored) ** 2).toBeCloseTo(4 * s[2], 12);
    expect(4 * s[2]).toBeCloseTo(3.4447, 4);
    expect(frobenius(rotation, mirrored) - frobenius(reflection, mirrored)).toBeCloseTo(1.6554, 4);
  });
  it("the half-turn stall is the (degenerate) global minimum of tr(RᵀM), not a saddle: tr(RᵀM) = 1 + 2cos∠(R, M) ≥ −1", () => {
    const halfTurn: Mat3 = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
    expect(trace(halfTurn)).toBe(-1); // at the identity
    fc.assert(
      fc.property(unitQuat, (q) => {
        const r = quat.toMat3(q);
        const value = trace(mat3.multiply(mat3.transpose(r), halfTurn));
        expect(value).toBeGreaterThanOrEqual(-1 - 1e-12);
        const angle = quat.angleBetween(q, quat.fromAxisAngle([0, 0, 1], Math.PI));
        expect(value).toBeCloseTo(1 + 2 * Math.cos(angle), 12);
      }),
      RUNS,
    );
    // A saddle needs a matrix that is not a rotation: diag(2, −1, −1.5) from the identity, λ₂ + λ₃ < 0 < λ₁ + λ₂.
    const saddle: Mat3 = [2, 0, 0, 0, -1, 0, 0, 0, -1.5];
    const at = (axis: Vec3, a: number) => trace(mat3.multiply(mat3.transpose(axisAngle.toMat3(axis, a)), saddle));
    expect(decompose.mullerStep(saddle, quat.identity()).omega).toEqual([0, 0, 0]);
    expect(at([1, 0, 0], 0.1)).toBeGreaterThan(at([1, 0, 0], 0)); // up about x
    expect(at([0, 0, 1], 0.1)).toBeLessThan(at([0, 0, 1], 0)); // down about z
  });
  it("Müller's step near the answer is (I − S/tr S) of the Newton step: ⅔ of it for a rotation, leaving S·ε/tr S", () => {
    const r = quat.fromAxisAngle([1, 2, -1], 0.7);
    const eps: Vec3 = [1e-7, -2e-7, 0.5e-7];
    const near = quat.multiply(quat.fromAxisAngle(eps, vec3.length(eps)), r);
    const { omega } = decompose.mullerStep(quat.toMat3(r), near);
    expect(omega).toBeCloseToVec(vec3.scale(eps, -2 / 3), { atol: 1e-15, rtol: 0 });
    const axes = quat.toMat3(quat.fromAxisAngle([0.3, -1, 0.2], 1.1));
    const s = mat3.multiply(axes, mat3.multiply([1.2, 0, 0, 0, 0.9, 0, 0, 0, 0.7], mat3.transpose(axes)));
    const m = mat3.multiply(quat.toMat3(r), s);
    const sWorld = mat3.multiply(quat.toMat3(r), mat3.multiply(s, quat.toMat3(quat.conjugate(r))));
    const left = vec3.add(eps, decompose.mullerStep(m, near).omega);
    expect(left).toBeCloseToVec(vec3.scale(mat3.transformVec3(sWorld, eps), 1 / 2.8), { atol: 1e-13, rtol: 0 });
  });
  it("the 1e-9 guard is a mend: the blog's abs(tr + 1e-9) and the paper's 1/|tr| + 1e-9 both divide by zero", () => {
    const tr = -1e-9;
    expect(1 / Math.abs(tr + 1e-9)).toBe(Infinity); // the blog's placement
    expect(1 / Math.abs(0) + 1e-9).toBe(Infinity); // the paper's listing, at tr = 0
    expect(1 / (Math.abs(tr) + 1e-9)).toBeCloseTo(5e8, 0); // the course's
    // a 120° turn about z from the identity has tr = 0 exactly enough: the step stays finite
    expect(vec3.length(decompose.mullerStep(mat3.rotationZ((2 * Math.PI) / 3), quat.identity()).omega)).toBeLessThan(
      Infinity,
    );
  });
  it("‖MᵀM − I‖_F measures distance from orthonormal, not from a rotation: 0 for a reflection", () => {
    expect(mat3.orthonormalityError([-1, 0, 0, 0, 1, 0, 0, 0, 1])).toBe(0);
  });
});

describe("chapter 08: Kabsch", () => {
  it("fact 8.1: points rotated by a known R and moved by t (≥ 3, not collinear) are recovered to 1e-12", () => {
    const cloud = fc.array(vector, { minLength: 3, maxLength: 12 }).filter((ps) => {
      const [a, b] = decompose.symmetricEigen(kabsch.crossCovariance(ps, ps)).values;
      return b > 1e-4 * a; // not (nearly) collinear
    });
    fc.assert(
      fc.property(cloud, unitQuat, vector, (from, r, t) => {
        const to = from.map((p) => vec3.add(quat.rotateVec3(r, p), t));
        const fit = kabsch.kabsch(from, to);
        expect(fit.rotation).toBeSameRotation(r, 1e-12);
        expect(fit.translation).toBeCloseToVec(t, { atol: 1e-11, rtol: 0 });
        expect(fit.rmsd).toBeLessThan(1e-12);
      }),
      RUNS,
    );
  });
  it("fact 8.2: a set and its mirror image in x: the unconstrained SVD answer is a reflection (det −1, RMSD 0); the best rotation has RMSD 1.0", () => {
    const from = KABSCH_MIRROR_SET;
    const to = from.map(([x, y, z]): Vec3 => [-x, y, z]);
    const { u, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to)));
    const reflection = mat3.multiply(u, mat3.transpose(v)); // U·Vᵀ without the sign fix
    expect(mat3.determinant(reflection)).toBeCloseTo(-1, 14);
    const shift = vec3.sub(kabsch.centroid(to), mat3.transformVec3(reflection, kabsch.centroid(from)));
    const mirrored = from.map((p) => vec3.add(mat3.transformVec3(reflection, p), shift));
    expect(kabsch.rmsd(mirrored, to)).toBe(0);
    const fit = kabsch.kabsch(from, to);
    expect(mat3.determinant(quat.toMat3(fit.rotation))).toBeCloseTo(1, 14);
    expect(fit.rmsd).toBeCloseTo(1, 14);
    // H = diag(−1, 1, 1): all three singular values are 1, so after the sign fix a whole family of rotations
    // (every half turn about an axis in the yz plane, among others) reaches RMSD 1 — kabsch says so.
    expect(fit.degenerate).toBe(true);
    const other = quat.fromAxisAngle([0, 0, 1], Math.PI); // the half turn about z: also RMSD 1
    const t = vec3.sub(kabsch.centroid(to), quat.rotateVec3(other, kabsch.centroid(from)));
    expect(
      kabsch.rmsd(
        from.map((p) => vec3.add(quat.rotateVec3(other, p), t)),
        to,
      ),
    ).toBeCloseTo(1, 14);
  });
  it("fact 8.3: for collinear points every spin about their line fits equally well: a valid rotation, flagged degenerate", () => {
    fc.assert(
      fc.property(unitVector, unitQuat, vector, angle, (dir, r, t, spin) => {
        const from = [-1, 0, 0.5, 2].map((s) => vec3.scale(dir, s));
        const to = from.map((p) => vec3.add(quat.rotateVec3(r, p), t));
        const fit = kabsch.kabsch(from, to);
        expect(fit.degenerate).toBe(true);
        expect(quat.length(fit.rotation)).toBeCloseTo(1, 14);
        expect(fit.rmsd).toBeLessThan(1e-12);
        const spun = quat.multiply(quat.fromAxisAngle(quat.rotateVec3(r, dir), spin), fit.rotation);
        const moved = from.map((p) => vec3.add(quat.rotateVec3(spun, p), fit.translation));
        expect(kabsch.rmsd(moved, to)).toBeLessThan(1e-9);
      }),
      RUNS,
    );
  });
  it("fact 8.4: with scale, points scaled by 2.5 are recovered with s = 2.5", () => {
    const { from, to, rotation: r } = KABSCH_SIMILARITY; // turned, scaled by 2.5, moved by (3, −1, 2)
    const fit = kabsch.kabsch(from, to, { scale: true });
    expect(fit.scale).toBeCloseTo(2.5, 13);
    expect(fit.rotation).toBeSameRotation(r, 1e-13);
    expect(fit.translation).toBeCloseToVec([3, -1, 2], CHAIN);
    expect(fit.rmsd).toBeLessThan(1e-13);
  });
});

// ── Chapter 08, facts added after review (issue 19: docs/curriculum.md 8.5, 8.6) ────────────────────────────────────
describe("chapter 08: after review (issue 19)", () => {
  it("fact 8.5: for coplanar sets det(UVᵀ) is the SVD's arbitrary choice — 483 of 1000 random non-mirrored planar 5-point sets give a reflection; the fixed answer is a rotation with RMSD 0 in every one", () => {
    const rng = random.seeded(805); // the chapter's sets (section 4)
    let reflections = 0;
    for (let k = 0; k < 1000; k++) {
      const e1 = random.unitVector(rng);
      const e2 = vec3.normalize(vec3.cross(e1, random.unitVector(rng)));
      const from = Array.from({ length: 5 }, () =>
        vec3.add(vec3.scale(e1, random.uniform(rng, -1, 1)), vec3.scale(e2, random.uniform(rng, -1, 1))),
      );
      const r = random.unitQuat(rng);
      const t = random.unitVector(rng);
      const to = from.map((p) => vec3.add(quat.rotateVec3(r, p), t));
      const { u, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to)));
      const plain = mat3.multiply(u, mat3.transpose(v));
      if (mat3.determinant(plain) < 0) {
        reflections++;
        // a reflection in the points' own plane: it fits them as well as the rotation does
        const shift = vec3.sub(kabsch.centroid(to), mat3.transformVec3(plain, kabsch.centroid(from)));
        expect(
          kabsch.rmsd(
            from.map((p) => vec3.add(mat3.transformVec3(plain, p), shift)),
            to,
          ),
        ).toBeLessThan(1e-12);
      }
      const fit = kabsch.kabsch(from, to);
      expect(mat3.determinant(quat.toMat3(fit.rotation))).toBeCloseTo(1, 14);
      expect(fit.rotation).toBeSameRotation(r, 1e-12);
      expect(fit.rmsd).toBeLessThan(1e-12);
      expect(fit.degenerate).toBe(false);
    }
    expect(reflections).toBe(483);
    // Three points are always coplanar: the same holds for every 3-point set.
    const three: Vec3[] = [[0, 0, 0], [1, 0.2, -0.3], [0.4, 1.1, 0.5]]; // prettier-ignore
    const r = quat.fromAxisAngle([0.2, -1, 0.4], 2.1);
    const fit = kabsch.kabsch(
      three,
      three.map((p) => quat.rotateVec3(r, p)),
    );
    expect(fit.rotation).toBeSameRotation(r, 1e-12);
  });
  it("fact 8.6: four points on a 2.5-long line, one moved 3e-5 off it, an exact rigid motion: not degenerate, the rotation recovered to 1e-9 rad, RMSD ≤ 1e-12", () => {
    const from: Vec3[] = [[0, 0, 0], [0.5, 0, 0], [1.5, 3e-5, 0], [2.5, 0, 0]]; // prettier-ignore
    const r = quat.fromAxisAngle([1, 2, -1], 0.9);
    const to = from.map((p) => vec3.add(quat.rotateVec3(r, p), [3, -1, 2]));
    const fit = kabsch.kabsch(from, to);
    expect(fit.degenerate).toBe(false);
    expect(fit.rotation).toBeSameRotation(r, 1e-9);
    expect(fit.rmsd).toBeLessThanOrEqual(1e-12);
    // The singular values are squared lengths: the width ratio is 1.3e-5, the singular-value ratio 1.7e-10 —
    // under the old cut s₁ ≤ 1e-9·s₀, which flagged the set and returned a rotation 22.3° off.
    const { u, s, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to)));
    expect(Math.sqrt(s[1] / s[0])).toBeCloseTo(1.318e-5, 8);
    expect(s[1]).toBeLessThanOrEqual(1e-9 * s[0]);
    const oldAnswer = quat.fromTwoVectors(mat3.column(v, 0), mat3.column(u, 0));
    expect(scalar.radToDeg(quat.angleBetween(oldAnswer, r))).toBeCloseTo(22.3, 1);
    // Any spread of the same set down to 1e-6 of its length is still a fit, not a line.
    for (const off of [3e-4, 3e-5, 3e-6]) {
      const f: Vec3[] = [[0, 0, 0], [0.5, 0, 0], [1.5, off, 0], [2.5, 0, 0]]; // prettier-ignore
      expect(
        kabsch.kabsch(
          f,
          f.map((p) => quat.rotateVec3(r, p)),
        ).degenerate,
      ).toBe(false);
    }
  });
});

describe("chapter 09: fitting lines and planes", () => {
  const points: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore
  const lineAngleDeg = (a: Vec3, b: Vec3) =>
    scalar.radToDeg(Math.min(vec3.angleBetween(a, b), vec3.angleBetween(a, vec3.negate(b))));

  it("fact 9.1: centroid (2, 0.01, 0.01), scatter eigenvalues 10.0005, 0.0309, 0.0026", () => {
    const { centroid, matrix } = fit.scatter(points);
    expect(centroid).toBeCloseToVec([2, 0.01, 0.01], TIGHT);
    const { values } = decompose.symmetricEigen(matrix);
    expect(values[0]).toBeCloseTo(10.0005, 4);
    expect(values[1]).toBeCloseTo(0.0309, 4);
    expect(values[2]).toBeCloseTo(0.0026, 4);
  });
  it("fact 9.2: power iteration from (0, 1, 0) is off by 27.0°, 0.090°, 0.00028° after 1, 2, 3 steps (ratio ≈ λ₂/λ₁ per step)", () => {
    const { values, vectors } = decompose.symmetricEigen(fit.scatter(points).matrix);
    const top = mat3.column(vectors, 0);
    const errors = [1, 2, 3].map((k) =>
      lineAngleDeg(fit.fitLine(points, { start: [0, 1, 0], maxIterations: k }).direction, top),
    );
    expect(errors[0]).toBeCloseTo(26.97, 2);
    expect(errors[1]).toBeCloseTo(0.08998, 5);
    expect(errors[2]).toBeCloseTo(0.000278, 6);
    const ratio = values[1] / values[0]; // 0.00309
    const tanRad = errors.map((e) => Math.tan(scalar.degToRad(e)));
    expect(tanRad[1]! / tanRad[0]!).toBeCloseTo(ratio, 4); // 0.003086: the λ₃ part still counts after one step
    expect(tanRad[2]! / tanRad[1]!).toBeCloseTo(ratio, 5);
  });
  it("fact 9.3: collinear points along x from (0, 1, 0): the naive update is the zero vector (NaN after normalizing); a start from the scatter's largest column never is", () => {
    const onX: Vec3[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [5, 0, 0]]; // prettier-ignore
    const s = fit.scatter(onX).matrix;
    const naive = mat3.transformVec3(s, [0, 1, 0]);
    expect(naive).toEqual([0, 0, 0]);
    expect(naive.map((x) => x / vec3.length(naive)).every(Number.isNaN)).toBe(true);
    expect(() => fit.powerStep(s, [0, 1, 0])).toThrow(RangeError);
    expect(lineAngleDeg(fit.fitLine(onX, { start: [0, 1, 0] }).direction, [1, 0, 0])).toBe(0);
    // S·(S eⱼ) ≠ 0 whenever S eⱼ ≠ 0 (S is positive semidefinite), so the largest column never collapses.
    fc.assert(
      fc.property(fc.array(vector, { minLength: 2, maxLength: 10 }), (ps) => {
        const m = fit.scatter(ps).matrix;
        const columns = ([0, 1, 2] as const).map((j) => mat3.column(m, j));
        const largest = columns.reduce((a, b) => (vec3.length(b) > vec3.length(a) ? b : a));
        expect(vec3.length(mat3.transformVec3(m, largest))).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});

describe("chapter 10: inverse kinematics", () => {
  const unit: ik.Joint[] = [{ length: 1 }, { length: 1 }, { length: 1 }];
  const straight: Quat[] = [[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]]; // prettier-ignore
  const bent: Quat[] = unit.map(() => quat.fromAxisAngle([0, 0, 1], 0.4));
  /** The largest angle between a bone and the direction base → target, radians. */
  const bend = (p: Vec3[], t: Vec3) =>
    Math.max(...p.slice(1).map((q, i) => vec3.angleBetween(vec3.sub(q, p[i]!), vec3.sub(t, p[0]!))));

  it("fact 10.1: an unreachable target: both methods end with the chain straight toward it, the tip |target| − L short", () => {
    for (const t of [
      [3, 4, 1],
      [-2, 0.5, 5],
      [0, 0, -3.5],
    ] as Vec3[]) {
      const short = vec3.length(t) - 3;
      const c = ik.ccd([0, 0, 0], unit, bent, t, { maxIterations: 200 });
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], unit, bent), t);
      for (const r of [c, f]) {
        expect(r.converged).toBe(false);
        expect(bend(r.positions, t)).toBeLessThan(1e-6);
        expect(Math.abs(r.error - short)).toBeLessThan(1e-9);
      }
    }
  });
  it("fact 10.2: for reachable targets both converge to 1e-6 and bone lengths stay exact (1e-12)", () => {
    const rng = random.seeded(102);
    for (let k = 0; k < 50; k++) {
      const t = vec3.scale(random.unitVector(rng), random.uniform(rng, 0.3, 2.8));
      const c = ik.ccd([0, 0, 0], unit, bent, t, { maxIterations: 5000, tolerance: 1e-6 });
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], unit, bent), t, { maxIterations: 5000, tolerance: 1e-6 });
      for (const r of [c, f]) {
        expect(r.error).toBeLessThanOrEqual(1e-6);
        for (const l of ik.boneLengths(r.positions)) expect(Math.abs(l - 1)).toBeLessThan(1e-12);
      }
    }
  });
  it("fact 10.3: with hinges every joint turns only about its axis and never past its limits", () => {
    const { origin, joints } = ik.BLOG_ARM;
    const rng = random.seeded(103);
    for (let k = 0; k < 40; k++) {
      const t = vec3.add(origin, vec3.scale(random.unitVector(rng), random.uniform(rng, 5, 95)));
      const r = ik.ccd(
        origin,
        joints,
        joints.map((): Quat => [0, 0, 0, 1]),
        t,
        { maxIterations: 50 },
      );
      r.rotations!.forEach((q, i) => {
        const h = vec3.normalize(joints[i]!.hinge!);
        const v: Vec3 = [q[0], q[1], q[2]];
        expect(vec3.length(vec3.sub(v, vec3.scale(h, vec3.dot(v, h))))).toBeLessThan(1e-12);
        const [lo, hi] = joints[i]!.limits!;
        const a = ik.hingeAngle(q, h);
        expect(a).toBeGreaterThanOrEqual(lo - 1e-12);
        expect(a).toBeLessThanOrEqual(hi + 1e-12);
      });
    }
  });
  it("fact 10.4: neither dominates — a 3-link unit chain along +x: (2.9, 0.1, 0) CCD 134 vs FABRIK 28 iterations; (−1, 0.2, 0) CCD 4 vs FABRIK 551 (to 1e-6)", () => {
    const count = (t: Vec3) => {
      const opts = { maxIterations: 10000, tolerance: 1e-6 };
      const c = ik.ccd([0, 0, 0], unit, straight, t, opts);
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], unit, straight), t, opts);
      expect(c.converged && f.converged).toBe(true);
      return [c.iterations, f.iterations];
    };
    expect(count([2.9, 0.1, 0])).toEqual([134, 28]);
    expect(count([-1, 0.2, 0])).toEqual([4, 551]);
  });
});

// ── Chapter 10, facts added after review (issue 19: docs/curriculum.md 10.5, 10.6 and the hinge correction) ───────────
describe("chapter 10: after review (issue 19)", () => {
  const chain: ik.Joint[] = [{ length: 1 }, { length: 1 }, { length: 1 }];
  const straight: Quat[] = [[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]]; // prettier-ignore
  const { origin, joints } = ik.BLOG_ARM;
  const lastBone = (p: Vec3[]) => vec3.normalize(vec3.sub(p[p.length - 1]!, p[p.length - 2]!));
  /** The blog's "Bonus: Direction" sweep: joints 3–4 turn the last bone onto `direction`, 0–2 the tip onto `target`. */
  const directionSweep = (rotations: Quat[], target: Vec3, direction: Vec3): Quat[] => {
    let r = rotations;
    for (let i = joints.length - 1; i >= 0; i--) {
      if (i < 3) {
        r = ik.ccdJointStep(origin, joints, r, i, target);
        continue;
      }
      const turn = quat.fromTwoVectors(lastBone(ik.forwardKinematics(origin, joints, r)), direction);
      const parent = ik.jointFrames(r)[i - 1]!;
      const local = quat.multiply(quat.multiply(quat.conjugate(parent), quat.multiply(turn, parent)), r[i]!);
      r = r.slice();
      r[i] = ik.constrainToHinge(local, joints[i]!);
    }
    return r;
  };
  const solveWithDirection = (start: Quat[], target: Vec3, direction: Vec3, maxSweeps = 3000) => {
    let r = start.map((q, i) => ik.constrainToHinge(q, joints[i]!));
    const measure = () => {
      const p = ik.forwardKinematics(origin, joints, r);
      return { tip: vec3.distance(p.at(-1)!, target), dir: vec3.angleBetween(lastBone(p), direction) };
    };
    let e = measure();
    let sweeps = 0;
    while (sweeps < maxSweeps && (e.tip > 1e-7 || e.dir > 1e-7)) {
      r = directionSweep(r, target, direction);
      sweeps++;
      e = measure();
    }
    return { rotations: r, sweeps, ...e };
  };
  const rest: Quat[] = joints.map((): Quat => [0, 0, 0, 1]);

  it("fact 10.5: FABRIK stalls on a collinear chain just as CCD does — errors 0.5 and 1.0 after 200 iterations; a 0.001 rad kick escapes", () => {
    const opts = { maxIterations: 200, tolerance: 1e-9 };
    for (const [t, left] of [
      [[1.5, 0, 0], 0.5],
      [[0, 0, 0], 1],
    ] as [Vec3, number][]) {
      const c = ik.ccd([0, 0, 0], chain, straight, t, opts);
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], chain, straight), t, opts);
      for (const r of [c, f]) {
        expect(r.converged).toBe(false);
        expect(r.error).toBeCloseTo(left, 12);
        expect(r.positions.at(-1)).toBeCloseToVec([1, 0, 0], TIGHT); // the tip folded back onto the first joint
      }
      const kicked: Quat[] = [quat.fromAxisAngle([0, 0, 1], 1e-3), straight[1]!, straight[2]!];
      expect(ik.ccd([0, 0, 0], chain, kicked, t, opts).converged).toBe(true);
      expect(ik.fabrik(ik.forwardKinematics([0, 0, 0], chain, kicked), t, opts).converged).toBe(true);
    }
  });
  it("fact 10.6: the blog's 5-hinge arm reaches a point from a given direction (tip 1e-6, last bone 1e-6 rad); position-only CCD leaves the bone 55.3° off", () => {
    const pose = [30, 40, 50, 40, -40].map((a, i) => quat.fromAxisAngle(joints[i]!.hinge!, deg(a)));
    const p = ik.forwardKinematics(origin, joints, pose);
    const [target, direction] = [p.at(-1)!, lastBone(p)];
    const run = solveWithDirection(rest, target, direction);
    expect(run.tip).toBeLessThanOrEqual(1e-6);
    expect(run.dir).toBeLessThanOrEqual(1e-6);
    expect(run.sweeps).toBe(103);
    run.rotations.forEach((q, i) => {
      const a = ik.hingeAngle(q, joints[i]!.hinge!);
      expect(a).toBeGreaterThanOrEqual(joints[i]!.limits![0] - 1e-12);
      expect(a).toBeLessThanOrEqual(joints[i]!.limits![1] + 1e-12);
    });
    const positionOnly = ik.ccd(origin, joints, rest, target, { maxIterations: 3000, tolerance: 1e-9 });
    expect(positionOnly.converged).toBe(true);
    expect(scalar.radToDeg(vec3.angleBetween(lastBone(positionOnly.positions), direction))).toBeCloseTo(55.3, 1);
    // Simulated annealing: the fifth seeded pose, which the plain solve gets stuck on 5.66 away; one kick frees it.
    const poseRng = random.seeded(1061);
    const poses = Array.from({ length: 5 }, () =>
      joints.map((j) => quat.fromAxisAngle(j.hinge!, random.uniform(poseRng, 0.8 * j.limits![0], 0.8 * j.limits![1]))),
    );
    const hard = ik.forwardKinematics(origin, joints, poses[4]!);
    const stuck = solveWithDirection(rest, hard.at(-1)!, lastBone(hard));
    expect(stuck.sweeps).toBe(3000);
    expect(stuck.tip).toBeCloseTo(5.66, 2);
    const kickRng = random.seeded(1062);
    const kicked = stuck.rotations.map((q, i) =>
      quat.multiply(q, quat.fromAxisAngle(joints[i]!.hinge!, random.uniform(kickRng, -1, 1))),
    );
    const annealed = solveWithDirection(kicked, hard.at(-1)!, lastBone(hard));
    expect(annealed.tip).toBeLessThanOrEqual(1e-6);
    expect(annealed.dir).toBeLessThanOrEqual(1e-6);
  });
  it("FABRIK can keep hinges: projecting every joint onto the hinge plane in both passes keeps a z-hinged chain in z = 0 and reaches in-plane targets", () => {
    const flat = (p: Vec3): Vec3 => [p[0], p[1], 0]; // the plane every bone of a z-hinged chain turns in
    const lengths = [1, 1, 1];
    const hingedFabrik = (start: Vec3[], target: Vec3, iterations: number): Vec3[] => {
      const p = start.map((q) => [...q] as Vec3);
      for (let k = 0; k < iterations; k++) {
        p[3] = flat(target); // backward: the tip to the target's projection
        for (let i = 2; i >= 0; i--) p[i] = flat(constraints.constrainDistance(p[i]!, p[i + 1]!, lengths[i]!));
        p[0] = [0, 0, 0]; // forward: the base back in place
        for (let i = 1; i <= 3; i++) p[i] = flat(constraints.constrainDistance(p[i]!, p[i - 1]!, lengths[i - 1]!));
      }
      return p;
    };
    const start = ik.forwardKinematics(
      [0, 0, 0],
      chain,
      chain.map(() => quat.fromAxisAngle([0, 0, 1], 0.4)),
    );
    for (const t of [
      [1.2, 1.9, 0],
      [-1.5, 0.8, 0],
      [0.3, -2.2, 0],
    ] as Vec3[]) {
      const p = hingedFabrik(start, t, 500);
      expect(vec3.distance(p[3]!, t)).toBeLessThan(1e-9);
      for (const q of p) expect(q[2]).toBe(0);
      for (const l of ik.boneLengths(p)) expect(l).toBeCloseTo(1, 12);
    }
    // Plain FABRIK leaves the plane for an out-of-plane target; the hinged one stays in it.
    const out: Vec3 = [1, 1, 1];
    expect(Math.max(...ik.fabrik(start, out).positions.map((q) => Math.abs(q[2])))).toBeGreaterThan(0.1);
    expect(Math.max(...hingedFabrik(start, out, 200).map((q) => Math.abs(q[2])))).toBe(0);
  });
});

describe("chapter 11: constraints and Verlet integration", () => {
  it("fact 11.1: constrainDistance(p, a, d) lands exactly d from a on the ray a→p; p = a goes along +x", () => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0.01, max: 100, noNaN: true }), (p, a, d) => {
        const q = constraints.constrainDistance(p, a, d);
        expect(Math.abs(vec3.distance(q, a) - d)).toBeLessThanOrEqual(4 * Number.EPSILON * (d + vec3.length(a)));
        expect(vec3.angleBetween(vec3.sub(q, a), vec3.sub(p, a))).toBeLessThan(1e-7);
      }),
      RUNS,
    );
    expect(constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
  });
  it("fact 11.2: from two exact positions, position Verlet reproduces the parabola to rounding", () => {
    const [x0, v0, a, dt]: [Vec3, Vec3, Vec3, number] = [[0, 0, 0], [3, 5, 0], [0, -9.81, 0], 1 / 60];
    const exact = (t: number): Vec3 => [x0[0] + v0[0] * t, x0[1] + v0[1] * t + 0.5 * a[1] * t * t, 0];
    let state = { positions: [x0], previous: [exact(-dt)] };
    let worst = 0;
    for (let n = 1; n <= 120; n++) {
      state = constraints.verletStep(state.positions, state.previous, a, dt);
      worst = Math.max(worst, vec3.distance(state.positions[0]!, exact(n * dt)));
    }
    expect(worst).toBeLessThan(1e-11); // 120 steps of coordinates ≤ 10: ~1e-13 of rounding
    // The naive start x₋₁ = x₀ − v₀·dt is off by a·dt²/2, and the error grows linearly: 2 s later, ≈ |a|·dt·t/2.
    let naive = { positions: [x0], previous: [vec3.sub(x0, vec3.scale(v0, dt))] };
    for (let n = 1; n <= 120; n++) naive = constraints.verletStep(naive.positions, naive.previous, a, dt);
    expect(vec3.distance(naive.positions[0]!, exact(2))).toBeCloseTo((9.81 * 120) / (2 * 3600), 12);
  });
  it("fact 11.3: a rope of 10 stretched to 1.5×, one end pinned: Gauss–Seidel's largest error beats Jacobi's after 10 and 50 iterations", () => {
    const rope: Vec3[] = Array.from({ length: 10 }, (_, i) => [1.5 * i, 0, 0]);
    const links = constraints.chainLinks(10, 1);
    const error = (method: "gauss-seidel" | "jacobi", iterations: number) =>
      constraints.maxLengthError(constraints.solveDistances(rope, links, { iterations, method, pinned: [0] }), links);
    for (const k of [10, 50]) expect(error("gauss-seidel", k)).toBeLessThan(error("jacobi", k));
    expect(error("gauss-seidel", 10)).toBeCloseTo(0.4937, 4);
    expect(error("jacobi", 10)).toBeCloseTo(0.5799, 4);
    expect(error("gauss-seidel", 50)).toBeCloseTo(0.1565, 4);
    expect(error("jacobi", 50)).toBeCloseTo(0.4437, 4);
  });
  it("fact 11.4: inverse masses: masses 1 and 3 move ¾ and ¼ of a correction, w = 0 never moves, the centre of mass stays (1e-15)", () => {
    const pair: Vec3[] = [[0, 0, 0], [2, 0, 0]]; // prettier-ignore
    const link = [{ a: 0, b: 1, length: 1 }];
    const once = (inverseMasses: number[], method: "gauss-seidel" | "jacobi" = "gauss-seidel") =>
      constraints.solveDistances(pair, link, { iterations: 1, method, inverseMasses });
    for (const method of ["gauss-seidel", "jacobi"] as const) {
      const [a, b] = once([1, 1 / 3], method);
      expect(a![0]).toBeCloseTo(0.75, 15); // the light end: ¾ of the error of 1
      expect(b![0]).toBeCloseTo(1.75, 15); // the heavy end: ¼
      expect(once([1, 1], method).map((p) => p[0])).toEqual([0.5, 1.5]); // equal masses: the blog's half each
      expect(once([0, 1 / 3], method)).toEqual([[0, 0, 0], [1, 0, 0]]); // prettier-ignore
    }
    // `pinned` wins over a listed weight.
    expect(
      constraints.solveDistances(pair, link, {
        iterations: 1,
        method: "gauss-seidel",
        pinned: [0],
        inverseMasses: [5, 1],
      })[0],
    ).toEqual([0, 0, 0]);
    const centre = (x: Vec3[], m: number[]) =>
      vec3.scale(
        x.reduce((s, p, i) => vec3.add(s, vec3.scale(p, m[i]!)), [0, 0, 0] as Vec3),
        1 / m.reduce((s, v) => s + v, 0),
      );
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 5, noNaN: true }), { minLength: 5, maxLength: 5 }),
        fc.array(unitVector, { minLength: 5, maxLength: 5 }),
        (masses, jitter) => {
          const start = jitter.map((u, i) => vec3.add([1.7 * i, 0, 0], u));
          const solved = constraints.solveDistances(start, constraints.chainLinks(5, 1), {
            iterations: 20,
            method: "gauss-seidel",
            inverseMasses: masses.map((m) => 1 / m),
          });
          expect(vec3.distance(centre(solved, masses), centre(start, masses))).toBeLessThan(1e-14);
        },
      ),
      RUNS,
    );
    expect(() =>
      constraints.solveDistances(pair, link, { iterations: 1, method: "jacobi", inverseMasses: [1, -1] }),
    ).toThrow(/inverseMasses\[1\]/);
    expect(() =>
      constraints.solveDistances(pair, link, { iterations: 1, method: "jacobi", inverseMasses: [1] }),
    ).toThrow(/inverseMasses has 1/);
  });
  it("fact 11.5: the blog's soft body keeps ≥ 98.8 % of its area squashed on a floor; the ring of one-sided links alone collapses to 0", () => {
    const n = 16;
    const start: Vec3[] = Array.from({ length: n }, (_, i) => [
      Math.cos((2 * Math.PI * i) / n),
      1.2 + Math.sin((2 * Math.PI * i) / n),
      0,
    ]);
    const rest = constraints.ringArea(start);
    expect(rest).toBeCloseTo(8 * Math.sin(Math.PI / 8), 14); // the regular 16-gon of radius 1: (n/2)·sin(2π/n)
    const run = (withArea: boolean) => {
      let [x, previous] = [start, start];
      let [worst, height] = [Infinity, 0];
      for (let f = 1; f <= 240; f++) {
        const s = constraints.verletStep(x, previous, [0, -9.81, 0], 1 / 60);
        [x, previous] = [s.positions, s.previous];
        for (let k = 0; k < 8; k++) {
          x = constraints.solveRing(x, {
            iterations: 1,
            linkLength: 2 * Math.sin(Math.PI / n),
            restArea: withArea ? rest : undefined,
          });
          x = x.map((p) => constraints.collidePlane(p, [0, 1, 0], 0));
        }
        if (f >= 120) worst = Math.min(worst, constraints.ringArea(x) / rest);
        height = Math.max(...x.map((p) => p[1]));
      }
      return { worst, height };
    };
    const kept = run(true);
    expect(kept.worst).toBeGreaterThan(0.988);
    expect(kept.worst).toBeLessThan(1);
    expect(kept.height).toBeLessThan(1.7); // squashed: 1.59 high, from 2
    expect(run(false).worst).toBeLessThan(1e-3);
    // Jacobi: the order of the particles does not matter (the ring reversed and rotated gives the same shape).
    const squashed = start.map(([x, y, z]): Vec3 => [1.3 * x, 0.5 * y, z]);
    const opts = { iterations: 5, linkLength: 0.3, restArea: rest };
    const shifted = [...squashed.slice(5), ...squashed.slice(0, 5)];
    const a = constraints.solveRing(squashed, opts);
    const b = constraints.solveRing(shifted, opts);
    a.forEach((p, i) => expect(vec3.distance(p, b[(i - 5 + n) % n]!)).toBeLessThan(1e-14));
  });
});

describe("chapter 12: closest points between segments", () => {
  const pair = segments.closestPointsOnSegments;
  it("fact 12.1: the parallel segments (1,−2,0)–(1,2,0) and (−1,−2,0)–(−1,2,0) are 2 apart", () => {
    const r = pair([1, -2, 0], [1, 2, 0], [-1, -2, 0], [-1, 2, 0]);
    expect(r.distance).toBe(2);
    // Not unique: any pair across the overlap is closest. The returned one lies on both segments, 2 apart.
    expect(r.onAB[0]).toBe(1);
    expect(r.onCD[0]).toBe(-1);
    expect(r.onAB[1]).toBe(r.onCD[1]);
  });
  it("fact 12.2: the parallel, disjoint segments (0,0,0)–(1,0,0) and (3,1,0)–(5,1,0) are √5 apart", () => {
    const r = pair([0, 0, 0], [1, 0, 0], [3, 1, 0], [5, 1, 0]);
    expect(r).toMatchObject({ s: 1, t: 0, onAB: [1, 0, 0], onCD: [3, 1, 0] });
    expect(r.distance).toBeCloseTo(Math.sqrt(5), 14);
  });
  it("fact 12.3: a zero-length segment gives the point-to-segment answer, never NaN", () => {
    fc.assert(
      fc.property(vector, vector, vector, (p, c, d) => {
        const onCD = segments.closestPointOnSegment(p, c, d);
        const r = pair(p, p, c, d);
        expect([r.s, r.t, r.distance]).toEqual([0, onCD.t, vec3.distance(p, onCD.point)]);
        expect(r.onCD).toBeCloseToVec(onCD.point, TIGHT);
        const q = pair(c, d, p, p); // the point second
        expect([q.s, q.t, q.distance]).toEqual([onCD.t, 0, r.distance]);
        expect(pair(p, p, c, c).distance).toBe(vec3.distance(p, c));
      }),
      RUNS,
    );
  });
  it("fact 12.4: on random pairs the distance is the true minimum over both parameters (an independent search)", () => {
    // For fixed s the best t is the point-to-segment answer, and g(s) = min_t |P(s) − Q(t)| is convex:
    // a ternary search over s, sharing no code with closestPointsOnSegments.
    const search = (a: Vec3, b: Vec3, c: Vec3, d: Vec3): number => {
      const g = (s: number) => {
        const p = vec3.lerp(a, b, s);
        return vec3.distance(p, segments.closestPointOnSegment(p, c, d).point);
      };
      let [lo, hi] = [0, 1];
      for (let i = 0; i < 200; i++) {
        const [m1, m2] = [lo + (hi - lo) / 3, hi - (hi - lo) / 3];
        if (g(m1) <= g(m2)) hi = m2;
        else lo = m1;
      }
      return Math.min(g(0), g(1), g((lo + hi) / 2));
    };
    fc.assert(
      fc.property(vector, vector, vector, vector, (a, b, c, d) => {
        const r = pair(a, b, c, d);
        const best = search(a, b, c, d);
        // never farther than the search (to rounding), and never nearer: it is a real pair on the segments
        expect(r.distance).toBeLessThanOrEqual(best + CHAIN.atol + CHAIN.rtol * best);
        expect(r.distance).toBeGreaterThanOrEqual(best - 1e-9 * (1 + best));
        expect(r.onAB).toBeCloseToVec(vec3.lerp(a, b, r.s), CHAIN);
        expect(r.onCD).toBeCloseToVec(vec3.lerp(c, d, r.t), CHAIN);
      }),
      RUNS,
    );
  });
});

describe("chapter 13: ellipsoids and ellipsoidal mirrors", () => {
  // The blog's first demo: foci (−50, 40, 0) and (50, 70, 0), minor axis 100.
  const F1: Vec3 = [-50, 40, 0];
  const F2: Vec3 = [50, 70, 0];
  const mirror13 = ellipsoid.fromFoci(F1, F2, 100);
  /** Surface points of `e` for unit-sphere points drawn by fast-check. */
  const onSurface = (e: ellipsoid.Ellipsoid, u: Vec3) => ellipsoid.fromUnitSphere(e, vec3.normalize(u));
  it("fact 13.1: foci (−50, 40, 0), (50, 70, 0), minor axis 100: interfocal distance 104.403, major axis 144.568, focal distances sum to 144.568 everywhere", () => {
    const d = vec3.distance(F1, F2);
    expect(d.toFixed(3)).toBe("104.403");
    const major = 2 * mirror13.radii[2];
    expect(major.toFixed(3)).toBe("144.568");
    expect(major).toBeCloseTo(2 * Math.sqrt((d / 2) ** 2 + 50 ** 2), 12);
    fc.assert(
      fc.property(vector, (u) => {
        const p = onSurface(mirror13, u);
        expect([vec3.distance(p, F1) + vec3.distance(p, F2)]).toBeCloseToVec([major], CHAIN);
      }),
      RUNS,
    );
  });
  it("fact 13.2: a ray from one focus reflects (inside) through the other, to 1e-9, in every direction", () => {
    fc.assert(
      fc.property(unitVector, (dir) => {
        const hit = ellipsoid.intersectRay(mirror13, F1, dir)!;
        const out = vec3.normalize(ellipsoid.reflect(dir, hit.normal));
        const toF2 = vec3.sub(F2, hit.point);
        // Distance from F2 to the reflected ray, relative to the mirror's size (≈ 1e-14 in practice).
        const miss = vec3.length(vec3.cross(toF2, out));
        expect(miss).toBeLessThan(1e-9 * mirror13.radii[2]);
        expect(vec3.dot(toF2, out)).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
  it("fact 13.3: carrying the normal by M instead of its inverse transpose is wrong on a squashed ellipsoid", () => {
    const squashed: ellipsoid.Ellipsoid = { center: [0, 0, 0], rotation: quat.identity(), radii: [3, 1, 1] };
    /** The unit-sphere normal u carried like a point, by M = R·S: the wrong transform. */
    const byMatrix = (e: ellipsoid.Ellipsoid, p: Vec3) =>
      vec3.normalize(
        quat.rotateVec3(
          e.rotation,
          vec3.normalize(ellipsoid.toUnitSphere(e, p)).map((x, i) => x * e.radii[i]!) as Vec3,
        ),
      );
    // At u = (1, 1, 0)/√2: the right normal ∝ S⁻¹u = (1/3, 1, 0), the wrong one ∝ S·u = (3, 1, 0): atan 3 − atan ⅓ = 53.13° apart.
    const p = ellipsoid.fromUnitSphere(squashed, [Math.SQRT1_2, Math.SQRT1_2, 0]);
    const right = ellipsoid.normalAt(squashed, p);
    const wrong = byMatrix(squashed, p);
    expect(scalar.radToDeg(vec3.angleBetween(right, wrong))).toBeCloseTo(
      scalar.radToDeg(Math.atan(3) - Math.atan(1 / 3)),
      9,
    );
    // The right normal is at right angles to the surface (to a tangent), the wrong one is not.
    const tangent = quat.rotateVec3(squashed.rotation, [-3 * Math.SQRT1_2, Math.SQRT1_2, 0]);
    expect(Math.abs(vec3.dot(right, tangent))).toBeLessThan(1e-15);
    expect(Math.abs(vec3.dot(wrong, vec3.normalize(tangent)))).toBeGreaterThan(0.5);
    // On a sphere the two agree.
    const round: ellipsoid.Ellipsoid = {
      center: [1, 2, 3],
      rotation: quat.fromAxisAngle([1, 1, 0], 0.7),
      radii: [2, 2, 2],
    };
    const q = ellipsoid.fromUnitSphere(round, vec3.normalize([1, -2, 0.5]));
    expect(ellipsoid.normalAt(round, q)).toBeCloseToVec(byMatrix(round, q), TIGHT);
  });
  it("fact 13.4: every path focus → surface → focus has the same length (the major axis)", () => {
    const major = 2 * mirror13.radii[2];
    fc.assert(
      fc.property(unitVector, (dir) => {
        const hit = ellipsoid.intersectRay(mirror13, F1, dir)!;
        expect([hit.t + vec3.distance(hit.point, F2)]).toBeCloseToVec([major], CHAIN);
      }),
      RUNS,
    );
  });
});

describe("chapter 14: ray marching signed distance fields", () => {
  const unitBall = sdf.sphere([0, 0, 5], 1);
  it("fact 14.1: a unit sphere at (0, 0, 5), a ray from the origin along +z: hit at t = 4 on the second evaluation", () => {
    expect(sdf.march(unitBall, [0, 0, 0], [0, 0, 1])).toMatchObject({ hit: true, t: 4, steps: 2, point: [0, 0, 4] });
  });
  it("fact 14.2: with ε = 1e-4, parallel rays at offsets 0.9, 0.99, 0.999 take 15, 39, 80 steps; one at 1.2 misses", () => {
    // Steps count evaluations of f, the one that finds f < ε included (sdf.march's convention).
    const steps = [0.9, 0.99, 0.999].map((x) => sdf.march(unitBall, [x, 0, 0], [0, 0, 1], { epsilon: 1e-4 }));
    expect(steps.map((r) => [r.hit, r.steps])).toEqual([[true, 15], [true, 39], [true, 80]]); // prettier-ignore
    expect(sdf.march(unitBall, [1.2, 0, 0], [0, 0, 1], { epsilon: 1e-4, maxSteps: 10_000 }).hit).toBe(false);
    // The count grows without bound as the ray grazes: roughly ∝ 1/√gap.
    const grazing = [1e-4, 1e-6, 1e-8].map(
      (g) => sdf.march(unitBall, [1 - g, 0, 0], [0, 0, 1], { epsilon: 1e-12, maxSteps: 1e6 }).steps,
    );
    expect(grazing[1]!).toBeGreaterThan(5 * grazing[0]!);
    expect(grazing[2]!).toBeGreaterThan(5 * grazing[1]!);
  });
  it("fact 14.3: the sphere squashed by ½ along x, as length(p / s) − 1, returns 3 at (2, 0, 0) where the truth is 1.5; dividing by the largest scale is safe", () => {
    const s: Vec3 = [0.5, 1, 1];
    const naive = (p: Readonly<Vec3>) => vec3.length([p[0] / s[0], p[1] / s[1], p[2] / s[2]]) - 1;
    expect(naive([2, 0, 0])).toBe(3);
    // Stepping 3 from (2, 0, 0) towards the centre lands at x = −1: through the squashed sphere (|x| ≤ ½) and out.
    expect(naive([-1, 0, 0])).toBeGreaterThan(0);
    expect(sdf.march(naive, [-3, 0, 0], [1, 0, 0]).hit).toBe(false);
    // The map p ↦ p/s stretches by at most 1/min(s) = 2: divide by it.
    const safe = sdf.scaled(sdf.sphere([0, 0, 0], 1), s);
    expect(safe([2, 0, 0])).toBe(1.5);
    expect(sdf.march(safe, [-3, 0, 0], [1, 0, 0])).toMatchObject({ hit: true, t: 2.5 });
  });
  it("fact 14.4: the central-difference normal matches the analytic one to 1e-6", () => {
    const c: Vec3 = [0, 0, 5];
    fc.assert(
      fc.property(unitVector, (u) => {
        const n = sdf.normal(unitBall, vec3.add(c, u));
        expect(Math.max(...n.map((x, i) => Math.abs(x - u[i]!)))).toBeLessThan(1e-6);
      }),
      RUNS,
    );
  });
  it("fact 14.5: a rigidly moved field f(R⁻¹(p − c)) is the exact distance to the moved shape (1e-14), unlike a non-uniform scale", () => {
    /** The distance to a turned box from its own geometry: its centre and turned axes, clamped — no Rᵀ. */
    const fromGeometry = (R: Mat3, c: Vec3, h: Vec3) => (p: Vec3) => {
      const axes = [0, 1, 2].map((j) => mat3.column(R, j as 0 | 1 | 2));
      const local = axes.map((u) => vec3.dot(vec3.sub(p, c), u));
      if (local.every((x, i) => Math.abs(x) <= h[i]!)) return -Math.min(...local.map((x, i) => h[i]! - Math.abs(x)));
      const nearest = axes.reduce(
        (q, u, i) => vec3.add(q, vec3.scale(u, Math.max(-h[i]!, Math.min(h[i]!, local[i]!)))),
        c,
      );
      return vec3.distance(p, nearest);
    };
    const { turnedBox } = RM_SCENE;
    const moved = sdf.rigid(sdf.box([0, 0, 0], turnedBox.halfExtents), turnedBox.rotation, turnedBox.center);
    const truth = fromGeometry(turnedBox.rotation, turnedBox.center, turnedBox.halfExtents);
    fc.assert(
      fc.property(unitVector, fc.double({ min: 0, max: 3, noNaN: true }), (u, r) => {
        const p = vec3.add(turnedBox.center, vec3.scale(u, r));
        expect(Math.abs(moved(p) - truth(p))).toBeLessThan(1e-14);
      }),
      RUNS,
    );
    // Any rotation, any box, any place: the same.
    fc.assert(
      fc.property(rotation, vector, vector, (R, c, p) => {
        const h: Vec3 = [0.5, 1, 2];
        expect(Math.abs(sdf.rigid(sdf.box([0, 0, 0], h), R, c)(p) - fromGeometry(R, c, h)(p))).toBeLessThan(1e-12);
      }),
      RUNS,
    );
    // The chapter's scene uses the same field, and its example: the cube of half-size 1 turned 45° about z, 2 − √2 at (2, 0, 0).
    expect(
      rmChapterScene(0, "safe")
        .parts.find((p) => p.name === "turned box")!
        .f(turnedBox.center),
    ).toBe(-0.4);
    expect(sdf.rigid(sdf.box([0, 0, 0], [1, 1, 1]), mat3.rotationZ(Math.PI / 4), [0, 0, 0])([2, 0, 0])).toBeCloseTo(
      2 - Math.SQRT2,
      15,
    );
    expect(() => sdf.rigid(sdf.box([0, 0, 0], [1, 1, 1]), [1, 0, 0, 0, 1, 0, 0, 0, -1], [0, 0, 0])).toThrow(/rotation/);
  });
  it("fact 14.6: marching toward the light gives the ball's hard shadow on the floor; min(k·h/t)'s penumbra narrows as k grows", () => {
    const scene = rmChapterScene(0.3, "safe").f;
    const light = rmLight(0);
    const { center } = RM_SCENE.ball;
    const under = vec3.sub(center, vec3.scale(light, (center[1] - RM_SCENE.floorY) / light[1]));
    const lit = (x: number, k?: number) =>
      sdf.shadow(scene, [under[0] + x, RM_SCENE.floorY, under[2]], light, { k, maxDistance: 20 });
    const crossing = (level: number, k?: number) => {
      let [lo, hi] = [0, 3];
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (lit(mid, k) >= level) hi = mid;
        else lo = mid;
      }
      return hi;
    };
    expect(lit(0)).toBe(0);
    expect(lit(0, 8)).toBe(0);
    const edge = crossing(1);
    expect(edge).toBeCloseTo(0.973, 3);
    expect(lit(edge + 0.01)).toBe(1);
    expect(lit(1.55)).toBe(1);
    expect(lit(1.65)).toBe(0); // the walk enters another shape's shadow at about 1.6, as the chapter says
    const widths = [2, 8, 32].map((k) => {
      expect(crossing(0.1, k)).toBeGreaterThanOrEqual(edge); // the soft shadow is dark wherever the hard one is
      return crossing(0.9, k) - crossing(0.1, k);
    });
    expect(widths.map((w) => +w.toFixed(2))).toEqual([1.94, 0.18, 0.04]);
    expect(widths[1]!).toBeLessThan(widths[0]! / 3);
    expect(widths[2]!).toBeLessThan(widths[1]! / 3);
  });
});

describe("chapter 15: path smoothing", () => {
  type GridPoint15 = path.GridPoint;
  /** The chapter's example map (notebooks/figures/path-example.ts). */
  const grid15 = path.gridFromRows(PATH_EXAMPLE.rows);
  const raw15 = path.aStar(grid15, PATH_EXAMPLE.start, PATH_EXAMPLE.goal)!;
  const thin15 = (a: GridPoint15, b: GridPoint15) => path.lineOfSight(grid15, a, b);
  /** Random 16 × 10 grids, a fifth of the cells blocked (the corners (0, 0) and (15, 9) free). */
  const randomRaw15 = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 160, maxLength: 160 }).map((cells) =>
    Array.from({ length: 10 }, (_, j) =>
      cells
        .slice(16 * j, 16 * j + 16)
        .map((u, i) => (u === 0 && !(i === 0 && j === 0) && !(i === 15 && j === 9) ? "#" : "."))
        .join(""),
    ),
  );

  it("fact 15.1: on the example grid the blog's loop returns a last leg through the obstacle (14, 8); the fixed loop's every leg is clear", () => {
    const blog = path.blogSmoothPath(raw15, thin15);
    const fixed = path.smoothPath(raw15, thin15);
    expect(blog).toEqual([[0, 9], [7, 7], [10, 9], [15, 8]]); // prettier-ignore
    const [from, to] = blog.slice(-2) as [GridPoint15, GridPoint15];
    expect(thin15(from, to)).toBe(false);
    expect(path.cellsOnSegment(from, to).filter(([i, j]) => grid15.blocked(i, j))).toEqual([[14, 8]]);
    expect(blog.slice(0, -1).every((p, k) => k === 0 || thin15(blog[k - 1]!, p))).toBe(true); // only the last leg is bad
    expect(fixed).toEqual([[0, 9], [7, 7], [10, 9], [15, 9], [15, 8]]); // prettier-ignore
    expect(fixed.slice(1).every((p, k) => thin15(fixed[k]!, p))).toBe(true);
  });

  it("fact 15.2: the smoothed path starts and ends where the raw one does, is a subsequence of it, and is never longer", () => {
    expect(path.smoothingProblem(raw15, path.smoothPath(raw15, thin15), thin15)).toBeUndefined();
    fc.assert(
      fc.property(randomRaw15, fc.constantFrom(0, 0.2, 0.3, 0.45), (rows, r) => {
        const g = path.gridFromRows(rows);
        const raw = path.aStar(g, [0, 0], [15, 9]);
        if (!raw) return;
        const clear = (a: GridPoint15, b: GridPoint15) => path.lineOfSight(g, a, b, r);
        const smooth = path.smoothPath(raw, clear);
        expect(path.smoothingProblem(raw, smooth, clear)).toBeUndefined();
        // Never longer, up to the rounding of two sums of square roots (a few ulps of a length ≤ 40).
        expect(path.pathLength(smooth)).toBeLessThanOrEqual(path.pathLength(raw) * (1 + TIGHT.rtol));
      }),
      RUNS,
    );
  });

  it("fact 15.3: with an agent radius r = 0.3 the thick test keeps clearance ≥ r (0.316) where the thin ray does not (0.069)", () => {
    const r = 0.3;
    const thin = path.smoothPath(raw15, thin15);
    const thick = path.smoothPath(raw15, (a, b) => path.lineOfSight(grid15, a, b, r));
    expect(path.clearance(grid15, thin)).toBeCloseTo(1 / Math.sqrt(212), 12); // the corner (5.5, 7.5) to the leg (0, 9)–(7, 7)
    expect(path.clearance(grid15, thin)).toBeLessThan(r);
    expect(path.clearance(grid15, thick)).toBeCloseTo(1 / Math.sqrt(10), 12);
    expect(path.clearance(grid15, thick)).toBeGreaterThanOrEqual(r);
    fc.assert(
      fc.property(randomRaw15, fc.double({ min: 0.05, max: 0.45, noNaN: true }), (rows, radius) => {
        const g = path.gridFromRows(rows);
        const raw = path.aStar(g, [0, 0], [15, 9]);
        if (!raw) return;
        const smooth = path.smoothPath(raw, (a, b) => path.lineOfSight(g, a, b, radius));
        expect(path.clearance(g, smooth)).toBeGreaterThanOrEqual(radius);
      }),
      RUNS,
    );
  });
});
