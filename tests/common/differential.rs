//! Differential runs of real-world kernels: one launch of a kernel from the corpus with
//! generated inputs (a [`Case`]), run through the public API on whichever backend is
//! current, its buffers read back afterwards. The GPU's results are recorded
//! (`tests/gpu/differential.rs`) and the simulator's compared with them
//! (`tests/sim/differential.rs`).
//!
//! Nobody wrote inputs for these kernels by hand: a case gives every pointer parameter its
//! own buffer of [`BUF_BYTES`] bytes filled from a seed ([`Fill`]), every integer one value,
//! every float 0.5, and the grid covers that many threads. Which fills and integers a
//! kernel accepts (no out-of-bounds access, a finished launch, some buffer changed) is found
//! on the simulator by `tests/sim/differential.rs` (`CUDA_LIBRARY_DIFF_SELECT=1`) and kept
//! in `tests/realworld/differential/cases.json`.

#![allow(dead_code)]

use serde_json::{json, Value};

use cuda_library::{Context, Error, KernelArg, LaunchConfig, Library};

/// Bytes of every buffer a case passes to a pointer parameter.
pub const BUF_BYTES: usize = 4096;

/// How far (in units in the last place of the stored element) an output may be from the
/// GPU's where the kernel uses approximate instructions: none. The simulator computes every
/// approximate instruction as the GPU's hardware does (the engine guide), so a difference is
/// a finding to explain in `known.txt`, not an allowance. The comparison still measures the
/// distance, which the report shows for known differences.
pub const APPROX_ULPS: u64 = 0;

/// What a buffer holds before the launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// 32-bit floats in [-2, 2) (read as halves, doubles or integers they are other values).
    Float,
    /// 32-bit integers 0 to 15 (indices).
    Int32,
    /// 64-bit integers 0 to 15 (indices).
    Int64,
    /// Zeros.
    Zero,
}

impl Fill {
    pub const ALL: [Fill; 4] = [Fill::Float, Fill::Int32, Fill::Int64, Fill::Zero];

    pub fn name(self) -> &'static str {
        match self {
            Fill::Float => "float",
            Fill::Int32 => "int32",
            Fill::Int64 => "int64",
            Fill::Zero => "zero",
        }
    }

    pub fn parse(s: &str) -> Option<Fill> {
        Fill::ALL.into_iter().find(|f| f.name() == s)
    }
}

/// One argument of a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A pointer to a new buffer of [`BUF_BYTES`] bytes.
    Buffer(Fill),
    /// A value passed by value, as its bytes.
    Value(Vec<u8>),
}

/// One launch of one kernel with generated inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The unit (`project/file`) whose PTX holds the kernel.
    pub unit: String,
    /// The kernel's (mangled) name.
    pub kernel: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory in bytes.
    pub shared: u32,
    pub args: Vec<Arg>,
    /// The kernel (or a function it calls) uses approximate instructions.
    pub approx: bool,
    /// Width in bytes of the kernel's global stores: the element size outputs are compared
    /// in, within [`APPROX_ULPS`], where `approx` is set. It is the kernel's, not each
    /// buffer's: in such a kernel an integer output could differ by up to that many units
    /// and pass (outputs equal to the GPU's bit for bit are counted apart from those
    /// within ulps).
    pub elem: usize,
}

impl Case {
    /// The seed the buffers are filled from: a hash of the unit and kernel names.
    pub fn seed(&self) -> u64 {
        fnv(format!("{}\n{}", self.unit, self.kernel).as_bytes())
    }

    /// The bytes buffer argument `index` holds before the launch.
    pub fn input(&self, index: usize, fill: Fill) -> Vec<u8> {
        fill_bytes(
            fill,
            self.seed() ^ (index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        )
    }

    pub fn to_json(&self) -> Value {
        let args: Vec<Value> = self
            .args
            .iter()
            .map(|a| match a {
                Arg::Buffer(f) => json!({ "buffer": f.name() }),
                Arg::Value(b) => json!({ "value": hex(b) }),
            })
            .collect();
        json!({
            "unit": self.unit,
            "kernel": self.kernel,
            "grid": self.grid,
            "block": self.block,
            "shared": self.shared,
            "args": args,
            "approx": self.approx,
            "elem": self.elem,
        })
    }

    pub fn from_json(v: &Value) -> Case {
        let dims = |k: &str| -> [u32; 3] {
            let a = v[k].as_array().expect("grid and block are arrays");
            [0, 1, 2].map(|i| a[i].as_u64().expect("a dimension") as u32)
        };
        let args = v["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| match (a.get("buffer"), a.get("value")) {
                (Some(f), _) => Arg::Buffer(Fill::parse(f.as_str().unwrap()).expect("a fill")),
                (_, Some(b)) => Arg::Value(unhex(b.as_str().unwrap())),
                _ => panic!("an argument is a buffer or a value: {a}"),
            })
            .collect();
        Case {
            unit: v["unit"].as_str().expect("unit").to_string(),
            kernel: v["kernel"].as_str().expect("kernel").to_string(),
            grid: dims("grid"),
            block: dims("block"),
            shared: v["shared"].as_u64().unwrap_or(0) as u32,
            args,
            approx: v["approx"].as_bool().unwrap_or(false),
            elem: v["elem"].as_u64().unwrap_or(4) as usize,
        }
    }
}

/// `tests/realworld/differential`: the cases and the GPU's records.
pub fn diff_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/realworld/differential")
}

/// A project with its own case set (`differential/<project>/`: `cases.json`, the GPU's
/// records and `known.txt`), kept apart from the shared set so that adding a project leaves
/// the shared set's counts as they were. Its comparison runs with
/// `CUDA_LIBRARY_DIFF_SET=<project>` (`tests/sim_device/differential.rs`).
pub const OWN_SETS: [&str; 1] = ["ggml"];

/// The folder of a case set: `differential/` for the shared one (`None`), else
/// `differential/<set>/`.
pub fn set_dir(set: Option<&str>) -> std::path::PathBuf {
    match set {
        Some(s) => diff_dir().join(s),
        None => diff_dir(),
    }
}

/// The case set `CUDA_LIBRARY_DIFF_SET` names (`None`: the shared one).
pub fn set_from_env() -> Option<String> {
    std::env::var("CUDA_LIBRARY_DIFF_SET")
        .ok()
        .filter(|s| !s.is_empty())
}

/// Whether `unit` (`project/...`) belongs to `set`: the shared set holds every project
/// without a set of its own.
pub fn in_set(unit: &str, set: Option<&str>) -> bool {
    let project = unit.split('/').next().unwrap_or("");
    match set {
        Some(s) => project == s,
        None => !OWN_SETS.contains(&project),
    }
}

/// The file name a unit's PTX is kept under.
pub fn ptx_file(unit: &str) -> String {
    format!("{}.ptx", unit.replace('/', "__"))
}

/// nvcc's PTX of `unit`, kept compressed (zstd) in `differential/nvcc/`, or, where
/// `CUDA_LIBRARY_DIFF_NVCC=dir` is set (on the GPU machine, right after
/// `scripts/differential.sh nvcc dir`), as `tests/realworld/nvcc_ptx.py` wrote it there.
pub fn nvcc_ptx(unit: &str) -> Option<String> {
    use std::io::Read;
    if let Some(dir) = std::env::var_os("CUDA_LIBRARY_DIFF_NVCC") {
        let (project, rest) = unit.split_once('/')?;
        let path = std::path::Path::new(&dir)
            .join(project)
            .join(format!("{}.ptx", rest.replace('/', "__")));
        return std::fs::read_to_string(path).ok();
    }
    let path = diff_dir()
        .join("nvcc")
        .join(format!("{}.zst", ptx_file(unit)));
    let file = std::fs::File::open(path).ok()?;
    let mut dec = ruzstd::decoding::StreamingDecoder::new(std::io::BufReader::new(file)).ok()?;
    let mut text = String::new();
    dec.read_to_string(&mut text).ok()?;
    Some(text)
}

/// Runs `case` from `lib` in `ctx` on the current backend: the buffers after the launch,
/// in argument order.
pub fn run(ctx: &Context, lib: &Library, case: &Case) -> Result<Vec<Vec<u8>>, Error> {
    run_spaced(ctx, lib, case, 0)
}

/// [`run`] with the kernel looked up as `symbol`: the name another compile of the unit
/// gives `case.kernel` ([`entry_name`], [`resolve`]). The inputs stay `case`'s (its seed
/// is of the case's own name).
pub fn run_as(
    ctx: &Context,
    lib: &Library,
    case: &Case,
    symbol: &str,
) -> Result<Vec<Vec<u8>>, Error> {
    launch(ctx, lib, case, symbol, 0)
}

/// [`run`] with an allocation of `gap` bytes (filled with 0xa5) before every buffer: a
/// kernel whose results change with it reads past its buffers.
pub fn run_spaced(
    ctx: &Context,
    lib: &Library,
    case: &Case,
    gap: usize,
) -> Result<Vec<Vec<u8>>, Error> {
    launch(ctx, lib, case, &case.kernel, gap)
}

fn launch(
    ctx: &Context,
    lib: &Library,
    case: &Case,
    symbol: &str,
    gap: usize,
) -> Result<Vec<Vec<u8>>, Error> {
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
                let b = ctx.htod(&case.input(i, *fill))?;
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
    kernel.launch(&stream, &cfg, &args)?;
    stream.synchronize()?;
    buffers.iter().map(|b| b.to_vec()).collect()
}

/// The outputs of one run as recorded: per buffer its hash, and its bytes where the case
/// is compared within ulps (`approx`) and the buffer changed.
pub fn record(case: &Case, outputs: &[Vec<u8>]) -> Value {
    record_with(case, outputs, case.approx)
}

/// [`record`], with the bytes of every changed buffer where `bytes` is set (for looking
/// into a difference: `CUDA_LIBRARY_DIFF_FULL=1` on the GPU run).
pub fn record_with(case: &Case, outputs: &[Vec<u8>], bytes: bool) -> Value {
    let mut inputs = case.args.iter().enumerate().filter_map(|(i, a)| match a {
        Arg::Buffer(f) => Some(case.input(i, *f)),
        Arg::Value(_) => None,
    });
    let buffers: Vec<Value> = outputs
        .iter()
        .map(|out| {
            let before = inputs.next().unwrap_or_default();
            if bytes && *out != before {
                json!({ "hash": format!("{:016x}", fnv(out)), "bytes": hex(out) })
            } else {
                json!({ "hash": format!("{:016x}", fnv(out)) })
            }
        })
        .collect();
    json!(buffers)
}

/// `got` against a recorded run: `Ok(largest ulp distance)` (0 where bit-identical), or
/// what differs.
pub fn compare(case: &Case, got: &[Vec<u8>], want: &Value) -> Result<u64, String> {
    let want = want.as_array().ok_or("the record has no buffers")?;
    if want.len() != got.len() {
        return Err(format!(
            "{} buffers, the record has {}",
            got.len(),
            want.len()
        ));
    }
    let mut worst = 0;
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if format!("{:016x}", fnv(g)) == w["hash"].as_str().unwrap_or("") {
            continue;
        }
        let Some(bytes) = w.get("bytes").and_then(Value::as_str).map(unhex) else {
            return Err(format!("buffer {i} differs from the GPU's (hash)"));
        };
        let e = case.elem.clamp(1, 8);
        if bytes.len() != g.len() || e == 1 || g.len() % e != 0 {
            return Err(format!("buffer {i} differs from the GPU's"));
        }
        for (j, (a, b)) in g.chunks(e).zip(bytes.chunks(e)).enumerate() {
            let d = ulps(a, b);
            if d > APPROX_ULPS {
                return Err(format!(
                    "buffer {i} element {j}: 0x{} here, 0x{} on the GPU ({d} ulps of a {e}-byte float)",
                    hex_be(a),
                    hex_be(b)
                ));
            }
            worst = worst.max(d);
        }
    }
    Ok(worst)
}

/// Distance between two little-endian floats of the same width in units in the last
/// place (their bit patterns in sign-magnitude order); NaNs are far from everything.
pub fn ulps(a: &[u8], b: &[u8]) -> u64 {
    let bits = |x: &[u8]| x.iter().rev().fold(0u64, |v, &byte| v << 8 | byte as u64);
    let w = 8 * a.len() as u32;
    let sign = 1u64 << (w - 1);
    let ordered = |v: u64| -> i128 {
        if v & sign != 0 {
            -((v & !sign) as i128)
        } else {
            v as i128
        }
    };
    let (x, y) = (bits(a), bits(b));
    if x == y {
        return 0;
    }
    let exp_mask = match w {
        16 => 0x7c00,
        32 => 0x7f80_0000,
        64 => 0x7ff0_0000_0000_0000,
        _ => 0,
    };
    let nan = |v: u64| exp_mask != 0 && v & exp_mask == exp_mask && v & !sign & !exp_mask != 0;
    if nan(x) || nan(y) {
        return u64::MAX;
    }
    // +0 and -0 are one step apart here: different bits are never "bit-identical".
    ((ordered(x) - ordered(y))
        .unsigned_abs()
        .min(u64::MAX as u128) as u64)
        .max(1)
}

/// `len` = [`BUF_BYTES`] bytes of `fill` from `seed` (xorshift64*).
pub fn fill_bytes(fill: Fill, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut out = Vec::with_capacity(BUF_BYTES);
    while out.len() < BUF_BYTES {
        match fill {
            Fill::Float => {
                let v = (next() >> 40) as f32 / (1u32 << 24) as f32 * 4.0 - 2.0;
                out.extend_from_slice(&v.to_le_bytes());
            }
            Fill::Int32 => out.extend_from_slice(&((next() >> 60) as u32).to_le_bytes()),
            Fill::Int64 => out.extend_from_slice(&(next() >> 60).to_le_bytes()),
            Fill::Zero => out.extend_from_slice(&[0; 8]),
        }
    }
    out.truncate(BUF_BYTES);
    out
}

/// The hash a unit's PTX is recorded with: FNV-1a of its [`canonical`] text.
pub fn ptx_hash(ptx: &str) -> String {
    format!("{:016x}", fnv(canonical(ptx).as_bytes()))
}

/// `text` (PTX, or a kernel's mangled name) with NVRTC's names for internal-linkage
/// symbols made canonical. NVRTC names them `_INTERNAL_<8 hex>_<k>_<file>_<hash>_<process
/// id>`, and anonymous namespaces `_GLOBAL__N__<8 hex>_<k>_<file>_<hash>_<process id>`
/// (`k`: the file part's length), so two compiles of one unit differ there and nowhere
/// else: a kernel whose template argument is a `static` function (ggml's
/// `unary_op_kernel<op_abs, float>`) has another name in every compile. Each such name
/// follows its length in its mangled form (`_ZN55_INTERNAL_...`): the whole name is
/// replaced by its marker.
pub fn canonical(text: &str) -> String {
    anonymous_namespaces(&internal_names(text))
}

/// [`canonical`]'s `_INTERNAL_` names: the digits before the marker are its length (the
/// hashes recorded before anonymous namespaces were made canonical too depend on this
/// exact rule).
fn internal_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("_INTERNAL_") {
        let head = &rest[..i];
        let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let n: usize = head[head.len() - digits..].parse().unwrap_or(0);
        out.push_str(&head[..head.len() - digits]);
        out.push_str("_INTERNAL_");
        let skip = if n >= 10 && i + n <= rest.len() && rest.is_char_boundary(i + n) {
            n
        } else {
            10
        };
        rest = &rest[i + skip..];
    }
    out.push_str(rest);
    out
}

/// [`canonical`]'s `_GLOBAL__N__` names (anonymous namespaces, which libcu++'s headers
/// open). The length prefix is the shortest run of the digits before the marker that
/// spans a whole name: the name before it can end in digits (`3__4` then
/// `44_GLOBAL__N__...`).
fn anonymous_namespaces(text: &str) -> String {
    const MARKER: &str = "_GLOBAL__N__";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(MARKER) {
        let head = &rest[..i];
        let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (prefix, skip) = (1..=digits)
            .filter_map(|d| {
                let n: usize = head[head.len() - d..].parse().ok()?;
                internal_name_fits(&rest[i..], MARKER, n).then_some((d, n))
            })
            .next()
            .unwrap_or((0, MARKER.len()));
        out.push_str(&head[..head.len() - prefix]);
        out.push_str(MARKER);
        rest = &rest[i + skip..];
    }
    out.push_str(rest);
    out
}

/// Whether the first `n` bytes of `name` are a whole NVRTC anonymous-namespace name:
/// `<marker><8 hex>_<k>_<k bytes>_<8 hex>_<digits>`.
fn internal_name_fits(name: &str, marker: &str, n: usize) -> bool {
    let Some(body) = name.get(marker.len()..n) else {
        return false;
    };
    let mut parts = body.splitn(3, '_');
    let (Some(zeros), Some(k), Some(tail)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Ok(k) = k.parse::<usize>() else {
        return false;
    };
    let hex = |t: &str| t.len() == 8 && t.bytes().all(|b| b.is_ascii_hexdigit());
    // tail: `<k bytes>_<8 hex>_<digits>`.
    let Some(after_file) = tail.get(k..) else {
        return false;
    };
    let mut rest = after_file.splitn(3, '_');
    hex(zeros)
        && rest.next() == Some("")
        && rest.next().is_some_and(hex)
        && rest
            .next()
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
}

/// The name `kernel` (as a case names it, from the compile that chose the case) has in
/// `ptx` (another compile of the same unit): the `.entry` with the same [`canonical`] name.
/// `kernel` itself where no entry matches (the lookup then fails with the library's error).
pub fn entry_name(ptx: &str, kernel: &str) -> String {
    if !kernel.contains("_INTERNAL_") && !kernel.contains("_GLOBAL__N_") {
        return kernel.to_string();
    }
    let want = canonical(kernel);
    ptx.lines()
        .filter(|l| l.trim_start().starts_with('.'))
        .filter_map(|l| l.split(".entry").nth(1))
        .map(|rest| {
            rest.trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
                .collect::<String>()
        })
        .find(|name| canonical(name) == want)
        .unwrap_or_else(|| kernel.to_string())
}

/// The name `lib` (loaded from `ptx`) knows a case's `kernel` by: its [`entry_name`], or,
/// where the library has no kernel of that name, the library's kernel with the same
/// [`canonical`] name (in case the driver renames internal-linkage symbols when it loads
/// PTX). The second value lists the library's kernels with internal-linkage names, to see
/// what it calls them, where neither is found.
pub fn resolve(lib: &Library, ptx: &str, kernel: &str) -> (String, Option<String>) {
    let name = entry_name(ptx, kernel);
    if lib.get_kernel(&name).is_ok() {
        return (name, None);
    }
    let want = canonical(kernel);
    let names: Vec<String> = lib
        .kernels()
        .map(|ks| ks.into_iter().filter_map(|k| k.name().ok()).collect())
        .unwrap_or_default();
    match names.iter().find(|n| canonical(n) == want) {
        Some(n) => (n.clone(), None),
        None => {
            let internal: Vec<&str> = names
                .iter()
                .filter(|n| n.contains("INTERNAL"))
                .map(String::as_str)
                .collect();
            (name, Some(internal.join(" ")))
        }
    }
}

/// FNV-1a, 64 bits.
pub fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A little-endian value's hex digits, most significant first.
fn hex_be(bytes: &[u8]) -> String {
    bytes.iter().rev().map(|b| format!("{b:02x}")).collect()
}

pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex digits"))
        .collect()
}

/// A kernel's parameter as its PTX declares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    /// An integer (or `.b` bits) of this many bytes.
    Int(usize),
    /// A 64-bit value the kernel turns into a global address (`cvta.to.global`).
    Pointer,
    /// A float of this many bytes.
    Float(usize),
    /// An array of bytes (a struct passed by value).
    Bytes(usize),
}

/// The text of `kernel`'s directives and body in `ptx` with the bodies of the functions it
/// calls (transitively), and its parameters; `None` if the module has no such entry.
pub fn kernel_text(ptx: &str, kernel: &str) -> Option<(Vec<Param>, String, String)> {
    let start = find_definition(ptx, ".entry", kernel)?;
    let open = start + ptx[start..].find('(')?;
    let close = open + matching(&ptx[open..], '(', ')')?;
    let header = &ptx[open + 1..close];
    let brace = close + ptx[close..].find('{')?;
    let directives = ptx[close + 1..brace].to_string();
    let end = brace + matching(&ptx[brace..], '{', '}')?;
    let mut body = ptx[brace..=end].to_string();
    // Called functions, transitively.
    let funcs = functions(ptx);
    let mut seen: Vec<&str> = Vec::new();
    loop {
        let more: Vec<&(String, String)> = funcs
            .iter()
            .filter(|(n, _)| !seen.contains(&n.as_str()) && contains_word(&body, n))
            .collect();
        if more.is_empty() {
            break;
        }
        for (n, b) in more {
            seen.push(n);
            body.push('\n');
            body.push_str(b);
        }
    }
    let params = header
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|decl| param_of(decl, &body))
        .collect();
    Some((params, directives, body))
}

fn param_of(decl: &str, body: &str) -> Param {
    let tokens: Vec<&str> = decl.split_whitespace().collect();
    let name_tok = tokens.last().copied().unwrap_or("");
    let (name, array) = match name_tok.split_once('[') {
        Some((n, len)) => (n, len.trim_end_matches(']').parse::<usize>().ok()),
        None => (name_tok, None),
    };
    let ty = tokens
        .iter()
        .find(|t| {
            t.len() > 2
                && t.starts_with('.')
                && matches!(t.as_bytes()[1], b'u' | b's' | b'b' | b'f')
                && t[2..].chars().all(|c| c.is_ascii_digit())
        })
        .copied()
        .unwrap_or(".b8");
    let bytes = ty[2..].parse::<usize>().unwrap_or(8) / 8;
    if let Some(n) = array {
        return Param::Bytes(n * bytes.max(1));
    }
    if ty.starts_with(".f") {
        return Param::Float(bytes);
    }
    if bytes == 8 && (tokens.contains(&".ptr") || used_as_pointer(name, body)) {
        return Param::Pointer;
    }
    Param::Int(bytes)
}

/// Whether the register a 64-bit parameter is loaded into becomes a global address.
fn used_as_pointer(name: &str, body: &str) -> bool {
    let needle = format!("[{name}]");
    let regs: Vec<&str> = body
        .lines()
        .map(strip_guard)
        .filter(|l| l.starts_with("ld.param") && l.contains(&needle))
        .filter_map(|l| l.split_whitespace().nth(1))
        .map(|r| r.trim_end_matches(','))
        .collect();
    body.lines().map(strip_guard).any(|l| {
        l.starts_with("cvta.to.global")
            && l.split(',')
                .nth(1)
                .is_some_and(|src| regs.contains(&src.trim().trim_end_matches(';')))
    })
}

fn strip_guard(line: &str) -> &str {
    let l = line.trim();
    match l.strip_prefix('@') {
        Some(rest) => rest
            .split_once(char::is_whitespace)
            .map_or("", |x| x.1.trim()),
        None => l,
    }
}

/// The width in bytes of the kernel's global stores (the most common one), 4 if none.
pub fn store_width(body: &str) -> usize {
    let mut counts = [0usize; 9];
    for l in body.lines().map(strip_guard) {
        let Some(op) = l.split_whitespace().next() else {
            continue;
        };
        if !op.starts_with("st.global") {
            continue;
        }
        if let Some(ty) = op.rsplit('.').next() {
            if let Ok(bits) = ty[1.min(ty.len())..].parse::<usize>() {
                if matches!(bits, 8 | 16 | 32 | 64) {
                    counts[bits / 8] += 1;
                }
            }
        }
    }
    (1..=8)
        .rev()
        .max_by_key(|&w| counts[w])
        .filter(|&w| counts[w] > 0)
        .unwrap_or(4)
}

/// Whether the text uses an approximate instruction.
pub fn uses_approx(body: &str) -> bool {
    body.contains(".approx") || body.contains("div.full")
}

/// `.maxntid`/`.reqntid` x·y·z of the kernel's directives.
pub fn thread_limit(directives: &str) -> Option<(bool, [u32; 3])> {
    for key in [".reqntid", ".maxntid"] {
        if let Some(rest) = directives.split(key).nth(1) {
            let line = rest.lines().next().unwrap_or("");
            let mut dims = [1u32; 3];
            for (i, v) in line.split(',').take(3).enumerate() {
                dims[i] = v.trim().trim_end_matches(';').parse().unwrap_or(1);
            }
            return Some((key == ".reqntid", dims));
        }
    }
    None
}

/// Every `.func` defined (with a body) in the module: (name, body text).
fn functions(ptx: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = ptx[at..].find(".func") {
        let start = at + i + 5;
        at = start;
        let rest = &ptx[start..];
        // `.func (.param ...) name(` or `.func name(`.
        let mut j = rest.len() - rest.trim_start().len();
        if rest[j..].starts_with('(') {
            match matching(&rest[j..], '(', ')') {
                Some(k) => j += k + 1,
                None => continue,
            }
        }
        let name: String = rest[j..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
            .collect();
        if name.is_empty() {
            continue;
        }
        let semi = rest.find(';').unwrap_or(rest.len());
        let Some(brace) = rest.find('{') else {
            continue;
        };
        // A declaration ends at `;` before any `{` outside its parameter list.
        let after_params = rest[j..]
            .find('(')
            .and_then(|p| matching(&rest[j + p..], '(', ')').map(|k| j + p + k))
            .unwrap_or(j);
        if semi < brace && semi > after_params {
            continue;
        }
        if let Some(end) = matching(&rest[brace..], '{', '}') {
            out.push((name, rest[brace..=brace + end].to_string()));
            at = start + brace + end;
        }
    }
    out
}

/// Where `kind name` is defined (not only declared) in `ptx`.
fn find_definition(ptx: &str, kind: &str, name: &str) -> Option<usize> {
    let mut at = 0;
    while let Some(i) = ptx[at..].find(kind) {
        let start = at + i;
        at = start + kind.len();
        let rest = ptx[at..].trim_start();
        if let Some(after) = rest.strip_prefix(name) {
            if after.trim_start().starts_with('(') {
                return Some(start);
            }
        }
    }
    None
}

/// Offset of the bracket closing the one `text` starts with.
fn matching(text: &str, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

fn contains_word(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.');
    text.match_indices(word)
        .any(|(i, _)| !text[..i].ends_with(ident) && !text[i + word.len()..].starts_with(ident))
}
