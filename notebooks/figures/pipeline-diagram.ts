/**
 * Chapter 06, section 1: the rendering pipeline as a diagram — one box per stage (its name, the spaces it
 * goes between, and how), joined by arrows. Side by side on a wide page; stacked on a narrow one, where side
 * by side would shrink the text to about 5 px. Built as SVG elements, with the whole pipeline in one
 * sentence as the diagram's accessible name.
 */

/** A stage of the pipeline: its name, "from → to" space, and two short lines of how. */
export interface PipelineStage {
  name: string;
  what: string;
  how: [string, string];
}

/** The lecture's five stages, object space to pixels. */
export const PIPELINE_STAGES: readonly PipelineStage[] = [
  { name: "Modeling", what: "object → world", how: ["M: rotate, scale,", "translate (ch. 01–05)"] },
  { name: "Viewing", what: "world → camera", how: ["V = lookAt(eye,", "target, up)"] },
  { name: "Projection", what: "camera → clip", how: ["P: orthographic", "or perspective"] },
  { name: "Clipping", what: "clip → NDC", how: ["keep −w ≤ x, y, z ≤ w,", "then divide by w"] },
  { name: "Screen", what: "NDC → pixels", how: ["viewport: scale", "and translate"] },
];

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children (strings become text). */
function el(tag: string, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...children);
  return e;
}

/** Where box `i` sits and how big the whole diagram is, side by side or `stacked`. */
export function pipelineLayout(count: number, stacked: boolean) {
  const boxW = stacked ? 300 : 150;
  const [gap, boxH] = [28, 96];
  const width = stacked ? boxW + 4 : count * boxW + (count - 1) * gap + 4;
  const height = stacked ? count * boxH + (count - 1) * gap + 50 : boxH + 30;
  const box = (i: number) => ({ x: stacked ? 2 : 2 + i * (boxW + gap), y: stacked ? 2 + i * (boxH + gap) : 2 });
  return { boxW, boxH, gap, width, height, box };
}

/** The diagram of `stages` (colours `fills`, one a stage), arrows between neighbours. */
export function pipelineDiagram(
  stages: readonly PipelineStage[],
  fills: readonly string[],
  { stacked }: { stacked: boolean },
): SVGSVGElement {
  const { boxW, boxH, gap, width, height, box } = pipelineLayout(stages.length, stacked);
  const arrowStyle = { stroke: "#555", "stroke-width": 2, "marker-end": "url(#pipe-arrow)" };
  const label = `The pipeline: ${stages.map((s) => `${s.name} (${s.what})`).join(", then ")}`;
  const style = `width: 100%; max-width: ${stacked ? 360 : 880}px; font: 12px system-ui, sans-serif`;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, style });
  const arrowHead = el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#555" });
  const marker = { id: "pipe-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7 };
  svg.append(el("defs", {}, el("marker", { ...marker, orient: "auto" }, arrowHead)));
  stages.forEach((s, i) => {
    const { x, y } = box(i);
    const cx = x + boxW / 2;
    const g = el(
      "g",
      {},
      el("rect", { x, y, width: boxW, height: boxH, rx: 8, fill: fills[i] ?? "none", stroke: "#777" }),
      el("text", { x: cx, y: y + 22, "text-anchor": "middle", "font-weight": 700, "font-size": 14 }, s.name),
      el("text", { x: cx, y: y + 44, "text-anchor": "middle", "font-style": "italic" }, s.what),
      el("text", { x: cx, y: y + 68, "text-anchor": "middle", "font-size": 11, fill: "#333" }, s.how[0]),
      el("text", { x: cx, y: y + 83, "text-anchor": "middle", "font-size": 11, fill: "#333" }, s.how[1]),
    );
    if (i < stages.length - 1)
      g.append(
        stacked
          ? el("line", { x1: boxW / 2 + 2, y1: y + boxH + 2, x2: boxW / 2 + 2, y2: y + boxH + gap - 3, ...arrowStyle })
          : el("line", { x1: x + boxW + 2, y1: boxH / 2 + 2, x2: x + boxW + gap - 3, y2: boxH / 2 + 2, ...arrowStyle }),
      );
    svg.append(g);
  });
  const end = stacked ? "pixels (and a depth per pixel)" : "pixels (plus a depth per pixel for hidden surfaces)";
  svg.append(
    el("text", { x: 2, y: height - (stacked ? 26 : 6), fill: "#666" }, "object space"),
    el("text", { x: width - 2, y: height - 6, fill: "#666", "text-anchor": "end" }, end),
  );
  return svg as SVGSVGElement;
}
