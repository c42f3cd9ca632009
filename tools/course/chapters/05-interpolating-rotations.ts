/** Chapter 05's exercises. (Issue: the rest of chapter 05 comes with the chapter itself.) */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { generated } from "../cases.ts";
import type { Chapter } from "../types.ts";

const negate = (q: Quat): Quat => [-q[0], -q[1], -q[2], -q[3]];

export const chapter05: Chapter = {
  id: "05-interpolating-rotations",
  title: "Interpolating rotations",
  exercises: [
    {
      id: "slerp",
      title: "Slerp: short arc, tiny angles",
      file: "05-interpolating-rotations/03-slerp.ts",
      exports: ["slerp"],
      timeLimitMs: 5000,
      hints: [
        "First the short arc: if a·b < 0, use −b instead of b (the same rotation).",
        "Ω, the 4D angle between a and b, is 2·atan2(|a − b|, |a + b|). acos(a·b) loses every digit when a and b are 1e-10 apart.",
        "If Ω is exactly 0, return a. Otherwise the weights are sin((1 − t)Ω)/sin Ω and sin(tΩ)/sin Ω — accurate even for tiny Ω.",
      ],
      checks: [
        {
          name: "endpoints",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
          cases: () =>
            generated("slerp", 501, 10, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 0]).concat(
              generated("slerp", 502, 10, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 1]),
            ),
        },
        {
          name: "constant speed in between",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => generated("slerp", 503, 20, (rng) => [random.unitQuat(rng), random.unitQuat(rng), rng()]),
        },
        {
          name: "short arc (a·b < 0)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("slerp", 504, 10, (rng) => {
              const a = random.unitQuat(rng);
              const b = random.unitQuat(rng);
              return [a, quat.dot(a, b) < 0 ? b : negate(b), rng()];
            }),
        },
        {
          name: "tiny angles (1e-10 rad)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-15 },
          cases: () =>
            generated("slerp", 505, 10, (rng) => {
              const a = random.unitQuat(rng);
              return [a, quat.multiply(a, quat.fromAxisAngle(random.unitVector(rng), 1e-10)), rng()];
            }),
        },
        {
          name: "same rotation twice",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationQuat", toleranceRad: 0 },
          cases: () =>
            generated("slerp", 506, 5, (rng) => {
              const a = random.unitQuat(rng);
              return [a, a, rng()];
            }).concat(
              generated("slerp", 507, 5, (rng) => {
                const a = random.unitQuat(rng);
                return [a, negate(a), rng()];
              }),
            ),
        },
      ],
    },
  ],
};
