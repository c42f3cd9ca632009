/**
 * Chapter 04's facts (quaternions and the virtual trackball), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/04-quaternions.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, mat3, quat, scalar, trackball, vec3 } from "../../../lib/index.ts";
import { RUNS, angle, rotation, unitQuat, unitVector } from "../../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../../helpers/tolerance.ts";

const deg = scalar.degToRad;

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
