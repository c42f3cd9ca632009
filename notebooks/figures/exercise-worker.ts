/**
 * The Web Worker in which a "your turn" panel runs the student's code (see your-turn.ts, which starts
 * it, times it and judges). It imports the student's exercise module — served by the course plugin,
 * which holds it to the library modules the exercise allows — and answers the calls one by one, each
 * answer a message of its own, so the page can time every call and end the worker when one never
 * answers. Values travel by structured clone: NaN, ±Infinity, −0 and undefined arrive as themselves.
 *
 * Protocol (page → worker, once): `{ id, calls, startAt, banned, version? }` (`version`: under the dev
 * server, the time the exercise file was last saved, so the module is imported as saved then).
 * Worker → page: `{ kind: "loaded" }` or `{ kind: "load-error", error }`; then per call from `startAt`
 * `{ kind: "answer", i, value, inputsAfter? }` (the arguments as the call left them, for a call marked
 * `watchInputs`), `{ kind: "threw", i, error }`, `{ kind: "bad", i, why }` or
 * `{ kind: "skip", i }` (an export the page has banned after it hung); then `{ kind: "done" }`.
 */

import { studentModules } from "virtual:student-modules";
import type { RunnableCall } from "../../tools/isomorphic/judge.ts";
import { notExported } from "../../tools/sandbox/messages.ts";

/** A request from the page. */
export interface WorkerRequest {
  id: string;
  calls: RunnableCall[];
  /** The first call to make (after a restart, the one after the call that hung). */
  startAt: number;
  /** Exports not to call again: an earlier call of theirs never answered. */
  banned: string[];
  /** Dev server only: the save time of the exercise file, which busts the module's cache. */
  version?: number;
}

/** What went wrong, as plain data (an Error's own name survives no structured clone). */
export interface ThrownError {
  name: string;
  message: string;
  stack?: string;
}

export type WorkerMessage =
  | { kind: "loaded" }
  | { kind: "load-error"; error: ThrownError }
  | { kind: "answer"; i: number; value: unknown; inputsAfter?: unknown[] }
  | { kind: "threw"; i: number; error: ThrownError }
  | { kind: "bad"; i: number; why: string }
  | { kind: "skip"; i: number }
  | { kind: "done" };

/** The worker's own postMessage (typed without the webworker lib, which clashes with the DOM lib). */
const post = (message: WorkerMessage) =>
  (self as unknown as { postMessage(m: WorkerMessage): void }).postMessage(message);

function plain(error: unknown): ThrownError {
  const e = error as { name?: unknown; message?: unknown; stack?: unknown } | null;
  const text = (v: unknown, n: number) => (typeof v === "string" ? v.slice(0, n) : undefined);
  if (e && typeof e === "object") {
    return {
      name: text(e.name, 100) ?? "Error",
      message: text(e.message, 2000) ?? "",
      ...(typeof e.stack === "string" ? { stack: e.stack.slice(0, 4000) } : {}),
    };
  }
  return { name: "a non-Error value", message: String(error).slice(0, 2000) };
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  (typeof v === "object" || typeof v === "function") &&
  v !== null &&
  typeof (v as { then?: unknown }).then === "function";

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, calls, startAt, banned, version } = event.data;
  let module: Record<string, unknown>;
  try {
    const load = studentModules[id];
    if (!load) throw new Error(`no exercise "${id}" in the course`);
    module = await load(version);
  } catch (error) {
    post({ kind: "load-error", error: plain(error) });
    return;
  }
  post({ kind: "loaded" });
  for (let i = startAt; i < calls.length; i++) {
    const { fn, args, watchInputs } = calls[i]!;
    if (banned.includes(fn)) {
      post({ kind: "skip", i });
      continue;
    }
    const f = module[fn];
    if (typeof f !== "function") {
      post({ kind: "bad", i, why: notExported(fn) });
      continue;
    }
    let value: unknown;
    const inputs = structuredClone(args);
    try {
      value = f(...inputs);
      if (isThenable(value)) value = await value; // an async export; the page's per-call timer bounds the wait
    } catch (error) {
      post({ kind: "threw", i, error: plain(error) });
      continue;
    }
    try {
      post(watchInputs ? { kind: "answer", i, value, inputsAfter: inputs } : { kind: "answer", i, value });
    } catch (error) {
      post({ kind: "bad", i, why: `returned a value that cannot be sent to the page (${plain(error).message})` });
    }
  }
  post({ kind: "done" });
};
