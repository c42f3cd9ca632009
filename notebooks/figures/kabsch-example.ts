/**
 * Chapter 08's example point sets, written once: the notebook shows them, and the curriculum's facts and
 * the exercise definitions of chapter 08 read them from here. Plain data computed by `lib/`, no DOM.
 */

import { type Quat, type Vec3, quat, vec3 } from "../../lib/index.ts";

/**
 * Fact 8.2's set: the three unit points and (1, 1, 1), not coplanar. Matched with its mirror image in x,
 * the SVD's unconstrained answer is a reflection (RMSD 0) and the best rotation leaves RMSD 1.0.
 */
export const KABSCH_MIRROR_SET: readonly Vec3[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [1, 1, 1],
];

/** Fact 8.4's similarity: five points turned 0.9 rad about (1, 2, −1), scaled by 2.5 and moved by (3, −1, 2). */
export const KABSCH_SIMILARITY: {
  readonly from: readonly Vec3[];
  readonly rotation: Quat;
  readonly scale: number;
  readonly translation: Vec3;
  /** `from`, each point p sent to scale·(rotation p) + translation. */
  readonly to: readonly Vec3[];
} = (() => {
  const from: Vec3[] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 1, 1],
    [-1, 2, 0.5],
  ];
  const rotation = quat.fromAxisAngle([1, 2, -1], 0.9);
  const scale = 2.5;
  const translation: Vec3 = [3, -1, 2];
  const to = from.map((p) => vec3.add(vec3.scale(quat.rotateVec3(rotation, p), scale), translation));
  return { from, rotation, scale, translation, to };
})();
