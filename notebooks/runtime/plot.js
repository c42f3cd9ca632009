// Observable Plot with one course-wide default. A log axis without a tickFormat would label its ticks with
// SI prefixes (d3's default for log scales): an error of 1e-17 reads "10a", a gap of 1e-4 "100µ", which
// looks like a unit. Here such axes use "~g" instead (0.001, 1e-7, 1e-17: plain numbers and powers of
// ten), still through d3's log tickFormat, so the minor ticks between powers of ten stay unlabelled.
import * as Plot from "@observablehq/plot";

export * from "@observablehq/plot";

const POSITION_SCALES = ["x", "y", "fx", "fy"];

/**
 * Room for a log y axis's labels: "~g" labels run to seven characters ("0.00001", "1e-17") where Plot's
 * default left margin (40 px) holds five, and the first digits were cut off at the chart's left edge.
 */
const LOG_Y_MARGIN_LEFT = 56;

/**
 * `Plot.plot(options)`, with "~g" tick labels on log position scales that do not name their own, and a
 * left margin wide enough for them on a log y axis whose chart does not set its own.
 */
export function plot(options = {}) {
  const withDefaults = { ...options };
  for (const key of POSITION_SCALES) {
    const scale = options[key];
    if (scale && scale.type === "log" && scale.tickFormat === undefined)
      withDefaults[key] = { ...scale, tickFormat: "~g" };
  }
  const y = options.y;
  const yOnLeft = !y || y.axis === undefined || y.axis === "left" || y.axis === "both";
  if (y?.type === "log" && yOnLeft && options.marginLeft === undefined && options.margin === undefined)
    withDefaults.marginLeft = LOG_Y_MARGIN_LEFT;
  return Plot.plot(withDefaults);
}
