/**
 * Chapter 13's facts (ellipsoids and ellipsoidal mirrors), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/13-ellipsoidal-mirrors.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, ellipsoid, path, quat, scalar, vec3 } from "../../../lib/index.ts";
import { RUNS, rotation, unitVector, vector } from "../../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../../helpers/tolerance.ts";

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
