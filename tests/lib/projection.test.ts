import { describe, expect, it } from "vitest";
import { mat4, projection, scalar } from "../../lib/index.ts";
import type { DepthRange } from "../../lib/index.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const { perspective, orthographic, frustum, project, viewport, oblique } = projection;
const fov90 = Math.PI / 2;

describe("projection.perspective", () => {
  const cases: [DepthRange, boolean, number, number][] = [
    ["negOneToOne", false, -1, 1],
    ["zeroToOne", false, 0, 1],
    ["negOneToOne", true, 1, -1],
    ["zeroToOne", true, 1, 0],
  ];
  it.each(cases)(
    "%s (reversed %s) maps near to %s and far to %s, finite or infinite far",
    (depth, reversed, dn, df) => {
      for (const far of [100, 1e6]) {
        const m = perspective(fov90, 1.5, 0.5, far, { depth, reversed });
        expect(project(m, [0, 0, -0.5])[2]).toBeCloseTo(dn, 12);
        expect(project(m, [0, 0, -far])[2]).toBeCloseTo(df, 9);
      }
      const inf = perspective(fov90, 1.5, 0.5, Infinity, { depth, reversed });
      expect(project(inf, [0, 0, -0.5])[2]).toBeCloseTo(dn, 12);
      expect(project(inf, [0, 0, -1e15])[2]).toBeCloseTo(df, 12);
    },
  );
  it("is the limit of finite far planes as far → ∞", () => {
    const big = perspective(fov90, 1, 1, 1e15, { depth: "zeroToOne" });
    expect(perspective(fov90, 1, 1, Infinity, { depth: "zeroToOne" })).toBeCloseToVec(big, {
      atol: 1e-14,
      rtol: 1e-14,
    });
  });
  it("maps the edges of the field of view to x, y = ±1", () => {
    const m = perspective(scalar.degToRad(60), 2, 1, 10);
    const z = -3;
    const half = Math.tan(scalar.degToRad(30)) * 3;
    expect(project(m, [2 * half, half, z])).toBeCloseToVec([1, 1, project(m, [0, 0, z])[2]], CHAIN);
  });
  it("throws RangeErrors naming the argument", () => {
    expect(() => perspective(0, 1, 1, 10)).toThrow(/perspective: fovY must be in/);
    expect(() => perspective(fov90, 0, 1, 10)).toThrow(/perspective: aspect/);
    expect(() => perspective(fov90, 1, 0, 10)).toThrow(/near must be > 0/);
    expect(() => perspective(fov90, 1, 10, 1)).toThrow(/far \(1\) must be greater than near/);
    expect(() => perspective(fov90, 1, 1, 10, { depth: "minusOne" as DepthRange })).toThrow(/depth must be/);
  });
});

describe("projection.frustum", () => {
  it("shifts an off-centre frustum", () => {
    const m = frustum(0, 2, 0, 1, 1, 10);
    expect(project(m, [0, 0, -1])).toBeCloseToVec([-1, -1, -1], TIGHT);
    expect(project(m, [2, 1, -1])).toBeCloseToVec([1, 1, -1], TIGHT);
  });
  it("throws for an empty box", () => {
    expect(() => frustum(1, 1, 0, 1, 1, 10)).toThrow(/frustum: left and right are equal/);
  });
});

describe("projection.orthographic", () => {
  it("only scales and translates: box corners go to NDC corners", () => {
    const m = orthographic(10, 20, 10, 20, 1, 11);
    expect(project(m, [10, 10, -1])).toBeCloseToVec([-1, -1, -1], TIGHT);
    expect(project(m, [20, 20, -11])).toBeCloseToVec([1, 1, 1], TIGHT);
    expect([m[1], m[2], m[3], m[4], m[6], m[7], m[8], m[9], m[11]]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
  it("supports 0..1 depth and reversal", () => {
    const m = orthographic(-1, 1, -1, 1, 1, 3, { depth: "zeroToOne", reversed: true });
    expect(project(m, [0, 0, -1])[2]).toBeCloseTo(1, 15);
    expect(project(m, [0, 0, -3])[2]).toBeCloseTo(0, 15);
  });
  it("rejects an infinite far plane", () => {
    expect(() => orthographic(-1, 1, -1, 1, 1, Infinity)).toThrow(/orthographic: far must be finite/);
  });
});

describe("projection.oblique", () => {
  it("cavalier keeps depth at full length, cabinet halves it", () => {
    const cavalier = oblique(Math.PI / 4, 1);
    const cabinet = oblique(Math.PI / 4, 0.5);
    const p = mat4.transformPoint(cavalier, [0, 0, -1]);
    expect(Math.hypot(p[0], p[1])).toBeCloseTo(1, 15);
    const q = mat4.transformPoint(cabinet, [0, 0, -1]);
    expect(Math.hypot(q[0], q[1])).toBeCloseTo(0.5, 15);
  });
  it("projector angles: 45° for cavalier, 63.4° for cabinet", () => {
    expect(scalar.radToDeg(projection.projectorAngle(1))).toBeCloseTo(45, 12);
    expect(scalar.radToDeg(projection.projectorAngle(0.5))).toBeCloseTo(63.43, 2);
  });
});

describe("projection.viewport and project", () => {
  it("maps NDC corners to pixel corners and depth to [0, 1]", () => {
    const v = viewport(0, 0, 640, 480);
    expect(mat4.transformPoint(v, [-1, -1, -1])).toEqual([0, 0, 0]);
    expect(mat4.transformPoint(v, [1, 1, 1])).toEqual([640, 480, 1]);
  });
  it("throws on a zero-size viewport", () => {
    expect(() => viewport(0, 0, 0, 10)).toThrow(/viewport: width must be non-zero/);
  });
  it("throws when w = 0 (a point on the camera plane)", () => {
    expect(() => project(perspective(fov90, 1, 1, 10), [1, 1, 0])).toThrow(/project: w = 0/);
  });
});

describe("projection.depthResolution", () => {
  const { depthResolution } = projection;
  it("is 2⁻²³ · 9900 at the far plane for 0..1 depth, near 1, far 100 (its @example)", () => {
    // |A| = 100/99 and d = 1: float32 steps of 2⁻²³; the slope |B|/far² is (100/99)/100² = 1/9900.
    expect(depthResolution(100, 1, 100, { depth: "zeroToOne" })).toBeCloseTo(2 ** -23 * 9900, 15);
  });
  it("grows like distance² for standard depth and like distance for reversed 0..1 with an infinite far plane", () => {
    const standard = (x: number) => depthResolution(x, 0.1, 1e4, { depth: "zeroToOne" });
    const reversed = (x: number) => depthResolution(x, 0.1, Infinity, { depth: "zeroToOne", reversed: true });
    // Ratios over a factor 1024 of distance: powers of two keep the float32 steps aligned.
    expect(standard(2048) / standard(2)).toBeCloseTo(1024 ** 2, 6);
    expect(reversed(2048) / reversed(2)).toBeCloseTo(1024, 9);
  });
  it("reversed 0..1 is far finer than standard far away; reversed −1..1 is not", () => {
    const at = (opts: projection.ProjectionOptions) => depthResolution(5000, 0.1, 1e4, opts);
    expect(at({ depth: "zeroToOne", reversed: true })).toBeLessThan(at({ depth: "zeroToOne" }) / 1e4);
    expect(at({ reversed: true })).toBeGreaterThan(at({ depth: "zeroToOne", reversed: true }) * 1e4);
  });
  it("moves the depth of any perspective camera (any field of view) by one float32 step", () => {
    // Near 1, far 100, 0..1: |A| = 100/99 > 1, so the step is 2⁻²³ wherever d < 1.
    for (const fovDeg of [30, 60, 120]) {
      const m = perspective(scalar.degToRad(fovDeg), 1.5, 1, 100, { depth: "zeroToOne" });
      const r = depthResolution(10, 1, 100, { depth: "zeroToOne" });
      const change = project(m, [0, 0, -10 - r])[2] - project(m, [0, 0, -10])[2];
      expect(change).toBeCloseTo(2 ** -23, 9);
    }
  });
  it("throws for a distance that is not positive and finite", () => {
    expect(() => depthResolution(0, 1, 100)).toThrow(/depthResolution: distance must be > 0/);
    expect(() => depthResolution(Infinity, 1, 100)).toThrow(/depthResolution: distance/);
    expect(() => depthResolution(10, 0, 100)).toThrow(/near must be > 0/);
  });
});
