/**
 * Speed: the same operations in our library, gl-matrix and three.js, on the
 * same inputs — pools of precomputed random rotations, vectors and matrices,
 * cycled by index so that no loop works on constants. Ours is called with
 * `out` wherever it takes one, as gl-matrix and three.js always write into a
 * destination. Each loop folds one output number per iteration into a
 * checksum that the harness consumes.
 */

import { Euler, Matrix4, Quaternion, Vector3 } from "three";
import { mat4 as glMat4, quat as glQuat, vec3 as glVec3 } from "gl-matrix";
import {
  type EulerAngles,
  type Mat3,
  type Mat4,
  type Quat,
  type Vec3,
  decompose,
  euler,
  fit,
  interpolate,
  kabsch,
  mat3,
  mat4,
  quat,
} from "../lib/index.ts";
import { type SpeedCase, randomQuat, randomUnitVec, rng } from "./harness.ts";

/** Pool size (a power of two: the index is `i & MASK`). Small enough to stay in L1/L2. */
const POOL = 1024;
const MASK = POOL - 1;
/** Points in the batch-rotation case. */
export const BATCH = 100_000;

const RAD_TO_DEG = 180 / Math.PI;

/** A random rigid-with-scale 4×4 matrix: a rotation, a scale in [0.5, 2), a translation. */
function randomMat4(r: () => number): Mat4 {
  const m = quat.toMat4(randomQuat(r));
  const s = 0.5 + 1.5 * r();
  for (let i = 0; i < 12; i++) if (i % 4 !== 3) m[i] = m[i]! * s;
  m[12] = 10 * r() - 5;
  m[13] = 10 * r() - 5;
  m[14] = 10 * r() - 5;
  return m;
}

const toThreeQuat = (q: Readonly<Quat>) => new Quaternion(q[0], q[1], q[2], q[3]);
const toThreeVec = (v: Readonly<Vec3>) => new Vector3(v[0], v[1], v[2]);
const toThreeMat = (m: Readonly<Mat4>) => new Matrix4().fromArray(m);

/** Builds every case; the pools are shared by the three libraries' loops. */
export function speedCases(): SpeedCase[] {
  const r = rng(0x5eed);
  const qa: Quat[] = Array.from({ length: POOL }, () => randomQuat(r));
  const qb: Quat[] = Array.from({ length: POOL }, () => randomQuat(r));
  const ts: number[] = Array.from({ length: POOL }, () => r());
  const vs: Vec3[] = Array.from({ length: POOL }, () => {
    const v = randomUnitVec(r);
    const len = 0.1 + 10 * r();
    return [v[0] * len, v[1] * len, v[2] * len];
  });
  const ma: Mat4[] = Array.from({ length: POOL }, () => randomMat4(r));
  const mb: Mat4[] = Array.from({ length: POOL }, () => randomMat4(r));
  const angles: EulerAngles[] = Array.from({ length: POOL }, () => [
    Math.PI * (2 * r() - 1),
    (Math.PI / 2) * (2 * r() - 1),
    Math.PI * (2 * r() - 1),
  ]);
  // gl-matrix's fromEuler takes degrees: the same angles, converted once, outside the timed loop.
  const anglesDeg: EulerAngles[] = angles.map(([x, y, z]) => [x * RAD_TO_DEG, y * RAD_TO_DEG, z * RAD_TO_DEG]);
  const points: Vec3[] = Array.from({ length: BATCH }, () => {
    const v = randomUnitVec(r);
    return [v[0] * 3, v[1] * 3, v[2] * 3];
  });

  // three.js works on its own objects: the same numbers, wrapped once.
  const tqa = qa.map(toThreeQuat);
  const tqb = qb.map(toThreeQuat);
  const tvs = vs.map(toThreeVec);
  const tma = ma.map(toThreeMat);
  const tmb = mb.map(toThreeMat);
  const teuler = angles.map(([x, y, z]) => new Euler(x, y, z, "XYZ"));
  const tpoints = points.map(toThreeVec);

  // Destinations, filled with doubles so they start with double elements. Each library gets its
  // own, made once here, outside the timed closures: a hot loop writes into a long-lived array,
  // and the compiler must not see (and specialize on) the destination's allocation.
  const q4 = (): Quat => [0.5, 0.5, 0.5, 0.5];
  const v3 = (): Vec3 => [0.5, 0.5, 0.5];
  const m16 = (): Mat4 => [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
  const ours = { q: q4(), v: v3(), m: m16(), points: points.map(v3) };
  const gl = { q: q4(), v: v3(), m: m16(), points: points.map(v3) };
  const three = {
    q: new Quaternion(),
    v: new Vector3(),
    m: new Matrix4(),
    e: new Euler(),
    points: points.map(() => new Vector3()),
  };

  return [
    {
      name: "quat.multiply",
      opsPerIteration: 1,
      ours: (n) => {
        const o = ours.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          quat.multiply(qa[i & MASK]!, qb[i & MASK]!, o);
          acc += o[0];
        }
        return acc;
      },
      glMatrix: (n) => {
        const o = gl.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          glQuat.multiply(o, qa[i & MASK]!, qb[i & MASK]!);
          acc += o[0];
        }
        return acc;
      },
      three: (n) => {
        const o = three.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          o.multiplyQuaternions(tqa[i & MASK]!, tqb[i & MASK]!);
          acc += o.x;
        }
        return acc;
      },
    },
    {
      name: "slerp",
      opsPerIteration: 1,
      ours: (n) => {
        const o = ours.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          interpolate.slerp(qa[i & MASK]!, qb[i & MASK]!, ts[i & MASK]!, o);
          acc += o[0];
        }
        return acc;
      },
      glMatrix: (n) => {
        const o = gl.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          glQuat.slerp(o, qa[i & MASK]!, qb[i & MASK]!, ts[i & MASK]!);
          acc += o[0];
        }
        return acc;
      },
      three: (n) => {
        const o = three.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          o.slerpQuaternions(tqa[i & MASK]!, tqb[i & MASK]!, ts[i & MASK]!);
          acc += o.x;
        }
        return acc;
      },
      note: "three: Quaternion.slerpQuaternions(a, b, t) (= copy(a).slerp(b, t)).",
    },
    {
      name: "quat.rotateVec3",
      opsPerIteration: 1,
      ours: (n) => {
        const o = ours.v;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          quat.rotateVec3(qa[i & MASK]!, vs[i & MASK]!, o);
          acc += o[0];
        }
        return acc;
      },
      glMatrix: (n) => {
        const o = gl.v;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          glVec3.transformQuat(o, vs[i & MASK]!, qa[i & MASK]!);
          acc += o[0];
        }
        return acc;
      },
      three: (n) => {
        const o = three.v;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          o.copy(tvs[i & MASK]!).applyQuaternion(tqa[i & MASK]!);
          acc += o.x;
        }
        return acc;
      },
      note: "gl-matrix: vec3.transformQuat; three: out.copy(v).applyQuaternion(q) (three rotates in place).",
    },
    {
      name: "mat4.multiply",
      opsPerIteration: 1,
      ours: (n) => {
        const o = ours.m;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          mat4.multiply(ma[i & MASK]!, mb[i & MASK]!, o);
          acc += o[5];
        }
        return acc;
      },
      glMatrix: (n) => {
        const o = gl.m;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          glMat4.multiply(o, ma[i & MASK]!, mb[i & MASK]!);
          acc += o[5];
        }
        return acc;
      },
      three: (n) => {
        const o = three.m;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          o.multiplyMatrices(tma[i & MASK]!, tmb[i & MASK]!);
          acc += o.elements[5];
        }
        return acc;
      },
    },
    {
      name: "euler → quat (XYZ)",
      opsPerIteration: 1,
      ours: (n) => {
        let acc = 0;
        for (let i = 0; i < n; i++) acc += euler.toQuat(angles[i & MASK]!, "XYZ")[0];
        return acc;
      },
      glMatrix: (n) => {
        const o = gl.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          const a = anglesDeg[i & MASK]!;
          glQuat.fromEuler(o, a[0], a[1], a[2], "xyz");
          acc += o[0];
        }
        return acc;
      },
      three: (n) => {
        const o = three.q;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          o.setFromEuler(teuler[i & MASK]!);
          acc += o.x;
        }
        return acc;
      },
      note: "ours: euler.toQuat (no out; allocates); gl-matrix: quat.fromEuler(out, x°, y°, z°, 'xyz'), degrees precomputed.",
    },
    {
      name: "euler → quat → euler (XYZ)",
      opsPerIteration: 1,
      ours: (n) => {
        let acc = 0;
        for (let i = 0; i < n; i++) acc += euler.fromQuat(euler.toQuat(angles[i & MASK]!, "XYZ"), "XYZ")[0];
        return acc;
      },
      glMatrix: null,
      three: (n) => {
        const q = three.q;
        const e = three.e;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          q.setFromEuler(teuler[i & MASK]!);
          e.setFromQuaternion(q, "XYZ");
          acc += e.x;
        }
        return acc;
      },
      note: "gl-matrix has no quaternion → Euler (nor matrix → Euler): n/a. three: setFromEuler + Euler.setFromQuaternion.",
    },
    {
      name: `rotate ${BATCH.toLocaleString("en-US")} points, per point`,
      opsPerIteration: BATCH,
      ours: (n) => {
        const o = ours.points;
        let acc = 0;
        for (let b = 0; b < n; b++) {
          const q = qa[b & MASK]!;
          for (let i = 0; i < BATCH; i++) quat.rotateVec3(q, points[i]!, o[i]!);
          acc += o[b % BATCH]![0];
        }
        return acc;
      },
      glMatrix: (n) => {
        const o = gl.points;
        let acc = 0;
        for (let b = 0; b < n; b++) {
          const q = qa[b & MASK]!;
          for (let i = 0; i < BATCH; i++) glVec3.transformQuat(o[i]!, points[i]!, q);
          acc += o[b % BATCH]![0];
        }
        return acc;
      },
      three: (n) => {
        const o = three.points;
        let acc = 0;
        for (let b = 0; b < n; b++) {
          const q = tqa[b & MASK]!;
          for (let i = 0; i < BATCH; i++) o[i]!.copy(tpoints[i]!).applyQuaternion(q);
          acc += o[b % BATCH]!.x;
        }
        return acc;
      },
      note: `arrays of ${BATCH.toLocaleString("en-US")} [x, y, z] tuples (ours, gl-matrix) or Vector3 (three), into preallocated outputs.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Decompositions, Kabsch and fitting: no JS peer in the dependencies, so these are timed alone
// (glMatrix and three are null), and Müller's iteration is compared with the SVD per frame.
// ---------------------------------------------------------------------------------------------

/** Frames of a periodic animation: a deformation `R(2πk/POOL about a fixed axis)·S_k`, S_k near I. */
function deformationFrames(): Mat3[] {
  const axis: Vec3 = [1, 2, 0.5];
  return Array.from({ length: POOL }, (_, k) => {
    const phase = (2 * Math.PI * k) / POOL;
    const r = quat.toMat3(quat.fromAxisAngle(axis, phase));
    const a = 0.15 * Math.sin(phase),
      b = 0.1 * Math.cos(2 * phase),
      c = 0.05 * Math.sin(3 * phase);
    const s: Mat3 = [1 + a, c, b / 2, c, 1 - a, 0.05, b / 2, 0.05, 1 + b]; // symmetric, positive definite
    return mat3.multiply(r, s);
  });
}

/** Müller per frame over one lap of the frames (after a warm-up lap): mean steps and worst angle to the polar rotation. */
export function mullerPerFrameStats(): { label: string; meanIterations: number; worstAngle: number }[] {
  const frames = deformationFrames();
  const polar = frames.map((m) => quat.fromMat3(decompose.polarRotation(m)));
  const run = (label: string, opts: { tolerance?: number; maxIterations?: number }, warm: boolean) => {
    let q = quat.identity();
    let steps = 0;
    let worst = 0;
    for (let lap = 0; lap < 2; lap++) {
      for (let k = 0; k < POOL; k++) {
        const r = decompose.mullerRotation(frames[k]!, warm ? { ...opts, start: q } : opts);
        q = r.rotation;
        if (lap === 1) {
          steps += r.iterations;
          worst = Math.max(worst, quat.angleBetween(q, polar[k]!));
        }
      }
    }
    return { label, meanIterations: steps / POOL, worstAngle: worst };
  };
  return [
    run("Müller cold (from the identity), tolerance 1e-9", { tolerance: 1e-9 }, false),
    run("Müller warm, tolerance 1e-9", { tolerance: 1e-9 }, true),
    run("Müller warm, tolerance 1e-6", { tolerance: 1e-6 }, true),
    run("Müller warm, 1 step per frame", { maxIterations: 1 }, true),
  ];
}

/** Names of the two per-frame cases whose ratio the report prints. */
export const PER_FRAME = {
  svd: "per frame: polarRotation (SVD)",
  muller: "per frame: mullerRotation warm, tolerance 1e-9",
};

/** Timed alone: each case's `ours` loop; `glMatrix` and `three` are null (no peer). */
export function decompositionCases(): SpeedCase[] {
  const r = rng(0xdec0);
  const general: Mat3[] = Array.from({ length: POOL }, () => Array.from({ length: 9 }, () => 2 * r() - 1) as Mat3);
  const spd: Mat3[] = general.map((m) => mat3.multiply(m, mat3.transpose(m)));
  const frames = deformationFrames();
  const cloud = (n: number, noise: number) => {
    const q = randomQuat(r);
    const from = Array.from({ length: n }, (): Vec3 => [r() * 2 - 1, r() * 2 - 1, r() * 2 - 1]);
    const to = from.map((p): Vec3 => {
      const y = quat.rotateVec3(q, p);
      return [y[0] + 1 + noise * r(), y[1] - 2 + noise * r(), y[2] + 0.5 + noise * r()];
    });
    return { from, to };
  };
  const small = Array.from({ length: 64 }, () => cloud(16, 1e-3));
  const large = Array.from({ length: 4 }, () => cloud(1000, 1e-3));
  const lines = Array.from({ length: 64 }, () => {
    const d = randomUnitVec(r);
    return Array.from({ length: 100 }, (): Vec3 => {
      const t = 10 * (2 * r() - 1);
      return [t * d[0] + 0.1 * r(), t * d[1] + 0.1 * r(), t * d[2] + 0.1 * r()];
    });
  });
  const solo = (name: string, ours: (n: number) => number, note?: string): SpeedCase => ({
    name,
    opsPerIteration: 1,
    ours,
    glMatrix: null,
    three: null,
    ...(note ? { note } : {}),
  });
  let warm = quat.identity();
  let oneStep = quat.identity();
  return [
    solo("decompose.symmetricEigen", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += decompose.symmetricEigen(spd[i & MASK]!).values[0];
      return acc;
    }),
    solo("decompose.svd", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += decompose.svd(general[i & MASK]!).s[0];
      return acc;
    }),
    solo("decompose.polarRotation", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += decompose.polarRotation(general[i & MASK]!)[0];
      return acc;
    }),
    solo(PER_FRAME.svd, (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += decompose.polarRotation(frames[i & MASK]!)[0];
      return acc;
    }),
    solo(PER_FRAME.muller, (n) => {
      let q = warm;
      let acc = 0;
      for (let i = 0; i < n; i++) {
        q = decompose.mullerRotation(frames[i & MASK]!, { start: q, tolerance: 1e-9 }).rotation;
        acc += q[0];
      }
      warm = q;
      return acc;
    }),
    solo("per frame: mullerRotation warm, 1 step", (n) => {
      let q = oneStep;
      let acc = 0;
      for (let i = 0; i < n; i++) {
        q = decompose.mullerRotation(frames[i & MASK]!, { start: q, maxIterations: 1 }).rotation;
        acc += q[0];
      }
      oneStep = q;
      return acc;
    }),
    solo("per frame: mullerRotation cold, tolerance 1e-9", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += decompose.mullerRotation(frames[i & MASK]!, { tolerance: 1e-9 }).rotation[0];
      return acc;
    }),
    solo("kabsch.kabsch, 16 points", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) {
        const c = small[i & 63]!;
        acc += kabsch.kabsch(c.from, c.to).rmsd;
      }
      return acc;
    }),
    solo("kabsch.kabsch, 1000 points", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) {
        const c = large[i & 3]!;
        acc += kabsch.kabsch(c.from, c.to).rmsd;
      }
      return acc;
    }),
    solo("fit.fitLine, 100 points", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += fit.fitLine(lines[i & 63]!).direction[0];
      return acc;
    }),
    solo("fit.fitPlane, 100 points", (n) => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += fit.fitPlane(lines[i & 63]!).normal[0];
      return acc;
    }),
  ];
}
