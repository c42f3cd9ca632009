/**
 * `npm run bench`: speed and accuracy of the library against gl-matrix and
 * three.js, in one process, on the same inputs; then the decompositions, Kabsch
 * and the fits, which have no JS peer here, alone against exact references; then inverse kinematics
 * (against three's CCDIKSolver), closest points on segments (against three's Line3), rays against
 * spheres and ellipsoids (against three's Ray), and FABRIK, signed distances and sphere tracing
 * (against the same work on three's Vector3, Sphere, Box3, Plane and Ray).
 *
 * Run: `npm run bench [-- --cpu-time]` (from the repo root).
 * Add `--cpu-time` to time with process CPU time rather than wall time, when other
 * work shares the machine (wall time then also counts waiting for a core).
 */

import { readFileSync } from "node:fs";
import os from "node:os";
import { glMatrix } from "gl-matrix";
import { parseCommand } from "../tools/author/cli.ts";
import { REVISION } from "three";
import { accuracyRows, decompositionAccuracyRows, formatErrors, worstAndMedian } from "./accuracy.ts";
import { type SpeedOptions, type SpeedResult, checksum, runCase, table } from "./harness.ts";
import { appliedBenchSection } from "./applied.ts";
import { ellipsoidBenchSection } from "./ellipsoid.ts";
import { ikBenchSection } from "./ik.ts";
import { segmentsBenchSection } from "./segments.ts";
import { PER_FRAME, decompositionCases, mullerPerFrameStats, speedCases } from "./speed.ts";

// gl-matrix allocates Float32Array by default; plain arrays make it float64 like ours and three.js.
glMatrix.setMatrixArrayType(Array);

const { values } = parseCommand(
  "Usage: npm run bench [-- --cpu-time]\n\nSpeed and accuracy of lib/ against gl-matrix and three.js, as ratios. --cpu-time times with\nthis process's CPU time instead of wall time (for a machine busy with other work).",
  { "cpu-time": { type: "boolean" } },
);
const CLOCK = values["cpu-time"] ? "cpu" : "wall";
const SPEED: SpeedOptions = { clock: CLOCK, roundMs: 25, rounds: 15, warmupMs: 100 };

function version(pkg: string): string {
  const url = new URL(`../node_modules/${pkg}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { version: string }).version;
}

const ns = (x: number | null) => (x === null ? "n/a" : x < 10 ? x.toFixed(2) : x < 1000 ? x.toFixed(1) : x.toFixed(0));
const ratio = (ours: number, peer: number | null) => (peer === null ? "n/a" : (ours / peer).toFixed(2));

function header(): string {
  const cpu = os.cpus();
  return [
    "# Rotation library benchmark: ours vs gl-matrix vs three.js",
    "",
    `node ${process.version} (V8 ${process.versions.v8}), ${os.platform()}-${os.arch()}`,
    `CPU: ${cpu[0]?.model ?? "unknown"} × ${cpu.length}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
    `date: ${new Date().toISOString()}`,
    `peers: gl-matrix ${version("gl-matrix")} with glMatrix.setMatrixArrayType(Array) (float64 plain arrays, like ours), three.js r${REVISION}`,
  ].join("\n");
}

function speedSection(results: readonly SpeedResult[]): string {
  const rows = results.map((r) => [
    r.name,
    ns(r.ours),
    ns(r.glMatrix),
    ns(r.three),
    ratio(r.ours, r.glMatrix),
    ratio(r.ours, r.three),
    `${(100 * r.noise).toFixed(1)}%`,
  ]);
  const notes = results.filter((r) => r.note).map((r) => `- ${r.name}: ${r.note}`);
  return [
    `## Speed (median ns per operation over ${SPEED.rounds} rounds of ~${SPEED.roundMs} ms per library, rounds alternating ours → gl-matrix → three; ${
      SPEED.clock === "cpu" ? "process CPU time, process.cpuUsage()" : "wall time, process.hrtime.bigint()"
    })`,
    "",
    "How to read: ratio = ours ns / peer ns; ≤ 1.00 means ours is at least as fast, 1.25 means ours takes 25% longer.",
    "",
    table(["operation", "ours ns/op", "gl-matrix ns/op", "three ns/op", "ours/gl-matrix", "ours/three", "noise"], rows),
    "",
    "noise = interquartile range / median of the rounds, worst of the three libraries.",
    "Inputs: pools of 1024 random unit quaternions, vectors, 4×4 matrices, Euler angles and t, cycled by index; " +
      "every loop folds an output into a checksum. Ours is called with `out` where it takes one; every library writes " +
      "into long-lived destinations made outside the timed loops. The 100 000-point row is memory-bound and the noisiest.",
    ...notes,
  ].join("\n");
}

function accuracySection(): string {
  const rows = accuracyRows().map((r) => [
    r.probe,
    r.metric,
    formatErrors(r.ours),
    formatErrors(r.glMatrix),
    formatErrors(r.three),
  ]);
  return [
    "## Accuracy on edge probes (worst error over the trials; exact references in double-double arithmetic)",
    "",
    table(["probe", "error measure", "ours", "gl-matrix", "three"], rows, [0, 1]),
    "",
    "Functions: angle — ours quat.angleBetween, gl-matrix quat.getAngle, three Quaternion.angleTo; Euler — ours",
    "euler.fromMat3/toMat3 and fromQuat/toQuat, three Euler.setFromRotationMatrix/setFromQuaternion + makeRotationFromEuler/",
    "setFromEuler (gl-matrix has no matrix or quaternion → Euler: n/a); u → v — ours quat.fromTwoVectors, gl-matrix",
    "quat.rotationTo, three Quaternion.setFromUnitVectors (unit inputs); slerp — ours interpolate.slerp, gl-matrix",
    "quat.slerp, three slerpQuaternions; matrix → quat — ours quat.fromMat3, gl-matrix quat.fromMat3, three",
    "Quaternion.setFromRotationMatrix; pow — ours quat.pow, gl-matrix quat.pow (three has none: n/a).",
    "Trials: 1000 random instances per probe (slerp: 200 pairs × 9 values of t; q vs itself: 10 000); Euler probes include [0.3, π/2 − 1e-7, −0.4].",
    "NaN in k/n = the library returned NaN in k of n trials. n/a = the library has no such function.",
    "Normalize: gl-matrix returns [0, 0, 0, 0] (scores 1), three.js returns the identity (a wrong rotation).",
    "gl-matrix quat.rotationTo keeps u × v in a scratch vector made at import time, before setMatrixArrayType(Array) can",
    "run, so it is a Float32Array: its results carry float32 rounding (~1e-7) even in float64 mode.",
  ].join("\n");
}

function decompositionSection(results: readonly SpeedResult[]): string {
  const byName = new Map(results.map((r) => [r.name, r.ours]));
  const svdFrame = byName.get(PER_FRAME.svd)!;
  const mullerFrame = byName.get(PER_FRAME.muller)!;
  const speedRows = results.map((r) => [r.name, ns(r.ours), `${(100 * r.noise).toFixed(1)}%`]);
  const frameRows = mullerPerFrameStats().map((f) => [
    f.label,
    f.meanIterations.toFixed(2),
    f.worstAngle.toExponential(1),
  ]);
  const accuracy = decompositionAccuracyRows().map((r) => [r.probe, r.metric, ...worstAndMedian(r.errors)]);
  return [
    "## Decompositions, Kabsch, line and plane fits (lib/decompose, kabsch, fit: no JS library in the dependencies does these)",
    "",
    `Speed (median ns per call over ${SPEED.rounds} rounds of ~${SPEED.roundMs} ms):`,
    "",
    table(["operation", "ns/call", "noise"], speedRows),
    "",
    `Müller warm-started (tolerance 1e-9) / SVD polar rotation, per frame: ${(mullerFrame / svdFrame).toFixed(2)}`,
    "Inputs: 1024 random 3×3 matrices with entries in [−1, 1] (symmetricEigen: their m·mᵀ); frames: a periodic",
    "deformation R(2πk/1024 about (1, 2, 0.5))·S_k with S_k symmetric near I (0.0061 rad per frame); Kabsch: 64 sets of",
    "16 points and 4 sets of 1000 points with 1e-3 noise; fits: 64 sets of 100 points near a line.",
    "",
    "Müller per frame on the same frames (second lap; the first warms up):",
    "",
    table(["variant", "mean steps per frame", "worst angle to the polar rotation, rad"], frameRows),
    "",
    `Accuracy (${"worst and median error over the trials"}; exact references in double-double: singular values from a`,
    "Jacobi eigensolver on mᵀm formed exactly, the polar rotation and Kabsch by Horn's quaternion method — the top",
    "eigenvector of his 4×4 matrix — sharing no code with lib/):",
    "",
    table(["probe", "error measure", "worst", "median"], accuracy, [0, 1]),
    "",
    "Trials: 400 matrices per svd/polar/Müller probe, 100 point sets per Kabsch probe.",
  ].join("\n");
}

const t0 = performance.now();
console.log(header());
console.log("");
const results = speedCases().map((c) => runCase(c, SPEED));
console.log(speedSection(results));
console.log("");
console.log(accuracySection());
console.log("");
console.log(decompositionSection(decompositionCases().map((c) => runCase(c, SPEED))));
console.log("");
console.log(ikBenchSection(CLOCK));
console.log("");
console.log(segmentsBenchSection(CLOCK));
console.log("");
console.log(ellipsoidBenchSection(CLOCK));
console.log("");
console.log(appliedBenchSection(CLOCK));
console.log("");
console.log(
  `checksum of all timed results (keeps the work observable): ${checksum().toExponential(6)}; total ${(
    (performance.now() - t0) /
    1000
  ).toFixed(1)} s`,
);
