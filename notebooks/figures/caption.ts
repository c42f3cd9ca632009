/**
 * A figure's caption, for the reader who cannot see the figure: what it shows, the numbers it shows now,
 * and how to work it.
 *
 * `captionFigure(content, { caption, readout, hint })` puts `content` (a canvas, a chart, a note) in a
 * `<figure>` whose `<figcaption>` holds three lines:
 * - the **caption**, one sentence of what the figure shows ("The arm's three joints and the target");
 * - the **readout**, the key numbers as they are now ("angle 37.2°, error 1.2e-16"), in an `<output>`
 *   (a polite live region): when a slider or a drag changes them, `readout(text)` rewrites the line and a
 *   screen reader says the new numbers once the reader pauses, without moving focus;
 * - the **hint**, how to turn or drag the figure (figures/gestures.ts), in small grey type; a figure with
 *   handles says there which one the keyboard has picked (`hint(text)`, a polite live region too).
 *
 * Every canvas and chart of the course sits in such a figure; `tests/e2e/pages.test.ts` fails on one
 * that does not. A Plot chart gets its caption from Plot's own `caption` option, which makes the same
 * `<figure>`; this helper is for everything else.
 */

export interface CaptionOptions {
  /** What the figure shows, in one sentence (required: a figure without it says nothing to a screen reader). */
  caption: string;
  /** The key numbers as they are now (default none; set it later with `readout`). */
  readout?: string;
  /** How to use the figure, e.g. {@link ORBIT_HINT} (default none). */
  hint?: string;
}

export interface CaptionedFigure {
  /** The `<figure>`: the content, then its caption. */
  element: HTMLElement;
  /** Replaces the numbers line (announced politely by screen readers); "" hides it. */
  readout(text: string): void;
  /** Replaces the hint line (announced politely too); "" hides it. */
  hint(text: string): void;
}

/** Wraps `content` in a figure with the caption, readout and hint of the module header. */
export function captionFigure(
  content: Node | readonly Node[],
  { caption, readout, hint }: CaptionOptions,
): CaptionedFigure {
  const figure = document.createElement("figure");
  figure.className = "course-figure";
  const figcaption = document.createElement("figcaption");
  const what = document.createElement("span");
  what.className = "figure-caption";
  what.textContent = caption;
  const numbers = document.createElement("output");
  numbers.className = "figure-readout";
  numbers.setAttribute("aria-live", "polite");
  const how = document.createElement("span");
  how.className = "figure-hint";
  how.setAttribute("aria-live", "polite");
  figcaption.append(what, numbers, how);
  figure.append(...(Array.isArray(content) ? content : [content as Node]), figcaption);
  const setter = (line: HTMLElement) => (text: string) => {
    line.textContent = text;
    line.hidden = text === "";
  };
  const result = { element: figure, readout: setter(numbers), hint: setter(how) };
  result.readout(readout ?? "");
  result.hint(hint ?? "");
  return result;
}

/**
 * One sentence of what a Plot chart shows, read from the chart itself: its axis labels and the names in
 * its legend, e.g. "Chart of error (rad) against θ (rad); lines: acos, atan2." (Plot's arrows "↑", "→"
 * dropped). Where the chart has no labelled axis it says "Chart." — give such a chart a `caption`.
 *
 * @param chart Plot's `<svg>`, or the `<figure>` Plot makes when the chart has a legend or a title.
 */
export function describeChart(chart: Element): string {
  const text = (selector: string) =>
    (chart.querySelector(selector)?.textContent ?? "")
      .replace(/[↑↓←→]/g, "")
      .replace(/\s+/g, " ")
      .trim();
  const x = text('g[aria-label="x-axis label"]') || text('g[aria-label="fx-axis label"]');
  const y = text('g[aria-label="y-axis label"]') || text('g[aria-label="fy-axis label"]');
  const series = Array.from(chart.querySelectorAll("[class$=-swatch]"), (s) => (s.textContent ?? "").trim()).filter(
    Boolean,
  );
  const axes = y && x ? ` of ${y} against ${x}` : y || x ? ` of ${y || x}` : "";
  return `Chart${axes}${series.length ? `; ${series.join(", ")}` : ""}.`;
}

/**
 * Gives a Plot chart that has no caption one from {@link describeChart}: a chart with a legend is already
 * in Plot's `<figure>`, which gets the `<figcaption>`; a bare `<svg>` goes into a figure of its own. The
 * page's runtime (notebooks/runtime/chrome.js) calls it for every chart a cell displays; a chart drawn
 * again (a slider moved) is a new element and is captioned again.
 */
export function captionChart(svg: SVGSVGElement): void {
  const figure = svg.parentElement?.closest("figure");
  if (figure && Array.from(figure.children).some((c) => c.tagName === "FIGCAPTION")) return;
  if (figure && /^plot-/.test(figure.className)) {
    const figcaption = document.createElement("figcaption");
    figcaption.className = "figure-caption";
    figcaption.textContent = describeChart(figure);
    figure.append(figcaption);
  } else if (svg.parentNode) {
    const { element } = captionFigure([], { caption: describeChart(svg) });
    svg.replaceWith(element);
    element.prepend(svg);
  }
}
