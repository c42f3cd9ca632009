/**
 * Reads a notebook the way the kit's Vite plugin does — its own `deserialize`, our math step, its own
 * `transpile` per cell — and hands the result to the tools that need it: the Vitest plugin that turns a
 * notebook into a module of cells (`notebookCells`), and the cell type-checker (`typecheck-cells.ts`).
 */

import { readFile } from "node:fs/promises";
import type { Cell, transpile } from "@observablehq/notebook-kit";
import type { Plugin } from "vite";

/** One cell, compiled, or with the reason it could not be. */
export interface CompiledCell {
  id: number;
  mode: Cell["mode"];
  value: string;
  /** Free variables (what the cell reads) and declarations (what it defines), from the kit's transpiler. */
  inputs: string[];
  outputs: string[];
  /** The kit's compiled cell, absent when compilation failed. */
  transpiled?: ReturnType<typeof transpile>;
  compileError?: string;
  mathErrors: string[];
}

export interface CompiledNotebookSource {
  title: string;
  filename: string;
  cells: CompiledCell[];
}

let parser: DOMParser | undefined;

/**
 * Deserializes, renders math in, and transpiles every cell of the notebook file `filename`. The kit (with
 * its TypeScript), happy-dom and KaTeX load here, at the first notebook, not with this module: every
 * Vitest run loads vitest.config.ts, which names the plugin below, and `npm run check` opens no notebook
 * (importing them up front cost each run 1.8 s).
 */
export async function compileNotebook(filename: string): Promise<CompiledNotebookSource> {
  const [{ deserialize, transpile }, { Window }, { markdownMath }] = await Promise.all([
    import("@observablehq/notebook-kit"),
    import("happy-dom"),
    import("./markdown-math.ts"),
  ]);
  parser ??= new new Window().DOMParser() as unknown as DOMParser;
  const errors: { cell: number; message: string }[] = [];
  const notebook = markdownMath({ onError: (e) => errors.push(e) })(
    deserialize(await readFile(filename, "utf-8"), { parser }),
    { filename },
  );
  const cells = notebook.cells.map((cell): CompiledCell => {
    const base = {
      id: cell.id,
      mode: cell.mode,
      value: cell.value,
      mathErrors: errors.filter((e) => e.cell === cell.id).map((e) => `KaTeX: ${e.message}`),
    };
    try {
      const transpiled = transpile(cell, { resolveFiles: true });
      return { ...base, inputs: transpiled.inputs ?? [], outputs: transpiled.outputs ?? [], transpiled };
    } catch (error) {
      return { ...base, inputs: [], outputs: [], compileError: String((error as Error)?.message ?? error) };
    }
  });
  return { title: notebook.title, filename, cells };
}

const SUFFIX = "?notebook";

/**
 * Vite/Vitest plugin: `import("/abs/notebooks/01-….html?notebook")` yields a module whose `cells` carry
 * each cell's definition exactly as the page's script would `define` it. The module's id is the
 * notebook's path, so Vite resolves the cells' imports relative to the notebook and compiles `.ts`.
 */
export function notebookCells(): Plugin {
  return {
    name: "notebook-cells",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return;
      const filename = id.slice(0, -SUFFIX.length);
      this.addWatchFile(filename);
      const nb = await compileNotebook(filename);
      const cells = nb.cells.map(({ transpiled: t, ...cell }) => {
        const meta = JSON.stringify({
          id: cell.id,
          mode: cell.mode,
          compileError: cell.compileError,
          mathErrors: cell.mathErrors,
        });
        if (!t) return `  {...${meta}}`;
        return `  {...${meta}, definition: {
    id: ${cell.id},
    body: ${t.body},
    inputs: ${JSON.stringify(t.inputs)},
    outputs: ${JSON.stringify(t.outputs)},
    output: ${JSON.stringify(t.output)},
    display: ${cell.mode === "js" || cell.mode === "ts"},
    autodisplay: ${t.autodisplay},
    autoview: ${t.autoview},
    automutable: ${t.automutable}
  }}`;
      });
      return `export const title = ${JSON.stringify(nb.title)};
export const filename = ${JSON.stringify(filename)};
export const cells = [
${cells.join(",\n")}
];
`;
    },
  };
}
