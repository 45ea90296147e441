// The playground's lessons: text, a JavaScript snippet that calls cuda-library (the same API
// as the Rust crate, names in camelCase) and, for those that run kernels, the kernels as a
// CUDA C file the reader edits (`cuda`: the page shows the PTX the built-in compiler makes of
// it beside it) or, for the lesson about PTX itself, a PTX file (`ptx`).
// Snippets see: Program, ProgramOptions, Library, Buffer, Args, Sweep, Comparison, backend(),
// device(), inspect(bytes), files (name -> Uint8Array; the editors' files too), dropped (the
// last dropped file's name or null), show(x).

// The quickstart's kernel (README.md, core/examples/quickstart.rs), as it is written there.
const SAXPY_CU = `extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
`;

// The source of the sample images (tests/fixtures/kernels.cu, which nvcc built them from).
const KERNELS_CU = `// Fixture library for cuda-library's tests and benchmark.
// Rebuild with tests/fixtures/build.sh on a machine with nvcc (see that script).

__device__ int counter;                                  // zero-initialised global
__device__ float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};    // initialised array
__constant__ float coeffs[8] = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
__managed__ int managed_value = 42;

extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void empty() {}

// Five arguments of different sizes, for the launch benchmark and argument checks.
extern "C" __global__ void args5(int a, float b, double c, float* d, long long e) {
    if (a < 0) *d = b + (float)c + (float)e;
}

// Reads the initialised globals, counts calls, bumps the managed value.
extern "C" __global__ void use_vars(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = table[i % 4] * coeffs[i % 8];
    atomicAdd(&counter, 1);
    if (i == 0) managed_value += 1;
}

// Spins for about \`cycles\` clock cycles: keeps a kernel in flight.
extern "C" __global__ void spin(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
}

template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
template __global__ void scale<float>(float*, float, int);
template __global__ void scale<double>(double*, double, int);
`;

// The first kernel of every course, as courses write it.
const VECTOR_ADD_CU = `// c = a + b, one thread per element
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
`;

// The variables of the fixture library (tests/fixtures/kernels.cu) and its kernel that uses
// them.
const VARS_CU = `__device__ int counter;                 // zero when loaded
__device__ float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant__ float coeffs[8] = {0.5f, 1.5f, 2.5f, 3.5f,
                                4.5f, 5.5f, 6.5f, 7.5f};
__managed__ int managed_value = 42;

// Reads the initialised variables, counts its threads and
// bumps the managed value.
extern "C" __global__ void use_vars(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = table[i % 4] * coeffs[i % 8];
    atomicAdd(&counter, 1);
    if (i == 0) managed_value += 1;
}
`;

const COPIES_CU = `// out[i] = in[i]: neighbouring threads, neighbouring floats
extern "C" __global__
void copy_coalesced(float* out, const float* in, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

// out[i] = in[8 * i]: each thread reads a sector of its own
extern "C" __global__
void copy_strided(float* out, const float* in, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[8 * i];   // the stride: try 1, 32
}
`;

const ERRORS_CU = `extern "C" __global__
void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

// Waits for a flag that nothing sets: the simulator stops it
// at its instruction budget.
extern "C" __global__ void forever(volatile int* flag) {
    while (*flag == 0) {
    }
}
`;

const SAXPY_PTX = `.version 8.0
.target sm_90
.address_size 64

// y[i] = a * x[i] + y[i] for every i < n
.visible .entry saxpy(
    .param .f32 saxpy_a,
    .param .u64 saxpy_x,
    .param .u64 saxpy_y,
    .param .u32 saxpy_n
)
{
    .reg .pred  %p<2>;
    .reg .b32   %r<6>;
    .reg .f32   %f<5>;
    .reg .b64   %rd<8>;

    ld.param.f32    %f1, [saxpy_a];
    ld.param.u64    %rd1, [saxpy_x];
    ld.param.u64    %rd2, [saxpy_y];
    ld.param.u32    %r1, [saxpy_n];
    mov.u32         %r2, %ctaid.x;
    mov.u32         %r3, %ntid.x;
    mov.u32         %r4, %tid.x;
    mad.lo.s32      %r5, %r2, %r3, %r4;   // i = blockIdx.x * blockDim.x + threadIdx.x
    setp.ge.u32     %p1, %r5, %r1;
    @%p1 bra        DONE;
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    mul.wide.u32    %rd5, %r5, 4;
    add.s64         %rd6, %rd3, %rd5;
    add.s64         %rd7, %rd4, %rd5;
    ld.global.f32   %f2, [%rd6];
    ld.global.f32   %f3, [%rd7];
    fma.rn.f32      %f4, %f1, %f2, %f3;
    st.global.f32   [%rd7], %f4;
DONE:
    ret;
}
`;

export const LESSONS = [
  {
    id: "welcome",
    title: "A GPU in your browser",
    text: `
<p>This is <code>cuda-library</code>, the Rust crate that wraps CUDA's library loading
API (<code>cuLibrary*</code>), compiled to WebAssembly. There is no GPU here: calls go to
the crate's <b>simulated backend</b>, which reads cubin, fatbin and PTX images itself and
executes PTX. On a machine with an NVIDIA driver the same Rust code runs on the GPU.</p>
<p>Snippets are JavaScript calling the same API as the Rust crate, with names in camelCase;
each lesson shows the Rust it mirrors. Kernels are CUDA C, compiled in your browser by the
crate's built-in compiler, with the PTX it makes shown beside them. <code>show(x)</code> displays a value the way a
Jupyter notebook does. Press <b>Run</b> (or <kbd>Ctrl</kbd>+<kbd>Enter</kbd> from anywhere
on the page). In an editor <kbd>Tab</kbd> indents: press <kbd>Esc</kbd> first and the next
<kbd>Tab</kbd> moves on.</p>
<pre class="rust">println!("{}", cuda_library::backend()?);  // which backend, and why
let dev = Device::new(0)?;                 // shown as a table in a notebook</pre>`,
    code: `// Which backend runs the calls: here always the simulator.
show(backend());

// Device 0: an H100-like simulated device.
show(device());
`,
  },
  {
    id: "load",
    title: "Load a library",
    text: `
<p>A <b>library</b> is a loaded image: a <b>cubin</b> (SASS for one architecture), a
<b>fatbin</b> (several cubins and PTX in one container) or <b>PTX</b> text that the driver
compiles when it loads it. <code>Library.loadData</code> takes the bytes of any of them.</p>
<p>The three files below hold the same kernels, built by nvcc from <code>kernels.cu</code>
(below, with the PTX the built-in compiler makes of it); the fourth library is that source
compiled here. For the fatbin the simulator picks the entry the driver would pick for its
device. The card says where the library came from and which
backend loaded it. <code>unload()</code> releases it; every kernel and variable taken from
it then reports <code>Unloaded</code> instead of touching freed memory.</p>
<pre class="rust">let lib = Library::load_data(&amp;bytes, &amp;LibraryOptions::default())?;
lib.unload()?;
let lib = Program::new(source, ProgramOptions::default()).compile(ImageKind::Ptx, &amp;[])?.to_library(&amp;Default::default())?;</pre>`,
    cuda: { name: "kernels.cu", text: KERNELS_CU },
    code: `for (const name of ["kernels.fatbin", "kernels.sm90.cubin", "kernels.ptx"]) {
  const lib = Library.loadData(files[name]);
  show(lib);
  lib.unload();
}

// The same kernels from their CUDA C, compiled in your browser.
const lib = new Program(files["kernels.cu"]).compile().toLibrary();
show(lib);
lib.unload();
`,
  },
  {
    id: "kernels",
    title: "Kernels and their parameters",
    text: `
<p>Every kernel of a library, with what the image says about it: raw and demangled C++
names, each parameter's offset and size, registers, shared, constant and local bytes, the
largest block it can run, and its <b>occupancy</b> (resident blocks per SM) at a block size
you choose.</p>
<p>A cubin carries register counts; for PTX they are unknown until a JIT compiles it, and
the table says so instead of guessing.</p>
<pre class="rust">lib.kernel_table(256)?                        // a table in a notebook
for k in lib.kernels()? { println!("{} {:?}", k.demangled_name()?, k.param_info()?); }</pre>`,
    code: `const lib = Library.loadData(files["tables.sm90.cubin"]);
show(lib.kernelTable(256));

for (const k of lib.kernels().slice(0, 3)) {
  show(\`\${k.demangledName()}: \${JSON.stringify(k.paramInfo())}\`);
}
`,
  },
  {
    id: "globals",
    title: "Globals and constants",
    text: `
<p>Module-scope variables live in device memory: <code>__device__</code> globals and
<code>__constant__</code> data both come from <code>getGlobal</code>. Read them, write them
(the size must match exactly), and see a typed preview with a hex dump.</p>
<p>The variables are declared in <code>vars.cu</code>, compiled here by the crate's
built-in compiler (there is no NVRTC in a browser). Its PTX, beside it, declares each one;
change an initial value and run again.</p>
<pre class="rust">let lib = Program::new(VARS, ProgramOptions::default()).compile(ImageKind::Ptx, &amp;[])?.to_library(&amp;Default::default())?;
let table = lib.get_global("table")?;          // __device__ float table[4]
table.write_slice(&amp;[10.0f32, 20.0, 30.0, 40.0])?;
let coeffs: Vec&lt;f32&gt; = lib.get_global("coeffs")?.read_vec()?;</pre>`,
    cuda: { name: "vars.cu", text: VARS_CU },
    code: `const lib = new Program(files["vars.cu"]).compile().toLibrary();
show(lib.variableNames());

const table = lib.getGlobal("table");     // __device__ float table[4] = {1, 2, 3, 4}
table.writeF32([10, 20, 30, 40]);
show(table);                   // declared as bytes (.b8, as NVRTC does): a hex dump
show(table.typed("f32"));      // the same bytes as floats

const coeffs = lib.getGlobal("coeffs");   // __constant__ float coeffs[8]
show(coeffs.readF32());
`,
  },
  {
    id: "managed",
    title: "Managed variables",
    text: `
<p>A <code>__managed__</code> variable is visible to the host and the device alike. Here
the host sets it, the kernel <code>use_vars</code> in <code>vars.cu</code> adds one to it and
counts its threads in a global with <code>atomicAdd</code>, and the host reads both back.</p>
<pre class="rust">let v = lib.get_managed("managed_value")?;
v.write(&amp;100i32)?;
launch!(lib.get_kernel("use_vars")?, &amp;stream, &amp;LaunchConfig::new(1, 8), out, 8i32)?;
assert_eq!(v.read::&lt;i32&gt;()?, 101);</pre>`,
    cuda: { name: "vars.cu", text: VARS_CU },
    code: `const lib = new Program(files["vars.cu"]).compile().toLibrary();
const value = lib.getManaged("managed_value");   // __managed__ int managed_value = 42
show(value.readI32());
value.writeI32([100]);

const n = 8;
const out = Buffer.zerosF32(n);             // float out[8], zeroed
lib.getKernel("use_vars").launch([1], [n], new Args().buffer(out).i32(n));

show(value.readI32());                      // one more than before
show(lib.getGlobal("counter").readI32());   // one per thread
show(out);                                  // table[i % 4] * coeffs[i % 8]
`,
  },
  {
    id: "launch",
    title: "Write a kernel and launch it",
    text: `
<p><code>saxpy.cu</code> is the quickstart's kernel, in CUDA C. <code>Program</code>
compiles it, here with the crate's built-in compiler (a browser has no NVRTC), to PTX: the
text form of a kernel, shown beside it and compiled again as you type. The snippet loads the
PTX as a library, copies two arrays to the device, launches <code>saxpy</code> with a grid of
blocks of 256 threads and reads the result back.</p>
<p>Edit the kernel (say, <code>a * x[i] + y[i]</code> to <code>a * x[i]</code>) and watch
the <code>fma</code> leave the PTX; a mistake is marked at its line and column. Arguments
are checked against the kernel's parameters before anything runs: try passing
<code>.f64(n)</code> for the last one.</p>
<p>A buffer remembers its element type (<code>fromF32</code> and <code>zerosF32</code> make
floats), so <code>show(y)</code> lists floats. To look at data rather than read it,
<code>plot()</code>, <code>histogram()</code> and <code>heatmap(width)</code> draw it, as a
notebook does. A variable's bytes have no type: name one, as in
<code>table.plot("f32")</code>.</p>
<pre class="rust">let code = Program::new(SAXPY, ProgramOptions::default()).compile(ImageKind::Ptx, &amp;[])?;
let saxpy = code.to_library(&amp;Default::default())?.get_kernel("saxpy")?;
let x = ctx.htod(&amp;xs)?;
let y = ctx.htod(&amp;ys)?;
launch!(saxpy, &amp;stream, &amp;LaunchConfig::new(grid, 256), 2.0f32, x, y, n)?;
let result = y.to_vec()?;
y.plot()?;                       // in a notebook: a line chart</pre>`,
    cuda: { name: "saxpy.cu", text: SAXPY_CU },
    code: `const code = new Program(files["saxpy.cu"]).compile();   // CUDA C -> PTX
const lib = code.toLibrary();
const saxpy = lib.getKernel("saxpy");

const n = 1000;
const x = Buffer.fromF32(Float32Array.from({ length: n }, (_, i) => i));
const y = Buffer.fromF32(new Float32Array(n).fill(1));

const block = [256];
const grid = [Math.ceil(n / block[0])];
saxpy.launch(grid, block, new Args().f32(2).buffer(x).buffer(y).i32(n));

show(y.readF32().slice(0, 8));   // 2 * i + 1
show(y);                         // buffer f32[1000]: its first values
show(y.plot());                  // the whole result as a line chart
show(y.heatmap(40));             // or as 25 rows of 40
`,
  },
  {
    id: "unified-memory",
    title: "Unified memory: the first CUDA program",
    text: `
<p>Courses start here: <code>cudaMallocManaged</code> gives one allocation that the host
fills and the kernel reads, with no copies. <code>ManagedBuffer.allocF32(n)</code> is that
allocation; <code>new Args().managed(a)</code> passes it to a kernel.</p>
<p>The host and the kernel take turns: in Rust, reading a managed buffer while a kernel that
uses it may still run, or launching one while the host holds a view of it, is an error rather
than a crash or a stale read. Here every launch waits for its kernel, so the turns are
kept for you.</p>
<p>A kernel's first touch of pages the host wrote faults them over to the GPU, one page
after another; <code>prefetch("device")</code> moves them in one copy first. The simulator
charges both by its cost model (a model, not a measurement), and <code>migration()</code> and
<code>show</code> say where the pages are.</p>
<pre class="rust">let mut a = ctx.alloc_managed::&lt;f32&gt;(n)?;
a.host_mut()?.fill(1.0);
launch!(vector_add, &amp;stream, &amp;cfg, a, b, c, n as i32)?;
c.synchronize()?;              // cudaDeviceSynchronize()
let first = c.host()?[0];
d.prefetch(Location::Device(0), &amp;stream)?;</pre>`,
    cuda: { name: "vector_add.cu", text: VECTOR_ADD_CU },
    code: `const lib = new Program(files["vector_add.cu"]).compile().toLibrary();
const add = lib.getKernel("vector_add");

// cudaMallocManaged: one allocation for the host and the kernel.
const n = 1 << 16;
const a = ManagedBuffer.allocF32(n);
const b = ManagedBuffer.allocF32(n);
const c = ManagedBuffer.allocF32(n);
a.writeF32(new Float32Array(n).fill(1));
b.writeF32(Float32Array.from({ length: n }, (_, i) => i));

const grid = [Math.ceil(n / 256)];
add.launch(grid, [256], new Args().managed(a).managed(b).managed(c).i32(n));
show(c.readF32().slice(0, 8));   // 1 + i, read by the host in place

// A prefetch moves the pages in one copy, before the kernel faults them over.
const d = ManagedBuffer.allocF32(n);
d.writeF32(new Float32Array(n).fill(2));
d.prefetch("device");
add.launch(grid, [256], new Args().managed(d).managed(d).managed(c).i32(n));
show(\`page faults: a \${a.migration().faults}, d \${d.migration().faults}\`);
show(c);                          // its values, and where its pages are
`,
  },
  {
    id: "ptx",
    title: "Edit the PTX",
    text: `
<p>PTX is what a CUDA compiler writes and what the driver compiles for the GPU it finds,
when it loads the library. You can write it yourself: <code>saxpy.ptx</code> below is the
kernel of the lesson before, written by hand, and the snippet loads it as it is.</p>
<p>Edit the PTX (say, <code>fma.rn.f32</code> to <code>mul.f32 %f4, %f1, %f2;</code>)
and run again; a typo is reported at its line and column. The kernel's parameters come from
the PTX too: passing <code>.f32(n)</code> for its <code>.u32</code> one is a warning.</p>
<pre class="rust">let lib = Library::load_data(&amp;std::fs::read("saxpy.ptx")?, &amp;LibraryOptions::default())?;
launch!(lib.get_kernel("saxpy")?, &amp;stream, &amp;LaunchConfig::new(grid, 256), 2.0f32, x, y, n)?;</pre>`,
    ptx: { name: "saxpy.ptx", text: SAXPY_PTX },
    code: `const lib = Library.loadData(files["saxpy.ptx"]);
const saxpy = lib.getKernel("saxpy");

const n = 1000;
const x = Buffer.fromF32(Float32Array.from({ length: n }, (_, i) => i));
const y = Buffer.fromF32(new Float32Array(n).fill(1));

const block = [256];
const grid = [Math.ceil(n / block[0])];
saxpy.launch(grid, block, new Args().f32(2).buffer(x).buffer(y).u32(n));

show(y.readF32().slice(0, 8));   // 2 * i + 1
show(y);                         // buffer f32[1000]: its first values
`,
  },
  {
    id: "timing",
    title: "Time it",
    text: `
<p><code>kernel.time</code> brackets launches with events. On a GPU those are GPU times;
here they come from the simulator's documented <b>cost model</b> (launch latency, issue
rate of 132 SMs, memory bandwidth), and every table and chart says <b>simulated</b>.</p>
<p>A <code>Sweep</code> collects timings over problem sizes and draws time against size
on log-log axes with the bandwidth achieved.</p>
<pre class="rust">let t = timing::time_launches(&amp;stream, 5, 1, || launch!(saxpy, &amp;stream, &amp;cfg, 2.0f32, x, y, n))?;
let mut sweep = timing::Sweep::new("saxpy");
sweep.add(n as f64, &amp;t, Some(12.0 * n as f64));</pre>`,
    cuda: { name: "saxpy.cu", text: SAXPY_CU },
    code: `const lib = new Program(files["saxpy.cu"]).compile().toLibrary();
const saxpy = lib.getKernel("saxpy");   // saxpy(float a, const float* x, float* y, int n)

const sweep = new Sweep("saxpy");
let last;
for (const n of [1 << 10, 1 << 12, 1 << 14, 1 << 16]) {
  const x = Buffer.zerosF32(n), y = Buffer.zerosF32(n);
  last = saxpy.time([Math.ceil(n / 256)], [256], new Args().f32(2).buffer(x).buffer(y).i32(n), 3);
  sweep.add(n, last, 12 * n);   // bytes moved: read x and y, write y
  x.free(); y.free();
}
show(last);    // the largest size (one value: simulated runs do not vary)
show(sweep);   // time and bandwidth against size
`,
  },
  {
    id: "why-slow",
    title: "Why is it slow?",
    text: `
<p>Two kernels copy the same number of floats. <code>copy_coalesced</code> reads
<code>in[i]</code>: the 32 threads of a warp read 128 consecutive bytes, four 32-byte
<b>sectors</b>. <code>copy_strided</code> reads <code>in[8 * i]</code>: every thread reads a
sector of its own, 32 per request, and uses 4 of its 32 bytes.</p>
<p><code>kernel.profile</code> launches once and shows what a profiler would: the simulator's
counters (sectors per request, bank conflicts, active lanes, occupancy and what limits it),
where the <b>simulated</b> time goes according to the cost model (calibrated against an
H100), and hints that name the PTX line responsible (in <code>copies.ptx</code>, beside the
CUDA C).</p>
<p>At this size the data fits in the L2 cache and the launch itself (grey) is most of the
time; the rest is the memory traffic the stride multiplies. Edit <code>copies.cu</code>:
in <code>copy_strided</code>, change <code>in[8 * i]</code> to <code>in[1 * i]</code> and run
again: the sectors per request drop to 4 and the two kernels tie. Try <code>32</code>
too.</p>
<pre class="rust">let p = timing::profile(&amp;stream, || launch!(copy, &amp;stream, &amp;cfg, y, x, n))?;
let both = timing::compare([fast, slow]);   // in a notebook: the same views</pre>`,
    cuda: { name: "copies.cu", text: COPIES_CU },
    code: `const lib = new Program(files["copies.cu"]).compile().toLibrary();
const n = 1 << 18;
const x = Buffer.zerosF32(32 * n), y = Buffer.zerosF32(n);
const args = new Args().buffer(y).buffer(x).u32(n);

const fast = lib.getKernel("copy_coalesced").profile([n / 256], [256], args);
const slow = lib.getKernel("copy_strided").profile([n / 256], [256], args);
show(slow);                                  // what is wrong, and where
const both = new Comparison();
both.push(fast);
both.push(slow);
show(both);                                  // side by side, on one scale
show(slow.hints());
`,
  },
  {
    id: "errors",
    title: "When things go wrong",
    text: `
<p>Mistakes are errors that say what failed and what to do, never a crash or a wrong
answer: a compile error (at its line and column, with the source line), a wrong argument
size, an out-of-bounds access (with the block, thread and address), a kernel that never ends
(stopped at the simulator's instruction budget, so the page never hangs), a kernel used
after its library was unloaded.</p>
<p>Errors the snippet does not catch are shown next to the line they come from: a compile
error in <code>errors.cu</code>, a fault at its line of the PTX.</p>
<pre class="rust">match launch!(saxpy, &amp;stream, &amp;cfg, 1.0f32, x, x, 4.0f64) {
    Err(e) =&gt; println!("{e}"),   // argument 3 is 8 bytes, the kernel takes 4
    Ok(()) =&gt; unreachable!(),
}</pre>`,
    cuda: { name: "errors.cu", text: ERRORS_CU },
    code: `try {   // a name that is not declared
  new Program("__global__ void k(float* p) { p[0] = q; }").compile();
} catch (e) { show(e); }

const lib = new Program(files["errors.cu"]).compile().toLibrary();
const saxpy = lib.getKernel("saxpy");
const x = Buffer.zerosF32(4);   // room for 4 floats

try {   // the last parameter is an int: 4 bytes, not 8
  saxpy.launch([1], [32], new Args().f32(1).buffer(x).buffer(x).f64(4));
} catch (e) { show(e); }

try {   // 64 threads read and write 64 floats in a 4-float buffer
  saxpy.launch([1], [64], new Args().f32(1).buffer(x).buffer(x).i32(64));
} catch (e) { show(e); }

try {   // waits for a flag that stays 0, until the budget stops it
  lib.getKernel("forever").launch([1], [32], new Args().buffer(x));
} catch (e) { show(e); }

lib.unload();
try { saxpy.name(); } catch (e) { show(e); }
`,
  },
  {
    id: "your-file",
    title: "Your own image",
    text: `
<p>Drop a <code>.cubin</code>, <code>.fatbin</code> or <code>.ptx</code> file (or CUDA C,
a <code>.cu</code> file) anywhere on this page, or choose one with the button below. It stays in your browser: nothing is
uploaded. It then appears as <code>files[dropped]</code>.</p>
<p><code>inspect</code> reads an image without loading it (the same table as the
<code>culib inspect --json</code> command).</p>
<pre class="rust">let table = LibraryTable::read(&amp;bytes)?;   // culib inspect
let lib = Library::load_file("my.cubin", &amp;Default::default())?;</pre>`,
    upload: true,
    code: `const name = dropped ?? "tables.zstd.fatbin";   // a sample until you drop a file
// A CUDA C file is compiled first; an image is used as it is.
const image = name.endsWith(".cu") ? new Program(files[name]).compile().bytes() : files[name];
const table = inspect(image);
show(\`\${name}: \${table.kernels.length} kernels, \${Object.keys(table.globals).length} variables\`);

const lib = Library.loadData(image);
show(lib);
show(lib.kernelTable(128));
`,
  },
];
