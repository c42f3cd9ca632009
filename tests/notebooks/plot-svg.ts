/**
 * Finds the charts Observable Plot drew in a cell and writes each as a standalone SVG file whose text
 * changes exactly when the picture does: what the figure snapshots (cells.test.ts) compare.
 *
 * - Plot marks its charts with the class `plot-d6a7b5` (a constant of Plot 0.6, not a per-run hash). A
 *   legend is not part of the snapshot: swatches are HTML (their colours are the chart's), and a
 *   continuous ramp needs a canvas, which happy-dom lacks. The chart's caption (Plot's `caption` option,
 *   an HTML `<figcaption>`) is not drawn in the SVG either; {@link chartCaption} reads it, and the
 *   snapshot's first line keeps it, so that a changed caption is a reviewed diff too.
 * - Plot numbers the ids of clip paths, patterns and markers with counters that run on for the whole
 *   process (`plot-clip-7`), so ids are renamed in order of appearance (`id-1`, `id-2`, …) and every
 *   `url(#…)` / `href="#…"` follows.
 * - Attributes are sorted by name, and each element goes on its own line (a reviewed diff names the mark
 *   that moved), except inside an element that holds text: there SVG would render the indentation as spaces.
 * - Numbers in geometry attributes (`d`, `transform`, `x`, …) are rounded to 1/100 px, so a change in the
 *   last bits of a computation (another Node version, an equivalent formula) is not a changed figure;
 *   text, such as tick labels, is kept as drawn.
 */

/** Attributes whose numbers are pixel positions and sizes, rounded to `DIGITS` decimals. */
const GEOMETRY = new Set([
  "cx",
  "cy",
  "d",
  "dx",
  "dy",
  "height",
  "points",
  "r",
  "rx",
  "ry",
  "transform",
  "viewBox",
  "width",
  "x",
  "x1",
  "x2",
  "y",
  "y1",
  "y2",
]);
const DIGITS = 2;
const PLOT_CLASS = /^plot-[0-9a-f]{6}$/;
const SVG_NS = "http://www.w3.org/2000/svg";

const isPlotSvg = (e: Element) => e.localName === "svg" && [...e.classList].some((c) => PLOT_CLASS.test(c));

/** The Plot charts under `root`, in document order; an svg inside one is part of it. */
export function plotSvgs(root: Element): SVGSVGElement[] {
  return Array.from(root.querySelectorAll("svg")).filter((svg) => {
    const outer = svg.parentElement?.closest("svg");
    return isPlotSvg(svg) && !(outer && isPlotSvg(outer));
  });
}

/** The caption Plot wrote for `svg` (its `caption` option: the figure's `<figcaption>`), or "" if none. */
export function chartCaption(svg: SVGSVGElement): string {
  const figure = svg.parentElement?.closest("figure");
  const caption = figure && Array.from(figure.children).find((e) => e.localName === "figcaption");
  return (caption?.textContent ?? "").replace(/\s+/g, " ").trim();
}

const roundNumber = (text: string) => {
  const x = Number(text);
  if (!Number.isFinite(x)) return text;
  const r = Number(x.toFixed(DIGITS));
  return String(r === 0 ? 0 : r); // no "-0"
};
const roundGeometry = (value: string) => value.replace(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi, roundNumber);
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, "&quot;");

/**
 * `svg` as a standalone SVG document: a comment saying where it comes from (`source`), then the chart,
 * deterministic as described above. Ends with a newline.
 */
export function serializeSvg(svg: SVGSVGElement, source: string): string {
  const ids = new Map<string, string>();
  for (const e of svg.querySelectorAll("[id]")) ids.set(e.id, `id-${ids.size + 1}`);
  const renameIds = (value: string) =>
    value.replace(/#([^\s)"']+)/g, (whole, id: string) => (ids.has(id) ? `#${ids.get(id)}` : whole));

  const attributes = (e: Element) => {
    const pairs = Array.from(e.attributes, (a): [string, string] => {
      let value = a.name === "id" ? (ids.get(a.value) ?? a.value) : renameIds(a.value);
      if (GEOMETRY.has(a.name)) value = roundGeometry(value);
      return [a.name, value];
    });
    if (e === svg && !e.hasAttribute("xmlns")) pairs.push(["xmlns", SVG_NS]);
    pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return pairs.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("");
  };
  const inline = (node: Node): string => {
    if (node.nodeType === 3) return escapeText(node.textContent ?? "");
    if (node.nodeType !== 1) return "";
    const e = node as Element;
    const tag = e.localName; // SVG is case-sensitive: clipPath, not clippath
    const inner = Array.from(e.childNodes, inline).join("");
    return inner ? `<${tag}${attributes(e)}>${inner}</${tag}>` : `<${tag}${attributes(e)}/>`;
  };
  const holdsText = (e: Element) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent !== "");
  const block = (e: Element, depth: number): string[] => {
    const pad = "  ".repeat(depth);
    const children = Array.from(e.children);
    if (holdsText(e) || children.length === 0) return [pad + inline(e)];
    const tag = e.localName;
    return [`${pad}<${tag}${attributes(e)}>`, ...children.flatMap((c) => block(c, depth + 1)), `${pad}</${tag}>`];
  };
  return [`<!-- ${source.replace(/--/g, "—")} -->`, ...block(svg, 0)].join("\n") + "\n";
}
