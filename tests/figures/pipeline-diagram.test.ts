// @vitest-environment happy-dom
/**
 * Chapter 06's pipeline diagram (notebooks/figures/pipeline-diagram.ts): five boxes joined by four arrows,
 * side by side or stacked, named for a screen reader by the whole pipeline in one sentence.
 */

import { describe, expect, it } from "vitest";
import { PIPELINE_STAGES, pipelineDiagram, pipelineLayout } from "../../notebooks/figures/pipeline-diagram.ts";

const fills = ["#111", "#222", "#333", "#444", "#555"];

describe("pipelineLayout", () => {
  it("side by side: one row of boxes with gaps; stacked: one column", () => {
    const wide = pipelineLayout(5, false);
    expect([wide.width, wide.height]).toEqual([5 * 150 + 4 * 28 + 4, 96 + 30]);
    expect(wide.box(1)).toEqual({ x: 2 + 150 + 28, y: 2 });
    const narrow = pipelineLayout(5, true);
    expect([narrow.width, narrow.height]).toEqual([304, 5 * 96 + 4 * 28 + 50]);
    expect(narrow.box(1)).toEqual({ x: 2, y: 2 + 96 + 28 });
  });
});

describe("pipelineDiagram", () => {
  for (const stacked of [false, true])
    it(`draws five boxes, four arrows and the stages' names (${stacked ? "stacked" : "side by side"})`, () => {
      const svg = pipelineDiagram(PIPELINE_STAGES, fills, { stacked });
      expect(svg.namespaceURI).toBe("http://www.w3.org/2000/svg");
      expect(svg.querySelectorAll("rect")).toHaveLength(5);
      expect(svg.querySelectorAll("line")).toHaveLength(4);
      expect(svg.querySelector("rect")!.getAttribute("fill")).toBe("#111");
      expect(svg.getAttribute("aria-label")).toBe(
        "The pipeline: Modeling (object → world), then Viewing (world → camera), then Projection (camera → clip), " +
          "then Clipping (clip → NDC), then Screen (NDC → pixels)",
      );
      expect(svg.getAttribute("viewBox")).toBe(stacked ? "0 0 304 642" : "0 0 866 126");
    });
});
