/**
 * What the grader's tests share (tests/grader/*.test.ts): the course, loaded once per file; the exercise
 * they attack (quaternion multiply); grades.csv's header; helpers to hash a tree, read /proc, run a
 * command and make a scratch folder. The threat model they prove is docs/grading.md §3.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { pointsOf } from "../../tools/isomorphic/exercise.ts";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { sandboxMark } from "../../tools/sandbox/process.ts";
import { fromRoot } from "../../tools/author/root.ts";

export const MULTIPLY = "04-quaternions/02-multiply.ts";
export const TARGET = `${fromRoot("solutions")}/${MULTIPLY}`;
export const course = await loadCourse();
export const exercises = allExercises(course);
export const MAX = exercises.reduce((s, e) => s + pointsOf(e.checks), 0);
export const multiplyExercise = exercises.find((e) => e.file === MULTIPLY)!;
export const MULTIPLY_COLUMN = `${multiplyExercise.number} ${multiplyExercise.name}`;
export const MULTIPLY_POINTS = pointsOf(multiplyExercise.checks);
/** grades.csv's header for the whole course (tools/instructor/gradebook.ts; tests/tools/gradebook.test.ts tests it in depth). */
export const HEADER = [
  "student",
  ...exercises.map((e) => `${e.number} ${e.name}`),
  ...course.chapters.map((c) => `${c.id.slice(0, 2)} subtotal`),
  "total",
  "max",
  "status",
  "notice",
];
/** The functions an exercise's checks call: what a junk submission exports. */
export const exportsOf = (e: (typeof exercises)[number]) => [
  ...new Set(e.checks.flatMap((c) => c.cases.map((k) => k.fn))),
];
export const correctMultiply = readFileSync(fromRoot(`solutions/${MULTIPLY}`), "utf8");

/** A hash of every file under `dir`, to prove the course is untouched. */
export function treeHash(dir: string): string {
  const h = createHash("sha256");
  for (const f of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    if (statSync(join(dir, f)).isFile()) h.update(f).update(readFileSync(join(dir, f)));
  }
  return h.digest("hex");
}

/** grades.csv's lines (UTF-8 with a BOM, CRLF; these students' names and notices need no quoting). */
export const readCsvLines = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

/** A scratch folder for one test file, removed after its tests. */
export function scratchFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `grader-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every process: pid, parent pid and command line (Linux /proc). */
export function processes(): { pid: number; ppid: number; cmdline: string[] }[] {
  const out: { pid: number; ppid: number; cmdline: string[] }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      out.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}
/** The sandbox processes of grader `pid`, wherever they have been re-parented. */
export const sandboxesOf = (pid: number) => {
  const mark = sandboxMark(pid);
  return processes().filter((p) => mark.every((m) => p.cmdline.includes(m)));
};
/** The grader's own process: the descendant of `root` that runs tools/instructor/grade.ts. */
export function graderUnder(rootPid: number): number | undefined {
  const all = processes();
  const below = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
  }
  return all.find(
    (p) =>
      below.has(p.pid) &&
      p.cmdline.some((a) => a.endsWith("tools/instructor/grade.ts")) &&
      p.cmdline[0]!.endsWith("node"),
  )?.pid;
}
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A class slow enough to be killed in the middle: each student has an infinite loop at import in one file. */
export function writeClass(dir: string, n: number): void {
  for (let k = 0; k < n; k++) {
    const ex = join(dir, `student-${k}`, "exercises");
    cpSync(fromRoot(k % 2 ? "exercises" : "solutions"), ex, { recursive: true });
    writeFileSync(join(ex, exercises[k % exercises.length]!.file), "while (true) {}\n");
  }
}

export function run(cmd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(cmd, args, { cwd: fromRoot("."), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The reference solution of an exercise file, as a submission. */
export const solutionOf = (file: string) => readFileSync(fromRoot(`solutions/${file}`), "utf8");
/** A timer inside a context: Atomics.waitAsync on a fresh SharedArrayBuffer resolves after `ms`. */
export const AFTER = (ms: number) =>
  `(Atomics as any).waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms}).value`;
