/**
 * Turns exercise definitions into Vitest tests (the setup file of Vitest's "checks" project): each
 * definition file `tests/exercises/<chapter>/<nn-name>.ts` becomes a suite, "05.3 slerp: Slerp: …", and
 * each of its checks a test. The student's file (`exercises/…`, or the tree named by COURSE_CHECKS_TREE)
 * runs once per suite in the sandbox — never in Vitest's worker — and each test reads its check's
 * verdict. Every test carries its points in `meta.check`, for tools/student/reporter.ts.
 */

import { readFileSync, statSync } from "node:fs";
import { relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AnyDefinition,
  DEFINITION_HOOK,
  type ExercisePlace,
  type ReleasedDefinition,
  placeOf,
} from "../isomorphic/exercise.ts";
import type { CheckResult, ExerciseResult } from "../isomorphic/judge.ts";
import { DEFINITIONS, checkedTree, loadExercise } from "./course.ts";
import { EVALUATED_ENV, type EvaluatedFiles, consoleOf, evaluate, submittedFile } from "./evaluate.ts";
import { fromRoot } from "./root.ts";

/** What a check's test reports, beside pass / fail. */
export interface CheckMeta {
  exercise: ExercisePlace & { title: string };
  result: Omit<ExerciseResult, "checks">;
  check: CheckResult;
  /** The student's console output during the run (capped). */
  log: string;
}

declare module "vitest" {
  interface TaskMeta {
    check?: CheckMeta;
  }
}

const tree = checkedTree();
const EVALUATED_KEPT = Symbol.for("course.checks.evaluated");

/**
 * What `npm run check` evaluated before starting Vitest, if it did (evaluate.ts, `EVALUATED_ENV`). This
 * file runs again before every definition file, and with `isolate: false` in the same realm: the JSON
 * (every exercise's verdicts, megabytes) is read once per worker and kept on `globalThis` under the file's
 * path, size and time — not read and parsed 76 times (~1.1 s of a worker's time on a stub tree).
 */
const evaluatedBefore = ((): EvaluatedFiles | undefined => {
  const path = process.env[EVALUATED_ENV];
  if (!path) return undefined;
  const { size, mtimeMs } = statSync(path);
  const key = `${path}\n${size}\n${mtimeMs}`;
  const kept = globalThis as { [EVALUATED_KEPT]?: { key: string; files: EvaluatedFiles } };
  if (kept[EVALUATED_KEPT]?.key !== key)
    kept[EVALUATED_KEPT] = { key, files: JSON.parse(readFileSync(path, "utf8")) as EvaluatedFiles };
  return kept[EVALUATED_KEPT].files;
})();

/** A failed check in words: the first failing cases with input, expected, got and the error. */
function explain(check: CheckResult, result: ExerciseResult): string {
  if (result.problem) return result.problem;
  if (result.status === "not started") return "not started: the function still throws NotImplemented";
  return [
    `${check.failed} of ${check.total} cases fail`,
    ...check.failures.map(
      (f) =>
        `  input     ${f.input}\n  as code   ${f.code}\n  expected  ${f.expected}\n  got       ${f.got}\n  ${f.error}`,
    ),
  ].join("\n");
}

/**
 * A failed check as an Error without stack frames: its frames would be this file's and Vitest's, nothing
 * of the student's, and Vitest reads every frame's file for a source map — on a stub tree, ~300 failing
 * checks cost the checker ~0.6 s of that.
 */
function failure(text: string): Error {
  const error = new Error(text);
  error.stack = `Error: ${text}`;
  return error;
}

(globalThis as Record<symbol, unknown>)[DEFINITION_HOOK] = (definition: AnyDefinition | ReleasedDefinition) => {
  const testPath = expect.getState().testPath;
  if (!testPath) return;
  const file = relative(fromRoot(DEFINITIONS), testPath).replaceAll("\\", "/");
  if (!/^\d\d-[^/]+\/\d\d-[^/]+\.ts$/.test(file)) return; // a definition imported by some other test
  const place = placeOf(file);
  describe(`${place.number} ${place.name}: ${definition.title}`, () => {
    let result: ExerciseResult;
    let log = "";
    beforeAll(async () => {
      const done = evaluatedBefore?.[file];
      if (done) ({ result, log } = done);
      else {
        const evaluation = await evaluate(await loadExercise(file), submittedFile(tree, file));
        result = evaluation.result;
        log = consoleOf(evaluation);
      }
    }, 120_000);
    definition.checks.forEach((check, i) => {
      it(check.name, { tags: check.hidden ? ["hidden"] : [] }, ({ task }) => {
        const verdict = result.checks[i]!;
        const { checks: _, ...summary } = result;
        task.meta.check = { exercise: { ...place, title: definition.title }, result: summary, check: verdict, log };
        if (!verdict.passed) throw failure(explain(verdict, result));
      });
    });
  });
};
