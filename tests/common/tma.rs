//! Tensor-memory-access cases shared by the simulator (`tests/sim/tma.rs`) and the GPU
//! (`tests/gpu/tensor_map.rs`): a tensor map over a tensor, and a hand-written sm_90a
//! kernel that moves one box with `cp.async.bulk.tensor` (a load, copied out of shared
//! memory as it landed, swizzle and all), stores it back, reduces it into the tensor, or
//! multicasts it to a cluster of two.
//!
//! Each case runs through the public API on whatever backend the context has
//! ([`run_api`]) and through the engine directly with the simulator's own encoding of the
//! map ([`run_engine`]); the GPU test compares the GPU's bytes with the engine's.

use cuda_library::sim;
use cuda_library::{
    launch, Context, DeviceBuffer, Im2col, LaunchConfig, Library, LibraryOptions, TensorMap,
    TensorMapDataType as D, TensorMapDesc, TensorMapOobFill, TensorMapSwizzle,
};

/// What a case's kernel does with its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Loads the box into shared memory and copies shared memory out.
    Load,
    /// Loads in a cluster of two, block 0 multicasting to both; each copies its own out.
    Multicast,
    /// Fills shared memory from `smem` and stores the box into the tensor.
    Store,
    /// Fills shared memory from `smem` and adds the box into the tensor.
    ReduceAdd,
}

/// One case: a map over `tensor`, the box at `coords`.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: &'static str,
    pub kind: Kind,
    /// The map (its address is the tensor's, filled in when it runs).
    pub desc: TensorMapDesc,
    /// The tensor's bytes.
    pub tensor: Vec<u8>,
    pub coords: [i32; 5],
    /// The im2col offset (W).
    pub offset: u16,
    /// Shared memory's bytes before a store or reduction.
    pub smem: Vec<u8>,
}

impl Case {
    /// Bytes of the box in shared memory.
    pub fn box_bytes(&self) -> usize {
        self.desc.box_bytes() as usize
    }

    /// Blocks that run (one cluster).
    pub fn blocks(&self) -> u32 {
        if self.kind == Kind::Multicast {
            2
        } else {
            1
        }
    }

    /// The case's kernel `k(map, buffer, c0, c1, c2, c3, c4, offset)`.
    pub fn ptx(&self) -> String {
        let n = self.desc.rank;
        let bytes = self.box_bytes();
        let coords = (0..n)
            .map(|k| format!("%r{}", 20 + k))
            .collect::<Vec<_>>()
            .join(", ");
        let mode = if self.desc.im2col.is_some() {
            "im2col"
        } else {
            "tile"
        };
        // The same offset for each spatial dimension.
        let offsets = if self.desc.im2col.is_some() {
            format!(", {{{}}}", vec!["%rs1"; n - 2].join(", "))
        } else {
            String::new()
        };
        let load = |multicast: &str, mask: &str| {
            format!(
                "cp.async.bulk.tensor.{n}d.shared::cluster.global.{mode}.mbarrier::complete_tx::bytes{multicast} \
                 [box], [%rd2, {{{coords}}}], [bar]{offsets}{mask};"
            )
        };
        let issue = match self.kind {
            Kind::Load => format!(
                "@%p1 bra WAIT;\n mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [bar], {bytes};\n {}",
                load("", "")
            ),
            Kind::Multicast => format!(
                "@%p1 bra WAIT;\n mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [bar], {bytes};\n \
                 setp.ne.u32 %p3, %r30, 0;\n @%p3 bra WAIT;\n mov.u16 %rs2, 3;\n {}",
                load(".multicast::cluster", ", %rs2")
            ),
            Kind::Store | Kind::ReduceAdd => {
                let op = if self.kind == Kind::Store {
                    format!("cp.async.bulk.tensor.{n}d.global.shared::cta.tile.bulk_group")
                } else {
                    format!("cp.reduce.async.bulk.tensor.{n}d.global.shared::cta.add.tile.bulk_group")
                };
                format!(
                    "FILL:\n setp.ge.u32 %p3, %r12, {bytes};\n @%p3 bra FILLED;\n \
                     cvt.u64.u32 %rd5, %r12;\n add.s64 %rd6, %rd4, %rd5;\n ld.global.u32 %r15, [%rd6];\n \
                     add.u32 %r14, %r13, %r12;\n st.shared.u32 [%r14], %r15;\n add.u32 %r12, %r12, 128;\n \
                     bra FILL;\n FILLED:\n fence.proxy.async.shared::cta;\n barrier.sync 0;\n @%p1 bra DONE;\n \
                     {op} [%rd2, {{{coords}}}], [box];\n cp.async.bulk.commit_group;\n \
                     cp.async.bulk.wait_group 0;\n bra DONE;"
                )
            }
        };
        format!(
            r#".version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 64 .b8 map[128], .param .u64 buf, .param .u32 c0,
    .param .u32 c1, .param .u32 c2, .param .u32 c3, .param .u32 c4, .param .u32 off)
{{
 .reg .b32 %r<40>; .reg .b64 %rd<16>; .reg .pred %p<8>; .reg .b16 %rs<4>;
 .shared .align 1024 .b8 box[{room}];
 .shared .align 8 .b64 bar;
 mov.u32 %r1, %tid.x;
 mov.u32 %r30, %cluster_ctarank;
 setp.ne.u32 %p1, %r1, 0;
 @%p1 bra INITED;
 mbarrier.init.shared::cta.b64 [bar], 1;
 fence.mbarrier_init.release.cluster;
INITED:
 barrier.cluster.arrive.release;
 barrier.cluster.wait.acquire;
 mov.b64 %rd1, map;
 cvta.param.u64 %rd2, %rd1;
 ld.param.u32 %r20, [c0]; ld.param.u32 %r21, [c1]; ld.param.u32 %r22, [c2];
 ld.param.u32 %r23, [c3]; ld.param.u32 %r24, [c4]; ld.param.u32 %r25, [off];
 cvt.u16.u32 %rs1, %r25;
 ld.param.u64 %rd4, [buf];
 cvta.to.global.u64 %rd4, %rd4;
 mov.u32 %r13, box;
 shl.b32 %r12, %r1, 2;
 {issue}
WAIT:
 mbarrier.try_wait.parity.shared::cta.b64 %p2, [bar], 0;
 @!%p2 bra WAIT;
 mul.lo.u32 %r16, %r30, {bytes};
 cvt.u64.u32 %rd7, %r16;
 add.s64 %rd4, %rd4, %rd7;
COPY:
 setp.ge.u32 %p3, %r12, {bytes};
 @%p3 bra DONE;
 add.u32 %r14, %r13, %r12;
 ld.shared.u32 %r15, [%r14];
 cvt.u64.u32 %rd5, %r12;
 add.s64 %rd6, %rd4, %rd5;
 st.global.u32 [%rd6], %r15;
 add.u32 %r12, %r12, 128;
 bra COPY;
DONE:
 barrier.cluster.arrive.release;
 barrier.cluster.wait.acquire;
 ret;
}}
"#,
            room = bytes.next_multiple_of(1024),
        )
    }

    /// The kernel's arguments after the map and the buffer.
    fn scalars(&self) -> [u32; 6] {
        let c = self.coords.map(|c| c as u32);
        [c[0], c[1], c[2], c[3], c[4], self.offset as u32]
    }

    /// What the case leaves: the bytes copied out of shared memory (a load), or the
    /// tensor (a store or reduction).
    fn result_len(&self) -> usize {
        match self.kind {
            Kind::Load | Kind::Multicast => self.box_bytes() * self.blocks() as usize,
            Kind::Store | Kind::ReduceAdd => self.tensor.len(),
        }
    }
}

/// A tensor of `n` 32-bit words, word `i` = `i + base` (so every word says where it came
/// from).
fn words(n: usize, base: u32) -> Vec<u8> {
    (0..n as u32)
        .flat_map(|i| (i + base).to_le_bytes())
        .collect()
}

fn desc(t: D, dims: &[u64], box_dims: &[u32]) -> TensorMapDesc {
    TensorMapDesc::tiled(t, 0, dims, box_dims).unwrap()
}

fn load(name: &'static str, d: TensorMapDesc, tensor: Vec<u8>, coords: &[i32]) -> Case {
    let mut c = [0; 5];
    c[..coords.len()].copy_from_slice(coords);
    Case {
        name,
        kind: Kind::Load,
        desc: d,
        tensor,
        coords: c,
        offset: 0,
        smem: Vec::new(),
    }
}

/// Every case.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    // Every swizzle over a 64 x 40 tensor of u32, boxes as wide as the span (and one
    // narrower), from an inner position that is not the tensor's start.
    for (name, swizzle, inner) in [
        ("tile_2d_no_swizzle", TensorMapSwizzle::None, 32),
        ("tile_2d_swizzle_32b", TensorMapSwizzle::B32, 8),
        ("tile_2d_swizzle_64b", TensorMapSwizzle::B64, 16),
        ("tile_2d_swizzle_128b", TensorMapSwizzle::B128, 32),
        (
            "tile_2d_swizzle_128b_narrow_box",
            TensorMapSwizzle::B128,
            16,
        ),
        ("tile_2d_swizzle_64b_narrow_box", TensorMapSwizzle::B64, 8),
    ] {
        let mut d = desc(D::U32, &[64, 40], &[inner, 16]);
        d.swizzle = swizzle;
        out.push(load(name, d, words(64 * 40, 0), &[8, 5]));
    }
    // A rank-3 box hanging over two edges: zeros, then NaNs.
    for (name, fill) in [
        ("tile_3d_oob_zero", TensorMapOobFill::Zero),
        ("tile_3d_oob_nan", TensorMapOobFill::NanRequestZeroFma),
    ] {
        let mut d = desc(D::F32, &[16, 10, 6], &[16, 4, 4]);
        d.oob_fill = fill;
        let tensor: Vec<u8> = (0..16 * 10 * 6)
            .flat_map(|i| (i as f32 + 0.5).to_le_bytes())
            .collect();
        out.push(load(name, d, tensor, &[0, 8, 4]));
    }
    // Negative coordinates, a 5-D box, a 1-D box.
    out.push(load(
        "tile_2d_negative_corner",
        desc(D::U32, &[16, 16], &[8, 4]),
        words(256, 7),
        &[-4, -2],
    ));
    out.push(load(
        "tile_5d",
        desc(D::U16, &[8, 3, 3, 2, 2], &[8, 2, 2, 2, 2]),
        (0..8 * 3 * 3 * 2 * 2u16)
            .flat_map(|i| i.to_le_bytes())
            .collect(),
        &[0, 1, 1, 0, 1],
    ));
    out.push(load(
        "tile_1d_f64",
        desc(D::F64, &[40], &[16]),
        (0..40)
            .flat_map(|i| (i as f64 * 1.25).to_le_bytes())
            .collect(),
        &[30],
    ));
    // Element strides: every second row, every third plane.
    let mut d = desc(D::U32, &[16, 16, 6], &[8, 8, 6]);
    d.element_strides = [1, 2, 3, 1, 1];
    out.push(load(
        "tile_3d_element_strides",
        d,
        words(16 * 16 * 6, 0),
        &[4, 1, 0],
    ));
    // im2col: NWC, 8 u16 channels, W = 10, N = 2, padding 1 (corners -1, -1), the pixels
    // of filter tap 2 from w = -1.
    let mut d = desc(D::U16, &[8, 10, 2], &[1; 3]);
    d.im2col = Some(Im2col {
        lower: [-1, 0, 0],
        upper: [-1, 0, 0],
        channels_per_pixel: 8,
        pixels_per_column: 16,
    });
    let mut c = load(
        "im2col_3d",
        d,
        (0..8 * 10 * 2u16)
            .flat_map(|i| (i | 0x100).to_le_bytes())
            .collect(),
        &[0, -1, 0],
    );
    c.offset = 2;
    out.push(c);
    // im2col of rank 4 (NHWC), 4 f32 channels, H = W = 5, 25 pixels.
    let mut d = desc(D::F32, &[4, 5, 5, 1], &[1; 4]);
    d.im2col = Some(Im2col {
        lower: [-1, -1, 0],
        upper: [-1, -1, 0],
        channels_per_pixel: 4,
        pixels_per_column: 25,
    });
    let tensor: Vec<u8> = (0..100).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let mut c = load("im2col_4d", d, tensor, &[0, -1, -1, 0]);
    c.offset = 1;
    out.push(c);
    // A store and a reduction of a swizzled box, partly outside the tensor.
    for (name, kind, swizzle) in [
        ("store_2d", Kind::Store, TensorMapSwizzle::None),
        (
            "store_2d_swizzle_128b_oob",
            Kind::Store,
            TensorMapSwizzle::B128,
        ),
        ("reduce_add_2d_u32", Kind::ReduceAdd, TensorMapSwizzle::B64),
    ] {
        let inner = if swizzle == TensorMapSwizzle::B64 {
            16
        } else {
            32
        };
        let mut d = desc(D::U32, &[48, 12], &[inner, 8]);
        d.swizzle = swizzle;
        let smem = words(inner as usize * 8, 0x1000_0000);
        let coords = if name.contains("oob") {
            [32, 8]
        } else {
            [8, 2]
        };
        let mut c = load(name, d, words(48 * 12, 0), &coords);
        c.kind = kind;
        c.smem = smem;
        out.push(c);
    }
    // Half-precision addition.
    let mut d = desc(D::F16, &[32, 4], &[16, 2]);
    d.swizzle = TensorMapSwizzle::B32;
    let halves = |v: f32, n: usize| -> Vec<u8> {
        let h = half_bits(v);
        (0..n).flat_map(|_| h.to_le_bytes()).collect()
    };
    let mut c = load("reduce_add_2d_f16", d, halves(1.5, 128), &[16, 1]);
    c.kind = Kind::ReduceAdd;
    c.smem = halves(0.25, 32);
    out.push(c);
    // A multicast to a cluster of two.
    let mut d = desc(D::U32, &[32, 16], &[16, 8]);
    d.swizzle = TensorMapSwizzle::B64;
    let mut c = load("multicast_cluster_2", d, words(32 * 16, 100), &[16, 4]);
    c.kind = Kind::Multicast;
    out.push(c);
    out
}

/// The binary16 bits of `v` (exact for the few values the cases use).
fn half_bits(v: f32) -> u16 {
    let b = v.to_bits();
    let exp = ((b >> 23) & 0xff) as i32 - 127 + 15;
    ((b >> 16) & 0x8000) as u16 | ((exp as u16) << 10) | ((b >> 13) & 0x3ff) as u16
}

/// The case through the public API on `ctx`'s backend.
pub fn run_api(ctx: &Context, case: &Case) -> cuda_library::Result<Vec<u8>> {
    let lib = Library::load_data(case.ptx().as_bytes(), &LibraryOptions::default())?;
    let k = lib.get_kernel("k")?;
    let stream = ctx.create_stream()?;
    let tensor = DeviceBuffer::from_slice(ctx, &case.tensor)?;
    let mut desc = case.desc;
    desc.global_address = tensor.as_raw();
    let map = TensorMap::new(&tensor, &desc)?;
    let buf = match case.kind {
        Kind::Load | Kind::Multicast => DeviceBuffer::<u8>::zeroed(ctx, case.result_len())?,
        Kind::Store | Kind::ReduceAdd => DeviceBuffer::from_slice(ctx, &case.smem)?,
    };
    let cfg = LaunchConfig::new(case.blocks(), 32).with_cluster(case.blocks());
    let [c0, c1, c2, c3, c4, off] = case.scalars();
    launch!(k, &stream, &cfg, &map, buf, c0, c1, c2, c3, c4, off)?;
    stream.synchronize()?;
    match case.kind {
        Kind::Load | Kind::Multicast => buf.to_vec(),
        Kind::Store | Kind::ReduceAdd => tensor.to_vec(),
    }
}

/// The case on the engine itself, with the simulator's encoding of the map.
pub fn run_engine(case: &Case) -> cuda_library::Result<Vec<u8>> {
    run_engine_ptx(case, &case.ptx())
}

/// [`run_engine`] with `ptx` (the case's kernel, edited) in place of the case's own kernel.
pub fn run_engine_ptx(case: &Case, ptx: &str) -> cuda_library::Result<Vec<u8>> {
    run_engine_counted(case, ptx).map(|(bytes, _)| bytes)
}

/// [`run_engine_ptx`], also giving the launch's counters.
pub fn run_engine_counted(case: &Case, ptx: &str) -> cuda_library::Result<(Vec<u8>, sim::Stats)> {
    let mut mem = sim::Memory::new();
    let module = sim::load_ptx(ptx, &mut mem)?;
    let tensor = mem.alloc(case.tensor.len(), 256)?;
    mem.write(tensor, &case.tensor)?;
    let mut desc = case.desc;
    desc.global_address = tensor;
    let map = desc.encode();
    let buf = match case.kind {
        Kind::Load | Kind::Multicast => mem.alloc(case.result_len(), 256)?,
        Kind::Store | Kind::ReduceAdd => {
            let b = mem.alloc(case.smem.len(), 256)?;
            mem.write(b, &case.smem)?;
            b
        }
    };
    let s = case.scalars().map(u32::to_le_bytes);
    let buf_arg = buf.to_le_bytes();
    let args: Vec<&[u8]> = [&map[..], &buf_arg[..]]
        .into_iter()
        .chain(s.iter().map(|b| &b[..]))
        .collect();
    let params = sim::pack_params(&module, "k", &args)?;
    let dims = sim::Dims {
        grid: [case.blocks(), 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let co = sim::Coschedule {
        cluster: Some([case.blocks(), 1, 1]),
        cooperative: false,
    };
    let (stats, _) = sim::launch_coscheduled(
        &module,
        &mut mem,
        ("k", dims, co),
        &params,
        sim::DEFAULT_BUDGET,
    )?;
    let (at, len) = match case.kind {
        Kind::Load | Kind::Multicast => (buf, case.result_len()),
        Kind::Store | Kind::ReduceAdd => (tensor, case.tensor.len()),
    };
    let mut out = vec![0u8; len];
    mem.read(at, &mut out)?;
    Ok((out, stats))
}
