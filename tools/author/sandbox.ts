/**
 * The sandbox moved to tools/sandbox/ (issue 17 §7): this module only re-exports it, for code written
 * before the move. New code imports from tools/sandbox/ directly; delete this file once nothing
 * imports it.
 */

export { readSubmissionFile } from "../sandbox/files.ts";
export { DEFAULT_LIMITS, type SandboxLimits } from "../sandbox/limits.ts";
export { HARNESS, killAllChildren, sandboxMark } from "../sandbox/process.ts";
export { type SubmissionRun, mapLimit, runSubmission, runSubmissions } from "../sandbox/run.ts";
export { type SandboxJob, transpile } from "../sandbox/transpile.ts";
