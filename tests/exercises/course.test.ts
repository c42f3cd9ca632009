/**
 * Course validation (as rustlings' `dev check`): every solution passes every check, every stub fails
 * every graded check and reports "not started", and the manifest, exercises/ and solutions/ agree file
 * for file. `npm run validate` runs the same checks outside Vitest.
 */

import { describe, expect, it } from "vitest";
import { chapters } from "../../tools/course/manifest.ts";
import { treeProblems } from "../../tools/course/trees.ts";
import { exerciseProblems } from "../../tools/course/validation.ts";

describe("the course's trees", () => {
  it("manifest, exercises/ and solutions/ agree: no orphan, no missing file", async () => {
    expect(await treeProblems()).toEqual([]);
  });
});

for (const chapter of chapters) {
  describe(chapter.id, () => {
    it.each(chapter.exercises.map((e) => [e.id, e] as const))(
      "%s: the solution passes every check; the stub fails every one as not started",
      async (_id, exercise) => {
        expect(await exerciseProblems(exercise, chapter.id)).toEqual([]);
      },
    );
  });
}
