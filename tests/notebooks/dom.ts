/**
 * Fills the gaps of happy-dom that would leave notebook cells pending forever (a browser has these).
 * Imported by the notebook tests, which run in the happy-dom environment.
 * - ResizeObserver exists but never calls back → the `width` builtin never yields: report 640 px once.
 * - IntersectionObserver: the runtime's `visibility()` waits for it: report "visible" once.
 * - checkValidity() reports a step mismatch for `5` with `step = 0.01` (5 / 0.01 is not exactly 500 in
 *   floating point; browsers allow for that), so Inputs.range with a fractional step never takes a value:
 *   number inputs are checked for range only.
 * - document.compatMode is missing; KaTeX refuses to render in "quirks mode". The notebooks are
 *   `<!doctype html>` pages, so say "CSS1Compat" (on the instance: under Vitest's happy-dom globals
 *   `document instanceof Document` is false, so patching the prototype does nothing).
 */

class ResizeObserverOnce {
  constructor(private callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 640, height: 0 } } as unknown as ResizeObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver));
  }
  unobserve() {}
  disconnect() {}
}

class IntersectionObserverOnce {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true } as unknown as IntersectionObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

Object.assign(globalThis, { ResizeObserver: ResizeObserverOnce, IntersectionObserver: IntersectionObserverOnce });
if (document.compatMode === undefined) {
  Object.defineProperty(document, "compatMode", { value: "CSS1Compat", configurable: true });
}

const inputPrototype = Object.getPrototypeOf(document.createElement("input")) as HTMLInputElement;
const checkValidity = inputPrototype.checkValidity;
inputPrototype.checkValidity = function (this: HTMLInputElement) {
  if (this.type !== "number" && this.type !== "range") return checkValidity.call(this);
  const v = Number(this.value);
  const min = this.min === "" ? -Infinity : Number(this.min);
  const max = this.max === "" ? Infinity : Number(this.max);
  return this.value !== "" && Number.isFinite(v) && v >= min && v <= max;
};
