/**
 * Virtual modules for the notebooks, from the Node side:
 * - `virtual:course` — the course's outline (chapters, exercises, points) and, per exercise, a loader for
 *   `virtual:exercise/<id>` (that exercise with its *visible* checks and their expected values, from the
 *   solutions in the full course, from the released definitions in the student edition; each its own
 *   chunk, so a page loads only its own exercises' cases);
 * - `virtual:student-modules` — per exercise, a loader for the student's module. Only the panels' Web
 *   Worker (notebooks/figures/exercise-worker.ts) imports it, so the student's code never runs in the page;
 * - `virtual:progress` — the student's progress from the last `npm run check` (`.state/progress.json`),
 *   for the course home. When that file changes, the dev server reloads the page.
 *
 * It also holds the student's exercise files to what each exercise may import, as the sandbox does
 * (tools/author/imports.ts): `lib/index.ts` becomes a barrel of the allowed modules, and a file that
 * imports anything else loads as a module that throws the same sentence the checker prints. Before that,
 * it compiles each exercise file with the checker's own `transpile` (tools/sandbox/transpile.ts): a file
 * with a syntax error loads as a module that throws `does not compile: exercises/<file>:line:col: …`,
 * word for word what `npm run check` prints, instead of failing to load under Vite's error overlay.
 *
 * The worker is bundled on its own (ES format, so it can import the student's module lazily), with this
 * plugin's worker half; in dev it is served like any module. Saving an exercise file under the dev server
 * does not reload the page: the plugin sends the custom HMR event {@link EXERCISE_SAVED} naming the
 * exercise, and that exercise's panels rerun their worker, which imports the student's module again with
 * a cache-busted URL (`?t=<save time>`). The dev server also answers `/__course/hint` (GET: the hints
 * revealed so far; POST: reveal the next one), from the same `.state/hints.json` as `npm run hint`.
 */

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { type Plugin, type PluginOption, type ViteDevServer } from "vite";
import { pointsOf } from "../../isomorphic/exercise.ts";
import type { Course } from "../course.ts";
import { revealNextHint, revealedHints } from "../hints.ts";
import { fromRoot } from "../root.ts";
import { HINTS_FILE } from "../state.ts";

/**
 * The checker's compiler and import rules, which load TypeScript: imported at the first exercise file the
 * plugin sees, not with the plugin — every Vitest run loads vitest.config.ts, which names this plugin, and
 * most (`npm run check` among them) build no page.
 */
const checkerTools = async () => ({
  ...(await import("../../sandbox/transpile.ts")),
  ...(await import("../imports.ts")),
});

const COURSE = "virtual:course";
const EXERCISE = "virtual:exercise/";
const ALLOWED = "virtual:allowed-library/";
const STUDENT = "virtual:student-modules";
/** The name of the error a held module throws: the panel shows its message as it is, as the checker does. */
export const COURSE_PROBLEM = "CourseProblem";
const PROGRESS = "virtual:progress";
const PROGRESS_FILE = fromRoot(".state/progress.json");
/** The custom HMR event sent when the student saves an exercise file: `{ id, version }` (dev only). */
export const EXERCISE_SAVED = "course:exercise-saved";
/** The dev server's hint endpoint: `GET|POST /__course/hint?id=<exercise id>`. */
export const HINT_ENDPOINT = "/__course/hint";

/**
 * The course without hidden checks: what a page may show. Computed in a child Node process (the course
 * tools are TypeScript, loaded with tools/author/ts-hooks.mjs), so the same code answers in dev, build and tests.
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
      number: e.number,
      name: e.name,
      title: e.title,
      file: e.file,
      points: pointsOf(e.checks) + e.hiddenPoints,
      hiddenPoints: e.hiddenPoints,
    })),
  }));
}

/** A module that throws `text` when imported, as an error the panel shows word for word. */
function throwing(text: string): string {
  return `const problem = new Error(${JSON.stringify(text)});\nproblem.name = ${JSON.stringify(COURSE_PROBLEM)};\nthrow problem;\n`;
}

type Exercises = () => Course["chapters"][number]["exercises"];

/**
 * The course's plugins: its data and the student's modules (post: its transform sees the student's file
 * as JavaScript, after TypeScript is stripped), and the syntax check (pre: it sees the file as written).
 *
 * The student's files are `exercises/`, or the `exercises/` tree that `COURSE_EXERCISES_DIR` names — a
 * copy of the course's tree, e.g. one student's submission, to see its panels (`COURSE_EXERCISES_DIR=…
 * npm start`; the browser test uses it for looping and broken files). Beside it, that copy needs the
 * course's `lib/` (a symbolic link will do) for the imports the exercise allows.
 */
export function coursePlugin(): PluginOption[] {
  let course: Course | undefined; // computed once per build or dev server
  const load = () => (course ??= visibleCourse());
  const exercises = () => load().chapters.flatMap((c) => c.exercises);
  const named = resolve(process.env.COURSE_EXERCISES_DIR ?? fromRoot("exercises"));
  const dir = existsSync(named) ? realpathSync(named) : named; // module ids are real paths
  // A copy of the course's tree keeps its hint state beside it (`<copy>/.state/hints.json`), not the course's.
  const hintsFile = process.env.COURSE_EXERCISES_DIR ? join(dirname(dir), ".state/hints.json") : HINTS_FILE;
  return [syntaxPlugin(dir, exercises), dataPlugin(dir, load, exercises, false), hintPlugin(exercises, hintsFile)];
}

/** The dev server's `/__course/hint` endpoint: the same hint state as `npm run hint`, local, no network. */
function hintPlugin(exercises: Exercises, hintsFile: string): Plugin {
  return {
    name: "course-hints",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      server.middlewares.use(HINT_ENDPOINT, (req, res) => {
        const id = new URL(req.url ?? "", "http://localhost").searchParams.get("id") ?? "";
        const exercise = exercises().find((e) => e.id === id);
        const reply = (status: number, body: unknown) => {
          res.statusCode = status;
          res.setHeader("Content-Type", "application/json");
          res.setHeader("Cache-Control", "no-store");
          res.end(JSON.stringify(body));
        };
        if (!exercise) return reply(404, { error: `no exercise "${id}" in the course` });
        if (req.method === "POST") return reply(200, revealNextHint(exercise.id, exercise.hints, hintsFile));
        if (req.method === "GET") return reply(200, revealedHints(exercise.id, exercise.hints, hintsFile));
        return reply(405, { error: "GET or POST" });
      });
    },
  };
}

/** The exercise whose student file the module `id` is (under `dir`, the exercises/ tree), if any. */
function exerciseOfFile(dir: string, id: string, exercises: Exercises) {
  const path = id.split("?")[0]!;
  if (!path.startsWith(dir + sep) && !path.startsWith(dir + "/")) return undefined;
  const file = relative(dir, path).replaceAll("\\", "/");
  return exercises().find((e) => e.file === file);
}

/** Compiles each exercise file as `npm run check` does; a syntax error becomes a module that says where. */
function syntaxPlugin(dir: string, exercises: Exercises): Plugin {
  return {
    name: "course-exercise-syntax",
    enforce: "pre",
    async transform(code, id) {
      const exercise = exerciseOfFile(dir, id, exercises);
      if (!exercise) return undefined;
      const { transpile } = await checkerTools();
      const compiled = transpile(code, `exercises/${exercise.file}`);
      if (compiled.ok) return undefined; // Vite strips the types itself, with source maps
      return { code: throwing(`does not compile: ${compiled.message}`), map: null };
    },
  };
}

/**
 * The virtual modules and the import restriction. The page's instance (`worker` false) also bundles the
 * panels' worker with a worker instance of both plugins, and reloads the page when an exercise file is saved.
 */
function dataPlugin(dir: string, load: () => Course, exercises: Exercises, worker: boolean): Plugin {
  let serving = false;
  return {
    name: "course-data",
    enforce: "post", // transform sees the student's file as JavaScript, after TypeScript is stripped
    configResolved(config) {
      serving = config.command === "serve";
    },
    ...(worker
      ? {}
      : {
          // The panels' worker imports the student's modules lazily (ES format), through this plugin.
          config: () => ({
            worker: {
              format: "es" as const,
              plugins: () => [syntaxPlugin(dir, exercises), dataPlugin(dir, load, exercises, true)],
            },
          }),
        }),
    resolveId(id) {
      return id === COURSE || id === PROGRESS || id === STUDENT || id.startsWith(EXERCISE) || id.startsWith(ALLOWED)
        ? `\0${id}`
        : undefined;
    },
    async load(id) {
      if (id === `\0${COURSE}`) {
        const chapters = outline(load());
        const entries = chapters.flatMap((c) => c.exercises);
        const data = entries.map((e) => `  ${JSON.stringify(e.id)}: () => import(${JSON.stringify(EXERCISE + e.id)}),`);
        return [
          `export const edition = ${JSON.stringify(load().edition)};`,
          `export const chapters = ${JSON.stringify(chapters)};`,
          `export const exercises = {\n${data.join("\n")}\n};`,
        ].join("\n");
      }
      if (id === `\0${STUDENT}`) {
        // Under the dev server, a loader takes the version of the file (the time it was saved) and asks for
        // that version's URL, so a rerun after a save never gets a cached module.
        const modules = exercises().map((e) =>
          serving
            ? `  ${JSON.stringify(e.id)}: (version) => import(/* @vite-ignore */ ${JSON.stringify(`/@fs/${`${dir}/${e.file}`.replaceAll("\\", "/").replace(/^\//, "")}`)} + (version ? "?t=" + version : "")),`
            : `  ${JSON.stringify(e.id)}: () => import(${JSON.stringify(`${dir}/${e.file}`)}),`,
        );
        return `export const studentModules = {\n${modules.join("\n")}\n};`;
      }
      if (id.startsWith(`\0${EXERCISE}`)) {
        const wanted = id.slice(EXERCISE.length + 1);
        const exercise = exercises().find((e) => e.id === wanted);
        if (!exercise) this.error(`no exercise "${wanted}" in the course`);
        return `export default ${JSON.stringify(exercise)};`;
      }
      if (id.startsWith(`\0${ALLOWED}`)) {
        const exercise = exercises().find((e) => e.id === id.slice(ALLOWED.length + 1));
        if (!exercise) this.error(`no exercise "${id}" in the course`);
        const { barrelSource } = await checkerTools();
        return barrelSource(exercise.uses, (m) => fromRoot(`lib/${m}.ts`), `${exercise.number} ${exercise.name}`);
      }
      if (id === `\0${PROGRESS}`) {
        const progress = existsSync(PROGRESS_FILE) ? readFileSync(PROGRESS_FILE, "utf8") : "null";
        return `export const progress = ${progress};`;
      }
      return undefined;
    },
    async transform(code, id) {
      const exercise = exerciseOfFile(dir, id, exercises);
      if (!exercise) return undefined;
      const { restrictImports } = await checkerTools();
      const held = restrictImports(code, `exercises/${exercise.file}`, exercise.uses, {
        barrel: `${ALLOWED}${exercise.id}`,
        extension: "",
        exercise: `${exercise.number} ${exercise.name}`,
      });
      // No tree-shaking of the student's code: it runs as written (a \`while (true) {}\` at top level has
      // no side effects to a bundler, which would drop it, and the built site would disagree with the checker).
      const keep = { map: null, moduleSideEffects: "no-treeshake" as const };
      if (held.problems.length) return { code: throwing(held.problems.join("\n")), ...keep };
      return { code: held.code, ...keep };
    },
    // The student's module lives only in the worker, whose entry no page module imports: instead of a
    // reload, name the saved exercise; its panels rerun (your-turn.ts). The module itself is already
    // invalidated (Vite does that for every changed file), so the rerun's import transforms it afresh.
    handleHotUpdate({ file, server, timestamp }) {
      if (worker) return undefined;
      const exercise = exerciseOfFile(dir, file, exercises);
      if (!exercise) return undefined;
      server.ws.send({ type: "custom", event: EXERCISE_SAVED, data: { id: exercise.id, version: timestamp } });
      return [];
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
