// The playground page: lesson navigation, editors, the worker that runs snippets and
// compiles the lessons' CUDA C (the PTX shown beside it), inline errors, sharing through the
// URL hash and dropped files. Everything is local: the page
// fetches only its own files, and the Content-Security-Policy in index.html makes the
// browser hold the page and its worker to that (see startWorker).

import { LESSONS } from "./lessons.js";
import { sanitize } from "./sanitize.js";

const WATCHDOG_MS = 10_000; // a run that takes longer is stopped by terminating its worker
const COMPILE_DELAY_MS = 300; // typing pauses this long before the CUDA C is compiled again

const $ = (id) => document.getElementById(id);
const state = {
  lesson: LESSONS[0],
  edits: {}, // lesson id -> {code, cu, ptx}
  worker: null,
  ready: false,
  pending: null,
  runId: 0,
  watchdog: null,
  files: [], // dropped files: {name, bytes: ArrayBuffer}
  linked: null, // the lesson whose code came from a link (until Reset): {id, ran}
  compileId: 0, // the latest compile of the lesson's CUDA C asked of the worker
  compileTimer: null,
  fatalSource: null, // CUDA C whose compile trapped the worker's module (a compiler bug)
};

// The PTX file a CUDA C file compiles to: saxpy.cu -> saxpy.ptx.
const ptxNameOf = (cuName) => `${cuName.replace(/\.cu$/, "")}.ptx`;

// ---------- editors ----------

// Tab indents, as in any code editor; Escape releases the keyboard, so that the next Tab
// (or Shift+Tab) moves the focus on instead (the convention of CodeMirror and VS Code's
// "Tab moves focus"; the pane's head says so). Ctrl/Cmd+Enter runs from anywhere (the
// document's keydown, below).
function makeEditor(container, label, { readOnly = false } = {}) {
  const gutter = document.createElement("div");
  gutter.className = "gutter";
  gutter.setAttribute("aria-hidden", "true"); // the numbers are for the eye, not the ear
  const ta = document.createElement("textarea");
  ta.setAttribute("aria-label", label);
  ta.setAttribute("aria-describedby", "editor-keys");
  const body = document.createElement("div"); // grows with the text; `container` scrolls
  body.className = "editor-body";
  ta.spellcheck = false;
  ta.setAttribute("autocapitalize", "off");
  ta.setAttribute("autocomplete", "off");
  ta.setAttribute("wrap", "off");
  // A read-only view (the PTX the compiler made): selectable and focusable, and Tab moves on.
  ta.readOnly = readOnly;
  body.append(gutter, ta);
  container.append(body);
  let marked = null;
  const refresh = () => {
    const n = ta.value.split("\n").length;
    if (gutter.childElementCount !== n) {
      gutter.replaceChildren(
        ...Array.from({ length: n }, (_, i) => {
          const d = document.createElement("div");
          d.textContent = String(i + 1);
          return d;
        }),
      );
      marked = null;
    }
    ta.style.height = "auto";
    ta.style.height = `${ta.scrollHeight}px`;
    // As wide as its longest line, so that the editor scrolls sideways (with a shadow at
    // its edge, style.css) rather than cutting lines off at a phone's edge.
    ta.style.minWidth = "0";
    ta.style.minWidth = `${ta.scrollWidth}px`;
  };
  let released = false; // Escape was pressed: the next Tab leaves the editor
  const editor = {
    textarea: ta,
    onEdit: () => {},
    get value() {
      return ta.value;
    },
    set value(v) {
      ta.value = v;
      refresh();
    },
    mark(line) {
      editor.unmark();
      const d = gutter.children[line - 1];
      if (d) {
        d.classList.add("err");
        marked = d;
        // Bring the line into view inside the editor (not the page).
        container.scrollTop = Math.max(0, d.offsetTop - container.clientHeight / 2);
      }
    },
    unmark() {
      marked?.classList.remove("err");
      marked = null;
    },
    goTo(line, column) {
      const lines = ta.value.split("\n");
      let pos = 0;
      for (let i = 0; i < Math.min(line - 1, lines.length); i++) pos += lines[i].length + 1;
      const end = pos + (lines[line - 1]?.length ?? 0);
      ta.focus();
      ta.setSelectionRange(column ? Math.min(pos + column - 1, end) : pos, end);
      gutter.children[line - 1]?.scrollIntoView({ block: "center" });
    },
  };
  ta.addEventListener("input", () => {
    refresh();
    editor.onEdit();
  });
  ta.addEventListener("focus", () => {
    released = false;
  });
  ta.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      released = true;
    } else if (e.key === "Tab" && !readOnly && !e.shiftKey && !released && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      ta.setRangeText("    ", ta.selectionStart, ta.selectionEnd, "end");
      refresh();
      editor.onEdit();
    } else if (e.key !== "Shift") {
      released = false;
    }
  });
  return editor;
}

const codeEditor = makeEditor($("code-editor"), "snippet.js, the JavaScript that runs");
const cudaEditor = makeEditor($("cuda-editor"), "CUDA C file");
const genEditor = makeEditor($("gen-editor"), "the PTX compiled from it", { readOnly: true });
const ptxEditor = makeEditor($("ptx-editor"), "PTX file");

function saveEdits() {
  const l = state.lesson;
  state.edits[l.id] = {
    code: codeEditor.value,
    cu: l.cuda ? cudaEditor.value : undefined,
    ptx: l.ptx ? ptxEditor.value : undefined,
  };
}
codeEditor.onEdit = saveEdits;
cudaEditor.onEdit = () => {
  saveEdits();
  requestCompile(COMPILE_DELAY_MS);
};
ptxEditor.onEdit = saveEdits;

// ---------- lessons ----------

function renderNav() {
  const select = $("lesson-select");
  select.replaceChildren(
    ...LESSONS.map((l, i) => {
      const o = document.createElement("option");
      o.value = l.id;
      o.textContent = `${i + 1}. ${l.title}`;
      return o;
    }),
  );
  select.addEventListener("change", () => {
    location.hash = `#${select.value}`;
  });
  const nav = $("lessons");
  nav.replaceChildren(
    ...LESSONS.map((l, i) => {
      const a = document.createElement("a");
      a.href = `#${l.id}`;
      a.dataset.lesson = l.id;
      const n = document.createElement("span");
      n.className = "n";
      n.textContent = `${i + 1}`;
      a.append(n, l.title);
      return a;
    }),
  );
}

function showLesson(lesson, shared) {
  state.lesson = lesson;
  for (const a of $("lessons").children) {
    if (a.dataset.lesson === lesson.id) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  $("lesson-select").value = lesson.id;
  $("title").textContent = lesson.title;
  $("text").innerHTML = lesson.text; // authored by us, in lessons.js
  foldText($("text"));
  $("upload").hidden = !lesson.upload;
  const edits = shared ?? state.edits[lesson.id] ?? {};
  codeEditor.value = edits.code ?? lesson.code;
  $("cuda-pair").hidden = !lesson.cuda;
  if (lesson.cuda) {
    const gen = ptxNameOf(lesson.cuda.name);
    $("cuda-name").textContent = lesson.cuda.name;
    $("gen-name").textContent = gen;
    $("gen-what").textContent = "PTX, compiled from it · read only";
    cudaEditor.textarea.setAttribute("aria-label", `${lesson.cuda.name}, the CUDA C the snippet compiles`);
    genEditor.textarea.setAttribute("aria-label",
      `${gen}, the PTX the built-in compiler made from ${lesson.cuda.name} (read only)`);
    cudaEditor.value = edits.cu ?? lesson.cuda.text;
    genEditor.value = "";
  }
  $("ptx-pane").hidden = !lesson.ptx;
  if (lesson.ptx) {
    $("ptx-name").textContent = lesson.ptx.name;
    ptxEditor.textarea.setAttribute("aria-label", `${lesson.ptx.name}, the PTX the snippet loads`);
    ptxEditor.value = edits.ptx ?? lesson.ptx.text;
  }
  if (shared) {
    saveEdits();
    state.linked = { id: lesson.id, ran: false };
  }
  showLinked();
  clearErrors();
  requestCompile(0);
  $("output").replaceChildren();
  $("run-info").textContent = "";
  const i = LESSONS.indexOf(lesson);
  $("prev").disabled = i === 0;
  $("next").disabled = i === LESSONS.length - 1;
  document.title = `${lesson.title} · cuda-library playground`;
}

// Everything after the lesson's first paragraph goes in a <details>: open on a wide screen
// (its summary hidden by style.css), folded on a narrow one, so that a phone's first screen
// shows the code and the Run button.
const NARROW = window.matchMedia("(max-width: 800px)");
function foldText(text) {
  const first = text.querySelector("p");
  const rest = first ? [...text.children].slice([...text.children].indexOf(first) + 1) : [];
  if (rest.length === 0) return;
  const more = document.createElement("details");
  more.className = "more";
  more.open = !NARROW.matches;
  const summary = document.createElement("summary");
  summary.textContent = "More about this lesson";
  more.append(summary, ...rest);
  text.append(more);
}
NARROW.addEventListener("change", () => {
  for (const d of document.querySelectorAll(".text details.more")) d.open = !NARROW.matches;
});

// ---------- sharing through the URL hash ----------

// Code from a link is the link author's, not the lesson's: it never runs by itself, the
// snippet's pane says "from a link" until Reset, and a banner says so until its first run.
function showLinked() {
  const linked = state.linked?.id === state.lesson.id ? state.linked : null;
  $("code-origin").hidden = !linked;
  $("from-link").hidden = !linked || linked.ran;
}

function b64encode(text) {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function b64decode(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));
}

function fromHash() {
  const [id, query] = location.hash.slice(1).split("?");
  const lesson = LESSONS.find((l) => l.id === id) ?? LESSONS[0];
  let shared = null;
  if (query) {
    const p = new URLSearchParams(query);
    try {
      shared = {
        code: p.has("code") ? b64decode(p.get("code")) : undefined,
        cu: p.has("cu") ? b64decode(p.get("cu")) : undefined,
        ptx: p.has("ptx") ? b64decode(p.get("ptx")) : undefined,
      };
    } catch (_) {
      setStatus("the shared link is damaged; showing the lesson as written");
    }
  }
  showLesson(lesson, shared);
}

function share() {
  const l = state.lesson;
  const p = new URLSearchParams();
  if (codeEditor.value !== l.code) p.set("code", b64encode(codeEditor.value));
  if (l.cuda && cudaEditor.value !== l.cuda.text) p.set("cu", b64encode(cudaEditor.value));
  if (l.ptx && ptxEditor.value !== l.ptx.text) p.set("ptx", b64encode(ptxEditor.value));
  const q = p.toString();
  const hash = `#${l.id}${q ? `?${q}` : ""}`;
  history.replaceState(null, "", hash);
  const done = () => setStatus("link to this lesson and your edits is in the address bar");
  if (navigator.clipboard?.writeText) {
    navigator.clipboard.writeText(location.href).then(
      () => setStatus("link copied (also in the address bar)"),
      done,
    );
  } else {
    done();
  }
}

// ---------- the worker ----------

function setStatus(text) {
  $("status").textContent = text;
}

// The worker is started from a blob: URL, not from worker.js's own URL, and that is what
// puts it under the page's Content-Security-Policy. A worker loaded from a URL takes its
// policy from that response's headers, and a static server (python's http.server, a
// GitHub Pages-like host) sends none: such a worker may fetch anything, whatever the page's
// <meta> policy says (checked in Chromium: fetch, XMLHttpRequest, import(), WebSocket and
// EventSource from it all reached another port). A blob: worker inherits the policy of the
// page that made it, so `connect-src 'self'` and `script-src 'self'` hold in it: its
// fetch, XMLHttpRequest, WebSocket, EventSource, importScripts and import() reach only this
// site, and the workers it could start are blob: workers with the same policy
// (`worker-src blob:` forbids the URL kind, which would escape it). It is a classic worker
// that imports worker.js with import(): a module worker's static imports are checked
// against worker-src, which allows only blob:. Inside, worker.js also removes fetch,
// XMLHttpRequest, importScripts, WebSocket, EventSource, Worker, indexedDB, caches, ...
// from its global before any snippet runs (a second wall; import() is syntax and cannot be
// removed, the policy covers it). Messages that arrive before worker.js has loaded are
// queued and handed to it.
const WORKER_BOOT = URL.createObjectURL(
  new Blob(
    [
      `"use strict";
const queued = [];
self.onmessage = (ev) => queued.push(ev);
import(${JSON.stringify(new URL("worker.js", import.meta.url).href)}).then(
  (m) => m.connect(queued),
  (e) => postMessage({ type: "fatal", message: "the worker did not load: " + e }),
);
`,
    ],
    { type: "text/javascript" },
  ),
);

function startWorker() {
  state.ready = false;
  $("run").disabled = true;
  const w = new Worker(WORKER_BOOT);
  w.onmessage = (ev) => onWorkerMessage(w, ev.data);
  w.onerror = (ev) => {
    ev.preventDefault();
    setStatus(`the WebAssembly worker failed: ${ev.message ?? "unknown error"}`);
  };
  for (const f of state.files) w.postMessage({ type: "file", name: f.name, bytes: f.bytes.slice(0) });
  state.worker = w;
}

function onWorkerMessage(w, m) {
  if (w !== state.worker) return;
  if (m.type === "ready") {
    state.ready = true;
    requestCompile(0); // a fresh worker: the asked-for compile may have died with the last one
    $("run").disabled = false;
    const ms = performance.now();
    if (!document.documentElement.dataset.readyMs) {
      document.documentElement.dataset.readyMs = ms.toFixed(0);
    }
    setStatus(`ready in ${ms.toFixed(0)} ms`);
  } else if (m.type === "fatal") {
    setStatus(`could not start: ${m.message}`);
  } else if (m.type === "compiled" && m.id === state.compileId) {
    showCompiled(m);
    if (m.error?.fatal) {
      // A fresh worker, which is not asked to compile this source again (it would trap
      // again, and again): the next edit or Run tries.
      state.fatalSource = m.text;
      w.terminate();
      startWorker();
    }
  } else if (m.type === "result" && m.id === state.pending) {
    clearTimeout(state.watchdog);
    state.pending = null;
    $("run").disabled = false;
    showResult(m);
    if (m.error?.fatal) {
      w.terminate();
      startWorker();
    }
  }
}

// ---------- the lesson's CUDA C, compiled as it is edited ----------

// Asks the worker to compile the lesson's CUDA C file (after `delay` ms of no typing); the
// answer (showCompiled) fills the PTX view or marks the first error. Only the latest
// request's answer is shown.
function requestCompile(delay) {
  clearTimeout(state.compileTimer);
  const l = state.lesson;
  if (!l.cuda) return;
  state.compileTimer = setTimeout(() => {
    if (!state.worker || state.lesson !== l || cudaEditor.value === state.fatalSource) return;
    state.compileId++;
    state.worker.postMessage({ type: "compile", id: state.compileId, name: l.cuda.name, text: cudaEditor.value });
  }, delay);
}

function showCompiled(m) {
  const l = state.lesson;
  if (!l.cuda || m.name !== l.cuda.name) return;
  const root = document.documentElement;
  root.dataset.compiles = String(Number(root.dataset.compiles ?? 0) + 1);
  root.dataset.lastCompileMs = m.ms.toFixed(2);
  if (m.ptx !== null) {
    genEditor.value = m.ptx;
    $("gen-what").textContent = `PTX, compiled from it in ${m.ms.toFixed(1)} ms · read only`;
    for (const id of ["cuda-error", "gen-error"]) {
      $(id).hidden = true;
      $(id).replaceChildren();
    }
    cudaEditor.unmark();
    genEditor.unmark();
  } else if (m.error) {
    // The PTX of the last source that compiled stays in view; the error goes under the
    // CUDA C, at its line when it has one.
    $("gen-what").textContent = "PTX of the last version that compiled · read only";
    if (m.error.line && m.error.file === l.cuda.name) placeError(m.error);
    else inlineError("cuda-error", cudaEditor, l.cuda.name, null, null, m.error.message);
  }
}

function run() {
  if (!state.ready || state.pending !== null) return;
  clearErrors();
  $("output").replaceChildren();
  $("run-info").textContent = "running…";
  $("run").disabled = true;
  const id = ++state.runId;
  state.pending = id;
  const l = state.lesson;
  if (state.linked?.id === l.id) {
    state.linked.ran = true;
    showLinked();
  }
  state.worker.postMessage({
    type: "run",
    id,
    code: codeEditor.value,
    texts: {
      ...(l.cuda ? { [l.cuda.name]: cudaEditor.value } : {}),
      ...(l.ptx ? { [l.ptx.name]: ptxEditor.value } : {}),
    },
  });
  state.watchdog = setTimeout(() => {
    if (state.pending !== id) return;
    state.worker.terminate();
    state.pending = null;
    showResult({
      outputs: [],
      error: {
        message: `the run did not finish within ${WATCHDOG_MS / 1000} s; its worker was stopped and a fresh one started`,
        codeLine: null,
      },
      ms: WATCHDOG_MS,
    });
    startWorker();
  }, WATCHDOG_MS);
}

// ---------- results and errors ----------

function clearErrors() {
  for (const id of ["code-error", "cuda-error", "gen-error", "ptx-error"]) {
    $(id).hidden = true;
    $(id).replaceChildren();
  }
  for (const editor of [codeEditor, cudaEditor, genEditor, ptxEditor]) editor.unmark();
}

function outBox(cls) {
  const d = document.createElement("div");
  d.className = `out ${cls}`;
  $("output").append(d);
  return d;
}

function inlineError(pane, editor, file, line, column, message) {
  const box = $(pane);
  box.hidden = false;
  const where = line ? `${file}:${line}${column ? `:${column}` : ""}: ` : "";
  if (line) {
    editor.mark(line);
    const a = document.createElement("a");
    a.href = "#";
    a.textContent = where;
    a.addEventListener("click", (e) => {
      e.preventDefault();
      editor.goTo(line, column);
    });
    box.replaceChildren(a, message);
  } else {
    box.replaceChildren(message);
  }
}

// An error at the line it is about: in the lesson's CUDA C (a compile error), in the PTX
// made from it or in the lesson's PTX file (a syntax error, a fault, a budget stop), or else
// at the snippet's line that threw.
function placeError(e) {
  const l = state.lesson;
  const gen = l.cuda ? ptxNameOf(l.cuda.name) : null;
  if (e.line && l.cuda && e.file === l.cuda.name) {
    inlineError("cuda-error", cudaEditor, l.cuda.name, e.line, e.column, e.message);
  } else if (e.line && gen && e.file === gen) {
    inlineError("gen-error", genEditor, gen, e.line, e.column, e.message);
  } else if (e.line && l.ptx && e.file === l.ptx.name) {
    inlineError("ptx-error", ptxEditor, l.ptx.name, e.line, e.column, e.message);
  } else if (e.codeLine) {
    const name = e.name && e.name !== "Error" ? `${e.name}: ` : "";
    inlineError("code-error", codeEditor, "snippet.js", e.codeLine.line, e.codeLine.column,
      `${name}${e.message}`);
  } else {
    const where = e.line && e.file ? ` (${e.file} line ${e.line})` : "";
    inlineError("code-error", codeEditor, "snippet.js", null, null,
      `${e.name && e.name !== "Error" ? `${e.name}: ` : ""}${e.message}${where}`);
  }
}

// Rendered HTML goes through the allow-list filter (sanitize.js); what it left out is
// kept on the page's root element for the tests (`data-dropped`).
function appendHtml(html, dropped) {
  const r = sanitize(String(html));
  outBox("html").append(...r.nodes);
  dropped.push(...r.dropped);
}

function showResult(m) {
  const dropped = [];
  for (const o of m.outputs) {
    if (o.kind === "html") appendHtml(o.html, dropped);
    else {
      const pre = document.createElement("pre");
      pre.textContent = o.text;
      const box = { error: "error", warning: "warning" }[o.kind] ?? "text";
      outBox(box).append(pre);
    }
  }
  const e = m.error;
  const l = state.lesson;
  // The PTX the snippet compiled (and ran) replaces the preview's.
  if (l.cuda && m.generated?.[l.cuda.name] !== undefined) {
    genEditor.value = m.generated[l.cuda.name];
  }
  if (e) {
    placeError(e);
    if (e.html) appendHtml(e.html, dropped);
  }
  const root = document.documentElement;
  root.dataset.dropped = [...new Set(dropped)].join(" ");
  root.dataset.runs = String(Number(root.dataset.runs ?? 0) + 1);
  root.dataset.lastRunMs = m.ms.toFixed(1);
  const n = $("output").childElementCount;
  const wall = document.createElement("span");
  wall.className = "wall";
  wall.textContent = " (wall time in your browser)";
  $("run-info").replaceChildren(`${e ? "failed" : "ran"} in ${m.ms.toFixed(1)} ms`, wall,
    n ? `: ${n} result${n === 1 ? "" : "s"} below` : "");
  markScrollable();
}

// Output wider than its box (a long table, a hex dump) scrolls inside the box. Such a box
// is made reachable by keyboard (arrow keys then scroll it) and named, and style.css shades
// its edges; checked again whenever the output's width changes.
function markScrollable() {
  for (const el of $("output").querySelectorAll(".culib, pre, .out")) {
    const scrolls = el.scrollWidth > el.clientWidth + 1;
    el.classList.toggle("scrolls", scrolls);
    if (scrolls && !el.hasAttribute("tabindex")) {
      const caption = el.querySelector("caption, h3")?.textContent.trim();
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "region");
      el.setAttribute("aria-label", `${caption ? `${caption.slice(0, 80)}: ` : ""}scrolls sideways`);
    } else if (!scrolls && el.getAttribute("role") === "region") {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
    }
  }
}
new ResizeObserver(() => markScrollable()).observe($("output"));

// ---------- dropped and chosen files ----------

async function addFiles(list) {
  for (const file of list) {
    const bytes = await file.arrayBuffer();
    state.files = state.files.filter((f) => f.name !== file.name);
    state.files.push({ name: file.name, bytes });
    state.worker?.postMessage({ type: "file", name: file.name, bytes: bytes.slice(0) });
    $("files-note").textContent = `${file.name} (${bytes.byteLength} bytes) is files["${file.name}"]`;
    setStatus(`${file.name} added: run the lesson to load it`);
  }
  const target = LESSONS.find((l) => l.upload);
  if (target && state.lesson !== target) location.hash = `#${target.id}`;
}

function setupDrop() {
  const overlay = $("drop");
  let depth = 0;
  document.addEventListener("dragenter", (e) => {
    if (!e.dataTransfer?.types.includes("Files")) return;
    depth++;
    overlay.hidden = false;
  });
  document.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.hidden = true;
  });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    if (e.dataTransfer?.files.length) addFiles(e.dataTransfer.files);
  });
  $("file").addEventListener("change", (e) => addFiles(e.target.files));
}

// ---------- start ----------

renderNav();
window.addEventListener("hashchange", fromHash);
$("run").addEventListener("click", run);
$("reset").addEventListener("click", () => {
  delete state.edits[state.lesson.id];
  if (state.linked?.id === state.lesson.id) state.linked = null;
  history.replaceState(null, "", `#${state.lesson.id}`);
  showLesson(state.lesson, null);
});
$("share").addEventListener("click", share);
$("prev").addEventListener("click", () => {
  const i = LESSONS.indexOf(state.lesson);
  if (i > 0) location.hash = `#${LESSONS[i - 1].id}`;
});
$("next").addEventListener("click", () => {
  const i = LESSONS.indexOf(state.lesson);
  if (i < LESSONS.length - 1) location.hash = `#${LESSONS[i + 1].id}`;
});
// Ctrl+Enter (Cmd+Enter on a Mac) runs the lesson wherever the focus is.
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !e.altKey) {
    e.preventDefault();
    run();
  }
});
for (const a of document.querySelectorAll("a[data-skip]")) {
  a.addEventListener("click", (e) => {
    e.preventDefault(); // the hash names the lesson: a skip link must not change it
    const target = a.dataset.skip === "code" ? codeEditor.textarea : $("output");
    target.focus();
    target.scrollIntoView({ block: "start" });
  });
}
setupDrop();
fromHash();
startWorker();
