/**
 * The "your turn" panel that ends a chapter: it runs the exercise's visible checks against the student's
 * exercise module — in a Web Worker with time limits (run-in-worker.ts), so an infinite loop reads "no
 * answer within N ms" and the page stays responsive — judges the answers here, shows each check's status
 * with the numbers, and draws the first failing case: the student's answer beside the reference, frames
 * for rotations, a table otherwise. A stub shows "not started"; a file that does not compile shows
 * `exercises/<file>:line:col: message`, as `npm run check` does; neither breaks the notebook. A failing
 * check points to `npm run hint -- NN.N`.
 *
 * Under the dev server (`npm start`), saving the exercise file reruns that exercise's panels in place —
 * the course plugin sends an HMR event naming the exercise, and the panel starts a fresh worker that
 * imports the file as just saved — without reloading the page; and a failing panel's "show the next
 * hint" button reveals the next hint through the dev server, the same hint state as `npm run hint`.
 */

import { chapters, exercises } from "virtual:course";
import type { Mat3, Quat } from "../../lib/index.ts";
import { axisAngle, euler, quat } from "../../lib/index.ts";
import { type ConcreteCheck, type ConcreteExercise, pointsSummary } from "../../tools/isomorphic/exercise.ts";
import { type ExerciseResult, type Outcome, callsOf, judge } from "../../tools/isomorphic/judge.ts";
import { describe } from "../../tools/isomorphic/compare.ts";
import { coordinateFrame, setQuaternion } from "./frame.ts";
import { matrixTable } from "./matrix.ts";
import { palette } from "./palette.ts";
import { runInWorker } from "./run-in-worker.ts";
import { createScene } from "./scene.ts";

const STYLE = `
.your-turn { border: 2px solid ${palette.blue}; border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; max-width: 720px; }
.your-turn h3 { margin: 0 0 .25rem; }
.your-turn .status { font-weight: 600; }
.your-turn .passed { color: ${palette.green}; } .your-turn .failing { color: ${palette.red}; } .your-turn .not-started { color: ${palette.grey}; }
.your-turn table.checks { border-collapse: collapse; width: 100%; font-size: 14px; margin: .5rem 0; }
.your-turn table.checks td { padding: 2px 6px; border-bottom: 1px solid #eee; vertical-align: top; }
.your-turn .detail { font: 12px/1.4 var(--monospace, ui-monospace, monospace); white-space: pre-wrap; color: #444; }
.your-turn .compare { display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; }
.your-turn .problem { color: ${palette.red}; }
.your-turn .case { margin: .5rem 0 .25rem; }
.your-turn .stuck button { margin-left: .5rem; font: inherit; font-size: 13px; }
.your-turn ol.hints { margin: .25rem 0; padding-left: 1.5rem; }
`;

/** The custom HMR event of a saved exercise file, `{ id, version }` (course-plugin.ts: EXERCISE_SAVED). */
const EXERCISE_SAVED = "course:exercise-saved";
/** The dev server's hint endpoint (course-plugin.ts: HINT_ENDPOINT). */
const HINT_ENDPOINT = "/__course/hint";

/** Vite's HMR client, under the dev server only (this module's `import.meta.hot`; undefined in a build or in Node). */
interface Hot {
  on(event: string, listener: (data: { id: string; version: number }) => void): void;
}
const hot = (import.meta as ImportMeta & { hot?: Hot }).hot;

/** The exercise a chapter means — "05.3", or its id "05-interpolating-rotations/03-slerp" — or a RangeError listing them. */
function findExercise(query: string) {
  const all = chapters.flatMap((c) => c.exercises);
  const found = all.find((e) => e.number === query || e.id === query);
  if (!found)
    throw new RangeError(`yourTurn: no exercise "${query}"; the exercises are ${all.map((e) => e.number).join(", ")}`);
  return found;
}

/** The rotation an answer stands for, if the check compares rotations; undefined otherwise. */
function asRotation(value: unknown, check: ConcreteCheck): Quat | undefined {
  try {
    const c = check.comparison;
    if (c.kind === "rotationQuat" && Array.isArray(value) && value.length === 4) return quat.normalize(value as Quat);
    if (c.kind === "rotationMatrix" && Array.isArray(value) && value.length === 9) return quat.fromMat3(value as Mat3);
    if (c.kind === "eulerAngles" && Array.isArray(value) && value.length === 3) {
      return quat.fromMat3(euler.toMat3(value as euler.EulerAngles, c.order as euler.EulerOrder, c.frame));
    }
    if (c.kind === "axisAngle" && value && typeof value === "object") {
      const v = value as { axis: [number, number, number]; angle: number };
      return quat.fromMat3(axisAngle.toMat3(v.axis, v.angle));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** A small 3D view: the reference rotation as a faint frame, the student's as a solid one. */
function rotationFigure(
  expected: Quat,
  got: Quat | undefined,
  answered: boolean,
  disposers: (() => void)[],
): HTMLElement {
  const caption = got
    ? "faint: reference · solid: yours"
    : answered
      ? "faint: reference (yours is not a rotation that can be drawn)"
      : "faint: reference (yours gave no answer)";
  const fig = createScene({ width: 300, height: 220, grid: false, camera: [2.4, 1.8, 3], caption });
  disposers.push(() => fig.dispose());
  const reference = coordinateFrame({ opacity: 0.3, labels: false, size: 1.1 });
  setQuaternion(reference, expected);
  fig.scene.add(reference);
  if (got) {
    const mine = coordinateFrame({ size: 1 });
    setQuaternion(mine, got);
    fig.scene.add(mine);
  }
  fig.render();
  return fig.element;
}

/** Draws one case: frames for rotations, matrices or numbers otherwise; `outcome` is the student's answer, if any. */
function caseFigure(
  check: ConcreteCheck,
  expected: unknown,
  outcome: Outcome | undefined,
  disposers: (() => void)[],
): HTMLElement {
  const got = outcome?.ok ? outcome.value : undefined;
  const want = asRotation(expected, check);
  if (want)
    return rotationFigure(want, outcome?.ok ? asRotation(got, check) : undefined, outcome?.ok === true, disposers);
  const wrap = document.createElement("div");
  wrap.className = "compare";
  const text = (label: string, value: string) =>
    Object.assign(document.createElement("div"), { className: "detail", textContent: `${label}: ${value}` });
  const show = (value: unknown, label: string) =>
    Array.isArray(value) && (value.length === 9 || value.length === 16) && value.every((x) => typeof x === "number")
      ? matrixTable(value as number[], { label })
      : text(label, describe(value));
  wrap.append(show(expected, "expected"), outcome?.ok ? show(got, "yours") : text("yours", "no answer"));
  return wrap;
}

export interface YourTurn {
  element: HTMLElement;
  result: ExerciseResult;
}

/**
 * The case the figure draws: the first failing case of the first failing check (`failures[0].index`), or
 * when all pass the first case of the last check (usually the most general one).
 */
function caseToDraw(exercise: ConcreteExercise, result: ExerciseResult): { check: number; index: number } | undefined {
  if (result.problem || result.status === "not started") return undefined;
  const failing = result.checks.findIndex((c) => !c.passed);
  if (failing < 0) {
    const last = exercise.checks.length - 1;
    return exercise.checks[last]?.cases.length ? { check: last, index: 0 } : undefined;
  }
  const first = result.checks[failing]!.failures[0];
  return first ? { check: failing, index: first.index } : undefined;
}

/** The panels on the page, by exercise id, that rerun when the exercise file is saved (dev server only). */
const live = new Map<string, Set<(version: number) => void>>();
hot?.on(EXERCISE_SAVED, ({ id, version }) => live.get(id)?.forEach((rerun) => rerun(version)));

/**
 * Runs the visible checks of an exercise against the student's module and builds the panel. Under the
 * dev server the panel then follows the file: each save reruns it in place (`element.dataset.run` counts
 * the runs), the last save's run winning.
 * @param query - The exercise's number, e.g. "01.1" (as `npm run check -- 01.1`), or its id.
 */
export async function yourTurn(query: string): Promise<YourTurn> {
  const place = findExercise(query);
  const exercise: ConcreteExercise = (await exercises[place.id]!()).default;
  const root = document.createElement("section");
  root.className = "your-turn";
  root.dataset.exercise = exercise.number;
  let generation = 0;
  let runs = 0;
  let dispose = () => {};
  /** Runs the checks and shows the answer, unless a later run (a later save) started meanwhile. */
  const update = async (version?: number) => {
    const mine = ++generation;
    const next = await panelContents(exercise, version);
    if (mine !== generation) next.dispose();
    else {
      dispose(); // the 3D view of the run it replaces (its WebGL context)
      dispose = next.dispose;
      root.replaceChildren(...next.nodes);
      root.dataset.run = String(++runs);
    }
    return next.result;
  };
  if (hot) {
    let shown = false;
    const panels = live.get(place.id) ?? live.set(place.id, new Set()).get(place.id)!;
    const rerun = (version: number) => {
      if (root.isConnected) shown = true;
      else if (shown) return void panels.delete(rerun); // its cell ran again: a newer panel took its place
      void update(version);
    };
    panels.add(rerun);
  }
  const result = await update();
  return { element: root, result };
}

/** The panel's contents for the student's module as it is now (dev server: as saved at `version`). */
async function panelContents(
  exercise: ConcreteExercise,
  version?: number,
): Promise<{ nodes: Node[]; result: ExerciseResult; dispose: () => void }> {
  const run = await runInWorker(exercise.id, callsOf(exercise), {
    timeLimitMs: exercise.timeLimitMs,
    label: `your turn ${exercise.number}`,
    ...(version === undefined ? {} : { version }),
  });
  const outcomes: Outcome[] | undefined = Array.isArray(run) ? run : undefined;
  const result = judge(exercise, run);

  const nodes: Node[] = [];
  const disposers: (() => void)[] = [];
  const style = document.createElement("style");
  style.textContent = STYLE;
  const title = document.createElement("h3");
  title.textContent = `Your turn: ${exercise.number} ${exercise.title}`;
  const status = document.createElement("p");
  status.innerHTML = `<span class="status ${result.status.replace(" ", "-")}">${result.status}</span> — ${pointsSummary(result.earned, result.points + result.hiddenPoints, result.hiddenPoints)}. Edit <code>exercises/${exercise.file}</code> and save; this panel reruns (<code class="command">npm run check -- ${exercise.number}</code> shows the same).`;
  nodes.push(style, title, status);
  if (result.problem) {
    const p = document.createElement("p");
    p.className = "detail problem";
    p.textContent = result.problem;
    nodes.push(p);
  }
  const table = document.createElement("table");
  table.className = "checks";
  const notStarted = result.status === "not started";
  exercise.checks.forEach((check, i) => {
    const r = result.checks[i]!;
    const row = table.insertRow();
    row.insertCell().textContent = r.passed ? "✓" : notStarted || result.problem ? "·" : "✗";
    row.insertCell().textContent = check.name;
    row.insertCell().textContent = `${r.earned}/${r.points}`;
    const detail = row.insertCell();
    detail.className = "detail";
    const first = r.failures[0];
    detail.textContent = r.passed
      ? `${r.total} cases pass`
      : notStarted
        ? "not started"
        : result.problem
          ? "not run (see above)"
          : first
            ? `${r.failed} of ${r.total} fail — ${first.input}: ${first.error}`
            : "";
  });
  nodes.push(table);
  if (!result.problem && result.checks.some((c, i) => !c.passed && exercise.checks[i]!.cases.length) && !notStarted)
    nodes.push(stuck(exercise));

  const draw = caseToDraw(exercise, result);
  if (draw && outcomes) {
    const offset = exercise.checks.slice(0, draw.check).reduce((sum, c) => sum + c.cases.length, 0);
    const check = exercise.checks[draw.check]!;
    const c = check.cases[draw.index]!;
    const outcome = outcomes[offset + draw.index];
    const failure = result.checks[draw.check]!.failures[0];
    const figure = document.createElement("div");
    Object.assign(figure.dataset, { check: String(draw.check), case: String(draw.index) }); // which case is drawn
    const caption = document.createElement("div");
    caption.className = "detail case";
    caption.textContent = failure
      ? `First failing case — ${check.name}: ${failure.input}\n${failure.error}\nas code: ${failure.code}`
      : `${check.name} — ${c.label ?? `${c.fn}(${c.args.map(describe).join(", ")})`}`;
    figure.append(caption, caseFigure(check, c.expected, outcome, disposers));
    nodes.push(figure);
  }
  return { nodes, result, dispose: () => disposers.forEach((d) => d()) };
}

/**
 * "stuck? `npm run hint -- 05.3`" and, under the dev server, a button that reveals the next hint through
 * the dev server (the same `.state/hints.json` as the command), with the hints revealed so far below it.
 */
function stuck(exercise: ConcreteExercise): HTMLElement {
  const wrap = document.createElement("div");
  const line = document.createElement("p");
  line.className = "stuck";
  line.append(
    "stuck? ",
    Object.assign(document.createElement("code"), {
      className: "command", // never wraps between its hyphens (course.css)
      textContent: `npm run hint -- ${exercise.number}`,
    }),
  );
  wrap.append(line);
  if (!hot || !exercise.hints.length) return wrap;
  const button = Object.assign(document.createElement("button"), { type: "button", textContent: "show the next hint" });
  const list = Object.assign(document.createElement("ol"), { className: "hints" });
  list.setAttribute("aria-live", "polite");
  const show = (r: { shown: number; total: number; hints: string[] }) => {
    list.replaceChildren(...r.hints.map((h) => Object.assign(document.createElement("li"), { textContent: h })));
    button.textContent = r.shown >= r.total ? "that was the last hint" : `show hint ${r.shown + 1} of ${r.total}`;
    button.disabled = r.shown >= r.total;
  };
  const ask = async (method: "GET" | "POST") => {
    try {
      const response = await fetch(`${HINT_ENDPOINT}?id=${encodeURIComponent(exercise.id)}`, { method });
      if (response.ok) show(await response.json());
    } catch {
      // The dev server stopped: the command still works.
    }
  };
  button.addEventListener("click", () => void ask("POST"));
  line.append(button);
  wrap.append(list);
  void ask("GET"); // the hints revealed so far, by the button or by the command
  return wrap;
}
