/**
 * Running code that is not trusted: students' exercise modules, many exercises to one child process.
 *
 * The trusted side (this module) transpiles the TypeScript itself, holds each file to the library
 * modules its exercise may import (imports.ts), and starts
 *
 *   node --permission --allow-fs-read=<sandbox-child.mjs> --experimental-vm-modules
 *        --disallow-code-generation-from-strings --max-old-space-size=<cap> sandbox-child.mjs
 *
 * under `ulimit` caps on data size, CPU time, core and file size, in its own process group, with an
 * empty environment, and (where util-linux's `setpriv` exists) SIGKILL as its parent-death signal.
 * The child can read only its own harness and write nothing; it cannot start processes or workers,
 * nor evaluate strings as code. It receives every module and every call on stdin
 * before any student code exists, and runs each exercise (a "job") in a fresh `vm` context of its own —
 * its own globals, its own copy of the library, no Node API — so a monkey-patched `Math`, `JSON` or
 * `Array.prototype` in one exercise reaches neither the next exercise nor the harness. Results come
 * back on a private pipe (fd 3), each line prefixed with a random nonce the student never sees,
 * encoded by the harness from own data properties only. Here, every line is parsed again and only plain
 * data is kept; every comparison happens in the parent.
 *
 * Limits: per import, per call (V8's `timeout`: an infinite loop costs that call, and the export is not
 * called again) and per exercise; a heap cap per process. A watchdog here SIGKILLs the process group if
 * the child stops answering; after any crash (a huge allocation, a loop the context could not stop) a
 * fresh process takes over from the call that was running, so a crash costs what was running and
 * nothing else (a crash while loading a module is retried once, in case an earlier exercise left the
 * cause behind). The child exits on its own as soon as the grader is gone, even one killed with SIGKILL
 * (its stdin closes, its parent changes; and the kernel kills it, should student code starve its event
 * loop). Answers are capped in size (CAPS.value). `runSubmissions` never throws and always settles.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { Json, LibraryUse } from "../isomorphic/exercise.ts";
import type { Outcome } from "../isomorphic/judge.ts";
import { barrelSource, restrictImports } from "./imports.ts";

/** Limits of one exercise's run. */
export interface SandboxLimits {
  /** Importing the module (linking and running its top level), ms. */
  importTimeoutMs: number;
  /** One call, ms. */
  callTimeoutMs: number;
  /** The whole exercise, restarts included, ms. */
  totalTimeoutMs: number;
  /** V8 heap cap of the process, MB. */
  memoryMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  importTimeoutMs: 2000, // the module's own top level; the library is linked already and Node has started
  callTimeoutMs: 2000,
  totalTimeoutMs: 20_000,
  memoryMb: 256,
};

/** Caps that keep a hostile module from flooding the parent. */
const CAPS = {
  maxSourceBytes: 256 * 1024,
  maxLogBytes: 1024 * 1024,
  keepLogBytes: 8 * 1024,
  maxProtocolBytes: 64 * 1024 * 1024,
  maxRestarts: 20,
  /**
   * What one answer may hold; `maxAnswer` and `maxAnswers` are characters of JSON, of one answer and of
   * all of an exercise's (the largest any exercise expects: ~23 kB, and ~70 kB for all its cases). The
   * grader keeps every answer and quotes failing ones in the feedback: without these caps, a course of
   * 6 MB answers took it past its heap limit.
   */
  value: {
    maxItems: 100_000,
    maxChars: 1_000_000,
    maxString: 10_000,
    maxDepth: 64,
    maxAnswer: 256 * 1024,
    maxAnswers: 2 * 1024 * 1024,
  },
  /** A protocol line longer than this is not one the harness writes (an answer, an error, a log). */
  maxLineChars: 1024 * 1024,
};

/** The harness the child runs: the only file it may read. */
export const HARNESS = realpathSync(fileURLToPath(new URL("./sandbox-child.mjs", import.meta.url)));

/** What a run produced: an outcome per call, and the student's own console output (capped). */
export interface SubmissionRun {
  outcomes: Outcome[];
  stdout: string;
  stderr: string;
  /** Child processes this exercise ran in (1 unless something crashed the process). */
  children: number;
  /** Set when the module as a whole never ran (it does not compile, or failed while loading): every call failed for this reason. */
  problem?: string;
  ms: number;
}

// ---------------------------------------------------------------------------------------------
// Transpiling and reading files (trusted side; no student code runs)
// ---------------------------------------------------------------------------------------------

const TS_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  rewriteRelativeImportExtensions: true, // "../../lib/index.ts" → "../../lib/index.js"
  isolatedModules: true,
  verbatimModuleSyntax: false, // elide imports used only as types
};
type Transpiled = { ok: true; code: string } | { ok: false; message: string };
/** By file name, then by source: the same string (the course's library, read once) is hashed once. */
const transpiled = new Map<string, Map<string, Transpiled>>();
let transpiledCount = 0;

/** TypeScript → JavaScript, per file, no type check; a syntax error is a message, never a throw. */
export function transpile(
  source: string,
  fileName: string,
): { ok: true; code: string } | { ok: false; message: string } {
  let byName = transpiled.get(fileName);
  const hit = byName?.get(source);
  if (hit) return hit;
  if (Buffer.byteLength(source) > CAPS.maxSourceBytes)
    return { ok: false, message: `${fileName} is larger than ${CAPS.maxSourceBytes} bytes` };
  let result: { ok: true; code: string } | { ok: false; message: string };
  try {
    const out = ts.transpileModule(source, { compilerOptions: TS_OPTIONS, reportDiagnostics: true, fileName });
    const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    result = errors.length
      ? {
          ok: false,
          message: errors
            .slice(0, 5)
            .map((d) => {
              const text = ts.flattenDiagnosticMessageText(d.messageText, " ");
              if (!d.file || d.start === undefined) return `${fileName}: ${text}`;
              const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
              return `${fileName}:${line + 1}:${character + 1}: ${text}`;
            })
            .join("\n"),
        }
      : { ok: true, code: out.outputText };
  } catch (error) {
    result = {
      ok: false,
      message: `${fileName} cannot be parsed (${(error as Error)?.name}: ${String((error as Error)?.message).slice(0, 200)})`,
    };
  }
  if (++transpiledCount > 5000) {
    transpiled.clear();
    transpiledCount = 0;
    byName = undefined;
  }
  if (!byName) transpiled.set(fileName, (byName = new Map()));
  byName.set(source, result);
  return result;
}

/**
 * Reads `rel` inside a student's folder: refuses symbolic links anywhere below the folder (a link to
 * the course's solutions/ would make the trusted side copy the reference answer), non-regular files and
 * oversized files.
 */
export function readSubmissionFile(
  studentDir: string,
  rel: string,
): { ok: true; source: string } | { ok: false; missing?: boolean; message: string } {
  try {
    if (isAbsolute(rel) || rel.split(/[\\/]/).includes("..")) return { ok: false, message: `bad path ${rel}` };
    const root = realpathSync(studentDir);
    const full = join(root, rel);
    let st;
    try {
      st = lstatSync(full);
    } catch {
      return { ok: false, missing: true, message: `${rel} was not submitted` };
    }
    if (st.isSymbolicLink() || realpathSync(full) !== full)
      return { ok: false, message: `${rel}: symbolic links are not accepted` };
    if (!st.isFile()) return { ok: false, message: `${rel} is not a regular file` };
    if (st.size > CAPS.maxSourceBytes)
      return { ok: false, message: `${rel} is larger than ${CAPS.maxSourceBytes} bytes` };
    return { ok: true, source: readFileSync(full, "utf8") };
  } catch (error) {
    return {
      ok: false,
      message: `${rel} cannot be read (${(error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message})`,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Child processes: never leave one behind
// ---------------------------------------------------------------------------------------------

const live = new Set<ChildProcess>();
function killTree(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL"); // detached: the child leads its own process group
  } catch {
    try {
      child.kill("SIGKILL");
    } catch {
      /* already gone */
    }
  }
}
/** SIGKILLs every child still running (for a CLI's SIGINT/SIGTERM handler). */
export function killAllChildren(): void {
  for (const c of live) killTree(c);
}
process.on("exit", killAllChildren);

let ulimitWorks: boolean | undefined;
function canUlimit(): boolean {
  ulimitWorks ??=
    process.platform === "linux" &&
    spawnSync("/bin/sh", ["-c", "ulimit -d 1048576 && ulimit -t 60 && ulimit -c 0 && ulimit -f 0"]).status === 0;
  return ulimitWorks;
}
/**
 * Whether util-linux's `setpriv --pdeathsig` works here: the kernel then SIGKILLs the child when the
 * grader dies. The child's own checks (stdin's end, a new parent) need its event loop, and student code
 * looping in a microtask (`await null; for (;;) {}`) or flooding them starves it: without this, such a
 * child outlived a grader killed with SIGKILL until its CPU-time limit (minutes).
 */
let pdeathsigWorks: boolean | undefined;
function canPdeathsig(): boolean {
  pdeathsigWorks ??=
    process.platform === "linux" && spawnSync("setpriv", ["--pdeathsig", "KILL", "--", "/bin/true"]).status === 0;
  return pdeathsigWorks;
}

/**
 * The permission model's flag: `--permission` since it became stable (Node 22.13 and 23.5); Node 24
 * refuses the older `--experimental-permission` outright (exit code 9), which Node 20 still needs.
 */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

/** The child's command line; `cpuSeconds` is a backstop should everything else fail. */
function command(memoryMb: number, cpuSeconds: number): { cmd: string; args: string[] } {
  const node = [
    process.execPath,
    PERMISSION_FLAG,
    `--allow-fs-read=${HARNESS}`,
    "--experimental-vm-modules",
    `--max-old-space-size=${memoryMb}`,
    "--disallow-code-generation-from-strings", // no eval / new Function, in the harness's realm and the exercises'
    "--no-warnings", // the permission model's and vm modules' ExperimentalWarnings
    HARNESS,
    `--grader=${process.pid}`, // ignored by the harness: says in `ps` (and /proc/<pid>/cmdline) whose sandbox it is
  ];
  if (!canUlimit()) return { cmd: node[0]!, args: node.slice(1) };
  const dataKb = (memoryMb + 512) * 1024;
  const run = canPdeathsig() ? `exec setpriv --pdeathsig KILL -- "$@"` : `exec "$@"`;
  const script = `ulimit -d ${dataKb} && ulimit -t ${cpuSeconds} && ulimit -c 0 && ulimit -f 0 && ${run}`;
  return { cmd: "/bin/sh", args: ["-c", script, "sh", ...node] };
}

/** What the command line of every sandbox process of grader `pid` holds: how to find one left behind (/proc/<pid>/cmdline). */
export const sandboxMark = (pid: number): string[] => [HARNESS, `--grader=${pid}`];

// ---------------------------------------------------------------------------------------------
// Preparing a job on the trusted side: JavaScript for every module, the calls as a literal
// ---------------------------------------------------------------------------------------------

/** One exercise to run: its files (TypeScript, root-relative paths), the module to import, the calls. */
export interface SandboxJob {
  files: Record<string, string>;
  entry: string;
  calls: readonly { fn: string; args: Json[] }[];
  limits?: SandboxLimits;
  /** The library modules the entry may import (imports.ts), and how to name the exercise in messages. */
  restrict?: { uses: readonly LibraryUse[]; exercise: string };
}

/** Where the sandbox puts the barrel that stands in for lib/index.js (root-relative, no extension). */
const ALLOWED_BARREL = "lib/allowed-for-this-exercise";

/** A JavaScript expression that builds `v` in the exercise's realm: -0, NaN and ±Infinity included, `__proto__` an own key. */
function jsLiteral(v: unknown): string {
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "(0/0)";
    if (v === Infinity) return "(1/0)";
    if (v === -Infinity) return "(-1/0)";
    if (Object.is(v, -0)) return "-0";
    return String(v);
  }
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return `[${v.map(jsLiteral).join(",")}]`;
  if (typeof v === "object")
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `[${JSON.stringify(k)}]:${jsLiteral(x)}`)
      .join(",")}}`;
  throw new TypeError(`cannot pass a ${typeof v} to a sandboxed call`);
}
const callsLiterals = new WeakMap<object, string>();
function callsLiteral(calls: readonly { fn: string; args: Json[] }[]): string {
  let s = callsLiterals.get(calls);
  if (s === undefined) {
    s = `[${calls.map((c) => `[${JSON.stringify(c.fn)},${jsLiteral(c.args)}]`).join(",\n")}]`;
    callsLiterals.set(calls, s);
  }
  return s;
}

type Prepared =
  | { ok: true; modules: Record<string, string>; entry: string; calls: string; fns: string[] }
  | { ok: false; problem: string };

/** Transpiles a job's files and holds its entry to its allowance; a problem here costs no process. */
function prepare(job: SandboxJob): Prepared {
  const js: Record<string, string> = {};
  for (const [rel, source] of Object.entries(job.files)) {
    const t = transpile(source, rel);
    if (!t.ok) return { ok: false, problem: `does not compile: ${t.message}` };
    js[rel.replace(/\.ts$/, ".js")] = t.code;
  }
  const entry = job.entry.replace(/\.ts$/, ".js");
  if (!(entry in js)) return { ok: false, problem: `${job.entry} is not among the files` };
  if (job.restrict) {
    const held = restrictImports(js[entry]!, job.entry, job.restrict.uses, {
      barrel: ALLOWED_BARREL,
      extension: ".js",
      ...job.restrict,
    });
    if (held.problems.length) return { ok: false, problem: held.problems.join("\n") };
    js[entry] = held.code;
    js[`${ALLOWED_BARREL}.js`] = barrelSource(job.restrict.uses, (m) => `./${m}.js`, job.restrict.exercise);
  }
  return { ok: true, modules: js, entry, calls: callsLiteral(job.calls), fns: job.calls.map((c) => c.fn) };
}

// ---------------------------------------------------------------------------------------------
// Messages a student can act on
// ---------------------------------------------------------------------------------------------

const clip = (s: unknown, n: number) => (typeof s !== "string" ? "" : s.length > n ? `${s.slice(0, n)}…` : s);

type ThrownDescription = { name?: unknown; message?: unknown; stack?: unknown };

/** An error the child described: name, message and the stack frames inside the student's files. */
function thrown(err: ThrownDescription | undefined): { name: string; text: string } {
  const name = clip(typeof err?.name === "string" ? err.name : "Error", 100);
  const message = clip(typeof err?.message === "string" ? err.message : "", 2000);
  const frames = (typeof err?.stack === "string" ? err.stack : "")
    .split("\n")
    .filter(
      (l) => /^\s+at /.test(l) && !/sandbox-child\.mjs|course-(drive|boot|describe)\.js|node:internal|node:vm/.test(l),
    )
    .slice(0, 3)
    .join("\n");
  return { name, text: `${name}: ${message}${frames ? `\n${frames}` : ""}` };
}

/** Turns the harness's tagged JSON back into values: NaN, ±Infinity, undefined. Anything else stays data. */
function revive(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.$nonfinite === "string") return Number(o.$nonfinite);
    if (o.$undefined === true) return undefined;
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revive(x)]));
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// One child process: the jobs still to do, from where the last process stopped
// ---------------------------------------------------------------------------------------------

interface ChildMessage {
  t: string;
  k?: number;
  i?: number;
  v?: unknown;
  err?: ThrownDescription;
  bad?: unknown;
  skip?: boolean;
  hang?: unknown;
  out?: unknown;
}

/** Where a job stands, across the processes it runs in. */
interface JobState {
  id: number;
  prepared: Extract<Prepared, { ok: true }>;
  limits: SandboxLimits;
  n: number;
  outcomes: (Outcome | undefined)[];
  next: number;
  banned: Record<string, true>;
  /** One call per batch: after a crash inside a batch, to find the call that crashed. */
  single: boolean;
  /** Time used so far, ms (restarts included). */
  spent: number;
  startedAt?: number;
  phase: "waiting" | "import" | "call" | "done";
  restarts: number;
  /** Whether loading was already retried after the process was lost while loading this module. */
  importRetried: boolean;
  /** `spent` when this job last started in a process (a retried load is not charged). */
  spentAtStart: number;
  /** Characters of answers received so far (all processes). */
  answered: number;
  problem?: string;
  stdout: string;
  stderr: string;
  children: number;
}

interface ChildEnd {
  end: "exit" | "done" | "timeout" | "output-limit" | "spawn-error";
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** The job running when the process ended, and whether it was in a batch of calls. */
  current?: JobState;
}

/** Margin of the watchdog over the child's own limits (Node start, encoding, a loaded machine). */
const WATCHDOG_SLACK_MS = 2500;

function runChild(jobs: JobState[]): Promise<ChildEnd> {
  return new Promise((resolve) => {
    const out: ChildEnd = { end: "exit", code: null, signal: null, stderr: "" };
    const byId = new Map(jobs.map((j) => [j.id, j]));
    // Sources are shared between jobs (the library is the same for every exercise).
    const sources: string[] = [];
    const index = new Map<string, number>();
    const source = (text: string) => {
      let i = index.get(text);
      if (i === undefined) {
        i = sources.push(text) - 1;
        index.set(text, i);
      }
      return i;
    };
    const nonce = randomBytes(16).toString("hex");
    const request = {
      nonce,
      limits: CAPS.value,
      sources,
      jobs: jobs.map((j) => ({
        id: j.id,
        modules: Object.fromEntries(Object.entries(j.prepared.modules).map(([p, code]) => [p, source(code)])),
        entry: j.prepared.entry,
        calls: source(j.prepared.calls),
        fns: j.prepared.fns,
        startAt: j.next,
        banned: j.banned,
        single: j.single,
        importMs: j.limits.importTimeoutMs,
        callMs: j.limits.callTimeoutMs,
        totalMs: Math.max(1, j.limits.totalTimeoutMs - j.spent),
      })),
    };
    const memoryMb = Math.max(...jobs.map((j) => j.limits.memoryMb));
    const cpuSeconds = Math.ceil(jobs.reduce((s, j) => s + 2 * j.limits.totalTimeoutMs, 0) / 1000) + 10;
    const { cmd, args } = command(memoryMb, cpuSeconds);
    let child: ChildProcess;
    try {
      child = spawn(cmd, args, {
        cwd: dirname(HARNESS),
        env: {},
        stdio: ["pipe", "pipe", "pipe", "pipe"],
        detached: true,
      });
    } catch {
      out.end = "spawn-error";
      resolve(out);
      return;
    }
    live.add(child);
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let grace: NodeJS.Timeout | undefined;
    let current: JobState | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      live.delete(child);
      if (child.exitCode === null && child.signalCode === null) killTree(child);
      for (const s of child.stdio) s?.destroy();
      if (current && current.startedAt !== undefined) current.spent += Date.now() - current.startedAt;
      out.current = current;
      resolve(out);
    };
    const stop = (why: ChildEnd["end"]) => {
      if (out.end === "exit") out.end = why;
      killTree(child);
      clearTimeout(grace);
      grace = setTimeout(finish, 1000); // 'close' normally follows at once; do not depend on it
    };
    /** The watchdog: the child's own limits plus a margin; re-armed by every message. */
    const arm = () => {
      clearTimeout(timer);
      const j = current;
      const ms = !j
        ? 10_000 // Node start and the first job
        : j.phase === "import"
          ? j.limits.importTimeoutMs
          : 2 * j.limits.callTimeoutMs + 500; // a batch, then the wait for its promises
      timer = setTimeout(() => stop("timeout"), ms + WATCHDOG_SLACK_MS);
    };
    arm();
    child.on("error", () => {
      out.end = "spawn-error";
      finish();
    });
    child.on("exit", (code, signal) => {
      out.code = code;
      out.signal = signal;
      clearTimeout(grace);
      grace = setTimeout(finish, 1000); // in case a pipe is never closed
    });
    child.on("close", () => finish());

    let logBytes = 0;
    child.stdout!.on("data", (d: Buffer) => {
      logBytes += d.length;
      if (logBytes > CAPS.maxLogBytes) stop("output-limit");
    });
    child.stderr!.on("data", (d: Buffer) => {
      logBytes += d.length;
      const room = CAPS.keepLogBytes - out.stderr.length;
      if (room > 0) out.stderr += d.toString("utf8", 0, Math.min(d.length, room));
      if (logBytes > CAPS.maxLogBytes) stop("output-limit");
    });
    for (const s of [child.stdout!, child.stderr!]) s.on("error", () => {});

    // The protocol channel: only lines that start with the nonce count.
    const prefix = `${nonce} `;
    let parts: Buffer[] = [];
    let protocolBytes = 0;
    const channel = child.stdio[3] as NodeJS.ReadableStream;
    channel.on("error", () => {});
    channel.on("data", (d: Buffer) => {
      protocolBytes += d.length;
      if (protocolBytes > CAPS.maxProtocolBytes) return stop("output-limit");
      let from = 0;
      let nl: number;
      while ((nl = d.indexOf(10, from)) >= 0) {
        parts.push(d.subarray(from, nl));
        from = nl + 1;
        const line = Buffer.concat(parts).toString("utf8");
        parts = [];
        onLine(line);
      }
      if (from < d.length) parts.push(d.subarray(from));
    });
    function onLine(line: string) {
      if (!line.startsWith(prefix) || settled) return;
      if (line.length > CAPS.maxLineChars) return stop("output-limit");
      let m: ChildMessage;
      try {
        m = JSON.parse(line.slice(prefix.length)) as ChildMessage;
      } catch {
        return;
      }
      if (!m || typeof m !== "object") return;
      if (m.t === "done") {
        out.end = "done";
        current = undefined;
        stop("done");
        return;
      }
      const j = typeof m.k === "number" ? byId.get(m.k) : undefined;
      if (!j) return;
      if (m.t === "job") {
        if (current || j.phase !== "waiting") return;
        current = j;
        j.phase = "import";
        j.children++;
        j.startedAt = Date.now();
        j.spentAtStart = j.spent;
      } else if (j !== current) {
        return;
      } else if (m.t === "import-error" || m.t === "import-timeout" || m.t === "import-pending") {
        if (j.phase !== "import") return;
        const problem =
          m.t === "import-error"
            ? `the module threw while loading: ${thrown(m.err).text}`
            : m.t === "import-timeout"
              ? `loading the module took longer than ${j.limits.importTimeoutMs} ms (an infinite loop at top level?)`
              : "loading the module never finished (a top-level await that never settles?)";
        if (j.next === 0) j.problem = problem;
        fill(j, j.next, problem);
        j.phase = "done";
      } else if (m.t === "ready") {
        if (j.phase !== "import") return;
        j.phase = "call";
      } else if (m.t === "run") {
        if (j.phase !== "call" || m.i !== j.next) return;
      } else if (m.t === "case") {
        if (j.phase !== "call" || m.i !== j.next) return;
        if (m.v !== undefined) j.answered += line.length;
        j.outcomes[m.i] =
          j.answered > CAPS.value.maxAnswers && m.v !== undefined
            ? { ok: false, error: `the answers of this exercise are larger than ${CAPS.value.maxAnswers} characters` }
            : caseOutcome(j, m);
        j.next++;
      } else if (m.t === "budget") {
        if (j.phase !== "call" || m.i !== j.next) return;
        fill(j, j.next, `not run: the exercise's time limit (${j.limits.totalTimeoutMs} ms) was used up`);
        j.next = j.n;
      } else if (m.t === "log") {
        j.stdout = (j.stdout + (typeof m.out === "string" ? m.out : "")).slice(0, CAPS.keepLogBytes);
        j.stderr = (j.stderr + (typeof m.err === "string" ? m.err : "")).slice(0, CAPS.keepLogBytes);
      } else if (m.t === "jobdone") {
        fill(j, j.next, "the harness finished without answering");
        j.next = j.n;
        j.phase = "done";
        if (j.startedAt !== undefined) j.spent += Date.now() - j.startedAt;
        j.startedAt = undefined;
        current = undefined;
      }
      arm();
    }
    child.stdin!.on("error", () => {}); // EPIPE if the child died before reading
    // stdin stays open: its end tells the child the grader is gone.
    child.stdin!.write(JSON.stringify(request) + "\n");
  });
}

/** The outcome of one case message. */
function caseOutcome(j: JobState, m: ChildMessage): Outcome {
  const fn = j.prepared.fns[m.i!]!;
  if (m.skip === true) return { ok: false, error: `not run: an earlier call of ${fn}() never answered` };
  if (m.hang === "loop")
    return {
      ok: false,
      error: `no answer within ${j.limits.callTimeoutMs} ms (an infinite loop, or a promise that never settles?)`,
    };
  if (m.hang === "promise") return { ok: false, error: "returned a promise that never settles" };
  if (m.err !== undefined) {
    const e = thrown(m.err);
    return e.name === "NotImplemented"
      ? { ok: false, error: "not implemented yet", notImplemented: true }
      : { ok: false, error: `threw ${e.text}` };
  }
  if (m.bad !== undefined) return { ok: false, error: clip(String(m.bad), 500) };
  return { ok: true, value: revive(m.v) };
}

function fill(j: JobState, from: number, error: string): void {
  for (let i = from; i < j.n; i++) j.outcomes[i] ??= { ok: false, error };
}

/** How a process that ended without "done" reads to a student. */
function abnormal(r: ChildEnd, j: JobState): string {
  if (r.end === "spawn-error") return "the sandbox could not be started";
  if (r.end === "output-limit") return `printed more than ${CAPS.maxLogBytes} bytes; the run was stopped`;
  if (r.end === "timeout") {
    return j.phase === "import"
      ? `loading the module took longer than ${j.limits.importTimeoutMs} ms (an infinite loop at top level?)`
      : `no answer within ${j.limits.callTimeoutMs} ms (an infinite loop, or a promise that never settles?)`;
  }
  if (/heap out of memory|Fatal process out of memory|Reached heap limit|Allocation failed|bad_alloc/i.test(r.stderr)) {
    return `ran out of memory (limit ${j.limits.memoryMb} MB)`;
  }
  if (r.signal === "SIGXCPU") return "used up its CPU-time limit";
  if (r.signal) return `the process was killed by ${r.signal}`;
  return `the process exited with code ${r.code} before answering`;
}

// ---------------------------------------------------------------------------------------------
// runSubmissions / runSubmission
// ---------------------------------------------------------------------------------------------

/**
 * Runs every job in one sandboxed child process, each in its own context; after a crash, a fresh
 * process takes over from where the last one stopped. Results in job order. Never throws for anything
 * a module does; always settles.
 */
export async function runSubmissions(jobs: readonly SandboxJob[]): Promise<SubmissionRun[]> {
  const runs: SubmissionRun[] = jobs.map(() => ({ outcomes: [], stdout: "", stderr: "", children: 0, ms: 0 }));
  const states: (JobState | undefined)[] = jobs.map((job, id) => {
    const n = job.calls.length;
    let prepared: Prepared;
    try {
      prepared = prepare(job);
    } catch (error) {
      prepared = { ok: false, problem: `the sandbox could not prepare the module: ${(error as Error)?.message}` };
    }
    if (!prepared.ok) {
      runs[id]!.problem = prepared.problem;
      runs[id]!.outcomes = Array.from({ length: n }, () => ({ ok: false as const, error: prepared.problem }));
      return undefined;
    }
    return {
      id,
      prepared,
      limits: job.limits ?? DEFAULT_LIMITS,
      n,
      outcomes: new Array(n).fill(undefined),
      next: 0,
      banned: {},
      single: false,
      spent: 0,
      phase: "waiting",
      restarts: 0,
      importRetried: false,
      spentAtStart: 0,
      answered: 0,
      stdout: "",
      stderr: "",
      children: 0,
    };
  });
  const todo = () => states.filter((s): s is JobState => s !== undefined && s.phase !== "done");

  try {
    let idle = 0; // processes in a row that ended before starting any job
    for (let pending = todo(); pending.length; pending = todo()) {
      for (const s of pending) if (s.phase !== "waiting") s.phase = "waiting";
      const r = await runChild(pending);
      if (r.end === "done") continue; // every job answered
      const j = r.current;
      if (!j) {
        // Ended between jobs, or before the first: go on with a fresh process, unless it never starts.
        const started = pending.some((s) => s.phase === "done");
        idle = started ? 0 : idle + 1;
        if (idle >= 3 || r.end === "spawn-error") {
          const why = abnormal(r, pending[0]!);
          for (const s of todo()) {
            s.problem ??= s.next === 0 ? `the module could not be run: ${why}` : undefined;
            fill(s, s.next, `the module could not be run: ${why}`);
            s.phase = "done";
          }
        }
        continue;
      }
      idle = 0;
      const why = abnormal(r, j);
      if (j.phase === "import" && !j.importRetried) {
        // Lost while loading: once, load it again in a fresh process. What killed the process may have
        // been left behind by an exercise that ran before in it (a timer from Atomics.waitAsync, a
        // FinalizationRegistry callback), and none of that exists in the fresh process.
        j.importRetried = true;
        j.spent = j.spentAtStart;
      } else if (j.phase === "import") {
        const problem = `the module could not be loaded: ${why}`;
        if (j.next === 0) j.problem = problem;
        fill(j, j.next, problem);
        j.phase = "done";
      } else if (j.phase === "call") {
        const outOfTime = j.spent >= j.limits.totalTimeoutMs;
        if (j.single || outOfTime) {
          // The call that was running is the one that was lost (in a batch, the first of it is the
          // likeliest: its microtasks run first); it is not called again.
          j.outcomes[j.next] = { ok: false, error: why };
          j.banned[j.prepared.fns[j.next]!] = true;
          j.next++;
        } else j.single = true; // lost inside a batch of calls: find the call, one at a time
        if (++j.restarts > CAPS.maxRestarts && j.next < j.n) {
          fill(j, j.next, `not run: the process was lost ${j.restarts} times on earlier calls`);
          j.phase = "done";
        }
        if (outOfTime && j.next < j.n) {
          fill(j, j.next, `not run: the exercise's time limit (${j.limits.totalTimeoutMs} ms) was used up`);
          j.phase = "done";
        }
        if (j.next >= j.n) j.phase = "done";
      }
    }
  } catch (error) {
    for (const s of states) if (s) fill(s, 0, `internal error of the sandbox: ${(error as Error)?.message}`);
  }
  states.forEach((s, id) => {
    const run = runs[id]!;
    run.ms = s ? s.spent : 0;
    if (!s) return;
    run.outcomes = s.outcomes.map((o) => o ?? { ok: false, error: "no answer" });
    run.stdout = s.stdout;
    run.stderr = s.stderr;
    run.children = s.children;
    if (s.problem) run.problem = s.problem;
  });
  return runs;
}

/**
 * Runs `calls` against the module `entry` of `files` in a sandboxed child. `files` maps paths
 * relative to a virtual course root (e.g. "lib/quat.ts", "exercises/04-quaternions/02-multiply.ts")
 * to TypeScript sources. Never throws for anything the module does; always settles.
 */
export async function runSubmission(
  files: Record<string, string>,
  entry: string,
  calls: readonly { fn: string; args: Json[] }[],
  limits: SandboxLimits = DEFAULT_LIMITS,
  restrict?: { uses: readonly LibraryUse[]; exercise: string },
): Promise<SubmissionRun> {
  return (await runSubmissions([{ files, entry, calls, limits, restrict }]))[0]!;
}

/** Runs `fn` over `items` with at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
