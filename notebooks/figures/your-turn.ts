/**
 * The "your turn" panel that ends a chapter: it imports the student's exercise module, runs the
 * exercise's visible checks right in the page, shows each check's status with the numbers, and draws
 * the student's answer beside the reference — frames for rotations, a table otherwise. A stub shows
 * "not started", a module that fails to load shows why; neither breaks the notebook. Saving the
 * exercise file reloads the page (Vite), so the panel follows the student's edits.
 */

import { exercises } from "virtual:course";
import type { Mat3, Quat } from "../../lib/index.ts";
import { axisAngle, euler, quat } from "../../lib/index.ts";
import {
  type ConcreteCheck,
  type ConcreteExercise,
  type ExerciseResult,
  callsOf,
  judge,
  runCalls,
} from "../../tools/course/checks.ts";
import { describe } from "../../tools/course/compare.ts";
import { coordinateFrame, setQuaternion } from "./frame.ts";
import { matrixTable } from "./matrix.ts";
import { createScene } from "./scene.ts";

const STYLE = `
.your-turn { border: 2px solid #2e86de; border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; max-width: 720px; }
.your-turn h3 { margin: 0 0 .25rem; }
.your-turn .status { font-weight: 600; }
.your-turn .passed { color: #1b998b; } .your-turn .failing { color: #d7263d; } .your-turn .not-started { color: #888; }
.your-turn table.checks { border-collapse: collapse; width: 100%; font-size: 14px; margin: .5rem 0; }
.your-turn table.checks td { padding: 2px 6px; border-bottom: 1px solid #eee; vertical-align: top; }
.your-turn .detail { font: 12px/1.4 var(--monospace, ui-monospace, monospace); white-space: pre-wrap; color: #444; }
.your-turn .compare { display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; }
`;

/** Loads the exercise's data (visible checks only), or throws a RangeError naming the ids. */
async function exerciseById(id: string): Promise<ConcreteExercise> {
  const load = exercises[id];
  if (!load)
    throw new RangeError(`yourTurn: no exercise "${id}"; the exercises are ${Object.keys(exercises).join(", ")}`);
  return (await load()).default;
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
function rotationFigure(expected: Quat, got: Quat | undefined): HTMLElement {
  const fig = createScene({ width: 300, height: 220, grid: false, camera: [2.4, 1.8, 3] });
  const reference = coordinateFrame({ opacity: 0.3, labels: false, size: 1.1 });
  setQuaternion(reference, expected);
  fig.scene.add(reference);
  if (got) {
    const mine = coordinateFrame({ size: 1 });
    setQuaternion(mine, got);
    fig.scene.add(mine);
  }
  fig.render();
  const wrap = document.createElement("figure");
  wrap.style.margin = "0";
  const caption = document.createElement("figcaption");
  caption.textContent = got ? "faint: reference · solid: yours" : "reference (yours could not be drawn)";
  caption.style.fontSize = "12px";
  wrap.append(fig.element, caption);
  return wrap;
}

/** Draws one case: frames for rotations, matrices or numbers otherwise. */
function caseFigure(check: ConcreteCheck, expected: unknown, got: unknown): HTMLElement {
  const want = asRotation(expected, check);
  if (want) return rotationFigure(want, asRotation(got, check));
  const wrap = document.createElement("div");
  wrap.className = "compare";
  const show = (value: unknown, label: string) =>
    Array.isArray(value) && (value.length === 9 || value.length === 16) && value.every((x) => typeof x === "number")
      ? matrixTable(value as number[], { label })
      : Object.assign(document.createElement("div"), {
          className: "detail",
          textContent: `${label}: ${describe(value)}`,
        });
  wrap.append(show(expected, "expected"), show(got, "yours"));
  return wrap;
}

export interface YourTurn {
  element: HTMLElement;
  result: ExerciseResult;
}

/**
 * Runs the visible checks of exercise `id` against the student's module and builds the panel.
 * @param id - The exercise id in the manifest, e.g. "canonical-matrices".
 * @param load - Imports the student's module, e.g. `() => import("../exercises/01-…/01-canonical-matrices.ts")`.
 */
export async function yourTurn(id: string, load: () => Promise<Record<string, unknown>>): Promise<YourTurn> {
  const exercise = await exerciseById(id);
  let result: ExerciseResult;
  let outcomes: ReturnType<typeof runCalls> | undefined;
  try {
    outcomes = runCalls(await load(), callsOf(exercise));
    result = judge(exercise, outcomes);
  } catch (error) {
    result = judge(exercise, { problem: `your file could not be loaded: ${(error as Error).message}` });
  }

  const root = document.createElement("section");
  root.className = "your-turn";
  const style = document.createElement("style");
  style.textContent = STYLE;
  const title = document.createElement("h3");
  title.textContent = `Your turn: ${exercise.title}`;
  const status = document.createElement("p");
  status.innerHTML = `<span class="status ${result.status.replace(" ", "-")}">${result.status}</span> — ${result.earned} of ${result.points} points from the visible checks. Edit <code>exercises/${exercise.file}</code> and save; this panel reruns.`;
  root.append(style, title, status);
  if (result.problem) {
    const p = document.createElement("p");
    p.className = "detail";
    p.textContent = result.problem;
    root.append(p);
  }

  const table = document.createElement("table");
  table.className = "checks";
  let k = 0;
  let figure: HTMLElement | undefined;
  exercise.checks.forEach((check, i) => {
    const r = result.checks[i]!;
    const row = table.insertRow();
    const notStarted = result.status === "not started";
    row.insertCell().textContent = r.passed ? "✓" : notStarted ? "·" : "✗";
    row.insertCell().textContent = check.name;
    row.insertCell().textContent = `${r.earned}/${r.points}`;
    const detail = row.insertCell();
    detail.className = "detail";
    const first = r.failures[0];
    detail.textContent = r.passed
      ? `${r.total} cases pass`
      : notStarted
        ? "not started"
        : first
          ? `${r.failed} of ${r.total} fail — ${first.input}: ${first.error}`
          : "";
    // The figure: the first failing case, or the first case when all pass.
    for (const c of check.cases) {
      const outcome = outcomes?.[k++];
      if (figure || !outcome) continue;
      if (result.status !== "not started" && (!r.passed || i === exercise.checks.length - 1)) {
        figure = caseFigure(check, c.expected, outcome.ok ? outcome.value : undefined);
        const caption = document.createElement("div");
        caption.className = "detail";
        caption.textContent = `${check.name} — ${c.label ?? `${c.fn}(${c.args.map(describe).join(", ")})`}`;
        figure.prepend(caption);
      }
    }
  });
  root.append(table);
  if (figure && result.status !== "not started") root.append(figure);
  return { element: root, result };
}
