/**
 * Evaluates a compiled notebook (see tools/author/notebook-kit/compile.ts) with the real @observablehq/runtime,
 * the kit's own `define` and display observer (wrapped by notebooks/runtime/index.js to record each
 * cell's status), and reports every cell's final status.
 */
import { type CellDefinition, createNotebook } from "../../notebooks/runtime/index.js";

export type Status = "fulfilled" | "rejected" | "pending";
export interface CellResult {
  notebook: string;
  id: number;
  mode: string;
  status: Status;
  error?: string;
  /** what the cell displayed, e.g. "svg", "form.inputs-3a86ea", "figure.no-webgl" */
  output?: string;
}
interface CompiledCell {
  id: number;
  mode: string;
  compileError?: string;
  mathErrors: string[];
  definition?: CellDefinition;
}
export interface CompiledNotebook {
  title: string;
  filename: string;
  cells: CompiledCell[];
}

/** A cell's result with the element it displayed into (detached from the document once the run ends). */
export interface CellRender extends CellResult {
  root: HTMLElement;
}

export interface RunOptions {
  /** ms to wait for every cell to settle */
  timeout?: number;
  /** ms to wait, once all have settled, for a late rejection */
  grace?: number;
}

/**
 * Runs every cell; resolves once no cell is pending (plus `grace` ms for late rejections),
 * or after `timeout` ms, when the cells still pending are reported as "pending". The default is a
 * liveness bound, not a speed bound: a cell that never settles is caught, and the slowest chapters'
 * cells, which settle within a few seconds, still do so on a loaded
 * machine (at 10 s, cells of chapters 09 and 11 were reported pending under a load average of 20).
 */
export async function runNotebook(nb: CompiledNotebook, options?: RunOptions): Promise<CellResult[]> {
  return (await renderNotebook(nb, options)).map(({ root: _root, ...r }) => r);
}

/**
 * `runNotebook`, keeping each cell's root element, as the runtime left it when the run ended: what the
 * figure snapshots (cells.test.ts) read.
 */
export async function renderNotebook(
  nb: CompiledNotebook,
  { timeout = 30_000, grace = 100 }: RunOptions = {},
): Promise<CellRender[]> {
  const name = nb.filename.split("/").pop()!;
  const { runtime, define, cells } = createNotebook();
  const live = new Map<number, CellResult>(); // cells handed to the runtime; status read from `cells`
  const sync = () => {
    for (const [id, r] of live) {
      const { status, error } = cells.get(id)!;
      r.status = status;
      if (error === undefined) delete r.error;
      else r.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  };
  const main = document.body.appendChild(document.createElement("main"));
  const results = new Map<number, CellRender>();
  try {
    for (const cell of nb.cells) {
      const root = main.appendChild(document.createElement("div"));
      root.id = `cell-${cell.id}`;
      const result = {
        notebook: name,
        id: cell.id,
        mode: cell.mode,
        status: "pending" as Status,
        root,
      } as CellRender;
      results.set(cell.id, result);
      if (cell.compileError !== undefined) {
        Object.assign(result, { status: "rejected", error: `compile: ${cell.compileError}` });
        continue;
      }
      define({ root, expanded: [], variables: [] }, cell.definition!);
      live.set(cell.id, result);
    }
    const start = Date.now();
    let settledAt: number | null = null;
    while (Date.now() - start < timeout) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sync();
      const settled = [...results.values()].every((r) => r.status !== "pending");
      if (!settled) settledAt = null;
      else if (settledAt === null) settledAt = Date.now();
      else if (Date.now() - settledAt >= grace) break;
    }
    // math that KaTeX could not parse is rendered as .katex-error instead of throwing: count it as a failure
    for (const cell of nb.cells) {
      const r = results.get(cell.id)!;
      const katex = cell.mathErrors.length
        ? cell.mathErrors
        : Array.from(r.root.querySelectorAll(".katex-error"), (e) => `KaTeX: ${e.getAttribute("title")}`);
      if (r.status === "fulfilled" && katex.length) Object.assign(r, { status: "rejected", error: katex.join("; ") });
      if (r.status === "pending") r.error = `still pending after ${timeout} ms`;
      r.output = Array.from(
        r.root.children,
        (e) => e.tagName.toLowerCase() + (e.classList.length ? "." + [...e.classList].join(".") : ""),
      ).join(" ");
    }
  } finally {
    runtime.dispose();
    main.remove();
  }
  return [...results.values()];
}

export function formatResults(results: CellResult[]): string {
  return results
    .map(
      (r) =>
        `${r.notebook} cell ${r.id} (${r.mode}): ${r.status}${r.error ? ` — ${r.error}` : ""}${r.output ? ` [${r.output}]` : ""}`,
    )
    .join("\n");
}
