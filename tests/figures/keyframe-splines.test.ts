/**
 * Chapter 05's keyframe splines (notebooks/figures/keyframe-splines.ts): every spline passes through the
 * keys; piecewise slerp's ω jumps at the keys and squad's does not; the Euler curves depend on the order.
 */

import { describe, expect, it } from "vitest";
import { quat } from "../../lib/index.ts";
import {
  KEYFRAME_DEG,
  KEYFRAME_SPLINES,
  keyframeQuats,
  keyframeSplines,
  omegaComponentRows,
  speedNear,
  splineJumps,
  splineShortName,
  splineVelocityRows,
} from "../../notebooks/figures/keyframe-splines.ts";
import { noseTip } from "../../notebooks/figures/interpolation.ts";

const keys = keyframeQuats(KEYFRAME_DEG);
const SEGMENTS = keys.length - 1;
const splines = keyframeSplines(keys, "XYZ");
const rows = splineVelocityRows(splines, SEGMENTS, 50);
const jumps = splineJumps(splines, rows, SEGMENTS, 50);

describe("keyframeSplines", () => {
  it("every spline passes through every key, whatever the Euler order", () => {
    for (const order of ["XYZ", "ZYX"] as const) {
      const s = keyframeSplines(keys, order);
      for (const m of KEYFRAME_SPLINES)
        keys.forEach((k, i) => expect(quat.angleBetween(s[m](i), k)).toBeLessThan(1e-7));
    }
  });

  it("the quaternion curves belong to the rotations; the Euler cubic changes with the order", () => {
    const zyx = keyframeSplines(keys, "ZYX");
    const [slerp, squad, , cubic] = KEYFRAME_SPLINES;
    expect(quat.angleBetween(zyx[squad](1.5), splines[squad](1.5))).toBe(0);
    expect(quat.angleBetween(zyx[slerp](2.5), splines[slerp](2.5))).toBe(0);
    expect(quat.angleBetween(zyx[cubic](1.5), splines[cubic](1.5))).toBeGreaterThan(1e-3);
  });
});

describe("splineVelocityRows and splineJumps", () => {
  it("samples each spline perSegment times per segment, u across [0, segments]", () => {
    expect(rows).toHaveLength(4 * 50 * SEGMENTS);
    const us = rows.filter((r) => r.method === KEYFRAME_SPLINES[0]).map((r) => r.u);
    expect(Math.min(...us)).toBeGreaterThan(0);
    expect(Math.max(...us)).toBeLessThan(SEGMENTS);
    for (const r of rows) expect(Math.hypot(r.wx, r.wy, r.wz)).toBeCloseTo(r.speed, 9);
  });

  it("ω jumps at the keys for the piecewise curves and not for squad or the Euler cubic", () => {
    expect(jumps.map((j) => j.method)).toEqual([...KEYFRAME_SPLINES]);
    expect(jumps[0]!.max).toBeGreaterThan(0.1);
    expect(jumps[2]!.max).toBeGreaterThan(0.1);
    expect(jumps[1]!.max).toBeLessThan(1e-2);
    expect(jumps[3]!.max).toBeLessThan(1e-2);
  });

  it("piecewise slerp turns least: it is the shortest way through the keys", () => {
    for (const j of jumps.slice(1)) expect(jumps[0]!.turnedDeg).toBeLessThanOrEqual(j.turnedDeg + 1e-9);
  });
});

describe("the chart and readout helpers", () => {
  it("omegaComponentRows gives three series per sample; speedNear picks the nearest sample", () => {
    const method = KEYFRAME_SPLINES[1];
    const own = rows.filter((r) => r.method === method);
    expect(omegaComponentRows(rows, method)).toHaveLength(3 * own.length);
    const near = own.reduce((a, b) => (Math.abs(b.u - 1.5) < Math.abs(a.u - 1.5) ? b : a));
    expect(speedNear(rows, method, 1.5)).toBe(near.speed);
    expect(splineShortName(method)).toBe("squad");
  });

  it("noseTip is length out along the turned +X axis", () => {
    const tip = noseTip([1, 2, 3], quat.fromAxisAngle([0, 0, 1], Math.PI / 2), 0.8);
    [1, 2.8, 3].forEach((x, i) => expect(tip[i]).toBeCloseTo(x, 14));
  });
});
