/**
 * The grader (`npm run grade`) and its sandbox, against the threat model of docs/grading.md §3:
 * - a fixture class: a perfect submission, stubs only, and submissions whose one file (quaternion
 *   multiply) is hostile or broken in each way the threat model names. Each broken file loses exactly
 *   its own points; a junk-returning monkey-patcher earns 0; an attempt to overwrite the course's
 *   solutions fails, leaves the course untouched, and a perfect student graded after it gets full marks.
 *   Results are resumable (a rerun skips graded students) and written in Gradescope's format;
 * - isolation inside the one process that runs a student's every exercise: nothing of the harness's
 *   realm is reachable from an exercise's context, there is no Node API and no eval in there, and a
 *   monkey-patched Math, JSON or Array.prototype in one exercise changes nothing in the next ones; a
 *   crash of the process costs only the call that was running;
 * - faults: `npm run grade` killed with SIGKILL mid-run leaves no sandbox process behind, and a rerun
 *   ends with exactly the grades.csv of a clean run;
 * - grades.csv with hostile student names, read back with an RFC 4180 parser: every name comes back
 *   exactly (after the one leading ' the grader adds to a cell a spreadsheet would run as a formula),
 *   and no cell starts like a formula;
 * - errors a person can act on: a missing submissions folder is one line; a student folder without
 *   exercises/ is reported in the run's output and in the student's feedback, not silently 0.
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves this file out of the edition.)
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointsOf } from "../../tools/isomorphic/exercise.ts";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { evaluateAll } from "../../tools/author/evaluate.ts";
import { sandboxMark } from "../../tools/sandbox/process.ts";
import { runSubmission } from "../../tools/sandbox/run.ts";
import { type GradescopeResults, csvCell, gradeClass } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";

const MULTIPLY = "04-quaternions/02-multiply.ts";
const TARGET = `${fromRoot("solutions")}/${MULTIPLY}`;
const course = await loadCourse();
const exercises = allExercises(course);
const MAX = exercises.reduce((s, e) => s + pointsOf(e.checks), 0);
const multiplyExercise = exercises.find((e) => e.file === MULTIPLY)!;
const MULTIPLY_COLUMN = `${multiplyExercise.number} ${multiplyExercise.name}`;
const MULTIPLY_POINTS = pointsOf(multiplyExercise.checks);
/** grades.csv's header for the whole course (tools/instructor/gradebook.ts; tests/tools/gradebook.test.ts tests it in depth). */
const HEADER = [
  "student",
  ...exercises.map((e) => `${e.number} ${e.name}`),
  ...course.chapters.map((c) => `${c.id.slice(0, 2)} subtotal`),
  "total",
  "max",
  "status",
  "notice",
];
/** The functions an exercise's checks call: what a junk submission exports. */
const exportsOf = (e: (typeof exercises)[number]) => [...new Set(e.checks.flatMap((c) => c.cases.map((k) => k.fn)))];
const correctMultiply = readFileSync(fromRoot(`solutions/${MULTIPLY}`), "utf8");

/** Each hostile variant of the multiply file, and what it must cost. */
const ATTACKS: Record<string, string> = {
  "syntax-error": `export function multiply(a: number[], b: number[]): number[] { return [a[0] + ; }`,
  "throw-at-import": `throw new Error("boom at import");\n${correctMultiply}`,
  "exit-at-import": `process.exit(0);\n${correctMultiply}`,
  "loop-at-import": `while (true) {}\n${correctMultiply}`,
  "unbounded-allocation": `const keep: number[][] = [];\nexport function multiply(a: number[], b: number[]): number[] {\n  for (;;) keep.push(new Array(1e6).fill(1));\n}`,
  "never-settles-at-import": `await new Promise(() => {});\n${correctMultiply}`,
  "never-settles-in-call": `export async function multiply(a: number[], b: number[]): Promise<number[]> {\n  setInterval(() => {}, 1000);\n  return new Promise(() => {});\n}`,
};

/** A file that monkey-patches the globals the harness might use and returns junk dressed as the right answer. */
function junk(exportNames: string[]): string {
  return `
Math.sin = () => 0; Math.cos = () => 1; Math.sqrt = () => 1; Math.abs = () => 0;
JSON.stringify = () => "[0,0,0,1]"; JSON.parse = () => [0, 0, 0, 1];
(Number as any).isFinite = () => true; (Number as any).prototype.toString = () => "0";
(Array.prototype as any).toJSON = function () { return [1, 0, 0, 0]; };
(Array.prototype as any).map = function () { return [1, 2, 3]; };
Object.defineProperty(Object.prototype, "ok", { get: () => true, configurable: true });
${exportNames.map((n) => `export function ${n}(...args: unknown[]): unknown { return { toJSON: () => args[0], valueOf: () => 0, length: 9 }; }`).join("\n")}
`;
}

/** Tries to overwrite the course's solution with one that returns zeros, then returns zeros itself. */
const overwriteSolutions = `
import fs from "node:fs";
const cheat = "export function multiply() { return [0, 0, 0, 0]; }";
for (const write of [() => fs.writeFileSync(${JSON.stringify(TARGET)}, cheat), () => fs.rmSync(${JSON.stringify(TARGET)})]) {
  try { write(); } catch {}
}
export function multiply(a: number[], b: number[]): number[] { return [0, 0, 0, 0]; }
`;

/** A hash of every file under `dir`, to prove the course is untouched. */
function treeHash(dir: string): string {
  const h = createHash("sha256");
  for (const f of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    if (statSync(join(dir, f)).isFile()) h.update(f).update(readFileSync(join(dir, f)));
  }
  return h.digest("hex");
}

/** grades.csv's lines (UTF-8 with a BOM, CRLF; these students' names and notices need no quoting). */
const readCsvLines = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

let root: string;
let submissions: string;
let out: string;
let before: Record<string, string>;
let csv: Map<string, Record<string, number>>;

const student = (name: string, tree: "solutions" | "exercises", replace?: Record<string, string>) => {
  const dir = join(submissions, name, "exercises");
  cpSync(fromRoot(tree), dir, { recursive: true });
  for (const [file, source] of Object.entries(replace ?? {})) writeFileSync(join(dir, file), source);
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "grader-test-"));
  submissions = join(root, "submissions");
  out = join(root, "out");
  mkdirSync(submissions);
  before = Object.fromEntries(["lib", "solutions", "exercises"].map((t) => [t, treeHash(fromRoot(t))]));
  student("a-perfect", "solutions");
  student("b-stubs", "exercises");
  for (const [name, source] of Object.entries(ATTACKS)) student(`c-${name}`, "solutions", { [MULTIPLY]: source });
  const junkFiles = Object.fromEntries(exercises.map((e) => [e.file, junk(exportsOf(e))]));
  student("d-junk-monkey-patcher", "exercises", junkFiles);
  student("e-overwrites-solutions", "exercises", { [MULTIPLY]: overwriteSolutions });
  student("f-symlink-to-solutions", "exercises");
  rmSync(join(submissions, "f-symlink-to-solutions", "exercises", MULTIPLY));
  symlinkSync(TARGET, join(submissions, "f-symlink-to-solutions", "exercises", MULTIPLY));
  student("z-perfect-graded-last", "solutions");
  await gradeClass({ submissions, out, quiet: true });
  const [header, ...rows] = readCsvLines(join(out, "grades.csv"));
  const cols = header!.split(",");
  csv = new Map(
    rows.map((r) => [
      r.split(",")[0]!,
      Object.fromEntries(cols.slice(1).map((c, i) => [c, Number(r.split(",")[i + 1])])),
    ]),
  );
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm run grade on a fixture class", () => {
  it("writes grades.csv with the header student,<exercise number and name…>,<chapter subtotals…>,total,max,status,notice", () => {
    const header = readCsvLines(join(out, "grades.csv"))[0];
    expect(header).toBe(HEADER.join(","));
    expect(csv.size).toBe(readdirSync(submissions).length);
  });
  it("gives a perfect submission full marks and stubs zero", () => {
    expect(csv.get("a-perfect")).toMatchObject({ total: MAX, max: MAX });
    expect(csv.get("b-stubs")).toMatchObject({ total: 0, max: MAX });
  });
  it.each(Object.keys(ATTACKS))("%s in one file loses exactly that file's points", (name) => {
    expect(csv.get(`c-${name}`)).toMatchObject({ total: MAX - MULTIPLY_POINTS, [MULTIPLY_COLUMN]: 0 });
  });
  it("a submission that returns junk and monkey-patches Math, JSON, Number and Array.prototype earns 0", () => {
    expect(csv.get("d-junk-monkey-patcher")!.total).toBe(0);
  });
  it("an attempt to overwrite the course's solutions fails and the course is untouched", () => {
    expect(csv.get("e-overwrites-solutions")!.total).toBe(0);
    for (const tree of ["lib", "solutions", "exercises"]) expect(treeHash(fromRoot(tree)), tree).toBe(before[tree]);
    expect(readFileSync(TARGET, "utf8")).toBe(correctMultiply);
  });
  it("a symbolic link to the solution is refused", () => {
    expect(csv.get("f-symlink-to-solutions")!.total).toBe(0);
    expect(readFileSync(join(out, "f-symlink-to-solutions", "feedback.md"), "utf8")).toMatch(
      /symbolic links are not accepted/,
    );
  });
  it("a perfect student graded after the attackers still gets full marks", () => {
    expect(csv.get("z-perfect-graded-last")).toMatchObject({ total: MAX, max: MAX });
  });
  it("writes Gradescope's results.json and a feedback.md per student", () => {
    const results = JSON.parse(readFileSync(join(out, "c-syntax-error", "results.json"), "utf8")) as GradescopeResults;
    expect(results.score).toBe(MAX - MULTIPLY_POINTS);
    expect(Object.keys(results).sort()).toEqual(["execution_time", "output", "score", "stdout_visibility", "tests"]);
    expect(results.stdout_visibility).toBe("hidden");
    expect(results.tests.length).toBe(exercises.reduce((s, e) => s + e.checks.length, 0));
    for (const t of results.tests) {
      expect(Object.keys(t).sort()).toEqual(["max_score", "name", "output", "score", "status", "visibility"]);
      expect(["passed", "failed"]).toContain(t.status);
      expect(["visible", "after_published"]).toContain(t.visibility);
    }
    const multiply = results.tests.filter((t) => t.name.startsWith(`${MULTIPLY_COLUMN} —`));
    expect(multiply.every((t) => t.status === "failed" && /does not compile/.test(t.output))).toBe(true);
    const feedback = readFileSync(join(out, "c-loop-at-import", "feedback.md"), "utf8");
    expect(feedback).toMatch(/longer than \d+ ms \(an infinite loop at top level\?\)/);
  });
  it("a rerun skips students already graded, and --force regrades", async () => {
    const again = await gradeClass({ submissions, out, quiet: true, only: ["a-perfect", "b-stubs"] });
    expect(again.graded).toEqual([]);
    expect(again.skipped).toEqual(["a-perfect", "b-stubs"]);
    const forced = await gradeClass({ submissions, out, quiet: true, only: ["b-stubs"], force: true });
    expect(forced.graded).toEqual(["b-stubs"]);
    expect(readdirSync(out).filter((f) => f.startsWith("."))).toEqual([]); // no temporary folders left
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Isolation inside the sandbox process
// ---------------------------------------------------------------------------------------------

const lib = Object.fromEntries(
  readdirSync(fromRoot("lib"))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => [`lib/${f}`, readFileSync(fromRoot(`lib/${f}`), "utf8")]),
);

/** Crawls every object reachable from here; returns the paths of those whose prototype chain does not end in this realm's Object.prototype. */
const CRAWLER = `
import { vec3 } from "../../lib/index.ts";
export function crawl(): string[] {
  const OP = Object.prototype;
  const foreign: string[] = [];
  const seen = new Set<unknown>();
  const queue: [unknown, string][] = [[globalThis, "globalThis"], [import.meta, "import.meta"], [vec3, "vec3"]];
  // The global object of a vm context lists only what was defined on it; its built-ins are named here.
  for (const name of ["Object", "Function", "Array", "Number", "String", "Boolean", "Symbol", "BigInt", "Math", "JSON",
    "Reflect", "Proxy", "Promise", "Date", "RegExp", "Error", "TypeError", "RangeError", "EvalError", "Map", "Set",
    "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "ArrayBuffer", "SharedArrayBuffer", "DataView", "Atomics",
    "Float64Array", "Uint8Array", "Intl", "WebAssembly", "console", "globalThis", "__course_drive", "__course_describe",
    "eval", "isNaN", "parseFloat", "encodeURIComponent", "AggregateError", "Iterator"])
    queue.push([(globalThis as any)[name], name]);
  for (const k of Object.getOwnPropertyNames(globalThis)) queue.push([(globalThis as any)[k], k]);
  const E = Error as any;
  E.prepareStackTrace = (_e: unknown, sites: any[]) => sites;
  const sites = (new Error("x") as any).stack as any[];
  E.prepareStackTrace = undefined;
  sites.forEach((s, i) => {
    queue.push([s, "callsite" + i]);
    for (const m of ["getThis", "getFunction", "getTypeName", "getFileName", "getEvalOrigin"]) {
      try { queue.push([s[m](), "callsite" + i + "." + m + "()"]); } catch {}
    }
  });
  try { (null as any).x; } catch (e) { queue.push([e, "a TypeError"]); }
  while (queue.length && seen.size < 200000) {
    const [o, path] = queue.shift()!;
    if (o === null || (typeof o !== "object" && typeof o !== "function") || seen.has(o)) continue;
    seen.add(o);
    let root: object = o as object;
    for (let p = Object.getPrototypeOf(o); p !== null; p = Object.getPrototypeOf(p)) root = p;
    if (root !== OP && root !== o) foreign.push(path);
    queue.push([Object.getPrototypeOf(o), path + ".__proto__"]);
    for (const k of Reflect.ownKeys(o as object)) {
      const d = Reflect.getOwnPropertyDescriptor(o as object, k)!;
      const name = path + "." + String(k);
      if ("value" in d) queue.push([d.value, name]);
      if (d.get) queue.push([d.get, name + "<get>"]);
      if (d.set) queue.push([d.set, name + "<set>"]);
    }
  }
  return foreign.length ? foreign.slice(0, 20) : ["none foreign among " + seen.size + " objects"];
}
export function powers(): string[] {
  const g = globalThis as any;
  const out: string[] = [];
  for (const name of ["process", "require", "module", "Buffer", "setTimeout", "setInterval", "fetch", "queueMicrotask"])
    out.push(name + ":" + typeof g[name]);
  for (const [what, f] of [["eval", () => g.eval("1")], ["Function", () => new Function("return 1")()], ["constructor.constructor", () => g.constructor.constructor("return process")()], ["WebAssembly", () => new g.WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))]] as const) {
    try { f(); out.push(what + ": ran"); } catch (e) { out.push(what + ": " + (e as Error).name); }
  }
  return out;
}
`;

describe("an exercise's context", () => {
  it("reaches nothing of the harness's realm", { timeout: 60_000 }, async () => {
    const entry = "exercises/99-test/01-crawl.ts";
    const run = await runSubmission(
      { ...lib, [entry]: CRAWLER },
      entry,
      [
        { fn: "crawl", args: [] },
        { fn: "powers", args: [] },
      ],
      undefined,
      {
        uses: ["vec3"],
        exercise: "99.1 crawl",
      },
    );
    expect(run.problem).toBeUndefined();
    expect(run.outcomes[0]).toEqual({ ok: true, value: [expect.stringMatching(/^none foreign among \d+ objects$/)] });
    const crawled = Number(/\d+/.exec(String((run.outcomes[0] as { value: string[] }).value[0]))![0]);
    expect(crawled, "the crawl saw the realm's intrinsics").toBeGreaterThan(500);
    expect(run.outcomes[1]).toEqual({
      ok: true,
      value: [
        "process:undefined",
        "require:undefined",
        "module:undefined",
        "Buffer:undefined",
        "setTimeout:undefined",
        "setInterval:undefined",
        "fetch:undefined",
        "queueMicrotask:undefined",
        "eval: EvalError",
        "Function: EvalError",
        "constructor.constructor: EvalError",
        "WebAssembly: CompileError",
      ],
    });
  });

  it(
    "a monkey-patched Math, JSON, Array.prototype or Object.prototype changes nothing in the next exercises",
    { timeout: 120_000 },
    async () => {
      const exercises = allExercises(await loadCourse());
      const sources = exercises.map((e) => readFileSync(fromRoot(`solutions/${e.file}`), "utf8"));
      const PATCH = `
Math.sin = () => 0; Math.cos = () => 1; Math.sqrt = () => 1; Math.abs = () => 0; Math.hypot = () => 0; Math.atan2 = () => 0;
JSON.stringify = () => "[0,0,0,1]"; JSON.parse = () => [0, 0, 0, 1];
(Number as any).isFinite = () => true;
(Array.prototype as any).map = function () { return [1, 2, 3]; };
(Array.prototype as any).push = function () { return 0; };
Object.defineProperty(Object.prototype, "0", { get: () => 42, configurable: true });
Object.defineProperty(Array.prototype, "length", { value: 0 });
`;
      sources[0] = PATCH + sources[0]; // the first exercise graded patches its whole realm
      const results = await evaluateAll(exercises, sources);
      for (const { result, run } of results.slice(1)) {
        expect(result.earned, `${result.id}: ${result.problem ?? ""}`).toBe(result.points);
        expect(run!.children).toBe(1);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Faults: SIGKILL, a crash of the sandbox process
// ---------------------------------------------------------------------------------------------

/** A scratch folder for the tests below. */
const scratch = mkdtempSync(join(tmpdir(), "grader-more-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every process: pid, parent pid and command line (Linux /proc). */
function processes(): { pid: number; ppid: number; cmdline: string[] }[] {
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
const sandboxesOf = (pid: number) => {
  const mark = sandboxMark(pid);
  return processes().filter((p) => mark.every((m) => p.cmdline.includes(m)));
};
/** The grader's own process: the descendant of `root` that runs tools/instructor/grade.ts. */
function graderUnder(rootPid: number): number | undefined {
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A class slow enough to be killed in the middle: each student has an infinite loop at import in one file. */
function writeClass(dir: string, n: number): void {
  for (let k = 0; k < n; k++) {
    const ex = join(dir, `student-${k}`, "exercises");
    cpSync(fromRoot(k % 2 ? "exercises" : "solutions"), ex, { recursive: true });
    writeFileSync(join(ex, exercises[k % exercises.length]!.file), "while (true) {}\n");
  }
}

describe("npm run grade, killed with SIGKILL mid-run", () => {
  it(
    "leaves no sandbox process behind, and a rerun gives the grades of an uninterrupted run",
    { timeout: 300_000 },
    async () => {
      const submissions = join(scratch, "submissions");
      const out = join(scratch, "out");
      writeClass(submissions, 8);
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
        expect(graded().length, "the grader was killed mid-run").toBeLessThan(8);
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

function run(cmd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(cmd, args, { cwd: fromRoot("."), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("a crash of the sandbox process", () => {
  it(
    "costs only the call that was running; the student's other exercises are graded in a fresh process",
    { timeout: 120_000 },
    async () => {
      const sources = exercises.map((e) => readFileSync(fromRoot(`solutions/${e.file}`), "utf8"));
      const victim = exercises.findIndex((e) => e.file === "04-quaternions/02-multiply.ts");
      sources[victim] = `const keep: number[][] = [];
export function multiply(a: number[], b: number[]): number[] {
  for (;;) keep.push(new Array(1e6).fill(1));
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

/** The reference solution of an exercise file, as a submission. */
const solutionOf = (file: string) => readFileSync(fromRoot(`solutions/${file}`), "utf8");
/** A timer inside a context: Atomics.waitAsync on a fresh SharedArrayBuffer resolves after `ms`. */
const AFTER = (ms: number) => `(Atomics as any).waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms}).value`;

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

describe("attacks on the harness's own work in a context", () => {
  it(
    "a realm whose Object.prototype has get and set (every descriptor an accessor) does not stall the harness",
    { timeout: 60_000 },
    async () => {
      const source = `${solutionOf(MULTIPLY)}\n(Object.prototype as any).set = function () {};\n(Object.prototype as any).get = function () { return [0, 0, 0, 1]; };\n`;
      const started = Date.now();
      const { result } = (await evaluateAll([multiplyExercise], [source]))[0]!;
      expect(result.earned, JSON.stringify(result.checks.map((c) => c.failures[0]?.error))).toBe(result.points);
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );

  it(
    "answers too big for a grader are refused in the sandbox: grading a class survives them",
    { timeout: 300_000 },
    async () => {
      // Every exercise answers ~1 MB of control characters (6 MB once escaped as JSON): a whole course of
      // them used to take the grader past its heap limit while it wrote the feedback.
      const submissions = join(scratch, "huge");
      const out = join(scratch, "huge-out");
      const dir = join(submissions, "huge-answers", "exercises");
      cpSync(fromRoot("exercises"), dir, { recursive: true });
      const big = `const s = "\\u0001".repeat(9999);\nconst big = Array.from({ length: 99 }, () => s);\n`;
      for (const e of exercises)
        writeFileSync(
          join(dir, e.file),
          big +
            exportsOf(e)
              .map((f) => `export function ${f}(): unknown { return big; }`)
              .join("\n"),
        );
      await gradeClass({ submissions, out, quiet: true });
      const results = JSON.parse(readFileSync(join(out, "huge-answers", "results.json"), "utf8")) as GradescopeResults;
      expect(results.score).toBe(0);
      expect(results.tests.some((t) => /answer is larger than/.test(t.output))).toBe(true);
      expect(statSync(join(out, "huge-answers", "results.json")).size).toBeLessThan(4_000_000);
      expect(statSync(join(out, "huge-answers", "feedback.md")).size).toBeLessThan(4_000_000);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// grades.csv with hostile names; errors a person can act on
// ---------------------------------------------------------------------------------------------

/** RFC 4180: records of fields; a quoted field may hold commas, CR, LF and doubled quotes. Strict: throws on malformed input. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  const endField = () => {
    record.push(field);
    field = "";
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === "") {
      // a quoted field
      i++;
      for (;;) {
        if (i >= text.length) throw new SyntaxError("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else field += text[i++];
      }
      if (i < text.length && text[i] !== "," && !text.startsWith("\r\n", i))
        throw new SyntaxError(`text after a closing quote at ${i}`);
    } else if (c === ",") {
      endField();
      i++;
    } else if (text.startsWith("\r\n", i)) {
      endField();
      records.push(record);
      record = [];
      i += 2;
    } else if (c === '"' || c === "\r" || c === "\n") {
      throw new SyntaxError(`bare ${JSON.stringify(c)} in an unquoted field at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (field !== "" || record.length) {
    endField();
    records.push(record);
  }
  return records;
}

/** The grader's escape, undone: one leading ' goes (it is only ever added). */
const unescape = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

const HOSTILE = [
  "plain",
  "Doe, Jane",
  'The "Rock"',
  "two\nlines",
  "carriage\r\nreturn",
  "Zoë Ünïcødé 名前 🙂",
  '=HYPERLINK("evil.example","click")',
  "=1+1",
  "+33 6 12",
  "-2+3",
  "@SUM(A1:A9)",
  "\tTabbed",
  "\rCR first",
  "'quoted already",
  "''two",
  ' =leading space, "and quotes"',
];

describe("a submission that looks up the student edition's expected values", () => {
  it("loses every check: each draws cases from a salt the edition does not have", { timeout: 120_000 }, async () => {
    // The student edition ships each visible check's cases with their expected values (multiplyExercise
    // was loaded as the edition's is, unsalted). A table of them, keyed by the arguments:
    const visible = multiplyExercise.checks.filter((c) => !c.hidden);
    const table = visible.flatMap((c) => c.cases.map((k) => [JSON.stringify(k.args), k.expected]));
    const lookup = `const table = new Map<string, unknown>(${JSON.stringify(table)});
export function multiply(a: number[], b: number[]): unknown {
  return table.get(JSON.stringify([a, b])) ?? [0, 0, 0, 1];
}
`;
    const submissions = join(scratch, "lookup");
    const out = join(scratch, "lookup-out");
    const dir = join(submissions, "table", "exercises");
    cpSync(fromRoot("exercises"), dir, { recursive: true });
    writeFileSync(join(dir, MULTIPLY), lookup);
    await gradeClass({ submissions, out, quiet: true, exercises: [multiplyExercise.id] });
    const results = JSON.parse(readFileSync(join(out, "table", "results.json"), "utf8")) as GradescopeResults;
    // It would have passed every visible check of the edition's own `npm run check`…
    const { result: asEdition } = (await evaluateAll([multiplyExercise], [lookup]))[0]!;
    for (const c of asEdition.checks.filter((c) => !c.hidden)) expect(c.passed, c.name).toBe(true);
    // …but in grading it earns nothing: every visible check also grades cases drawn from the grader's
    // salt (validation refuses a check whose cases the salt leaves alone), and hidden ones were never shipped.
    for (const t of results.tests) expect(t.status, t.name).toBe("failed");
    expect(results.tests).toHaveLength(multiplyExercise.checks.length);
    expect(results.score).toBe(0);
  });
});

describe("grades.csv with hostile student names", () => {
  it(
    "reads back every name exactly with an RFC 4180 parser, and no cell runs as a formula",
    { timeout: 300_000 },
    async () => {
      const submissions = join(scratch, "names");
      const out = join(scratch, "names-out");
      for (const name of HOSTILE)
        cpSync(fromRoot("exercises"), join(submissions, name, "exercises"), { recursive: true });
      const { graded } = await gradeClass({ submissions, out, quiet: true });
      expect(graded.sort()).toEqual([...HOSTILE].sort());

      const text = readFileSync(join(out, "grades.csv"), "utf8");
      expect(text.startsWith("\uFEFF"), "a BOM: spreadsheets read the file as UTF-8").toBe(true);
      const [header, ...rows] = parseCsv(text.slice(1));
      expect(header).toEqual(HEADER);
      expect(rows.length).toBe(HOSTILE.length);
      for (const row of rows) {
        expect(row.length).toBe(header!.length);
        expect(row.slice(1, -2).every((c) => /^\d+$/.test(c))).toBe(true);
        expect(row.slice(-3)).toEqual([String(MAX), "graded", ""]);
      }
      expect(rows.map((r) => unescape(r[0]!)).sort()).toEqual([...HOSTILE].sort());
      // OWASP: a cell starting with = + - @ tab or CR is a formula to a spreadsheet.
      for (const cell of [header!, ...rows].flat()) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
      // Each student's own files are where their name says.
      for (const name of HOSTILE) {
        const results = JSON.parse(readFileSync(join(out, name, "results.json"), "utf8")) as GradescopeResults;
        expect(results.score).toBe(0);
        expect(readFileSync(join(out, name, "feedback.md"), "utf8")).toContain(`# Feedback for ${name}`);
      }
    },
  );

  it("escapes exactly the cells a spreadsheet would run, and quotes per RFC 4180", () => {
    expect(csvCell("Jane")).toBe("Jane");
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("=a,b")).toBe(`"'=a,b"`);
    expect(csvCell("O'Brien")).toBe("O'Brien");
    for (const name of HOSTILE) expect(unescape(parseCsv(`${csvCell(name)}\r\n`)[0]![0]!)).toBe(name);
  });
});

describe("errors a person can act on", () => {
  const grade = (...args: string[]) =>
    spawnSync("npm", ["run", "--silent", "grade", "--", ...args], { cwd: fromRoot("."), encoding: "utf8" });

  it("a submissions folder that does not exist: one line, no stack trace", { timeout: 60_000 }, () => {
    const r = grade("/does/not/exist", "--out", join(scratch, "x"));
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^no submissions folder at \/does\/not\/exist/);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it(
    "a student folder without exercises/ is reported in the run's output and the student's feedback",
    { timeout: 120_000 },
    () => {
      const submissions = join(scratch, "layouts");
      const out = join(scratch, "layouts-out");
      cpSync(fromRoot("solutions"), join(submissions, "top-level"), { recursive: true }); // chapter folders at the top
      mkdirSync(join(submissions, "nothing-here"), { recursive: true });
      writeFileSync(join(submissions, "nothing-here", "notes.ts"), "export const x = 1;\n"); // no exercise's name
      cpSync(fromRoot("solutions"), join(submissions, "usual", "exercises"), { recursive: true });
      const r = grade(submissions, "--out", out);
      expect(r.status, r.stderr).toBe(0);
      const said = `${r.stdout}\n${r.stderr}`;
      expect(said).toMatch(
        new RegExp(
          `"top-level": no exercises/ folder: graded the ${exercises.length} exercise file\\(s\\) found at the top level`,
        ),
      );
      expect(said).toMatch(
        /"nothing-here": no exercises\/ folder and no exercise file anywhere in the submission \(found: notes\.ts\)/,
      );
      expect(said).not.toMatch(/"usual":/);
      expect(r.stdout).toMatch(/2 submission\(s\) need a look/);

      const feedback = (s: string) => readFileSync(join(out, s, "feedback.md"), "utf8");
      const results = (s: string) =>
        JSON.parse(readFileSync(join(out, s, "results.json"), "utf8")) as GradescopeResults;
      expect(feedback("top-level")).toMatch(/> \*\*Note:\*\* no exercises\/ folder/);
      expect(results("top-level")).toMatchObject({ score: MAX });
      expect(results("top-level").output).toMatch(/^Note: no exercises\/ folder/);
      expect(feedback("nothing-here")).toMatch(/nothing was graded/);
      expect(results("nothing-here").output).toMatch(/nothing was graded/);
      expect(results("nothing-here").score).toBe(0);
      expect(feedback("usual")).not.toMatch(/Note:/);
      const grades = readFileSync(join(out, "grades.csv"), "utf8");
      expect(grades).toMatch(
        new RegExp(`\r\ntop-level,[^\r\n]*,${MAX},${MAX},graded,no exercises/ folder[^\r\n]*\r\n`),
      );
      expect(grades).toMatch(
        new RegExp(`\r\nnothing-here,[^\r\n]*,0,${MAX},nothing found,[^\r\n]*no exercises/ folder[^\r\n]*\r\n`),
      );
    },
  );
});
