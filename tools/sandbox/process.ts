/**
 * The child processes that run students' code: how one is started, watched and ended, and the channel
 * its messages arrive on. What the messages mean is run.ts's business; this module only guarantees
 * that no child outlives the grader and none floods it.
 *
 * A child is
 *
 *   node --permission --allow-fs-read=<child.mjs> --experimental-vm-modules
 *        --max-old-space-size=<cap> --ticks-before-optimization=100
 *        --disallow-code-generation-from-strings child.mjs
 *
 * under `ulimit` caps on data size, CPU time, core and file size, in its own process group, with an
 * empty environment, and (where util-linux's `setpriv` exists) SIGKILL as its parent-death signal. It
 * can read only its own harness and write nothing; it cannot start processes or workers, nor evaluate
 * strings as code. Its request goes on stdin (which then stays open: its end tells the child the
 * grader is gone); its messages come back on a private pipe (fd 3), each line prefixed with a random
 * nonce the student never sees, and are parsed again here (protocol.ts). A watchdog SIGKILLs the
 * process group when the child stops answering; its console output and its protocol lines are capped.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { realpathSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CAPS } from "./limits.ts";
import { type ChildMessage, type ChildRequest, parseChildMessage } from "./protocol.ts";

/** The harness the child runs: the only file it may read. */
export const HARNESS = realpathSync(fileURLToPath(new URL("./child.mjs", import.meta.url)));

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
/** SIGKILLs every child still running (for a CLI's SIGINT/SIGTERM handler). */
export function killAllChildren(): void {
  for (const c of live) killTree(c);
}
let exitHandler = false;
/** Kills every child when this process exits: installed with the first child, not by importing this module. */
function killChildrenOnExit(): void {
  if (exitHandler) return;
  exitHandler = true;
  process.on("exit", killAllChildren);
}

let ulimitWorks: boolean | undefined;
function canUlimit(): boolean {
  ulimitWorks ??=
    process.platform === "linux" &&
    spawnSync("/bin/sh", ["-c", "ulimit -d 1048576 && ulimit -t 60 && ulimit -c 0 && ulimit -f 0"]).status === 0;
  return ulimitWorks;
}
/**
 * Whether util-linux's `setpriv --pdeathsig` works here: the kernel then SIGKILLs the child when the
 * grader dies. The child's own checks (stdin's end, a new parent) need its event loop, and student code
 * looping in a microtask (`await null; for (;;) {}`) or flooding them starves it: without this, such a
 * child outlived a grader killed with SIGKILL until its CPU-time limit (minutes).
 */
let pdeathsigWorks: boolean | undefined;
function canPdeathsig(): boolean {
  pdeathsigWorks ??=
    process.platform === "linux" && spawnSync("setpriv", ["--pdeathsig", "KILL", "--", "/bin/true"]).status === 0;
  return pdeathsigWorks;
}

/**
 * V8's optimizing compiler, held back until code has run ~30× longer than V8's default asks
 * (`--ticks-before-optimization=100`, default 3), where this Node's V8 has the flag. Every job links the
 * library and the student's module afresh in a context of its own, and optimized code is per context:
 * by default V8 optimizes the same functions again in each of a student's 144 contexts, for calls that
 * then run a few milliseconds. Held back, that work is not done: the children's CPU time per student of
 * a class, ~1.24 → ~1.03 s (three alternating runs of nine students each). Code that is really hot (a
 * slow student's loop) is still optimized, some 2 ms later per context: a loop of 3×3 matrix products
 * took 0.27 s by default and 0.26 s with this flag. Not `--no-opt`, which saved about as much but is
 * unfair to a slow, correct answer: that loop took 5.0 s without an optimizing compiler, past a call's 2 s.
 */
const TIER_UP_FLAG = "--ticks-before-optimization=100";
let tierUpWorks: boolean | undefined;
function canDelayTierUp(): boolean {
  tierUpWorks ??= spawnSync(process.execPath, [TIER_UP_FLAG, "-e", "0"]).status === 0;
  return tierUpWorks;
}

/**
 * The permission model's flag: `--permission` since it became stable (Node 22.13 and 23.5); Node 24
 * refuses the older `--experimental-permission` outright (exit code 9), which Node 20 still needs.
 */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

/** The child's command line; `cpuSeconds` is a backstop should everything else fail. */
function command(memoryMb: number, cpuSeconds: number): { cmd: string; args: string[] } {
  const node = [
    process.execPath,
    PERMISSION_FLAG,
    `--allow-fs-read=${HARNESS}`,
    "--experimental-vm-modules",
    `--max-old-space-size=${memoryMb}`,
    ...(canDelayTierUp() ? [TIER_UP_FLAG] : []),
    "--disallow-code-generation-from-strings", // no eval / new Function, in the harness's realm and the exercises'
    "--no-warnings", // the permission model's and vm modules' ExperimentalWarnings
    HARNESS,
    `--grader=${process.pid}`, // ignored by the harness: says in `ps` (and /proc/<pid>/cmdline) whose sandbox it is
  ];
  if (!canUlimit()) return { cmd: node[0]!, args: node.slice(1) };
  const dataKb = (memoryMb + 512) * 1024;
  const run = canPdeathsig() ? `exec setpriv --pdeathsig KILL -- "$@"` : `exec "$@"`;
  const script = `ulimit -d ${dataKb} && ulimit -t ${cpuSeconds} && ulimit -c 0 && ulimit -f 0 && ${run}`;
  return { cmd: "/bin/sh", args: ["-c", script, "sh", ...node] };
}

/** What the command line of every sandbox process of grader `pid` holds: how to find one left behind (/proc/<pid>/cmdline). */
export const sandboxMark = (pid: number): string[] => [HARNESS, `--grader=${pid}`];

/** How a child process ended. */
export interface ChildEnd {
  /** "done": the child said so; "exit": it ended on its own before; the others: it was stopped. */
  end: "exit" | "done" | "timeout" | "output-limit" | "spawn-error";
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The start of its stderr (Node's own messages: out of memory, …). */
  stderr: string;
}

/** Margin of the watchdog over the child's own limits (Node start, encoding, a loaded machine). */
const WATCHDOG_SLACK_MS = 2500;

export interface ChildOptions {
  /** V8 heap cap, MB. */
  memoryMb: number;
  /** CPU-time backstop (ulimit -t), s. */
  cpuSeconds: number;
  /** How long the child may stay silent now, ms (asked again after every message; a slack is added). */
  watchdogMs: () => number;
}

/**
 * Starts a child with `request` (minus its nonce, chosen here) and hands every protocol message to
 * `onMessage` until the child ends or `onMessage` returns true (everything is answered). Never
 * throws; always settles, with the child's process group gone.
 */
export function runChild(
  request: Omit<ChildRequest, "nonce">,
  options: ChildOptions,
  onMessage: (message: ChildMessage, lineLength: number) => boolean | void,
): Promise<ChildEnd> {
  return new Promise((resolve) => {
    const out: ChildEnd = { end: "exit", code: null, signal: null, stderr: "" };
    const nonce = randomBytes(16).toString("hex");
    const { cmd, args } = command(options.memoryMb, options.cpuSeconds);
    let child: ChildProcess;
    try {
      child = spawn(cmd, args, {
        cwd: dirname(HARNESS),
        env: {},
        stdio: ["pipe", "pipe", "pipe", "pipe"],
        detached: true,
      });
    } catch {
      out.end = "spawn-error";
      resolve(out);
      return;
    }
    killChildrenOnExit();
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
    const stop = (why: ChildEnd["end"]) => {
      if (out.end === "exit") out.end = why;
      killTree(child);
      clearTimeout(grace);
      grace = setTimeout(finish, 1000); // 'close' normally follows at once; do not depend on it
    };
    /** The watchdog: the child's own limits plus a margin; re-armed by every message. */
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop("timeout"), options.watchdogMs() + WATCHDOG_SLACK_MS);
    };
    arm();
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
    child.stdout!.on("data", (d: Buffer) => {
      logBytes += d.length;
      if (logBytes > CAPS.maxLogBytes) stop("output-limit");
    });
    child.stderr!.on("data", (d: Buffer) => {
      logBytes += d.length;
      const room = CAPS.keepLogBytes - out.stderr.length;
      if (room > 0) out.stderr += d.toString("utf8", 0, Math.min(d.length, room));
      if (logBytes > CAPS.maxLogBytes) stop("output-limit");
    });
    for (const s of [child.stdout!, child.stderr!]) s.on("error", () => {});

    // The protocol channel: only lines that start with the nonce count.
    const prefix = `${nonce} `;
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
      if (!line.startsWith(prefix) || settled) return;
      if (line.length > CAPS.maxLineChars) return stop("output-limit");
      const message = parseChildMessage(line.slice(prefix.length));
      if (!message) return;
      if (onMessage(message, line.length) === true) {
        out.end = "done";
        stop("done");
        return;
      }
      arm();
    }
    child.stdin!.on("error", () => {}); // EPIPE if the child died before reading
    // stdin stays open: its end tells the child the grader is gone.
    child.stdin!.write(JSON.stringify({ nonce, ...request }) + "\n");
  });
}
