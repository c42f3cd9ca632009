/**
 * How much a student's module may take: time and memory per exercise ({@link SandboxLimits}, which an
 * exercise's definition may raise), and the caps that keep a hostile module from flooding the grader
 * ({@link CAPS}: sources, console output, protocol lines, restarts, answers).
 */

/** Limits of one exercise's run. */
export interface SandboxLimits {
  /** Importing the module (linking and running its top level), ms. */
  importTimeoutMs: number;
  /** One call, ms. */
  callTimeoutMs: number;
  /** The whole exercise, restarts included, ms. */
  totalTimeoutMs: number;
  /** V8 heap cap of the process, MB. */
  memoryMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  importTimeoutMs: 2000, // the module's own top level; the library is linked already and Node has started
  callTimeoutMs: 2000,
  totalTimeoutMs: 20_000,
  memoryMb: 256,
};

/** Caps that keep a hostile module from flooding the parent. */
export const CAPS = {
  maxSourceBytes: 256 * 1024,
  maxLogBytes: 1024 * 1024,
  keepLogBytes: 8 * 1024,
  maxProtocolBytes: 64 * 1024 * 1024,
  /**
   * What one answer may hold; `maxAnswer` and `maxAnswers` are characters of JSON, of one answer and of
   * all of an exercise's (the largest any exercise expects: ~23 kB, and ~70 kB for all its cases). The
   * grader keeps every answer and quotes failing ones in the feedback: without these caps, a course of
   * 6 MB answers took it past its heap limit.
   */
  value: {
    maxItems: 100_000,
    maxChars: 1_000_000,
    maxString: 10_000,
    maxDepth: 64,
    maxAnswer: 256 * 1024,
    maxAnswers: 2 * 1024 * 1024,
  },
  /** A protocol line longer than this is not one the harness writes (an answer, an error, a log). */
  maxLineChars: 1024 * 1024,
};
