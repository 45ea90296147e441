// The playground's Web Worker: loads cuda-library (WebAssembly, simulated backend), runs
// each lesson's snippet and compiles its CUDA C, so a long kernel never blocks the page. A module imported by the
// blob: worker the page starts (app.js, startWorker: that is what puts this worker under the
// page's Content-Security-Policy); the worker hands it the messages that came first through
// connect(). Snippets may come from a link, so before the first one runs, everything that
// reaches the network or storage is removed from the worker's global (lockDown). Messages in:
//   {type: "file", name, bytes}           a file the reader dropped on the page
//   {type: "run", id, code, texts}        run `code`; `texts` are editor files (name -> text)
//   {type: "compile", id, name, text}     compile CUDA C file `name` with the default options
// Messages out (a result's outputs are {kind: "text"|"html"|"error"|"warning", ...}):
//   {type: "ready", samples}              module loaded, bundled samples fetched
//   {type: "fatal", message}              the module could not start
//   {type: "result", id, outputs, error, ms, generated}
//                                         `generated`: the PTX of each editor file the
//                                         snippet compiled (name -> PTX text)
//   {type: "compiled", id, name, text, ptx, error, ms}  `ptx` null when `error` says why

import init, * as cuda from "./pkg/cuda_library_playground.js";

// The bundled sample images, fetched once from the site itself (never from the network).
const SAMPLES = [
  "kernels.fatbin",
  "kernels.sm90.cubin",
  "kernels.ptx",
  "tables.sm90.cubin",
  "tables.zstd.fatbin",
];

const files = {};
const fileNames = new WeakMap(); // Uint8Array -> file name, to place errors in the right editor
const libFiles = new WeakMap(); // Library -> file name
const kernelFiles = new WeakMap(); // Kernel -> file name
let dropped = null;
let generated = null; // during a run: editor file name -> the PTX the snippet compiled from it

// The PTX file a CUDA C file compiles to (as the page names it): saxpy.cu -> saxpy.ptx.
const ptxNameOf = (cuName) => `${cuName.replace(/\.cu$/, "")}.ptx`;

// What snippets see as `Program`: cuda-library's, except that a program made from an editor's
// file (files["saxpy.cu"]) is named after it, so its compile errors point into that editor.
function Program(source, options) {
  const p = new cuda.Program(source, options);
  const name = source instanceof Uint8Array ? fileNames.get(source) : undefined;
  return name ? p.withName(name) : p;
}
Program.prototype = cuda.Program.prototype;

function setFile(name, bytes) {
  files[name] = bytes;
  fileNames.set(bytes, name);
}

// What snippets see as `files`: the same object, except that reading a name it does not hold
// throws an error that lists the names it does ("saxpi.ptx" for "saxpy.ptx"), where a plain
// object would give undefined and a TypeError further on.
const filesSeen = new Proxy(files, {
  get(target, key, receiver) {
    if (typeof key === "string" && !Object.hasOwn(target, key) && !(key in Object.prototype)) {
      const names = Object.keys(target).sort().map((n) => `"${n}"`).join(", ");
      const what = key === "null" && dropped === null
        ? "no file was dropped on the page yet (files[dropped])"
        : `there is no file "${key}"`;
      const e = new Error(`${what}; the files are ${names}`);
      e.name = "FileNotFound";
      throw e;
    }
    return Reflect.get(target, key, receiver);
  },
});

// Warnings about launch arguments (an f32 for a .u32 parameter: the module's arg_types),
// shown after the call that made them, in the run's output.
let showWarning = null;
function drainWarnings() {
  for (const text of cuda.takeWarnings()) showWarning?.(text);
}

// Errors thrown by the library carry `line`/`column` (PTX); `file` says which image.
function tagged(e, file) {
  if (e && typeof e === "object" && file && e.file === undefined) e.file = file;
  return e;
}

function instrument() {
  // A compile records the PTX it made for the page's view of it; the library loaded from
  // it is named after that PTX, so faults and budget stops mark the view's line.
  const compile = cuda.Program.prototype.compile;
  cuda.Program.prototype.compile = function (...args) {
    const code = compile.apply(this, args);
    const name = code.name();
    const ptx = code.ptxText();
    if (generated && name && ptx !== undefined) generated[name] = ptx;
    return code;
  };
  const toLibrary = cuda.ObjectCode.prototype.toLibrary;
  cuda.ObjectCode.prototype.toLibrary = function () {
    const name = this.name();
    const file = name ? ptxNameOf(name) : null;
    let lib;
    try {
      lib = toLibrary.call(this);
    } catch (e) {
      throw tagged(e, file);
    }
    if (file) libFiles.set(lib, file);
    return lib;
  };
  const load = cuda.Library.loadData;
  cuda.Library.loadData = function (bytes) {
    const file = fileNames.get(bytes) ?? null;
    let lib;
    try {
      lib = load.call(cuda.Library, bytes);
    } catch (e) {
      throw tagged(e, file);
    }
    if (file) libFiles.set(lib, file);
    return lib;
  };
  const lp = cuda.Library.prototype;
  const getKernel = lp.getKernel;
  lp.getKernel = function (name) {
    const k = getKernel.call(this, name);
    kernelFiles.set(k, libFiles.get(this));
    return k;
  };
  const kernels = lp.kernels;
  lp.kernels = function () {
    const ks = kernels.call(this);
    for (const k of ks) kernelFiles.set(k, libFiles.get(this));
    return ks;
  };
  for (const method of ["launch", "time", "profile"]) {
    const f = cuda.Kernel.prototype[method];
    cuda.Kernel.prototype[method] = function (...args) {
      try {
        return f.apply(this, args);
      } catch (e) {
        throw tagged(e, kernelFiles.get(this));
      } finally {
        drainWarnings();
      }
    };
  }
}

function describe(e) {
  if (e instanceof Error || (e && typeof e === "object" && "message" in e)) {
    return {
      message: String(e.message),
      name: e.name ?? "Error",
      kind: e.kind ?? null,
      hint: e.hint ?? null,
      line: e.line ?? null,
      column: e.column ?? null,
      file: e.file ?? null,
      html: typeof e.html === "string" ? withoutStyle(e.html) : null,
      codeLine: snippetLine(e),
    };
  }
  return { message: String(e), name: "Error", codeLine: null };
}

// The line of the snippet a JavaScript error points at (from its stack), or null.
let bodyOffset = null;
function snippetLine(e) {
  if (bodyOffset === null || typeof e?.stack !== "string") return null;
  const m = e.stack.match(/<anonymous>:(\d+):(\d+)/);
  if (!m) return null;
  const line = Number(m[1]) - bodyOffset;
  return line >= 1 ? { line, column: Number(m[2]) } : null;
}

const AsyncFunction = (async () => {}).constructor;
const PARAMS = [
  "Program", "ProgramOptions", "Library", "Buffer", "ManagedBuffer", "Args", "Sweep", "Comparison",
  "TensorMap",
  "backend", "device", "inspect", "files", "dropped", "show",
];

// Where line 1 of a snippet lands in the stack of the function built from it.
function measureBodyOffset() {
  return new AsyncFunction(...PARAMS, "throw new Error('probe')")()
    .catch((e) => {
      const m = String(e.stack).match(/<anonymous>:(\d+):/);
      bodyOffset = m ? Number(m[1]) - 1 : null;
    });
}

function formatValue(x) {
  if (ArrayBuffer.isView(x)) {
    const items = Array.from(x.slice(0, 64), (v) => String(v));
    const more = x.length > 64 ? `, … (${x.length} values)` : "";
    return `${x.constructor.name}(${x.length}) [${items.join(", ")}${more}]`;
  }
  if (typeof x === "string") return x;
  if (x === undefined) return "undefined";
  try {
    return JSON.stringify(x, (k, v) => (typeof v === "bigint" ? v.toString() : v), 2);
  } catch (_) {
    return String(x);
  }
}

// The renderers' documents open with their stylesheet (`<style>...</style>`, STYLE in
// notebook/src/html.rs), which the page already has as culib.css. It is cut here only so
// that the page's parser never meets an inline style, which the page's policy refuses with a
// message on the console; nothing depends on it for safety (the page's filter drops every
// <style>, and the policy refuses what the filter would miss).
function withoutStyle(html) {
  if (html.startsWith("<style>")) {
    const end = html.indexOf("</style>");
    if (end >= 0) return html.slice(end + "</style>".length);
  }
  return html;
}

function render(x) {
  if (x && typeof x === "object" && typeof x.html === "string" && x instanceof Error) {
    return { kind: "html", html: withoutStyle(x.html) };
  }
  if (x instanceof Error) return { kind: "error", text: `${x.name}: ${x.message}` };
  if (x && typeof x.toHtml === "function") {
    return { kind: "html", html: withoutStyle(String(x.toHtml())) };
  }
  return { kind: "text", text: formatValue(x) };
}

async function run({ id, code, texts }) {
  for (const [name, text] of Object.entries(texts ?? {})) {
    setFile(name, new TextEncoder().encode(text));
  }
  const outputs = [];
  const show = (x) => {
    outputs.push(render(x));
  };
  showWarning = (text) => outputs.push({ kind: "warning", text });
  cuda.takeWarnings(); // none left from an earlier run
  generated = {};
  const t0 = performance.now();
  let error = null;
  try {
    const f = new AsyncFunction(...PARAMS, code);
    await f(
      Program, cuda.ProgramOptions, cuda.Library, cuda.Buffer, cuda.ManagedBuffer, cuda.Args, cuda.Sweep,
      cuda.Comparison, cuda.TensorMap, cuda.backend, cuda.device, cuda.inspect, filesSeen, dropped, show,
    );
  } catch (e) {
    error = describe(e);
    if (e instanceof WebAssembly.RuntimeError) {
      // A trap leaves the module's state undefined: report it and let the page restart us.
      const panic = cuda.takePanic();
      error.message = `internal error in cuda-library (please report it): ${panic ?? e.message}; ` +
        "the worker was restarted";
      error.fatal = true;
    }
  }
  const ms = performance.now() - t0;
  if (!error?.fatal) {
    // What kernels printed with printf, as a GPU prints it at the next synchronize.
    const printed = cuda.takeDeviceOutput();
    if (printed) outputs.push({ kind: "text", text: printed });
  }
  postMessage({ type: "result", id, outputs, error, ms, generated });
  generated = null;
}

// Compiles an editor's CUDA C for the page's PTX view, as `new Program(files[name]).compile()`
// would in a snippet.
function compileFile({ id, name, text }) {
  const t0 = performance.now();
  let ptx = null;
  let error = null;
  try {
    const code = new cuda.Program(String(text)).withName(String(name)).compile();
    ptx = code.ptxText() ?? "";
    code.free();
  } catch (e) {
    error = describe(e);
    error.codeLine = null; // not the snippet's
    if (e instanceof WebAssembly.RuntimeError) {
      // A trap (a bug in the compiler) leaves the module's state undefined, as in run().
      error.message = `internal error in cuda-library's compiler (please report it): ${cuda.takePanic() ?? e.message}; ` +
        "the worker was restarted";
      error.fatal = true;
    }
  }
  postMessage({ type: "compiled", id, name, text, ptx, error, ms: performance.now() - t0 });
}

async function start() {
  await init();
  cuda.start();
  instrument();
  await measureBodyOffset();
  await Promise.all(
    SAMPLES.map(async (name) => {
      const r = await fetch(new URL(`samples/${name}`, import.meta.url));
      if (!r.ok) throw new Error(`sample ${name}: HTTP ${r.status}`);
      setFile(name, new Uint8Array(await r.arrayBuffer()));
    }),
  );
  lockDown();
  return SAMPLES;
}

// What a snippet could use to reach the network (or keep things in the site's storage for
// later): taken off the worker's global and its prototypes, then pinned to undefined so
// that no snippet can put them back. The Content-Security-Policy already limits these to
// this site; this is the second wall, and it leaves import() (syntax, not a property) to the
// policy alone. Runs after the module and the samples are fetched, before any snippet.
const REMOVED = [
  "fetch", "XMLHttpRequest", "importScripts", "WebSocket", "WebSocketStream", "EventSource",
  "WebTransport", "Worker", "SharedWorker", "BroadcastChannel", "indexedDB", "caches",
];

function lockDown() {
  for (const name of REMOVED) {
    for (let o = self; o; o = Object.getPrototypeOf(o)) {
      if (Object.hasOwn(o, name) && !delete o[name]) throw new Error(`could not remove ${name}`);
    }
    Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false });
  }
  // navigator.storage (the origin's private file system, quota): storage, not network, but a
  // link's snippet has no business keeping the reader's files there.
  for (let o = navigator; o; o = Object.getPrototypeOf(o)) {
    if (Object.hasOwn(o, "storage")) delete o.storage;
  }
  for (const name of [...REMOVED, "navigator.storage"]) {
    const v = name === "navigator.storage" ? navigator.storage : self[name];
    if (v !== undefined) throw new Error(`${name} is still reachable`);
  }
}

const ready = start();
ready.then(
  (samples) => postMessage({ type: "ready", samples }),
  (e) => postMessage({ type: "fatal", message: String(e?.message ?? e) }),
);

// Called by the worker's bootstrap (app.js) with the messages that arrived while this
// module loaded; later ones come straight here.
export function connect(queued) {
  self.onmessage = onMessage;
  for (const ev of queued) onMessage(ev);
}

async function onMessage(ev) {
  const m = ev.data;
  if (m.type === "file") {
    setFile(m.name, new Uint8Array(m.bytes));
    dropped = m.name;
    return;
  }
  if (m.type === "run" || m.type === "compile") {
    try {
      await ready;
    } catch (_) {
      return; // "fatal" was posted
    }
    if (m.type === "run") await run(m);
    else compileFile(m);
  }
}
