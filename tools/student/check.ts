/**
 * `npm run check -- [exercise …]`: runs the checks of your exercises through Vitest (its "checks"
 * project; each check is a test) and prints each exercise's status — passed, failing, not started — and
 * points, with every check and its failures when you name one to three exercises, and the total.
 * Your code runs in a sandboxed child process, so a bug cannot hang the checker. The result is saved to
 * `.state/progress.json` for the course home.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { type Vitest, createVitest } from "vitest/node";
import { CommandError, parseCommand, runCommand } from "../author/cli.ts";
import { DEFINITIONS, checkedTree, courseIndex, exerciseFiles, findExercise } from "../author/course.ts";
import { EVALUATED_ENV, evaluateFiles } from "../author/evaluate.ts";
import { fromRoot, isMain } from "../author/root.ts";

export const USAGE = `Usage: npm run check -- [exercise …]

Runs the checks of every exercise, or of the exercises named, on your files in exercises/.
An exercise is named by its number, its name or its path: 05.3, slerp, 05-interpolating-rotations/03-slerp.
One to three exercises print check by check, with the input, the expected answer, yours and the error.

Same checks, other ways: npm run watch -- <exercise> (on every save), npx vitest -t slerp, your editor's
Vitest panel (project "checks").`;

/** The definition files (absolute paths) of the exercises the student named; all when none. */
export async function definitionFiles(queries: readonly string[]): Promise<string[]> {
  if (queries.length === 0) return exerciseFiles(DEFINITIONS).map((f) => fromRoot(`${DEFINITIONS}/${f}`));
  const index = await courseIndex();
  return [...new Set(queries.map((q) => findExercise(index, q).file))].map((f) => fromRoot(`${DEFINITIONS}/${f}`));
}

/** A Vitest of the "checks" project with the points reporter; `watch` keeps it running. */
export async function checksVitest(watch: boolean): Promise<Vitest> {
  return createVitest(
    "test",
    {
      root: fromRoot("."),
      project: ["checks"],
      watch,
      reporters: [fromRoot("tools/student/reporter.ts")],
      // watch.ts maps a saved exercise to its own checks; no need to rerun the others.
      ...(watch ? { forceRerunTriggers: [] } : {}),
    },
    {},
    {},
  );
}

if (isMain(import.meta.url)) {
  const { positionals } = parseCommand(USAGE, {});
  await runCommand(async () => {
    const files = await definitionFiles(positionals);
    // Every exercise of the run in one sandboxed process, before Vitest reports them (evaluate.ts,
    // EVALUATED_ENV). Vitest loads its config meanwhile; its workers start (and read the variable) at start().
    const relativeFiles = files.map((f) => relative(fromRoot(DEFINITIONS), f).replaceAll("\\", "/"));
    const scratch = mkdtempSync(join(tmpdir(), "course-check-"));
    const evaluating = evaluateFiles(relativeFiles, checkedTree()); // first: its sandbox starts on the other core
    const starting = checksVitest(false);
    // Awaited below, after the evaluation: should Vitest fail to start meanwhile, that is reported there
    // (runCommand's message), not as an unhandled rejection that ends the process first.
    starting.catch(() => undefined);
    try {
      const evaluated = join(scratch, "evaluated.json");
      writeFileSync(evaluated, JSON.stringify(await evaluating));
      process.env[EVALUATED_ENV] = evaluated;
      const vitest = await starting;
      await vitest.start(files);
      const failedToLoad = vitest.state.getUnhandledErrors().length > 0;
      if (failedToLoad) throw new CommandError("the checks could not run (see above)");
    } finally {
      await (await starting.catch(() => undefined))?.close();
      rmSync(scratch, { recursive: true, force: true });
    }
    // A failing exercise is an ordinary answer of the checker, not an error of the command.
    process.exitCode = process.exitCode === 1 ? 0 : process.exitCode;
  });
}
