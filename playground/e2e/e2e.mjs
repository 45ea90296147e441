// End-to-end test of the built playground in Debian's Chromium (headless), driven by
// playwright-core. Usage: node e2e.mjs URL OUT_DIR SAMPLE_FILE [SHOTS_DIR]
//   URL          where the built site is served (127.0.0.1)
//   OUT_DIR      screenshots and report.json go here
//   SAMPLE_FILE  an image to "drop" through the page's file chooser
//   SHOTS_DIR    the screenshots at 390×844 and 1280×800, light and dark (access.mjs);
//                default: OUT_DIR/../screenshots
// Opens every lesson and runs it, checks what the page shows, edits snippets into errors
// (PTX syntax, a missing comma, a type PTX lacks, a JavaScript typo, a wrong argument size
// and kind, a file name that does not exist, an endless loop), checks the lessons' CUDA C:
// the quickstart's saxpy as the README writes it, the PTX compiled beside it as it is
// edited, a compile error marked at its line with the compiler's message; checks sharing
// through the URL, and fails on any console error. Prints page-ready, per-lesson run and
// browser compile times (a 100-line file of 10 kernels, core/compiler/examples/bench_kernel.cu).
// Then access.mjs: keyboard only, axe-core's accessibility rules and chart-text contrast in
// light and dark, a phone's first screen and width, and the screenshots.
// Then the hostile part (hostile.mjs): links, snippets and dropped files that try to reach
// another origin or restyle the page, against a second server on another port that counts
// every connection it gets (it must get none).

import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { hostile, startDetector } from "./hostile.mjs";
import { accessibility, keyboard, phone, screenshots } from "./access.mjs";

const [url, outDir, sampleFile, shotsArg] = process.argv.slice(2);
if (!url || !outDir || !sampleFile) {
  console.error("usage: node e2e.mjs URL OUT_DIR SAMPLE_FILE");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const shotsDir = shotsArg ?? join(dirname(outDir), "screenshots");
const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// The quickstart's CUDA C as README.md writes it (the raw string given to Program::new), and
// the 100-line file the native compile benchmark uses.
const readme = readFileSync(join(repo, "README.md"), "utf8");
const quickstartCu = readme.slice(readme.indexOf("## Quickstart")).match(/Program::new\(\s*r#"([^]*?)"#/)?.[1];
const benchCu = readFileSync(join(repo, "core/compiler/examples/bench_kernel.cu"), "utf8");
// Lines without their indentation (the README indents the string to its Rust), blank ones out.
const codeLines = (text) => text.split("\n").map((l) => l.trim()).filter(Boolean);

// What each lesson must show, written from what the kernels and fixtures hold.
const EXPECT = {
  welcome: ["simulated", "cuda-library simulated GPU (sm_90)", "sm_90)", "132"],
  load: ["29904 bytes of fatbin", "15176 bytes of cubin", "5370 bytes of PTX", "kernels.cu (PTX, ", "7"],
  kernels: ["unrolled<3>", "ns::namespaced(int*)", "occupancy at 256 threads per block"],
  globals: ['"coeffs"', '"managed_value"', "global `table`: 16 bytes", "40",
    "Float32Array(8) [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]",
    'in the playground, `.typed("f32")`'],
  managed: ["Int32Array(1) [42]", "Int32Array(1) [101]", "Int32Array(1) [8]", "buffer `f32[8]`"],
  launch: ["Float32Array(8) [1, 3, 5, 7, 9, 11, 13, 15]", "buffer `f32[1000]`: 4000 bytes", "first 64 of 1000",
    "1000 values", "1000 values as 25 rows of 40"],
  "unified-memory": ["Float32Array(8) [1, 2, 3, 4, 5, 6, 7, 8]", "page faults: a 4, d 0",
    "managed buffer `f32[65536]`", "pages on the host"],
  ptx: ["Float32Array(8) [1, 3, 5, 7, 9, 11, 13, 15]", "buffer `f32[1000]`: 4000 bytes"],
  timing: ["simulated", "saxpy"],
  "why-slow": ["copy_strided", "32.0 sectors per request", "uncoalesced", "where the time goes",
    "speed-up over the first"],
  "hopper-gemm": ["tensor map: f16 128 × 128", "128-byte swizzle",
    "row 1: chunks start with columns  8  0 24 16 40 32 56 48", "4096 values as 64 rows of 64",
    "16384 outputs: 0 differ between the two GEMMs, 0 from the CPU's", "speed-up over the first",
    "gemm_tma_wgmma", "bulk copies (TMA)", "not yet calibrated against an H100"],
  errors: ["'q' is not declared", "program.cu:1:", "argument 3", "faulted in block (0, 0, 0)",
    "budget of 10000000", "unloaded"],
  "your-file": ["tables.zstd.fatbin:", "kernels"],
};

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
};

const profile = mkdtempSync(join(tmpdir(), "culib-e2e-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
const consoleErrors = [];
const report = { lessons: {} };
// Every request of every page and worker in this browser (the context sees workers' too).
const requests = [];
browser.on("request", (r) => requests.push(r));
const onSite = (u) => u.startsWith(`${url}/`) || u.startsWith(`blob:${url}/`) || u.startsWith("data:");
const detector = await startDetector();
// The hostile part expects the policy's refusals on the console; everything else is an error.
const expected = { console: [] };

try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  const watch = (p) => {
    p.on("console", (m) => {
      if (m.type() !== "error") return;
      if (expected.phase && /Content Security Policy|^Unsafe attempt to load URL/.test(m.text())) {
        expected.console.push(m.text());
      } else consoleErrors.push(m.text());
    });
    p.on("pageerror", (e) => consoleErrors.push(String(e)));
  };
  watch(page);

  const runs = () => page.evaluate(() => Number(document.documentElement.dataset.runs ?? 0));
  const runLesson = async (timeout = 15000) => {
    const before = await runs();
    await page.click("#run");
    await page.waitForFunction(
      (n) => Number(document.documentElement.dataset.runs ?? 0) > n, before, { timeout });
    return page.evaluate(() => ({
      ms: Number(document.documentElement.dataset.lastRunMs),
      output: document.getElementById("output").innerText,
      codeError: document.getElementById("code-error").hidden
        ? null : document.getElementById("code-error").innerText,
      ptxError: ["ptx-error", "cuda-error", "gen-error"].map((id) => document.getElementById(id))
        .filter((e) => !e.hidden).map((e) => e.innerText).join(" | ") || null,
      marked: [...document.querySelectorAll(".gutter div.err")].map((d) => d.textContent),
      svgs: [...document.querySelectorAll("#output svg")].map((s) => s.querySelectorAll("path,polyline,rect").length),
      dropped: document.documentElement.dataset.dropped ?? "",
    }));
  };
  const setEditor = (sel, text) => page.$eval(sel, (ta, t) => {
    ta.value = t;
    ta.dispatchEvent(new Event("input"));
  }, text);
  const editorText = (sel) => page.$eval(sel, (ta) => ta.value);
  const CODE = "#code-editor textarea";
  const PTX = "#ptx-editor textarea";
  const CUDA = "#cuda-editor textarea";
  const GEN = "#gen-editor textarea";
  const compiles = () => page.evaluate(() => Number(document.documentElement.dataset.compiles ?? 0));
  // Waits for the PTX view's next compile after `before` (the page compiles as one types).
  const compiled = async (before) => {
    await page.waitForFunction(
      (n) => Number(document.documentElement.dataset.compiles ?? 0) > n, before, { timeout: 15000 });
    return page.evaluate(() => ({
      ptx: document.querySelector("#gen-editor textarea").value,
      cudaError: document.getElementById("cuda-error").hidden
        ? null : document.getElementById("cuda-error").innerText,
      marked: [...document.querySelectorAll("#cuda-editor .gutter div.err")].map((d) => d.textContent),
      ms: Number(document.documentElement.dataset.lastCompileMs),
    }));
  };

  // Page ready: the worker loaded the module and the samples.
  const t0 = Date.now();
  await page.goto(`${url}/#welcome`);
  await page.waitForFunction(() => document.documentElement.dataset.readyMs, null, { timeout: 20000 });
  report.readyMs = Number(await page.evaluate(() => document.documentElement.dataset.readyMs));
  check(report.readyMs > 0, `page interactive after ${report.readyMs} ms (navigation to ready: ${Date.now() - t0} ms)`);

  // Every lesson: open it from the navigation, run it, check, screenshot.
  const ids = await page.$$eval("nav a", (as) => as.map((a) => a.dataset.lesson));
  check(ids.length === Object.keys(EXPECT).length, `${ids.length} lessons in the navigation`);
  for (const id of ids) {
    await page.click(`nav a[data-lesson="${id}"]`);
    await page.waitForFunction((i) => location.hash === `#${i}`, id);
    const cuda = await page.$eval("#cuda-pair", (p) => !p.hidden);
    if (cuda) {
      // The PTX view fills with what the built-in compiler made of the lesson's CUDA C.
      await page.waitForFunction(() => document.querySelector("#gen-editor textarea").value.includes(".entry"),
        null, { timeout: 15000 });
      const gen = await page.$eval(GEN, (t) => ({ readOnly: t.readOnly, text: t.value }));
      check(gen.readOnly && gen.text.includes(".version") && gen.text.includes(".visible .entry"),
        `${id}: the PTX compiled from its CUDA C is shown, read only`);
    }
    const r = await runLesson();
    report.lessons[id] = r.ms;
    check(r.codeError === null && r.ptxError === null, `${id}: runs without error (${r.ms} ms)${r.codeError ?? ""}${r.ptxError ?? ""}`);
    check(r.dropped === "", `${id}: the HTML filter keeps everything the renderers produced${r.dropped ? ` (dropped ${r.dropped})` : ""}`);
    for (const want of EXPECT[id] ?? []) {
      check(r.output.includes(want), `${id}: output shows ${JSON.stringify(want)}`);
    }
    if (id === "launch") {
      check(r.svgs.length >= 2 && r.svgs.every((n) => n > 0), `launch: ${r.svgs.length} plots of the result with data`);
    }
    if (id === "timing") {
      check(r.svgs.length >= 2 && r.svgs.every((n) => n > 0), `timing: ${r.svgs.length} charts with data`);
    }
    await page.screenshot({ path: join(outDir, `${id}.png`), fullPage: true });
    if (id === "why-slow") {
      check(r.svgs.length >= 2 && r.svgs.every((n) => n > 0), `why-slow: ${r.svgs.length} time bars with data`);
      // The hint quotes the PTX line responsible: that line of the PTX view beside the CUDA C.
      const hint = r.output.match(/line (\d+): (ld\S* [^\n"]+)/);
      const view = hint && (await editorText(GEN)).split("\n")[Number(hint[1]) - 1];
      const squash = (t) => t.trim().replace(/\s+/g, " ");
      check(hint !== null && squash(view).replace(/;$/, "") === squash(hint[2]),
        `why-slow: the hint's PTX line is that line of copies.ptx (${hint?.[0]}: ${view})`);
    }
    if (id === "hopper-gemm") {
      check(r.svgs.length >= 2 && r.svgs.every((n) => n > 0), `hopper-gemm: the swizzle picture and the heatmap have data (${r.svgs.length} charts)`);
    }
    if (id === "timing" || id === "kernels" || id === "why-slow" || id === "hopper-gemm") {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: join(outDir, `${id}-dark.png`), fullPage: true });
      await page.emulateMedia({ colorScheme: "light" });
    }
  }

  // A dropped (chosen) file appears as files[dropped] and loads.
  await page.setInputFiles("#file", sampleFile);
  await page.waitForFunction(() => document.getElementById("files-note").textContent.length > 0);
  let r = await runLesson();
  check(r.output.includes(`${basename(sampleFile)}:`), `your-file: the chosen ${basename(sampleFile)} is inspected and loaded`);

  // A file dropped on the page (a real drop event carrying a File) becomes files[dropped].
  await page.goto(`${url}/#welcome`);
  await page.evaluate(() => {
    const ptx = ".version 8.0\n.target sm_90\n.address_size 64\n" +
      ".visible .entry dropped_kernel(.param .u64 p) { ret; }\n";
    const dt = new DataTransfer();
    dt.items.add(new File([ptx], "dropped.ptx"));
    document.dispatchEvent(new DragEvent("dragenter", { dataTransfer: dt, bubbles: true }));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => location.hash === "#your-file" &&
    document.getElementById("files-note").textContent.includes("dropped.ptx"));
  check(await page.$eval("#drop", (d) => d.hidden), "the drop overlay hides after the drop");
  r = await runLesson();
  check(r.output.includes("dropped.ptx: 1 kernels") && r.output.includes("dropped_kernel"),
    "a dropped PTX file is inspected, loaded and its kernel listed");

  // A dropped CUDA C file is compiled and loaded.
  await page.goto(`${url}/#welcome`);
  await page.evaluate(() => {
    const cu = 'extern "C" __global__ void from_cuda_c(int* p) { p[threadIdx.x] = 1; }\n';
    const dt = new DataTransfer();
    dt.items.add(new File([cu], "dropped.cu"));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => location.hash === "#your-file" &&
    document.getElementById("files-note").textContent.includes("dropped.cu"));
  r = await runLesson();
  check(r.output.includes("dropped.cu: 1 kernels") && r.output.includes("from_cuda_c"),
    `a dropped CUDA C file is compiled, inspected and loaded${r.codeError ? `: ${r.codeError}` : ""}`);

  // The load lesson's CUDA C is the source its sample images were built from.
  await page.goto(`${url}/#load`);
  await page.waitForFunction(() => document.getElementById("cuda-name").textContent === "kernels.cu");
  check((await editorText(CUDA)) === readFileSync(join(repo, "tests/fixtures/kernels.cu"), "utf8"),
    "load: kernels.cu is tests/fixtures/kernels.cu, the samples' source");

  // The quickstart's saxpy, as README.md writes it, is the launch lesson's CUDA C.
  await page.goto(`${url}/#launch`);
  await page.waitForFunction(() => document.getElementById("cuda-name").textContent === "saxpy.cu");
  const saxpyCu = await editorText(CUDA);
  check(quickstartCu !== undefined && JSON.stringify(codeLines(saxpyCu)) === JSON.stringify(codeLines(quickstartCu)),
    "launch: saxpy.cu is the README quickstart's CUDA C, line for line");
  await page.waitForFunction(() => document.querySelector("#gen-editor textarea").value.includes("fma.rn.f32"),
    null, { timeout: 15000 });

  // Editing the CUDA C compiles it again: the PTX view follows, and the run uses it.
  let before = await compiles();
  await setEditor(CUDA, saxpyCu.replace("a * x[i] + y[i]", "a * x[i]"));
  let c = await compiled(before);
  check(c.cudaError === null && c.ptx.includes(".entry saxpy") && !c.ptx.includes("fma.rn.f32") &&
    c.ptx.includes("mul.f32"), `launch: after an edit the PTX view shows the new kernel (mul, no fma; ${c.ms} ms)`);
  r = await runLesson();
  check(r.output.includes("Float32Array(8) [0, 2, 4, 6, 8, 10, 12, 14]"), "launch: the run uses the edited kernel");

  // A compile error: marked at its line in the CUDA C editor, with the compiler's message
  // and the source line with a caret, both as one types and when the snippet runs.
  const badCu = saxpyCu.replace("a * x[i] + y[i]", "a * x[j] + y[i]");
  const badLine = badCu.split("\n").findIndex((l) => l.includes("x[j]")) + 1;
  const badCol = badCu.split("\n")[badLine - 1].indexOf("j]") + 1;
  before = await compiles();
  await setEditor(CUDA, badCu);
  c = await compiled(before);
  check((c.cudaError ?? "").startsWith(`saxpy.cu:${badLine}:${badCol}: error: 'j' is not declared`) &&
    c.cudaError.includes("x[j]") && c.cudaError.includes("^") && c.marked.includes(String(badLine)),
  `launch: a compile error is marked at saxpy.cu line ${badLine}, column ${badCol}, as one types: ${c.cudaError}`);
  r = await runLesson();
  const runMarked = await page.$$eval("#cuda-editor .gutter div.err", (ds) => ds.map((d) => d.textContent));
  check((r.output + (await page.$eval("#cuda-error", (e) => e.innerText))).includes("'j' is not declared") &&
    runMarked.includes(String(badLine)) && r.codeError === null,
  "launch: running with the compile error marks the same line, under the CUDA C editor");
  await page.screenshot({ path: join(outDir, "error-cuda.png"), fullPage: true });
  await page.click("#reset");

  // Browser compile time: the 100-line benchmark file, 40 compiles in the worker (after 5
  // to warm up), median and minimum.
  const benchSnippet = `const src = ${JSON.stringify(benchCu)};
const times = [];
for (let i = 0; i < 45; i++) {
  const t0 = performance.now();
  new Program(src).withName("bench_kernel.cu").compile().free();
  if (i >= 5) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
show(\`compile: median \${times[times.length >> 1].toFixed(2)} ms, min \${times[0].toFixed(2)} ms, max \${times[times.length - 1].toFixed(2)} ms over \${times.length} compiles of \${src.split("\\n").length} lines\`);
`;
  await setEditor(CODE, benchSnippet);
  r = await runLesson(60000);
  const bench = r.output.match(/compile: median ([\d.]+) ms, min ([\d.]+) ms.*?of (\d+) lines/);
  report.compile = bench ? { medianMs: Number(bench[1]), minMs: Number(bench[2]), lines: Number(bench[3]) } : null;
  check(bench !== null && r.codeError === null,
    `browser compile of bench_kernel.cu: ${bench ? bench[0] : r.codeError ?? r.output}`);
  await page.click("#reset");

  // PTX syntax error: shown under the PTX editor with line and column, the line marked.
  await page.goto(`${url}/#ptx`);
  await page.waitForFunction(() => document.getElementById("ptx-name").textContent === "saxpy.ptx");
  const ptx = await editorText(PTX);
  const lines = ptx.split("\n");
  const fmaLine = lines.findIndex((l) => l.includes("fma.rn.f32")) + 1;
  const noComma = ptx.replace("fma.rn.f32      %f4, %f1,", "fma.rn.f32      %f4 %f1,");
  await setEditor(PTX, noComma);
  r = await runLesson();
  check(r.ptxError?.startsWith(`saxpy.ptx:${fmaLine}:`) ?? false, `PTX syntax error shown inline: ${r.ptxError}`);
  check(r.marked.includes(String(fmaLine)), `PTX line ${fmaLine} marked in the gutter`);
  check(r.ptxError?.includes("found `%f1` (is a `,` missing before `%f1`?)") ?? false,
    `a missing comma is suggested: ${r.ptxError}`);
  await page.screenshot({ path: join(outDir, "error-ptx.png"), fullPage: true });

  // A type PTX does not have: named, with the valid ones, under the PTX editor at its line.
  await setEditor(PTX, ptx.replace("fma.rn.f32", "fma.rn.f33"));
  r = await runLesson();
  check((r.ptxError ?? "").startsWith(`saxpy.ptx:${fmaLine}: `) &&
    r.ptxError.includes("`.f33` in `fma` is not a PTX type; the types are .pred, .b8") &&
    r.ptxError.includes(".f32, .f64"),
    `an unknown PTX type is named with the valid ones, at its PTX line: ${r.ptxError}`);
  check(r.codeError === null, `... and not at the snippet's line: ${r.codeError}`);
  await setEditor(PTX, noComma); // the edit the sharing check below shares

  // Sharing: the edited PTX travels in the URL hash and comes back in a fresh page.
  await page.click("#share");
  const shared = await page.evaluate(() => location.href);
  check(shared.includes("#ptx?ptx="), "share puts the lesson and the edit in the URL hash");
  const page2 = await browser.newPage();
  watch(page2);
  await page2.goto(shared);
  await page2.waitForFunction(() => document.getElementById("ptx-name").textContent === "saxpy.ptx");
  check((await page2.$eval(PTX, (t) => t.value)) === (await editorText(PTX)), "a shared link restores the edited PTX");
  check(await page2.$eval("#from-link", (b) => !b.hidden && b.innerText.includes("From a link")),
    "a shared link's code is labelled as coming from a link");
  await page2.close();

  // Reset, then an argument of the right size and the wrong kind: a warning that names the
  // declared type, the bits the kernel reads and the method to use.
  await page.click("#reset");
  const ptxCode = await editorText(CODE);
  await setEditor(CODE, ptxCode.replace(".buffer(y).u32(n)", ".buffer(y).f32(n)"));
  r = await runLesson();
  check(r.output.includes("warning: argument 3 of kernel `saxpy` is a floating-point number " +
    "(.f32(1000)) but the PTX declares the parameter `.u32`: the kernel reads its 4 bytes as an " +
    "integer, 1148846080; pass it with .u32(…) or .i32(…)"),
  `a float for a .u32 parameter is a warning: ${r.output.split("\n")[0]}`);
  check(await page.$$eval("#output .out.warning", (ws) => ws.length === 1), "... shown once, as a warning");

  // On the CUDA C lesson: a wrong argument size names the argument, at the snippet's line.
  await page.goto(`${url}/#launch`);
  await page.waitForFunction(() => document.getElementById("cuda-name").textContent === "saxpy.cu");
  const code = await editorText(CODE);
  await setEditor(CODE, code.replace(".buffer(y).i32(n)", ".buffer(y).f64(n)"));
  r = await runLesson();
  check(/snippet\.js:\d+:\d+: argument 3/.test(r.codeError ?? ""), `launch error shown inline at the snippet line: ${r.codeError}`);

  // A file name that does not exist: the error lists the files that do.
  await setEditor(CODE, code.replace('files["saxpy.cu"]', 'files["saxpi.cu"]'));
  r = await runLesson();
  check(/^snippet\.js:1:\d+: FileNotFound: there is no file "saxpi\.cu"; the files are /.test(r.codeError ?? "") &&
    r.codeError.includes('"saxpy.cu"') && r.codeError.includes('"kernels.fatbin"'),
    `an unknown file name lists the files: ${r.codeError}`);

  // A JavaScript typo: the line of the snippet is named.
  await setEditor(CODE, code.replace("saxpy.launch(", "saxpy.lanch("));
  r = await runLesson();
  const lanchLine = code.split("\n").findIndex((l) => l.includes("saxpy.launch(")) + 1;
  check((r.codeError ?? "").startsWith(`snippet.js:${lanchLine}:`) && r.codeError.includes("lanch"),
    `JavaScript error shown inline: ${r.codeError}`);
  await page.screenshot({ path: join(outDir, "error-js.png"), fullPage: true });

  // An endless loop in the snippet itself: the page stays responsive, the worker is stopped.
  await setEditor(CODE, "while (true) {}\n");
  const tLoop = Date.now();
  const pending = runLesson(30000);
  await page.waitForTimeout(1000);
  const tProbe = Date.now();
  await page.click('nav a[data-lesson="launch"]'); // the page still answers while it runs
  const probe = Date.now() - tProbe;
  // A snippet on the page's own thread would hold the click until the 10 s stop; a worker keeps it
  // well under that. 3 s leaves room for a loaded 2-core CI machine, where Playwright's click (scroll,
  // stability frames) took over 500 ms while the worker spun.
  check(probe < 3000, `page responsive while the endless snippet runs (a click took ${probe} ms)`);
  r = await pending;
  const stopped = Date.now() - tLoop;
  check((r.codeError ?? "").includes("did not finish"), `endless snippet stopped after ${stopped} ms: ${r.codeError}`);
  await page.waitForFunction(() => !document.getElementById("run").disabled, null, { timeout: 20000 });
  await page.click("#reset");
  r = await runLesson();
  check(r.output.includes("Float32Array(8) [1, 3, 5, 7, 9, 11, 13, 15]"), "a fresh worker runs the lesson again");

  for (const [what, part] of [["keyboard", keyboard], ["accessibility", accessibility], ["phone", phone]]) {
    try {
      await part({ browser, url, check, lessons: ids });
    } catch (e) {
      check(false, `the ${what} part stopped: ${String(e.message ?? e).split("\n")[0]}`);
    }
  }
  const shots = await screenshots({ browser, url, dir: shotsDir });
  consoleErrors.push(...shots.errors);
  report.screenshots = shots.shots;
  console.log(`screenshots: ${shots.shots.join(" ")}`);

  try {
    report.hostile = await hostile({ browser, page, url, outDir, check, detector, expected, onSite, requests });
  } catch (e) {
    check(false, `the hostile part stopped: ${String(e.message ?? e).split("\n")[0]}`);
  }
  // Late arrivals (an image or a stylesheet loading after its test) still count.
  await page.waitForTimeout(1500);
} finally {
  await browser.close();
  await detector.close();
  rmSync(profile, { recursive: true, force: true });
}

check(consoleErrors.length === 0, `no console errors${consoleErrors.length ? `: ${consoleErrors.join(" | ")}` : ""}`);
check(detector.hits.length === 0,
  `the other-origin server (${detector.origin}) got no connection from the page or its workers${detector.hits.length ? `: ${detector.hits.join(", ")}` : ""}`);
// Playwright also reports requests the browser refused before sending them: failed with
// "csp" (the Content-Security-Policy) or "origin" (Chromium's same-origin rule for external
// SVG resources, <use href> and filter=url(), which the policy does not cover). Any other
// off-site request was sent.
const offsite = requests.filter((r) => !onSite(r.url()));
const sent = offsite.filter((r) => !["csp", "origin"].includes(r.failure()?.errorText));
report.offsiteRefused = offsite.map((r) => `${r.url()} (${r.failure()?.errorText})`);
check(sent.length === 0,
  `no request leaves the site (${requests.length} requests; ${offsite.length} off-site ones, all refused by the browser)${sent.length ? `: sent ${sent.map((r) => `${r.url()} ${r.failure()?.errorText ?? "completed"}`).join(", ")}` : ""}`);
writeFileSync(join(outDir, "report.json"), JSON.stringify(report, null, 2));
console.log(`page ready ${report.readyMs} ms; lesson runs (ms): ${JSON.stringify(report.lessons)}; ` +
  `browser compile of ${report.compile?.lines} lines: median ${report.compile?.medianMs} ms, min ${report.compile?.minMs} ms`);
if (failures.length) {
  // Listed last so a log's tail (all CI shows) names them.
  console.error(`${failures.length} check(s) failed:\n${failures.map((f) => `FAIL ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("all playground checks passed");
