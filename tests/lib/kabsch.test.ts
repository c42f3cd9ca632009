import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, decompose, kabsch, mat3, quat, vec3 } from "../../lib/index.ts";
import { RUNS, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const move = (q: Quat, t: Vec3, s: number) => (p: Vec3) => vec3.add(vec3.scale(quat.rotateVec3(q, p), s), t);
const apply = (fit: kabsch.KabschResult, points: Vec3[]) => points.map(move(fit.rotation, fit.translation, fit.scale));

/** 3 to 20 points in [−10, 10]³. */
const cloud = fc.array(vector, { minLength: 3, maxLength: 20 });

/** The spreads of a cloud about its centroid, largest first: √ of the scatter's eigenvalues. */
const spreads = (points: Vec3[]) => {
  const h = kabsch.crossCovariance(points, points);
  return decompose.symmetricEigen(h).values.map((x) => Math.sqrt(Math.max(0, x)));
};
/** Far from collinear (the rotation is well determined): the second spread at least 1e-2 of the first. */
const notCollinear = (points: Vec3[]) => spreads(points)[1]! > 1e-2 * spreads(points)[0]!;
const weightsFor = (n: number) =>
  fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: n, maxLength: n });

/** A set that no rotation fits exactly, for "nothing fits better" properties. */
const FROM: Vec3[] = [
  [1, 0, 0],
  [0, 2, 0],
  [0, 0, 3],
  [1, 1, 1],
  [-2, 0.5, 1],
];
const TO: Vec3[] = [
  [0.1, 1, 0],
  [-2, 0.2, 0.1],
  [0, 0.3, 3.1],
  [-1, 1.2, 0.9],
  [-0.4, -2, 1.2],
];

describe("kabsch.centroid", () => {
  it("is the mean, or the weighted mean, and ignores a common factor in the weights", () => {
    expect(kabsch.centroid([[0, 0, 0], [2, 4, 6]])).toEqual([1, 2, 3]); // prettier-ignore
    expect(kabsch.centroid([[0, 0, 0], [4, 0, 0]], [3, 1])).toEqual([1, 0, 0]); // prettier-ignore
    expect(kabsch.centroid(FROM, [1, 2, 3, 4, 5])).toBeCloseToVec(kabsch.centroid(FROM, [2, 4, 6, 8, 10]), TIGHT);
    expect(kabsch.centroid([[1, 2, 3]])).toEqual([1, 2, 3]);
  });
});

describe("kabsch.crossCovariance", () => {
  it("is Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ, entry (r, c) = Σ (pᵢ − p̄)_r (qᵢ − q̄)_c", () => {
    const h = kabsch.crossCovariance(FROM, TO, [1, 2, 1, 0.5, 1]);
    const w = [1, 2, 1, 0.5, 1];
    const pc = kabsch.centroid(FROM, w);
    const qc = kabsch.centroid(TO, w);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const expected = FROM.reduce((sum, p, i) => sum + w[i]! * (p[r]! - pc[r]!) * (TO[i]![c]! - qc[c]!), 0);
        expect(mat3.get(h, r, c)).toBeCloseTo(expected, 13);
      }
    }
  });
  it("does not depend on translating either set", () => {
    const shifted = TO.map((q) => vec3.add(q, [100, -50, 3]));
    expect(kabsch.crossCovariance(FROM, shifted)).toBeCloseToVec(kabsch.crossCovariance(FROM, TO), CHAIN);
  });
});

describe("kabsch.kabsch", () => {
  it("recovers a known rotation and translation to 1e-12 (noise-free, ≥ 3 points not collinear)", () => {
    fc.assert(
      fc.property(cloud, unitQuat, vector, (from, q, t) => {
        fc.pre(notCollinear(from));
        const fit = kabsch.kabsch(from, from.map(move(q, t, 1)));
        expect(fit.degenerate).toBe(false);
        expect(fit.rotation).toBeSameRotation(q, 1e-12);
        expect(fit.translation).toBeCloseToVec(t, { atol: 1e-12 * 10, rtol: 0 });
        expect(fit.scale).toBe(1);
        expect(fit.rmsd).toBeLessThan(1e-13);
      }),
      RUNS,
    );
  });
  it("recovers the scale with opts.scale (Umeyama), and keeps scale 1 without it", () => {
    fc.assert(
      fc.property(cloud, unitQuat, vector, fc.double({ min: 0.01, max: 100, noNaN: true }), (from, q, t, s) => {
        fc.pre(notCollinear(from));
        const to = from.map(move(q, t, s));
        const fit = kabsch.kabsch(from, to, { scale: true });
        expect(fit.scale).toBeCloseTo(s, 10);
        expect(fit.rotation).toBeSameRotation(q, 1e-11);
        expect(apply(fit, from).flat()).toBeCloseToVec(to.flat(), { atol: 1e-10 * s, rtol: 0 });
        expect(kabsch.kabsch(from, to).scale).toBe(1);
      }),
      RUNS,
    );
  });
  it("fits to ≈ scale·R·from + translation with rmsd equal to the residuals' RMS, and rmsd ≥ 0", () => {
    fc.assert(
      fc.property(cloud, cloud, fc.boolean(), (a, b, scale) => {
        const n = Math.min(a.length, b.length);
        const from = a.slice(0, n);
        const to = b.slice(0, n);
        const fit = kabsch.kabsch(from, to, { scale });
        expect(fit.rmsd).toBeGreaterThanOrEqual(0);
        expect(fit.rmsd).toBeCloseTo(kabsch.rmsd(apply(fit, from), to), 12);
        expect(quat.length(fit.rotation)).toBeCloseTo(1, 15);
      }),
      RUNS,
    );
  });
  it("is optimal: no perturbed rotation (with its best translation) fits better", () => {
    const fit = kabsch.kabsch(FROM, TO);
    fc.assert(
      fc.property(unitVector, fc.double({ min: 1e-5, max: Math.PI, noNaN: true }), (axis, angle) => {
        const q = quat.multiply(quat.fromAxisAngle(axis, angle), fit.rotation);
        const t = vec3.sub(kabsch.centroid(TO), quat.rotateVec3(q, kabsch.centroid(FROM)));
        expect(kabsch.rmsd(FROM.map(move(q, t, 1)), TO)).toBeGreaterThanOrEqual(fit.rmsd - 1e-14);
      }),
      RUNS,
    );
  });
  it("is never a reflection: the rotation has det +1 even when the sets are mirror images", () => {
    fc.assert(
      fc.property(cloud, (from) => {
        fc.pre(spreads(from)[2]! > 1e-2 * spreads(from)[0]!); // not planar: a planar set's mirror image is a half turn away
        const mirrored = from.map(([x, y, z]): Vec3 => [-x, y, z]);
        const fit = kabsch.kabsch(from, mirrored);
        expect(mat3.determinant(quat.toMat3(fit.rotation))).toBeCloseTo(1, 14);
        expect(fit.rmsd).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
  describe("with weights", () => {
    it("ignores pairs with weight 0 and matches the unweighted fit of the rest", () => {
      fc.assert(
        fc.property(cloud, cloud, (from, junk) => {
          fc.pre(notCollinear(from));
          const q = quat.fromAxisAngle([1, 2, 3], 0.8);
          const to = from.map(move(q, [1, 2, 3], 1));
          const fit = kabsch.kabsch([...from, ...junk], [...to, ...junk.map((p) => vec3.scale(p, -3))], {
            weights: [...from.map(() => 1), ...junk.map(() => 0)],
          });
          expect(fit.rotation).toBeSameRotation(q, 1e-11);
          expect(fit.rmsd).toBeLessThan(1e-12);
        }),
        RUNS,
      );
    });
    it("equals repeating a pair as many times as its (integer) weight", () => {
      const w = [1, 3, 2, 1, 4];
      const fit = kabsch.kabsch(FROM, TO, { weights: w, scale: true });
      const repeat = <T>(xs: T[]) => xs.flatMap((x, i) => Array<T>(w[i]!).fill(x));
      const same = kabsch.kabsch(repeat(FROM), repeat(TO), { scale: true });
      expect(fit.rotation).toBeSameRotation(same.rotation, 1e-13);
      expect(fit.translation).toBeCloseToVec(same.translation, CHAIN);
      expect(fit.scale).toBeCloseTo(same.scale, 13);
      expect(fit.rmsd).toBeCloseTo(same.rmsd, 13);
    });
    it("does not change when every weight is scaled by the same factor", () => {
      fc.assert(
        fc.property(weightsFor(FROM.length), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (w, k) => {
          const a = kabsch.kabsch(FROM, TO, { weights: w });
          const b = kabsch.kabsch(FROM, TO, { weights: w.map((x) => k * x) });
          expect(b.rotation).toBeSameRotation(a.rotation, 1e-12);
          expect(b.rmsd).toBeCloseTo(a.rmsd, 12);
        }),
        RUNS,
      );
    });
  });
  describe("degenerate inputs", () => {
    it("collinear points: a valid rotation that maps the line onto the line, degenerate: true", () => {
      fc.assert(
        fc.property(
          unitVector,
          unitQuat,
          vector,
          fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 2, maxLength: 10 }),
          (dir, q, t, ts) => {
            const from = [...ts, 7].map((s) => vec3.scale(dir, s));
            const to = from.map(move(q, t, 1));
            const fit = kabsch.kabsch(from, to);
            expect(fit.degenerate).toBe(true);
            expect(quat.length(fit.rotation)).toBeCloseTo(1, 14);
            expect(quat.rotateVec3(fit.rotation, dir)).toBeCloseToVec(quat.rotateVec3(q, dir), { atol: 1e-9, rtol: 0 });
            expect(fit.rmsd).toBeLessThan(1e-12);
          },
        ),
        RUNS,
      );
    });
    it("the least turn for collinear sets: along x onto along y is the quarter turn about z", () => {
      const fit = kabsch.kabsch([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [[0, 0, 0], [0, 1, 0], [0, 2, 0]]); // prettier-ignore
      expect(fit.rotation).toBeSameRotation(quat.fromAxisAngle([0, 0, 1], Math.PI / 2));
      expect(fit).toMatchObject({ degenerate: true, scale: 1 });
    });
    it("coincident points and a single pair: the identity and the offset, degenerate: true", () => {
      expect(kabsch.kabsch([[1, 2, 3]], [[4, 6, 8]])).toEqual({
        rotation: [0, 0, 0, 1],
        translation: [3, 4, 5],
        scale: 1,
        rmsd: 0,
        degenerate: true,
      });
      const same: Vec3[] = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]; // prettier-ignore
      const fit = kabsch.kabsch(same, FROM.slice(0, 3), { scale: true });
      expect(fit).toMatchObject({ rotation: [0, 0, 0, 1], scale: 1, degenerate: true });
      expect(fit.translation).toBeCloseToVec(vec3.sub(kabsch.centroid(FROM.slice(0, 3)), [1, 1, 1]), TIGHT);
      expect(kabsch.kabsch(FROM.slice(0, 3), same, { scale: true })).toMatchObject({ scale: 0, degenerate: true });
    });
    it("planar points are not degenerate: the rotation is unique", () => {
      const planar: Vec3[] = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [2, -1, 0]]; // prettier-ignore
      const q = quat.fromAxisAngle([1, -1, 2], 2.5);
      const fit = kabsch.kabsch(planar, planar.map(move(q, [0, 0, 1], 1)));
      expect(fit.degenerate).toBe(false);
      expect(fit.rotation).toBeSameRotation(q, 1e-12);
    });
  });
  it("throws RangeError for mismatched lengths, empty input, non-finite points and bad weights", () => {
    expect(() => kabsch.kabsch(FROM, TO.slice(1))).toThrow(/kabsch\.kabsch: from has 5 points but to has 4/);
    expect(() => kabsch.kabsch([], [])).toThrow(/kabsch\.kabsch: from is empty/);
    expect(() => kabsch.kabsch([[0, Number.NaN, 0]], [[0, 0, 0]])).toThrow(
      /kabsch\.kabsch: from\[0\] is not a point with finite/,
    );
    expect(() => kabsch.kabsch(FROM, TO, { weights: [1, 1, 1] })).toThrow(
      /opts\.weights has 3 entries, expected one per point \(5\)/,
    );
    expect(() => kabsch.kabsch(FROM, TO, { weights: [1, 1, -1, 1, 1] })).toThrow(
      /opts\.weights\[2\] must be finite and ≥ 0, got -1/,
    );
    expect(() => kabsch.kabsch(FROM, TO, { weights: [0, 0, 0, 0, 0] })).toThrow(/opts\.weights must not all be zero/);
    expect(() => kabsch.kabsch(FROM, TO, { weights: [1, Infinity, 1, 1, 1] })).toThrow(RangeError);
    expect(() => kabsch.centroid([])).toThrow(/kabsch\.centroid: points is empty/);
    expect(() => kabsch.centroid(FROM, [0, 0, 0, 0, 0])).toThrow(/kabsch\.centroid: weights must not all be zero/);
    expect(() => kabsch.crossCovariance(FROM, TO.slice(2))).toThrow(
      /kabsch\.crossCovariance: from has 5 points but to has 3/,
    );
    expect(() => kabsch.rmsd([[0, 0, 0]], [])).toThrow(/kabsch\.rmsd: b is empty/);
  });
});

describe("kabsch.rmsd", () => {
  it("is √(mean |aᵢ − bᵢ|²), ≥ 0, 0 for identical sets, symmetric, and weighted", () => {
    expect(kabsch.rmsd([[0, 0, 0], [1, 0, 0]], [[0, 0, 0], [1, 2, 0]])).toBeCloseTo(Math.SQRT2, 15); // prettier-ignore
    expect(kabsch.rmsd(FROM, FROM)).toBe(0);
    expect(kabsch.rmsd(FROM, TO)).toBe(kabsch.rmsd(TO, FROM));
    expect(kabsch.rmsd([[0, 0, 0], [0, 0, 0]], [[3, 0, 0], [0, 0, 1]], [1, 0])).toBe(3); // prettier-ignore
    fc.assert(
      fc.property(cloud, cloud, (a, b) => {
        const n = Math.min(a.length, b.length);
        expect(kabsch.rmsd(a.slice(0, n), b.slice(0, n))).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
});

describe("kabsch and decompose agree", () => {
  it("the rotation is the polar rotation of Hᵀ", () => {
    const h = kabsch.crossCovariance(FROM, TO);
    const r = decompose.polarRotation(mat3.transpose(h));
    expect(quat.toMat3(kabsch.kabsch(FROM, TO).rotation)).toBeCloseToVec(r, CHAIN);
  });
});
