/** Runs the project's TypeScript compiler (`tsc --noEmit`) on a generated project, for the checks that type-check generated code. */

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fromRoot } from "./root.ts";

/** One diagnostic: file as tsc printed it, 1-based line, and the message with its continuation lines. */
export interface TscError {
  file: string;
  line: number;
  message: string;
}

/** Type-checks the project in `dir` (its tsconfig.json) and returns the errors; resolves even when tsc fails. */
export async function runTsc(dir: string): Promise<TscError[]> {
  const tsc = fromRoot("node_modules/typescript/bin/tsc");
  const output = await promisify(execFile)(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", dir], {
    maxBuffer: 1 << 26,
  }).then(
    (r) => r.stdout,
    (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ""}${e.stderr ?? ""}`,
  );
  const errors = [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+: .*(?:\n {2,}.*)*)/gm)].map(
    ([, file, line, , message]) => ({
      file: file!,
      line: Number(line),
      message: message!,
    }),
  );
  if (!errors.length && /error TS/.test(output)) errors.push({ file: "?", line: 0, message: output.trim() });
  return errors;
}
