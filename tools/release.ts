/**
 * `npm run release -- <dir>`: writes the student edition of the course to `<dir>` — no `solutions/`, no
 * hidden checks, no instructor tools. Its checker and "your turn" panels compare against the expected
 * outputs of the visible checks, exported here into `tools/course/course.json`. The release passes its
 * own `npm test` (tests/exercises/release.test.ts proves it), with every stub reported "not started".
 */

import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { RELEASED_COURSE, loadCourse, visibleOnly } from "./course/course.ts";
import { fromRoot } from "./notebook-kit/kit.ts";

/** What the student edition takes from the course: top-level entries. */
const INCLUDE = [
  ".ci",
  ".gitignore",
  ".prettierignore",
  ".prettierrc.json",
  "README.md",
  "bench",
  "exercises",
  "lib",
  "notebooks",
  "package-lock.json",
  "package.json",
  "tests",
  "tools",
  "tsconfig.json",
  "vite.config.ts",
  "vitest.config.ts",
];

/** Paths (relative to the course) that stay with the instructor: answers, hidden checks, grading. */
export const INSTRUCTOR_ONLY = [
  "solutions",
  "tools/course/manifest.ts",
  "tools/course/chapters",
  "tools/course/cases.ts",
  "tools/course/trees.ts",
  "tools/course/validation.ts",
  "tools/course/mirror-types.ts",
  "tools/grade.ts",
  "tools/validate.ts",
  "tools/release.ts",
  "tools/export-gradescope.ts",
  "bench/grade.ts",
  "tests/exercises/course.test.ts",
  "tests/exercises/grader.test.ts",
  "tests/exercises/mirror-types.test.ts",
  "tests/exercises/release.test.ts",
  "tests/exercises/gradescope.test.ts",
  "tests/exercises/fixtures",
];

/** npm scripts that need the instructor's files. */
const INSTRUCTOR_SCRIPTS = ["grade", "validate", "release", "export:gradescope", "bench:grade"];

/** Writes the student edition into `dir` (which must be empty or absent). */
export async function release(dir: string): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: choose a new folder for the release`);
  if (!existsSync(fromRoot("solutions"))) throw new Error("this is already a student edition (no solutions/)");
  mkdirSync(dir, { recursive: true });
  const skip = new Set(INSTRUCTOR_ONLY.map((p) => fromRoot(p)));
  for (const entry of INCLUDE) {
    if (!existsSync(fromRoot(entry))) continue;
    cpSync(fromRoot(entry), join(dir, entry), {
      recursive: true,
      filter: (src) =>
        !skip.has(src) && !/(^|\/)(node_modules|dist|\.cache|\.state)(\/|$)/.test(relative(fromRoot("."), src)),
    });
  }
  const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { scripts: Record<string, string> };
  for (const s of INSTRUCTOR_SCRIPTS) delete pkg.scripts[s];
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
  const readme = readFileSync(fromRoot("README.md"), "utf8")
    .replace(/<!-- instructor -->[\s\S]*?<!-- \/instructor -->\n?/g, "")
    .replace(/\n{3,}/g, "\n\n");
  writeFileSync(join(dir, "README.md"), readme);
  const course = visibleOnly(await loadCourse());
  writeFileSync(
    join(dir, relative(fromRoot("."), RELEASED_COURSE)),
    JSON.stringify({ ...course, edition: "student" }) + "\n",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("Usage: npm run release -- <dir>");
    process.exit(2);
  }
  try {
    await release(dir);
    console.log(`Student edition written to ${dir}: no solutions/, no hidden checks. In it: npm install && npm start.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
