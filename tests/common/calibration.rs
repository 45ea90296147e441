//! The cost model's calibration set: pairs of launches of `calibration.cu` that differ in one
//! performance property, and a runner that times a launch with events on whichever backend
//! is current (measured on a GPU, simulated on the simulator). `tests/gpu/calibration.rs`
//! records the GPU's times into `calibration.<gpu>.json`; `tests/sim_calibration.rs` checks
//! the simulator against them.

#![allow(dead_code)]

use cuda_library::{
    timing, Context, DeviceBuffer, Event, KernelArg, LaunchConfig, Library, Stream,
};
use std::collections::BTreeMap;

/// The PTX (compute_80) both backends run, from `calibration.cu`.
pub const PTX: &str = include_str!("../fixtures/calibration.ptx");

/// A buffer argument: its length in 4-byte words and how it starts.
#[derive(Clone, Copy, Debug)]
pub enum Init {
    Zero,
    /// `next[i] = (i + step) % len`: a chain to chase.
    Chain {
        step: u32,
    },
    /// `1.0` everywhere (as `f32` bits).
    Ones,
}

/// One argument of a case.
#[derive(Clone, Copy, Debug)]
pub enum Arg {
    /// A device buffer of this many 4-byte words.
    Buffer(usize, Init),
    I32(i32),
}

/// One timed launch.
#[derive(Clone, Debug)]
pub struct Case {
    /// Unique name, the key of the recorded times.
    pub name: &'static str,
    pub kernel: &'static str,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared: u32,
    pub args: Vec<Arg>,
}

/// Two cases that differ in one property; `slow` is the one the property makes slower on
/// the GPU (checked against the recording, not assumed).
#[derive(Clone, Debug)]
pub struct Pair {
    pub property: &'static str,
    pub slow: &'static str,
    pub fast: &'static str,
}

fn case(
    name: &'static str,
    kernel: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<Arg>,
) -> Case {
    Case {
        name,
        kernel,
        grid,
        block,
        shared: 0,
        args,
    }
}

use Arg::{Buffer, I32};

/// Every case, the pairs' and the empty launch.
pub fn cases() -> Vec<Case> {
    const N: usize = 1 << 22; // copies
    const M: i32 = 512; // matmul
    const T: i32 = 2048; // transpose
    let mm = (M * M) as usize;
    let tt = (T * T) as usize;
    let threads = 132 * 2048; // one full wave of an H100
    let copy = |name, n: usize, stride: i32, offset: i32| {
        case(
            name,
            "copy",
            [(n / 256) as u32, 1, 1],
            [256, 1, 1],
            vec![
                Buffer(n, Init::Zero),
                Buffer(n * stride as usize + 32, Init::Ones),
                I32(n as i32),
                I32(stride),
                I32(offset),
            ],
        )
    };
    let matmul = |name, kernel, grid: u32| {
        case(
            name,
            kernel,
            [grid, grid, 1],
            [16, 16, 1],
            vec![
                Buffer(mm, Init::Zero),
                Buffer(mm, Init::Ones),
                Buffer(mm, Init::Ones),
                I32(M),
            ],
        )
    };
    let flat = |name, kernel, n: u32, args: Vec<Arg>| {
        case(name, kernel, [n / 256, 1, 1], [256, 1, 1], args)
    };
    let chase = |name, shared: u32| Case {
        shared,
        ..case(
            name,
            "chase",
            [threads / 256, 1, 1],
            [256, 1, 1],
            vec![
                Buffer(threads as usize, Init::Zero),
                Buffer(1 << 24, Init::Chain { step: 1_000_003 }),
                I32(64),
            ],
        )
    };
    vec![
        case("empty", "empty", [1, 1, 1], [32, 1, 1], vec![]),
        copy("copy_coalesced", N, 1, 0),
        copy("copy_strided", N, 8, 0),
        copy("copy_misaligned", N, 1, 1),
        case(
            "transpose_conflicts",
            "transpose_conflicts",
            [64, 64, 1],
            [32, 8, 1],
            vec![Buffer(tt, Init::Zero), Buffer(tt, Init::Ones), I32(T)],
        ),
        case(
            "transpose_padded",
            "transpose_padded",
            [64, 64, 1],
            [32, 8, 1],
            vec![Buffer(tt, Init::Zero), Buffer(tt, Init::Ones), I32(T)],
        ),
        matmul("matmul_naive", "matmul_naive", (M / 16) as u32),
        matmul("matmul_tiled", "matmul_tiled", (M / 16) as u32),
        matmul("matmul_blocked", "matmul_blocked", (M / 32) as u32),
        flat(
            "branches_divergent",
            "branches",
            1 << 20,
            vec![Buffer(1 << 20, Init::Zero), I32(256), I32(1)],
        ),
        flat(
            "branches_uniform",
            "branches",
            1 << 20,
            vec![Buffer(1 << 20, Init::Zero), I32(256), I32(0)],
        ),
        flat(
            "atomics_one_address",
            "atomics",
            1 << 20,
            vec![Buffer(1 << 20, Init::Zero), I32(1 << 20), I32(1)],
        ),
        flat(
            "atomics_spread",
            "atomics",
            1 << 20,
            vec![Buffer(1 << 20, Init::Zero), I32(1 << 20), I32(1 << 20)],
        ),
        flat(
            "fma_f32",
            "fma_f32",
            1 << 18,
            vec![Buffer(1 << 18, Init::Zero), I32(256)],
        ),
        flat(
            "fma_f64",
            "fma_f64",
            1 << 18,
            vec![Buffer(1 << 19, Init::Zero), I32(256)],
        ),
        flat(
            "fma_h2",
            "fma_h2",
            1 << 18,
            vec![Buffer(1 << 18, Init::Zero), I32(256)],
        ),
        flat(
            "sine_accurate",
            "sine",
            1 << 17,
            vec![Buffer(1 << 17, Init::Zero), I32(64), I32(0)],
        ),
        flat(
            "sine_fast",
            "sine",
            1 << 17,
            vec![Buffer(1 << 17, Init::Zero), I32(64), I32(1)],
        ),
        flat(
            "intensity_low",
            "intensity",
            1 << 20,
            vec![
                Buffer(1 << 20, Init::Zero),
                Buffer(1 << 20, Init::Ones),
                I32(1 << 20),
                I32(4),
            ],
        ),
        flat(
            "intensity_high",
            "intensity",
            1 << 20,
            vec![
                Buffer(1 << 20, Init::Zero),
                Buffer(1 << 20, Init::Ones),
                I32(1 << 20),
                I32(128),
            ],
        ),
        chase("occupancy_full", 0),
        chase("occupancy_shared_limited", 100 * 1024),
        Case {
            shared: 4096,
            ..case(
                "tail_one_wave",
                "wave",
                [264, 1, 1],
                [1024, 1, 1],
                vec![Buffer(265 * 1024, Init::Zero), I32(512)],
            )
        },
        Case {
            shared: 4096,
            ..case(
                "tail_extra_block",
                "wave",
                [265, 1, 1],
                [1024, 1, 1],
                vec![Buffer(265 * 1024, Init::Zero), I32(512)],
            )
        },
    ]
}

/// The pairs (names of [`cases`]).
pub fn pairs() -> Vec<Pair> {
    let p = |property, slow, fast| Pair {
        property,
        slow,
        fast,
    };
    vec![
        p(
            "coalescing: stride-8 vs unit-stride copy",
            "copy_strided",
            "copy_coalesced",
        ),
        p(
            "alignment: copy misaligned by one float",
            "copy_misaligned",
            "copy_coalesced",
        ),
        p(
            "bank conflicts: shared transpose, 32 vs 33 columns",
            "transpose_conflicts",
            "transpose_padded",
        ),
        p(
            "tiling: naive vs 16x16 shared-tile matmul",
            "matmul_naive",
            "matmul_tiled",
        ),
        p(
            "register blocking: 16x16 tiles vs 32x32 tiles, 2x2 per thread",
            "matmul_tiled",
            "matmul_blocked",
        ),
        p(
            "divergence: branch on lane vs on warp",
            "branches_divergent",
            "branches_uniform",
        ),
        p(
            "atomic contention: one address vs one each",
            "atomics_one_address",
            "atomics_spread",
        ),
        p("fp64 vs fp32 multiply-add", "fma_f64", "fma_f32"),
        p("fp32 vs half2 multiply-add", "fma_f32", "fma_h2"),
        p(
            "special functions: sinf vs __sinf",
            "sine_accurate",
            "sine_fast",
        ),
        p(
            "intensity: 128 vs 4 multiply-adds per float read",
            "intensity_high",
            "intensity_low",
        ),
        p(
            "occupancy: 100 KiB of shared memory per block",
            "occupancy_shared_limited",
            "occupancy_full",
        ),
        p(
            "tail: one block more than a full wave",
            "tail_extra_block",
            "tail_one_wave",
        ),
    ]
}

/// One launch of `case` on `stream`, profiled with `timing::profile`.
pub fn profile(ctx: &Context, lib: &Library, case: &Case, stream: &Stream) -> timing::Profile {
    let prepared = prepare(ctx, lib, case);
    let kernel = lib.get_kernel(case.kernel).expect("kernel");
    let args = prepared.args();
    timing::profile(stream, || kernel.launch(stream, &prepared.config, &args))
        .unwrap_or_else(|e| panic!("{}: {e}", case.name))
        .with_label(case.name)
}

/// A case's buffers and launch configuration.
pub struct Prepared {
    buffers: Vec<DeviceBuffer<u32>>,
    ints: Vec<i32>,
    order: Vec<bool>,
    pub config: LaunchConfig,
}

impl Prepared {
    /// The kernel arguments, in order.
    pub fn args(&self) -> Vec<KernelArg<'_>> {
        let (mut b, mut i) = (0, 0);
        let mut args = Vec::new();
        for &is_buffer in &self.order {
            if is_buffer {
                args.push(KernelArg::from_ref(&self.buffers[b]));
                b += 1;
            } else {
                args.push(KernelArg::of(&self.ints[i]));
                i += 1;
            }
        }
        args
    }
}

/// Allocates and fills `case`'s buffers and opts its kernel in to the shared memory it
/// asks for.
pub fn prepare(ctx: &Context, lib: &Library, case: &Case) -> Prepared {
    let kernel = lib.get_kernel(case.kernel).expect("kernel");
    if case.shared > 48 * 1024 {
        let device = cuda_library::Device::new(ctx.device_ordinal()).expect("device");
        kernel
            .set_attribute(
                cuda_library::KernelAttribute::MaxDynamicSharedSizeBytes,
                case.shared as i32,
                &device,
            )
            .expect("opt in to more shared memory");
    }
    let mut buffers: Vec<DeviceBuffer<u32>> = Vec::new();
    let (mut ints, mut order) = (Vec::new(), Vec::new());
    for a in &case.args {
        match *a {
            Arg::Buffer(len, init) => {
                let host: Vec<u32> = match init {
                    Init::Zero => vec![0; len],
                    Init::Ones => vec![1.0f32.to_bits(); len],
                    Init::Chain { step } => (0..len as u64)
                        .map(|i| ((i + step as u64) % len as u64) as u32)
                        .collect(),
                };
                buffers.push(ctx.htod(&host).expect("buffer"));
                order.push(true);
            }
            Arg::I32(v) => {
                ints.push(v);
                order.push(false);
            }
        }
    }
    let [gx, gy, gz] = case.grid;
    let [bx, by, bz] = case.block;
    let config = LaunchConfig::new((gx, gy, gz), (bx, by, bz)).with_shared_mem(case.shared);
    Prepared {
        buffers,
        ints,
        order,
        config,
    }
}

/// Median milliseconds of `runs` launches of `case` (each between two events), after a
/// warm-up launch on a GPU.
pub fn time(ctx: &Context, lib: &Library, case: &Case, runs: usize) -> f64 {
    let prepared = prepare(ctx, lib, case);
    let kernel = lib.get_kernel(case.kernel).expect("kernel");
    let args = prepared.args();
    let stream: Stream = ctx.create_stream().expect("stream");
    median_ms(ctx, &stream, case.name, runs, || {
        kernel.launch(&stream, &prepared.config, &args)
    })
}

/// Median milliseconds of `runs` calls of `once` on `stream`, each between two events, after
/// a warm-up call on a GPU (the simulator has nothing to warm up). `name` labels a failure.
pub fn median_ms(
    ctx: &Context,
    stream: &Stream,
    name: &str,
    runs: usize,
    mut once: impl FnMut() -> cuda_library::Result<()>,
) -> f64 {
    let (start, end) = (
        Event::new(ctx).expect("event"),
        Event::new(ctx).expect("event"),
    );
    let mut times = Vec::new();
    let first = if start.is_simulated() { 1 } else { 0 };
    for run in first..=runs {
        start.record(stream).expect("record");
        once().unwrap_or_else(|e| panic!("{name}: {e}"));
        end.record(stream).expect("record");
        let ms = end.elapsed_ms_since(&start).expect("elapsed") as f64;
        if run > 0 {
            times.push(ms);
        }
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The recorded GPU times: case name to milliseconds.
pub fn recorded(json: &str) -> BTreeMap<String, f64> {
    let v: serde_json::Value = serde_json::from_str(json).expect("recording is JSON");
    v["ms"]
        .as_object()
        .expect("an `ms` object")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_f64().expect("a number")))
        .collect()
}

/// Launches the cost model was not fitted on: the calibration kernels at other sizes, block
/// shapes, strides, contention and occupancy. Recorded on the GPU with the calibration set;
/// the simulator's times for them are reported, not tuned for.
pub fn held_out() -> Vec<Case> {
    let copy = |name, n: usize, stride: i32| {
        case(
            name,
            "copy",
            [(n / 256) as u32, 1, 1],
            [256, 1, 1],
            vec![
                Buffer(n, Init::Zero),
                Buffer(n * stride as usize + 32, Init::Ones),
                I32(n as i32),
                I32(stride),
                I32(0),
            ],
        )
    };
    let transpose = |name, kernel, t: i32| {
        let tt = (t * t) as usize;
        case(
            name,
            kernel,
            [(t / 32) as u32, (t / 32) as u32, 1],
            [32, 8, 1],
            vec![Buffer(tt, Init::Zero), Buffer(tt, Init::Ones), I32(t)],
        )
    };
    let matmul = |name, kernel, m: i32, tile: i32| {
        let mm = (m * m) as usize;
        case(
            name,
            kernel,
            [(m / tile) as u32, (m / tile) as u32, 1],
            [16, 16, 1],
            vec![
                Buffer(mm, Init::Zero),
                Buffer(mm, Init::Ones),
                Buffer(mm, Init::Ones),
                I32(m),
            ],
        )
    };
    let fma = |name, kernel, threads: u32, block: u32, words: usize| {
        case(
            name,
            kernel,
            [threads / block, 1, 1],
            [block, 1, 1],
            vec![Buffer(words, Init::Zero), I32(256)],
        )
    };
    let threads = 132 * 2048;
    let chase = |name, shared: u32| Case {
        shared,
        ..case(
            name,
            "chase",
            [threads / 256, 1, 1],
            [256, 1, 1],
            vec![
                Buffer(threads as usize, Init::Zero),
                Buffer(1 << 24, Init::Chain { step: 1_000_003 }),
                I32(64),
            ],
        )
    };
    let atomics = |name, slots: i32| {
        case(
            name,
            "atomics",
            [(1 << 20) / 256, 1, 1],
            [256, 1, 1],
            vec![Buffer(1 << 20, Init::Zero), I32(1 << 20), I32(slots)],
        )
    };
    let wave = |name, blocks: u32| Case {
        shared: 4096,
        ..case(
            name,
            "wave",
            [blocks, 1, 1],
            [1024, 1, 1],
            vec![Buffer(blocks as usize * 1024, Init::Zero), I32(512)],
        )
    };
    vec![
        copy("copy_1m", 1 << 20, 1),
        copy("copy_16m", 1 << 24, 1),
        copy("copy_stride_2", 1 << 22, 2),
        copy("copy_stride_4", 1 << 22, 4),
        transpose("transpose_conflicts_1k", "transpose_conflicts", 1024),
        transpose("transpose_padded_4k", "transpose_padded", 4096),
        matmul("matmul_naive_256", "matmul_naive", 256, 16),
        matmul("matmul_tiled_768", "matmul_tiled", 768, 16),
        matmul("matmul_blocked_1024", "matmul_blocked", 1024, 32),
        fma("fma_f32_block_64", "fma_f32", 1 << 18, 64, 1 << 18),
        fma("fma_f32_block_1024", "fma_f32", 1 << 18, 1024, 1 << 18),
        fma("fma_f64_1m", "fma_f64", 1 << 20, 256, 1 << 21),
        atomics("atomics_32_addresses", 32),
        atomics("atomics_4096_addresses", 4096),
        chase("occupancy_48k_shared", 48 * 1024),
        wave("tail_two_waves_and_one", 529),
    ]
}
