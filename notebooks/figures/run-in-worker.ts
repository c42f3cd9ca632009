/**
 * The page's side of running a student's exercise module: in a Web Worker (exercise-worker.ts), never
 * in the page, with time limits, so an infinite loop or a promise that never settles costs that
 * exercise's answers and never the page. It follows the same policy as the checker's sandbox
 * (tools/sandbox/policy.ts, one reducer for both) and says what happened in the same words
 * (tools/sandbox/messages.ts):
 *
 * - loading the module (a loop at top level, an `await` that never settles) has what is left of the
 *   exercise's time limit;
 * - each call has {@link CALL_LIMIT_MS} (or less, when the exercise's limit runs out first): a call
 *   that does not answer ends the worker; that export is not called again (its other calls read "not
 *   run"), and a fresh worker carries on with the next call;
 * - the exercise as a whole has its `timeLimitMs`; calls left when it runs out read "not run".
 *
 * It always settles, with an outcome per call, or one problem for the whole module (it does not
 * compile, imports what it may not, or threw or hung while loading). Where there is no Worker (the
 * notebook tests, in Node), the calls run in-process.
 */

import { type Outcome, type RunnableCall, runCalls } from "../../tools/isomorphic/judge.ts";
import * as say from "../../tools/sandbox/messages.ts";
import { type RunEvent, initialRun, runResult, step } from "../../tools/sandbox/policy.ts";
import type { ThrownError, WorkerMessage, WorkerRequest } from "./exercise-worker.ts";

/** Longest wait for one call's answer, ms (the checker's sandbox allows the same). */
export const CALL_LIMIT_MS = 2000;

/** The name of the error a module held by the course plugin throws; its message is shown as it is. */
const COURSE_PROBLEM = "CourseProblem"; // tools/author/notebook-kit/course-plugin.ts: COURSE_PROBLEM

export interface RunOptions {
  /** The exercise's time limit for loading and every call, ms. */
  timeLimitMs: number;
  /** The limit per call, ms; default {@link CALL_LIMIT_MS}. */
  callLimitMs?: number;
  /** Names the worker in the browser's developer tools. */
  label?: string;
  /** Dev server only: the save time of the exercise file (the HMR event's), to import that version of it. */
  version?: number;
}

export type RunResult = Outcome[] | { problem: string };

/** How an error the student's code threw reads, as the checker says it. */
function threw(error: ThrownError): Outcome {
  return error.name === "NotImplemented"
    ? { ok: false, error: say.NOT_IMPLEMENTED, notImplemented: true }
    : { ok: false, error: say.threw(`${error.name}: ${error.message}`) };
}

/** Why the module did not load, as the checker says it. */
function loadProblem(error: ThrownError): string {
  if (error.name === COURSE_PROBLEM) return error.message;
  if (/dynamically imported module|Failed to fetch|error loading/i.test(error.message))
    return say.notLoaded(error.message);
  return say.importThrew(`${error.name}: ${error.message}`);
}

/**
 * Runs `calls` against the student's module of exercise `id` (the key of `virtual:student-modules`).
 * Resolves with an outcome per call, or with the problem that kept the module from running at all.
 */
export function runInWorker(id: string, calls: readonly RunnableCall[], options: RunOptions): Promise<RunResult> {
  if (typeof Worker === "undefined") return runInProcess(id, calls);
  const { timeLimitMs: totalMs, callLimitMs = CALL_LIMIT_MS, label, version } = options;
  const deadline = performance.now() + totalMs;

  return new Promise<RunResult>((resolve) => {
    let run = initialRun(calls.map((c) => c.fn));
    let worker: Worker | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    /** Applies what happened; once no call is left, ends the worker and settles. */
    const apply = (event: RunEvent) => {
      run = step(run, event);
      if (!run.done || settled) return;
      settled = true;
      clearTimeout(timer);
      worker?.terminate();
      resolve(runResult(run));
    };

    /** Starts a worker for the calls from `run.next` on (again after a call that hung). */
    const start = () => {
      if (run.next >= calls.length) return apply({ kind: "stopped", why: "no answer" });
      const left = deadline - performance.now();
      if (left <= 0) return apply({ kind: "out-of-time", limitMs: totalMs });
      let w: Worker;
      try {
        w = new Worker(new URL("./exercise-worker.ts", import.meta.url), {
          type: "module",
          name: label ?? "your turn",
        });
      } catch (error) {
        return apply({
          kind: "load-failed",
          problem: `the exercise's worker could not be started: ${(error as Error)?.message}`,
        });
      }
      worker = w;
      let loaded = false;
      const wait = (limit: number, onTimeout: (waited: number, exerciseLimit: boolean) => void) => {
        clearTimeout(timer);
        const room = deadline - performance.now();
        const waited = Math.max(0, Math.min(limit, room));
        timer = setTimeout(() => {
          if (worker !== w || settled) return;
          w.terminate();
          onTimeout(waited, room <= limit);
        }, waited);
      };
      const callTimeout = (waited: number, exerciseLimit: boolean) => {
        apply({
          kind: "hung",
          why: exerciseLimit ? say.callTimedOutAtLimit(waited, totalMs) : say.callTimedOut(waited),
        });
        if (exerciseLimit) apply({ kind: "out-of-time", limitMs: totalMs });
        else if (!run.done) start();
      };
      // Loading the module may take what is left of the exercise's time.
      wait(left, (waited) => apply({ kind: "load-failed", problem: say.importTimedOut(waited) }));
      w.onmessage = (event: MessageEvent<WorkerMessage>) => {
        if (worker !== w || settled) return;
        const m = event.data;
        if (m.kind === "loaded") {
          loaded = true;
          return wait(callLimitMs, callTimeout);
        }
        if (m.kind === "load-error") {
          w.terminate();
          return apply({ kind: "load-failed", problem: loadProblem(m.error) });
        }
        if (m.kind === "done") return apply({ kind: "stopped", why: "no answer" });
        const outcome: Outcome =
          m.kind === "answer"
            ? m.inputsAfter === undefined
              ? { ok: true, value: m.value }
              : { ok: true, value: m.value, inputsAfter: m.inputsAfter }
            : m.kind === "threw"
              ? threw(m.error)
              : m.kind === "bad"
                ? { ok: false, error: m.why }
                : { ok: false, error: say.bannedAfterHang(calls[m.i]!.fn) };
        apply({ kind: "answered", i: m.i, outcome });
        if (!settled) wait(callLimitMs, callTimeout);
      };
      w.onerror = (event: ErrorEvent) => {
        event.preventDefault(); // the panel reports it; not an uncaught error of the page
        if (worker !== w || settled || loaded) return; // after loading, the call's timer decides
        w.terminate();
        apply({ kind: "load-failed", problem: say.notLoaded(event.message || "the worker failed to start") });
      };
      const request: WorkerRequest = {
        id,
        calls: calls as WorkerRequest["calls"],
        startAt: run.next,
        banned: [...run.banned],
        ...(version === undefined ? {} : { version }),
      };
      w.postMessage(request);
    };
    start();
  });
}

/** Without Workers (Node): imports the module here and runs the calls synchronously. Trusted settings only. */
async function runInProcess(id: string, calls: readonly RunnableCall[]): Promise<RunResult> {
  // A specifier Vite leaves alone in the page's bundle, so the student's modules are bundled only into the worker.
  const specifier = "virtual:student-modules";
  try {
    const { studentModules } = (await import(/* @vite-ignore */ specifier)) as typeof import("virtual:student-modules");
    return runCalls(await studentModules[id]!(), calls);
  } catch (error) {
    return {
      problem: loadProblem({ name: (error as Error)?.name ?? "Error", message: (error as Error)?.message ?? "" }),
    };
  }
}
