// Untrusted-code harness. Runs in a child process started by sandbox.ts with
//   node --experimental-permission --allow-fs-read=<scratch> --max-old-space-size=N child.mjs
// and cwd = <scratch>. It imports ONE student module and makes each call of the request.
//
// Protocol
//   stdin (read fully, synchronously, BEFORE the student module is imported):
//     {"nonce": "<hex>", "entry": "exercises/…/x.js",
//      "calls": [{"fn": "multiply", "args": [arg0, arg1, …]}, …], "startAt": 0, "banned": {}, "limits": {…}}
//   fd 3 (a pipe only this harness is meant to use), one line per message:
//     <nonce> {"t":"ready"}                         module imported
//     <nonce> {"t":"import-error","err":{…}}        import threw
//     <nonce> {"t":"case","i":3,"v":<json>}         case 3 returned <json>
//     <nonce> {"t":"case","i":3,"err":{…}}          case 3 threw
//     <nonce> {"t":"case","i":3,"bad":"returned a Proxy"}   case 3 returned something refused
//     <nonce> {"t":"case","i":3,"skip":true}        case 3 not run: its export hung or crashed before
//     <nonce> {"t":"done"}
//   stdout / stderr belong to the student (console.log); the parent only keeps a capped copy.
//
// Everything the harness needs after the import is captured below, BEFORE the import: the student
// module may replace JSON, Math, String, Reflect, Array.prototype, Object.prototype, fs.writeSync, …
// After the import this file uses only the captured references and syntax that does not consult
// mutable prototypes (no for-of, spread, array methods, template tags or JSON.stringify on objects).
// The parent still trusts nothing: it re-parses every line itself and validates every value.

import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import dgram from "node:dgram";
import dns from "node:dns";
import v8 from "node:v8";
import { types } from "node:util";
import { pathToFileURL } from "node:url";
import { syncBuiltinESMExports } from "node:module";

// ---- 1. pristine references ------------------------------------------------------------------
const R_apply = Reflect.apply;
const R_getOwn = Reflect.getOwnPropertyDescriptor;
const R_ownKeys = Reflect.ownKeys;
const R_getProto = Reflect.getPrototypeOf;
const isArray = Array.isArray;
const isProxy = types.isProxy;
const isPromise = types.isPromise;
const isTypedArray = types.isTypedArray;
const isBigInt64 = (v) => types.isBigInt64Array(v) || types.isBigUint64Array(v);
const typedLength = R_getOwn(R_getProto(Uint8Array.prototype), "length").get;
const hasOwn = Object.hasOwn;
const jsonStringify = JSON.stringify; // used ONLY on primitive strings (no toJSON lookup there)
const jsonParse = JSON.parse;
const writeSync = fs.writeSync;
const readFileSync = fs.readFileSync;
const StringFn = String;
const ObjectProto = Object.prototype;
const ErrorCtor = Error;
const importFn = (url) => import(url);

// ---- 2. the request, read before any student code exists ----------------------------------
// numbers JSON cannot hold (-0, NaN, ±Infinity) arrive as {"$num": "-0"} (see tagSpecial in sandbox.ts)
const req = jsonParse(readFileSync(0, "utf8"), (_k, v) =>
  v !== null && typeof v === "object" && !isArray(v) && hasOwn(v, "$num") ? Number(v.$num) : v,
);
const NONCE = req.nonce;
const L = req.limits; // { maxItems, maxDepth, maxString }

function send(body) {
  // body is a string we built ourselves. fd 3 is a blocking socket, so one write sends it all;
  // EAGAIN (nothing written) is retried in case a platform hands us a non-blocking one.
  const line = NONCE + " " + body + "\n";
  for (;;) {
    try {
      writeSync(3, line);
      return;
    } catch (e) {
      if (e === null || typeof e !== "object" || e.code !== "EAGAIN") throw e;
    }
  }
}

// ---- 3. faithful encoder: student value -> JSON text, without running student code -----------
// Reads only own *data* properties through captured Reflect functions. Refuses Proxies, getters,
// holes, cycles/too deep, too many items. NaN/±Infinity/undefined/bigint are tagged objects so the
// parent can say "got NaN" instead of seeing null. -0 is kept.
const REFUSE = {}; // sentinel thrown by encode(); compared by identity, so no student code runs
let refusal = "";
function refuse(message) {
  refusal = message;
  throw REFUSE;
}
function encNumber(n) {
  if (n !== n) return '{"$nonfinite":"NaN"}';
  if (n === Infinity) return '{"$nonfinite":"Infinity"}';
  if (n === -Infinity) return '{"$nonfinite":"-Infinity"}';
  if (n === 0 && 1 / n < 0) return "-0";
  return StringFn(n); // ToString of a primitive: shortest round-trip form, no prototype lookup
}
function encString(s, budget) {
  if (s.length > L.maxString) s = s.slice(0, L.maxString) + "…"; // String.prototype.slice: see note below
  if (budget !== undefined && (budget.chars += s.length) > L.maxChars)
    refuse("value holds more than " + L.maxChars + " characters of strings");
  return jsonStringify(s);
}
function encode(v, depth, budget) {
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
  if (isTypedArray(v)) {
    const n = R_apply(typedLength, v, []);
    if ((budget.items += n) > L.maxItems) refuse("value has more than " + L.maxItems + " items");
    let s = "[";
    for (let i = 0; i < n; i++)
      s += (i ? "," : "") + (isBigInt64(v) ? encode(v[i], depth + 1, budget) : encNumber(v[i]));
    return s + "]";
  }
  if (isArray(v)) {
    const ld = R_getOwn(v, "length");
    const n = ld.value;
    if ((budget.items += n) > L.maxItems) refuse("value has more than " + L.maxItems + " items");
    let s = "[";
    for (let i = 0; i < n; i++) {
      const d = R_getOwn(v, StringFn(i));
      if (d === undefined) refuse("array has a hole at index " + i);
      if (!hasOwn(d, "value")) refuse("array element " + i + " is a getter");
      s += (i ? "," : "") + encode(d.value, depth + 1, budget);
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
    const d = R_getOwn(v, k);
    if (!d.enumerable) continue;
    if (!hasOwn(d, "value")) refuse("property " + jsonStringify(k) + " is a getter");
    s += (first ? "" : ",") + encString(k, budget) + ":" + encode(d.value, depth + 1, budget);
    first = false;
  }
  if (proto !== ObjectProto && proto !== null) s += (first ? "" : ",") + '"$class":true';
  return s + "}";
}
// Note: `s.slice` above runs on a *primitive* string from the student. If String.prototype.slice
// was replaced, that replacement runs; the worst it can do is throw (caught) or loop (parent
// timeout) — it cannot reach NONCE or `send`, so it cannot forge another case's result.

// An error description built from own data properties only (getters are not run).
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
// Reading `stack` makes V8 format it, which reads name/message (maybe getters) and calls
// Error.prepareStackTrace (maybe the student's): only read it when none of that is student code.
const prepareOrig = R_getOwn(ErrorCtor, "prepareStackTrace");
function stackIsSafe(e) {
  const now = R_getOwn(ErrorCtor, "prepareStackTrace");
  if (
    prepareOrig === undefined
      ? now !== undefined
      : now === undefined || !hasOwn(now, "value") || now.value !== prepareOrig.value
  )
    return false;
  return ownData(e, "name") !== undefined && ownData(e, "message") !== undefined;
}
function describeThrown(e) {
  try {
    if (e !== null && (typeof e === "object" || typeof e === "function")) {
      const name = ownData(e, "name");
      const message = ownData(e, "message");
      const stack = stackIsSafe(e) ? ownData(e, "stack") : undefined;
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

// ---- 4. remove process-level escape hatches the permission model leaves open -------------------
// Node 20's permission model does not cover signals, the network or V8 flags. These replacements are
// defence in depth: the parent trusts nothing the child says beyond the numbers it re-validates.
const denied = (what) =>
  function () {
    throw new ErrorCtor(what + " is disabled in the grader");
  };
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
      // Node ≥ 20.16: a way to node:vm / node:fs without an import statement the trusted side could read
      "getBuiltinModule",
    ],
  ],
  [os, ["setPriority"]],
  // v8.setFlagsFromString("--allow-natives-syntax") + eval("%…") works under the permission model and
  // gives memory-corrupting natives, i.e. a way out of every in-process restriction.
  [v8, ["setFlagsFromString", "setHeapSnapshotNearHeapLimit", "writeHeapSnapshot", "getHeapSnapshot"]],
  [net.Socket.prototype, ["connect"]],
  [net.Server.prototype, ["listen"]],
  [dgram.Socket.prototype, ["bind", "send", "connect"]],
  [globalThis, ["fetch", "WebSocket", "EventSource"]],
];
// every DNS query function (a lookup of "<secret>.attacker.example" is a way out too)
const dnsObjects = [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype];
for (let i = 0; i < dnsObjects.length; i++)
  DENY.push([
    dnsObjects[i],
    Object.getOwnPropertyNames(dnsObjects[i]).filter((k) => /^(lookup|resolve|reverse)/.test(k)),
  ]);
for (let i = 0; i < DENY.length; i++) {
  const [obj, names] = DENY[i];
  for (let j = 0; j < names.length; j++) {
    if (names[j] in obj)
      Object.defineProperty(obj, names[j], { value: denied(names[j]), writable: false, configurable: false });
  }
}
syncBuiltinESMExports(); // so `import { kill } from "node:process"` sees the replacement too

// ---- 5. import, then make the calls -------------------------------------------------------------
let ns;
try {
  ns = await importFn(pathToFileURL(process.cwd() + "/" + req.entry).href);
} catch (e) {
  send('{"t":"import-error","err":' + describeThrown(e) + "}");
}

if (ns !== undefined) {
  send('{"t":"ready"}');
  const calls = req.calls;
  const banned = req.banned; // {fnName: true} for exports that already hung or crashed the process
  for (let i = req.startAt; i < calls.length; i++) {
    let v;
    let threw = false;
    let thrown;
    if (hasOwn(banned, calls[i].fn)) {
      send('{"t":"case","i":' + i + ',"skip":true}'); // this export hung or crashed the process before
      continue;
    }
    try {
      // A module namespace is exotic: the student cannot redefine its properties, only their values.
      const d = R_getOwn(ns, calls[i].fn);
      if (d === undefined) throw new ErrorCtor("the module does not export " + jsonStringify(calls[i].fn) + "()");
      if (typeof d.value !== "function")
        throw new ErrorCtor(jsonStringify(calls[i].fn) + " is exported but is not a function");
      v = R_apply(d.value, undefined, calls[i].args);
      if (isPromise(v)) v = await v; // an async export; the parent's per-call timer bounds the wait
    } catch (e) {
      threw = true;
      thrown = e;
    }
    let body;
    if (threw) {
      body = '{"t":"case","i":' + i + ',"err":' + describeThrown(thrown) + "}";
    } else {
      try {
        body = '{"t":"case","i":' + i + ',"v":' + encode(v, 0, { items: 0, chars: 0 }) + "}";
      } catch (e) {
        body =
          '{"t":"case","i":' +
          i +
          (e === REFUSE ? ',"bad":' + encString(refusal) : ',"err":' + describeThrown(e)) +
          "}";
      }
    }
    send(body);
  }
}
send('{"t":"done"}');
// No explicit exit: the parent SIGKILLs the child as soon as it has read "done" (student timers or
// 'exit' handlers cannot keep it alive or change what was reported).
