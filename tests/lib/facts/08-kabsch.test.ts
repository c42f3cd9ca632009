/**
 * Chapter 08's facts (Kabsch), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/08-kabsch.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, decompose, fit, kabsch, mat3, quat, random, scalar, vec3 } from "../../../lib/index.ts";
import { RUNS, angle, rotation, unitQuat, unitVector, vector } from "../../helpers/arbitraries.ts";
import { CHAIN } from "../../helpers/tolerance.ts";
import { KABSCH_MIRROR_SET, KABSCH_SIMILARITY } from "../../../notebooks/figures/kabsch-example.ts";

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
