/** One CCD joint step: the checks of exercises/10-inverse-kinematics/02-ccd-step.ts. */

import { type Quat, type Vec3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/10-inverse-kinematics/02-ccd-step.ts";
import { caseRng, generated, one, point } from "../cases.ts";

/**
 * Positions after two forward-kinematics passes and one rotation from two vectors: ~1e-15 of rounding
 * whether the student updates the local rotation or turns the points about the joint. 1e-11 is far
 * above that and far below the 1e-7 … 5e-10 rad turns of the "tiny turns" check (a tip 1 away moves as
 * much), which an acos-based angle loses (acos near 1 keeps only ~half the digits, none below ~1e-8) and
 * a "skip below 1e-5" threshold (three.js's CCDIKSolver) or a "parallel enough" guard drops.
 */
const POINTS: Comparison = { kind: "numbers", atol: 1e-11, rtol: 1e-11, layout: "points" };

type Args = [Vec3, number[], Quat[], number, Vec3];
const about = (axis: Vec3, deg: number): Quat => quat.fromAxisAngle(axis, (deg * Math.PI) / 180);
/** Forward kinematics, for building targets relative to the chain (the definition's own, not the student's). */
const pointsOf = (o: Vec3, lengths: number[], rotations: Quat[]): Vec3[] => {
  const p: Vec3[] = [o];
  let frame: Quat = one;
  lengths.forEach((l, i) => {
    frame = quat.multiply(frame, rotations[i]!);
    p.push(vec3.add(p[i]!, quat.rotateVec3(frame, [l, 0, 0])));
  });
  return p;
};
const randomChain = (rng: random.Rng): [Vec3, number[], Quat[]] => {
  const n = 2 + Math.floor(rng() * 4);
  return [
    point(rng, 2),
    Array.from({ length: n }, () => random.uniform(rng, 0.3, 2)),
    Array.from({ length: n }, () => random.unitQuat(rng)),
  ];
};

/**
 * A random chain, joint and target such that the tip must turn by exactly `angleRad` (about an axis ⟂ the
 * direction joint → tip, the target 1.5 times as far), the tip at least 1 from the joint (redrawn until so).
 */
const exactTurn = (rng: random.Rng, angleRad: number): Args => {
  for (;;) {
    const [o, lengths, rotations] = randomChain(rng);
    const index = Math.floor(rng() * lengths.length);
    const p = pointsOf(o, lengths, rotations);
    const toTip = vec3.sub(p[p.length - 1]!, p[index]!);
    const axis = vec3.cross(toTip, random.unitVector(rng));
    if (vec3.length(toTip) < 1 || vec3.length(axis) < 0.1 * vec3.length(toTip)) continue;
    const turned = quat.rotateVec3(quat.fromAxisAngle(axis, angleRad), toTip);
    return [o, lengths, rotations, index, vec3.add(p[index]!, vec3.scale(turned, 1.5))];
  }
};

/**
 * A straight chain (every joint unturned, so its points lie exactly on a line along x from a random base,
 * and every route computes exactly the same directions), a random joint, and a target 1.5 times as far as the
 * tip, `π − gap` away from it. The answer is unique and well-conditioned (the points after the joint lie on
 * the line and land on the target's ray); the half-vector form (a × b, |a||b| + a·b) cancels there and
 * turns the tip ~2ε/gap off: 4.4e-11 rad at gap 1e-5. `gap = 0` is exactly behind: any half turn gives
 * the same positions, and the half-vector quaternion is zero.
 */
const behindStraight = (rng: random.Rng, gap: number): Args => {
  const n = 2 + Math.floor(rng() * 4);
  const lengths = Array.from({ length: n }, () => random.uniform(rng, 0.5, 2));
  const index = Math.floor(rng() * (n - 1)); // at least one bone (≥ 0.5) between the joint and the tip
  const o = point(rng, 2);
  const p = pointsOf(
    o,
    lengths,
    lengths.map(() => one),
  );
  const reach = 1.5 * (p[n]![0] - p[index]![0]);
  const phi = random.uniform(rng, 0, 2 * Math.PI);
  const side: Vec3 = [0, Math.cos(phi), Math.sin(phi)];
  const dir = vec3.add(vec3.scale([1, 0, 0], Math.cos(Math.PI - gap)), vec3.scale(side, Math.sin(Math.PI - gap)));
  return [o, lengths, lengths.map(() => one), index, vec3.add(p[index]!, vec3.scale(gap ? dir : [-1, 0, 0], reach))];
};

export default defineExercise<typeof solution>({
  title: "One CCD joint step",
  uses: ["vec3", "quat"],
  hints: [
    "Run forward kinematics (exercise 10.1), keeping every joint's world orientation Qᵢ as well as its position. Then r = quat.fromTwoVectors(tip − pᵢ, target − pᵢ).",
    "r is a turn in world space. Either give the joint the local rotation Qᵢ₋₁⁻¹·r·Qᵢ₋₁·qᵢ and run forward kinematics again, or simply turn every point after pᵢ about pᵢ by r (pⱼ ← pᵢ + r·(pⱼ − pᵢ)): both are right. Multiplying qᵢ·r in the joint's own frame is not.",
    "If tip − pᵢ or target − pᵢ is the zero vector there is no rotation: return the positions unchanged. Do not compute the angle with acos or skip small angles: fromTwoVectors is accurate at any angle, and turns of 5e-10 rad count.",
  ],
  checks: [
    // Guards: the shortest rotation from tip − p₀ to target − p₀ turns the whole chain (fixed and random).
    {
      name: "the base joint turns the whole chain",
      points: 1,
      comparison: POINTS,
      cases: () => [
        { fn: "ccdStep", args: [[0, 0, 0], [1], [one], 0, [0, 2, 0]], label: "one bone along +x, target on +y" },
        {
          fn: "ccdStep",
          args: [[0, 0, 0], [1, 1, 1], [one, one, one], 0, [1, 2, 2]],
          label: "a straight chain toward (1, 2, 2)",
        },
        {
          fn: "ccdStep",
          args: [[1, 1, 0], [1, 1], [about([0, 0, 1], 30), about([0, 0, 1], 60)], 0, [0, 0, 3]],
          label: "a bent chain, target off its plane",
        },
        ...generated("ccdStep", 1023, 3, (rng): Args => {
          const [o, lengths, rotations] = randomChain(rng);
          return [o, lengths, rotations, 0, vec3.add(o, point(rng, 3))];
        }).map((c) => ({ ...c, label: "a random chain, its base joint" })),
      ],
    },
    // Guards: "r is a world-space turn" (qᵢ' = Qᵢ₋₁⁻¹·r·Qᵢ₋₁·qᵢ) and "joints 0 … index do not move".
    {
      name: "a joint further out: the joints before it stay, its parent's frame counts",
      points: 2,
      comparison: POINTS,
      cases: () => {
        const rng = caseRng(1021);
        const cases: { fn: "ccdStep"; args: Args; label?: string }[] = [
          {
            fn: "ccdStep",
            args: [[0, 0, 0], [1, 1, 1], [about([1, 0, 0], 90), about([0, 0, 1], 40), one], 1, [0.5, 1, 1.5]],
            label: "the parent turned 90° about x: r must be seen from its frame",
          },
          {
            fn: "ccdStep",
            args: [
              [0, 0, 0],
              [1, 1, 1],
              [about([0, 1, 0], 50), about([0, 0, 1], 40), about([1, 0, 0], 20)],
              2,
              [1, 1, 1],
            ],
            label: "the last joint of a twisted chain",
          },
        ];
        for (let k = 0; k < 14; k++) {
          const [o, lengths, rotations] = randomChain(rng);
          const index = Math.floor(rng() * lengths.length);
          cases.push({ fn: "ccdStep", args: [o, lengths, rotations, index, vec3.add(o, point(rng, 3))] });
        }
        return cases;
      },
    },
    // Guards: "when the tip or the target is exactly at the joint … leave the chain as it is" (exact cases).
    {
      name: "tip or target at the joint: unchanged, not NaN",
      points: 1,
      comparison: POINTS,
      cases: () => [
        // Joint 1 sits at exactly (1, 0, 0) however forward kinematics is computed (an identity turn is exact).
        {
          fn: "ccdStep",
          args: [[0, 0, 0], [1, 1], [one, about([0, 0, 1], 90)], 1, [1, 0, 0]],
          label: "the target exactly on joint 1",
        },
        {
          fn: "ccdStep",
          args: [[0, 0, 0], [2, 1], [about([0, 0, 1], 20), one], 0, [0, 0, 0]],
          label: "the target on the base joint",
        },
        // The half turn written exactly, [0, 0, 1, 0]: about([0, 0, 1], 180) has w = 6e-17 and leaves the tip
        // 1.2e-16 off the base, a "direction" made of rounding that decides the reference's turn.
        {
          fn: "ccdStep",
          args: [[0, 0, 0], [1, 1], [one, [0, 0, 1, 0]], 0, [1, 1, 0]],
          label: "the chain folded: the tip exactly on the base joint",
        },
        // The base is the origin as given, so a target there is exactly on joint 0 however the chain is computed.
        ...generated("ccdStep", 1024, 2, (rng): Args => {
          const [o, lengths, rotations] = randomChain(rng);
          return [o, lengths, rotations, 0, o];
        }).map((c) => ({ ...c, label: "a random chain, the target on its base joint" })),
      ],
    },
    // Guards: "every turn counts, however small, to full precision": 1e-7, 1e-8 and 5e-10 rad, to 1e-11.
    {
      name: "tiny turns count, to full precision",
      points: 1,
      hidden: true,
      comparison: POINTS,
      cases: () => {
        const rng = caseRng(1022);
        const cases: { fn: "ccdStep"; args: Args; label?: string }[] = Array.from({ length: 6 }, () => {
          const [o, lengths, rotations] = randomChain(rng);
          const index = Math.floor(rng() * lengths.length);
          const p = pointsOf(o, lengths, rotations);
          const joint = p[index]!;
          // The target: the tip turned about the joint by 1e-7 rad, at 1.5 times the distance.
          const turn = quat.fromAxisAngle(random.unitVector(rng), 1e-7);
          const target = vec3.add(joint, vec3.scale(quat.rotateVec3(turn, vec3.sub(p[p.length - 1]!, joint)), 1.5));
          return {
            fn: "ccdStep" as const,
            args: [o, lengths, rotations, index, target] as Args,
            label: "a target 1e-7 rad off the tip's direction",
          };
        });
        // Turns of 1e-8 and 5e-10 rad exactly (about an axis ⟂ the tip's direction), the tip ≥ 1 from the
        // joint so it moves ≥ 5e-10, well above the tolerance: a "parallel enough" guard (|â × b̂| < 1e-9)
        // drops them, and acos(â·b̂) cannot resolve them (1 − cos 1e-8 is below half an ulp of 1).
        for (const angle of [1e-8, 5e-10, 5e-10, 5e-10])
          cases.push({
            fn: "ccdStep",
            args: exactTurn(rng, angle),
            label: `a target ${angle} rad off the tip's direction`,
          });
        return cases;
      },
    },
    // Guards: "the same holds near a half turn": targets π − 1e-5 … π − 1e-8 rad from the tip, and exactly
    // behind (any half turn), to 1e-11.
    {
      name: "a target almost straight behind the joint",
      points: 1,
      hidden: true,
      comparison: POINTS,
      cases: () => [
        ...[1e-5, 1e-6, 1e-7, 1e-8].map((gap, k) => ({
          ...generated("ccdStep", 1025 + k, 1, (rng) => behindStraight(rng, gap))[0]!,
          label: `a straight chain, the target π − ${gap} rad from the tip`,
        })),
        ...generated("ccdStep", 1035, 2, (rng) => behindStraight(rng, 0)).map((c) => ({
          ...c,
          label: "a straight chain, the target exactly behind the joint",
        })),
      ],
    },
  ],
});
