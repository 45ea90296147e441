// The rustdoc and the playground shipped together (scripts/docs.sh): every "Try it in your
// browser" link of the main types' pages, followed in headless Chromium, must open the
// playground at the lesson it names, which must then run. Usage: node docs.mjs URL OUT_DIR
//   URL      where target/doc is served (127.0.0.1)
//   OUT_DIR  a screenshot of one docs page and of each linked lesson go here

import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) {
  console.error("usage: node docs.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

// Each page with its link and the lesson the link must open.
const PAGES = [
  ["cuda_library/index.html", "welcome"],
  ["cuda_library/struct.Library.html", "load"],
  ["cuda_library/struct.Kernel.html", "kernels"],
  ["cuda_library/struct.Global.html", "globals"],
  ["cuda_library/struct.Managed.html", "managed"],
  ["cuda_library/struct.Launcher.html", "launch"],
  ["cuda_library/struct.Program.html", "launch"],
  ["cuda_library/struct.Event.html", "timing"],
  ["cuda_library/enum.Error.html", "errors"],
];

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
};

const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "culib-docs-")), {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && page.url().includes("/playground/")) errors.push(m.text());
  });
  for (const [doc, lesson] of PAGES) {
    await page.goto(`${url}/${doc}`);
    const link = page.locator("a", { hasText: "Try it in your browser" }).first();
    if ((await link.count()) === 0) {
      check(false, `${doc}: has a "Try it in your browser" link`);
      continue;
    }
    if (lesson === "load") await page.screenshot({ path: join(outDir, "docs-library.png") });
    await link.click();
    try {
      await page.waitForFunction(() => document.documentElement.dataset.readyMs, null, { timeout: 20000 });
    } catch {
      check(false, `${doc}: the link opens the playground (now at ${page.url()})`);
      continue;
    }
    const at = new URL(page.url());
    const current = await page.$eval('nav a[aria-current="page"]', (a) => a.dataset.lesson).catch(() => null);
    check(at.pathname.endsWith("/playground/index.html") && current === lesson,
      `${doc}: the link opens the playground at lesson "${lesson}" (${at.pathname}${at.hash}, current ${current})`);
    const before = await page.evaluate(() => Number(document.documentElement.dataset.runs ?? 0));
    await page.click("#run");
    await page.waitForFunction((n) => Number(document.documentElement.dataset.runs ?? 0) > n, before, { timeout: 15000 });
    const r = await page.evaluate(() => ({
      output: document.getElementById("output").innerText,
      error: document.getElementById("code-error").hidden ? null : document.getElementById("code-error").innerText,
    }));
    check(r.error === null && r.output.trim().length > 0, `${doc}: lesson "${lesson}" runs (${r.output.length} characters of output)${r.error ?? ""}`);
    await page.screenshot({ path: join(outDir, `lesson-from-docs-${lesson}.png`) });
  }
  check(errors.length === 0, `no errors on the playground pages${errors.length ? `: ${errors.join(" | ")}` : ""}`);
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log("every docs link opens its lesson, and it runs");
