/**
 * The TypeScript files of the course's code trees that this copy has: the library and the stubs, and in
 * the instructor's course also the solutions and the grader's fixtures — the student edition has neither
 * (tools/instructor/release.ts), and its `npm test` runs the tests that read these files too.
 */

import { existsSync, readdirSync } from "node:fs";
import { fromRoot } from "../../tools/author/root.ts";

/** Whether this copy is the instructor's course (it has the solutions), not the student edition. */
export const FULL_COURSE = existsSync(fromRoot("solutions"));

const walk = (dir: string): string[] =>
  readdirSync(fromRoot(dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith(".ts") ? [`${dir}/${e.name}`] : [],
  );

/** Every `.ts` file (root-relative) of lib/, solutions/, exercises/ and tests/exercises/fixtures/, those that exist here. */
export function courseTypeScriptFiles(): string[] {
  return ["lib", "solutions", "exercises", "tests/exercises/fixtures"]
    .filter((tree) => existsSync(fromRoot(tree)))
    .flatMap(walk);
}
