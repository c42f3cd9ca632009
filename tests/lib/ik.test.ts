import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, ik, quat, vec3 } from "../../lib/index.ts";
import { RUNS, angle, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const ONE: Quat = [0, 0, 0, 1];
const unitChain = (n: number): ik.Joint[] => Array.from({ length: n }, () => ({ length: 1 }));
const rest = (n: number): Quat[] => Array.from({ length: n }, () => [...ONE] as Quat);
/** A bent start (every joint turned 0.4 rad about z): CCD and FABRIK can stall on a chain collinear with its target. */
const bent = (n: number): Quat[] => Array.from({ length: n }, () => quat.fromAxisAngle([0, 0, 1], 0.4));
/** Bone lengths are kept "exactly": to a few ulps of the chain's size. */
const LENGTH_TOL = 1e-12;
/** A hinge joint's rotation is about its axis: the vector part's component ⟂ the axis, at rounding. */
const OFF_AXIS_TOL = 1e-12;

/** Random chains of 2–5 ball joints with lengths in [0.3, 2]. */
const chainArb = fc
  .array(fc.double({ min: 0.3, max: 2, noNaN: true }), { minLength: 2, maxLength: 5 })
  .map((ls) => ls.map((length): ik.Joint => ({ length })));

describe("ik.forwardKinematics", () => {
  it("lays a chain of identity rotations along +x from the origin", () => {
    expect(ik.forwardKinematics([1, 2, 3], unitChain(3), rest(3))).toEqual([
      [1, 2, 3],
      [2, 2, 3],
      [3, 2, 3],
      [4, 2, 3],
    ]);
  });
  it("composes local rotations: Qᵢ = Qᵢ₋₁·qᵢ", () => {
    const quarter = quat.fromAxisAngle([0, 0, 1], Math.PI / 2);
    const p = ik.forwardKinematics([0, 0, 0], unitChain(3), [quarter, quarter, ONE]);
    expect(p[1]).toBeCloseToVec([0, 1, 0], TIGHT);
    expect(p[2]).toBeCloseToVec([-1, 1, 0], TIGHT); // the second joint turns a further 90°
    expect(p[3]).toBeCloseToVec([-2, 1, 0], TIGHT); // the third inherits 180°
  });
  it("keeps every bone its length, whatever the rotations, and leaves its inputs alone", () => {
    fc.assert(
      fc.property(chainArb, fc.array(unitQuat, { minLength: 5, maxLength: 5 }), vector, (joints, qs, o) => {
        const rotations = qs.slice(0, joints.length);
        const copy = JSON.stringify([joints, rotations, o]);
        const p = ik.forwardKinematics(o, joints, rotations);
        expect(p[0]).toEqual(o);
        ik.boneLengths(p).forEach((l, i) => expect(Math.abs(l - joints[i]!.length)).toBeLessThan(LENGTH_TOL * 20));
        expect(JSON.stringify([joints, rotations, o])).toBe(copy);
      }),
      RUNS,
    );
  });
  it("follows a bone's rest direction, and puts the points of a zero-length bone together", () => {
    const p = ik.forwardKinematics([0, 0, 0], [{ length: 2, direction: [0, 3, 4] }, { length: 0 }], rest(2));
    expect(p[1]).toBeCloseToVec([0, 1.2, 1.6], TIGHT);
    expect(p[2]).toEqual(p[1]);
  });
  it("normalizes slightly non-unit rotations, so rounded poses keep their lengths", () => {
    const q: Quat = [0, 0, 0.7071, 0.7071];
    expect(ik.boneLengths(ik.forwardKinematics([0, 0, 0], unitChain(1), [q]))[0]).toBeCloseTo(1, 15);
  });
  it("refuses NaN, bad lengths, zero hinges, and a wrong number of rotations, naming the argument", () => {
    expect(() => ik.forwardKinematics([NaN, 0, 0], unitChain(1), rest(1))).toThrow(/ik\.forwardKinematics: origin/);
    expect(() => ik.forwardKinematics([0, 0, 0], [{ length: -1 }], rest(1))).toThrow(/joints\[0\]\.length/);
    expect(() => ik.forwardKinematics([0, 0, 0], [{ length: 1, hinge: [0, 0, 0] }], rest(1))).toThrow(
      /joints\[0\]\.hinge/,
    );
    expect(() => ik.forwardKinematics([0, 0, 0], [{ length: 1, limits: [0, 1] }], rest(1))).toThrow(/need a hinge/);
    expect(() => ik.forwardKinematics([0, 0, 0], unitChain(2), rest(1))).toThrow(/one rotation per joint/);
    expect(() => ik.forwardKinematics([0, 0, 0], unitChain(1), [[0, 0, 0, 0]])).toThrow(/rotations\[0\]/);
    expect(() => ik.forwardKinematics([0, 0, 0], [], [])).toThrow(/joints is empty/);
  });
});

describe("ik.hingeAngle", () => {
  it("reads back the angle of a rotation about the axis, for q and −q alike", () => {
    fc.assert(
      fc.property(unitVector, angle, (a, t) => {
        const q = quat.fromAxisAngle(a, t);
        const expected = t === -Math.PI ? Math.PI : t;
        expect(ik.hingeAngle(q, a)).toBeCloseTo(expected, 12);
        expect(ik.hingeAngle(q.map((x) => -x) as Quat, vec3.scale(a, 3))).toBeCloseTo(expected, 12);
      }),
      RUNS,
    );
  });
  it("is the twist of the swing–twist split: q = swing·twist with the swing's axis ⟂ the hinge", () => {
    fc.assert(
      fc.property(unitQuat, unitVector, (q, a) => {
        const twist = quat.fromAxisAngle(a, ik.hingeAngle(q, a));
        const swing = quat.multiply(q, quat.conjugate(twist));
        expect(Math.abs(vec3.dot([swing[0], swing[1], swing[2]], a))).toBeLessThan(1e-12);
      }),
      RUNS,
    );
  });
  it("is 0, not NaN or π, when the swing is a half turn (the blog's projection is ambiguous there)", () => {
    expect(ik.hingeAngle([1, 0, 0, 0], [0, 0, 1])).toBe(0);
    expect(ik.hingeAngle([1, 0, 0, -0], [0, 1, 0])).toBe(0);
  });
  it("refuses a zero axis", () => {
    expect(() => ik.hingeAngle(ONE, [0, 0, 0])).toThrow(/ik\.hingeAngle: axis/);
  });
});

describe("ik.clampAngle", () => {
  it("returns an angle inside the limits unchanged (up to a turn)", () => {
    expect(ik.clampAngle(0.3, [-1, 1])).toBe(0.3);
    expect(ik.clampAngle(-Math.PI / 2, [0, (3 * Math.PI) / 2])).toBeCloseTo((3 * Math.PI) / 2, 14);
  });
  it("sends an angle outside to the limit nearer around the circle, not the nearer on the line", () => {
    expect(ik.clampAngle(-3, [0, Math.PI / 2])).toBe(Math.PI / 2);
    expect(ik.clampAngle(-0.5, [0, Math.PI / 2])).toBe(0);
    expect(ik.clampAngle(3, [-2.5, 2.5])).toBe(2.5);
    expect(ik.clampAngle(-3.1, [-2.5, 2.5])).toBe(-2.5);
  });
  it("always lands in [min, max]", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -20, max: 20, noNaN: true }),
        angle,
        fc.double({ min: 0, max: 6.28, noNaN: true }),
        (t, lo, w) => {
          const a = ik.clampAngle(t, [lo, lo + w]);
          expect(a).toBeGreaterThanOrEqual(lo);
          expect(a).toBeLessThanOrEqual(lo + w);
        },
      ),
      RUNS,
    );
  });
  it("refuses min > max and non-finite input", () => {
    expect(() => ik.clampAngle(0, [1, 0])).toThrow(/ik\.clampAngle: limits/);
    expect(() => ik.clampAngle(NaN, [0, 1])).toThrow(/ik\.clampAngle: angleRad/);
  });
});

describe("ik.constrainToHinge", () => {
  it("returns a unit rotation about the hinge, inside the limits", () => {
    const joint: ik.Joint = { length: 1, hinge: [0, 2, 0], limits: [-0.5, 1] };
    fc.assert(
      fc.property(unitQuat, (q) => {
        const h = ik.constrainToHinge(q, joint);
        expect(quat.length(h)).toBeCloseTo(1, 14);
        expect(Math.hypot(h[0], h[2])).toBeLessThan(OFF_AXIS_TOL);
        const t = ik.hingeAngle(h, [0, 1, 0]);
        expect(t).toBeGreaterThanOrEqual(-0.5 - 1e-12);
        expect(t).toBeLessThanOrEqual(1 + 1e-12);
      }),
      RUNS,
    );
  });
  it("leaves a ball joint's rotation alone (normalized)", () => {
    expect(ik.constrainToHinge([0, 0, 0, 2], { length: 1 })).toEqual(ONE);
  });
});

describe("ik.reachRange", () => {
  it("is [max(0, 2·Lmax − L), L]", () => {
    expect(ik.reachRange([{ length: 3 }, { length: 1 }])).toEqual({ inner: 2, outer: 4 });
    expect(ik.reachRange(unitChain(3))).toEqual({ inner: 0, outer: 3 });
  });
});

describe("ik.ccdJointStep", () => {
  it("turns one joint so that the joint, the tip and the target line up; the joints before it stay", () => {
    fc.assert(
      fc.property(
        chainArb,
        fc.array(unitQuat, { minLength: 5, maxLength: 5 }),
        vector,
        fc.nat(4),
        (joints, qs, t, k) => {
          const rotations = qs.slice(0, joints.length);
          const i = k % joints.length;
          const before = ik.forwardKinematics([0, 0, 0], joints, rotations);
          const next = ik.ccdJointStep([0, 0, 0], joints, rotations, i, t);
          next.forEach((q, j) => j !== i && expect(q).toBeSameRotation(rotations[j]!, 1e-12));
          const after = ik.forwardKinematics([0, 0, 0], joints, next);
          for (let j = 0; j <= i; j++) expect(after[j]).toBeCloseToVec(before[j]!, CHAIN);
          const toTip = vec3.sub(after[after.length - 1]!, after[i]!);
          const toTarget = vec3.sub(t, after[i]!);
          if (vec3.length(toTip) > 1e-6) expect(vec3.angleBetween(toTip, toTarget)).toBeLessThan(1e-7);
        },
      ),
      RUNS,
    );
  });
  it("leaves the joint alone when the target is at the joint", () => {
    const q = quat.fromAxisAngle([0, 0, 1], 0.3);
    expect(ik.ccdJointStep([0, 0, 0], unitChain(2), [q, ONE], 0, [0, 0, 0])).toEqual([q, ONE]);
  });
  it("refuses an index outside the chain", () => {
    expect(() => ik.ccdJointStep([0, 0, 0], unitChain(2), rest(2), 2, [1, 1, 0])).toThrow(/ik\.ccdJointStep: index/);
  });
});

describe("ik.ccd", () => {
  it("reaches targets inside the shell of a free chain, bone lengths exact", () => {
    fc.assert(
      fc.property(chainArb, unitVector, fc.double({ min: 0.2, max: 0.85, noNaN: true }), (joints, dir, f) => {
        const { inner, outer } = ik.reachRange(joints);
        const t = vec3.scale(dir, inner + f * (outer - inner));
        const r = ik.ccd([0, 0, 0], joints, bent(joints.length), t, { maxIterations: 2000, tolerance: 1e-7 });
        expect(r.converged).toBe(true);
        expect(r.errors.length).toBe(r.iterations + 1);
        ik.boneLengths(r.positions).forEach((l, i) =>
          expect(Math.abs(l - joints[i]!.length)).toBeLessThan(LENGTH_TOL * 20),
        );
      }),
      { numRuns: 60 },
    );
  });
  it("keeps hinge joints on their axes and inside their limits", () => {
    const joints = ik.BLOG_ARM.joints;
    fc.assert(
      fc.property(vector, (v) => {
        const t = vec3.add(ik.BLOG_ARM.origin, vec3.scale(v, 6));
        const r = ik.ccd(ik.BLOG_ARM.origin, joints, rest(5), t, { maxIterations: 30 });
        r.rotations!.forEach((q, i) => {
          const h = vec3.normalize(joints[i]!.hinge!);
          const v3: Vec3 = [q[0], q[1], q[2]];
          expect(vec3.length(vec3.sub(v3, vec3.scale(h, vec3.dot(v3, h))))).toBeLessThan(OFF_AXIS_TOL);
          const a = ik.hingeAngle(q, h);
          expect(Math.abs(a)).toBeLessThanOrEqual(joints[i]!.limits![1] + 1e-12);
        });
      }),
      { numRuns: 40 },
    );
  });
  it("stops at once when the start is already on the target", () => {
    const r = ik.ccd([0, 0, 0], unitChain(2), rest(2), [2, 0, 0]);
    expect(r.iterations).toBe(0);
    expect(r.converged).toBe(true);
  });
  it("refuses a NaN target and a negative tolerance", () => {
    expect(() => ik.ccd([0, 0, 0], unitChain(2), rest(2), [0, NaN, 0])).toThrow(/ik\.ccd: target/);
    expect(() => ik.ccd([0, 0, 0], unitChain(2), rest(2), [0, 1, 0], { tolerance: -1 })).toThrow(/tolerance/);
  });
});

describe("ik.fabrikIteration", () => {
  it("keeps the base, keeps every bone length, and moves the tip toward the target", () => {
    fc.assert(
      fc.property(fc.array(vector, { minLength: 2, maxLength: 6 }), vector, (ps, t) => {
        const copy = JSON.stringify(ps);
        const lengths = ik.boneLengths(ps);
        const next = ik.fabrikIteration(ps, t);
        expect(next[0]).toEqual(ps[0]);
        ik.boneLengths(next).forEach((l, i) =>
          expect(Math.abs(l - lengths[i]!)).toBeLessThan(1e-12 * (1 + lengths[i]!)),
        );
        expect(JSON.stringify(ps)).toBe(copy);
      }),
      RUNS,
    );
  });
  it("never returns NaN when joints coincide (the fallback direction of constrainDistance)", () => {
    const next = ik.fabrikIteration(
      [
        [0, 0, 0],
        [1, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ],
      [1, 0, 0],
    );
    expect(next.flat().every(Number.isFinite)).toBe(true);
    expect(ik.boneLengths(next)).toEqual([1, 0, 1]);
  });
  it("refuses a single point or the wrong number of lengths", () => {
    expect(() => ik.fabrikIteration([[0, 0, 0]], [1, 0, 0])).toThrow(/at least two points/);
    expect(() =>
      ik.fabrikIteration(
        [
          [0, 0, 0],
          [1, 0, 0],
        ],
        [1, 0, 0],
        [1, 1],
      ),
    ).toThrow(/lengths/);
  });
});

describe("ik.fabrik", () => {
  it("reaches targets inside the shell, bone lengths exact", () => {
    fc.assert(
      fc.property(chainArb, unitVector, fc.double({ min: 0.2, max: 0.95, noNaN: true }), (joints, dir, f) => {
        const start = ik.forwardKinematics(
          [0, 0, 0],
          joints,
          rest(joints.length).map((q, i) => (i % 2 ? quat.fromAxisAngle([0, 0, 1], 0.4) : q)),
        );
        const { inner, outer } = ik.reachRange(joints);
        const t = vec3.scale(dir, inner + f * (outer - inner));
        const r = ik.fabrik(start, t, { maxIterations: 5000, tolerance: 1e-7 });
        expect(r.converged).toBe(true);
        ik.boneLengths(r.positions).forEach((l, i) =>
          expect(Math.abs(l - joints[i]!.length)).toBeLessThan(LENGTH_TOL * 20),
        );
      }),
      { numRuns: 60 },
    );
  });
  it("lays an unreachable target's chain straight toward it, |target| − L short", () => {
    const r = ik.fabrik(
      [
        [0, 0, 0],
        [1, 0, 0],
        [1, 1, 0],
      ],
      [0, 0, 5],
    );
    expect(r.positions).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [0, 0, 2],
    ]);
    expect(r.error).toBe(3);
    expect(r.converged).toBe(false);
  });
  it("refuses NaN", () => {
    expect(() =>
      ik.fabrik(
        [
          [0, 0, 0],
          [1, 0, 0],
        ],
        [Infinity, 0, 0],
      ),
    ).toThrow(/ik\.fabrik: target/);
  });
});
