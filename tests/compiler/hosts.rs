//! The learner corpus's kernels that generated inputs cannot run, set up as their own host
//! programs set them up: sorted runs and the merge limits computed from them, valid bin
//! indices, `__constant__` and `__device__` arrays the host fills, structs with device
//! pointers inside, textures and surfaces, the block shapes template arguments fix, and
//! integer parameters as the host passes them. Each [`Host`] is plain data read from the
//! host code upstream (named in `from`), scaled down where the host's sizes would take too
//! long on a debug simulator, keeping every code path but those `from` names.
//!
//! Both compilers' PTX runs the same steps from the same inputs, and afterwards every
//! buffer, every surface's array, every `__device__` variable and the `printf` text are
//! compared bit for bit, as `harness` compares a chosen case. NVRTC's run must finish
//! within an eighth of the launch budget, change something, and give
//! the same bits with its buffers elsewhere; otherwise the spec, not the compiler, is
//! wrong, and the kernel fails.

use crate::common::differential::{self, Fill};
use crate::harness::{self, Image, Outcome};

use cuda_library::{
    AddressMode, Array, ArrayDesc, ArrayFormat, Context, DeviceBuffer, Error, FilterMode,
    KernelArg, LaunchConfig, ReadMode, Surface, Texture, TextureDesc,
};

/// What a buffer, an array or a variable holds before the first step.
#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    /// This many zero bytes.
    Zeros(usize),
    /// This many random 32-bit floats in [-2, 2) (the harness's generated floats).
    Floats(usize),
    /// This many random 32-bit words.
    Words(usize),
    /// This many random unsigned integers of `width` bytes in `lo..=hi`.
    Ints {
        n: usize,
        width: usize,
        lo: u64,
        hi: u64,
    },
    /// `runs` runs of `run` random 32-bit keys below `below`, each sorted ascending
    /// (`descending`: descending).
    SortedRuns {
        runs: usize,
        run: usize,
        below: u32,
        descending: bool,
    },
    /// The merge limits (`d_LimitsA` when `b` is false, `d_LimitsB` when true) that
    /// cuda-samples' `generateSampleRanksKernel` and `mergeRanksAndIndicesKernel` compute
    /// for merging the first two runs of `keys`, a [`Data::SortedRuns`] made as buffer
    /// `keys_seed` is (the same seed, so the same keys).
    MergeLimits {
        keys: Box<Data>,
        keys_seed: usize,
        b: bool,
    },
    /// These floats.
    F32s(Vec<f32>),
    /// These bytes.
    Bytes(Vec<u8>),
    /// A struct: its fields in order.
    Fields(Vec<Field>),
}

/// One field of a struct laid out by [`Data::Fields`] or passed by value with [`A::Struct`].
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    /// The device address of buffer `n` (an earlier buffer, for a buffer's contents).
    Ptr(usize),
    /// These bytes.
    Bytes(Vec<u8>),
}

/// A kernel argument.
#[derive(Debug, Clone, PartialEq)]
pub enum A {
    /// Buffer `n`'s device address.
    Buf(usize),
    /// Buffer `n`'s device address plus this many bytes.
    BufAt(usize, usize),
    I32(i32),
    U32(u32),
    U64(u64),
    F32(f32),
    /// A struct by value.
    Struct(Vec<Field>),
    /// Texture object `n`'s handle.
    Tex(usize),
    /// Surface object `n`'s handle.
    Surf(usize),
}

/// One thing the host does, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A launch of `kernel` (a mangled name in the same unit).
    Launch {
        kernel: &'static str,
        grid: [u32; 3],
        block: [u32; 3],
        shared: u32,
        args: Vec<A>,
    },
    /// `cudaMemcpy` device to device: `bytes` from buffer `from` at byte `from_at` to
    /// buffer `to` at byte `to_at`.
    Copy {
        from: usize,
        from_at: usize,
        to: usize,
        to_at: usize,
        bytes: usize,
    },
}

/// A texture or surface object over a CUDA array, or a texture over pitched linear memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Tex {
    pub array: ArrayDesc,
    /// The elements, row after row (`pitch` bytes apart where given).
    pub data: Data,
    /// `None`: a surface object.
    pub desc: Option<TextureDesc>,
    /// `Some(bytes)`: a texture over a buffer whose rows are this many bytes apart
    /// (`cudaResourceTypePitch2D`) rather than over an array.
    pub pitch: Option<usize>,
}

/// What the comparison expects.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// Every output the same bits.
    Outputs,
    /// Every output the same bits but these buffers', which hold `clock()` readings: the
    /// simulator's clock counts the work each compiler's code does, which differs. They
    /// must still be written (a buffer left all zeros is a failure).
    OutputsBut(Vec<usize>),
    /// The last step fails on both images the same way: the same error kind, and for a
    /// failed `assert` the same block and thread (its message's expression, file, line
    /// and function are each compiler's own: FINDINGS F15).
    SameError,
}

/// One kernel set up as its host program sets it up.
#[derive(Debug, Clone, PartialEq)]
pub struct Host {
    /// The unit, as `learners::units` names it.
    pub unit: &'static str,
    /// The kernel compared (its name in NVRTC's PTX).
    pub kernel: &'static str,
    /// Where the host code is, and what was scaled down.
    pub from: &'static str,
    pub buffers: Vec<Data>,
    pub textures: Vec<Tex>,
    /// `__device__` and `__constant__` variables the host fills (`cudaMemcpyToSymbol`).
    pub globals: Vec<(&'static str, Data)>,
    pub steps: Vec<Step>,
    pub expect: Expect,
}

/// The launch budget of NVRTC's run: an eighth of the built-in compiler's (whose
/// unoptimised PTX may do many times the work). Hosts launch larger grids than a chosen
/// case, whose NVRTC run gets a 32nd.
const HOST_BUDGET: u64 = harness::LAUNCH_BUDGET / 8;

/// The spec of `kernel` in `unit`, if its host is set up here.
pub fn find(unit: &str, kernel: &str) -> Option<Host> {
    crate::host_specs::all()
        .into_iter()
        .find(|h| h.unit == unit && h.kernel == kernel)
}

/// Runs `host` on NVRTC's image and the built-in compiler's, and compares.
pub fn compare(ctx: &Context, nvrtc: &Image, builtin: &Image, host: &Host) -> Outcome {
    cuda_library::sim::set_launch_budget(HOST_BUDGET);
    let want = run(ctx, nvrtc, host, 0);
    let spaced = run(ctx, nvrtc, host, 1 << 16);
    cuda_library::sim::set_launch_budget(harness::LAUNCH_BUDGET);
    let got = run(ctx, builtin, host, 0);
    match &host.expect {
        Expect::SameError => match (want, got) {
            (Err(w), Err(g)) if same_failure(&w, &g) => Outcome::Agrees,
            (Err(w), Err(g)) => Outcome::Differs(format!(
                "NVRTC's run fails with {w}, the built-in's with {g}"
            )),
            (Ok(_), _) => Outcome::Fails("the host's setup does not fail on NVRTC's PTX".into()),
            (Err(w), Ok(_)) => Outcome::Differs(format!(
                "NVRTC's run fails with {w}; the built-in's finishes"
            )),
        },
        Expect::Outputs | Expect::OutputsBut(_) => {
            let skipped: &[usize] = match &host.expect {
                Expect::OutputsBut(b) => b,
                _ => &[],
            };
            let want = match want {
                Ok(w) => w,
                Err(e) => {
                    return Outcome::Fails(format!("the host's setup fails on NVRTC's PTX: {e}"))
                }
            };
            if spaced.as_ref().ok() != Some(&want) {
                return Outcome::Fails(
                    "the host's setup on NVRTC's PTX gives other bits with its buffers elsewhere"
                        .into(),
                );
            }
            if want.outputs == want.inputs {
                return Outcome::Fails("the host's setup on NVRTC's PTX changes nothing".into());
            }
            let got = match got {
                Ok(g) => g,
                Err(e) => return Outcome::Fails(format!("launch: {e}")),
            };
            let (mut want, mut got) = (want.outputs, got.outputs);
            for &i in skipped {
                let written =
                    |run: &[Vec<u8>]| run.get(i).is_some_and(|b| b.iter().any(|&x| x != 0));
                if !written(&want) || !written(&got) {
                    return Outcome::Fails(format!(
                        "buffer {i} (clock readings) was not written on both images"
                    ));
                }
                for run in [&mut want, &mut got] {
                    if let Some(b) = run.get_mut(i) {
                        b.clear();
                    }
                }
            }
            match harness::first_difference(&want, &got) {
                None => Outcome::Agrees,
                Some(d) => Outcome::Differs(format!("{d} ({})", words_differing(&want, &got))),
            }
        }
    }
}

/// How many 32-bit words differ, in all and of how many.
fn words_differing(want: &[Vec<u8>], got: &[Vec<u8>]) -> String {
    let mut differ = 0;
    let mut words = 0;
    for (w, g) in want.iter().zip(got) {
        let (wc, gc) = (w.chunks(4), g.chunks(4));
        words += wc.len();
        differ += wc.zip(gc).filter(|(a, b)| a != b).count();
    }
    format!("{differ} of {words} words differ")
}

/// Whether two failures are the same: the same error kind, and for a failed assertion the
/// same block and thread.
fn same_failure(a: &Error, b: &Error) -> bool {
    match (a, b) {
        (Error::DeviceAssert(x), Error::DeviceAssert(y)) => {
            x.block == y.block && x.thread == y.thread
        }
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

/// What a run started from and ended with: buffers, then surfaces' arrays, then the
/// variables the harness compares, then the `printf` text (when any).
#[derive(Debug, PartialEq)]
pub struct Run {
    pub inputs: Vec<Vec<u8>>,
    pub outputs: Vec<Vec<u8>>,
}

/// The input index (seed) of texture `i` is `TEXTURE_SEEDS + i`, of global `i`
/// `GLOBAL_SEEDS + i`; buffer `i`'s is `i`.
const TEXTURE_SEEDS: usize = 1000;
const GLOBAL_SEEDS: usize = 2000;

/// Runs `host`'s steps on a library loaded afresh from `image`, with `gap` bytes allocated
/// before every buffer.
pub fn run(ctx: &Context, image: &Image, host: &Host, gap: usize) -> Result<Run, Error> {
    let fresh = image.fresh()?;
    let lib = fresh.as_ref().unwrap_or(image.library());
    let vars = image.vars();
    for (i, (name, data)) in host.globals.iter().enumerate() {
        lib.get_global(name)?
            .write_bytes(&bytes(host, data, &[], GLOBAL_SEEDS + i))?;
    }
    let mut buffers: Vec<DeviceBuffer<u8>> = Vec::new();
    let mut spacers = Vec::new();
    let mut inputs = Vec::new();
    for (i, d) in host.buffers.iter().enumerate() {
        if gap > 0 {
            spacers.push(ctx.htod(&vec![0xa5u8; gap])?);
        }
        let b = bytes(host, d, &buffers, i);
        inputs.push(b.clone());
        buffers.push(ctx.htod(&b)?);
    }
    // Pitched memory first: its textures borrow it.
    let mut pitched = Vec::new();
    for (i, t) in host.textures.iter().enumerate() {
        if t.pitch.is_some() {
            pitched.push((i, ctx.htod(&bytes(host, &t.data, &[], TEXTURE_SEEDS + i))?));
        }
    }
    let mut arrays = Vec::new();
    let mut textures = Vec::new();
    let mut surfaces = Vec::new();
    for (i, t) in host.textures.iter().enumerate() {
        let b = bytes(host, &t.data, &[], TEXTURE_SEEDS + i);
        if let (Some(pitch), Some(desc)) = (t.pitch, &t.desc) {
            let Some((_, buf)) = pitched.iter().find(|(j, _)| *j == i) else {
                continue;
            };
            textures.push((i, Texture::pitch2d(buf, t.array, pitch, desc)?));
            continue;
        }
        let array = Array::new(ctx, t.array)?;
        array.copy_from(&b)?;
        match &t.desc {
            Some(desc) => textures.push((i, Texture::new(&array, desc)?)),
            None => {
                inputs.push(b);
                surfaces.push((i, Surface::new(&array)?));
            }
        }
        arrays.push((i, array));
    }
    inputs.extend(harness::read_variables(lib, vars)?);
    let stream = ctx.create_stream()?;
    let _ = cuda_library::sim::take_device_output();
    let mut printed = String::new();
    for step in &host.steps {
        match step {
            Step::Launch {
                kernel,
                grid,
                block,
                shared,
                args,
            } => {
                let k = lib.get_kernel(kernel)?;
                let arg_bytes: Vec<Vec<u8>> = args
                    .iter()
                    .map(|a| arg(a, &buffers, &textures, &surfaces))
                    .collect::<Result<_, String>>()
                    .map_err(Error::InvalidArgument)?;
                let args: Vec<KernelArg<'_>> =
                    arg_bytes.iter().map(|b| KernelArg::from_bytes(b)).collect();
                let cfg =
                    LaunchConfig::new((grid[0], grid[1], grid[2]), (block[0], block[1], block[2]))
                        .with_shared_mem(*shared);
                let launched = k.launch(&stream, &cfg, &args);
                printed.push_str(&cuda_library::sim::take_device_output());
                launched?;
                stream.synchronize()?;
            }
            Step::Copy {
                from,
                from_at,
                to,
                to_at,
                bytes,
            } => {
                let missing = || Error::InvalidArgument("a copy names no buffer".into());
                let src = buffers.get(*from).ok_or_else(missing)?.to_vec()?;
                let dst = buffers.get(*to).ok_or_else(missing)?;
                let mut d = dst.to_vec()?;
                let piece = src
                    .get(*from_at..from_at.saturating_add(*bytes))
                    .ok_or_else(|| Error::InvalidArgument("a copy past its source".into()))?;
                d.get_mut(*to_at..to_at.saturating_add(*bytes))
                    .ok_or_else(|| Error::InvalidArgument("a copy past its destination".into()))?
                    .copy_from_slice(piece);
                dst.copy_from(&d)?;
            }
        }
    }
    let mut outputs: Vec<Vec<u8>> = buffers
        .iter()
        .map(|b| b.to_vec())
        .collect::<Result<_, _>>()?;
    // A pointer a buffer holds is where the buffers are, not a result: it compares as the
    // buffer it points to.
    for (i, d) in host.buffers.iter().enumerate() {
        let Data::Fields(fields) = d else { continue };
        let mut at = 0;
        for f in fields {
            if let Field::Ptr(n) = f {
                let address = buffers.get(*n).map_or(0, |b| b.as_raw()).to_le_bytes();
                let marker = (0xb0ff_0000_0000_0000 | *n as u64).to_le_bytes();
                for side in [&mut inputs[i], &mut outputs[i]] {
                    if let Some(word) = side.get_mut(at..at + 8).filter(|w| **w == address) {
                        word.copy_from_slice(&marker);
                    }
                }
            }
            at += match f {
                Field::Ptr(_) => 8,
                Field::Bytes(b) => b.len(),
            };
        }
    }
    for (i, _) in &surfaces {
        if let Some((_, a)) = arrays.iter().find(|(j, _)| j == i) {
            outputs.push(a.to_vec::<u8>()?);
        }
    }
    outputs.extend(harness::read_variables(lib, vars)?);
    if !printed.is_empty() {
        outputs.push(printed.into_bytes());
    }
    Ok(Run { inputs, outputs })
}

/// The bytes of a kernel argument.
fn arg(
    a: &A,
    buffers: &[DeviceBuffer<u8>],
    textures: &[(usize, Texture<'_>)],
    surfaces: &[(usize, Surface)],
) -> Result<Vec<u8>, String> {
    Ok(match a {
        A::Buf(n) => buffers
            .get(*n)
            .ok_or(format!("no buffer {n}"))?
            .as_raw()
            .to_le_bytes()
            .to_vec(),
        A::BufAt(n, at) => buffers
            .get(*n)
            .ok_or(format!("no buffer {n}"))?
            .as_raw()
            .wrapping_add(*at as u64)
            .to_le_bytes()
            .to_vec(),
        A::I32(v) => v.to_le_bytes().to_vec(),
        A::U32(v) => v.to_le_bytes().to_vec(),
        A::U64(v) => v.to_le_bytes().to_vec(),
        A::F32(v) => v.to_le_bytes().to_vec(),
        A::Struct(fields) => fields_bytes(fields, buffers)?,
        A::Tex(n) => textures
            .iter()
            .find(|(i, _)| i == n)
            .ok_or(format!("no texture {n}"))?
            .1
            .handle()
            .to_le_bytes()
            .to_vec(),
        A::Surf(n) => surfaces
            .iter()
            .find(|(i, _)| i == n)
            .ok_or(format!("no surface {n}"))?
            .1
            .handle()
            .to_le_bytes()
            .to_vec(),
    })
}

fn fields_bytes(fields: &[Field], buffers: &[DeviceBuffer<u8>]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for f in fields {
        match f {
            Field::Ptr(n) => out.extend_from_slice(
                &buffers
                    .get(*n)
                    .ok_or(format!("no buffer {n} before this one"))?
                    .as_raw()
                    .to_le_bytes(),
            ),
            Field::Bytes(b) => out.extend_from_slice(b),
        }
    }
    Ok(out)
}

/// A 64-bit mix (splitmix64's finaliser): the random inputs' generator.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of input `index` of `host`.
fn seed(host: &Host, index: usize) -> u64 {
    differential::fnv(format!("{}\n{}\n{index}", host.unit, host.kernel).as_bytes())
}

/// The bytes `data` stands for, input `index` of `host` (its seed); `buffers` are those
/// made so far (for [`Field::Ptr`]).
fn bytes(host: &Host, data: &Data, buffers: &[DeviceBuffer<u8>], index: usize) -> Vec<u8> {
    let s = seed(host, index);
    match data {
        Data::Zeros(n) => vec![0; *n],
        Data::Floats(n) => {
            let mut out = Vec::with_capacity(n * 4);
            let mut chunk = 0u64;
            while out.len() < n * 4 {
                out.extend(differential::fill_bytes(Fill::Float, s ^ mix(chunk)));
                chunk += 1;
            }
            out.truncate(n * 4);
            out
        }
        Data::Words(n) => (0..*n as u64)
            .flat_map(|i| (mix(s ^ i) as u32).to_le_bytes())
            .collect(),
        Data::Ints { n, width, lo, hi } => (0..*n as u64)
            .flat_map(|i| {
                let span = hi.saturating_sub(*lo).saturating_add(1);
                let v = lo.saturating_add(if span == 0 {
                    mix(s ^ i)
                } else {
                    mix(s ^ i) % span
                });
                v.to_le_bytes()[..(*width).min(8)].to_vec()
            })
            .collect(),
        Data::SortedRuns { .. } => sorted_runs(data, s)
            .iter()
            .flat_map(|k| k.to_le_bytes())
            .collect(),
        Data::MergeLimits { keys, keys_seed, b } => {
            let Data::SortedRuns {
                run, descending, ..
            } = **keys
            else {
                return Vec::new();
            };
            let k = sorted_runs(keys, seed(host, *keys_seed));
            merge_limits(&k[..run], &k[run..2 * run], descending, *b)
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect()
        }
        Data::F32s(v) => v.iter().flat_map(|f| f.to_le_bytes()).collect(),
        Data::Bytes(b) => b.clone(),
        // A struct in a buffer: its pointers are to earlier buffers.
        Data::Fields(fields) => fields_bytes(fields, buffers).unwrap_or_default(),
    }
}

/// The keys of a [`Data::SortedRuns`] from `seed`.
fn sorted_runs(data: &Data, seed: u64) -> Vec<u32> {
    let Data::SortedRuns {
        runs,
        run,
        below,
        descending,
    } = *data
    else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(runs * run);
    for r in 0..runs {
        let mut keys: Vec<u32> = (0..run)
            .map(|i| (mix(seed ^ ((r * run + i) as u64)) % u64::from(below.max(1))) as u32)
            .collect();
        keys.sort_unstable();
        if descending {
            keys.reverse();
        }
        out.extend(keys);
    }
    out
}

/// cuda-samples' `SAMPLE_STRIDE` (mergeSort_common.h).
const SAMPLE_STRIDE: usize = 128;

/// What `generateSampleRanksKernel` then `mergeRanksAndIndicesKernel` leave in
/// `d_LimitsA` (`b` false) or `d_LimitsB` for one merge of runs `a` and `b` of equal
/// length: each run's every 128th key ranked in the other run (before equal keys for A's
/// samples, after them for B's), and both lists of ranks merged in order.
fn merge_limits(a: &[u32], b_run: &[u32], descending: bool, b: bool) -> Vec<u32> {
    // `binarySearchExclusive`: keys before `val`; `Inclusive`: keys before or equal.
    let before = |val: u32, run: &[u32], inclusive: bool| -> u32 {
        run.iter()
            .filter(|&&k| match (descending, inclusive) {
                (false, false) => k < val,
                (false, true) => k <= val,
                (true, false) => k > val,
                (true, true) => k >= val,
            })
            .count() as u32
    };
    let samples_a = a.len().div_ceil(SAMPLE_STRIDE);
    let samples_b = b_run.len().div_ceil(SAMPLE_STRIDE);
    // RanksA: A's sample positions, then B's samples ranked in A; RanksB the other way.
    let (own, other): (Vec<u32>, Vec<u32>) = if b {
        (
            (0..samples_a)
                .map(|i| before(a[i * SAMPLE_STRIDE], b_run, false))
                .collect(),
            (0..samples_b).map(|i| (i * SAMPLE_STRIDE) as u32).collect(),
        )
    } else {
        (
            (0..samples_a).map(|i| (i * SAMPLE_STRIDE) as u32).collect(),
            (0..samples_b)
                .map(|i| before(b_run[i * SAMPLE_STRIDE], a, true))
                .collect(),
        )
    };
    let mut limits = vec![0u32; samples_a + samples_b];
    for (i, &r) in own.iter().enumerate() {
        let pos = other.iter().filter(|&&o| o < r).count() + i;
        limits[pos] = r;
    }
    for (i, &r) in other.iter().enumerate() {
        let pos = own.iter().filter(|&&o| o <= r).count() + i;
        limits[pos] = r;
    }
    limits
}

/// Texture descriptions the hosts use.
pub fn tex_desc(
    address: AddressMode,
    filter: FilterMode,
    read: ReadMode,
    normalized: bool,
) -> TextureDesc {
    TextureDesc {
        address: [address; 3],
        filter,
        read,
        normalized_coords: normalized,
        ..Default::default()
    }
}

/// A 2-D array of `w` x `h` elements.
pub fn d2(w: usize, h: usize, format: ArrayFormat, channels: u32) -> ArrayDesc {
    ArrayDesc::d2(w, h, format, channels)
}

/// The merge limits of two interleaved runs, worked by hand from the two kernels: A's
/// samples (keys 0 and 256) rank 0 and 128 keys into B, B's (1 and 257) 1 and 129 keys
/// into A; each list merged with the other in order.
#[test]
fn merge_limits_are_the_ranks_merged() {
    let a: Vec<u32> = (0..256).map(|i| i * 2).collect();
    let b: Vec<u32> = (0..256).map(|i| i * 2 + 1).collect();
    assert_eq!(merge_limits(&a, &b, false, false), [0, 1, 128, 129]);
    assert_eq!(merge_limits(&a, &b, false, true), [0, 0, 128, 128]);
    // Descending runs: the same ranks of the reversed keys.
    let (ra, rb): (Vec<u32>, Vec<u32>) = (
        b.iter().rev().copied().collect(),
        a.iter().rev().copied().collect(),
    );
    assert_eq!(merge_limits(&ra, &rb, true, false), [0, 1, 128, 129]);
}
