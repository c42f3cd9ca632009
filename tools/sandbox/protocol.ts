/**
 * The protocol between the sandbox (tools/sandbox/run.ts, the trusted side) and its child process
 * (tools/sandbox/child.mjs, which runs the student's code). One type per direction, as the browser's
 * worker protocol has it (notebooks/figures/exercise-worker.ts `WorkerMessage`):
 *
 * - {@link ChildRequest}: ONE line of JSON on the child's stdin, read before any student code exists;
 * - {@link ChildMessage}: lines on fd 3, a pipe only the harness writes, each prefixed with a nonce the
 *   student never sees. The trusted side parses every line again with {@link parseChildMessage} and
 *   keeps only what has the shape of a message: it trusts nothing the child process says.
 *
 * The child is plain JavaScript (Node's permission model lets it read only its own file, so it imports
 * nothing of the course); it is type-checked against these types through JSDoc (`// @ts-check`).
 */

/** What one answer may hold (the child refuses a bigger one; characters of JSON for the last two). */
export interface ValueCaps {
  maxItems: number;
  maxChars: number;
  maxString: number;
  maxDepth: number;
  /** Characters of one encoded answer. */
  maxAnswer: number;
  /** Characters of all of an exercise's answers. */
  maxAnswers: number;
}

/** One exercise (a "job") as the child receives it; sources are indices into {@link ChildRequest.sources}. */
export interface ChildJob {
  /** The trusted side's number for the job: every message about it carries it as `k`. */
  id: number;
  /** Root-relative module path ("lib/vec3.js", "exercises/…/x.js") → its JavaScript. */
  modules: Record<string, number>;
  /** The module whose exports are called. */
  entry: string;
  /** A JavaScript array literal `[[fn, [args…]], …]` (it keeps −0, NaN and ±Infinity, which JSON loses). */
  calls: number;
  /** The export each call calls, in order. */
  fns: string[];
  /** The calls whose arguments are sent back after the call (`a` of a "case"): their check promises them unchanged. */
  watch: number[];
  /** The first call to make: after a lost process, the one after the call that was lost. */
  startAt: number;
  /** Exports not to call again: an earlier call never answered. */
  banned: Record<string, true>;
  /** One call per batch (after a process was lost inside a batch: to find the call that lost it). */
  single: boolean;
  importMs: number;
  /**
   * An earlier job of the request with the very same modules, entry and import limit (a hidden checks'
   * job after its visible one): if that job's module did not finish loading within its whole import
   * limit, this job is reported as the same, without loading it again.
   */
  sameImportAs?: number;
  callMs: number;
  /** What is left of the exercise's time limit. */
  totalMs: number;
}

/** The child's one line of input. */
export interface ChildRequest {
  nonce: string;
  limits: ValueCaps;
  /** Every JavaScript text the jobs use, once (the library is the same for every exercise). */
  sources: string[];
  jobs: ChildJob[];
}

/** A thrown value as the child describes it, from its own data properties (no getter runs). */
export interface ThrownDescription {
  name: string;
  message: string;
  /** Read inside the exercise's context, under its time limit. */
  stack?: string;
}

/** How one call ended, as the child reports it. */
export type CaseEnd =
  /**
   * Returned a value: tagged JSON (`{"$nonfinite": "NaN"}`, `{"$undefined": true}`, …; see `revive`);
   * for a watched call also `a`, its arguments as it left them (absent if they could not be read).
   */
  | { v: unknown; a?: unknown }
  /** Threw. */
  | { err: ThrownDescription }
  /** The answer was refused (a Proxy, a getter, too big, …): why. */
  | { bad: string }
  /** The export is missing, or is not a function. */
  | { missing: "missing" | "not-function" }
  /** Not called: an earlier call of its export never answered. */
  | { skip: true }
  /** No answer in time: a loop V8 stopped, or a promise still pending. */
  | { hang: "loop" | "promise" };

/** Child → trusted side, one per line. `k` is the job, `i` the call. */
export type ChildMessage =
  /** Job k starts: importing its module. */
  | { t: "job"; k: number }
  /** The module threw while loading (or could not be linked). */
  | { t: "import-error"; k: number; err: ThrownDescription }
  /** Loading did not finish within importMs: a loop at top level. */
  | { t: "import-timeout"; k: number }
  /** A top-level await that never settles. */
  | { t: "import-pending"; k: number }
  /** Imported; calls follow. */
  | { t: "ready"; k: number }
  /** A batch of calls starts at call i (the trusted side's bookkeeping, should the process be lost). */
  | { t: "run"; k: number; i: number }
  /** Call i ended. */
  | ({ t: "case"; k: number; i: number } & CaseEnd)
  /** The exercise's time limit ran out: calls i… were not made. */
  | { t: "budget"; k: number; i: number }
  /** The student's console output (capped). */
  | { t: "log"; k: number; out: string; err: string }
  /** Job k is over. */
  | { t: "jobdone"; k: number }
  /** Every job is over. */
  | { t: "done" };

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isString = (v: unknown): v is string => typeof v === "string";

/** A thrown value's description, or undefined if `v` is not one; over-long texts are clipped by the reader. */
function thrownDescription(v: unknown): ThrownDescription | undefined {
  if (!v || typeof v !== "object") return undefined;
  const o = v as Record<string, unknown>;
  return {
    name: isString(o.name) ? o.name : "Error",
    message: isString(o.message) ? o.message : "",
    ...(isString(o.stack) ? { stack: o.stack } : {}),
  };
}

/** How a case ended, or undefined if the message says none of the ways. */
function caseEnd(o: Record<string, unknown>): CaseEnd | undefined {
  if ("v" in o) return "a" in o ? { v: o.v, a: o.a } : { v: o.v };
  if ("err" in o) {
    const err = thrownDescription(o.err);
    return err && { err };
  }
  if (isString(o.bad)) return { bad: o.bad };
  if (o.missing === "missing" || o.missing === "not-function") return { missing: o.missing };
  if (o.skip === true) return { skip: true };
  if (o.hang === "loop" || o.hang === "promise") return { hang: o.hang };
  return undefined;
}

/**
 * A protocol line's JSON (the nonce already removed), as a {@link ChildMessage} holding only the fields
 * its kind has; undefined for anything else. Never throws.
 */
export function parseChildMessage(json: string): ChildMessage | undefined {
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    o = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (o.t === "done") return { t: "done" };
  const k = o.k;
  if (!isInt(k)) return undefined;
  switch (o.t) {
    case "job":
    case "import-timeout":
    case "import-pending":
    case "ready":
    case "jobdone":
      return { t: o.t, k };
    case "import-error": {
      const err = thrownDescription(o.err) ?? { name: "Error", message: "" };
      return { t: "import-error", k, err };
    }
    case "log":
      return { t: "log", k, out: isString(o.out) ? o.out : "", err: isString(o.err) ? o.err : "" };
  }
  const i = o.i;
  if (!isInt(i)) return undefined;
  switch (o.t) {
    case "run":
    case "budget":
      return { t: o.t, k, i };
    case "case": {
      const end = caseEnd(o);
      return end && { t: "case", k, i, ...end };
    }
  }
  return undefined;
}
