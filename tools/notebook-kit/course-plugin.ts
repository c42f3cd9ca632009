/**
 * Two virtual modules for the notebooks, from the Node side:
 * - `virtual:course` — every exercise with its *visible* checks and their expected values (from the
 *   solutions in the full course, from course.json in the student edition), for the "your turn" panels;
 * - `virtual:progress` — the student's progress from the last `npm run check` (`.state/progress.json`),
 *   for the course home. When that file changes, the dev server reloads the page.
 */

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { type Plugin } from "vite";
import type { Course } from "../course/course.ts";
import { fromRoot } from "./kit.ts";

const COURSE = "virtual:course";
const PROGRESS = "virtual:progress";
const PROGRESS_FILE = fromRoot(".state/progress.json");

/**
 * The course without hidden checks: what a page may show. Computed in a child Node process (the course
 * tools are TypeScript, loaded with tools/ts-hooks.mjs), so the same code answers in dev, build and tests.
 */
function visibleCourse(): Course {
  const json = execFileSync(
    process.execPath,
    ["--import", fromRoot("tools/register-ts.mjs"), fromRoot("tools/course/course.ts"), "--visible-json"],
    { encoding: "utf8", maxBuffer: 1 << 28 },
  );
  return JSON.parse(json) as Course;
}

export function coursePlugin(): Plugin {
  return {
    name: "course-data",
    resolveId(id) {
      return id === COURSE || id === PROGRESS ? `\0${id}` : undefined;
    },
    async load(id) {
      if (id === `\0${COURSE}`) return `export const course = ${JSON.stringify(visibleCourse())};`;
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
