//! The Hopper GEMM that `notebooks/08-hopper-gemm.ipynb` and the playground's "Hopper GEMM"
//! lesson build (`notebooks/08-hopper-gemm.ptx`): a TMA + wgmma kernel and the plain tiled
//! GEMM, on inputs that make both exact (small integers in f16, whose products and sums no
//! f32 rounding touches), so the tensor cores' answer must equal the tiled kernel's and the
//! CPU's bit for bit; and the tensor maps the lesson shows, with the mistakes a learner makes.

use cuda_library::{
    launch, timing, BackendKind, Context, Device, DeviceBuffer, LaunchConfig, Library,
    LibraryOptions, Stream, TensorMap, TensorMapDataType, TensorMapDesc, TensorMapSwizzle,
};

/// The kernels the notebook and the lesson run.
const PTX: &str = include_str!("../../notebooks/08-hopper-gemm.ptx");

/// The binary16 bits of a small integer (|v| < 2048), exactly.
fn f16_bits(v: i32) -> u16 {
    if v == 0 {
        return 0;
    }
    let sign = if v < 0 { 0x8000 } else { 0 };
    let a = v.unsigned_abs();
    let e = 31 - a.leading_zeros();
    let mantissa = (a << (10 - e)) & 0x3ff;
    sign | ((e + 15) << 10) as u16 | mantissa as u16
}

/// `rows x cols` small integers in `[-4, 4]`, from a fixed seed.
fn ints(rows: usize, cols: usize, seed: u64) -> Vec<i32> {
    let mut s = seed;
    (0..rows * cols)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 9) as i32 - 4
        })
        .collect()
}

/// `C = A * Bt^T` over integers: A is `m x k`, Bt is `n x k`, both row-major.
fn reference(a: &[i32], bt: &[i32], (m, n, k): (usize, usize, usize)) -> Vec<f32> {
    (0..m * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (0..k).map(|x| a[r * k + x] * bt[c * k + x]).sum::<i32>() as f32
        })
        .collect()
}

/// A map moving 64 x 64 boxes of a row-major `rows x k` f16 matrix, with the 128-byte
/// swizzle wgmma's descriptors read.
fn map(buf: &DeviceBuffer<u16>, rows: usize, k: usize) -> cuda_library::Result<TensorMap> {
    let plain = TensorMap::tiled(
        buf,
        TensorMapDataType::F16,
        &[k as u64, rows as u64],
        &[64, 64],
    )?;
    let mut desc = *plain.desc();
    desc.swizzle = TensorMapSwizzle::B128;
    TensorMap::new(buf, &desc)
}

struct Gemm {
    ctx: Context,
    stream: Stream,
    lib: Library,
}

fn setup() -> Gemm {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let stream = ctx.create_stream().unwrap();
    let lib = Library::load_data(PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    Gemm { ctx, stream, lib }
}

impl Gemm {
    /// Both kernels on the same inputs: (tiled, TMA + wgmma) results.
    fn run(&self, a: &[i32], bt: &[i32], (m, n, k): (usize, usize, usize)) -> (Vec<f32>, Vec<f32>) {
        let enc = |v: &[i32]| v.iter().map(|&x| f16_bits(x)).collect::<Vec<u16>>();
        let da = self.ctx.htod(&enc(a)).unwrap();
        let dbt = self.ctx.htod(&enc(bt)).unwrap();
        let (amap, bmap) = (map(&da, m, k).unwrap(), map(&dbt, n, k).unwrap());
        let s = &self.stream;
        let tiled = self.lib.get_kernel("gemm_tiled").unwrap();
        let c1 = self.ctx.alloc_zeroed::<f32>(m * n).unwrap();
        let cfg = LaunchConfig::new((n as u32 / 16, m as u32 / 16, 1), (16, 16, 1));
        launch!(tiled, s, &cfg, da, dbt, c1, n as u32, k as u32).unwrap();
        let wg = self.lib.get_kernel("gemm_tma_wgmma").unwrap();
        let c2 = self.ctx.alloc_zeroed::<f32>(m * n).unwrap();
        let cfg = LaunchConfig::new((n as u32 / 64, m as u32 / 64, 1), 128);
        launch!(wg, s, &cfg, &amap, &bmap, c2, n as u32, k as u32).unwrap();
        s.synchronize().unwrap();
        (c1.to_vec().unwrap(), c2.to_vec().unwrap())
    }
}

#[test]
fn tma_wgmma_gemm_equals_the_tiled_gemm_and_the_cpu_bit_for_bit() {
    let g = setup();
    for (m, n, k) in [(64, 64, 64), (128, 192, 128), (256, 128, 256)] {
        let a = ints(m, k, 1 + m as u64);
        let bt = ints(n, k, 2 + n as u64);
        let want = reference(&a, &bt, (m, n, k));
        let (tiled, wgmma) = g.run(&a, &bt, (m, n, k));
        let differ = |got: &[f32]| {
            got.iter()
                .zip(&want)
                .filter(|(g, w)| g.to_bits() != w.to_bits())
                .count()
        };
        assert_eq!(differ(&tiled), 0, "tiled {m}x{n}x{k}");
        assert_eq!(differ(&wgmma), 0, "TMA + wgmma {m}x{n}x{k}");
    }
}

#[test]
fn the_cost_model_prices_both_gemms() {
    let g = setup();
    let (m, n, k) = (256, 256, 256);
    let enc = |v: &[i32]| v.iter().map(|&x| f16_bits(x)).collect::<Vec<u16>>();
    let da = g.ctx.htod(&enc(&ints(m, k, 3))).unwrap();
    let dbt = g.ctx.htod(&enc(&ints(n, k, 4))).unwrap();
    let (amap, bmap) = (map(&da, m, k).unwrap(), map(&dbt, n, k).unwrap());
    let c = g.ctx.alloc_zeroed::<f32>(m * n).unwrap();
    let s = &g.stream;
    let tiled = g.lib.get_kernel("gemm_tiled").unwrap();
    let wg = g.lib.get_kernel("gemm_tma_wgmma").unwrap();
    let cfg = LaunchConfig::new((n as u32 / 16, m as u32 / 16, 1), (16, 16, 1));
    let p1 = timing::profile(s, || {
        launch!(tiled, s, &cfg, da, dbt, c, n as u32, k as u32)
    })
    .unwrap();
    let cfg = LaunchConfig::new((n as u32 / 64, m as u32 / 64, 1), 128);
    let p2 = timing::profile(s, || {
        launch!(wg, s, &cfg, &amap, &bmap, c, n as u32, k as u32)
    })
    .unwrap();
    // The notebook's claim: at 256 x 256 x 256 the tensor-core kernel is the faster one in
    // the cost model. Compared on the model's account of each launch, which no other test's
    // work on the shared simulated GPU can lengthen.
    assert!(p1.simulated && p2.simulated);
    let model_ns = |p: &timing::Profile| p.launch.as_ref().map(|l| l.time.total_ns);
    let (Some(tiled_ns), Some(wgmma_ns)) = (model_ns(&p1), model_ns(&p2)) else {
        panic!("both launches were profiled by the simulator")
    };
    assert!(
        wgmma_ns < tiled_ns,
        "TMA + wgmma {wgmma_ns} ns, tiled {tiled_ns} ns"
    );
}

#[test]
fn a_map_wgmma_cannot_read_is_refused_with_the_rule() {
    let g = setup();
    let buf = g.ctx.alloc_zeroed::<u16>(128 * 128).unwrap();
    // 128 f16 a row are 256 bytes: more than the 128-byte swizzle span.
    let mut desc = TensorMapDesc::tiled(
        TensorMapDataType::F16,
        buf.as_raw(),
        &[128, 128],
        &[128, 64],
    )
    .unwrap();
    desc.swizzle = TensorMapSwizzle::B128;
    let e = TensorMap::new(&buf, &desc).unwrap_err();
    assert!(e.to_string().contains("swizzle span"), "{e}");
    // A box of A past the end of the buffer the map describes.
    let small = g.ctx.alloc_zeroed::<u16>(64 * 64).unwrap();
    assert!(map(&small, 128, 64).is_err());
}

/// Warp instructions over the mix's classes.
fn mix_total(s: &cuda_library::sim::Stats) -> u64 {
    let m = &s.mix;
    m.integer + m.fp32 + m.fp64 + m.half + m.sfu + m.memory + m.control + m.tensor
}

#[test]
fn the_profiles_count_tma_traffic_and_tensor_work_apart_from_a_mix_of_100_percent() {
    let g = setup();
    let (m, n, k) = (256usize, 256usize, 256usize);
    let enc = |v: &[i32]| v.iter().map(|&x| f16_bits(x)).collect::<Vec<u16>>();
    let da = g.ctx.htod(&enc(&ints(m, k, 5))).unwrap();
    let dbt = g.ctx.htod(&enc(&ints(n, k, 6))).unwrap();
    let (amap, bmap) = (map(&da, m, k).unwrap(), map(&dbt, n, k).unwrap());
    let c = g.ctx.alloc_zeroed::<f32>(m * n).unwrap();
    let s = &g.stream;
    let stats = |p: timing::Profile| p.launch.expect("the simulator profiled it").stats;
    let wg = g.lib.get_kernel("gemm_tma_wgmma").unwrap();
    let cfg = LaunchConfig::new((n as u32 / 64, m as u32 / 64, 1), 128);
    let profiled = timing::profile(s, || {
        launch!(wg, s, &cfg, &amap, &bmap, c, n as u32, k as u32)
    })
    .unwrap();
    // Per line: the two `cp.async.bulk.tensor` lines, 64 copies each.
    let lines = &profiled.launch.as_ref().expect("profiled").lines;
    let copying: Vec<(u64, u64)> = lines
        .iter()
        .filter(|l| l.bulk_requests > 0)
        .map(|l| (l.bulk_requests, l.bulk_sectors))
        .collect();
    assert_eq!(copying, [(64, 64 * 256), (64, 64 * 256)]);
    let w = stats(profiled);
    // 16 blocks, each 4 steps of K, each step a 64 x 64 f16 box of A and one of Bt: 128
    // copies of 64 rows of 128 bytes (4 sectors).
    assert_eq!(
        (w.bulk_loads.requests, w.bulk_loads.sectors),
        (128, 128 * 256)
    );
    assert_eq!(w.bulk_stores.requests, 0);
    // Read once from device memory at most: A and Bt, 128 KiB each.
    assert_eq!(w.global_footprint, 2 * 256 * 256 * 2 + 256 * 256 * 4);
    // Each of the 4 warps of 16 blocks issues 16 wgmma m64n64k16: 1024 issues in the mix,
    // each a warp's 16 rows (2 * 16 * 64 * 16 operations, 8 m16n8 tiles); all of them
    // together are the GEMM's 2 * M * N * K.
    assert_eq!(w.mix.tensor, 1024);
    assert_eq!(w.tensor.pipe_issues, 1024 * 8);
    assert_eq!(w.tensor.ops, 2 * (m * n * k) as u64);
    assert_eq!(mix_total(&w), w.warp_instructions, "{:?}", w.mix);

    let tiled = g.lib.get_kernel("gemm_tiled").unwrap();
    let cfg = LaunchConfig::new((n as u32 / 16, m as u32 / 16, 1), (16, 16, 1));
    let t = stats(
        timing::profile(s, || {
            launch!(tiled, s, &cfg, da, dbt, c, n as u32, k as u32)
        })
        .unwrap(),
    );
    assert_eq!(mix_total(&t), t.warp_instructions, "{:?}", t.mix);
    assert_eq!(
        (t.bulk_loads.requests, t.tensor.ops, t.mix.tensor),
        (0, 0, 0)
    );

    // The notebook's `tma_tile`: one 64 x 64 box, then 128 threads copy its 8 KiB out.
    let tile = g.lib.get_kernel("tma_tile").unwrap();
    let out = g.ctx.alloc_zeroed::<u16>(64 * 64).unwrap();
    let one = LaunchConfig::new(1, 128);
    let cmap = map(&da, m, k).unwrap();
    let p = stats(timing::profile(s, || launch!(tile, s, &one, &cmap, out, 0u32, 0u32)).unwrap());
    assert_eq!((p.bulk_loads.requests, p.bulk_loads.sectors), (1, 256));
    assert_eq!(
        p.global_stores.sectors, 256,
        "the copy out: 8 KiB in whole sectors"
    );
    assert_eq!(mix_total(&p), p.warp_instructions, "{:?}", p.mix);
}

#[test]
fn the_rendered_profile_says_wgmma_and_tma_times_are_not_calibrated() {
    let g = setup();
    let (m, n, k) = (64usize, 64usize, 64usize);
    let enc = |v: &[i32]| v.iter().map(|&x| f16_bits(x)).collect::<Vec<u16>>();
    let da = g.ctx.htod(&enc(&ints(m, k, 7))).unwrap();
    let dbt = g.ctx.htod(&enc(&ints(n, k, 8))).unwrap();
    let (amap, bmap) = (map(&da, m, k).unwrap(), map(&dbt, n, k).unwrap());
    let c = g.ctx.alloc_zeroed::<f32>(m * n).unwrap();
    let s = &g.stream;
    let wg = g.lib.get_kernel("gemm_tma_wgmma").unwrap();
    let one = LaunchConfig::new(1, 128);
    let p = timing::profile(s, || {
        launch!(wg, s, &one, &amap, &bmap, c, n as u32, k as u32)
    })
    .unwrap();
    let html = p.to_html().unwrap();
    assert!(
        html.contains("tensor-core work (wgmma, mma) and TMA copies is an estimate, not yet calibrated against an H100"),
        "{html}"
    );
    assert!(html.contains("bulk copies (TMA)"), "{html}");
    // A kernel with neither says nothing of it.
    let tiled = g.lib.get_kernel("gemm_tiled").unwrap();
    let cfg = LaunchConfig::new((4, 4, 1), (16, 16, 1));
    let p = timing::profile(s, || {
        launch!(tiled, s, &cfg, da, dbt, c, n as u32, k as u32)
    })
    .unwrap();
    assert!(!p.to_html().unwrap().contains("calibrated against an H100"));
}

/// The cost model's times for the launches that will calibrate its tensor-pipe and TMA rows
/// (`tests/common/hopper_timing.rs`), beside the GPU's where a recording is checked in
/// (the cost-model guide, "Not yet calibrated"). Only the cases small enough to simulate in
/// a test run; the others print their GPU time alone.
#[test]
fn the_models_times_for_the_hopper_calibration_launches() {
    use crate::common::hopper_timing;
    let g = setup();
    let lib =
        Library::load_data(hopper_timing::PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(hopper_timing::RECORDED);
    let recorded: Option<serde_json::Value> = std::fs::read_to_string(&path)
        .ok()
        .map(|text| serde_json::from_str(&text).expect("the recording is JSON"));
    for case in hopper_timing::cases() {
        let gpu = recorded
            .as_ref()
            .map(|r| r["ms"][case.name].as_f64().expect("every case recorded"));
        let model = (case.n <= 256).then(|| hopper_timing::time(&g.ctx, &lib, &case, 1));
        if let Some(ms) = model {
            assert!(ms > 0.0, "{}: {ms} ms", case.name);
        }
        println!("{:<24} model {:?} ms, GPU {:?} ms", case.name, model, gpu);
    }
}
