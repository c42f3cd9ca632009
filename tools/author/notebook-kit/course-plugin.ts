/**
 * Virtual modules for the notebooks, from the Node side:
 * - `virtual:course` — the course's outline (chapters, exercises, points) and, per exercise, a loader
 *   for `virtual:exercise/<id>`: that exercise with its *visible* checks and their expected values (from
 *   the solutions in the full course, from course.json in the student edition), for the "your turn"
 *   panels. Each exercise is its own chunk, so a page loads only the cases of its own exercises;
 * - `virtual:progress` — the student's progress from the last `npm run check` (`.state/progress.json`),
 *   for the course home. When that file changes, the dev server reloads the page.
 */

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { type Plugin } from "vite";
import type { Course } from "../course.ts";
import { fromRoot } from "../root.ts";

const COURSE = "virtual:course";
const EXERCISE = "virtual:exercise/";
const PROGRESS = "virtual:progress";
const PROGRESS_FILE = fromRoot(".state/progress.json");

/**
 * The course without hidden checks: what a page may show. Computed in a child Node process (the course
 * tools are TypeScript, loaded with tools/ts-hooks.mjs), so the same code answers in dev, build and tests.
 */
function visibleCourse(): Course {
  const json = execFileSync(
    process.execPath,
    ["--import", fromRoot("tools/author/register-ts.mjs"), fromRoot("tools/author/course.ts"), "--visible-json"],
    { encoding: "utf8", maxBuffer: 1 << 28 },
  );
  return JSON.parse(json) as Course;
}

/** The outline of the course: what the home page and the panels need besides the cases. */
function outline(course: Course) {
  return course.chapters.map((c) => ({
    id: c.id,
    title: c.title,
    exercises: c.exercises.map((e) => ({
      id: e.id,
      title: e.title,
      file: e.file,
      points: e.checks.reduce((s, k) => s + k.points, 0),
    })),
  }));
}

export function coursePlugin(): Plugin {
  let course: Course | undefined; // computed once per build or dev server
  const load = () => (course ??= visibleCourse());
  return {
    name: "course-data",
    resolveId(id) {
      return id === COURSE || id === PROGRESS || id.startsWith(EXERCISE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${COURSE}`) {
        const chapters = outline(load());
        const loaders = chapters
          .flatMap((c) => c.exercises)
          .map((e) => `  ${JSON.stringify(e.id)}: () => import(${JSON.stringify(EXERCISE + e.id)}),`)
          .join("\n");
        return `export const edition = ${JSON.stringify(load().edition)};\nexport const chapters = ${JSON.stringify(chapters)};\nexport const exercises = {\n${loaders}\n};\n`;
      }
      if (id.startsWith(`\0${EXERCISE}`)) {
        const wanted = id.slice(EXERCISE.length + 1);
        const exercise = load()
          .chapters.flatMap((c) => c.exercises)
          .find((e) => e.id === wanted);
        if (!exercise) this.error(`no exercise "${wanted}" in the course manifest`);
        return `export default ${JSON.stringify(exercise)};`;
      }
      if (id === `\0${PROGRESS}`) {
        const progress = existsSync(PROGRESS_FILE) ? readFileSync(PROGRESS_FILE, "utf8") : "null";
        return `export const progress = ${progress};`;
      }
      return undefined;
    },
    configureServer(server) {
      server.watcher.add(PROGRESS_FILE);
      server.watcher.on("all", (_event, path) => {
        if (path !== PROGRESS_FILE) return;
        const mod = server.moduleGraph.getModuleById(`\0${PROGRESS}`);
        if (mod) server.moduleGraph.invalidateModule(mod);
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}
