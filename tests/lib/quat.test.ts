import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, mat3, quat, scalar, vec3 } from "../../lib/index.ts";
import { RUNS, rotation, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { describeOutParameter } from "../helpers/outParameter.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const deg = scalar.degToRad;
const negate = (q: Quat): Quat => [-q[0], -q[1], -q[2], -q[3]];

describe("quat.multiply", () => {
  it("follows Hamilton's rules: ij = k, ji = −k, i² = j² = k² = ijk = −1", () => {
    const i: Quat = [1, 0, 0, 0];
    const j: Quat = [0, 1, 0, 0];
    const k: Quat = [0, 0, 1, 0];
    expect(quat.multiply(i, j)).toEqual([0, 0, 1, 0]);
    expect(quat.multiply(j, i)).toEqual([0, 0, -1, 0]);
    for (const u of [i, j, k]) expect(quat.multiply(u, u)).toEqual([0, 0, 0, -1]);
    expect(quat.multiply(quat.multiply(i, j), k)).toEqual([0, 0, 0, -1]);
  });
  it("composes rotations: rotating by a·b rotates by b, then a", () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, vector, (a, b, v) => {
        const both = quat.rotateVec3(quat.multiply(a, b), v);
        expect(both).toBeCloseToVec(quat.rotateVec3(a, quat.rotateVec3(b, v)), CHAIN);
      }),
      RUNS,
    );
  });
});

describeOutParameter("quat.multiply", quat.multiply, [
  quat.fromAxisAngle([1, 2, 3], 0.7),
  quat.fromAxisAngle([0, 1, 0], -2),
]);
describeOutParameter("quat.rotateVec3", quat.rotateVec3, [quat.fromAxisAngle([1, 2, 3], 0.7), [4, -5, 6]]);
describeOutParameter("quat.normalize", quat.normalize, [[0.3, -1.2, 2, 0.5]]);
// Opposite-leaning vectors take the d < 0 branch; exactly opposite ones the half turn about an orthogonal axis.
describeOutParameter("quat.fromTwoVectors", quat.fromTwoVectors, [
  [1, 2, 3],
  [-2, 0.5, -1],
]);
describeOutParameter("quat.fromTwoVectors (opposite)", quat.fromTwoVectors, [
  [0, 0, 2],
  [0, 0, -1],
]);

describe("quat.rotateVec3", () => {
  it("agrees with the matrix of the quaternion and with q·(v, 0)·q*", () => {
    fc.assert(
      fc.property(unitQuat, vector, (q, v) => {
        const byMatrix = mat3.transformVec3(quat.toMat3(q), v);
        const sandwich = quat.multiply(quat.multiply(q, [v[0], v[1], v[2], 0]), quat.conjugate(q));
        expect(quat.rotateVec3(q, v)).toBeCloseToVec(byMatrix, CHAIN);
        expect(quat.rotateVec3(q, v)).toBeCloseToVec(sandwich.slice(0, 3), CHAIN);
      }),
      RUNS,
    );
  });
});

describe("quat.fromAxisAngle and toAxisAngle", () => {
  it("round-trip on the short side, angle in [0, π]", () => {
    fc.assert(
      fc.property(unitVector, fc.double({ min: 1e-6, max: Math.PI - 1e-6, noNaN: true }), (axis, a) => {
        const back = quat.toAxisAngle(quat.fromAxisAngle(axis, a));
        expect(back.angle).toBeCloseTo(a, 13);
        expect(back.axis).toBeCloseToVec(axis, CHAIN);
      }),
      RUNS,
    );
  });
  it("reports a 270° turn as 90° about the opposite axis", () => {
    const { axis, angle } = quat.toAxisAngle(quat.fromAxisAngle([0, 0, 1], deg(270)));
    expect(angle).toBeCloseTo(deg(90), 14);
    expect(axis).toBeCloseToVec([0, 0, -1], TIGHT);
  });
  it("gives the X axis and angle 0 at the identity", () => {
    expect(quat.toAxisAngle(quat.identity())).toEqual({ axis: [1, 0, 0], angle: 0 });
  });
  it("throws RangeError naming the argument for a zero axis or zero quaternion", () => {
    expect(() => quat.fromAxisAngle([0, 0, 0], 1)).toThrow(/quat\.fromAxisAngle: axis has zero/);
    expect(() => quat.toAxisAngle([0, 0, 0, 0])).toThrow(/quat\.toAxisAngle: q is the zero quaternion/);
  });
});

describe("zero quaternions", () => {
  it.each([
    ["normalize", () => quat.normalize([0, 0, 0, 0])],
    ["inverse", () => quat.inverse([0, 0, 0, 0])],
    ["toMat3", () => quat.toMat3([0, 0, 0, 0])],
    ["log", () => quat.log([0, 0, 0, 0])],
    ["angleBetween", () => quat.angleBetween([0, 0, 0, 0], [0, 0, 0, 1])],
  ])("quat.%s throws a RangeError naming itself", (name, call) => {
    expect(call).toThrow(new RegExp(`quat\\.${name}: .* is the zero quaternion`));
  });
});

describe("quat.conjugate, inverse, normalize, length, dot", () => {
  it("q·q⁻¹ = 1 for any non-zero q", () => {
    const q: Quat = [1, -2, 3, 0.5];
    expect(quat.multiply(q, quat.inverse(q))).toBeCloseToVec([0, 0, 0, 1], TIGHT);
  });
  it("normalize gives unit length, conjugate undoes a unit rotation", () => {
    expect(quat.length(quat.normalize([1, 2, 3, 4]))).toBeCloseTo(1, 15);
    fc.assert(
      fc.property(unitQuat, (q) => {
        expect(quat.multiply(quat.conjugate(q), q)).toBeCloseToVec([0, 0, 0, 1], TIGHT);
        expect(quat.length(q)).toBeCloseTo(1, 14);
      }),
      RUNS,
    );
  });
});

describe("quat.toMat3 and fromMat3", () => {
  it("the matrix of a unit quaternion is a rotation: RᵀR = I, det = +1", () => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        const r = quat.toMat3(q);
        expect(mat3.orthonormalityError(r)).toBeLessThan(1e-14);
        expect(mat3.determinant(r)).toBeCloseTo(1, 14);
      }),
      RUNS,
    );
  });
  it("q and −q give the same matrix (double cover)", () => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        expect(quat.toMat3(negate(q))).toBeCloseToVec(quat.toMat3(q), TIGHT);
      }),
      RUNS,
    );
  });
  it("round-trips matrix → quaternion → matrix", () => {
    fc.assert(
      fc.property(rotation, (r) => {
        expect(quat.toMat3(quat.fromMat3(r))).toBeCloseToVec(r, CHAIN);
      }),
      RUNS,
    );
  });
  it.each([
    ["trace", [0.1, 0.2, 0.3], 0.5],
    ["x", [1, 0.1, 0.1], 3],
    ["y", [0.1, 1, 0.1], 3],
    ["z", [0.1, 0.1, 1], 3],
  ] as [string, Vec3, number][])("Shepperd's %s branch recovers the rotation", (_branch, axis, a) => {
    const q = quat.fromAxisAngle(axis, a);
    expect(quat.fromMat3(quat.toMat3(q))).toBeSameRotation(q);
  });
  it("round-trips rotations within 1e-9 of 180°, to 1e-15 rad", () => {
    fc.assert(
      fc.property(unitVector, fc.double({ min: -1e-9, max: 1e-9, noNaN: true }), (axis, eps) => {
        const q = quat.fromAxisAngle(axis, Math.PI + eps);
        expect(quat.fromMat3(quat.toMat3(q))).toBeSameRotation(q, 1e-15 * 4);
      }),
      RUNS,
    );
  });
  it("returns w ≥ 0 and exactly 180° turns about the axes", () => {
    expect(quat.fromMat3(mat3.rotationX(Math.PI))).toBeCloseToVec([1, 0, 0, 0], TIGHT);
    expect(quat.fromMat3(mat3.rotationY(Math.PI))).toBeCloseToVec([0, 1, 0, 0], TIGHT);
    fc.assert(
      fc.property(rotation, (r) => quat.fromMat3(r)[3] >= 0),
      RUNS,
    );
  });
  it("throws for the zero matrix", () => {
    expect(() => quat.fromMat3([0, 0, 0, 0, 0, 0, 0, 0, 0].map(() => Number.NaN) as never)).toThrow(/quat\.fromMat3/);
  });
});

describe("quat.angleBetween", () => {
  it("is exactly 0 between a quaternion and itself or its negation, never NaN", () => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        expect(quat.angleBetween(q, q)).toBe(0);
        expect(quat.angleBetween(q, negate(q))).toBe(0);
      }),
      RUNS,
    );
  });
  it.each([1e-12, 1e-9, 1e-6, 1e-3, 1, 2, 3, Math.PI - 1e-9, Math.PI])("is exact to ~1e-15 rad at %s rad", (a) => {
    const axisOf = [0.3, -0.5, 0.8] as Vec3;
    const base = quat.fromAxisAngle([1, 2, 3], 0.9);
    const other = quat.multiply(base, quat.fromAxisAngle(axisOf, a));
    expect(Math.abs(quat.angleBetween(base, other) - a)).toBeLessThan(2e-15);
  });
  it("does not depend on the lengths of its arguments", () => {
    const a = quat.fromAxisAngle([0, 0, 1], 0.5);
    expect(quat.angleBetween([0, 0, 0, 3], a.map((x) => 7 * x) as Quat)).toBeCloseTo(0.5, 15);
  });
  it("sameRotation treats q and −q alike", () => {
    const q = quat.fromAxisAngle([1, 1, 0], 2);
    expect(quat.sameRotation(q, negate(q))).toBe(true);
    expect(quat.sameRotation(q, quat.fromAxisAngle([1, 1, 0], 2.001))).toBe(false);
  });
});

describe("quat.exp, log, pow", () => {
  it("identity in, identity out: log(1) = 0, exp(0) = 1, 1^t = 1 — no division by sin 0", () => {
    expect(quat.log(quat.identity())).toEqual([0, 0, 0, 0]);
    expect(quat.exp([0, 0, 0, 0])).toEqual([0, 0, 0, 1]);
    for (const t of [0, 1 / 3, 0.5, 2, -1])
      expect(quat.pow(quat.identity(), t)).toBeCloseToVec([0, 0, 0, 1], { atol: 0, rtol: 0 });
  });
  it("pow(q45°, 1/3) is the 15° rotation about the same axis", () => {
    const axis: Vec3 = [1, 2, 2];
    expect(quat.pow(quat.fromAxisAngle(axis, deg(45)), 1 / 3)).toBeSameRotation(quat.fromAxisAngle(axis, deg(15)));
  });
  it("exp undoes log, and pow(q, t) scales the angle by t", () => {
    fc.assert(
      fc.property(unitQuat, fc.double({ min: -2, max: 2, noNaN: true }), (q, t) => {
        expect(quat.exp(quat.log(q))).toBeCloseToVec(q, CHAIN);
        const { axis, angle } = quat.toAxisAngle(q);
        const p = quat.pow(q[3] < 0 ? negate(q) : q, t);
        expect(p).toBeSameRotation(quat.fromAxisAngle(axis, t * angle), 1e-13);
      }),
      RUNS,
    );
  });
  it("log of −1 (a full turn) is π about X", () => {
    expect(quat.log([0, 0, 0, -1])).toEqual([Math.PI, 0, 0, 0]);
  });
  it("pow is accurate for rotations of 1e-10 rad", () => {
    const q = quat.fromAxisAngle([0, 1, 0], 1e-10);
    expect(quat.pow(q, 0.5)).toBeSameRotation(quat.fromAxisAngle([0, 1, 0], 5e-11), 1e-24);
  });
});

describe("quat.fromTwoVectors", () => {
  const expectMaps = (u: Vec3, v: Vec3, tol = 1e-15) => {
    const q = quat.fromTwoVectors(u, v);
    expect(quat.length(q)).toBeCloseTo(1, 15);
    const landed = quat.rotateVec3(q, vec3.normalize(u));
    expect(vec3.angleBetween(landed, v)).toBeLessThan(tol);
    return q;
  };
  it("rotates u onto v for random (unnormalised) vectors", () => {
    fc.assert(
      fc.property(vector, vector, (u, v) => {
        expectMaps(u, v, 1e-14);
      }),
      RUNS,
    );
  });
  it("is the identity for parallel vectors", () => {
    expect(quat.fromTwoVectors([1, 2, 3], [2, 4, 6])).toBeSameRotation(quat.identity());
  });
  it("turns by π about an axis orthogonal to u when u = −v, exactly", () => {
    for (const u of [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 3],
      [1, 2, 3],
    ] as Vec3[]) {
      const q = expectMaps(u, vec3.negate(u));
      expect(q[3]).toBe(0);
      expect(vec3.dot([q[0], q[1], q[2]], u)).toBeCloseTo(0, 15);
    }
  });
  it("stays accurate for u, v within 1e-8 of opposite", () => {
    fc.assert(
      fc.property(unitVector, unitVector, fc.double({ min: 1e-10, max: 1e-6, noNaN: true }), (u, w, eps) => {
        const side = vec3.projectOnPlane(w, u);
        fc.pre(vec3.length(side) > 1e-3);
        const v = vec3.add(vec3.negate(u), vec3.scale(vec3.normalize(side), eps)); // 1e-8-ish from −u, unnormalised
        const q = expectMaps(vec3.scale(u, 3), v, 1e-15 * 8);
        expect(quat.toAxisAngle(q).angle).toBeCloseTo(vec3.angleBetween(u, v), 14);
      }),
      RUNS,
    );
  });
  describe("for vectors whose products overflow or underflow", () => {
    it.each([1e160, 1e-160, 1e300, 1e-300])("works for vectors of length %s", (size) => {
      const u = vec3.scale([1, 2, 2], size / 3);
      const v = vec3.scale([-2, 1, 0.5], size);
      const q = expectMaps(u, v);
      expect(q).toBeSameRotation(quat.fromTwoVectors([1, 2, 2], [-2, 1, 0.5]), 1e-15);
      expectMaps(u, vec3.negate(u)); // opposite, through the orthogonal-axis branch
      expectMaps(u, vec3.scale([-1, -2, -1.999999], size)); // nearly opposite
    });
    it("works for one huge and one tiny vector", () => {
      expect(quat.fromTwoVectors([1e200, 0, 0], [0, 1e-200, 0])).toBeSameRotation(
        quat.fromAxisAngle([0, 0, 1], Math.PI / 2),
        1e-15,
      );
    });
    it("gives the same bits as for the vectors scaled by any power of two", () => {
      const integer = fc.integer({ min: -1000, max: 1000 });
      const integerVector = fc.tuple(integer, integer, integer).filter((v) => v.some((x) => x !== 0));
      fc.assert(
        fc.property(integerVector, integerVector, fc.integer({ min: -900, max: 900 }), (u, v, e) => {
          expect(quat.fromTwoVectors(vec3.scale(u, 2 ** e), v)).toEqual(quat.fromTwoVectors(u, v));
        }),
        RUNS,
      );
    });
  });
  it("throws for a zero vector", () => {
    expect(() => quat.fromTwoVectors([0, 0, 0], [1, 0, 0])).toThrow(/quat\.fromTwoVectors: u has zero/);
    expect(() => quat.fromTwoVectors([1, 0, 0], [0, 0, 0])).toThrow(/quat\.fromTwoVectors: v has zero/);
  });
});
