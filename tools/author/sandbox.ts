/**
 * Running code that is not trusted: a student's exercise module, in a child process per exercise.
 *
 * The trusted side (this module) transpiles the TypeScript itself, writes the student's file, the
 * course library and the harness (sandbox-child.mjs) into a fresh scratch folder, and starts
 *
 *   node --experimental-permission --allow-fs-read=<scratch> --max-old-space-size=<cap> child.mjs
 *
 * from that folder, under `ulimit` caps on data size, CPU time, core and file size, in its own process
 * group, with an empty environment. The child can read only the scratch folder and write nothing; it
 * cannot start processes or workers (Node's permission model), and the harness disables signals,
 * sockets and V8 flags before it imports the student's module. The request reaches it on stdin before
 * any student code exists; results come back on a private pipe (fd 3), each line prefixed with a
 * random nonce the student never sees, encoded by the harness from own data properties only — so a
 * monkey-patched `JSON`, `Math` or `Array.prototype` cannot forge an answer. Here, every line is parsed
 * again and only plain data is kept; every comparison happens in the parent.
 *
 * A hard wall-clock limit per import, per call and per exercise (SIGKILL to the process group), a memory
 * cap, and a restart after a call that kills the process: an infinite loop, `process.exit`, a throw at
 * import, a syntax error, a huge allocation or a promise that never settles costs that exercise's
 * answers and nothing else. `runSubmission` never throws and always settles.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { Json, LibraryUse } from "../isomorphic/exercise.ts";
import type { Outcome } from "../isomorphic/judge.ts";
import { barrelSource, restrictImports } from "./imports.ts";

/** Limits of one run. */
export interface SandboxLimits {
  /** Node start-up plus importing the module, ms. */
  importTimeoutMs: number;
  /** One call, ms. */
  callTimeoutMs: number;
  /** The whole exercise, restarts included, ms. */
  totalTimeoutMs: number;
  /** V8 heap cap, MB. */
  memoryMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  importTimeoutMs: 5000,
  callTimeoutMs: 2000,
  totalTimeoutMs: 20_000,
  memoryMb: 256,
};

/** Caps that keep a hostile module from flooding the parent. */
const CAPS = {
  maxSourceBytes: 256 * 1024,
  maxLogBytes: 1024 * 1024,
  keepLogBytes: 8 * 1024,
  maxProtocolBytes: 32 * 1024 * 1024,
  maxRestarts: 20,
  value: { maxItems: 100_000, maxChars: 1_000_000, maxString: 10_000, maxDepth: 64 },
};

const CHILD_SOURCE = readFileSync(fileURLToPath(new URL("./sandbox-child.mjs", import.meta.url)), "utf8");

/** What a run produced: an outcome per call, and the student's own console output (capped). */
export interface SubmissionRun {
  outcomes: Outcome[];
  stdout: string;
  stderr: string;
  /** Child processes started (1 unless calls crashed the process). */
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
const transpiled = new Map<string, { ok: true; code: string } | { ok: false; message: string }>();

/** TypeScript → JavaScript, per file, no type check; a syntax error is a message, never a throw. */
export function transpile(
  source: string,
  fileName: string,
): { ok: true; code: string } | { ok: false; message: string } {
  if (Buffer.byteLength(source) > CAPS.maxSourceBytes)
    return { ok: false, message: `${fileName} is larger than ${CAPS.maxSourceBytes} bytes` };
  const key = `${fileName}\0${source}`;
  const hit = transpiled.get(key);
  if (hit) return hit;
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
  if (transpiled.size > 2000) transpiled.clear();
  transpiled.set(key, result);
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
/** SIGKILLs every child still running (for a CLI's SIGINT handler). */
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

function command(scratch: string, limits: SandboxLimits): { cmd: string; args: string[] } {
  const node = [
    process.execPath,
    "--experimental-permission",
    `--allow-fs-read=${scratch}`,
    `--max-old-space-size=${limits.memoryMb}`,
    "--disallow-code-generation-from-strings", // no eval / new Function: every import is one the trusted side read
    "--no-warnings", // the permission model's ExperimentalWarning would land in the student's log
    "child.mjs",
  ];
  if (!canUlimit()) return { cmd: node[0]!, args: node.slice(1) };
  const dataKb = (limits.memoryMb + 512) * 1024;
  const cpuSeconds = Math.ceil((2 * limits.totalTimeoutMs) / 1000) + 5; // a backstop should the grader itself die
  const script = `ulimit -d ${dataKb} && ulimit -t ${cpuSeconds} && ulimit -c 0 && ulimit -f 0 && exec "$@"`;
  return { cmd: "/bin/sh", args: ["-c", script, "sh", ...node] };
}

interface ChildMessage {
  t: string;
  i?: number;
  v?: unknown;
  err?: { name?: unknown; message?: unknown; stack?: unknown };
  bad?: unknown;
  skip?: boolean;
}

interface ChildRun {
  messages: ChildMessage[];
  ready: boolean;
  done: boolean;
  importError?: ChildMessage["err"];
  end: "exit" | "done" | "timeout" | "output-limit" | "spawn-error";
  phase: "import" | "call";
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** JSON replacer for the request: keeps -0, NaN and ±Infinity (the harness revives `{$num}`). */
function tagSpecial(_key: string, v: unknown): unknown {
  if (typeof v === "number" && (!Number.isFinite(v) || Object.is(v, -0)))
    return { $num: Object.is(v, -0) ? "-0" : String(v) };
  return v;
}

function runChild(
  scratch: string,
  request: { nonce: string; startAt: number } & Record<string, unknown>,
  limits: SandboxLimits,
  deadline: number,
): Promise<ChildRun> {
  return new Promise((resolve) => {
    const out: ChildRun = {
      messages: [],
      ready: false,
      done: false,
      end: "exit",
      phase: "import",
      code: null,
      signal: null,
      stdout: "",
      stderr: "",
    };
    const { cmd, args } = command(scratch, limits);
    let child: ChildProcess;
    try {
      child = spawn(cmd, args, { cwd: scratch, env: {}, stdio: ["pipe", "pipe", "pipe", "pipe"], detached: true });
    } catch {
      out.end = "spawn-error";
      resolve(out);
      return;
    }
    live.add(child);
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let grace: NodeJS.Timeout | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      live.delete(child);
      if (child.exitCode === null && child.signalCode === null) killTree(child);
      for (const s of child.stdio) s?.destroy();
      resolve(out);
    };
    const stop = (why: ChildRun["end"]) => {
      if (out.end === "exit") out.end = why;
      killTree(child);
      clearTimeout(grace);
      grace = setTimeout(finish, 1000); // 'close' normally follows at once; do not depend on it
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => stop("timeout"), Math.max(0, Math.min(ms, deadline - Date.now())));
    };
    arm(limits.importTimeoutMs);
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
    for (const name of ["stdout", "stderr"] as const) {
      child[name]!.on("data", (d: Buffer) => {
        logBytes += d.length;
        const room = CAPS.keepLogBytes - out[name].length;
        if (room > 0) out[name] += d.toString("utf8", 0, Math.min(d.length, room));
        if (logBytes > CAPS.maxLogBytes) stop("output-limit");
      });
      child[name]!.on("error", () => {});
    }

    // The protocol channel: only lines that start with the nonce count.
    const prefix = `${request.nonce} `;
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
      if (!line.startsWith(prefix) || out.done) return;
      let m: ChildMessage;
      try {
        m = JSON.parse(line.slice(prefix.length)) as ChildMessage;
      } catch {
        return;
      }
      if (!m || typeof m !== "object") return;
      if (m.t === "ready") {
        out.ready = true;
        out.phase = "call";
        arm(limits.callTimeoutMs);
      } else if (m.t === "case" && out.ready && m.i === request.startAt + out.messages.length) {
        out.messages.push(m);
        arm(limits.callTimeoutMs);
      } else if (m.t === "import-error" && !out.ready) {
        out.importError = m.err;
      } else if (m.t === "done") {
        out.done = true;
        out.end = "done";
        stop("done");
      }
    }
    child.stdin!.on("error", () => {}); // EPIPE if the child died before reading
    child.stdin!.end(JSON.stringify(request, tagSpecial));
  });
}

// ---------------------------------------------------------------------------------------------
// Messages a student can act on
// ---------------------------------------------------------------------------------------------

const clip = (s: unknown, n: number) => (typeof s !== "string" ? "" : s.length > n ? `${s.slice(0, n)}…` : s);
const scrub = (text: string, scratch: string) =>
  text.split(`file://${scratch}/`).join("").split(`${scratch}/`).join("");

/** An error the child described: name, message and the stack frames inside the student's files. */
function thrown(err: ChildMessage["err"], scratch: string): { name: string; text: string } {
  const name = clip(typeof err?.name === "string" ? err.name : "Error", 100);
  const message = clip(scrub(typeof err?.message === "string" ? err.message : "", scratch), 2000);
  const frames = scrub(typeof err?.stack === "string" ? err.stack : "", scratch)
    .split("\n")
    .filter((l) => /^\s+at /.test(l) && !/child\.mjs|node:internal/.test(l))
    .slice(0, 3)
    .join("\n");
  return { name, text: `${name}: ${message}${frames ? `\n${frames}` : ""}` };
}

/** How a run that ended without "done" reads to a student. */
function abnormal(r: ChildRun, limits: SandboxLimits): string {
  if (r.end === "spawn-error") return "the sandbox could not be started";
  if (r.end === "output-limit") return `printed more than ${CAPS.maxLogBytes} bytes; the run was stopped`;
  if (r.end === "timeout") {
    return r.phase === "import"
      ? `loading the module took longer than ${limits.importTimeoutMs} ms (an infinite loop at top level?)`
      : `no answer within ${limits.callTimeoutMs} ms (an infinite loop, or a promise that never settles?)`;
  }
  if (/heap out of memory|Fatal process out of memory|Reached heap limit|Allocation failed|bad_alloc/i.test(r.stderr)) {
    return `ran out of memory (limit ${limits.memoryMb} MB)`;
  }
  if (r.signal === "SIGXCPU") return "used up its CPU-time limit";
  if (r.code === 13) return "returned a promise that never settles";
  if (r.signal) return `the process was killed by ${r.signal}`;
  return `the process exited with code ${r.code} before answering (process.exit() called?)`;
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

/** Where the sandbox puts the barrel that stands in for lib/index.js (root-relative, no extension). */
const ALLOWED_BARREL = "lib/allowed-for-this-exercise";

// ---------------------------------------------------------------------------------------------
// runSubmission
// ---------------------------------------------------------------------------------------------

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
  const t0 = performance.now();
  const n = calls.length;
  const outcomes: (Outcome | undefined)[] = new Array(n).fill(undefined);
  const run: SubmissionRun = { outcomes: [], stdout: "", stderr: "", children: 0, ms: 0 };
  const fillRest = (from: number, error: string) => {
    for (let i = from; i < n; i++) outcomes[i] ??= { ok: false, error };
  };
  const done = () => {
    run.outcomes = outcomes.map((o) => o ?? { ok: false, error: "no answer" });
    run.ms = performance.now() - t0;
    return run;
  };

  // 1. Transpile on the trusted side: a syntax error costs no child process.
  const js: Record<string, string> = {};
  for (const [rel, source] of Object.entries(files)) {
    const t = transpile(source, rel);
    if (!t.ok) {
      run.problem = `does not compile: ${t.message}`;
      fillRest(0, run.problem);
      return done();
    }
    js[rel.replace(/\.ts$/, ".js")] = t.code;
  }
  // The entry may import only what its exercise allows; lib/index.js becomes a barrel of just that.
  if (restrict) {
    const key = entry.replace(/\.ts$/, ".js");
    const held = restrictImports(js[key]!, entry, restrict.uses, {
      barrel: ALLOWED_BARREL,
      extension: ".js",
      ...restrict,
    });
    if (held.problems.length) {
      run.problem = held.problems.join("\n");
      fillRest(0, run.problem);
      return done();
    }
    js[key] = held.code;
    js[`${ALLOWED_BARREL}.js`] = barrelSource(restrict.uses, (m) => `./${m}.js`, restrict.exercise);
  }

  // 2. A fresh scratch folder holding only what the child may read.
  let scratch: string | undefined;
  try {
    scratch = realpathSync(mkdtempSync(join(tmpdir(), "course-sandbox-")));
    chmodSync(scratch, 0o755);
    writeFileSync(join(scratch, "package.json"), '{"type":"module"}\n');
    writeFileSync(join(scratch, "child.mjs"), CHILD_SOURCE);
    for (const [rel, code] of Object.entries(js)) {
      mkdirSync(dirname(join(scratch, rel)), { recursive: true });
      writeFileSync(join(scratch, rel), code);
    }
  } catch (error) {
    fillRest(0, `the sandbox could not be prepared: ${(error as Error).message}`);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    return done();
  }

  // 3. Run, restarting after a call that kills the process.
  try {
    const deadline = Date.now() + limits.totalTimeoutMs;
    let next = 0;
    let restarts = 0;
    // An export that hung or crashed the process is not called again: its other calls are skipped,
    // so one infinite loop costs that function's answers, not the whole exercise's time.
    const banned: Record<string, true> = {};
    while (next < n) {
      if (Date.now() >= deadline) {
        fillRest(next, `not run: the exercise's time limit (${limits.totalTimeoutMs} ms) was used up`);
        break;
      }
      const request = {
        nonce: randomBytes(16).toString("hex"),
        entry: entry.replace(/\.ts$/, ".js"),
        calls,
        startAt: next,
        banned,
        limits: CAPS.value,
      };
      const r = await runChild(scratch, request, limits, deadline);
      run.children++;
      run.stdout = (run.stdout + scrub(r.stdout, scratch)).slice(0, CAPS.keepLogBytes);
      run.stderr = (run.stderr + scrub(r.stderr, scratch)).slice(0, CAPS.keepLogBytes);
      for (const m of r.messages) {
        const i = m.i!;
        if (m.skip === true) {
          outcomes[i] = { ok: false, error: `not run: an earlier call of ${calls[i]!.fn}() never answered` };
        } else if (m.err !== undefined) {
          const e = thrown(m.err, scratch);
          outcomes[i] =
            e.name === "NotImplemented"
              ? { ok: false, error: "not implemented yet", notImplemented: true }
              : { ok: false, error: `threw ${e.text}` };
        } else if (m.bad !== undefined) {
          outcomes[i] = { ok: false, error: clip(String(m.bad), 500) };
        } else {
          outcomes[i] = { ok: true, value: revive(m.v) };
        }
        next = i + 1;
      }
      if (r.importError) {
        const problem = `the module threw while loading: ${thrown(r.importError, scratch).text}`;
        if (next === 0) run.problem = problem;
        fillRest(next, problem);
        break;
      }
      if (r.done) {
        fillRest(next, "the harness finished without answering");
        break;
      }
      const why = abnormal(r, limits);
      if (!r.ready) {
        const problem = `the module could not be loaded: ${why}`;
        if (next === 0) run.problem = problem;
        fillRest(next, problem);
        break;
      }
      outcomes[next] = { ok: false, error: why };
      banned[calls[next]!.fn] = true;
      next++;
      if (++restarts > CAPS.maxRestarts && next < n) {
        fillRest(next, `not run: the process was lost ${restarts} times on earlier calls`);
        break;
      }
    }
  } catch (error) {
    fillRest(0, `internal error of the sandbox: ${(error as Error)?.message}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return done();
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
