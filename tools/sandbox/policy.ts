/**
 * What happens to an exercise's calls when the student's module misbehaves — one policy for the two
 * runners that make the calls: the sandbox's child processes (tools/sandbox/run.ts: the checker and the
 * grader) and the notebooks' Web Workers (notebooks/figures/run-in-worker.ts: the "your turn" panels).
 *
 * - Every call gets an outcome: its answer, or why there is none.
 * - A call that never answers (a loop, a promise that never settles, a process lost while it ran) fails
 *   with that reason, and its export is **banned**: its later calls read "not run: an earlier call of
 *   f() never answered" instead of costing the same time again. The runner then carries on with the
 *   next call, in a fresh process or worker.
 * - When the runner lost its process inside a batch of calls it cannot tell which call was to blame: it
 *   goes on **one call at a time** (`single`) until the next loss names the call.
 * - A module that does not load is a **problem** of the whole module when no call has answered yet
 *   (the panel and the feedback then say one thing, not one per case); otherwise the calls left fail with
 *   it.
 * - The exercise's time limit covers everything, restarts included: once it is used up, the calls left
 *   read "not run: the exercise's time limit (N ms) was used up".
 * - After {@link MAX_RESTARTS} restarts the calls left are not run: a module that loses every process
 *   cannot keep a class's grading busy.
 *
 * It is a pure reducer: `step(state, event)` returns the next state and never mutates; the runners hold
 * the processes, the timers and the clock, and report what they saw as {@link RunEvent}s. So the policy
 * is tested without a process or a browser (tests/tools/sandbox-policy.test.ts).
 */

import type { Outcome } from "../isomorphic/judge.ts";
import { bannedAfterHang, outOfTime } from "./messages.ts";

/** Restarts (lost processes, hung workers) after which the calls left are not run. */
export const MAX_RESTARTS = 20;

/** Where an exercise's calls stand. */
export interface RunState {
  /** The export each call calls. */
  readonly fns: readonly string[];
  /** Per call, its outcome once known. */
  readonly outcomes: readonly (Outcome | undefined)[];
  /** The first call without an outcome: where a fresh process or worker starts. */
  readonly next: number;
  /** Exports not to call again. */
  readonly banned: readonly string[];
  /** Make one call per batch: a process was lost inside a batch, and the call to blame is not known yet. */
  readonly single: boolean;
  /** Processes or workers lost so far. */
  readonly restarts: number;
  /** Set when the module as a whole never ran: every call failed for this reason. */
  readonly problem?: string;
  /** No call is left to make. */
  readonly done: boolean;
}

/** What a runner saw. */
export type RunEvent =
  /** Call `i` ended: answered, threw, was refused or skipped — as the runner judged it. */
  | { kind: "answered"; i: number; outcome: Outcome }
  /** The call at `next` never answered (`why` says how the runner knows); its process or worker is gone. */
  | { kind: "hung"; why: string }
  /** The process was lost inside a batch of calls: which call is to blame is not known. */
  | { kind: "lost-in-batch" }
  /** The module did not load. */
  | { kind: "load-failed"; problem: string }
  /** The exercise's time limit (`limitMs`) is used up. */
  | { kind: "out-of-time"; limitMs: number }
  /** The runner stopped; calls still without an outcome fail with `why`. */
  | { kind: "stopped"; why: string };

/** The state before any call, for the calls of exports `fns`. */
export function initialRun(fns: readonly string[]): RunState {
  return {
    fns,
    outcomes: fns.map(() => undefined),
    next: 0,
    banned: [],
    single: false,
    restarts: 0,
    // Not done even without calls: the runner still loads the module (a module that does not load is
    // a problem worth saying), and says "stopped" when it has.
    done: false,
  };
}

/** `state` with every call from `from` on that has no outcome failing with `error`, and done. */
function failRest(state: RunState, from: number, error: string): RunState {
  return {
    ...state,
    outcomes: state.outcomes.map((o, i) => (i >= from ? (o ?? { ok: false, error }) : o)),
    next: state.fns.length,
    done: true,
  };
}

/** After a restart: counted, and the calls left are given up when there were too many. */
function restarted(state: RunState): RunState {
  const s = { ...state, restarts: state.restarts + 1 };
  if (s.next >= s.fns.length) return { ...s, done: true };
  if (s.restarts > MAX_RESTARTS)
    return failRest(s, s.next, `not run: the process was lost ${s.restarts} times on earlier calls`);
  return s;
}

/** The next state. Events about calls already settled change nothing. */
export function step(state: RunState, event: RunEvent): RunState {
  if (state.done) return state;
  switch (event.kind) {
    case "answered": {
      if (event.i !== state.next) return state; // out of order: not a call the runner is waiting for
      const outcomes = state.outcomes.with(event.i, event.outcome);
      const next = event.i + 1;
      return { ...state, outcomes, next, done: next >= state.fns.length };
    }
    case "hung": {
      const fn = state.fns[state.next]!;
      const outcomes = state.outcomes.with(state.next, { ok: false, error: event.why });
      const banned = state.banned.includes(fn) ? state.banned : [...state.banned, fn];
      return restarted({ ...state, outcomes, banned, next: state.next + 1 });
    }
    case "lost-in-batch":
      return restarted({ ...state, single: true });
    case "load-failed":
      return state.next === 0
        ? { ...failRest(state, 0, event.problem), problem: event.problem }
        : failRest(state, state.next, event.problem);
    case "out-of-time":
      return failRest(state, state.next, outOfTime(event.limitMs));
    case "stopped":
      return failRest(state, state.next, event.why);
  }
}

/** Whether call `i` is not to be made (its export hung before), and the outcome it gets instead. */
export function bannedOutcome(state: RunState, i: number): Outcome | undefined {
  const fn = state.fns[i]!;
  return state.banned.includes(fn) ? { ok: false, error: bannedAfterHang(fn) } : undefined;
}

/** The result of a finished run: an outcome per call, or the problem that kept the module from running. */
export function runResult(state: RunState): Outcome[] | { problem: string } {
  if (state.problem !== undefined) return { problem: state.problem };
  return state.outcomes.map((o) => o ?? { ok: false, error: "no answer" });
}
