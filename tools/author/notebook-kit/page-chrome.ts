/**
 * The frame around every page of the site, written into the HTML at build time (and by the dev server):
 * a "skip to content" link, then a header with the course home and, on a chapter, the previous and next
 * chapters; `<main>` gets `id="content"` for the skip link. The table of contents is built in the page
 * by the runtime (notebooks/runtime/chrome.js), from the headings the cells render.
 *
 * Chapters are the `notebooks/NN-*.html` files in order; each one's title is its `<title>`.
 */

import { readFileSync, readdirSync } from "node:fs";
import { basename } from "node:path";
import type { Plugin } from "vite";
import { fromRoot } from "../root.ts";

/** A chapter page: its file name and its title as its `<title>` says it. */
export interface ChapterPage {
  file: string;
  title: string;
}

/** The chapters, in order, from `notebooks/` (`dir`). */
export function chapterPages(dir = fromRoot("notebooks")): ChapterPage[] {
  return readdirSync(dir)
    .filter((f) => /^\d\d-.*\.html$/.test(f))
    .sort()
    .map((file) => {
      const source = readFileSync(`${dir}/${file}`, "utf8");
      const title = /<title>([^<]*)<\/title>/.exec(source)?.[1]?.trim() ?? file;
      return { file, title };
    });
}

const escape = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The skip link and header for the page `file` ("index.html" for the home). */
export function chromeHtml(file: string, chapters: ChapterPage[]): string {
  const at = chapters.findIndex((c) => c.file === file);
  const link = (c: ChapterPage, rel: string, arrow: string) =>
    `<a class="course-${rel}" rel="${rel}" href="./${c.file}">${rel === "prev" ? `${arrow} ` : ""}<span class="course-nav-label">${rel === "prev" ? "Previous" : "Next"}:</span> ${escape(c.title)}${rel === "next" ? ` ${arrow}` : ""}</a>`;
  const parts = [`<a class="course-home" href="./index.html"${at < 0 ? ' aria-current="page"' : ""}>Course home</a>`];
  if (at > 0) parts.push(link(chapters[at - 1]!, "prev", "←"));
  if (at >= 0 && at < chapters.length - 1) parts.push(link(chapters[at + 1]!, "next", "→"));
  return [
    `<a class="skip-link" href="#content">Skip to content</a>`,
    `<header class="course-header"><nav aria-label="Chapters">${parts.join("")}</nav></header>`,
  ].join("\n");
}

/** Injects {@link chromeHtml} into every page, after the kit has written the page. */
export function pageChrome(): Plugin {
  let chapters: ChapterPage[] | undefined;
  return {
    name: "course-page-chrome",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (context.path.startsWith("/.observable/")) return html;
        chapters ??= chapterPages();
        const file = basename(context.filename);
        return html
          .replace(/<body([^>]*)>/, (body) => `${body}\n${chromeHtml(file, chapters!)}`)
          .replace(/<main(?![^>]*\bid=)([^>]*)>/, `<main id="content" tabindex="-1"$1>`);
      },
    },
    // A chapter's title or a new chapter changes every page's header: read them again.
    handleHotUpdate({ file }) {
      if (/notebooks\/\d\d-[^/]*\.html$/.test(file)) chapters = undefined;
      return undefined;
    },
  };
}
