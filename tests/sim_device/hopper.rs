//! The Hopper corpus on the simulator: kernels nobody here wrote (ThunderKittens, CUTLASS 3,
//! DeepGEMM), built for `sm_90a` with their projects' flags and recorded on an H100
//! (`tests/hopper/corpus/`, see its `SOURCES.md`), each recorded launch rebuilt here and its
//! buffers compared bit for bit with the H100's.
//!
//! A recording holds, per launch, the kernel's parameter block as the GPU received it, every
//! buffer the parameters reach (before and after the launch), where in the parameters the
//! pointers and tensor maps lie, and the arguments each tensor map was encoded from. Here each
//! buffer is allocated on the simulated device and filled with its recorded contents, the
//! pointers are moved to the new buffers, and each tensor map is encoded again in the
//! simulator's 128-byte layout (the engine's `TensorMapDesc::encode` layout, written here by
//! hand so that this test needs no API the simulator has not got yet).
//!
//! Every launch ends in one of: identical, differs, a known difference (listed in
//! `tests/hopper/corpus/known.txt` with the reason), refused (the simulator declines an
//! instruction, at load or at run time: reported, not a failure) or failed (an error other
//! than a refusal). The test fails on a difference or a failure not listed as known; it
//! prints one line per launch and writes them to `target/hopper-corpus.txt`.
//! `CUDA_LIBRARY_HOPPER_CASE=text` runs only the cases whose name contains `text`.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use cuda_library::{
    BackendKind, Context, Device, Error, Kernel, KernelArg, KernelAttribute, LaunchConfig, Library,
    LibraryOptions, TensorMapDesc,
};
use serde_json::Value;

/// Launches recorded in the checked-in corpus: the test fails if fewer are found (a
/// recording lost in a merge would otherwise pass unnoticed).
const LAUNCHES_FLOOR: usize = 1;

/// The work budget of one corpus launch, in thread-instructions: far above what the largest
/// recorded launch needs, so that only a kernel spinning forever (a wait the simulator never
/// satisfies) reaches it.
const BUDGET: u64 = 4_000_000_000;

/// The size of a tensor map, and where one must lie in a parameter block.
const MAP_BYTES: usize = 128;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hopper/corpus")
}

/// A file of the corpus, decompressed if it is stored as `NAME.zst`; `None` if neither exists.
fn read_maybe_compressed(path: &Path) -> Option<Vec<u8>> {
    if let Ok(bytes) = std::fs::read(path) {
        return Some(bytes);
    }
    let mut name = path.as_os_str().to_owned();
    name.push(".zst");
    let file = std::fs::File::open(PathBuf::from(name)).ok()?;
    let mut dec = ruzstd::decoding::StreamingDecoder::new(std::io::BufReader::new(file)).ok()?;
    let mut out = Vec::new();
    dec.read_to_end(&mut out).ok()?;
    Some(out)
}

/// A pointer in the parameter block: `offset` holds buffer `buffer`'s address plus `delta`.
#[derive(Debug)]
struct Pointer {
    offset: usize,
    buffer: usize,
    delta: u64,
}

/// A tensor map in the parameter block, with the arguments of the `cuTensorMapEncodeTiled`
/// call that made it (the driver's enumeration numbers).
#[derive(Debug)]
struct MapRecord {
    offset: usize,
    /// The buffer its global address lies in, and how far into it.
    buffer: usize,
    delta: u64,
    data_type: u8,
    rank: usize,
    global_dim: Vec<u64>,
    global_strides: Vec<u64>,
    box_dim: Vec<u64>,
    element_strides: Vec<u64>,
    interleave: u8,
    swizzle: u8,
    l2_promotion: u8,
    oob_fill: u8,
}

impl MapRecord {
    /// The map in the simulator's layout (the engine's `tensor_map.rs`: magic `TMAP`, layout
    /// version 1, rank, element type, mode 0 = tiled, interleave, swizzle, L2 promotion,
    /// out-of-bounds fill, global address at 16, five u64 dimensions at 24, four u64 strides
    /// at 64, box sizes minus one at 96, element strides at 101). Dimensions past the rank
    /// are 1, as the engine keeps them.
    fn encode(&self, address: u64) -> [u8; MAP_BYTES] {
        let mut b = [0u8; MAP_BYTES];
        b[0..4].copy_from_slice(b"TMAP");
        b[4] = 1;
        b[5] = self.rank as u8;
        b[6] = self.data_type;
        b[7] = 0;
        b[8] = self.interleave;
        b[9] = self.swizzle;
        b[10] = self.l2_promotion;
        b[11] = self.oob_fill;
        b[16..24].copy_from_slice(&address.to_le_bytes());
        for k in 0..5 {
            let dim = self.global_dim.get(k).copied().unwrap_or(1);
            b[24 + 8 * k..32 + 8 * k].copy_from_slice(&dim.to_le_bytes());
            let boxed = self.box_dim.get(k).copied().unwrap_or(1).clamp(1, 256);
            b[96 + k] = (boxed - 1) as u8;
            b[101 + k] = self.element_strides.get(k).copied().unwrap_or(1).min(255) as u8;
        }
        for k in 0..4 {
            let stride = self.global_strides.get(k).copied().unwrap_or(0);
            b[64 + 8 * k..72 + 8 * k].copy_from_slice(&stride.to_le_bytes());
        }
        b
    }
}

/// A buffer the launch reaches: its contents before the launch and what the H100 left in it.
struct Buffer {
    index: usize,
    before: Vec<u8>,
    after: Vec<u8>,
}

/// One recorded launch.
struct Launch {
    /// `CASE/launch_N`.
    name: String,
    kernel: String,
    grid: [u32; 3],
    block: [u32; 3],
    cluster: [u32; 3],
    shared: u32,
    params: Vec<u8>,
    layout: Vec<(usize, usize)>,
    buffers: Vec<Buffer>,
    pointers: Vec<Pointer>,
    maps: Vec<MapRecord>,
}

fn num(v: &Value, key: &str) -> Result<u64, String> {
    v.get(key)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("`{key}` is missing or not a number"))
}

fn nums(v: &Value, key: &str) -> Result<Vec<u64>, String> {
    v.get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("`{key}` is missing or not a list"))?
        .iter()
        .map(|x| {
            x.as_u64()
                .ok_or_else(|| format!("`{key}` holds a non-number"))
        })
        .collect()
}

fn dim3(v: &Value, key: &str) -> Result<[u32; 3], String> {
    match nums(v, key)?.as_slice() {
        &[x, y, z] => Ok([x, y, z].map(|d| u32::try_from(d).unwrap_or(u32::MAX))),
        other => Err(format!("`{key}` has {} entries, not 3", other.len())),
    }
}

fn small(v: &Value, key: &str) -> Result<u8, String> {
    u8::try_from(num(v, key)?).map_err(|_| format!("`{key}` is out of range"))
}

impl Launch {
    /// Reads `dir/launch.json` and the files beside it.
    fn read(case: &str, dir: &Path) -> Result<Launch, String> {
        let name = format!(
            "{case}/{}",
            dir.file_name().unwrap_or_default().to_string_lossy()
        );
        let text = std::fs::read(dir.join("launch.json"))
            .map_err(|e| format!("{name}: launch.json: {e}"))?;
        let j: Value =
            serde_json::from_slice(&text).map_err(|e| format!("{name}: launch.json: {e}"))?;
        let at = |e: String| format!("{name}: {e}");
        let status = j.get("status").and_then(Value::as_str).unwrap_or("");
        if status != "cudaSuccess" {
            return Err(at(format!("the GPU's launch ended with `{status}`")));
        }
        let params =
            std::fs::read(dir.join("params.bin")).map_err(|e| at(format!("params.bin: {e}")))?;
        let layout = j
            .get("param_layout")
            .and_then(Value::as_array)
            .ok_or_else(|| at("`param_layout` is missing".into()))?
            .iter()
            .map(|p| match p.as_array().map(|a| a.as_slice()) {
                Some([o, s]) => match (o.as_u64(), s.as_u64()) {
                    (Some(o), Some(s)) => Ok((o as usize, s as usize)),
                    _ => Err(at("`param_layout` holds a non-number".into())),
                },
                _ => Err(at("`param_layout` entries are [offset, size]".into())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if layout
            .iter()
            .any(|&(o, s)| o.checked_add(s).is_none_or(|end| end > params.len()))
        {
            return Err(at("a parameter lies past params.bin's end".into()));
        }
        let mut buffers = Vec::new();
        for b in j
            .get("buffers")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let index = num(b, "index").map_err(at)? as usize;
            let bytes = num(b, "bytes").map_err(at)? as usize;
            let before = read_maybe_compressed(&dir.join(format!("buf{index}.before.bin")))
                .ok_or_else(|| at(format!("buf{index}.before.bin is missing")))?;
            // A buffer the launch did not change is stored once.
            let after = read_maybe_compressed(&dir.join(format!("buf{index}.after.bin")))
                .unwrap_or_else(|| before.clone());
            if before.len() != bytes || after.len() != bytes {
                return Err(at(format!("buffer {index} is not {bytes} bytes")));
            }
            buffers.push(Buffer {
                index,
                before,
                after,
            });
        }
        let known = |i: usize| buffers.iter().any(|b| b.index == i);
        let mut pointers = Vec::new();
        for p in j
            .get("pointers")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let p = Pointer {
                offset: num(p, "offset").map_err(at)? as usize,
                buffer: num(p, "buffer").map_err(at)? as usize,
                delta: num(p, "delta").map_err(at)?,
            };
            if !known(p.buffer) || p.offset.checked_add(8).is_none_or(|e| e > params.len()) {
                return Err(at(format!("pointer at {} is out of place", p.offset)));
            }
            pointers.push(p);
        }
        let mut maps = Vec::new();
        for m in j
            .get("tensor_maps")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let buffer = m
                .get("buffer")
                .and_then(Value::as_i64)
                .and_then(|b| usize::try_from(b).ok())
                .ok_or_else(|| at("a tensor map's global address lies in no buffer".into()))?;
            let map = MapRecord {
                offset: num(m, "offset").map_err(at)? as usize,
                buffer,
                delta: num(m, "delta").map_err(at)?,
                data_type: small(m, "data_type").map_err(at)?,
                rank: num(m, "rank").map_err(at)? as usize,
                global_dim: nums(m, "global_dim").map_err(at)?,
                global_strides: nums(m, "global_strides").map_err(at)?,
                box_dim: nums(m, "box_dim").map_err(at)?,
                element_strides: nums(m, "element_strides").map_err(at)?,
                interleave: small(m, "interleave").map_err(at)?,
                swizzle: small(m, "swizzle").map_err(at)?,
                l2_promotion: small(m, "l2_promotion").map_err(at)?,
                oob_fill: small(m, "oob_fill").map_err(at)?,
            };
            if !known(map.buffer)
                || !(1..=5).contains(&map.rank)
                || map.offset % 64 != 0
                || map
                    .offset
                    .checked_add(MAP_BYTES)
                    .is_none_or(|e| e > params.len())
            {
                return Err(at(format!("tensor map at {} is out of place", map.offset)));
            }
            maps.push(map);
        }
        Ok(Launch {
            kernel: j
                .get("kernel")
                .and_then(Value::as_str)
                .ok_or_else(|| at("`kernel` is missing".into()))?
                .to_string(),
            grid: dim3(&j, "grid").map_err(at)?,
            block: dim3(&j, "block").map_err(at)?,
            cluster: dim3(&j, "cluster").map_err(at)?,
            shared: u32::try_from(num(&j, "shared_bytes").map_err(at)?)
                .map_err(|_| at("`shared_bytes` is out of range".into()))?,
            name,
            params,
            layout,
            buffers,
            pointers,
            maps,
        })
    }
}

/// How one launch went.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// Every buffer holds the H100's bytes.
    Identical,
    /// Some buffer differs (what, where).
    Differs(String),
    /// The simulator declines the kernel (an instruction it does not run yet): the reason.
    Refused(String),
    /// Another error: the launch should have run.
    Failed(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Identical => write!(f, "identical"),
            Outcome::Differs(d) => write!(f, "differs: {d}"),
            Outcome::Refused(r) => write!(f, "refused: {r}"),
            Outcome::Failed(e) => write!(f, "failed: {e}"),
        }
    }
}

/// Loading or lowering PTX fails only where the simulator declines something in it.
fn refused_at_load(e: &Error) -> Outcome {
    Outcome::Refused(one_line(&e.to_string()))
}

/// At run time only `Unsupported` is a refusal; anything else is a failure.
fn at_run_time(e: &Error) -> Outcome {
    match e {
        Error::Unsupported(_) => Outcome::Refused(one_line(&e.to_string())),
        _ => Outcome::Failed(one_line(&e.to_string())),
    }
}

fn one_line(s: &str) -> String {
    let s = s.lines().next().unwrap_or("");
    if s.len() > 300 {
        let mut end = 300;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}...", &s[..end])
    } else {
        s.to_string()
    }
}

/// How far a launch got: whether its kernel lowered, whether it ran to the end, and how it
/// compares.
struct Report {
    lowered: bool,
    ran: bool,
    outcome: Outcome,
}

/// Runs `launch` from `lib` and compares its buffers with the H100's.
fn run(ctx: &Context, device: &Device, lib: &Library, launch: &Launch) -> Report {
    let kernel = match lib.get_kernel(&launch.kernel) {
        Ok(k) => k,
        Err(e) => {
            return Report {
                lowered: false,
                ran: false,
                outcome: refused_at_load(&e),
            }
        }
    };
    let outcome = run_lowered(ctx, device, &kernel, launch);
    Report {
        lowered: true,
        ran: matches!(outcome, Outcome::Identical | Outcome::Differs(_)),
        outcome,
    }
}

/// [`run`] once the kernel has lowered.
fn run_lowered(ctx: &Context, device: &Device, kernel: &Kernel, launch: &Launch) -> Outcome {
    if launch.shared > 48 * 1024 {
        if let Err(e) = kernel.set_attribute(
            KernelAttribute::MaxDynamicSharedSizeBytes,
            launch.shared as i32,
            device,
        ) {
            return at_run_time(&e);
        }
    }
    let mut device_buffers = BTreeMap::new();
    for b in &launch.buffers {
        match ctx.htod(&b.before) {
            Ok(d) => {
                device_buffers.insert(b.index, d);
            }
            Err(e) => return Outcome::Failed(format!("allocating buffer {}: {e}", b.index)),
        }
    }
    let address = |buffer: usize, delta: u64| device_buffers[&buffer].as_raw() + delta;
    let mut params = launch.params.clone();
    for p in &launch.pointers {
        params[p.offset..p.offset + 8].copy_from_slice(&address(p.buffer, p.delta).to_le_bytes());
    }
    for m in &launch.maps {
        let bytes = m.encode(address(m.buffer, m.delta));
        // A map the simulator declines to copy (an element type or layout whose GPU
        // behaviour is unrecorded, e.g. the tf32 maps CUTLASS makes for f32 GEMMs) would
        // fault in the kernel's first copy: a refusal, said before the launch.
        match TensorMapDesc::decode(&bytes) {
            Ok(desc) => {
                if let Some(why) = desc.unsimulated() {
                    return Outcome::Refused(format!("tensor map at {}: {why}", m.offset));
                }
            }
            Err(e) => {
                return Outcome::Failed(format!("tensor map at {}: {e}", m.offset));
            }
        }
        params[m.offset..m.offset + MAP_BYTES].copy_from_slice(&bytes);
    }
    let args: Vec<KernelArg<'_>> = launch
        .layout
        .iter()
        .map(|&(o, s)| KernelArg::from_bytes(&params[o..o + s]))
        .collect();
    let mut cfg = LaunchConfig::new(
        (launch.grid[0], launch.grid[1], launch.grid[2]),
        (launch.block[0], launch.block[1], launch.block[2]),
    )
    .with_shared_mem(launch.shared);
    if launch.cluster != [1, 1, 1] {
        cfg = cfg.with_cluster((launch.cluster[0], launch.cluster[1], launch.cluster[2]));
    }
    let stream = match ctx.create_stream() {
        Ok(s) => s,
        Err(e) => return Outcome::Failed(e.to_string()),
    };
    if let Err(e) = kernel.launch(&stream, &cfg, &args) {
        return at_run_time(&e);
    }
    if let Err(e) = stream.synchronize() {
        return at_run_time(&e);
    }
    let mut differences = Vec::new();
    for b in &launch.buffers {
        let got = match device_buffers[&b.index].to_vec() {
            Ok(v) => v,
            Err(e) => return Outcome::Failed(format!("reading buffer {}: {e}", b.index)),
        };
        let differing: Vec<usize> = (0..got.len()).filter(|&i| got[i] != b.after[i]).collect();
        if let Some(&first) = differing.first() {
            differences.push(format!(
                "buffer {} ({} bytes): {} bytes differ, the first at {first} (H100 {:#04x}, simulator {:#04x})",
                b.index,
                got.len(),
                differing.len(),
                b.after[first],
                got[first]
            ));
        }
    }
    if differences.is_empty() {
        Outcome::Identical
    } else {
        Outcome::Differs(differences.join("; "))
    }
}

/// `tests/hopper/corpus/known.txt`: `CASE/launch_N<TAB>reason` per line, `#` comments.
fn known_differences() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(corpus_dir().join("known.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(k, why)| (k.trim().to_string(), why.trim().to_string()))
        .collect()
}

/// The recorded cases: folders of `tests/hopper/corpus/recorded/` holding `CASE.ptx(.zst)`.
fn cases() -> Vec<(String, PathBuf)> {
    let filter = std::env::var("CUDA_LIBRARY_HOPPER_CASE").unwrap_or_default();
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(corpus_dir().join("recorded"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, _)| name.contains(&filter))
        .collect();
    out.sort();
    out
}

fn launch_dirs(case_dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(case_dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_dir()
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("launch_"))
        })
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn hopper_corpus_matches_the_h100() {
    let _turn = crate::turn();
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let device = Device::new(0).unwrap();
    let ctx = device.set_current().unwrap();
    let cases = cases();
    if cases.is_empty() {
        crate::common::skip("no recorded Hopper corpus under tests/hopper/corpus/recorded/");
        return;
    }
    let budget = cuda_library::sim::launch_budget();
    cuda_library::sim::set_launch_budget(BUDGET);
    let known = known_differences();
    let mut lines = Vec::new();
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut problems = Vec::new();
    for (case, dir) in &cases {
        let ptx = read_maybe_compressed(&dir.join(format!("{case}.ptx")));
        let lib = match &ptx {
            None => Err(format!("{case}.ptx is missing")),
            Some(p) => Library::load_data(p, &LibraryOptions::default())
                .map_err(|e| one_line(&e.to_string())),
        };
        for launch_dir in launch_dirs(dir) {
            let started = std::time::Instant::now();
            let not_run = |outcome| Report {
                lowered: false,
                ran: false,
                outcome,
            };
            let (name, report) = match Launch::read(case, &launch_dir) {
                Err(e) => (e.clone(), not_run(Outcome::Failed(e))),
                Ok(launch) => {
                    let report = match &lib {
                        Ok(lib) => run(&ctx, &device, lib, &launch),
                        Err(e) if ptx.is_none() => not_run(Outcome::Failed(e.clone())),
                        Err(e) => not_run(Outcome::Refused(format!("module: {e}"))),
                    };
                    (launch.name.clone(), report)
                }
            };
            let outcome = &report.outcome;
            let known_why = known.get(&name);
            let (label, line) = match (outcome, known_why) {
                (Outcome::Identical, _) => ("identical", "identical".to_string()),
                (Outcome::Differs(_) | Outcome::Failed(_), Some(why)) => (
                    "known difference",
                    format!("known difference ({why}): {outcome}"),
                ),
                (Outcome::Differs(_), None) => ("differs", outcome.to_string()),
                (Outcome::Refused(_), _) => ("refused", outcome.to_string()),
                (Outcome::Failed(_), None) => ("failed", outcome.to_string()),
            };
            *counts.entry(label).or_default() += 1;
            if matches!(label, "differs" | "failed") {
                problems.push(format!("{name}: {line}"));
            }
            lines.push(format!(
                "{name}\t{}\t{}\t{:.1} s\t{line}",
                if report.lowered { "lowers" } else { "-" },
                if report.ran { "runs" } else { "-" },
                started.elapsed().as_secs_f64()
            ));
        }
    }
    cuda_library::sim::set_launch_budget(budget);
    let total: usize = counts.values().sum();
    let summary = format!(
        "Hopper corpus: {total} launches of {} cases: {}",
        cases.len(),
        counts
            .iter()
            .map(|(k, v)| format!("{v} {k}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let report = format!("{summary}\n{}\n", lines.join("\n"));
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/hopper-corpus.txt");
    if let Ok(mut f) = std::fs::File::create(&out) {
        let _ = f.write_all(report.as_bytes());
    }
    println!("{report}");
    let all = std::env::var("CUDA_LIBRARY_HOPPER_CASE").is_err();
    assert!(
        !all || total >= LAUNCHES_FLOOR,
        "{total} recorded launches found, fewer than the {LAUNCHES_FLOOR} checked in"
    );
    assert!(
        problems.is_empty(),
        "{} launches differ from the H100 or fail:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A recorded map of DeepGEMM's kind (2-D bf16 output, 128-byte swizzle), as the test
/// encodes it, is what the engine reads back; the engine's layout is the one the hand-written
/// encoder assumes.
fn deepgemm_output_map(data_type: u8) -> MapRecord {
    MapRecord {
        offset: 64,
        buffer: 0,
        delta: 0,
        data_type,
        rank: 2,
        global_dim: vec![256, 256],
        global_strides: vec![512],
        box_dim: vec![64, 128],
        element_strides: vec![1, 1],
        interleave: 0,
        swizzle: 3,
        l2_promotion: 2,
        oob_fill: 0,
    }
}

#[test]
fn a_recorded_map_encodes_as_the_engine_reads_it() {
    let bytes = deepgemm_output_map(9).encode(0x1_0000);
    let desc = TensorMapDesc::decode(&bytes).unwrap();
    assert_eq!(desc.rank, 2);
    assert_eq!(desc.global_address, 0x1_0000);
    assert_eq!(desc.dims[..2], [256, 256]);
    assert_eq!(desc.strides[0], 512);
    assert_eq!(desc.box_dims[..2], [64, 128]);
    assert_eq!(desc.data_type.code(), 9);
    assert_eq!(desc.swizzle.span(), 128);
    assert_eq!(desc.unsimulated(), None);
}

#[test]
fn a_recorded_tf32_map_is_one_the_simulator_declines() {
    // CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 (11), what CUTLASS encodes for an f32 GEMM's operands.
    // 32 four-byte elements fill the 128-byte swizzle span.
    let mut map = deepgemm_output_map(11);
    map.box_dim = vec![32, 128];
    let desc = TensorMapDesc::decode(&map.encode(0x1_0000)).unwrap();
    let why = desc.unsimulated().unwrap();
    assert!(why.contains("tf32"), "{why}");
}
