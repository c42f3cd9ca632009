/** Each stub exports exactly the types of its solution; a drifted fixture proves the check bites. */

import { describe, expect, it } from "vitest";
import { DEFINITIONS, exerciseFiles } from "../../tools/author/course.ts";
import { mirrorTypeProblems } from "../../tools/author/mirror-types.ts";
import { fromRoot } from "../../tools/author/root.ts";

describe("stubs mirror their solutions' types", () => {
  it(
    "every stub's exports have exactly its solution's types, and a drifted signature is reported",
    { timeout: 60_000 },
    async () => {
      const pairs = exerciseFiles(DEFINITIONS).map((file) => ({
        name: file,
        solution: fromRoot(`solutions/${file}`),
        stub: fromRoot(`exercises/${file}`),
      }));
      const drifted = {
        name: "drifted fixture",
        solution: fromRoot("solutions/04-quaternions/02-multiply.ts"),
        stub: fromRoot("tests/exercises/fixtures/wrong-stub.ts"),
      };
      const problems = await mirrorTypeProblems([...pairs, drifted]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^drifted fixture: TS2322/);
    },
  );
});
