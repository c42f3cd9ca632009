/**
 * Running code that is not trusted: students' exercise modules, many exercises ("jobs") to one child
 * process. `runSubmissions` never throws and always settles.
 *
 * The trusted side prepares each job (transpile.ts: JavaScript, the library allowance, the calls),
 * and starts a child (process.ts) that runs each job in a fresh `vm` context of its own — its own
 * globals, its own copy of the library, no Node API — so a monkey-patched `Math`, `JSON` or
 * `Array.prototype` in one exercise reaches neither the next exercise nor the harness (child.mjs).
 * Every answer comes back as plain data; every comparison happens on the trusted side.
 *
 * Limits (limits.ts): per import, per call (V8's `timeout`: an infinite loop costs that call, and the
 * export is not called again) and per exercise; a heap cap per process. After any crash (a huge
 * allocation, a loop the context could not stop) a fresh process takes over from the call that was
 * running, so a crash costs what was running and nothing else — the policy every runner of student
 * code shares (policy.ts). A crash while loading a module is retried once, in case an earlier exercise
 * left the cause behind.
 */

import type { LibraryUse } from "../isomorphic/exercise.ts";
import type { Outcome, RunnableCall } from "../isomorphic/judge.ts";
import { CAPS, DEFAULT_LIMITS, type SandboxLimits } from "./limits.ts";
import * as say from "./messages.ts";
import { type RunState, initialRun, step } from "./policy.ts";
import { type ChildEnd, runChild } from "./process.ts";
import type { CaseEnd, ChildMessage, ChildRequest, ThrownDescription } from "./protocol.ts";
import { type Prepared, type SandboxJob, prepare } from "./transpile.ts";

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
// Messages a student can act on, from what the child reported
// ---------------------------------------------------------------------------------------------

const clip = (s: unknown, n: number) => (typeof s !== "string" ? "" : s.length > n ? `${s.slice(0, n)}…` : s);

/** An error the child described: name, message and the stack frames inside the student's files. */
function thrown(err: ThrownDescription): { name: string; text: string } {
  const name = clip(err.name, 100);
  const message = clip(err.message, 2000);
  const frames = (err.stack ?? "")
    .split("\n")
    .filter(
      (l) => /^\s+at /.test(l) && !/sandbox\/child\.mjs|course-(drive|boot|describe)\.js|node:internal|node:vm/.test(l),
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
// Jobs across the processes they run in
// ---------------------------------------------------------------------------------------------

/** Where a job stands, across the processes it runs in. */
interface JobState {
  id: number;
  prepared: Extract<Prepared, { ok: true }>;
  limits: SandboxLimits;
  /** Its calls, by the shared policy: outcomes, the next call, banned exports, one at a time, restarts. */
  run: RunState;
  /** In the process running it: waiting for it, importing its module, or making its calls. */
  phase: "waiting" | "import" | "call";
  /** Time used so far, ms (restarts included). */
  spent: number;
  startedAt?: number;
  /** Whether loading was already retried after the process was lost while loading this module. */
  importRetried: boolean;
  /** `spent` when this job last started in a process (a retried load is not charged). */
  spentAtStart: number;
  /** Characters of answers received so far (all processes). */
  answered: number;
  stdout: string;
  stderr: string;
  children: number;
}

/** The outcome of one call, as the child reported its end. */
function caseOutcome(j: JobState, i: number, end: CaseEnd): Outcome {
  const fn = j.prepared.fns[i]!;
  if ("skip" in end) return { ok: false, error: say.bannedAfterHang(fn) };
  if ("hang" in end)
    return {
      ok: false,
      error: end.hang === "loop" ? say.callTimedOut(j.limits.callTimeoutMs) : say.PROMISE_NEVER_SETTLES,
    };
  if ("missing" in end)
    return { ok: false, error: end.missing === "missing" ? say.notExported(fn) : say.exportedNotFunction(fn) };
  if ("err" in end) {
    const e = thrown(end.err);
    return e.name === "NotImplemented"
      ? { ok: false, error: say.NOT_IMPLEMENTED, notImplemented: true }
      : { ok: false, error: say.threw(e.text) };
  }
  if ("bad" in end) return { ok: false, error: clip(end.bad, 500) };
  const value = revive(end.v);
  if (!j.prepared.watch.includes(i)) return { ok: true, value };
  // A watched call's arguments as it left them; missing if they could not be read (the judge says so).
  const after = "a" in end && Array.isArray(end.a) ? (revive(end.a) as unknown[]) : undefined;
  return after === undefined ? { ok: true, value } : { ok: true, value, inputsAfter: after };
}

/** How a process that ended without "done" reads to a student. */
function abnormal(r: ChildEnd, j: JobState): string {
  if (r.end === "spawn-error") return "the sandbox could not be started";
  if (r.end === "output-limit") return `printed more than ${CAPS.maxLogBytes} bytes; the run was stopped`;
  if (r.end === "timeout")
    return j.phase === "import" ? say.importLoop(j.limits.importTimeoutMs) : say.callTimedOut(j.limits.callTimeoutMs);
  if (/heap out of memory|Fatal process out of memory|Reached heap limit|Allocation failed|bad_alloc/i.test(r.stderr)) {
    return `ran out of memory (limit ${j.limits.memoryMb} MB)`;
  }
  if (r.signal === "SIGXCPU") return "used up its CPU-time limit";
  if (r.signal) return `the process was killed by ${r.signal}`;
  return `the process exited with code ${r.code} before answering`;
}

/** The child's request for the jobs still to do, each from where the last process stopped. */
function requestFor(jobs: readonly JobState[]): Omit<ChildRequest, "nonce"> {
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
  /** The first job of each import (its modules, entry and import limit): see `sameImportAs`. */
  const firstOfImport = new Map<string, number>();
  return {
    limits: CAPS.value,
    sources,
    jobs: jobs.map((j) => {
      const modules = Object.fromEntries(Object.entries(j.prepared.modules).map(([p, code]) => [p, source(code)]));
      const key = JSON.stringify([modules, j.prepared.entry, j.limits.importTimeoutMs]);
      const sameImportAs = firstOfImport.get(key);
      if (sameImportAs === undefined) firstOfImport.set(key, j.id);
      return {
        id: j.id,
        modules,
        entry: j.prepared.entry,
        calls: source(j.prepared.calls),
        fns: j.prepared.fns,
        watch: j.prepared.watch,
        startAt: j.run.next,
        banned: Object.fromEntries(j.run.banned.map((fn) => [fn, true as const])),
        single: j.run.single,
        importMs: j.limits.importTimeoutMs,
        ...(sameImportAs === undefined ? {} : { sameImportAs }),
        callMs: j.limits.callTimeoutMs,
        totalMs: Math.max(1, j.limits.totalTimeoutMs - j.spent),
      };
    }),
  };
}

/**
 * One child process for `jobs`: what each message says, applied to the job it names. Resolves with how
 * the process ended and the job that was running then, if any.
 */
async function runChildFor(jobs: JobState[]): Promise<ChildEnd & { current?: JobState }> {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  let current: JobState | undefined;
  const watchdogMs = () =>
    !current
      ? 10_000 // Node start and the first job
      : current.phase === "import"
        ? current.limits.importTimeoutMs
        : 2 * current.limits.callTimeoutMs + 500; // a batch, then the wait for its promises
  const onMessage = (m: ChildMessage, lineLength: number): boolean => {
    if (m.t === "done") {
      current = undefined;
      return true;
    }
    const j = byId.get(m.k);
    if (!j) return false;
    if (m.t === "job") {
      if (current || j.phase !== "waiting") return false;
      current = j;
      j.phase = "import";
      j.children++;
      j.startedAt = Date.now();
      j.spentAtStart = j.spent;
      return false;
    }
    if (j !== current) return false;
    switch (m.t) {
      case "import-error":
      case "import-timeout":
      case "import-pending": {
        if (j.phase !== "import") return false;
        const problem =
          m.t === "import-error"
            ? say.importThrew(thrown(m.err).text)
            : m.t === "import-timeout"
              ? say.importLoop(j.limits.importTimeoutMs)
              : say.IMPORT_PENDING;
        j.run = step(j.run, { kind: "load-failed", problem });
        return false;
      }
      case "ready":
        if (j.phase === "import") j.phase = "call";
        return false;
      case "run":
        return false; // the child's bookkeeping; `next` already says where a fresh process starts
      case "case": {
        if (j.phase !== "call" || m.i !== j.run.next) return false;
        if ("v" in m) j.answered += lineLength;
        const outcome: Outcome =
          j.answered > CAPS.value.maxAnswers && "v" in m
            ? { ok: false, error: `the answers of this exercise are larger than ${CAPS.value.maxAnswers} characters` }
            : caseOutcome(j, m.i, m);
        j.run = step(j.run, { kind: "answered", i: m.i, outcome });
        return false;
      }
      case "budget":
        if (j.phase !== "call" || m.i !== j.run.next) return false;
        j.run = step(j.run, { kind: "out-of-time", limitMs: j.limits.totalTimeoutMs });
        return false;
      case "log":
        j.stdout = (j.stdout + m.out).slice(0, CAPS.keepLogBytes);
        j.stderr = (j.stderr + m.err).slice(0, CAPS.keepLogBytes);
        return false;
      case "jobdone":
        j.run = step(j.run, { kind: "stopped", why: "the harness finished without answering" });
        if (j.startedAt !== undefined) j.spent += Date.now() - j.startedAt;
        j.startedAt = undefined;
        current = undefined;
        return false;
    }
  };
  const memoryMb = Math.max(...jobs.map((j) => j.limits.memoryMb));
  const cpuSeconds = Math.ceil(jobs.reduce((s, j) => s + 2 * j.limits.totalTimeoutMs, 0) / 1000) + 10;
  const end = await runChild(requestFor(jobs), { memoryMb, cpuSeconds, watchdogMs }, onMessage);
  if (current && current.startedAt !== undefined) current.spent += Date.now() - current.startedAt;
  return { ...end, current };
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
      run: initialRun(prepared.fns),
      phase: "waiting",
      spent: 0,
      importRetried: false,
      spentAtStart: 0,
      answered: 0,
      stdout: "",
      stderr: "",
      children: 0,
    };
  });
  const todo = () => states.filter((s): s is JobState => s !== undefined && !s.run.done);

  try {
    let idle = 0; // processes in a row that ended before starting any job
    for (let pending = todo(); pending.length; pending = todo()) {
      for (const s of pending) s.phase = "waiting";
      const r = await runChildFor(pending);
      if (r.end === "done") continue; // every job answered
      const j = r.current;
      if (!j) {
        // Ended between jobs, or before the first: go on with a fresh process, unless it never starts.
        const started = pending.some((s) => s.run.done);
        idle = started ? 0 : idle + 1;
        if (idle >= 3 || r.end === "spawn-error") {
          const why = say.notRun(abnormal(r, pending[0]!));
          for (const s of todo()) s.run = step(s.run, { kind: "load-failed", problem: why });
        }
        continue;
      }
      idle = 0;
      if (j.run.done) continue; // lost after its last answer: nothing is left to lose
      const why = abnormal(r, j);
      if (j.phase === "import" && !j.importRetried) {
        // Lost while loading: once, load it again in a fresh process. What killed the process may have
        // been left behind by an exercise that ran before in it (a timer from Atomics.waitAsync, a
        // FinalizationRegistry callback), and none of that exists in the fresh process.
        j.importRetried = true;
        j.spent = j.spentAtStart;
      } else if (j.phase === "import") {
        j.run = step(j.run, { kind: "load-failed", problem: say.notLoaded(why) });
      } else if (j.phase === "call") {
        // The call that was running is the one that was lost (in a batch, the first of it is the
        // likeliest: its microtasks run first); when a batch was running, find it one call at a time.
        const outOfTime = j.spent >= j.limits.totalTimeoutMs;
        j.run = step(j.run, j.run.single || outOfTime ? { kind: "hung", why } : { kind: "lost-in-batch" });
        if (outOfTime) j.run = step(j.run, { kind: "out-of-time", limitMs: j.limits.totalTimeoutMs });
      }
    }
  } catch (error) {
    for (const s of states)
      if (s)
        s.run = step(s.run, { kind: "stopped", why: `internal error of the sandbox: ${(error as Error)?.message}` });
  }
  states.forEach((s, id) => {
    const run = runs[id]!;
    run.ms = s ? s.spent : 0;
    if (!s) return;
    run.outcomes = s.run.outcomes.map((o) => o ?? { ok: false, error: "no answer" });
    run.stdout = s.stdout;
    run.stderr = s.stderr;
    run.children = s.children;
    if (s.run.problem !== undefined) run.problem = s.run.problem;
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
  calls: readonly RunnableCall[],
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
