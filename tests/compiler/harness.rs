//! One CUDA C source compiled two ways, NVRTC (through `cuda_library::Program`) and the
//! built-in compiler (`cuda_library_compiler::compile`), both PTX images loaded on the
//! simulator, every kernel launched with the same generated inputs, and every buffer, every
//! `__device__` variable and the `printf` text compared bit for bit afterwards.
//!
//! NVRTC is the reference: the inputs of a kernel are chosen on NVRTC's PTX (the first
//! candidate that finishes, changes a buffer and gives the same bits with its buffers
//! elsewhere, as `tests/sim_device/differential.rs` chooses the real-world cases), then the
//! built-in compiler's PTX runs the same case. Inputs come from the parameters NVRTC's PTX
//! declares (`common::differential::kernel_text`): pointers get buffers of random floats,
//! small integers or zeros, integers sizes, floats 0.5; the seed is the unit and kernel name.

use crate::common::differential::{self, Arg, Case, Fill, Param};
use crate::common::realworld;
use crate::hosts;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use cuda_library::{
    BackendKind, Context, Device, Error, ImageKind, KernelArg, LaunchConfig, Library,
    LibraryOptions, ObjectCode, Program, ProgramOptions,
};

/// The compile options a source is tried with (issue 33 item 8: the corpora run with `-G`
/// and `-fmad=false` as well as the defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    /// No options.
    Default,
    /// `-fmad=false`: no multiply-add contraction.
    NoFmad,
    /// `--use_fast_math`.
    FastMath,
    /// `-G`: debug code.
    Debug,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Default, Mode::NoFmad, Mode::FastMath, Mode::Debug];

    /// The option as NVRTC spells it.
    pub fn flag(self) -> &'static str {
        match self {
            Mode::Default => "(default)",
            Mode::NoFmad => "-fmad=false",
            Mode::FastMath => "--use_fast_math",
            Mode::Debug => "-G",
        }
    }
}

/// The architecture both compilers target (what the real-world corpus uses).
pub const ARCH: u32 = 80;

/// How long the built-in compiler may take on one source before it counts as hung.
pub const COMPILE_DEADLINE: Duration = Duration::from_secs(20);

/// Work one launch of the built-in compiler's PTX may do (the simulator's units: a
/// warp-instruction costs 32 however few lanes run).
pub const LAUNCH_BUDGET: u64 = 32 * CHOOSE_BUDGET;

/// Work one launch of NVRTC's PTX may do while a case is chosen: a 32nd of
/// [`LAUNCH_BUDGET`], so that the built-in compiler's unoptimised code (up to about 10 times
/// the instructions for the same result, more where NVRTC unrolls a loop of partial warps)
/// still finishes the chosen case. siboehm's warp-tiled SGEMM needed more than 8 times.
pub const CHOOSE_BUDGET: u64 = 2_500_000;

/// The simulator's launch budget is process-wide: the tests of this binary take turns
/// while they launch (each holds this for its whole run).
static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This test's turn on the simulator, held until dropped (a test that panicked while
/// holding it leaves it usable).
pub fn turn() -> std::sync::MutexGuard<'static, ()> {
    TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A translation unit: its text and how to compile it.
#[derive(Debug, Clone, Default)]
pub struct Source {
    /// Its name in reports and in the PTX (`assert()` writes it there).
    pub name: String,
    pub text: String,
    /// `-I` directories.
    pub include_paths: Vec<PathBuf>,
    /// Name expressions (template instances to emit).
    pub names: Vec<String>,
    /// `-D` definitions.
    pub defines: Vec<(String, Option<String>)>,
    /// Headers included before the text (NVRTC's `-include=`).
    pub pre_includes: Vec<String>,
    /// `-std=`, for NVRTC (the built-in compiler has one language).
    pub std: Option<String>,
    /// Compile with NVRTC every time rather than through the user's compile cache (generated
    /// programs: thousands, each seen once).
    pub uncached: bool,
}

impl Source {
    /// A source with nothing but its text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
            ..Default::default()
        }
    }
}

/// NVRTC's PTX of `src` under `mode`, with its name expressions' lowered names.
pub fn nvrtc(src: &Source, mode: Mode) -> Result<(String, BTreeMap<String, String>), Error> {
    let mut extra: Vec<String> = src
        .pre_includes
        .iter()
        .map(|h| format!("-include={h}"))
        .collect();
    if mode == Mode::NoFmad {
        extra.push("-fmad=false".into());
    }
    let options = ProgramOptions {
        arch: Some(format!("compute_{ARCH}")),
        std: src.std.clone(),
        defines: src.defines.clone(),
        include_paths: src.include_paths.clone(),
        use_fast_math: mode == Mode::FastMath,
        debug: mode == Mode::Debug,
        extra,
        ..Default::default()
    };
    let names: Vec<&str> = src.names.iter().map(String::as_str).collect();
    let mut program = Program::new(src.text.clone(), options).with_name(src.name.clone());
    if src.uncached {
        program = program.without_cache();
    }
    let code = program.compile(ImageKind::Ptx, &names)?;
    Ok((
        code.ptx_text().unwrap_or_default().to_string(),
        code.symbol_mapping().clone(),
    ))
}

/// The built-in compiler's options for `src` under `mode`.
pub fn builtin_options(src: &Source, mode: Mode) -> cuda_library_compiler::Options {
    let mut o = cuda_library_compiler::Options {
        arch: ARCH,
        defines: src.defines.clone(),
        include_paths: src.include_paths.clone(),
        ..Default::default()
    };
    match mode {
        Mode::Default => {}
        Mode::NoFmad => o.fmad = false,
        Mode::FastMath => {
            o.fast_math = true;
            o.ftz = true;
            o.prec_div = false;
            o.prec_sqrt = false;
        }
        Mode::Debug => o.debug = true,
    }
    o
}

/// Why the built-in compiler gave no PTX.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// An error, with its log.
    Error(String),
    /// It panicked (a finding whatever the input).
    Panic(String),
    /// It ran past [`COMPILE_DEADLINE`] (a finding whatever the input).
    Hang,
}

impl Refusal {
    /// The first line of the log or the panic's message.
    pub fn summary(&self) -> String {
        match self {
            Refusal::Error(log) => log
                .lines()
                .find(|l| l.contains("error"))
                .or_else(|| log.lines().next())
                .unwrap_or("(empty log)")
                .to_string(),
            Refusal::Panic(m) => format!("PANIC: {m}"),
            Refusal::Hang => format!("HANG: more than {COMPILE_DEADLINE:?}"),
        }
    }

    /// Whether the compiler misbehaved (not merely refused the input).
    pub fn is_crash(&self) -> bool {
        !matches!(self, Refusal::Error(_))
    }
}

/// The built-in compiler's PTX of `src` under `mode`, with its name expressions' lowered
/// names; run on a thread of its own so that a panic or a hang is reported, not fatal.
pub fn builtin(src: &Source, mode: Mode) -> Result<(String, BTreeMap<String, String>), Refusal> {
    let mut text = String::new();
    for h in &src.pre_includes {
        text.push_str(&format!("#include <{h}>\n"));
    }
    if !src.pre_includes.is_empty() {
        // The source's own lines keep their numbers in diagnostics.
        text.push_str("#line 1\n");
    }
    text.push_str(&src.text);
    let name = src.name.clone();
    let names = src.names.clone();
    let options = builtin_options(src, mode);
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name(format!("builtin {name}"))
        .stack_size(64 << 20)
        .spawn(move || {
            let exprs: Vec<&str> = names.iter().map(String::as_str).collect();
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                cuda_library_compiler::compile(&text, &name, &exprs, &options)
            }));
            let _ = tx.send(r);
        });
    if let Err(e) = spawned {
        return Err(Refusal::Error(format!("could not start a thread: {e}")));
    }
    match rx.recv_timeout(COMPILE_DEADLINE) {
        Ok(Ok(Ok(out))) => Ok((out.ptx, out.lowered_names.into_iter().collect())),
        Ok(Ok(Err(e))) => Err(Refusal::Error(e.log)),
        Ok(Err(payload)) => Err(Refusal::Panic(panic_message(&payload))),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(Refusal::Hang),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(Refusal::Panic(
            "the compile thread ended without an answer".into(),
        )),
    }
}

fn panic_message(payload: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".into()
    }
}

/// The simulated device, one worker (blocks in grid order: the deterministic mode), and the
/// launch budget.
pub fn context() -> Context {
    cuda_library::use_backend(BackendKind::Sim).expect("the simulator is always there");
    let mut limits = cuda_library::limits();
    if limits.sim_threads != 1 || limits.launch_budget != LAUNCH_BUDGET {
        limits.sim_threads = 1;
        limits.launch_budget = LAUNCH_BUDGET;
        cuda_library::set_limits(limits);
    }
    Device::new(0)
        .and_then(|d| d.set_current())
        .expect("the simulator's device 0")
}

/// Loads PTX text on the current backend.
pub fn load(ptx: &str, mapping: &BTreeMap<String, String>) -> Result<Library, Error> {
    let mut code = ObjectCode::from_ptx(ptx.as_bytes().to_vec());
    if !mapping.is_empty() {
        code = code.with_symbol_mapping(mapping.clone());
    }
    code.to_library(&LibraryOptions::default())
}

/// The `__device__` variables `ptx` declares (`.visible .global`): a kernel may leave its
/// results there rather than in a buffer, so they are read back and compared after every
/// launch. String literals (`$str`, not visible) are each compiler's own and are left out.
pub fn device_variables(ptx: &str) -> Vec<String> {
    globals(ptx)
        .into_iter()
        .filter(|(_, visible)| *visible)
        .map(|(name, _)| name)
        .collect()
}

/// The variables compared between NVRTC's PTX and the built-in compiler's: NVRTC's
/// [`device_variables`], and those it declares unexported (`.global`: NVRTC gives a
/// `__device__` variable nothing outside the module names internal linkage) that the
/// built-in compiler's PTX declares too. The rest of NVRTC's unexported globals are
/// namespace-scope constants the built-in compiler folds away and library statics.
pub fn compared_variables(nvrtc: &str, builtin: &str) -> Vec<String> {
    let theirs: Vec<String> = globals(builtin).into_iter().map(|(n, _)| n).collect();
    globals(nvrtc)
        .into_iter()
        .filter(|(name, visible)| *visible || theirs.contains(name))
        .map(|(name, _)| name)
        .collect()
}

/// The `.global` variables `ptx` declares and whether each is visible, string literals
/// (`$str`, `__unnamed_`) left out.
fn globals(ptx: &str) -> Vec<(String, bool)> {
    ptx.lines()
        .map(str::trim_start)
        .filter_map(|l| {
            let visible = l.starts_with(".visible .global ");
            if !visible && !l.starts_with(".global ") {
                return None;
            }
            let decl = l.split(['=', ';']).next()?;
            let name = decl.split_whitespace().last()?;
            let name = name.split('[').next()?;
            let literal = name.contains('$') || name.starts_with("__unnamed_");
            (!name.is_empty() && !literal).then(|| (name.to_string(), visible))
        })
        .collect()
}

/// One compiler's PTX as the harness launches it. Where the module has `__device__`
/// variables, every launch gets a library loaded afresh, so that no launch's writes to them
/// become the next one's inputs; otherwise one library serves every launch.
pub struct Image {
    ptx: String,
    map: BTreeMap<String, String>,
    /// The variables read back after a launch (NVRTC's, for both compilers' images).
    vars: Vec<String>,
    lib: Library,
    /// The variables' bytes before any launch.
    initial: Vec<Vec<u8>>,
}

impl Image {
    /// Loads `ptx`; `vars` are the variables compared after each launch.
    pub fn new(ptx: &str, map: &BTreeMap<String, String>, vars: &[String]) -> Result<Image, Error> {
        let lib = load(ptx, map)?;
        let initial = read_variables(&lib, vars)?;
        Ok(Image {
            ptx: ptx.to_string(),
            map: map.clone(),
            vars: vars.to_vec(),
            lib,
            initial,
        })
    }

    /// A library loaded afresh from the image's PTX (`None` for an image made [`Image::of`]
    /// a library: use [`Image::library`]).
    pub fn fresh(&self) -> Result<Option<Library>, Error> {
        match self.ptx.is_empty() {
            true => Ok(None),
            false => load(&self.ptx, &self.map).map(Some),
        }
    }

    /// The library every launch shares.
    pub fn library(&self) -> &Library {
        &self.lib
    }

    /// The variables compared after a launch.
    pub fn vars(&self) -> &[String] {
        &self.vars
    }

    /// An image with no variables compared: one library for every launch.
    pub fn of(lib: Library) -> Image {
        Image {
            ptx: String::new(),
            map: BTreeMap::new(),
            vars: Vec::new(),
            lib,
            initial: Vec::new(),
        }
    }
}

pub fn read_variables(lib: &Library, vars: &[String]) -> Result<Vec<Vec<u8>>, Error> {
    vars.iter()
        .map(|v| lib.get_global(v)?.read_bytes())
        .collect()
}

/// The integer values tried for every integer parameter, largest first.
const INTS: [u64; 5] = [1024, 256, 32, 8, 1];

/// Candidate launches of `kernel` (as NVRTC's `ptx` declares it), most thorough first.
pub fn candidates(unit: &str, kernel: &str, ptx: &str) -> Vec<Case> {
    candidates_typed(unit, kernel, ptx, None)
}

/// [`candidates`], the parameters' kinds read from `typed` where given: `-G` code uses
/// generic addresses (no `cvta.to.global`), so its pointers look like 64-bit integers, and
/// the same source's optimised PTX tells them apart.
pub fn candidates_typed(unit: &str, kernel: &str, ptx: &str, typed: Option<&str>) -> Vec<Case> {
    let Some((mut params, directives, body)) = differential::kernel_text(ptx, kernel) else {
        return Vec::new();
    };
    if let Some((typed_params, _, _)) = typed.and_then(|t| differential::kernel_text(t, kernel)) {
        if typed_params.len() == params.len() {
            params = typed_params;
        }
    }
    let (block, threads) = match differential::thread_limit(&directives) {
        Some((true, dims)) => (dims, dims.iter().product::<u32>()),
        Some((false, dims)) => {
            let t = dims.iter().product::<u32>().min(256);
            ([t, 1, 1], t)
        }
        None => ([256, 1, 1], 256),
    };
    let shared = if ptx.contains(".extern .shared") {
        8192
    } else {
        0
    };
    let pointers = params.iter().filter(|p| **p == Param::Pointer).count();
    let mut plans: Vec<Vec<Fill>> = vec![vec![Fill::Float; pointers]];
    for i in 0..pointers {
        let mut p = vec![Fill::Float; pointers];
        p[i] = Fill::Int32;
        plans.push(p);
    }
    plans.push(vec![Fill::Int32; pointers]);
    plans.push(vec![Fill::Zero; pointers]);
    plans.dedup();
    // A kernel indexing by `threadIdx.y` (tiles) is tried with square-ish blocks too.
    let mut shapes = vec![(block, threads)];
    if differential::thread_limit(&directives).is_none() && body.contains("%tid.y") {
        shapes.insert(0, ([32, 8, 1], 256));
        shapes.insert(1, ([16, 16, 1], 256));
        shapes.push(([32, 32, 1], 1024));
    }
    let mut out = Vec::new();
    for v in INTS {
        for &(block, threads) in &shapes {
            for plan in &plans {
                let mut fills = plan.iter();
                let args = params
                    .iter()
                    .map(|p| match p {
                        Param::Pointer => Arg::Buffer(*fills.next().unwrap_or(&Fill::Zero)),
                        Param::Int(1) => Arg::Value(vec![1]),
                        Param::Int(2) => Arg::Value((v as u16).to_le_bytes().to_vec()),
                        Param::Int(4) => Arg::Value((v as u32).to_le_bytes().to_vec()),
                        Param::Int(n) => Arg::Value(v.to_le_bytes()[..(*n).min(8)].to_vec()),
                        Param::Float(4) => Arg::Value(0.5f32.to_le_bytes().to_vec()),
                        Param::Float(n) => Arg::Value(0.5f64.to_le_bytes()[..(*n).min(8)].to_vec()),
                        Param::Bytes(n) => Arg::Value(vec![0; *n]),
                    })
                    .collect();
                let grid = if block[1] > 1 {
                    let g = (v as u32).div_ceil(block[0]).clamp(1, 4);
                    [g, g, 1]
                } else {
                    [(v as u32).div_ceil(threads.max(1)).clamp(1, 16), 1, 1]
                };
                out.push(Case {
                    unit: unit.to_string(),
                    kernel: kernel.to_string(),
                    grid,
                    block,
                    shared,
                    args,
                    approx: differential::uses_approx(&body),
                    elem: differential::store_width(&body),
                });
            }
        }
    }
    out
}

/// Bytes of every buffer a launch passes to a pointer parameter: room for 256 x 256 float
/// matrices and the `#define N 1024` arrays learners' kernels use (the real-world cases'
/// 4 KiB, `differential::BUF_BYTES`, stops most of them).
pub const BUF_BYTES: usize = 256 << 10;

/// Bytes of every buffer where no launch with [`BUF_BYTES`] suits a kernel: room for the
/// 1024 x 1024 matrices and images, 64³ volumes and their halos learners' kernels index
/// with compile-time sizes (a launch that reads past its buffers gives bits that change
/// with where they are, and is not chosen).
pub const LARGE_BUF_BYTES: usize = 8 << 20;

/// Candidates tried per kernel, at most (each costs a launch on the simulator).
pub const MAX_CANDIDATES: usize = 96;

/// The bytes buffer argument `index` of `case` holds before the launch: `fill` from the
/// case's seed, `bytes` of it.
pub fn input(case: &Case, index: usize, fill: Fill, bytes: usize) -> Vec<u8> {
    // Every candidate of a kernel has the same inputs (the seed is the unit and kernel
    // name): each is made once, and forgotten when the next kernel's come.
    type Made = (u64, HashMap<(usize, &'static str, usize), Vec<u8>>);
    thread_local! {
        static MADE: RefCell<Made> = RefCell::new((0, HashMap::new()));
    }
    MADE.with(|m| {
        let mut m = m.borrow_mut();
        if m.0 != case.seed() {
            *m = (case.seed(), HashMap::new());
        }
        m.1.entry((index, fill.name(), bytes))
            .or_insert_with(|| make_input(case, index, fill, bytes))
            .clone()
    })
}

fn make_input(case: &Case, index: usize, fill: Fill, bytes: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes);
    let mut chunk = 0u64;
    while out.len() < bytes {
        let seed = case.seed()
            ^ (index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ chunk.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        out.extend_from_slice(&differential::fill_bytes(fill, seed));
        chunk += 1;
    }
    out.truncate(bytes);
    out
}

/// Runs `launch` from `image`, the kernel looked up as `symbol`, with an allocation of `gap`
/// bytes before every buffer (a kernel whose results change with it reads past its
/// buffers): the buffers afterwards, in argument order, then the image's `__device__`
/// variables, then what the kernel's `printf`s wrote (a kernel that only prints is compared
/// by its text).
pub fn run(
    ctx: &Context,
    image: &Image,
    launch: &Launch,
    symbol: &str,
    gap: usize,
) -> Result<Vec<Vec<u8>>, Error> {
    let Launch { case, bytes: size } = launch;
    let fresh = match image.vars.is_empty() {
        true => None,
        false => Some(load(&image.ptx, &image.map)?),
    };
    let lib = fresh.as_ref().unwrap_or(&image.lib);
    let kernel = lib.get_kernel(symbol)?;
    let stream = ctx.create_stream()?;
    let mut buffers = Vec::new();
    let mut spacers = Vec::new();
    let mut bytes: Vec<Vec<u8>> = Vec::new();
    for (i, a) in case.args.iter().enumerate() {
        match a {
            Arg::Buffer(fill) => {
                if gap > 0 {
                    spacers.push(ctx.htod(&vec![0xa5u8; gap])?);
                }
                let b = ctx.htod(&input(case, i, *fill, *size))?;
                bytes.push(b.as_raw().to_le_bytes().to_vec());
                buffers.push(b);
            }
            Arg::Value(v) => bytes.push(v.clone()),
        }
    }
    let args: Vec<KernelArg<'_>> = bytes.iter().map(|b| KernelArg::from_bytes(b)).collect();
    let [gx, gy, gz] = case.grid;
    let [bx, by, bz] = case.block;
    let cfg = LaunchConfig::new((gx, gy, gz), (bx, by, bz)).with_shared_mem(case.shared);
    // Whatever an earlier launch printed is not this one's.
    let _ = cuda_library::sim::take_device_output();
    let launched = kernel.launch(&stream, &cfg, &args);
    // Taken before the synchronization, which would print it.
    let printed = cuda_library::sim::take_device_output();
    launched?;
    stream.synchronize()?;
    let mut out: Vec<Vec<u8>> = buffers
        .iter()
        .map(|b| b.to_vec())
        .collect::<Result<_, _>>()?;
    out.extend(read_variables(lib, &image.vars)?);
    if !printed.is_empty() {
        out.push(printed.into_bytes());
    }
    Ok(out)
}

/// The first candidate that finishes on `lib`, gives the same bits with its buffers
/// elsewhere and changes a buffer or a `__device__` variable: with its outputs.
pub fn choose(ctx: &Context, image: &Image, cands: Vec<Case>) -> Option<(Launch, Vec<Vec<u8>>)> {
    cuda_library::sim::set_launch_budget(CHOOSE_BUDGET);
    let chosen = [BUF_BYTES, LARGE_BUF_BYTES]
        .into_iter()
        .find_map(|bytes| choose_within_budget(ctx, image, &cands, bytes));
    cuda_library::sim::set_launch_budget(LAUNCH_BUDGET);
    chosen
}

fn choose_within_budget(
    ctx: &Context,
    image: &Image,
    cands: &[Case],
    bytes: usize,
) -> Option<(Launch, Vec<Vec<u8>>)> {
    for case in cands.iter().take(MAX_CANDIDATES) {
        let launch = Launch {
            case: case.clone(),
            bytes,
        };
        let Ok(out) = run(ctx, image, &launch, &case.kernel, 0) else {
            continue;
        };
        match run(ctx, image, &launch, &case.kernel, 1 << 16) {
            Ok(spaced) if spaced == out => {}
            _ => continue,
        }
        // What the launch started from: its buffers, then the variables.
        let mut before = case
            .args
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Arg::Buffer(f) => Some(input(case, i, *f, bytes)),
                Arg::Value(_) => None,
            })
            .chain(image.initial.iter().cloned());
        if out.iter().any(|o| Some(o) != before.next().as_ref()) {
            return Some((launch, out));
        }
    }
    None
}

/// A case and the size of its buffers.
#[derive(Debug, Clone)]
pub struct Launch {
    pub case: Case,
    /// Bytes of every buffer: [`BUF_BYTES`], or [`LARGE_BUF_BYTES`] for a kernel that needs them.
    pub bytes: usize,
}

impl Launch {
    /// `case` with buffers of [`BUF_BYTES`].
    pub fn of(case: Case) -> Launch {
        Launch {
            case,
            bytes: BUF_BYTES,
        }
    }
}

/// What happened to one kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Same bits in every buffer.
    Agrees,
    /// NVRTC's PTX found no launch that finishes and changes a buffer or a variable:
    /// compiled, not compared (`core/guide/compiler.md` lists the learner corpus's and why).
    NotRun,
    /// The built-in compiler's PTX has no such kernel.
    Missing,
    /// The built-in compiler's PTX does not load or its launch fails: why.
    Fails(String),
    /// Different bits: where.
    Differs(String),
}

/// One unit under one mode: the built-in compiler's refusal, or each kernel's outcome.
#[derive(Debug)]
pub struct Report {
    pub unit: String,
    pub mode: Mode,
    /// NVRTC's kernels (mangled names).
    pub kernels: Vec<String>,
    pub result: Result<Vec<(String, Outcome)>, Refusal>,
}

impl Report {
    /// Kernels whose outputs agree.
    pub fn agreeing(&self) -> usize {
        self.count(|o| *o == Outcome::Agrees)
    }

    /// Kernels the built-in compiler compiled (refused units count none).
    pub fn compiled(&self) -> usize {
        self.count(|o| *o != Outcome::Missing)
    }

    /// Kernels compiled and run whose results are not NVRTC's (or that fail to run).
    pub fn wrong(&self) -> Vec<(String, String)> {
        match &self.result {
            Ok(ks) => ks
                .iter()
                .filter_map(|(k, o)| match o {
                    Outcome::Differs(d) | Outcome::Fails(d) => Some((k.clone(), d.clone())),
                    Outcome::Missing => Some((k.clone(), "missing from the PTX".into())),
                    _ => None,
                })
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    fn count(&self, f: impl Fn(&Outcome) -> bool) -> usize {
        match &self.result {
            Ok(ks) => ks.iter().filter(|(_, o)| f(o)).count(),
            Err(_) => 0,
        }
    }
}

/// Compiles `src` both ways under `mode` and compares every kernel NVRTC emits. `Err` only
/// where NVRTC is missing or rejects the source (the caller skips or fails).
pub fn compare(ctx: &Context, src: &Source, mode: Mode) -> Result<Report, Error> {
    let (nv_ptx, nv_map) = nvrtc(src, mode)?;
    let kernels = realworld::entries(&nv_ptx);
    let typed = match mode {
        Mode::Debug => nvrtc(src, Mode::Default).ok().map(|(ptx, _)| ptx),
        _ => None,
    };
    let result = builtin(src, mode).map(|(ptx, map)| {
        let nvrtc_side = Side {
            ptx: &nv_ptx,
            map: &nv_map,
        };
        let builtin_side = Side {
            ptx: &ptx,
            map: &map,
        };
        compare_kernels(
            ctx,
            src,
            nvrtc_side,
            builtin_side,
            typed.as_deref(),
            &kernels,
        )
    });
    Ok(Report {
        unit: src.name.clone(),
        mode,
        kernels,
        result,
    })
}

/// One compiler's PTX and its name expressions' lowered names.
struct Side<'a> {
    ptx: &'a str,
    map: &'a BTreeMap<String, String>,
}

fn compare_kernels(
    ctx: &Context,
    src: &Source,
    nvrtc: Side<'_>,
    builtin: Side<'_>,
    typed: Option<&str>,
    kernels: &[String],
) -> Vec<(String, Outcome)> {
    let (nv_ptx, ptx) = (nvrtc.ptx, builtin.ptx);
    let theirs = realworld::entries(ptx);
    let vars = compared_variables(nv_ptx, ptx);
    let nv_lib = Image::new(nv_ptx, nvrtc.map, &vars);
    let lib = Image::new(ptx, builtin.map, &vars);
    kernels
        .iter()
        .map(|k| {
            if !theirs.contains(k) {
                return (k.clone(), Outcome::Missing);
            }
            let lib = match &lib {
                Ok(l) => l,
                Err(e) => return (k.clone(), Outcome::Fails(format!("load: {e}"))),
            };
            let Ok(nv_lib) = &nv_lib else {
                return (k.clone(), Outcome::NotRun);
            };
            // A kernel generated inputs cannot run is set up as its own host does.
            if let Some(host) = hosts::find(&src.name, k) {
                return (k.clone(), hosts::compare(ctx, nv_lib, lib, &host));
            }
            let Some((launch, want)) =
                choose(ctx, nv_lib, candidates_typed(&src.name, k, nv_ptx, typed))
            else {
                return (k.clone(), Outcome::NotRun);
            };
            let outcome = match run(ctx, lib, &launch, k, 0) {
                Err(e) => Outcome::Fails(format!("launch: {e}")),
                Ok(got) => match first_difference(&want, &got) {
                    None => Outcome::Agrees,
                    Some(d) => Outcome::Differs(d),
                },
            };
            (k.clone(), outcome)
        })
        .collect()
}

/// Where two runs' buffers first differ, or `None` where every bit agrees.
pub fn first_difference(want: &[Vec<u8>], got: &[Vec<u8>]) -> Option<String> {
    if want.len() != got.len() {
        return Some(format!(
            "{} buffers, NVRTC's run has {}",
            got.len(),
            want.len()
        ));
    }
    for (b, (w, g)) in want.iter().zip(got).enumerate() {
        if let Some(i) = w.iter().zip(g).position(|(a, b)| a != b) {
            let word = i / 4 * 4;
            let show = |v: &[u8]| {
                v.get(word..word + 4)
                    .map(|x| format!("{:08x}", u32::from_le_bytes([x[0], x[1], x[2], x[3]])))
                    .unwrap_or_default()
            };
            return Some(format!(
                "buffer {b} word {}: NVRTC 0x{}, built-in 0x{}",
                word / 4,
                show(w),
                show(g)
            ));
        }
        if w.len() != g.len() {
            return Some(format!("buffer {b}: lengths differ"));
        }
    }
    None
}

/// Prints a table of reports: per unit and mode, kernels, compiled, agreeing, and what went
/// wrong.
pub fn print_table(title: &str, reports: &[Report]) {
    println!("\n{title}");
    println!(
        "{:<70} {:<16} {:>7} {:>8} {:>6} {:>6}",
        "unit", "mode", "kernels", "compiled", "agree", "notrun"
    );
    for r in reports {
        let not_run = match &r.result {
            Ok(ks) => ks.iter().filter(|(_, o)| *o == Outcome::NotRun).count(),
            Err(_) => 0,
        };
        println!(
            "{:<70} {:<16} {:>7} {:>8} {:>6} {:>6}",
            r.unit,
            r.mode.flag(),
            r.kernels.len(),
            r.compiled(),
            r.agreeing(),
            not_run
        );
        match &r.result {
            Err(e) => println!("    refused: {}", e.summary()),
            Ok(ks) => {
                for (k, why) in r.wrong() {
                    println!("    {k}: {why}");
                }
                for (k, _) in ks.iter().filter(|(_, o)| *o == Outcome::NotRun) {
                    println!("    {k}: not run (no input the harness makes changes a buffer)");
                }
            }
        }
    }
}

/// Totals over reports: (kernels, compiled, agreeing, compiled but wrong, crashes).
pub fn totals(reports: &[Report]) -> (usize, usize, usize, usize, usize) {
    let kernels = reports.iter().map(|r| r.kernels.len()).sum();
    let compiled = reports.iter().map(Report::compiled).sum();
    let agree = reports.iter().map(Report::agreeing).sum();
    let wrong = reports.iter().map(|r| r.wrong().len()).sum();
    let crashes = reports
        .iter()
        .filter(|r| matches!(&r.result, Err(e) if e.is_crash()))
        .count();
    (kernels, compiled, agree, wrong, crashes)
}

/// Whether the long runs are asked for (`CUDA_LIBRARY_LONG_TESTS=1`).
pub fn long_tests() -> bool {
    std::env::var("CUDA_LIBRARY_LONG_TESTS").is_ok_and(|v| v == "1")
}

/// The modes a corpus runs under: every one with `CUDA_LIBRARY_LONG_TESTS=1`, else the
/// defaults, `-fmad=false` and `-G` (or those
/// `CUDA_LIBRARY_COMPILER_MODES=default,nofmad,fastmath,debug` names).
pub fn modes() -> Vec<Mode> {
    if let Ok(v) = std::env::var("CUDA_LIBRARY_COMPILER_MODES") {
        return v
            .split(',')
            .filter_map(|m| match m.trim() {
                "default" => Some(Mode::Default),
                "nofmad" => Some(Mode::NoFmad),
                "fastmath" => Some(Mode::FastMath),
                "debug" => Some(Mode::Debug),
                _ => None,
            })
            .collect();
    }
    if long_tests() {
        Mode::ALL.to_vec()
    } else {
        // Issue 33 item 8: `-G` and `-fmad=false` PTX as well as the defaults' (NVRTC's
        // debug PTX has walls of its own: function-scope `.shared`, narrow call
        // parameters).
        vec![Mode::Default, Mode::NoFmad, Mode::Debug]
    }
}

/// The modes unit `index` of a large corpus runs under: those [`modes`] names where they are
/// asked for (`CUDA_LIBRARY_COMPILER_MODES`, `CUDA_LIBRARY_LONG_TESTS=1`); otherwise the
/// defaults, then `-fmad=false` for even units and `-G` for odd ones, so that each run
/// covers both at twice (not three times) the cost.
pub fn unit_modes(index: usize) -> Vec<Mode> {
    if std::env::var_os("CUDA_LIBRARY_COMPILER_MODES").is_some() || long_tests() {
        return modes();
    }
    let other = if index % 2 == 0 {
        Mode::NoFmad
    } else {
        Mode::Debug
    };
    vec![Mode::Default, other]
}

/// The harness can fail: two compiles that differ in their bits (NVRTC with and without
/// multiply-add contraction) are told apart by the same choose-run-compare path the
/// built-in compiler's PTX goes through, and two equal ones are not.
#[test]
fn the_harness_tells_different_bits_apart() {
    let src = Source::new(
        "fmad.cu",
        "extern \"C\" __global__ void k(const float* a, const float* b, float* c, int n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             if (i < n) c[i] = a[i] * b[i] + c[i];\n\
         }\n",
    );
    let (fused, map) = match nvrtc(&src, Mode::Default) {
        Ok(x) => x,
        Err(e @ Error::NvrtcNotFound { .. }) => return crate::common::nvrtc::skip_without_nvrtc(e),
        Err(e) => panic!("{e}"),
    };
    let (separate, _) = nvrtc(&src, Mode::NoFmad).unwrap();
    assert!(fused.contains("fma.rn.f32") && !separate.contains("fma.rn.f32"));
    let _turn = turn();
    let ctx = context();
    let a = Image::of(load(&fused, &map).unwrap());
    let b = Image::of(load(&separate, &map).unwrap());
    let (case, want) = choose(&ctx, &a, candidates("fmad.cu", "k", &fused)).unwrap();
    let again = run(&ctx, &a, &case, "k", 0).unwrap();
    assert_eq!(first_difference(&want, &again), None);
    let got = run(&ctx, &b, &case, "k", 0).unwrap();
    let d = first_difference(&want, &got).expect("rounding twice differs somewhere");
    assert!(d.starts_with("buffer 2 word "), "{d}");
}

/// A tool for reducing findings, not a check: `CUDA_LIBRARY_COMPILER_DUMP=file.cu cargo test
/// --test compiler dump_ptx -- --ignored --nocapture` prints the built-in compiler's PTX (or
/// its log) and NVRTC's for the file, and runs both where each kernel takes the generated
/// inputs.
#[test]
#[ignore = "a tool: set CUDA_LIBRARY_COMPILER_DUMP=file.cu"]
fn dump_ptx() {
    let Ok(path) = std::env::var("CUDA_LIBRARY_COMPILER_DUMP") else {
        return;
    };
    let src = Source {
        name: path.clone(),
        text: std::fs::read_to_string(&path).unwrap(),
        include_paths: vec![PathBuf::from(&path)
            .parent()
            .map(PathBuf::from)
            .unwrap_or_default()],
        names: std::env::var("CUDA_LIBRARY_COMPILER_NAMES")
            .map(|v| v.split(';').map(String::from).collect())
            .unwrap_or_default(),
        ..Default::default()
    };
    let mode = modes().first().copied().unwrap_or(Mode::Default);
    match builtin(&src, mode) {
        Ok((ptx, _)) => println!("=== built-in PTX\n{ptx}"),
        Err(r) => println!("=== built-in refuses\n{r:?}"),
    }
    match nvrtc(&src, mode) {
        Ok((ptx, _)) => println!("=== NVRTC PTX\n{ptx}"),
        Err(e) => println!("=== NVRTC refuses\n{e}"),
    }
    let _turn = turn();
    let ctx = context();
    // Why NVRTC's PTX gives no case, where it gives none: its load, then its first launch.
    if let Ok((ptx, map)) = nvrtc(&src, mode) {
        match load(&ptx, &map) {
            Err(e) => println!("NVRTC's PTX does not load: {e}"),
            Ok(lib) => {
                let image = Image::of(lib);
                for k in realworld::entries(&ptx) {
                    if let Some(c) = candidates(&src.name, &k, &ptx).first() {
                        if let Err(e) = run(&ctx, &image, &Launch::of(c.clone()), &k, 0) {
                            println!("{k} on NVRTC's PTX, first candidate: {e}");
                        }
                    }
                }
            }
        }
    }
    if let Ok(r) = compare(&ctx, &src, mode) {
        print_table("comparison", &[r]);
    }
}

/// The variables compared after a launch are the user's `__device__` ones, by their PTX
/// names, arrays, initialised ones and those NVRTC leaves unexported included (where the
/// built-in compiler declares them too); string literals and `.const` data are not.
#[test]
fn compared_variables_are_the_user_globals() {
    let nvrtc = "\
.global .align 1 .b8 $str[4] = {104, 105, 10, 0};
.global .align 1 .b8 $str$1[3] = {104, 105, 0};
.global .align 4 .b8 d_data[128];
.global .align 4 .u32 N = 1024;
.visible .global .align 4 .u32 counter;
.visible .global .align 4 .b8 _Z5tablePf[4096];
.visible .global .align 4 .f32 scale = 0f3F000000;
.visible .const .align 4 .b8 coeffs[16];
.visible .entry k()
";
    let builtin = ".visible .global .align 4 .b8 d_data[128];\n";
    assert_eq!(
        device_variables(nvrtc),
        ["counter", "_Z5tablePf", "scale"].map(String::from)
    );
    assert_eq!(
        compared_variables(nvrtc, builtin),
        ["d_data", "counter", "_Z5tablePf", "scale"].map(String::from)
    );
}

/// Compiles `text` both ways under every mode and asserts that every kernel NVRTC emits
/// was run and agrees.
pub fn agrees(name: &str, text: &str) {
    let src = Source::new(name, text);
    let _turn = turn();
    let ctx = context();
    for mode in Mode::ALL {
        let report = match compare(&ctx, &src, mode) {
            Ok(r) => r,
            Err(e @ Error::NvrtcNotFound { .. }) => {
                return crate::common::nvrtc::skip_without_nvrtc(e)
            }
            Err(e) => panic!("NVRTC rejects {name} under {}: {e}", mode.flag()),
        };
        let outcomes = match &report.result {
            Ok(o) => o,
            Err(r) => panic!("{name} under {}: {}", mode.flag(), r.summary()),
        };
        assert!(!outcomes.is_empty(), "{name}: NVRTC emitted no kernel");
        for (k, o) in outcomes {
            assert_eq!(*o, Outcome::Agrees, "{name} {k} under {}", mode.flag());
        }
    }
}
