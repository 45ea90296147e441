//! Thread-block clusters, distributed shared memory and cooperative grid sync
//! (`tests/fixtures/cluster.cu`, compiled by NVRTC to `cluster.ptx` for sm_90): each case a
//! launch of one of its kernels with its shape and inputs. `tests/gpu/cluster.rs` records
//! the GPU's outputs into `tests/fixtures/cluster.gpu.json`; `tests/sim/cluster.rs` runs the
//! same cases on the simulator and compares bit for bit.

#![allow(dead_code)]

use std::collections::BTreeMap;

use cuda_library::{
    launch, Context, Device, DeviceBuffer, Kernel, LaunchConfig, Library, LibraryOptions, Stream,
};

/// The kernels (NVRTC 12.9, `compute_90`).
pub const PTX: &str = include_str!("../fixtures/cluster.ptx");

type Out = Result<Vec<u8>, String>;

/// A case's name and its run.
type Case<'a> = (&'static str, Box<dyn Fn() -> Out + 'a>);

fn s<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// The kernels loaded once, and a stream.
pub struct Cases {
    lib: Library,
    stream: Stream,
}

impl Cases {
    pub fn new(ctx: &Context) -> Result<Cases, String> {
        let lib = Library::load_data(PTX.as_bytes(), &LibraryOptions::default()).map_err(s)?;
        let stream = ctx.create_stream().map_err(s)?;
        Ok(Cases { lib, stream })
    }

    fn kernel(&self, name: &str) -> Result<Kernel, String> {
        self.lib.get_kernel(name).map_err(s)
    }

    fn finish<T: cuda_library::DeviceRepr + Default + Clone>(
        &self,
        r: cuda_library::Result<()>,
        bufs: &[&DeviceBuffer<T>],
    ) -> Out {
        r.and_then(|_| self.stream.synchronize()).map_err(s)?;
        let mut bytes = Vec::new();
        for b in bufs {
            let v = b.to_vec().map_err(s)?;
            bytes.extend_from_slice(as_bytes(&v));
        }
        Ok(bytes)
    }

    /// `cluster_sregs` over `grid` in blocks of `block` threads, in clusters of `cluster`.
    pub fn sregs(
        &self,
        ctx: &Context,
        grid: [u32; 3],
        block: u32,
        cluster: Option<[u32; 3]>,
    ) -> Out {
        self.sregs_of("cluster_sregs", ctx, (grid, block), cluster)
    }

    /// [`sregs`](Self::sregs) of kernel `name` (`cluster_sregs_fixed` declares clusters of
    /// 2).
    pub fn sregs_of(
        &self,
        name: &str,
        ctx: &Context,
        (grid, block): ([u32; 3], u32),
        cluster: Option<[u32; 3]>,
    ) -> Out {
        let f = self.kernel(name)?;
        let threads = (grid.iter().product::<u32>() * block) as usize;
        let out = ctx.alloc_zeroed::<u32>(threads * 20).map_err(s)?;
        let mut cfg = LaunchConfig::new((grid[0], grid[1], grid[2]), block);
        if let Some(c) = cluster {
            cfg = cfg.with_cluster((c[0], c[1], c[2]));
        }
        self.finish(launch!(f, &self.stream, &cfg, out), &[&out])
    }

    /// `cluster_sum_f32` over `grid` blocks of `block` threads in clusters of `cluster`.
    pub fn sum_f32(
        &self,
        ctx: &Context,
        grid: [u32; 3],
        block: u32,
        cluster: [u32; 3],
        per_block: u32,
    ) -> Out {
        let f = self.kernel("cluster_sum_f32")?;
        let blocks = grid.iter().product::<u32>();
        let clusters = blocks / cluster.iter().product::<u32>();
        let input = sum_input(blocks, per_block);
        let inp = ctx.htod(&input).map_err(s)?;
        let out = ctx
            .alloc_zeroed::<f32>((clusters + blocks) as usize)
            .map_err(s)?;
        let cfg = LaunchConfig::new((grid[0], grid[1], grid[2]), block)
            .with_cluster((cluster[0], cluster[1], cluster[2]));
        self.finish(launch!(f, &self.stream, &cfg, inp, out, per_block), &[&out])
    }

    /// `cluster_dsmem_ptx` over `blocks` blocks of `block` threads in clusters of `cluster`.
    pub fn dsmem_ptx(&self, ctx: &Context, blocks: u32, block: u32, cluster: u32) -> Out {
        let f = self.kernel("cluster_dsmem_ptx")?;
        let mut rng = Rng(0xd5 ^ blocks as u64);
        let input: Vec<u32> = (0..blocks * block)
            .map(|_| (rng.next() % 1000) as u32)
            .collect();
        let inp = ctx.htod(&input).map_err(s)?;
        let out = ctx.alloc_zeroed::<u32>((blocks * 24) as usize).map_err(s)?;
        let cfg = LaunchConfig::new(blocks, block).with_cluster(cluster);
        self.finish(launch!(f, &self.stream, &cfg, inp, out), &[&out])
    }

    /// The Programming Guide's histogram: `nbins` bins over `cluster` blocks' shared memory.
    pub fn histogram(
        &self,
        ctx: &Context,
        blocks: u32,
        block: u32,
        cluster: u32,
        nbins: i32,
        n: usize,
    ) -> Out {
        let f = self.kernel("cluster_histogram")?;
        let bins_per_block = nbins / cluster as i32;
        let input = histogram_input(n, nbins);
        let inp = ctx.htod(&input).map_err(s)?;
        let bins = ctx.alloc_zeroed::<i32>(nbins as usize).map_err(s)?;
        let cfg = LaunchConfig::new(blocks, block)
            .with_cluster(cluster)
            .with_shared_mem(bins_per_block as u32 * 4);
        let r = launch!(
            f,
            &self.stream,
            &cfg,
            bins,
            nbins,
            bins_per_block,
            inp,
            n as u64
        );
        self.finish(r, &[&bins])
    }

    /// `grid_sync_sum` in a cooperative launch of `blocks` blocks of `block` threads.
    /// (`shared` bytes of dynamic shared memory, unused, to lower the occupancy).
    pub fn grid_sync_sum(
        &self,
        ctx: &Context,
        (blocks, block, shared): (u32, u32, u32),
        per_block: u32,
        rounds: u32,
    ) -> Out {
        let f = self.kernel("grid_sync_sum")?;
        let input = grid_sync_input(blocks, per_block);
        let inp = ctx.htod(&input).map_err(s)?;
        let partial = ctx.alloc_zeroed::<f32>(blocks as usize).map_err(s)?;
        let out = ctx
            .alloc_zeroed::<f32>(1 + 3 * blocks as usize)
            .map_err(s)?;
        let cfg = LaunchConfig::new(blocks, block)
            .with_cooperative(true)
            .with_shared_mem(shared);
        let r = launch!(f, &self.stream, &cfg, inp, partial, out, per_block, rounds);
        self.finish(r, &[&out, &partial])
    }

    /// `grid_and_cluster`: a cooperative launch in clusters.
    pub fn grid_and_cluster(&self, ctx: &Context, blocks: u32, block: u32, cluster: u32) -> Out {
        let f = self.kernel("grid_and_cluster")?;
        let scratch = ctx.alloc_zeroed::<u32>(blocks as usize).map_err(s)?;
        let out = ctx.alloc_zeroed::<u32>(blocks as usize).map_err(s)?;
        let cfg = LaunchConfig::new(blocks, block)
            .with_cluster(cluster)
            .with_cooperative(true);
        self.finish(launch!(f, &self.stream, &cfg, scratch, out), &[&out])
    }

    /// The largest cooperative grid of `grid_sync_sum` in blocks of `block` threads with
    /// `shared` bytes of dynamic shared memory (occupancy times multiprocessors), launched at
    /// that size and one block more.
    pub fn cooperative_limit(&self, ctx: &Context, block: u32, shared: u32) -> String {
        let run = || -> Result<String, String> {
            let f = self.kernel("grid_sync_sum")?;
            let per_sm = f
                .max_active_blocks_per_sm(block, shared as usize)
                .map_err(s)?;
            let sms = Device::new(0)
                .and_then(|d| d.properties())
                .map_err(s)?
                .multiprocessor_count as u32;
            let limit = per_sm * sms;
            let mut said = format!("{per_sm} per SM x {sms} SMs = {limit}");
            for blocks in [limit, limit + 1] {
                let r = self.grid_sync_sum(ctx, (blocks, block, shared), 1, 0);
                said += &match r {
                    Ok(bytes) => {
                        // Every block read the same total.
                        let v: Vec<f32> = bytes
                            .chunks(4)
                            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                            .collect();
                        let same =
                            (0..blocks as usize).all(|b| v[2 + 3 * b].to_bits() == v[0].to_bits());
                        format!("; {blocks} blocks: ok (every block saw the total: {same})")
                    }
                    Err(e) => format!("; {blocks} blocks: error {}", error_name(&e)),
                };
            }
            Ok(said)
        };
        run().unwrap_or_else(|e| format!("error: {e}"))
    }
}

/// The `CUDA_ERROR_...` name in an error's text, or the text.
pub fn error_name(text: &str) -> String {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|w| w.starts_with("CUDA_ERROR_"))
        .map_or_else(|| text.to_string(), str::to_string)
}

/// Every case: its name and its output in hex, or `"error: ..."`; and the cooperative limit.
pub fn run_all(ctx: &Context) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let cases = match Cases::new(ctx) {
        Ok(c) => c,
        Err(e) => {
            out.insert("load".to_string(), format!("error: {e}"));
            return out;
        }
    };
    let c = &cases;
    let runs: Vec<Case<'_>> = vec![
        ("sregs_plain", Box::new(|| c.sregs(ctx, [3, 2, 1], 4, None))),
        (
            "sregs_cluster_1",
            Box::new(|| c.sregs(ctx, [3, 2, 1], 4, Some([1, 1, 1]))),
        ),
        (
            "sregs_cluster_4",
            Box::new(|| c.sregs(ctx, [8, 1, 1], 32, Some([4, 1, 1]))),
        ),
        (
            "sregs_cluster_3d",
            Box::new(|| c.sregs(ctx, [4, 2, 2], 4, Some([2, 1, 2]))),
        ),
        (
            "sregs_cluster_2x2",
            Box::new(|| c.sregs(ctx, [4, 6, 1], 2, Some([2, 2, 1]))),
        ),
        (
            "sregs_cluster_16_not_portable",
            Box::new(|| c.sregs(ctx, [16, 1, 1], 32, Some([16, 1, 1]))),
        ),
        (
            "sregs_fixed_2",
            Box::new(|| c.sregs_of("cluster_sregs_fixed", ctx, ([4, 1, 1], 4), None)),
        ),
        (
            "sregs_fixed_2_named",
            Box::new(|| c.sregs_of("cluster_sregs_fixed", ctx, ([4, 1, 1], 4), Some([2, 1, 1]))),
        ),
        (
            "sregs_fixed_2_named_4",
            Box::new(|| c.sregs_of("cluster_sregs_fixed", ctx, ([4, 1, 1], 4), Some([4, 1, 1]))),
        ),
        (
            "sum_f32_c2",
            Box::new(|| c.sum_f32(ctx, [8, 1, 1], 256, [2, 1, 1], 1000)),
        ),
        (
            "sum_f32_c4x1",
            Box::new(|| c.sum_f32(ctx, [8, 2, 1], 128, [4, 1, 1], 777)),
        ),
        (
            "sum_f32_c8",
            Box::new(|| c.sum_f32(ctx, [16, 1, 1], 64, [8, 1, 1], 300)),
        ),
        (
            "sum_f32_c2x2",
            Box::new(|| c.sum_f32(ctx, [2, 4, 1], 32, [2, 2, 1], 100)),
        ),
        ("dsmem_ptx_c4", Box::new(|| c.dsmem_ptx(ctx, 8, 64, 4))),
        ("dsmem_ptx_c2", Box::new(|| c.dsmem_ptx(ctx, 6, 96, 2))),
        ("dsmem_ptx_c8", Box::new(|| c.dsmem_ptx(ctx, 8, 32, 8))),
        (
            "histogram_c4",
            Box::new(|| c.histogram(ctx, 16, 128, 4, 256, 10_000)),
        ),
        (
            "histogram_c2",
            Box::new(|| c.histogram(ctx, 8, 96, 2, 100, 5_000)),
        ),
        (
            "histogram_c8",
            Box::new(|| c.histogram(ctx, 8, 64, 8, 512, 20_000)),
        ),
        (
            "grid_sync_sum_16",
            Box::new(|| c.grid_sync_sum(ctx, (16, 128, 0), 500, 3)),
        ),
        (
            "grid_sync_sum_64",
            Box::new(|| c.grid_sync_sum(ctx, (64, 256, 0), 64, 1)),
        ),
        (
            "grid_sync_sum_3",
            Box::new(|| c.grid_sync_sum(ctx, (3, 64, 0), 10, 5)),
        ),
        (
            "grid_and_cluster_c2",
            Box::new(|| c.grid_and_cluster(ctx, 8, 32, 2)),
        ),
        (
            "grid_and_cluster_c4",
            Box::new(|| c.grid_and_cluster(ctx, 16, 64, 4)),
        ),
    ];
    for (name, run) in runs {
        let v = match run() {
            Ok(bytes) => hex(&bytes),
            Err(e) => format!("error: {}", error_name(&e)),
        };
        out.insert(name.to_string(), v);
    }
    out.insert(
        "cooperative_limit_64_40000".into(),
        c.cooperative_limit(ctx, 64, 40_000),
    );
    out
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn as_bytes<T>(v: &[T]) -> &[u8] {
    // SAFETY: the element types used here (u32, i32, f32) are plain data without padding.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), std::mem::size_of_val(v)) }
}

/// The histogram's `n` inputs: bins from -10 to `nbins + 9` (some clamp to the ends).
pub fn histogram_input(n: usize, nbins: i32) -> Vec<i32> {
    let mut rng = Rng(0x4157 ^ n as u64);
    (0..n)
        .map(|_| (rng.next() % (nbins as u64 + 20)) as i32 - 10)
        .collect()
}

/// `cluster_sum_f32`'s input for `blocks` blocks of `per_block` values.
pub fn sum_input(blocks: u32, per_block: u32) -> Vec<f32> {
    floats(0x51_u64 ^ blocks as u64, (blocks * per_block) as usize)
}

/// `grid_sync_sum`'s input for `blocks` blocks of `per_block` values.
pub fn grid_sync_input(blocks: u32, per_block: u32) -> Vec<f32> {
    floats(0x9a1d ^ blocks as u64, (blocks * per_block) as usize)
}

/// `n` floats in [-2, 2) with full mantissas.
fn floats(seed: u64, n: usize) -> Vec<f32> {
    let mut rng = Rng(seed | 1);
    (0..n)
        .map(|_| ((rng.next() as f64 / (1u64 << 53) as f64) * 4.0 - 2.0) as f32)
        .collect()
}

/// xorshift64* (no dependency; the same values everywhere).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11
    }
}

/// A cooperative launch in a green context of 16 SMs (`SmResource::split`) is checked
/// against the green context's SMs, not the device's: a grid that fits the device but not
/// the group is refused with `CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE` (the same
/// [`cuda_library::Error::CooperativeLaunchTooLarge`] as a grid too large for the device,
/// naming the group's 16 multiprocessors), while the primary context takes it; the largest
/// grid the group holds runs, its grid syncs included, with the result the same grid gives
/// in the primary context.
pub fn cooperative_grid_in_a_green_context(ctx: &Context) {
    use cuda_library::{Error, GreenContext};
    const BLOCK: u32 = 64;
    const SHARED: u32 = 40_000; // a few blocks per SM: a small grid fills 16 SMs
    let device = Device::new(ctx.device_ordinal()).unwrap();
    let split = device.sm_resource().unwrap().split(1, 16).unwrap();
    let green = GreenContext::new(&split.groups[0]).unwrap();
    let sms = green.sm_count();
    let device_sms = device.properties().unwrap().multiprocessor_count as u32;
    assert!(sms < device_sms, "{sms} of {device_sms} SMs");

    let in_green = Cases::new(&green).unwrap();
    let in_primary = Cases::new(ctx).unwrap();
    let f = in_green.kernel("grid_sync_sum").unwrap();
    let per_sm = f.max_active_blocks_per_sm(BLOCK, SHARED as usize).unwrap();
    let fits = per_sm * sms;
    let too_many = fits + 1;
    assert!(too_many <= per_sm * device_sms, "the grid fits the device");

    // Refused in the green context, as a grid too large for the device is.
    let (inp, partial, out) = (
        green.htod(&grid_sync_input(too_many, 1)).unwrap(),
        green.alloc_zeroed::<f32>(too_many as usize).unwrap(),
        green
            .alloc_zeroed::<f32>(1 + 3 * too_many as usize)
            .unwrap(),
    );
    let cfg = LaunchConfig::new(too_many, BLOCK)
        .with_cooperative(true)
        .with_shared_mem(SHARED);
    let e = launch!(f, &in_green.stream, &cfg, inp, partial, out, 1u32, 1u32).unwrap_err();
    assert!(
        matches!(
            e,
            Error::CooperativeLaunchTooLarge { blocks, per_sm: p, multiprocessors, .. }
                if blocks == u64::from(too_many) && p == per_sm && multiprocessors == sms
        ),
        "{e:?}"
    );
    assert_eq!(
        e.cuda_error_name(),
        Some("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE")
    );
    in_green.stream.synchronize().unwrap();
    // The same grid fits the whole device.
    let primary = in_primary.grid_sync_sum(ctx, (too_many, BLOCK, SHARED), 1, 1);
    assert!(primary.is_ok(), "{primary:?}");

    // The largest grid the group holds runs, grid syncs and all.
    let green_run = in_green
        .grid_sync_sum(&green, (fits, BLOCK, SHARED), 4, 2)
        .unwrap();
    let primary_run = in_primary
        .grid_sync_sum(ctx, (fits, BLOCK, SHARED), 4, 2)
        .unwrap();
    assert_eq!(
        green_run, primary_run,
        "the green context's grid computes the same"
    );
    let v: Vec<f32> = green_run
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert!(
        (0..fits as usize).all(|b| v[2 + 3 * b].to_bits() == v[0].to_bits()),
        "every block saw the grid's total after the sync"
    );
}
