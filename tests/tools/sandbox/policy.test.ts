/**
 * The sandbox's policy (tools/sandbox/policy.ts), without a process or a browser: what a hang, a lost
 * process, a module that does not load and a used-up time limit cost, and what they leave alone.
 */

import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../tools/isomorphic/judge.ts";
import { bannedAfterHang, outOfTime } from "../../../tools/sandbox/messages.ts";
import {
  MAX_RESTARTS,
  type RunEvent,
  type RunState,
  bannedOutcome,
  initialRun,
  runResult,
  step,
} from "../../../tools/sandbox/policy.ts";

const ok = (value: unknown): Outcome => ({ ok: true, value });
const run = (fns: string[], ...events: RunEvent[]): RunState => events.reduce(step, initialRun(fns));

describe("the sandbox's policy", () => {
  it("records answers in order and is done after the last", () => {
    const s = run(["f", "g"], { kind: "answered", i: 0, outcome: ok(1) }, { kind: "answered", i: 1, outcome: ok(2) });
    expect(s.done).toBe(true);
    expect(runResult(s)).toEqual([ok(1), ok(2)]);
  });

  it("ignores an answer for a call it is not waiting for", () => {
    const s = run(["f", "g"], { kind: "answered", i: 1, outcome: ok(2) });
    expect(s).toEqual(initialRun(["f", "g"]));
  });

  it("fails a call that hung, bans its export, and carries on with the next call", () => {
    const s = run(["f", "f", "g"], { kind: "hung", why: "no answer" });
    expect(s.outcomes[0]).toEqual({ ok: false, error: "no answer" });
    expect(s.next).toBe(1);
    expect(s.banned).toEqual(["f"]);
    expect(s.restarts).toBe(1);
    expect(bannedOutcome(s, 1)).toEqual({ ok: false, error: bannedAfterHang("f") });
    expect(bannedOutcome(s, 2)).toBeUndefined();
    expect(s.done).toBe(false);
  });

  it("after a process lost inside a batch, goes one call at a time and blames no call yet", () => {
    const s = run(["f", "g"], { kind: "lost-in-batch" });
    expect(s).toMatchObject({ single: true, next: 0, restarts: 1, banned: [] });
    expect(s.outcomes).toEqual([undefined, undefined]);
  });

  it("makes a module that does not load one problem, if no call answered yet", () => {
    expect(runResult(run(["f", "g"], { kind: "load-failed", problem: "threw at import" }))).toEqual({
      problem: "threw at import",
    });
    const later = run(
      ["f", "g", "h"],
      { kind: "answered", i: 0, outcome: ok(1) },
      { kind: "load-failed", problem: "threw at import" },
    );
    expect(runResult(later)).toEqual([
      ok(1),
      { ok: false, error: "threw at import" },
      { ok: false, error: "threw at import" },
    ]);
  });

  it("fails the calls left once the exercise's time is used up, and keeps the answers already given", () => {
    const s = run(["f", "g", "h"], { kind: "answered", i: 0, outcome: ok(1) }, { kind: "out-of-time", limitMs: 5000 });
    expect(runResult(s)).toEqual([ok(1), ...Array(2).fill({ ok: false, error: outOfTime(5000) })]);
    expect(outOfTime(5000)).toBe("not run: the exercise's time limit (5000 ms) was used up");
  });

  it(`gives up the calls left after ${MAX_RESTARTS} restarts`, () => {
    const fns = Array.from({ length: 30 }, (_, i) => `f${i}`);
    const s = run(fns, ...Array.from({ length: MAX_RESTARTS + 1 }, () => ({ kind: "lost-in-batch" }) as const));
    expect(s.done).toBe(true);
    expect(runResult(s)).toEqual(
      fns.map(() => ({ ok: false, error: `not run: the process was lost ${MAX_RESTARTS + 1} times on earlier calls` })),
    );
  });

  it("changes nothing once done, and never mutates a state", () => {
    const before = initialRun(["f"]);
    const frozen = JSON.stringify(before);
    const done = step(before, { kind: "answered", i: 0, outcome: ok(1) });
    expect(JSON.stringify(before)).toBe(frozen);
    expect(step(done, { kind: "hung", why: "late" })).toBe(done);
    expect(step(done, { kind: "stopped", why: "late" })).toBe(done);
  });

  it("fills the calls without an answer when the runner stops", () => {
    expect(
      runResult(run(["f", "g"], { kind: "answered", i: 0, outcome: ok(1) }, { kind: "stopped", why: "gone" })),
    ).toEqual([ok(1), { ok: false, error: "gone" }]);
  });

  it("without calls, still waits for the runner (which loads the module) to stop", () => {
    expect(initialRun([]).done).toBe(false);
    expect(runResult(run([], { kind: "stopped", why: "done" }))).toEqual([]);
    expect(runResult(run([], { kind: "load-failed", problem: "threw at import" }))).toEqual({
      problem: "threw at import",
    });
  });
});
