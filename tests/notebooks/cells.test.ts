// @vitest-environment happy-dom
/**
 * Every cell of every chapter runs in Node with the real Observable runtime and must fulfil; a fixture
 * notebook of deliberately broken cells proves the test notices each kind of failure.
 */

import "./dom.ts";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompiledNotebook, formatResults, runNotebook } from "./run-notebook.ts";

// Plain string paths: under happy-dom, `URL` is happy-dom's and node:url's fileURLToPath rejects it.
const notebooksDir = join(import.meta.dirname, "../../notebooks");
const notebooks = readdirSync(notebooksDir)
  .filter((f) => f.endsWith(".html"))
  .sort();

const load = (path: string): Promise<CompiledNotebook> => import(/* @vite-ignore */ `${path}?notebook`);

describe("notebook cells in Node", () => {
  it.each(notebooks)("%s: every cell fulfils", { timeout: 60_000 }, async (name) => {
    const results = await runNotebook(await load(join(notebooksDir, name)));
    expect(results.length).toBeGreaterThan(0);
    const failed = results.filter((r) => r.status !== "fulfilled");
    expect(failed, formatResults(failed)).toEqual([]);
  });
});

describe("the cell test catches broken cells", () => {
  it("reports each failure in fixtures/broken.html with its notebook, cell and error", async () => {
    const results = await runNotebook(await load(join(import.meta.dirname, "fixtures/broken.html")), { timeout: 1500 });
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expect(byId[1]).toMatchObject({ status: "fulfilled" }); // markdown with good math
    expect(byId[2]).toMatchObject({ notebook: "broken.html", status: "rejected", error: "Error: deliberate failure" });
    expect(byId[3]).toMatchObject({ status: "rejected", error: expect.stringMatching(/nope is not defined/) });
    expect(byId[4]).toMatchObject({ status: "rejected" }); // depends on the failing cell 2
    expect(byId[5]).toMatchObject({ status: "rejected", error: expect.stringMatching(/^compile:/) });
    expect(byId[6]).toMatchObject({ status: "pending", error: expect.stringMatching(/still pending/) });
    expect(byId[7]).toMatchObject({ status: "rejected", error: expect.stringMatching(/KaTeX/) });
    expect(byId[8]).toMatchObject({ status: "rejected", error: expect.stringMatching(/nothing/) });
    expect(byId[9]).toMatchObject({ status: "rejected", error: expect.stringMatching(/KaTeX parse error/) });
    expect(formatResults(results)).toMatch(/broken\.html cell 2 \(js\): rejected — Error: deliberate failure/);
  });
});
