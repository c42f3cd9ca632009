/**
 * Chapter 05's follow camera (notebooks/figures/follow-camera.ts): the track the character drives, and
 * the three ways the camera follows it, the chapter's trap included.
 */

import { describe, expect, it } from "vitest";
import { quat, scalar } from "../../lib/index.ts";
import {
  FOLLOW_FPS,
  FOLLOW_TRACK,
  type FollowFrame,
  followCameraRate,
  followHeadingDeg,
  followTrackPoint,
  followTrackYaw,
  simulateFollowCamera,
} from "../../notebooks/figures/follow-camera.ts";

const { lapSec, half, radius } = FOLLOW_TRACK;
const SIDE = 2 * half + (Math.PI / 2) * radius;

/** The fastest turn of the camera between two frames, in degrees per second. */
const peakCameraRateDeg = (frames: readonly FollowFrame[]) =>
  Math.max(
    ...frames.slice(1).map((fr, i) => scalar.radToDeg(quat.angleBetween(frames[i]!.camera, fr.camera)) * FOLLOW_FPS),
  );

describe("followTrackPoint", () => {
  it("repeats every lap, lies at the track's height, and is driven at constant speed (4 sides a lap)", () => {
    for (const t of [0, 1.3, 2.9, 5.5, 11.99]) {
      const [p, q] = [followTrackPoint(t), followTrackPoint(t + lapSec)];
      p.forEach((x, i) => expect(x).toBeCloseTo(q[i]!, 12));
      expect(p[1]).toBe(FOLLOW_TRACK.y);
      const dt = 1e-4;
      const r = followTrackPoint(t + dt);
      expect(Math.hypot(r[0] - p[0], r[2] - p[2]) / dt).toBeCloseTo((4 * SIDE) / lapSec, 3);
    }
  });

  it("starts halfway up the first straight, at x = half + radius", () => {
    const [x, , z] = followTrackPoint(0);
    expect(x).toBeCloseTo(half + radius, 14);
    expect(z).toBeCloseTo(half, 14);
  });
});

describe("followTrackYaw", () => {
  it("stays in [−π, π] and points along the motion", () => {
    for (let t = 0; t < lapSec; t += 0.37) {
      const yaw = followTrackYaw(t);
      expect(yaw).toBeGreaterThanOrEqual(-Math.PI);
      expect(yaw).toBeLessThanOrEqual(Math.PI);
      const [a, b] = [followTrackPoint(t), followTrackPoint(t + 1e-3)];
      expect(Math.cos(yaw) * (b[0] - a[0]) - Math.sin(yaw) * (b[2] - a[2])).toBeGreaterThan(0);
    }
  });
});

describe("simulateFollowCamera", () => {
  const seconds = 24;
  const rigid = simulateFollowCamera("rigid (no smoothing)", 2, seconds);
  const slerp = simulateFollowCamera("slerp smoothing", 2, seconds);
  const yawLerp = simulateFollowCamera("yaw lerp, unwrapped", 2, seconds);

  it("gives one frame per step, seconds·fps + 1 of them, the character's orientation in each", () => {
    expect(slerp).toHaveLength(seconds * FOLLOW_FPS + 1);
    expect(slerp.map((f) => f.target)).toEqual(rigid.map((f) => f.target));
    expect(rigid.every((f) => f.camera === f.target)).toBe(true);
  });

  it("slerp smoothing keeps a unit quaternion and turns more gently than the character", () => {
    for (const f of slerp) expect(quat.length(f.camera)).toBeCloseTo(1, 12);
    expect(peakCameraRateDeg(slerp)).toBeLessThan(peakCameraRateDeg(rigid));
  });

  it("the unwrapped yaw lerp spins the wrong way when the heading crosses 180°: faster than the character ever turns", () => {
    expect(peakCameraRateDeg(yawLerp)).toBeGreaterThan(peakCameraRateDeg(rigid));
  });
});

describe("followHeadingDeg and followCameraRate (the readout of the follow scene)", () => {
  it("reads back the yaw a frame was built from, for either sign of the quaternion", () => {
    for (const yawDeg of [0, 37, 90, -120, 179]) {
      const q = quat.fromAxisAngle([0, 1, 0], scalar.degToRad(yawDeg));
      expect(followHeadingDeg(q)).toBeCloseTo(yawDeg, 9);
      expect(followHeadingDeg([-q[0], -q[1], -q[2], -q[3]])).toBeCloseTo(yawDeg, 9);
    }
  });

  it("the character's heading in a frame is the track's; the camera's rate is 0 at the start, the chart's later", () => {
    const frames = simulateFollowCamera("slerp smoothing", 2, 3);
    const i = 2 * FOLLOW_FPS;
    expect(followHeadingDeg(frames[i]!.target)).toBeCloseTo(scalar.radToDeg(followTrackYaw(frames[i]!.time)), 9);
    expect(followCameraRate(frames, 0)).toBe(0);
    expect(followCameraRate(frames, i)).toBeCloseTo(
      scalar.radToDeg(quat.angleBetween(frames[i - 1]!.camera, frames[i]!.camera)) * FOLLOW_FPS,
      12,
    );
  });
});
