// The page's own furniture, in the browser (the header and skip link are written at build time by
// tools/author/notebook-kit/page-chrome.ts):
// - a table of contents from the chapter's h2 headings: sticky beside the text on wide screens, a
//   collapsed "Contents" disclosure above it on narrow ones (course.css);
// - accessible names the libraries leave out: Plot gives `<g>` groups an aria-label without a role
//   (not allowed on a plain group), so they get role="group"; a canvas without a name gets role="img"
//   and its title as its name;
// - a caption for a Plot chart that has none, read from its axes and legend (figures/caption.ts).
import { captionChart } from "../figures/caption.ts";
import "./course.css";

/** The heading's text as read, without KaTeX's visual HTML (its MathML text stays). */
function headingText(h) {
  const copy = h.cloneNode(true);
  for (const e of copy.querySelectorAll(".katex-html, a.anchor")) e.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

function buildToc(main) {
  const headings = Array.from(main.querySelectorAll("h2[id]"));
  if (headings.length < 3 || document.querySelector("nav.course-toc")) return;
  const nav = document.createElement("nav");
  nav.className = "course-toc";
  nav.setAttribute("aria-label", "On this page");
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "Contents";
  const list = document.createElement("ol");
  for (const h of headings) {
    const a = document.createElement("a");
    a.href = `#${h.id}`;
    a.textContent = headingText(h);
    const item = document.createElement("li");
    item.append(a);
    list.append(item);
  }
  details.append(summary, list);
  nav.append(details);
  if (typeof matchMedia === "function") {
    const wide = matchMedia("(min-width: 1520px)");
    const sync = () => (details.open = wide.matches);
    sync();
    wide.addEventListener?.("change", sync);
  }
  main.before(nav);
}

function nameThings(root) {
  for (const code of root.querySelectorAll("code:not(.command)")) {
    if (/^\s*np[mx] /.test(code.textContent) && !code.closest("pre")) code.classList.add("command");
  }
  for (const g of root.querySelectorAll("svg g[aria-label]:not([role])")) g.setAttribute("role", "group");
  for (const mark of root.querySelectorAll("svg :not(g, svg)[aria-label]:not([role])"))
    mark.setAttribute("role", "img");
  for (const canvas of root.querySelectorAll("canvas:not([aria-label]):not([aria-labelledby])")) {
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", canvas.title || "figure");
  }
  for (const svg of root.querySelectorAll("svg[class^=plot-]")) {
    if (/^plot-[0-9a-f]+$/.test(svg.getAttribute("class"))) captionChart(svg);
  }
}

/**
 * A box that scrolls sideways (display math, a code block, a wide table on a phone) must be reachable
 * with the keyboard to be scrolled: it gets a tab stop while, and only while, it hides more than
 * {@link SCROLL_SLACK} px. Many inline formulas overflow their box by 2 px (an italic's tail), which is
 * nothing to scroll to: counted as scrolling, they made 30 stray tab stops in chapter 08 alone.
 */
const SCROLLERS =
  ".katex-display, main pre, main .katex:not(.katex-display > .katex), main table, main form[class*='-table']";
/** What axe-core counts as a scrollable region (its scrollable-region-focusable rule): more than 13 px. */
const SCROLL_SLACK = 13;
function focusScrollers(root) {
  for (const box of root.querySelectorAll(SCROLLERS)) {
    const scrolls = box.scrollWidth > box.clientWidth + SCROLL_SLACK;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.dataset.scrollStop = "";
    } else if (!scrolls && "scrollStop" in box.dataset) {
      box.removeAttribute("tabindex");
      delete box.dataset.scrollStop;
    }
  }
}

if (typeof document !== "undefined" && typeof MutationObserver !== "undefined") {
  const main = document.querySelector("main");
  if (main) {
    buildToc(main);
    nameThings(main);
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        nameThings(main);
        scheduleScrollers();
      });
    }).observe(main, { subtree: true, childList: true });
    let timer;
    const scheduleScrollers = () => {
      clearTimeout(timer);
      timer = setTimeout(() => focusScrollers(main), 200);
    };
    if (typeof ResizeObserver !== "undefined") new ResizeObserver(scheduleScrollers).observe(main);
    scheduleScrollers();
  }
}
