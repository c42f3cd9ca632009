/**
 * Faults (docs/grading.md §3): `npm run grade` killed with SIGKILL mid-run leaves no sandbox process
 * behind and a rerun ends with exactly the grades.csv of a clean run; a crash of the sandbox process
 * costs only the call that was running; code that runs outside V8's per-call timeout (a microtask loop,
 * a leftover timer, an unhandled rejection) costs nothing it should not.
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves tests/grader/ out of the edition.)
 */

import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateAll } from "../../tools/author/evaluate.ts";
import { gradeClass } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { DEFAULT_LIMITS } from "../../tools/sandbox/limits.ts";
import { importLoop } from "../../tools/sandbox/messages.ts";
import {
  MULTIPLY,
  exercises,
  multiplyExercise,
  scratchFolder,
  processes,
  sandboxesOf,
  graderUnder,
  sleep,
  writeClass,
  run,
  solutionOf,
  AFTER,
} from "./shared.ts";

const scratch = scratchFolder("faults");

describe("npm run grade, killed with SIGKILL mid-run", () => {
  it(
    "leaves no sandbox process behind, and a rerun gives the grades of an uninterrupted run",
    { timeout: 300_000 },
    async () => {
      const submissions = join(scratch, "submissions");
      const out = join(scratch, "out");
      // Four students: two graded before the kill, two in their sandboxes when it comes (each loops at import
      // in one file, so each takes at least the import time limit), and the rerun and a clean run to compare.
      const CLASS = 4;
      writeClass(submissions, CLASS);
      const npm = spawn("npm", ["run", "--silent", "grade", "--", submissions, "--out", out], {
        cwd: fromRoot("."),
        detached: true, // its own process group: the SIGKILL reaches npm, the shell and the grader at once
        stdio: "ignore",
      });
      let grader: number | undefined;
      const graded = () =>
        existsSync(out) ? readdirSync(out).filter((s) => existsSync(join(out, s, "grade.json"))) : [];
      let seen: number[] = [];
      try {
        const deadline = Date.now() + 120_000;
        // Wait until some students are graded and the grader has sandbox processes running.
        while (Date.now() < deadline) {
          grader ??= graderUnder(npm.pid!);
          if (grader !== undefined) seen = sandboxesOf(grader).map((p) => p.pid);
          if (graded().length >= 2 && seen.length > 0) break;
          await sleep(50);
        }
        expect(grader, "the grader process was found").toBeDefined();
        expect(seen.length, "sandbox processes were running when the grader was killed").toBeGreaterThan(0);
        expect(graded().length, "the grader was killed mid-run").toBeLessThan(CLASS);
        process.kill(-npm.pid!, "SIGKILL");
      } finally {
        try {
          process.kill(-npm.pid!, "SIGKILL");
        } catch {
          /* gone */
        }
      }
      // A few seconds later, none of its sandbox processes is left.
      let left = sandboxesOf(grader!);
      for (let t = 0; t < 60 && left.length; t++) {
        await sleep(100);
        left = sandboxesOf(grader!);
      }
      expect(left.map((p) => `${p.pid} ${p.cmdline.join(" ")}`)).toEqual([]);
      for (const pid of seen) expect(processes().find((p) => p.pid === pid && p.cmdline.length > 0)).toBeUndefined();

      // The rerun resumes and ends with a clean run's grades.
      const before = graded().length;
      const rerun = await run("npm", ["run", "--silent", "grade", "--", submissions, "--out", out]);
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(rerun.stderr).toMatch(new RegExp(`${before} student\\(s\\) already graded, skipped`));
      expect(readdirSync(out).filter((f) => f.startsWith("."))).toEqual([]); // the killed run's temporary folders are gone
      const clean = join(scratch, "clean");
      await gradeClass({ submissions, out: clean, quiet: true });
      expect(readFileSync(join(out, "grades.csv"), "utf8")).toBe(readFileSync(join(clean, "grades.csv"), "utf8"));
    },
  );
});

describe("a crash of the sandbox process", () => {
  it(
    "costs only the call that was running; the student's other exercises are graded in a fresh process",
    { timeout: 120_000 },
    async () => {
      const sources = exercises.map((e) => readFileSync(fromRoot(`solutions/${e.file}`), "utf8"));
      const victim = exercises.findIndex((e) => e.file === "04-quaternions/02-multiply.ts");
      // The hog copies 8 MB of doubles at a time (memory the collector need not scan): it reaches the 256 MB
      // cap in ~0.3 s on a quiet machine, well within the 2 s call limit even beside another test file. A
      // hog of small-integer arrays took ~0.8 s (every collection scans all it kept), and missed the limit
      // in a clean run with two workers.
      sources[victim] = `const keep: number[][] = [];
export function multiply(a: number[], b: number[]): number[] {
  const chunk = new Array(1e6).fill(0.5);
  for (;;) keep.push(chunk.slice());
}`;
      const results = await evaluateAll(exercises, sources);
      results.forEach(({ result }, i) => {
        if (i === victim) {
          expect(result.earned).toBe(0);
          expect(result.checks[0]!.failures[0]!.error).toMatch(/ran out of memory/);
        } else expect(result.earned, result.id).toBe(result.points);
      });
      expect(results[victim]!.run!.children).toBeGreaterThan(1);
      expect(results.at(-1)!.run!.children, "the exercises after the crash ran in a fresh process").toBe(1);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Attacks from a security review: code that runs outside V8's per-call timeout (microtasks, the
// timers Atomics.waitAsync gives a context), answers too big for the grader, a polluted realm
// ---------------------------------------------------------------------------------------------

describe("attacks that run outside the per-call time limit", () => {
  it("a sandbox looping in a microtask dies with a grader killed by SIGKILL", { timeout: 60_000 }, async () => {
    const file = join(scratch, "microtask-loop.ts");
    writeFileSync(
      file,
      "export async function multiply(a: number[], b: number[]): Promise<number[]> { await null; for (;;) {} }\n",
    );
    const script = `
const { evaluate } = await import(${JSON.stringify(fromRoot("tools/author/evaluate.ts"))});
const { loadExercise } = await import(${JSON.stringify(fromRoot("tools/author/course.ts"))});
const { readFileSync } = await import("node:fs");
await evaluate(await loadExercise(${JSON.stringify(MULTIPLY)}), readFileSync(${JSON.stringify(file)}, "utf8"));`;
    const grader = spawn(
      process.execPath,
      ["--import", fromRoot("tools/author/register-ts.mjs"), "--input-type=module", "-e", script],
      { cwd: fromRoot("."), stdio: "ignore" },
    );
    let seen: number[] = [];
    try {
      for (let t = 0; t < 300 && !seen.length; t++) {
        await sleep(50);
        seen = sandboxesOf(grader.pid!).map((p) => p.pid);
      }
      expect(seen.length, "the sandbox was started").toBeGreaterThan(0);
      await sleep(500); // it is in its loop now, deaf to its stdin and its parent
      grader.kill("SIGKILL");
      let left = sandboxesOf(grader.pid!);
      for (let t = 0; t < 30 && left.length; t++) {
        await sleep(100);
        left = sandboxesOf(grader.pid!);
      }
      expect(left.map((p) => `${p.pid} ${p.cmdline.join(" ")}`)).toEqual([]);
    } finally {
      grader.kill("SIGKILL");
      for (const p of sandboxesOf(grader.pid!)) process.kill(p.pid, "SIGKILL");
    }
  });

  it(
    "an exercise's leftover timer firing while the next one loads costs the next one nothing",
    { timeout: 120_000 },
    async () => {
      const [a, b] = [exercises[0]!, exercises[1]!];
      // a schedules an infinite loop for 300 ms later; b's top level waits 1 s, so the loop hangs the
      // process while b is still loading.
      const sources = [
        `${solutionOf(a.file)}\n${AFTER(300)}.then(() => { for (;;) {} });\n`,
        `${solutionOf(b.file)}\nawait ${AFTER(1000)};\n`,
      ];
      const results = await evaluateAll([a, b], sources);
      for (const { result } of results)
        expect(result.earned, `${result.id}: ${result.problem ?? ""}`).toBe(result.points);
    },
  );

  it(
    "a promise rejected and never handled costs nothing: the call's answer is judged",
    { timeout: 60_000 },
    async () => {
      const source = solutionOf(MULTIPLY).replace(
        "export function multiply(a: Quat, b: Quat): Quat {",
        `export async function multiply(a: Quat, b: Quat): Promise<Quat> {\n  Promise.reject(new Error("nobody handles me"));\n  await ${AFTER(1)};`,
      );
      expect(source).toContain("nobody handles me");
      const { result, run } = (await evaluateAll([multiplyExercise], [source]))[0]!;
      expect(result.earned, JSON.stringify(result.checks.map((c) => c.failures[0]?.error))).toBe(result.points);
      expect(run!.children).toBe(1);
    },
  );
});

describe("a module that never finishes loading", () => {
  const withHidden = exercises.find((e) => e.checks.some((c) => c.hidden) && e.checks.some((c) => !c.hidden))!;

  it(
    "costs its import limit once: the hidden checks' job, the same import, fails the same way without loading it again",
    { timeout: 60_000 },
    async () => {
      const looping = `console.log("loading");\nwhile (true) {}\n`;
      const throwing = `console.log("loading");\nthrow new Error("at import");\n`;
      const [loop, threw] = await evaluateAll([withHidden, withHidden], [looping, throwing]);
      // The visible job loaded the module (its console says so) and spent the import limit in its loop.
      expect(loop!.run!.stdout).toBe("loading\n");
      expect(loop!.run!.problem).toContain(importLoop(DEFAULT_LIMITS.importTimeoutMs));
      // The hidden job is told the same without running the text again: nothing printed, the same problem.
      expect(loop!.hiddenRun!.stdout).toBe("");
      expect(loop!.hiddenRun!.problem).toBe(loop!.run!.problem);
      expect(loop!.result.earned).toBe(0);
      expect(loop!.result.checks.every((c) => !c.passed)).toBe(true);
      // A module that throws is loaded again for its hidden checks, as every other is (a throw costs nothing).
      expect(threw!.hiddenRun!.stdout).toBe("loading\n");
      expect(threw!.hiddenRun!.problem).toBe(threw!.run!.problem);
    },
  );
});
