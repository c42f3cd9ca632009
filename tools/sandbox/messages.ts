/**
 * What a student reads when their module did not answer a call as it should — one sentence per
 * situation, written once for every place that runs a student's module:
 *
 * - the checker's and the grader's sandbox (tools/sandbox/, a child process, Node);
 * - the notebooks' "your turn" panels (notebooks/figures/run-in-worker.ts, a Web Worker);
 * - trusted modules run in-process (tools/isomorphic/judge.ts `runCalls`: solutions, stubs).
 *
 * So "not implemented yet" reads the same in `npm run check`, in feedback.md and under a panel, and a
 * time-out names its limit the same way everywhere. Isomorphic: no Node API, no DOM.
 *
 * A sentence says what happened and, where it helps, the likely cause as a question ("an infinite
 * loop?"): the student knows their code, the runner only knows what it saw.
 */

/** A duration as a student reads it: "2000 ms". */
export const ms = (x: number): string => `${Math.round(x)} ms`;

/** The stub's `NotImplemented` error (exercises/not-implemented.ts): "not started", never "crashed". */
export const NOT_IMPLEMENTED = "not implemented yet";

/** What a call that threw says: `threw RangeError: …` (and the stack frames in the student's files, where known). */
export const threw = (description: string): string => `threw ${description}`;

/** A call that gave no answer within its limit. */
export const callTimedOut = (waitedMs: number): string =>
  `no answer within ${ms(waitedMs)} — an infinite loop, or a promise that never settles?`;

/** A call cut short because the whole exercise's time ran out while it ran. */
export const callTimedOutAtLimit = (waitedMs: number, exerciseLimitMs: number): string =>
  `no answer within ${ms(waitedMs)}, when the exercise's time limit (${ms(exerciseLimitMs)}) ran out — an infinite loop?`;

/** A call that returned a promise, still pending when its time was up. */
export const PROMISE_NEVER_SETTLES = "returned a promise that never settles";

/** A call not made: an earlier call of the same export never answered, so it is not called again. */
export const bannedAfterHang = (fn: string): string => `not run: an earlier call of ${fn}() never answered`;

/** Calls not made: the exercise's time limit was used up before them. */
export const outOfTime = (exerciseLimitMs: number): string =>
  `not run: the exercise's time limit (${ms(exerciseLimitMs)}) was used up`;

/** The module's top level ran past its limit (the sandbox knows it was synchronous code). */
export const importLoop = (limitMs: number): string =>
  `loading the module took longer than ${ms(limitMs)} (an infinite loop at top level?)`;

/** The module's top level awaited something that never settled (the sandbox knows). */
export const IMPORT_PENDING = "loading the module never finished (a top-level await that never settles?)";

/** Loading gave no sign within its limit, cause unknown (a worker cannot tell a loop from an await). */
export const importTimedOut = (waitedMs: number): string =>
  `the module could not be loaded: no answer within ${ms(waitedMs)} while importing it — an infinite loop at top level, or an await that never settles?`;

/** The module threw while loading. */
export const importThrew = (description: string): string => `the module threw while loading: ${description}`;

/** The module could not be loaded, for `why` (a lost process, a worker that would not start, …). */
export const notLoaded = (why: string): string => `the module could not be loaded: ${why}`;

/** A case's export is missing. */
export const notExported = (fn: string): string => `the module does not export a function ${fn}()`;

/** A case's export exists but is not a function. */
export const exportedNotFunction = (fn: string): string => `${fn} is exported but is not a function`;

/** The module could not be run at all, for `why` (no process would start, or every one was lost before it). */
export const notRun = (why: string): string => `the module could not be run: ${why}`;
