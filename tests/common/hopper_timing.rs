//! The launches that calibrate the cost model's tensor-pipe and bulk-copy (TMA) rows, which
//! the compute_80 calibration set (`calibration.rs`) cannot: notebook 08's kernels
//! (`notebooks/08-hopper-gemm.ptx`), timed with events on whichever backend is current.
//! `tests/gpu/hopper_timing.rs` records the GPU's times (`CUDA_LIBRARY_RECORD_HOPPER=path`,
//! to check in as `tests/fixtures/calibration.hopper.h100.json`); `tests/sim/hopper_gemm.rs`
//! prints the model's beside them. The cost-model guide's "Not yet calibrated" section says
//! how the rows are then fitted.

use cuda_library::{
    launch, Context, LaunchConfig, Library, Stream, TensorMap, TensorMapDataType, TensorMapSwizzle,
};

/// The kernels timed (the notebook's and the playground lesson's).
pub const PTX: &str = include_str!("../../notebooks/08-hopper-gemm.ptx");

/// Where a recording of the GPU's times is kept, relative to the repository.
pub const RECORDED: &str = "tests/fixtures/calibration.hopper.h100.json";

/// One timed launch: `kernel` on an `n x n x n` problem (`tma_tile`: one 64 x 64 box).
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// Unique name, the key of the recorded times.
    pub name: &'static str,
    pub kernel: &'static str,
    pub n: usize,
}

/// Every case; those with `n` above `sim_max` take too long to simulate in a test.
pub fn cases() -> Vec<Case> {
    let c = |name, kernel, n| Case { name, kernel, n };
    vec![
        c("tma_tile", "tma_tile", 64),
        c("gemm_tiled_256", "gemm_tiled", 256),
        c("gemm_tma_wgmma_256", "gemm_tma_wgmma", 256),
        c("gemm_tiled_1024", "gemm_tiled", 1024),
        c("gemm_tma_wgmma_1024", "gemm_tma_wgmma", 1024),
        c("gemm_tma_wgmma_2048", "gemm_tma_wgmma", 2048),
    ]
}

/// A map moving 64 x 64 boxes of a row-major `rows x k` f16 matrix with the 128-byte
/// swizzle (as the notebook builds it).
fn map(buf: &cuda_library::DeviceBuffer<u16>, rows: usize, k: usize) -> TensorMap {
    let plain = TensorMap::tiled(
        buf,
        TensorMapDataType::F16,
        &[k as u64, rows as u64],
        &[64, 64],
    )
    .expect("a 64 x 64 map");
    let mut desc = *plain.desc();
    desc.swizzle = TensorMapSwizzle::B128;
    TensorMap::new(buf, &desc).expect("the swizzled map")
}

/// The median of `runs` launches of `case`, each between two events, after one warm-up
/// launch on a GPU, in milliseconds. The inputs are zeros: the tensor cores take as long
/// whatever the values.
pub fn time(ctx: &Context, lib: &Library, case: &Case, runs: usize) -> f64 {
    let n = case.n;
    let stream: Stream = ctx.create_stream().expect("stream");
    let a = ctx.alloc_zeroed::<u16>(n * n).expect("A");
    let bt = ctx.alloc_zeroed::<u16>(n * n).expect("Bt");
    let c = ctx.alloc_zeroed::<f32>(n * n).expect("C");
    let (amap, bmap) = (map(&a, n, n), map(&bt, n, n));
    let kernel = lib.get_kernel(case.kernel).expect("kernel");
    let dim = n as u32;
    let once = || match case.kernel {
        "tma_tile" => launch!(
            kernel,
            &stream,
            &LaunchConfig::new(1, 128),
            &amap,
            c,
            0u32,
            0u32
        ),
        "gemm_tiled" => {
            let cfg = LaunchConfig::new((dim / 16, dim / 16, 1), (16, 16, 1));
            launch!(kernel, &stream, &cfg, a, bt, c, dim, dim)
        }
        _ => {
            let cfg = LaunchConfig::new((dim / 64, dim / 64, 1), 128);
            launch!(kernel, &stream, &cfg, &amap, &bmap, c, dim, dim)
        }
    };
    super::calibration::median_ms(ctx, &stream, case.name, runs, once)
}
