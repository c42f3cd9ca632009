/**
 * Course validation (as rustlings' `dev check`): every solution passes every check, every stub fails
 * every graded check and reports "not started", and the manifest, exercises/ and solutions/ agree file
 * for file. `npm run validate` runs the same checks outside Vitest.
 */

import { describe, expect, it } from "vitest";
import { callsOf, concreteExercise, judge, runCalls } from "../../tools/course/checks.ts";
import { chapters } from "../../tools/course/manifest.ts";
import { treeProblems } from "../../tools/course/trees.ts";

const load = (tree: "exercises" | "solutions", file: string) =>
  import(/* @vite-ignore */ `../../${tree}/${file}`) as Promise<Record<string, unknown>>;

describe("the course's trees", () => {
  it("manifest, exercises/ and solutions/ agree: no orphan, no missing file", async () => {
    expect(await treeProblems()).toEqual([]);
  });
});

for (const chapter of chapters) {
  describe(chapter.id, () => {
    it.each(chapter.exercises.map((e) => [e.id, e] as const))(
      "%s: the solution passes every check",
      async (_id, exercise) => {
        const concrete = await concreteExercise(exercise, chapter.id, await load("solutions", exercise.file));
        const result = judge(concrete, runCalls(await load("solutions", exercise.file), callsOf(concrete)));
        const failed = result.checks.filter((c) => !c.passed);
        expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
        expect(result).toMatchObject({ status: "passed", earned: result.points });
      },
    );
    it.each(chapter.exercises.map((e) => [e.id, e] as const))(
      "%s: the stub fails every graded check, as not started",
      async (_id, exercise) => {
        const concrete = await concreteExercise(exercise, chapter.id, await load("solutions", exercise.file));
        const result = judge(concrete, runCalls(await load("exercises", exercise.file), callsOf(concrete)));
        expect(result.checks.filter((c) => c.passed || c.earned > 0)).toEqual([]);
        expect(result).toMatchObject({ status: "not started", earned: 0 });
      },
    );
  });
}
