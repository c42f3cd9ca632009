/**
 * Chapter 05's follow camera (section "a camera that follows"), as plain functions of time: a character
 * drives round a rounded-square track at constant speed, and a camera turns after it, smoothed three
 * ways. No DOM and no three.js, so the simulation is unit-tested (tests/figures/follow-camera.test.ts)
 * and the chapter's cell only draws it.
 *
 * Conventions as in the chapter's scene: +Y is up, the track lies at height {@link FOLLOW_TRACK}.y, and
 * a heading (yaw) of 0 points the object's nose (+X) along +X.
 */

import { type Quat, type Vec3, interpolate, quat, scalar } from "../../lib/index.ts";

/** The track: a lap in `lapSec` seconds at constant speed, straights `2·half` long, quarter turns of `radius`. */
export const FOLLOW_TRACK = { lapSec: 12, y: -1.05, half: 1.15, radius: 0.25 } as const;

/** The frame rate the camera is stepped at (frames per second). */
export const FOLLOW_FPS = 60;

/**
 * Where the character is at `timeSec` (any real time; the track repeats every lap), driving anticlockwise
 * seen from above: up the side x = half + radius, round the corner (half, half), and each further side the
 * first turned by a multiple of 90°.
 */
export function followTrackPoint(timeSec: number): Vec3 {
  const { lapSec, y: height, half, radius } = FOLLOW_TRACK;
  const side = 2 * half + (Math.PI / 2) * radius;
  const d = ((((timeSec / lapSec) % 1) + 1) % 1) * 4 * side;
  const k = Math.floor(d / side);
  const e = d - k * side;
  let x: number;
  let y: number;
  if (e < 2 * half) [x, y] = [half + radius, e - half];
  else {
    const phi = (e - 2 * half) / radius;
    [x, y] = [half + radius * Math.cos(phi), half + radius * Math.sin(phi)];
  }
  const c = Math.cos((k * Math.PI) / 2);
  const n = Math.sin((k * Math.PI) / 2);
  return [c * x - n * y, height, -(n * x + c * y)];
}

/**
 * The heading at `timeSec`: the yaw about +Y that points the nose along the track, in radians, in [−π, π]
 * (atan2's range: heading along −X, where the z difference rounds to −0, gives −π).
 */
export function followTrackYaw(timeSec: number): number {
  const a = followTrackPoint(timeSec - 1e-3);
  const b = followTrackPoint(timeSec + 1e-3);
  return Math.atan2(-(b[2] - a[2]), b[0] - a[0]);
}

/** How the camera follows: slerp towards the character, lerp of the yaw angle without wrapping, or not smoothed. */
export type FollowMode = "slerp smoothing" | "yaw lerp, unwrapped" | "rigid (no smoothing)";

/** One frame of the follow camera: the character's orientation and the camera's. */
export interface FollowFrame {
  time: number;
  target: Quat;
  camera: Quat;
}

/**
 * The follow camera stepped at {@link FOLLOW_FPS} from time 0 to `seconds` (inclusive), closing the gap to
 * the character by `1 − e^(−rate/fps)` each frame — the same smoothing at any frame rate. The
 * "yaw lerp, unwrapped" mode blends the angles as numbers, so when the heading jumps from +π to −π the
 * camera spins a full turn the wrong way: the trap the chapter shows.
 * @param mode - How the camera follows ({@link FollowMode}).
 * @param ratePerSec - k, how quickly the gap closes (1/s), > 0.
 * @param seconds - How long to simulate (s), ≥ 0.
 * @returns One frame per step, `seconds·fps + 1` of them.
 */
export function simulateFollowCamera(mode: FollowMode, ratePerSec: number, seconds: number): FollowFrame[] {
  const up: Vec3 = [0, 1, 0];
  const alpha = 1 - Math.exp(-ratePerSec / FOLLOW_FPS);
  const frames: FollowFrame[] = [];
  let camQ = quat.fromAxisAngle(up, followTrackYaw(0));
  let camYaw = followTrackYaw(0);
  for (let f = 0; f <= seconds * FOLLOW_FPS; f++) {
    const time = f / FOLLOW_FPS;
    const yaw = followTrackYaw(time);
    const target = quat.fromAxisAngle(up, yaw);
    if (mode === "slerp smoothing") camQ = interpolate.slerp(camQ, target, alpha);
    else if (mode === "yaw lerp, unwrapped") {
      camYaw += alpha * (yaw - camYaw); // the unwrapped difference: wrong when yaw jumps from +π to −π
      camQ = quat.fromAxisAngle(up, camYaw);
    } else camQ = target;
    frames.push({ time, target, camera: camQ });
  }
  return frames;
}

/**
 * The heading of a rotation about +Y — a frame's `target` or `camera` — in degrees, in (−180, 180]: the yaw
 * that {@link followTrackYaw} would give (q = (0, sin(yaw/2), 0, cos(yaw/2)), either sign).
 */
export function followHeadingDeg(q: Readonly<Quat>): number {
  return scalar.radToDeg(scalar.wrapAngle(2 * Math.atan2(q[1], q[3])));
}

/** How fast the camera turns into frame `index` (degrees per second); 0 at the first frame. */
export function followCameraRate(frames: readonly FollowFrame[], index: number): number {
  const [before, now] = [frames[index - 1], frames[index]];
  return before && now ? scalar.radToDeg(quat.angleBetween(before.camera, now.camera)) * FOLLOW_FPS : 0;
}
