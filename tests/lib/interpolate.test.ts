import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, euler, interpolate, quat, scalar, vec3 } from "../../lib/index.ts";
import { RUNS, unitQuat, unitVector } from "../helpers/arbitraries.ts";
import { describeOutParameter } from "../helpers/outParameter.ts";
import { CHAIN } from "../helpers/tolerance.ts";

const { slerp, nlerp, lerpQuat } = interpolate;
const deg = scalar.degToRad;
const negate = (q: Readonly<Quat>): Quat => [-q[0], -q[1], -q[2], -q[3]];
const t01 = fc.double({ min: 0, max: 1, noNaN: true });

describeOutParameter("interpolate.slerp", slerp, [
  quat.fromAxisAngle([1, 0, 0], 0.2),
  quat.fromAxisAngle([0, 1, 1], 2),
  0.3,
]);
describeOutParameter("interpolate.nlerp", nlerp, [
  quat.fromAxisAngle([1, 0, 0], 0.2),
  quat.fromAxisAngle([0, 1, 1], 2),
  0.3,
]);

describe("interpolate.slerp", () => {
  it("starts exactly at a and ends exactly at b (or −b)", () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, (a, b) => {
        expect(slerp(a, b, 0)).toBeCloseToVec(a, { atol: 0, rtol: 0 }); // exact, up to the sign of zero
        expect(slerp(a, b, 1)).toBeSameRotation(b, 0);
      }),
      RUNS,
    );
  });
  it("turns at constant speed: the angle from a is t times the whole angle", () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, t01, (a, b, t) => {
        const q = slerp(a, b, t);
        expect(quat.length(q)).toBeCloseTo(1, 14);
        expect(quat.angleBetween(a, q)).toBeCloseTo(t * quat.angleBetween(a, b), 12);
      }),
      RUNS,
    );
  });
  describe("when a·b < 0", () => {
    it("takes the short arc: the same path as towards −b", () => {
      fc.assert(
        fc.property(unitQuat, unitQuat, t01, (a, b, t) => {
          expect(slerp(a, b, t)).toBeSameRotation(slerp(a, negate(b), t));
          expect(quat.angleBetween(a, slerp(a, b, t))).toBeLessThanOrEqual(quat.angleBetween(a, b) + 1e-15);
        }),
        RUNS,
      );
    });
  });
  describe("when a = b", () => {
    it("returns a exactly, never NaN", () => {
      fc.assert(
        fc.property(unitQuat, t01, (q, t) => {
          expect(slerp(q, q, t)).toEqual(q);
        }),
        RUNS,
      );
    });
    it("returns a when b = −a (the same rotation)", () => {
      const q = quat.fromAxisAngle([1, 2, 3], 1);
      expect(slerp(q, negate(q), 0.4)).toEqual(q);
    });
  });
  describe.each([1e-10, 1e-6, 1e-3])("at tiny angles (%s rad)", (omega) => {
    it("stays unit length (no unnormalised lerp fallback) and turns by t times the angle", () => {
      fc.assert(
        fc.property(unitQuat, unitVector, t01, (a, axis, t) => {
          const b = quat.multiply(a, quat.fromAxisAngle(axis, omega));
          const q = slerp(a, b, t);
          expect(Math.abs(quat.length(q) - 1)).toBeLessThan(5e-16);
          // Rounding of the components (~4e-16 rad) plus 1e-9 of the whole angle.
          expect(Math.abs(quat.angleBetween(a, q) - t * omega)).toBeLessThan(4e-16 + 1e-9 * omega);
        }),
        RUNS,
      );
    });
  });
});

describe("interpolate.nlerp and lerpQuat", () => {
  it("nlerp is unit length with the right ends; lerpQuat is not unit in between", () => {
    const a = quat.identity();
    const b = quat.fromAxisAngle([0, 0, 1], deg(150));
    expect(quat.length(nlerp(a, b, 0.5))).toBeCloseTo(1, 15);
    expect(nlerp(a, b, 1)).toBeSameRotation(b);
    expect(quat.length(lerpQuat(a, b, 0.5))).toBeLessThan(0.8);
  });
  it("nlerp takes the short arc too", () => {
    const a = quat.identity();
    const b = negate(quat.fromAxisAngle([0, 1, 0], 1));
    expect(nlerp(a, b, 0.5)).toBeSameRotation(quat.fromAxisAngle([0, 1, 0], 0.5));
  });
});

describe("speed along a path", () => {
  const ratioAt = (angleDeg: number, path: (a: Quat, b: Quat, t: number) => Quat) => {
    const a = quat.identity();
    const b = quat.fromAxisAngle([0.2, 1, 0.3], deg(angleDeg));
    return interpolate.speedRatio(interpolate.angularSpeeds(interpolate.sampleRotationPath((t) => path(a, b, t), 400)));
  };
  it("slerp's speed is constant to 1e-9; lerp and nlerp speed up in the middle", () => {
    for (const angleDeg of [30, 90, 150, 179]) {
      expect(Math.abs(ratioAt(angleDeg, slerp) - 1)).toBeLessThan(1e-9);
      expect(ratioAt(angleDeg, nlerp)).toBeGreaterThan(1.01);
    }
  });
  it("sampleRotationPath rejects a non-positive sample count", () => {
    expect(() => interpolate.sampleRotationPath(() => quat.identity(), 0)).toThrow(
      /samples must be a positive integer/,
    );
  });
});

describe("interpolate.lerpAngle", () => {
  it("goes the short way round: −170° → 170° passes 180°, turning 20°", () => {
    expect(scalar.radToDeg(interpolate.lerpAngle(deg(-170), deg(170), 0.5))).toBeCloseTo(180, 12);
    expect(scalar.radToDeg(interpolate.lerpAngle(deg(-170), deg(170), 0.25))).toBeCloseTo(-175, 12);
  });
});

describe("interpolate.eulerLerp", () => {
  it("lerps the three angles and converts", () => {
    expect(interpolate.eulerLerp([0, 0, 0], [Math.PI, 0, 0], 0.5, "XYZ")).toBeSameRotation(
      quat.fromAxisAngle([1, 0, 0], Math.PI / 2),
    );
  });
});

describe("squad", () => {
  const keys: Quat[] = [
    quat.identity(),
    quat.fromAxisAngle([0, 0, 1], 1),
    negate(quat.fromAxisAngle([1, 1, 0], 1.5)),
    quat.fromAxisAngle([0, 1, 0], 0.5),
  ];
  it("passes through every key", () => {
    const s = interpolate.squadSpline(keys);
    keys.forEach((k, i) => expect(s(i)).toBeSameRotation(k, 1e-12));
  });
  it("has continuous angular velocity across keys, unlike piecewise slerp", () => {
    const h = 1e-5;
    const jump = (f: (u: number) => Quat, u: number) => {
      // velocity on each side of the key, as rotation vectors (log of the step), compared in direction and size
      const before = quat.log(quat.multiply(quat.conjugate(f(u - h)), f(u)));
      const after = quat.log(quat.multiply(quat.conjugate(f(u)), f(u + h)));
      return Math.hypot(before[0] - after[0], before[1] - after[1], before[2] - after[2]) / h;
    };
    const squadJump = jump(interpolate.squadSpline(keys), 1);
    const slerpJump = jump(interpolate.slerpSpline(keys), 1);
    expect(squadJump).toBeLessThan(1e-3);
    expect(slerpJump).toBeGreaterThan(0.1);
  });
  it("needs at least two keys", () => {
    expect(() => interpolate.squadSpline([quat.identity()])).toThrow(/squadSpline: keys needs at least 2/);
  });
  it("alignKeys makes consecutive keys agree in sign", () => {
    const a = interpolate.alignKeys(keys);
    for (let i = 1; i < a.length; i++) expect(quat.dot(a[i - 1]!, a[i]!)).toBeGreaterThanOrEqual(0);
    a.forEach((k, i) => expect(k).toBeSameRotation(keys[i]!));
  });
  it("squad with equal keys is that key", () => {
    const q = quat.fromAxisAngle([1, 0, 0], 0.3);
    expect(interpolate.squad(q, q, q, q, 0.5)).toBeCloseToVec(q, CHAIN);
  });
});

describe("interpolate.unwrapEulerKeys", () => {
  it("moves each angle by at most π from one key to the next, keeping every rotation", () => {
    const keys: [number, number, number][] = [
      [0, 0, 3],
      [0.5, -3, -3],
      [7, 0, 0],
    ];
    const u = interpolate.unwrapEulerKeys(keys);
    expect(u[0]).toEqual(keys[0]);
    for (let i = 1; i < u.length; i++) {
      for (let j = 0; j < 3; j++) expect(Math.abs(u[i]![j]! - u[i - 1]![j]!)).toBeLessThanOrEqual(Math.PI);
      expect(euler.toQuat(u[i]!, "ZYX")).toBeSameRotation(euler.toQuat(keys[i]!, "ZYX"), 1e-12);
    }
  });
});

describe("interpolate.eulerLinearSpline and eulerCubicSpline", () => {
  const keys: [number, number, number][] = [
    [0, 0, 0],
    [0.4, 1.0, -0.3],
    [1.2, 0.2, 0.8],
    [-0.5, -0.6, 2.9],
    [0.3, 0.1, -2.9], // −2.9 after 2.9: unwrapped to go the short way through π
  ];
  it.each(["linear", "cubic"] as const)("%s: passes through every key", (kind) => {
    const f = (kind === "linear" ? interpolate.eulerLinearSpline : interpolate.eulerCubicSpline)(
      keys,
      "XYZ",
      "extrinsic",
    );
    keys.forEach((k, i) => expect(f(i)).toBeSameRotation(euler.toQuat(k, "XYZ", "extrinsic"), 1e-12));
  });
  it.each(["linear", "cubic"] as const)("%s: goes the short way between 2.9 and −2.9 rad", (kind) => {
    const f = (kind === "linear" ? interpolate.eulerLinearSpline : interpolate.eulerCubicSpline)(keys, "XYZ");
    const turned = interpolate
      .angularSpeeds(interpolate.sampleRotationPath((t) => f(3 + t), 200))
      .reduce((sum, s) => sum + s.speed / 200, 0);
    expect(turned).toBeLessThan(2); // the long way, 2π − 5.8 the other way round, would turn > 5.8 rad
  });
  it("a cubic with equally spaced keys about one axis is uniform motion about it", () => {
    const f = interpolate.eulerCubicSpline(
      [
        [0, 0, 0],
        [0, 0, 1],
        [0, 0, 2],
        [0, 0, 3],
      ],
      "XYZ",
    );
    expect(f(1.5)).toBeSameRotation(quat.fromAxisAngle([0, 0, 1], 1.5), 1e-12);
    // At the start the tangent is (p₁ − p₀)/2 = ½ (the missing neighbour is the key itself), so the first
    // segment eases in: at u = ¼ the Hermite cubic gives ½·h₁₀ + h₀₁ + h₁₁ = 0.1796875 rad.
    expect(f(0.25)).toBeSameRotation(quat.fromAxisAngle([0, 0, 1], 0.1796875), 1e-12);
  });
  it("the cubic's angular velocity is continuous across keys; the linear one's jumps", () => {
    const h = 1e-5;
    const jump = (f: (u: number) => Quat, u: number) => {
      const before = interpolate.angularVelocities(interpolate.sampleRotationPath((t) => f(u - h + h * t), 1))[0]!;
      const after = interpolate.angularVelocities(interpolate.sampleRotationPath((t) => f(u + h * t), 1))[0]!;
      return Math.hypot(...before.omega.map((w, j) => w - after.omega[j]!)) / h;
    };
    for (const u of [1, 2, 3]) {
      expect(jump(interpolate.eulerCubicSpline(keys, "ZYX"), u)).toBeLessThan(1e-3);
      expect(jump(interpolate.eulerLinearSpline(keys, "ZYX"), u)).toBeGreaterThan(0.1);
    }
  });
  it("needs at least two keys", () => {
    expect(() => interpolate.eulerCubicSpline([[0, 0, 0]], "XYZ")).toThrow(/eulerCubicSpline: keys needs at least 2/);
    expect(() => interpolate.eulerLinearSpline([], "XYZ")).toThrow(/eulerLinearSpline: keys needs at least 2/);
  });
});

describe("interpolate.angularVelocities", () => {
  it("is axis × angular speed for a turn about a fixed axis", () => {
    const axis = vec3.normalize([1, -2, 0.5]);
    const v = interpolate.angularVelocities(interpolate.sampleRotationPath((t) => quat.fromAxisAngle(axis, 3 * t), 10));
    expect(v).toHaveLength(10);
    for (const s of v) {
      expect(s.omega).toBeCloseToVec(vec3.scale(axis, 3), CHAIN);
      expect(s.speed).toBeCloseTo(3, 12);
    }
  });
  it("measures in world axes: ω of q(t) = R(t)·q₀ is R's axis, whatever q₀", () => {
    fc.assert(
      fc.property(unitQuat, unitVector, (q0, axis) => {
        const v = interpolate.angularVelocities(
          interpolate.sampleRotationPath((t) => quat.multiply(quat.fromAxisAngle(axis, t), q0), 4),
        );
        for (const s of v) expect(s.omega).toBeCloseToVec(axis, CHAIN);
      }),
      RUNS,
    );
  });
  it("agrees with angularSpeeds and ignores sign flips between samples", () => {
    const path = interpolate.sampleRotationPath(
      (t) => interpolate.nlerp(quat.identity(), quat.fromAxisAngle([0, 1, 0], 2.5), t),
      50,
    );
    const flipped = path.map((s, i) => ({ t: s.t, q: i % 2 ? negate(s.q) : s.q }));
    const speeds = interpolate.angularSpeeds(path);
    interpolate.angularVelocities(flipped).forEach((s, i) => expect(s.speed).toBeCloseTo(speeds[i]!.speed, 12));
  });
});
