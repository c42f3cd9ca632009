import fc from "fast-check";
import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { type Vec3, ellipsoid, quat, vec3 } from "../../lib/index.ts";
import { RUNS, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { CHAIN, PEER, TIGHT } from "../helpers/tolerance.ts";

type Ellipsoid = ellipsoid.Ellipsoid;

/** A random ellipsoid: centre in [−10, 10]³, any rotation, semi-axes 0.2 … 5. */
const anyEllipsoid: fc.Arbitrary<Ellipsoid> = fc
  .tuple(vector, unitQuat, fc.tuple(...[0, 1, 2].map(() => fc.double({ min: 0.2, max: 5, noNaN: true }))))
  .map(([center, rotation, r]) => ({ center, rotation, radii: r as Vec3 }));

const axisAligned = (radii: Vec3, center: Vec3 = [0, 0, 0]): Ellipsoid => ({
  center,
  rotation: quat.identity(),
  radii,
});

describe("ellipsoid.fromFoci", () => {
  it("reproduces the blog's demo: foci (−50, 40, 0), (50, 70, 0), minor axis 100 → semi-axes 50, 50, 72.284", () => {
    const e = ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100);
    expect(e.center).toEqual([0, 55, 0]);
    expect(e.radii[0]).toBe(50);
    expect(e.radii[1]).toBe(50);
    expect([e.radii[2]]).toBeCloseToVec([Math.sqrt(52.20153254455275 ** 2 + 2500)], TIGHT);
    expect(quat.rotateVec3(e.rotation, [0, 0, 1])).toBeCloseToVec(vec3.normalize([100, 30, 0]), TIGHT);
  });
  it("is the spheroid whose focal distances sum to the major axis, and foci() gives the foci back", () => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0.1, max: 30, noNaN: true }), unitVector, (f1, f2, minor, u) => {
        const e = ellipsoid.fromFoci(f1, f2, minor);
        const p = ellipsoid.fromUnitSphere(e, u);
        const size = 1 + vec3.length(f1) + vec3.length(f2) + minor;
        expect([vec3.distance(p, f1) + vec3.distance(p, f2)]).toBeCloseToVec([2 * e.radii[2]], CHAIN);
        const [g1, g2] = ellipsoid.foci(e);
        // a carries rounding ε·a, so √(a² − b²) is good to ≈ ε·a²/f: √ε·b when the foci are close.
        const f = vec3.distance(f1, f2) / 2;
        const tol = 1e-12 * size + (8e-16 * e.radii[2] ** 2) / Math.max(f, 1e-300);
        expect(vec3.distance(g1, f1)).toBeLessThan(tol);
        expect(vec3.distance(g2, f2)).toBeLessThan(tol);
        expect(Math.abs(quat.length(e.rotation) - 1)).toBeLessThan(1e-15);
      }),
      RUNS,
    );
  });
  it("gives the sphere of diameter minorAxis for coincident foci, never NaN", () => {
    const e = ellipsoid.fromFoci([1, 2, 3], [1, 2, 3], 4);
    expect(e).toEqual({ center: [1, 2, 3], rotation: [0, 0, 0, 1], radii: [2, 2, 2] });
    expect(ellipsoid.foci(e)).toEqual([[1, 2, 3], [1, 2, 3]]); // prettier-ignore
  });
  it("handles antiparallel foci (f2 − f1 along −z) with a half turn", () => {
    const e = ellipsoid.fromFoci([0, 0, 5], [0, 0, -5], 2);
    expect(quat.rotateVec3(e.rotation, [0, 0, 1])).toBeCloseToVec([0, 0, -1], TIGHT);
  });
  it("refuses a minor axis that is not positive, and non-finite foci", () => {
    expect(() => ellipsoid.fromFoci([0, 0, 0], [1, 0, 0], 0)).toThrow(/ellipsoid\.fromFoci: minorAxis/);
    expect(() => ellipsoid.fromFoci([0, 0, 0], [1, 0, 0], -2)).toThrow(RangeError);
    expect(() => ellipsoid.fromFoci([0, 0, 0], [1, 0, 0], Number.NaN)).toThrow(RangeError);
    expect(() => ellipsoid.fromFoci([0, Number.NaN, 0], [1, 0, 0], 1)).toThrow(/ellipsoid\.fromFoci: f1/);
    expect(() => ellipsoid.fromFoci([0, 0, 0], [Infinity, 0, 0], 1)).toThrow(/ellipsoid\.fromFoci: f2/);
  });
  it("does not change its inputs", () => {
    const f1: Vec3 = [1, 2, 3];
    const f2: Vec3 = [4, 5, 6];
    ellipsoid.fromFoci(f1, f2, 2);
    expect([f1, f2]).toEqual([[1, 2, 3], [4, 5, 6]]); // prettier-ignore
  });
});

describe("ellipsoid.foci", () => {
  it("refuses a triaxial ellipsoid or one whose long axis is not z", () => {
    expect(() => ellipsoid.foci(axisAligned([3, 2, 1]))).toThrow(/not a prolate spheroid/);
    expect(() => ellipsoid.foci(axisAligned([2, 2, 1]))).toThrow(/not a prolate spheroid/);
  });
});

describe("ellipsoid.toUnitSphere / fromUnitSphere / implicit", () => {
  it("are inverse maps, and implicit is 0 on the surface, −1 at the centre", () => {
    fc.assert(
      fc.property(anyEllipsoid, unitVector, (e, u) => {
        const p = ellipsoid.fromUnitSphere(e, u);
        expect(ellipsoid.toUnitSphere(e, p)).toBeCloseToVec(u, CHAIN);
        expect(Math.abs(ellipsoid.implicit(e, p))).toBeLessThan(1e-11);
        expect(ellipsoid.implicit(e, e.center)).toBe(-1);
      }),
      RUNS,
    );
  });
  it("do not depend on the spin of a spheroid about its long axis", () => {
    const e = ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100);
    const axis = quat.rotateVec3(e.rotation, [0, 0, 1]);
    const spun: Ellipsoid = { ...e, rotation: quat.multiply(quat.fromAxisAngle(axis, 1.234), e.rotation) };
    fc.assert(
      fc.property(vector, (v) => {
        const p = vec3.scale(v, 10);
        expect([ellipsoid.implicit(spun, p)]).toBeCloseToVec([ellipsoid.implicit(e, p)], CHAIN);
      }),
      RUNS,
    );
  });
  it("accept a rotation of any non-zero length, refuse a zero quaternion, bad radii and NaN", () => {
    const e: Ellipsoid = { center: [0, 0, 0], rotation: [0, 0, 0, 3], radii: [1, 2, 3] };
    expect(ellipsoid.implicit(e, [1, 0, 0])).toBe(0);
    expect(() => ellipsoid.implicit({ ...e, rotation: [0, 0, 0, 0] }, [1, 0, 0])).toThrow(/e\.rotation/);
    expect(() => ellipsoid.implicit({ ...e, radii: [1, 0, 3] }, [1, 0, 0])).toThrow(/e\.radii must all be positive/);
    expect(() => ellipsoid.implicit({ ...e, radii: [1, -1, 3] }, [1, 0, 0])).toThrow(RangeError);
    expect(() => ellipsoid.implicit({ ...e, center: [0, Number.NaN, 0] }, [1, 0, 0])).toThrow(/e\.center/);
    expect(() => ellipsoid.implicit(e, [1, Number.NaN, 0])).toThrow(/ellipsoid\.toUnitSphere: p/);
    expect(() => ellipsoid.toUnitSphereDirection(e, [Infinity, 0, 0])).toThrow(/toUnitSphereDirection: d/);
  });
  it("agree with their @examples", () => {
    const e = axisAligned([2, 1, 1], [1, 0, 0]);
    expect(ellipsoid.toUnitSphere(e, [5, 0, 0])).toEqual([2, 0, 0]);
    expect(ellipsoid.fromUnitSphere(e, [1, 0, 0])).toEqual([3, 0, 0]);
    expect(ellipsoid.toUnitSphereDirection({ ...e, center: [9, 9, 9] }, [1, 0, 0])).toEqual([0.5, 0, 0]);
    expect(ellipsoid.implicit(ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100), [0, 55, 0])).toBe(-1);
  });
});

describe("ellipsoid.intersectRay", () => {
  it("agrees with its @example: t in units of the given direction", () => {
    const e = axisAligned([2, 1, 1]);
    expect(ellipsoid.intersectRay(e, [-5, 0, 0], [2, 0, 0])).toEqual({ t: 1.5, point: [-2, 0, 0], normal: [-1, 0, 0] });
    // The same ray with a unit direction: t is the distance, 3.
    expect(ellipsoid.intersectRay(e, [-5, 0, 0], [1, 0, 0])!.t).toBe(3);
  });
  it("returns a surface point origin + t·direction, with t in the direction's units, for any direction length", () => {
    fc.assert(
      fc.property(
        anyEllipsoid,
        unitVector,
        unitVector,
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        (e, u, w, k) => {
          // A ray from outside aimed at a point inside.
          const target = ellipsoid.fromUnitSphere(e, vec3.scale(u, 0.5));
          const origin = vec3.add(target, vec3.scale(w, 20));
          const dir = vec3.scale(vec3.sub(target, origin), k);
          const hit = ellipsoid.intersectRay(e, origin, dir)!;
          expect(hit).not.toBeNull();
          expect(hit.point).toBeCloseToVec(vec3.add(origin, vec3.scale(dir, hit.t)), CHAIN);
          expect(Math.abs(ellipsoid.implicit(e, hit.point))).toBeLessThan(1e-10);
          // The first crossing: the implicit function is positive just before it (outside).
          expect(ellipsoid.implicit(e, vec3.add(origin, vec3.scale(dir, hit.t * 0.999)))).toBeGreaterThan(0);
          // Scaling the direction by k scales t by 1/k.
          const unit = ellipsoid.intersectRay(e, origin, vec3.normalize(dir))!;
          expect([unit.t]).toBeCloseToVec([hit.t * vec3.length(dir)], CHAIN);
        },
      ),
      RUNS,
    );
  });
  it("from inside returns the exit; 'last' returns the far crossing from outside", () => {
    const e = axisAligned([2, 1, 1]);
    expect(ellipsoid.intersectRay(e, [0, 0, 0], [1, 0, 0])!.point).toEqual([2, 0, 0]);
    expect(ellipsoid.intersectRay(e, [-5, 0, 0], [1, 0, 0], { crossing: "last" })!.point).toEqual([2, 0, 0]);
    expect(ellipsoid.intersectRay(e, [0, 0, 0], [1, 0, 0], { crossing: "last" })!.point).toEqual([2, 0, 0]);
    expect(() => ellipsoid.intersectRay(e, [0, 0, 0], [1, 0, 0], { crossing: "near" as "first" })).toThrow(/crossing/);
  });
  it("skips the origin when it lies on the surface: a reflected ray finds the far side", () => {
    fc.assert(
      fc.property(anyEllipsoid, unitVector, unitVector, (e, u, w) => {
        const p = ellipsoid.fromUnitSphere(e, u); // on the surface, up to rounding
        const n = ellipsoid.normalAt(e, p);
        const inward = vec3.dot(w, n) < 0 ? w : vec3.negate(w);
        fc.pre(Math.abs(vec3.dot(inward, n)) > 1e-3);
        const hit = ellipsoid.intersectRay(e, p, inward)!;
        expect(hit).not.toBeNull();
        expect(hit.t).toBeGreaterThan(1e-6);
        // Leaving outward from the surface: nothing ahead.
        expect(ellipsoid.intersectRay(e, p, vec3.negate(inward))).toBeNull();
      }),
      RUNS,
    );
  });
  it("returns null for a miss and for a surface behind the origin", () => {
    const e = axisAligned([2, 1, 1]);
    expect(ellipsoid.intersectRay(e, [-5, 1.5, 0], [1, 0, 0])).toBeNull();
    expect(ellipsoid.intersectRay(e, [5, 0, 0], [1, 0, 0])).toBeNull();
  });
  it("touches a tangent ray once", () => {
    const e = axisAligned([2, 1, 1]);
    const hit = ellipsoid.intersectRay(e, [-5, 1, 0], [1, 0, 0])!;
    expect(hit.point).toEqual([0, 1, 0]);
    expect(ellipsoid.intersectRay(e, [-5, 1, 0], [1, 0, 0], { crossing: "last" })!.t).toBe(5);
  });
  it("keeps its digits for a ray from far away (no cancellation in the discriminant)", () => {
    // A unit sphere, a ray from 1e7 away at offset 0.6: the hit is at t = 1e7 − 0.8 exactly.
    const e = axisAligned([1, 1, 1]);
    const hit = ellipsoid.intersectRay(e, [-1e7, 0.6, 0], [1, 0, 0])!;
    expect([hit.t]).toBeCloseToVec([1e7 - 0.8], { atol: 0, rtol: 1e-15 });
    // three.js's Ray.intersectSphere, b² − c with b² ≈ 1e14, is off in the 3rd decimal here.
    const three = new THREE.Ray(new THREE.Vector3(-1e7, 0.6, 0), new THREE.Vector3(1, 0, 0));
    const p = three.intersectSphere(new THREE.Sphere(new THREE.Vector3(), 1), new THREE.Vector3())!;
    expect(Math.abs(p.x + 0.8)).toBeGreaterThan(1e-6);
  });
  it("agrees with three.js's Ray.intersectSphere on ordinary spheres", () => {
    fc.assert(
      fc.property(vector, fc.double({ min: 0.5, max: 5, noNaN: true }), unitVector, unitVector, (c, r, u, w) => {
        const target = vec3.add(c, vec3.scale(u, 0.5 * r));
        const origin = vec3.add(target, vec3.scale(w, 3 * r));
        const dir = vec3.normalize(vec3.sub(target, origin));
        const ours = ellipsoid.intersectRay({ center: c, rotation: quat.identity(), radii: [r, r, r] }, origin, dir)!;
        const ray = new THREE.Ray(new THREE.Vector3(...origin), new THREE.Vector3(...dir));
        const p = ray.intersectSphere(new THREE.Sphere(new THREE.Vector3(...c), r), new THREE.Vector3())!;
        expect(ours.point).toBeCloseToVec([p.x, p.y, p.z], { atol: 1e-11, rtol: PEER.rtol });
      }),
      RUNS,
    );
  });
  describe("at any scale (issue 19: radii 1e200 returned null)", () => {
    for (const k of [1e200, 1e-200, 1e300]) {
      it(`radii ${k}: the same t, and the point and normal × the scale, as at unit size`, () => {
        const q = quat.normalize([0.3, -0.5, 0.2, 0.8]);
        const unit: Ellipsoid = { center: [0.5, -1, 2], rotation: q, radii: [2, 1, 0.5] };
        const big: Ellipsoid = {
          center: vec3.scale(unit.center, k),
          rotation: q,
          radii: vec3.scale(unit.radii, k),
        };
        for (const [origin, dir] of [
          [
            [-5, -0.8, 2.1],
            [1, -0.04, -0.02],
          ],
          [
            [0.5, -1, 2],
            [0.3, 1, -0.2],
          ],
        ] as [Vec3, Vec3][]) {
          const want = ellipsoid.intersectRay(unit, origin, dir)!;
          const got = ellipsoid.intersectRay(big, vec3.scale(origin, k), dir)!;
          expect(got).not.toBeNull();
          expect(got.t / k).toBeCloseTo(want.t, 13);
          expect(vec3.scale(got.point, 1 / k)).toBeCloseToVec(want.point, TIGHT);
          expect(got.normal).toBeCloseToVec(want.normal, TIGHT);
        }
        // A unit sphere of that size, hit head-on: exactly its radius from the centre.
        const s = ellipsoid.intersectRay(axisAligned([k, k, k]), [-5 * k, 0, 0], [1, 0, 0])!;
        // (to a few ulps: |d'| = 1/k is not a power of two, and rounding û by ε moves h by 5ε)
        expect(vec3.scale(s.point, 1 / k)).toBeCloseToVec([-1, 0, 0], TIGHT);
        expect(s.normal).toBeCloseToVec([-1, 0, 0], TIGHT);
      });
    }
    it("a tiny direction (1e-200) still moves the ray: t grows to match", () => {
      const hit = ellipsoid.intersectRay(axisAligned([2, 1, 1]), [-5, 0, 0], [1e-200, 0, 0])!;
      expect(hit.t).toBeCloseTo(3e200, -186);
      expect(hit.point).toEqual([-2, 0, 0]);
    });
    it("coordinates near ±1e308, whose differences overflow", () => {
      const hit = ellipsoid.intersectRay(
        axisAligned([1e308, 1e308, 1e308], [-8e307, 0, 0]),
        [1.7e308, 0, 0],
        [-1, 0, 0],
      )!;
      expect(hit.point[0]).toBeCloseTo(2e307, -294);
      expect(hit.normal).toBeCloseToVec([1, 0, 0], TIGHT);
    });
  });
  it("keeps every digit of the hit for rays from far away (the point from h and the half-chord)", () => {
    for (const far of [1e3, 1e9, 1e15]) {
      const hit = ellipsoid.intersectRay(axisAligned([1, 1, 1]), [-far, 0.6, 0], [1, 0, 0])!;
      expect(hit.point).toEqual([-0.8, 0.6, 0]);
    }
  });
  it("fills out on a hit and allocates nothing; leaves it alone on a miss", () => {
    const e = axisAligned([2, 1, 1]);
    const out: ellipsoid.RayHit = { t: NaN, point: [NaN, NaN, NaN], normal: [NaN, NaN, NaN] };
    expect(ellipsoid.intersectRay(e, [-5, 0, 0], [2, 0, 0], undefined, out)).toBe(out);
    expect(out).toEqual({ t: 1.5, point: [-2, 0, 0], normal: [-1, 0, 0] });
    expect(ellipsoid.intersectRay(e, [-5, 5, 0], [1, 0, 0], undefined, out)).toBeNull();
    expect(out.t).toBe(1.5);
  });
  it("refuses a zero direction and non-finite input, naming the argument", () => {
    const e = axisAligned([2, 1, 1]);
    expect(() => ellipsoid.intersectRay(e, [0, 0, 0], [0, 0, 0])).toThrow(/intersectRay: direction has zero length/);
    expect(() => ellipsoid.intersectRay(e, [0, Number.NaN, 0], [1, 0, 0])).toThrow(/intersectRay: origin/);
    expect(() => ellipsoid.intersectRay(e, [0, 0, 0], [1, Infinity, 0])).toThrow(/intersectRay: direction/);
    expect(() => ellipsoid.intersectRay({ ...e, radii: [0, 1, 1] }, [0, 0, 0], [1, 0, 0])).toThrow(
      /intersectRay: e\.radii/,
    );
  });
});

describe("ellipsoid.normalAt", () => {
  it("agrees with its @example", () => {
    const n = ellipsoid.normalAt(axisAligned([2, 1, 1]), [Math.SQRT2, Math.SQRT1_2, 0]);
    expect(n).toBeCloseToVec(vec3.normalize([1, 2, 0]), TIGHT);
  });
  it("is a unit vector at right angles to the surface, pointing out", () => {
    fc.assert(
      fc.property(anyEllipsoid, unitVector, unitVector, (e, u, w) => {
        const p = ellipsoid.fromUnitSphere(e, u);
        const n = ellipsoid.normalAt(e, p);
        expect([vec3.length(n)]).toBeCloseToVec([1], TIGHT);
        // A tangent: the image of a unit-sphere tangent at u.
        const tu = vec3.normalize(vec3.cross(u, w));
        const tangent = vec3.sub(ellipsoid.fromUnitSphere(e, tu), e.center); // R·S·t, the linear part
        expect(Math.abs(vec3.dot(n, tangent))).toBeLessThan(1e-11 * (1 + vec3.length(tangent)));
        expect(ellipsoid.implicit(e, vec3.add(p, vec3.scale(n, 1e-3)))).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
  it("has no answer at the centre", () => {
    expect(() => ellipsoid.normalAt(axisAligned([2, 1, 1], [1, 1, 1]), [1, 1, 1])).toThrow(RangeError);
    expect(() => ellipsoid.normalAt(axisAligned([2, 1, 1]), [Number.NaN, 0, 0])).toThrow(/normalAt: p/);
  });
});

describe("ellipsoid.reflect", () => {
  it("agrees with its @example, keeps the length and is its own inverse", () => {
    expect(ellipsoid.reflect([1, -1, 0], [0, 1, 0])).toEqual([1, 1, 0]);
    fc.assert(
      fc.property(vector, vector, (d, n) => {
        const r = ellipsoid.reflect(d, n);
        expect([vec3.length(r)]).toBeCloseToVec([vec3.length(d)], CHAIN);
        expect(ellipsoid.reflect(r, vec3.scale(n, -3))).toBeCloseToVec(d, CHAIN);
        // The tangential part is kept, the normal part flips.
        expect([vec3.dot(r, n)]).toBeCloseToVec([-vec3.dot(d, n)], {
          atol: 1e-12 * vec3.length(d) * vec3.length(n),
          rtol: 1e-12,
        });
      }),
      RUNS,
    );
  });
  it("refuses a zero normal and NaN", () => {
    expect(() => ellipsoid.reflect([1, 0, 0], [0, 0, 0])).toThrow(/ellipsoid\.reflect: normal/);
    expect(() => ellipsoid.reflect([Number.NaN, 0, 0], [0, 1, 0])).toThrow(/ellipsoid\.reflect: direction/);
  });
});

describe("ellipsoid.traceMirrors", () => {
  it("agrees with its @example", () => {
    const [b] = ellipsoid.traceMirrors([ellipsoid.fromFoci([0, 0, 0], [4, 0, 0], 6)], [0, 0, 0], [0, 1, 0]);
    expect(b!.direction).toBeCloseToVec(vec3.normalize([4, -9 / Math.sqrt(13), 0]), CHAIN);
  });
  it("passes a ray from the first focus through every shared focus of the blog's chain", () => {
    // The blog's second demo: foci (−90, 70, −20) → (−20, 20, 0) → (40, 20, −20) → (60, 90, −50), minor axes 70.
    const F: Vec3[] = [[-90, 70, -20], [-20, 20, 0], [40, 20, -20], [60, 90, -50]]; // prettier-ignore
    const chain = [0, 1, 2].map((i) => ellipsoid.fromFoci(F[i]!, F[i + 1]!, 70));
    fc.assert(
      fc.property(unitVector, (dir) => {
        const bounces = ellipsoid.traceMirrors(chain, F[0]!, dir);
        expect(bounces).toHaveLength(3);
        bounces.forEach((b, i) => {
          const toFocus = vec3.sub(F[i + 1]!, b.point);
          expect(vec3.length(vec3.cross(toFocus, b.direction))).toBeLessThan(1e-9 * 100);
          expect(vec3.dot(toFocus, b.direction)).toBeGreaterThan(0);
        });
      }),
      RUNS,
    );
  });
  it("stops at a mirror the ray misses", () => {
    const far = ellipsoid.fromFoci([100, 0, 0], [110, 0, 0], 2);
    expect(
      ellipsoid.traceMirrors([ellipsoid.fromFoci([0, 0, 0], [4, 0, 0], 6), far], [0, 0, 0], [0, 1, 0]),
    ).toHaveLength(1);
  });
});

describe("the triaxial ellipsoid has no foci (the blog's loose claim)", () => {
  it("its focal-point candidates (±√(a² − b²), 0, 0) give different sums at different surface points", () => {
    const e = axisAligned([3, 2, 1]);
    const f = Math.sqrt(5);
    const sum = (p: Vec3) => vec3.distance(p, [-f, 0, 0]) + vec3.distance(p, [f, 0, 0]);
    expect(sum([3, 0, 0])).toBeCloseTo(6, 12);
    expect(sum([0, 2, 0])).toBeCloseTo(6, 12);
    expect(sum([0, 0, 1])).toBeCloseTo(2 * Math.sqrt(6), 12);
    expect(ellipsoid.implicit(e, [0, 0, 1])).toBe(0);
  });
});
