// @ts-check
// Untrusted-code harness: ONE process runs many exercises (a student's whole submission, or the one
// exercise the checker asks for), each in a realm of its own. Started by tools/sandbox/process.ts as
//   node --permission (--experimental-permission before Node 22.13) --allow-fs-read=<this file>
//        --experimental-vm-modules --disallow-code-generation-from-strings --max-old-space-size=N
//        --ticks-before-optimization=100 (where V8 has it; process.ts says why) child.mjs
// in its own process group, with an empty environment and ulimits. The process can read this file and
// nothing else, write nothing, start no process or worker, and evaluate no string as code. That is why
// it is one file, in JavaScript: it can import nothing of the course. It is type-checked all the same
// (`// @ts-check`), against the protocol's types (tools/sandbox/protocol.ts), which JSDoc imports
// and Node never loads.
//
// Isolation inside the process
//   Every exercise gets a fresh `vm` context — its own Math, JSON, Array.prototype, … — holding only the
//   course modules its job lists (the exercise's allowed library barrel, the library, not-implemented),
//   linked as vm.SourceTextModules in that context; the student's module is linked last. The context
//   has no `process`, no `require`, no timers and no Node API at all: just JavaScript, and a `console`
//   that collects text. Its global object is backed by a null-prototype object, so nothing of this
//   file's realm is reachable from it (the grader's tests crawl it to prove that), and code generation
//   from strings is off in both realms. A monkey-patched Math in one exercise is invisible to the next
//   exercise and to this harness.
//   Calls run in batches inside `runInContext` with a `timeout` (V8 stops the loop, the context stays
//   usable): an infinite loop costs that call (no answer within N ms), and the export is not called
//   again. A call still pending after its time limit is "a promise that never settles" (a context has
//   one timer, Atomics.waitAsync, so a promise may settle later: that answer is not read). Student code
//   that runs in a microtask or from such a timer runs outside V8's timeout: an infinite loop there hangs
//   the process, and the parent's watchdog kills it. A crash of the whole process (a huge allocation, a
//   hang) is seen by the parent, which starts a fresh process for what is left; the kernel kills this
//   process should the grader die while it is stuck (process.ts: setpriv --pdeathsig).
//
// Protocol (tools/sandbox/protocol.ts)
//   stdin: ONE line, a ChildRequest, read synchronously before any student code exists; stdin then
//   stays open, and its end (the grader died, even by SIGKILL) ends this process.
//   fd 3 (a pipe only this harness writes): ChildMessages, one per line, each prefixed with the nonce.
//   Jobs run in the order given; each ends with "jobdone", and the last with "done".
//
// The encoder reads a student's value only through Reflect functions captured when this file starts,
// sees own data properties only, and refuses Proxies, getters, holes, cycles and oversized values: no
// student code runs while an answer is written, and no value can claim to be another. The parent trusts
// nothing: it re-parses every line and judges every value itself.

/** @typedef {import("./protocol.ts").ChildRequest} ChildRequest */
/** @typedef {import("./protocol.ts").ChildJob} ChildJob */
/** @typedef {import("./protocol.ts").ChildMessage} ChildMessage */
/** @typedef {import("./protocol.ts").ValueCaps} ValueCaps */
/** @typedef {{ items: number, chars: number, json: number }} Budget what one answer has used of its caps (json: characters of its strings once encoded) */

import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import dgram from "node:dgram";
import dns from "node:dns";
import v8 from "node:v8";
import vm from "node:vm";
import { types } from "node:util";
import { syncBuiltinESMExports } from "node:module";

// ---- 1. pristine references ------------------------------------------------------------------
const R_apply = Reflect.apply;
const R_getOwn = Reflect.getOwnPropertyDescriptor;
const R_define = Reflect.defineProperty;
const R_ownKeys = Reflect.ownKeys;
const R_getProto = Reflect.getPrototypeOf;
const isArray = Array.isArray;
const isProxy = types.isProxy;
const isPromise = types.isPromise;
const isTypedArray = types.isTypedArray;
/** @param {unknown} v */
const isBigInt64 = (v) => types.isBigInt64Array(v) || types.isBigUint64Array(v);
const typedLength = /** @type {(this: ArrayLike<unknown>) => number} */ (
  /** @type {PropertyDescriptor} */ (R_getOwn(/** @type {object} */ (R_getProto(Uint8Array.prototype)), "length")).get
);
/** An error's `code`, if it is an object that has one. @param {unknown} e */
const codeOf = (e) => (e !== null && typeof e === "object" ? /** @type {{ code?: unknown }} */ (e).code : undefined);
const hasOwn = Object.hasOwn;
const jsonStringify = JSON.stringify; // used ONLY on primitive strings (no toJSON lookup there)
const jsonParse = JSON.parse;
const writeSync = fs.writeSync;
const readSync = fs.readSync;
const StringFn = String;
const ErrorCtor = Error;
const now = Date.now;
const Script = vm.Script;
const runInContext = vm.Script.prototype.runInContext;
const createContext = vm.createContext;
const SourceTextModule = vm.SourceTextModule;
const exit = process.exit.bind(process);
const PARENT = process.ppid;

// ---- 2. the request, read before any student code exists ----------------------------------
/** @returns {ChildRequest} */
function readRequest() {
  const chunks = [];
  const buf = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if (codeOf(e) === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
        continue;
      }
      if (codeOf(e) === "EOF") n = 0;
      else throw e;
    }
    if (n === 0) exit(0); // the parent went away before sending anything
    const nl = buf.indexOf(10);
    chunks.push(Buffer.from(buf.subarray(0, nl >= 0 && nl < n ? nl : n)));
    if (nl >= 0 && nl < n) break;
  }
  // numbers JSON cannot hold (-0, NaN, ±Infinity) never appear here: the calls arrive as JS source
  return jsonParse(Buffer.concat(chunks).toString("utf8"));
}
const req = readRequest();
const NONCE = req.nonce;
const L = req.limits; // { maxItems, maxChars, maxDepth, maxString, maxAnswer, maxAnswers }

/** Sends one message, already JSON (built here, from strings the encoder made). @param {string} body */
function send(body) {
  // body is a string we built ourselves. fd 3 is a blocking socket, so one write sends it all; EAGAIN
  // (nothing written) is retried; EPIPE means the parent is gone, and so are we.
  const line = NONCE + " " + body + "\n";
  for (;;) {
    try {
      writeSync(3, line);
      return;
    } catch (e) {
      if (codeOf(e) !== "EAGAIN") exit(0);
    }
  }
}

// ---- 3. never outlive the grader -----------------------------------------------------------------
// stdin stays open while the parent lives; its end, an error, or a new parent process (we were
// re-parented to init) means the grader is gone — even one killed with SIGKILL — so we exit at once.
process.stdin.on("end", () => exit(0));
process.stdin.on("error", () => exit(0));
process.stdin.on("data", () => {});
process.stdin.resume();
// A promise a student rejects and never handles (or one that rejects later, from a timer that
// Atomics.waitAsync gives a context) would end this process, costing whatever runs then, perhaps another
// exercise. It changes no answer: ignore it, without touching the reason (it is the student's object).
// (A failure of this harness itself is an uncaught exception, not this, and still ends the process.)
process.on("unhandledRejection", () => {});
setInterval(() => {
  if (process.ppid !== PARENT) exit(0);
}, 250);

// ---- 4. faithful encoder: student value -> JSON text, without running student code -----------
// Reads only own *data* properties through captured Reflect functions. Refuses Proxies, getters,
// holes, cycles/too deep, too many items. NaN/±Infinity/undefined/bigint are tagged objects so the
// parent can say "got NaN" instead of seeing null. -0 is kept. `objectProto` is the Object.prototype
// of the value's realm (the exercise's context): plain objects of that realm are not marked "$class".
const REFUSE = {}; // sentinel thrown by encode(); compared by identity
let refusal = "";
// Thrown by encode() as soon as an answer's strings alone, encoded, exceed `maxAnswer`: the answer is then
// refused as too large, exactly as it would be once encoded whole, without encoding megabytes to say so.
const TOO_LARGE = {};
/** @param {string} message @returns {never} */
function refuse(message) {
  refusal = message;
  throw REFUSE;
}
/** @param {number} n */
function encNumber(n) {
  if (n !== n) return '{"$nonfinite":"NaN"}';
  if (n === Infinity) return '{"$nonfinite":"Infinity"}';
  if (n === -Infinity) return '{"$nonfinite":"-Infinity"}';
  if (n === 0 && 1 / n < 0) return "-0";
  return StringFn(n); // ToString of a primitive: shortest round-trip form, no prototype lookup
}
/** @param {string} s @param {Budget} [budget] */
function encString(s, budget) {
  if (s.length > L.maxString) s = s.slice(0, L.maxString) + "…"; // a primitive of this realm: our String.prototype
  if (budget !== undefined && (budget.chars += s.length) > L.maxChars)
    refuse("value holds more than " + L.maxChars + " characters of strings");
  const json = jsonStringify(s);
  if (budget !== undefined && (budget.json += json.length) > L.maxAnswer) throw TOO_LARGE;
  return json;
}
/**
 * JSON text of a student's value. `v` is anything at all (hence `any`): it is only ever read through
 * the captured Reflect functions, after the checks that make each read safe.
 * @param {any} v @param {number} depth @param {Budget} budget @param {object | null} objectProto
 * @returns {string}
 */
function encode(v, depth, budget, objectProto) {
  const t = typeof v;
  if (t === "number") return encNumber(v);
  if (t === "string") return encString(v, budget);
  if (t === "boolean") return v ? "true" : "false";
  if (v === null) return "null";
  if (t === "undefined") return '{"$undefined":true}';
  if (t === "bigint") return '{"$bigint":' + jsonStringify(StringFn(v)) + "}";
  if (t === "function" || t === "symbol") return '{"$unsupported":"' + t + '"}';
  // object
  if (depth >= L.maxDepth) refuse("value nested deeper than " + L.maxDepth + " (cyclic?)");
  if (isProxy(v)) refuse("returned a Proxy");
  if (isPromise(v)) refuse("returned a promise whose then() could not be followed");
  if (isTypedArray(v)) {
    const n = R_apply(typedLength, v, []);
    if ((budget.items += n) > L.maxItems) refuse("value has more than " + L.maxItems + " items");
    let s = "[";
    for (let i = 0; i < n; i++)
      s +=
        (i ? "," : "") +
        (isBigInt64(v) ? encode(v[i], depth + 1, budget, objectProto) : encNumber(/** @type {number} */ (v[i])));
    return s + "]";
  }
  if (isArray(v)) {
    const n = /** @type {PropertyDescriptor} */ (R_getOwn(v, "length")).value;
    if ((budget.items += n) > L.maxItems) refuse("value has more than " + L.maxItems + " items");
    let s = "[";
    for (let i = 0; i < n; i++) {
      const d = R_getOwn(v, StringFn(i));
      if (d === undefined) refuse("array has a hole at index " + i);
      if (!hasOwn(d, "value")) refuse("array element " + i + " is a getter");
      s += (i ? "," : "") + encode(d.value, depth + 1, budget, objectProto);
    }
    return s + "]";
  }
  // Any other object: its own enumerable string-keyed data properties. toJSON, prototypes and
  // getters are ignored/refused, so what is reported is exactly what is stored in the object.
  // Class instances, Map, Date, …: their own data is reported, marked "$class":true.
  const proto = R_getProto(v);
  const keys = R_ownKeys(v);
  const nk = keys.length;
  if ((budget.items += nk) > L.maxItems) refuse("value has more than " + L.maxItems + " items");
  let s = "{";
  let first = true;
  for (let i = 0; i < nk; i++) {
    const k = keys[i];
    if (typeof k !== "string") continue;
    const d = /** @type {PropertyDescriptor} */ (R_getOwn(v, k));
    if (!d.enumerable) continue;
    if (!hasOwn(d, "value")) refuse("property " + jsonStringify(k) + " is a getter");
    s += (first ? "" : ",") + encString(k, budget) + ":" + encode(d.value, depth + 1, budget, objectProto);
    first = false;
  }
  if (proto !== objectProto && proto !== null) s += (first ? "" : ",") + '"$class":true';
  return s + "}";
}

// An error description built from own data properties only (getters are not run). The stack was read
// inside the exercise's context, under its time limit (see `describe` in BOOT), and arrives as a string.
/** @param {unknown} o @param {string} k */
function ownData(o, k) {
  let cur = o;
  for (let hop = 0; hop < 8 && cur !== null && (typeof cur === "object" || typeof cur === "function"); hop++) {
    if (isProxy(cur)) return undefined;
    const d = R_getOwn(cur, k);
    if (d !== undefined) return hasOwn(d, "value") ? d.value : undefined;
    cur = R_getProto(cur);
  }
  return undefined;
}
/** @param {unknown} e @param {unknown} stack */
function describeThrown(e, stack) {
  try {
    if (e !== null && (typeof e === "object" || typeof e === "function")) {
      const name = ownData(e, "name");
      const message = ownData(e, "message");
      return (
        '{"name":' +
        encString(typeof name === "string" ? name : "Error") +
        ',"message":' +
        encString(typeof message === "string" ? message : "(no message)") +
        ',"stack":' +
        encString(typeof stack === "string" ? stack : "") +
        "}"
      );
    }
    return (
      '{"name":"thrown ' + typeof e + '","message":' + encString(typeof e === "symbol" ? "symbol" : StringFn(e)) + "}"
    );
  } catch {
    return '{"name":"Error","message":"(unreadable thrown value)"}';
  }
}

// ---- 5. remove process-level escape hatches the permission model leaves open -------------------
// Defence in depth: student code runs in contexts that cannot reach `process` or any Node module.
// Should a way out of the context ever be found, these are still closed.
/** @param {string} what */
const denied = (what) =>
  function () {
    throw new ErrorCtor(what + " is disabled in the grader");
  };
/** @type {[any, string[]][]} an object (any: Node modules and prototypes alike), and the names to disable on it */
const DENY = [
  [
    process,
    [
      "kill",
      "_kill",
      "dlopen",
      "setuid",
      "setgid",
      "seteuid",
      "setegid",
      "setgroups",
      "initgroups",
      "_debugProcess",
      "_startProfilerIdleNotifier",
      "binding",
      "_linkedBinding",
      "getBuiltinModule",
    ],
  ],
  [os, ["setPriority"]],
  // v8.setFlagsFromString("--allow-natives-syntax") would give memory-corrupting natives
  [v8, ["setFlagsFromString", "setHeapSnapshotNearHeapLimit", "writeHeapSnapshot", "getHeapSnapshot"]],
  [net.Socket.prototype, ["connect"]],
  [net.Server.prototype, ["listen"]],
  [dgram.Socket.prototype, ["bind", "send", "connect"]],
  [globalThis, ["fetch", "WebSocket", "EventSource"]],
];
const dnsObjects = [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype];
for (let i = 0; i < dnsObjects.length; i++)
  DENY.push([
    dnsObjects[i],
    Object.getOwnPropertyNames(dnsObjects[i]).filter((k) => /^(lookup|resolve|reverse)/.test(k)),
  ]);
for (let i = 0; i < DENY.length; i++) {
  const [obj, names] = /** @type {[any, string[]]} */ (DENY[i]);
  for (let j = 0; j < names.length; j++) {
    const name = /** @type {string} */ (names[j]);
    if (name in obj) Object.defineProperty(obj, name, { value: denied(name), writable: false, configurable: false });
  }
}
syncBuiltinESMExports();

// ---- 6. what runs first in every exercise's context (trusted code, before any student code) ----
// It captures the context's own intrinsics, freezes Promise (so that nothing the student does to it
// runs while the harness follows a promise), installs a console that only collects text, and defines
// the non-writable entry points the harness calls under a time limit. Whatever the student later does
// inside the context can change only the student's own answers. Its records and property descriptors
// have no prototype: a `get` or `set` the student puts on Object.prototype would otherwise turn every
// descriptor into an invalid accessor (and stall the harness), and a setter there would see the records.

/** How a call's record in the context ends: `s` of a record `{s, v, stack?, why?}`. */
const RECORD = /** @type {const} */ ({ returned: 0, threw: 1, pending: 2, missing: 3 });

/**
 * The boot code of a context. Never called in this realm: its source text is compiled in each
 * exercise's context (below), so every name in it (`globalThis`, `Reflect`, `Promise`, …) is the
 * context's own, and it closes over nothing of this file. `R` is {@link RECORD}, rebuilt there from a
 * literal.
 * @param {typeof RECORD} R
 */
function bootContext(R) {
  "use strict";
  const g = globalThis;
  const apply = Reflect.apply,
    define = Reflect.defineProperty,
    now = Date.now,
    StringFn = String;
  const then = Promise.prototype.then;
  Object.freeze(Promise.prototype);
  Object.freeze(Promise);
  /** @type {unknown[]} */
  const out = [];
  const logs = { __proto__: null, out: "", err: "", cap: 8192 };
  const state = {
    __proto__: null,
    out,
    logs,
    /** @type {Record<string, unknown> | undefined} the module's namespace, once imported */ ns: undefined,
    /** @type {[string, unknown[]][] | undefined} the calls, once built in this context */ calls: undefined,
    i: 0,
    /** @type {unknown} */ error: undefined,
    stack: "",
    objectProto: Object.prototype,
  };
  /** @param {unknown} v */
  const text = (v) => {
    try {
      return typeof v === "string" ? v : StringFn(v);
    } catch {
      return "[unprintable]";
    }
  };
  /** @param {"out" | "err"} stream */
  const logger = (stream) =>
    function () {
      let s = "";
      for (let i = 0; i < arguments.length; i++) s += (i ? " " : "") + text(arguments[i]);
      if (logs[stream].length < logs.cap) logs[stream] += (s.length > logs.cap ? s.slice(0, logs.cap) : s) + "\n";
    };
  const console = {
    log: logger("out"),
    info: logger("out"),
    debug: logger("out"),
    dir: logger("out"),
    table: logger("out"),
    warn: logger("err"),
    error: logger("err"),
    trace: logger("err"),
    assert() {},
    group() {},
    groupEnd() {},
    time() {},
    timeEnd() {},
    count() {},
  };
  define(
    g,
    "console",
    /** @type {PropertyDescriptor} */ ({
      __proto__: null,
      value: console,
      writable: true,
      configurable: true,
      enumerable: false,
    }),
  );
  /** @param {unknown} e */
  const stackOf = (e) => {
    try {
      const s = e !== null && typeof e === "object" ? /** @type {{ stack?: unknown }} */ (e).stack : undefined;
      return typeof s === "string" ? s : "";
    } catch {
      return "";
    }
  };
  /**
   * Makes calls `start` … `end - 1` (fewer if `sliceMs` runs out), recording each in `out`.
   * @param {number} start @param {number} end @param {number} sliceMs
   */
  function drive(start, end, sliceMs) {
    const calls = /** @type {[string, unknown[]][]} */ (state.calls),
      ns = /** @type {Record<string, unknown>} */ (state.ns),
      t0 = now();
    let i = start;
    for (; i < end; i++) {
      if (i > start && now() - t0 > sliceMs) break;
      state.i = i;
      const c = /** @type {[string, unknown[]]} */ (calls[i]);
      /** @type {{ __proto__?: null, s: number, v: unknown, stack?: string, why?: string }} */
      let rec;
      try {
        const f = ns[c[0]];
        if (typeof f !== "function") {
          rec = { __proto__: null, s: R.missing, v: c[0], why: f === undefined ? "missing" : "not-function" };
        } else {
          const v = apply(f, undefined, c[1]);
          /** @type {{ __proto__?: null, s: number, v: unknown, stack?: string }} */
          const r = { __proto__: null, s: R.returned, v };
          rec = r;
          if (v !== null && (typeof v === "object" || typeof v === "function")) {
            try {
              apply(then, v, [
                /** @param {unknown} x */ (x) => {
                  r.s = R.returned;
                  r.v = x;
                },
                /** @param {unknown} e */ (e) => {
                  r.s = R.threw;
                  r.v = e;
                  r.stack = stackOf(e);
                },
              ]);
              r.s = R.pending; // until one of the two runs
            } catch {}
          }
        }
      } catch (e) {
        rec = { __proto__: null, s: R.threw, v: e, stack: stackOf(e) };
      }
      define(
        out,
        i,
        /** @type {PropertyDescriptor} */ ({
          __proto__: null,
          value: rec,
          writable: true,
          enumerable: true,
          configurable: true,
        }),
      );
    }
    state.i = i;
    return i;
  }
  function describe() {
    state.stack = stackOf(state.error);
  }
  define(
    g,
    "__course_drive",
    /** @type {PropertyDescriptor} */ ({
      __proto__: null,
      value: drive,
      writable: false,
      enumerable: false,
      configurable: false,
    }),
  );
  define(
    g,
    "__course_describe",
    /** @type {PropertyDescriptor} */ ({
      __proto__: null,
      value: describe,
      writable: false,
      enumerable: false,
      configurable: false,
    }),
  );
  return state;
}
const BOOT = new Script(`(${bootContext})(${jsonStringify(RECORD)})`, { filename: "course-boot.js" });
const MAKE_ERROR = new Script("(m) => new Error(m)", { filename: "course-boot.js" });
const DESCRIBE = new Script("__course_describe()", { filename: "course-describe.js" });
/** @type {Map<string, import("node:vm").Script>} */
const driveScripts = new Map();
/** The script that makes calls `start` … `end - 1` in a context (compiled once per distinct batch). @param {number} start @param {number} end @param {number} slice */
function driveScript(start, end, slice) {
  const src = "__course_drive(" + start + "," + end + "," + slice + ")";
  let s = driveScripts.get(src);
  if (s === undefined) {
    s = new Script(src, { filename: "course-drive.js" });
    if (driveScripts.size > 5000) driveScripts.clear();
    driveScripts.set(src, s);
  }
  return s;
}
/**
 * V8's code cache of each module source, made when it is first compiled (before any code of the job
 * runs: a cache is the compiled form of the text, nothing else): the next context that links the same
 * text — the library in every exercise, the student's module in its hidden job — deserializes it
 * instead of parsing it again.
 * @type {Map<number, Buffer>}
 */
const codeCaches = new Map();
/** @type {Map<number, import("node:vm").Script>} the calls' literals, compiled once per process and run in each context */
const sourceScripts = new Map();
/** @param {number} index */
function callsScript(index) {
  let s = sourceScripts.get(index);
  if (s === undefined) {
    s = new Script(/** @type {string} */ (req.sources[index]), { filename: "course-calls.js" });
    sourceScripts.set(index, s);
  }
  return s;
}

const SLICE_MS = 200; // a batch starts no new call after this long, so each call gets its whole limit
/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @returns {Promise<void>} */
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** An own data property of an object of a context (`any`: the caller knows what it stored there). @param {object} o @param {string} k @returns {any} */
const own = (o, k) => {
  const d = R_getOwn(o, k);
  return d !== undefined && hasOwn(d, "value") ? d.value : undefined;
};
/** @param {unknown} e */
const isTimeout = (e) => e !== null && typeof e === "object" && own(e, "code") === "ERR_SCRIPT_EXECUTION_TIMEOUT";

/** Resolves a module specifier of `from` (a root-relative path) to a root-relative path. */
/** @param {string} from @param {string} spec */
function resolvePath(from, spec) {
  if (!spec.startsWith("./") && !spec.startsWith("../")) return undefined;
  const parts = from.split("/");
  parts.pop();
  const rel = spec.split("/");
  for (let i = 0; i < rel.length; i++) {
    if (rel[i] === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (rel[i] !== ".") parts.push(/** @type {string} */ (rel[i]));
  }
  return parts.join("/");
}

// ---- 7. one job: import the module in a fresh context, then make its calls ----------------------
/**
 * Jobs whose module did not finish loading within their whole import limit, and how it ended
 * ("import-timeout" or "import-pending"): a later job with the same import (`sameImportAs`, a hidden
 * checks' job) is reported as the same at once, rather than spending the limit again on the same text.
 * @type {Map<number, string>}
 */
const stuckImports = new Map();

/** @param {ChildJob} job */
async function runJob(job) {
  const K = job.id;
  const started = now();
  const deadline = started + job.totalMs;
  send('{"t":"job","k":' + K + "}");
  const stuck = job.sameImportAs === undefined ? undefined : stuckImports.get(job.sameImportAs);
  if (stuck !== undefined) {
    send('{"t":"' + stuck + '","k":' + K + "}");
    return;
  }
  const ctx = createContext(Object.create(null), {
    name: "exercise " + K,
    codeGeneration: { strings: false, wasm: false },
  });
  const state = R_apply(runInContext, BOOT, [ctx]);
  const objectProto = own(state, "objectProto");
  const logs = own(state, "logs");
  const flushLogs = () => {
    const out = own(logs, "out");
    const err = own(logs, "err");
    if ((typeof out === "string" && out) || (typeof err === "string" && err))
      send(
        '{"t":"log","k":' +
          K +
          ',"out":' +
          encString(typeof out === "string" ? out : "") +
          ',"err":' +
          encString(typeof err === "string" ? err : "") +
          "}",
      );
  };
  R_define(state, "calls", { value: R_apply(runInContext, callsScript(job.calls), [ctx]) });
  const makeError = R_apply(runInContext, MAKE_ERROR, [ctx]);
  const noDynamicImport = () => {
    throw makeError("import() is not allowed in an exercise: use static import statements");
  };

  // Link: the modules of the job only, each compiled in this context.
  /** @type {Map<string, import("node:vm").SourceTextModule>} */
  const modules = new Map();
  /** @param {string} path */
  const load = (path) => {
    let m = modules.get(path);
    if (m === undefined) {
      const index = /** @type {number} */ (job.modules[path]);
      const cachedData = codeCaches.get(index);
      m = new SourceTextModule(/** @type {string} */ (req.sources[index]), {
        context: ctx,
        identifier: path,
        importModuleDynamically: noDynamicImport,
        cachedData,
      });
      // (Node has had both since 13.7; its type definitions for Node 20 lack them.)
      const cache = /** @type {{ cachedDataRejected?: boolean, createCachedData(): Buffer }} */ (
        /** @type {unknown} */ (m)
      );
      if (cachedData === undefined || cache.cachedDataRejected) codeCaches.set(index, cache.createCachedData());
      modules.set(path, m);
    }
    return m;
  };
  /** @param {unknown} e */
  const describeImportError = (e) => {
    R_define(state, "error", { value: e, writable: true });
    try {
      R_apply(runInContext, DESCRIBE, [ctx, { timeout: job.callMs }]);
    } catch {}
    return describeThrown(e, own(state, "stack"));
  };
  let entry;
  try {
    entry = load(job.entry);
    await entry.link((/** @type {string} */ specifier, /** @type {import("node:vm").Module} */ referencing) => {
      const path = resolvePath(referencing.identifier, specifier);
      if (path === undefined || !hasOwn(job.modules, path))
        throw makeError(referencing.identifier + ' imports "' + specifier + '", which the sandbox does not provide');
      return load(path);
    });
  } catch (e) {
    send('{"t":"import-error","k":' + K + ',"err":' + describeImportError(e) + "}");
    return;
  }

  // Evaluate under the import time limit: the synchronous part by V8's timeout, a top-level await by a timer.
  let outcome = "pending";
  let thrown;
  const evaluation = entry.evaluate({ timeout: job.importMs }).then(
    () => {
      outcome = "ok";
    },
    (/** @type {unknown} */ e) => {
      outcome = isTimeout(e) ? "timeout" : "threw";
      thrown = e;
    },
  );
  // (the synchronous part ran inside evaluate(); what is left of the import limit bounds the rest)
  await Promise.race([evaluation, sleep(Math.max(1, Math.min(job.importMs - (now() - started), deadline - now())))]);
  // Did the module use its whole import limit (not a budget cut short by an earlier process's time)?
  const wholeLimit = job.importMs <= job.totalMs;
  if (outcome === "timeout" || (outcome === "pending" && now() >= deadline)) {
    if (wholeLimit) stuckImports.set(K, "import-timeout");
    send('{"t":"import-timeout","k":' + K + "}");
    flushLogs();
    return;
  }
  if (outcome === "pending") {
    if (wholeLimit) stuckImports.set(K, "import-pending");
    send('{"t":"import-pending","k":' + K + "}");
    flushLogs();
    return;
  }
  if (outcome === "threw") {
    send('{"t":"import-error","k":' + K + ',"err":' + describeImportError(thrown) + "}");
    flushLogs();
    return;
  }
  R_define(state, "ns", { value: entry.namespace });
  send('{"t":"ready","k":' + K + "}");

  const fns = job.fns;
  const n = fns.length;
  const banned = job.banned;
  const out = own(state, "out");
  const calls = own(state, "calls");
  /** @type {Record<number, true>} the calls whose arguments go back after the call */
  const watched = /** @type {Record<number, true>} */ (Object.create(null));
  for (let w = 0; w < job.watch.length; w++) watched[/** @type {number} */ (job.watch[w])] = true;
  let answered = 0; // characters of answers sent for this job in this process
  let i = job.startAt;
  while (i < n) {
    if (hasOwn(banned, /** @type {string} */ (fns[i]))) {
      send('{"t":"case","k":' + K + ',"i":' + i + ',"skip":true}');
      i++;
      continue;
    }
    let end = i + 1;
    if (!job.single) while (end < n && !hasOwn(banned, /** @type {string} */ (fns[end]))) end++;
    const remaining = deadline - now();
    if (remaining <= 0) {
      send('{"t":"budget","k":' + K + ',"i":' + i + "}");
      break;
    }
    send('{"t":"run","k":' + K + ',"i":' + i + "}");
    let upto;
    let timedOut = false;
    let failed = false; // drive itself threw (not a time-out): the call in progress could not be recorded
    try {
      upto = R_apply(runInContext, driveScript(i, end, SLICE_MS), [
        ctx,
        { timeout: Math.max(1, Math.min(job.callMs + SLICE_MS, remaining)) },
      ]);
    } catch (e) {
      timedOut = isTimeout(e);
      failed = !timedOut;
    }
    if (typeof upto !== "number") upto = own(state, "i"); // timed out (or drive was cut short): the call in progress
    if (typeof upto !== "number" || upto < i || upto > end) upto = i;
    // Answers that are promises settle in the microtasks that run between turns of the event loop.
    const recs = [];
    for (let j = i; j < upto; j++) recs.push(own(out, StringFn(j)));
    const waitUntil = now() + job.callMs;
    for (let round = 0; ; round++) {
      let pending = false;
      for (let j = 0; j < recs.length; j++)
        if (recs[j] !== undefined && own(recs[j], "s") === RECORD.pending) pending = true;
      if (!pending || now() >= waitUntil) break;
      await (round < 3 ? turn() : sleep(5));
    }
    for (let j = 0; j < recs.length; j++) {
      const at = i + j;
      const rec = recs[j];
      const s = rec === undefined ? -1 : own(rec, "s");
      let body;
      let tooLarge = false; // the answer (or the arguments sent back with it) is larger than maxAnswer encoded
      if (s === RECORD.returned) {
        try {
          body = ',"v":' + encode(own(rec, "v"), 0, { items: 0, chars: 0, json: 0 }, objectProto);
        } catch (e) {
          tooLarge = e === TOO_LARGE;
          body = e === REFUSE ? ',"bad":' + encString(refusal) : tooLarge ? "" : ',"err":' + describeThrown(e, "");
        }
        // A watched call: its arguments as the call left them, read like an answer (no student code
        // runs). Arguments that cannot be read (a getter put into them) are left out: the judge says so.
        if (hasOwn(watched, at) && body[2] === "v") {
          try {
            const call = own(calls, StringFn(at));
            body +=
              ',"a":' +
              encode(call === undefined ? undefined : own(call, "1"), 0, { items: 0, chars: 0, json: 0 }, objectProto);
          } catch (e) {
            tooLarge = e === TOO_LARGE;
          }
        }
      } else if (s === RECORD.threw) body = ',"err":' + describeThrown(own(rec, "v"), own(rec, "stack"));
      else if (s === RECORD.pending) {
        body = ',"hang":"promise"';
        banned[/** @type {string} */ (fns[at])] = true;
      } else if (s === RECORD.missing)
        body = ',"missing":' + (own(rec, "why") === "missing" ? '"missing"' : '"not-function"');
      else body = ',"bad":"no answer recorded"';
      // Answers a grader can hold: one answer, and all of a job's, are capped once encoded (the largest
      // any exercise expects is a few tens of kB; an error's description is capped by encString).
      if (s === RECORD.returned && (tooLarge || body.length > L.maxAnswer))
        body = ',"bad":' + encString("the answer is larger than " + L.maxAnswer + " characters once encoded");
      else if (s === RECORD.returned && (answered += body.length) > L.maxAnswers)
        body = ',"bad":' + encString("the answers of this exercise are larger than " + L.maxAnswers + " characters");
      send('{"t":"case","k":' + K + ',"i":' + at + body + "}");
    }
    if (failed && upto < end) {
      // Never retry a call whose answer could not be recorded: that would loop until the time limit.
      send('{"t":"case","k":' + K + ',"i":' + upto + ',"bad":"the sandbox could not record this answer"}');
      i = upto + 1;
      continue;
    }
    if (timedOut || upto < end) {
      if (!timedOut) {
        i = upto; // the batch used its time slice; go on
        continue;
      }
      if (deadline - now() <= 1) {
        send('{"t":"budget","k":' + K + ',"i":' + upto + "}");
        break;
      }
      send('{"t":"case","k":' + K + ',"i":' + upto + ',"hang":"loop"}');
      banned[/** @type {string} */ (fns[upto])] = true;
      i = upto + 1;
    } else i = upto;
  }
  flushLogs();
}

for (let j = 0; j < req.jobs.length; j++) {
  const job = /** @type {ChildJob} */ (req.jobs[j]);
  await runJob(job);
  send('{"t":"jobdone","k":' + job.id + "}");
}
send('{"t":"done"}');
exit(0);
