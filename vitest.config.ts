import { defineConfig } from "vitest/config";
import { notebookCells } from "./tools/notebook-kit/compile.ts";
import { coursePlugin } from "./tools/notebook-kit/course-plugin.ts";
import { notebookAliases } from "./tools/notebook-kit/kit.ts";

export default defineConfig({
  resolve: { alias: notebookAliases },
  plugins: [notebookCells(), coursePlugin()],
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["tests/helpers/setup.ts"],
    // Notebook tests opt into happy-dom per file (`// @vitest-environment happy-dom`).
    environment: "node",
  },
});
