import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { notebookCells } from "./tools/author/notebook-kit/compile.ts";
import { coursePlugin } from "./tools/author/notebook-kit/course-plugin.ts";
import { notebookAliases } from "./tools/author/notebook-kit/kit.ts";

/**
 * Four projects:
 * - "course": the course's own tests (`tests/**\/*.test.ts`): the library, the notebooks, the grader, …
 * - "browser": the built site and the dev server in headless Chromium (`tests/e2e/`), after "course",
 *   one file at a time.
 * - "edition": the student edition's test (it releases the course and runs the edition's `npm test`),
 *   last. `npm test` runs these three.
 * - "checks": every exercise definition `tests/exercises/<chapter>/<nn-name>.ts`, each check a test that
 *   runs your `exercises/` file in the sandbox (`npm run check`, `npm run watch`, `npx vitest -t slerp`).
 */

export default defineConfig({
  resolve: { alias: notebookAliases },
  plugins: [notebookCells(), coursePlugin()],
  test: {
    // Your exercise files are not imported by the checks (they run in the sandbox), so tell watch mode.
    forceRerunTriggers: [...configDefaults.forceRerunTriggers, "**/exercises/**/*.ts"],
    tags: [{ name: "hidden", description: "a check graded by the instructor, absent from the student edition" }],
    projects: [
      {
        extends: true,
        test: {
          name: "course",
          include: ["tests/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "tests/exercises/release.test.ts", "tests/e2e/**"],
          setupFiles: ["tests/helpers/setup.ts"],
          // Notebook tests opt into happy-dom per file (`// @vitest-environment happy-dom`).
          environment: "node",
          // Vitest's default is a worker less than the cores: one, on a two-core machine, which then idles a
          // core while a file waits on its child processes (the grader's sandboxes, the commands it runs).
          // Two workers there: the course's tests in 303 s against 413 s (measured, the same tests passing).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        // The browser tests, after "course" and one file at a time. No test bounds a wall-clock time, but the
        // liveness bounds (a page answers within 5 s) are still missed beside the sandbox-heavy grader tests
        // on a two-core machine (measured: the dev-server panel test, and nothing was gained in total:
        // 1090 s in one pool against 1037 s apart). The site is built once and one Chromium serves them all
        // (tests/helpers/site.ts: `const site = sharedSite()`).
        extends: true,
        test: {
          name: "browser",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/helpers/site.ts"],
          setupFiles: ["tests/helpers/setup.ts"],
          environment: "node",
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The student edition runs its own `npm test` (two workers of its own): after the course's tests,
        // not beside them, so that the two runs do not take turns on the same cores.
        extends: true,
        test: {
          name: "edition",
          include: ["tests/exercises/release.test.ts"],
          setupFiles: ["tests/helpers/setup.ts"],
          environment: "node",
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "checks",
          include: ["tests/exercises/[0-9][0-9]-*/[0-9][0-9]-*.ts"],
          setupFiles: ["tools/author/vitest-checks.ts"],
          isolate: false, // definitions share the loaded library and course tools: several times faster
          environment: "node",
        },
      },
    ],
  },
});
