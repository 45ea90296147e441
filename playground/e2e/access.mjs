// How the playground works for people who do not use it the way its author does: by
// keyboard only, with a screen reader (axe-core's rules: names, roles, live regions,
// contrast, and the contrast of chart text, checked here), on a phone (390×844), in light
// and dark. Also the screenshots at 390×844 and 1280×800, light and dark. Called by e2e.mjs.

import { readFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// What the keyboard must reach on the "launch" lesson (the snippet, its CUDA C and the PTX
// view, and both steps).
const CONTROLS = ["skip-code", "skip-output", "nav:welcome", "nav:launch", "nav:your-file",
  "code", "cuda", "gen", "run", "reset", "share", "prev", "next"];

/** A fresh page of `browser` at `viewport` and colour scheme, at `#lesson`, ready to run. */
async function open(browser, url, lesson, viewport, scheme, errors) {
  const page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${url}/#${lesson}`);
  await page.waitForFunction(() => document.documentElement.dataset.readyMs &&
    !document.getElementById("run").disabled, null, { timeout: 20000 });
  return page;
}

/** Waits for one more finished run than `before` and returns the output's text. */
async function ran(page, before) {
  await page.waitForFunction(
    (n) => Number(document.documentElement.dataset.runs ?? 0) > n, before, { timeout: 20000 });
  return page.$eval("#output", (o) => o.innerText);
}

const runs = (page) => page.evaluate(() => Number(document.documentElement.dataset.runs ?? 0));

/** The focused element as a short name (see CONTROLS), and whether a focus ring shows. */
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { name: "body", ring: false };
  const name = el.dataset.skip ? `skip-${el.dataset.skip}`
    : el.dataset.lesson ? `nav:${el.dataset.lesson}`
      : el.closest("#code-editor") ? "code"
        : el.closest("#cuda-editor") ? "cuda"
          : el.closest("#gen-editor") ? "gen"
            : el.closest("#ptx-editor") ? "ptx"
              : el.id || el.localName;
  // An editor's ring is drawn on its pane (the textarea scrolls inside it).
  const ringOn = el.localName === "textarea" ? el.closest(".pane") : el;
  const s = getComputedStyle(ringOn);
  const ring = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
  const r = el.getBoundingClientRect();
  return { name, ring, visible: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight };
});

/**
 * Keyboard only, at 1280×800: Tab from the page's start reaches every control (the skip
 * links, the lessons, both editors, Run, Reset, Share, Previous, Next), each with a focus
 * ring; Tab in an editor indents and Escape releases it; Shift+Tab goes back; Enter on Run
 * and Ctrl+Enter anywhere run; a lesson is chosen and run by keyboard.
 */
export async function keyboard({ browser, url, check }) {
  const errors = [];
  const page = await open(browser, url, "launch", DESKTOP, "light", errors);
  try {
    const seen = [];
    const noRing = [];
    let indented = false;
    for (let i = 0; i < 40 && !seen.includes("next"); i++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      seen.push(f.name);
      if (!f.ring || !f.visible) noRing.push(f.name);
      if (f.name === "code") {
        // Tab indents here: four spaces at the caret, and the focus stays.
        const before = await page.$eval("#code-editor textarea", (t) => t.value);
        await page.keyboard.press("Tab");
        const after = await page.$eval("#code-editor textarea", (t) => t.value);
        indented = after.length === before.length + 4 && (await focused(page)).name === "code";
        for (let k = 0; k < 4; k++) await page.keyboard.press("Backspace"); // as written again
      }
      if (f.name === "code" || f.name === "cuda" || f.name === "ptx") await page.keyboard.press("Escape");
    }
    check(indented, "keyboard: Tab in the snippet editor indents and keeps the focus");
    const missing = CONTROLS.filter((c) => !seen.includes(c));
    check(missing.length === 0,
      `keyboard: Tab from the page's start reaches every control (${seen.length} stops${missing.length ? `; missing ${missing.join(", ")}; saw ${seen.join(" ")}` : ""})`);
    check(noRing.length === 0,
      `keyboard: every focused control shows a focus ring${noRing.length ? ` (none on ${[...new Set(noRing)].join(", ")})` : ""}`);

    // Back: Shift+Tab from Next reaches Previous; from the CUDA C editor, the snippet editor.
    await page.keyboard.press("Shift+Tab");
    check((await focused(page)).name === "prev", "keyboard: Shift+Tab goes back (Next to Previous)");
    await page.focus("#cuda-editor textarea");
    await page.keyboard.press("Shift+Tab");
    check((await focused(page)).name === "code", "keyboard: Shift+Tab leaves an editor backwards");

    // The PTX view is read only: Tab there moves on (to Run) and types nothing.
    await page.focus("#gen-editor textarea");
    const ptxBefore = await page.$eval("#gen-editor textarea", (t) => t.value);
    await page.keyboard.press("Tab");
    check((await focused(page)).name === "run" &&
      (await page.$eval("#gen-editor textarea", (t) => t.value)) === ptxBefore,
    "keyboard: Tab in the read-only PTX view moves on to Run and changes nothing");

    // Run by Enter on the Run button.
    await page.focus("#cuda-editor textarea");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    check((await focused(page)).name === "gen", "keyboard: Escape then Tab in the CUDA C editor reaches the PTX view");
    await page.keyboard.press("Tab");
    check((await focused(page)).name === "run", "keyboard: ... and Tab again reaches Run");
    let before = await runs(page);
    await page.keyboard.press("Enter");
    let out = await ran(page, before);
    check(out.includes("Float32Array(8) [1, 3, 5, 7, 9, 11, 13, 15]"),
      "keyboard: Enter on Run runs the lesson and its output appears");
    check(await page.$eval("#run-info", (r) => r.getAttribute("role") === "status" && /ran in/.test(r.textContent)),
      "keyboard: the run's outcome is announced (#run-info is a status region)");

    // Ctrl+Enter from outside the editors (the Next button).
    await page.focus("#next");
    before = await runs(page);
    await page.keyboard.press("Control+Enter");
    out = await ran(page, before);
    check(out.includes("Float32Array(8)"), "keyboard: Ctrl+Enter runs from anywhere on the page");

    // The skip links: to the code, and to the output (each from a freshly loaded page).
    const reload = async () => {
      await page.reload();
      await page.waitForFunction(() => !document.getElementById("run").disabled, null, { timeout: 20000 });
    };
    await reload();
    await page.keyboard.press("Tab");
    const skip = await focused(page);
    await page.keyboard.press("Enter");
    check(skip.name === "skip-code" && skip.visible && (await focused(page)).name === "code",
      "keyboard: the first Tab shows a skip link that takes the focus to the code");
    await reload();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    check(await page.evaluate(() => document.activeElement?.id === "output" &&
      location.hash === "#launch"), "keyboard: the second skip link takes the focus to the output, keeping the lesson");

    // Choose another lesson from the list and run it, keyboard only.
    await reload();
    let name = "";
    for (let i = 0; i < 20 && name !== "nav:timing"; i++) {
      await page.keyboard.press("Tab");
      name = (await focused(page)).name;
    }
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash === "#timing");
    before = await runs(page);
    await page.keyboard.press("Control+Enter");
    out = await ran(page, before);
    check(name === "nav:timing" && out.includes("simulated"),
      "keyboard: a lesson chosen in the list by Tab and Enter runs by Ctrl+Enter");
  } finally {
    await page.close();
  }
  check(errors.length === 0, `keyboard: no console errors${errors.length ? `: ${errors.join(" | ")}` : ""}`);
}

/** axe-core on the page as it is: serious and critical violations, each node marked as
 * the page's own or rendered output (core/src/display, notebook/src: inside #output). */
async function axe(page) {
  await page.evaluate(AXE); // through DevTools: the page's policy allows no inline script
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => {
          const el = document.querySelector(n.target[0]);
          return {
            target: n.target.join(" "),
            output: Boolean(el?.closest("#output")),
            summary: (n.failureSummary ?? "").split("\n").slice(1, 2).join("").trim(),
          };
        }),
      }));
  });
}

/** The text of every chart (SVG <text> in the output) whose contrast with what is behind it
 * is under 4.5:1 (WCAG AA for text of chart size), blending the fill's opacity. */
const chartTextContrast = (page) => page.evaluate(() => {
  const rgba = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  // What is behind an element: the backgrounds of its HTML ancestors, blended from the page up.
  const behind = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0 && !(n instanceof SVGElement)) layers.push(c);
    }
    let bg = [255, 255, 255];
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  const bad = [];
  let n = 0;
  for (const t of document.querySelectorAll("#output svg text")) {
    if (!t.textContent.trim()) continue;
    n++;
    const s = getComputedStyle(t);
    const fill = rgba(s.fill);
    if (!fill) continue; // a gradient or pattern: not text a chart writes
    let alpha = fill[3] * Number(s.fillOpacity);
    for (let e = t; e && e.localName !== "svg"; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
    const bg = behind(t);
    const r = ratio(over([fill[0], fill[1], fill[2], alpha], bg), bg);
    if (r < 4.5) bad.push(`"${t.textContent.trim().slice(0, 24)}" ${r.toFixed(2)}:1 (fill ${s.fill}${alpha < 1 ? ` at ${alpha.toFixed(2)}` : ""})`);
  }
  return { n, bad };
});

/** Prints the violations, page first, output second; true when there are none. */
function report(check, where, violations, chart) {
  const describe = (nodes) => nodes.slice(0, 3).map((n) => `${n.target}${n.summary ? ` [${n.summary}]` : ""}`).join("; ");
  for (const own of [true, false]) {
    const vs = violations
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => n.output !== own) }))
      .filter((v) => v.nodes.length);
    check(vs.length === 0,
      `a11y ${where}: no serious or critical axe-core violation in ${own ? "the page (playground/site)" : "the rendered output (core/src/display, notebook/src)"}${vs.length ? `: ${vs.map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes: ${describe(v.nodes)})`).join(" | ")}` : ""}`);
  }
  if (chart) {
    check(chart.bad.length === 0,
      `a11y ${where}: chart text has 4.5:1 contrast (${chart.n} texts${chart.bad.length ? `; ${chart.bad.length} under: ${[...new Set(chart.bad)].slice(0, 6).join(", ")}` : ""})`);
  }
}

/**
 * axe-core in light and dark, at 1280×800 and 390×844: the page as loaded, and after lessons
 * whose output has charts and tables (launch, timing, why-slow, kernels).
 */
export async function accessibility({ browser, url, check }) {
  const errors = [];
  for (const scheme of ["light", "dark"]) {
    for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
      const page = await open(browser, url, "launch", viewport, scheme, errors);
      try {
        report(check, `${size} ${scheme}, launch as loaded`, await axe(page));
        const lessons = size === "desktop" ? ["launch", "timing", "why-slow", "kernels"] : ["launch", "timing"];
        for (const lesson of lessons) {
          if (lesson !== "launch") {
            await page.evaluate((l) => { location.hash = `#${l}`; }, lesson);
            await page.waitForFunction((l) => location.hash === `#${l}`, lesson);
          }
          const before = await runs(page);
          await page.click("#run");
          await ran(page, before);
          report(check, `${size} ${scheme}, ${lesson} after running`, await axe(page), await chartTextContrast(page));
        }
      } finally {
        await page.close();
      }
    }
  }
  check(errors.length === 0, `a11y: no console errors${errors.length ? `: ${errors.join(" | ")}` : ""}`);
}

/** Elements that stick out of the viewport sideways, outside any box that scrolls or
 * clips them (what would widen the page or be cut off). */
const overflowing = (page) => page.evaluate(() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= w + 0.5 && r.left >= -0.5)) continue;
    if (el.closest(".skip")) continue; // off screen until focused, on purpose
    let held = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(a).overflowX)) {
        held = true;
        break;
      }
    }
    if (!held) out.push(`${el.localName}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""} (${r.left.toFixed(0)}..${r.right.toFixed(0)})`);
  }
  const unnamed = [...document.querySelectorAll("#output *")]
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
    .filter((el) => el.getAttribute("tabindex") !== "0")
    .map((el) => el.localName + (el.className ? `.${String(el.className).split(" ")[0]}` : ""));
  return { page: document.documentElement.scrollWidth, w, out, unnamed };
});

/**
 * A phone (390×844): for every lesson, the snippet's first lines and the Run button are on
 * the first screen, and nothing sticks out sideways before or after running it (wide tables
 * scroll inside their own box, which the keyboard can reach). The lesson picker works by
 * keyboard.
 */
export async function phone({ browser, url, check, lessons }) {
  const errors = [];
  const page = await open(browser, url, "welcome", PHONE, "light", errors);
  try {
    for (const id of lessons) {
      await page.evaluate((l) => { location.hash = `#${l}`; }, id);
      await page.waitForFunction((l) => location.hash === `#${l}` && !document.getElementById("run").disabled, id);
      await page.evaluate(() => window.scrollTo(0, 0));
      const first = await page.evaluate(() => {
        const code = document.querySelector("#code-editor textarea").getBoundingClientRect();
        const run = document.getElementById("run").getBoundingClientRect();
        return { code: code.top, run: run.bottom, runTop: run.top, h: innerHeight };
      });
      check(first.code + 60 <= first.h && first.run <= first.h && first.runTop >= 0,
        `phone ${id}: the code (at ${first.code.toFixed(0)} px) and Run (bottom at ${first.run.toFixed(0)} px) are on the first screen`);
      if (id === "launch") {
        // Its snippet has lines longer than a phone is wide: the editor scrolls sideways.
        const code = await page.$eval("#code-editor", (e) => ({ scroll: e.scrollWidth, width: e.clientWidth }));
        check(code.scroll > code.width + 20,
          `phone launch: the code editor scrolls sideways to its longest line (${code.scroll} px in ${code.width})`);
      }
      let o = await overflowing(page);
      check(o.page <= o.w && o.out.length === 0,
        `phone ${id}: nothing sticks out sideways before running (page ${o.page} px wide)${o.out.length ? `: ${o.out.slice(0, 5).join(", ")}` : ""}`);
      const before = await runs(page);
      await page.click("#run");
      await ran(page, before);
      await page.waitForTimeout(50); // the ResizeObserver's pass over the new output
      o = await overflowing(page);
      check(o.page <= o.w && o.out.length === 0 && o.unnamed.length === 0,
        `phone ${id}: after running, output fits or scrolls in a box the keyboard reaches (page ${o.page} px wide)${o.out.length ? `; sticks out: ${o.out.slice(0, 5).join(", ")}` : ""}${o.unnamed.length ? `; not focusable: ${o.unnamed.slice(0, 5).join(", ")}` : ""}`);
      // Chart text as drawn: its font size times the chart's scale on the screen.
      const smallest = await page.evaluate(() => {
        let min = Infinity;
        for (const svg of document.querySelectorAll("#output svg")) {
          const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal?.width || svg.width.baseVal.value);
          for (const t of svg.querySelectorAll("text")) {
            const size = parseFloat(getComputedStyle(t).fontSize);
            if (size > 0) min = Math.min(min, size * scale);
          }
        }
        return min;
      });
      if (smallest !== Infinity) {
        check(smallest >= 9.5, `phone ${id}: chart text at least 9.5 px tall as drawn (smallest ${smallest.toFixed(1)} px)`);
      }
      // A table's caption is not cut: it is no wider than the box that shows it.
      const cut = await page.evaluate(() => [...document.querySelectorAll("#output figcaption")]
        .filter((c) => c.scrollWidth > c.clientWidth + 1).length);
      check(cut === 0, `phone ${id}: every table caption fits its box (${cut} cut)`);
    }
    // The picker that replaces the list on a phone, by keyboard.
    await page.focus("#lesson-select");
    const from = await page.evaluate(() => location.hash);
    await page.keyboard.press("ArrowUp");
    await page.waitForFunction((h) => location.hash !== h, from, { timeout: 5000 }).catch(() => {});
    const to = await page.evaluate(() => location.hash);
    check(to !== from && (await page.$eval("#title", (t) => t.textContent.length > 0)),
      `phone: the lesson picker changes lesson by keyboard (${from} to ${to})`);
    check(await page.$eval("header", (h) => h.getBoundingClientRect().height < 60),
      "phone: the header is one line");
  } finally {
    await page.close();
  }
  check(errors.length === 0, `phone: no console errors${errors.length ? `: ${errors.join(" | ")}` : ""}`);
}

/**
 * Screenshots at 390×844 and 1280×800, light and dark, into `dir`: `SIZE-SCHEME.png` is the
 * first screen of the "launch" lesson as opened; `SIZE-SCHEME-output.png` the whole page
 * after running it.
 */
export async function screenshots({ browser, url, dir }) {
  mkdirSync(dir, { recursive: true });
  const errors = [];
  const shots = [];
  for (const [size, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
    for (const scheme of ["light", "dark"]) {
      const page = await open(browser, url, "launch", viewport, scheme, errors);
      try {
        const first = join(dir, `${size}-${scheme}.png`);
        await page.screenshot({ path: first });
        const before = await runs(page);
        await page.click("#run");
        await ran(page, before);
        // The Run bar sticks to a phone's screen bottom; in a whole-page picture it would
        // sit over the output at the height the page was scrolled to.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const all = join(dir, `${size}-${scheme}-output.png`);
        await page.screenshot({ path: all, fullPage: true });
        shots.push(first, all);
      } finally {
        await page.close();
      }
    }
  }
  return { shots, errors };
}
