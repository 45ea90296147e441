//! Tensor maps and TMA on the simulator: the cases of `tests/common/tma.rs` through the
//! public API and through the engine (the same bytes), each kind of copy against what the
//! PTX ISA and the driver documentation say it does (written out here independently of the
//! engine), and hostile maps and boxes. `tests/gpu/tensor_map.rs` compares the same cases
//! with an H100.

use crate::common::tma::{cases, run_api, run_engine, run_engine_ptx, Case, Kind};

use cuda_library::{
    BackendKind, Device, DeviceBuffer, Error, TensorMap, TensorMapDataType as D, TensorMapDesc,
    TensorMapRule, TensorMapSwizzle,
};

fn sim_context() -> cuda_library::Context {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    Device::new(0).unwrap().set_current().unwrap()
}

fn case(name: &str) -> Case {
    cases().into_iter().find(|c| c.name == name).unwrap()
}

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// Where byte `o` of a box lands in shared memory (from an address aligned to the
/// pattern): its 16-byte chunk within its 128-byte line moves to `chunk ^ (line mod
/// span/16)`, the CUDA programming guide's picture of the TMA swizzles.
fn swizzled(o: usize, span: usize) -> usize {
    if span == 0 {
        return o;
    }
    let (line, chunk, byte) = (o / 128, o / 16 % 8, o % 16);
    line * 128 + (chunk ^ (line % (span / 16))) * 16 + byte
}

#[test]
fn every_case_gives_the_same_bytes_through_the_api_and_the_engine() {
    let ctx = sim_context();
    let all = cases();
    assert!(all.len() >= 18, "{} cases", all.len());
    for c in &all {
        let api = run_api(&ctx, c).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let engine = run_engine(c).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert_eq!(api, engine, "{}", c.name);
    }
}

#[test]
fn tile_loads_land_where_the_swizzle_says() {
    for name in [
        "tile_2d_no_swizzle",
        "tile_2d_swizzle_32b",
        "tile_2d_swizzle_64b",
        "tile_2d_swizzle_128b",
        "tile_2d_swizzle_128b_narrow_box",
        "tile_2d_swizzle_64b_narrow_box",
    ] {
        let c = case(name);
        let got = u32s(&run_engine(&c).unwrap());
        let (inner, span) = (c.desc.box_dims[0] as usize, c.desc.swizzle.span() as usize);
        for y in 0..16 {
            for x in 0..inner {
                let at = swizzled((y * inner + x) * 4, span) / 4;
                // Word (8 + x, 5 + y) of the 64-wide tensor holds its own index.
                assert_eq!(got[at], (8 + x + 64 * (5 + y)) as u32, "{name}: ({x}, {y})");
            }
        }
    }
}

#[test]
fn out_of_bounds_elements_read_as_the_fill() {
    for (name, fill) in [("tile_3d_oob_zero", 0), ("tile_3d_oob_nan", 0x7fff_ffff)] {
        let c = case(name);
        let got = u32s(&run_engine(&c).unwrap());
        // A 16 x 4 x 4 box from (0, 8, 4) of a 16 x 10 x 6 tensor.
        for z in 0..4 {
            for y in 0..4 {
                for x in 0..16 {
                    let (gy, gz) = (8 + y, 4 + z);
                    let want = if gy < 10 && gz < 6 {
                        ((x + 16 * (gy + 10 * gz)) as f32 + 0.5).to_bits()
                    } else {
                        fill
                    };
                    assert_eq!(got[x + 16 * (y + 4 * z)], want, "{name}: ({x}, {y}, {z})");
                }
            }
        }
    }
    // Before the tensor's corner too.
    let got = u32s(&run_engine(&case("tile_2d_negative_corner")).unwrap());
    for y in 0..4 {
        for x in 0..8 {
            let (gx, gy) = (x as i32 - 4, y as i32 - 2);
            let want = if gx >= 0 && gy >= 0 {
                (gx + 16 * gy) as u32 + 7
            } else {
                0
            };
            assert_eq!(got[x + 8 * y], want, "({x}, {y})");
        }
    }
}

#[test]
fn element_strides_skip_rows_and_planes() {
    let got = u32s(&run_engine(&case("tile_3d_element_strides")).unwrap());
    // Box 8 x 8 x 6 from (4, 1, 0), strides (1, 2, 3): 8 x 4 x 2 elements.
    assert_eq!(got.len(), 64);
    for z in 0..2 {
        for y in 0..4 {
            for x in 0..8 {
                let (gx, gy, gz) = (4 + x, 1 + 2 * y, 3 * z);
                assert_eq!(got[x + 8 * (y + 4 * z)], (gx + 16 * (gy + 16 * gz)) as u32);
            }
        }
    }
}

#[test]
fn im2col_gathers_one_filter_tap_across_the_bounding_box() {
    let c = case("im2col_3d");
    let got = run_engine(&c).unwrap();
    let halves: Vec<u16> = got
        .chunks_exact(2)
        .map(|h| u16::from_le_bytes([h[0], h[1]]))
        .collect();
    // Base positions w = -1 .. 8 (W - 1 + the upper corner -1) for n = 0, then n = 1;
    // each loads pixel w + 2 (the offset), 8 channels.
    for p in 0..16 {
        let (n, w) = (p / 10, (p % 10) as i32 - 1 + 2);
        for ch in 0..8 {
            let want = if w < 10 {
                (ch + 8 * (w as usize + 10 * n)) as u16 | 0x100
            } else {
                0
            };
            assert_eq!(halves[8 * p + ch], want, "pixel {p} channel {ch}");
        }
    }
    // Rank 4: the 5 x 5 positions from (-1, -1), each loading (w + 1, h + 1): the image.
    let got = u32s(&run_engine(&case("im2col_4d")).unwrap());
    for p in 0..25 {
        for ch in 0..4 {
            assert_eq!(f32::from_bits(got[4 * p + ch]), (4 * p + ch) as f32);
        }
    }
}

#[test]
fn stores_write_only_inside_the_tensor() {
    let c = case("store_2d_swizzle_128b_oob");
    let got = u32s(&run_engine(&c).unwrap());
    // A 32 x 8 box at (32, 8) of a 48 x 12 tensor: 16 x 4 of it inside.
    for y in 0..12 {
        for x in 0..48 {
            let inside_box = (32..64).contains(&x) && (8..16).contains(&y);
            let want = if inside_box {
                let o = ((y - 8) * 32 + (x - 32)) * 4;
                0x1000_0000 + (swizzled(o, 128) / 4) as u32
            } else {
                (x + 48 * y) as u32
            };
            assert_eq!(got[x + 48 * y], want, "({x}, {y})");
        }
    }
}

#[test]
fn reductions_add_the_box_into_the_tensor() {
    let c = case("reduce_add_2d_u32");
    let got = u32s(&run_engine(&c).unwrap());
    // A 16 x 8 box at (8, 2), 64-byte swizzle.
    for y in 0..12 {
        for x in 0..48 {
            let mut want = (x + 48 * y) as u32;
            if (8..24).contains(&x) && (2..10).contains(&y) {
                let o = ((y - 2) * 16 + (x - 8)) * 4;
                want = want.wrapping_add(0x1000_0000 + (swizzled(o, 64) / 4) as u32);
            }
            assert_eq!(got[x + 48 * y], want, "({x}, {y})");
        }
    }
    // 1.5 + 0.25 in f16 inside the box, 1.5 elsewhere.
    let got = run_engine(&case("reduce_add_2d_f16")).unwrap();
    for (i, h) in got.chunks_exact(2).enumerate() {
        let (x, y) = (i % 32, i / 32);
        let inside = (16..32).contains(&x) && (1..3).contains(&y);
        let want: u16 = if inside { 0x3f00 } else { 0x3e00 };
        assert_eq!(u16::from_le_bytes([h[0], h[1]]), want, "({x}, {y})");
    }
}

#[test]
fn a_multicast_reaches_every_block_it_names() {
    let c = case("multicast_cluster_2");
    let got = run_engine(&c).unwrap();
    let (first, second) = got.split_at(c.box_bytes());
    assert_eq!(first, second);
    let mut single = c.clone();
    single.kind = Kind::Load;
    assert_eq!(run_engine(&single).unwrap(), first);
    assert!(first.iter().any(|&b| b != 0));
}

#[test]
fn a_tensor_map_breaking_a_driver_rule_is_a_typed_error() {
    let ctx = sim_context();
    let buf = DeviceBuffer::<u8>::zeroed(&ctx, 64 * 64 * 4).unwrap();
    let base = TensorMapDesc::tiled(D::F32, buf.as_raw(), &[64, 64], &[32, 8]).unwrap();
    let rule = |f: &dyn Fn(&mut TensorMapDesc)| {
        let mut d = base;
        f(&mut d);
        match TensorMap::new(&buf, &d) {
            Err(Error::InvalidTensorMap { rule, detail }) => {
                assert!(!detail.is_empty());
                Some(rule)
            }
            Err(e) => panic!("not the typed error: {e}"),
            Ok(_) => None,
        }
    };
    assert_eq!(rule(&|_| {}), None);
    assert_eq!(
        rule(&|d| d.global_address += 8),
        Some(TensorMapRule::AddressAlignment)
    );
    assert_eq!(rule(&|d| d.strides[0] = 200), Some(TensorMapRule::Stride));
    assert_eq!(rule(&|d| d.box_dims[1] = 300), Some(TensorMapRule::BoxSize));
    assert_eq!(
        rule(&|d| d.swizzle = TensorMapSwizzle::B32),
        Some(TensorMapRule::SwizzleSpan)
    );
    // The tensor must lie in the buffer: one row too many, or a stride past it.
    assert_eq!(rule(&|d| d.dims[1] = 65), Some(TensorMapRule::Extent));
    assert_eq!(
        rule(&|d| d.strides[0] = 1 << 39),
        Some(TensorMapRule::Extent)
    );
    assert_eq!(
        rule(&|d| d.global_address -= 16),
        Some(TensorMapRule::Extent)
    );
    let e = TensorMap::tiled(&buf, D::F32, &[64, 64], &[32]).unwrap_err();
    assert!(e.to_string().contains("one box size per dimension"), "{e}");
    let e = TensorMap::tiled(&buf, D::F32, &[1; 6], &[1; 6]).unwrap_err();
    assert!(e.to_string().contains("rank 6"), "{e}");
}

/// A description whose dimensions and box do not match is refused when it is made: no
/// dimension past the fifth is dropped and no missing box size is taken as 1 (either would
/// move another tile than the one asked for).
#[test]
fn a_description_drops_or_pads_no_dimension() {
    let ctx = sim_context();
    let buf = DeviceBuffer::<f32>::zeroed(&ctx, 4096).unwrap();
    let tiled =
        |dims: &[u64], box_dims: &[u32]| TensorMapDesc::tiled(D::F32, buf.as_raw(), dims, box_dims);
    let e = tiled(&[4; 6], &[4; 6]).unwrap_err();
    assert_eq!(e.rule, TensorMapRule::Rank);
    assert!(e.to_string().contains("rank 6 (1 to 5)"), "{e}");
    let e = tiled(&[4; 6], &[4]).unwrap_err();
    assert_eq!(e.rule, TensorMapRule::Rank);
    let e = tiled(&[64, 16], &[4]).unwrap_err();
    assert!(e.to_string().contains("2 dimensions but a box of 1"), "{e}");
    let e = tiled(&[64], &[4, 4]).unwrap_err();
    assert!(e.to_string().contains("one box size per dimension"), "{e}");
    let e = tiled(&[], &[]).unwrap_err();
    assert!(e.to_string().contains("rank 0"), "{e}");
    // Matching lengths make a map that moves the box asked for.
    let d = tiled(&[64, 16], &[4, 8]).unwrap();
    assert_eq!((d.rank, d.box_dims[..2].to_vec()), (2, vec![4, 8]));
    assert_eq!(
        TensorMap::new(&buf, &d).unwrap().desc().box_bytes(),
        4 * 8 * 4
    );
}

#[test]
fn replace_address_points_the_map_at_another_buffer() {
    let ctx = sim_context();
    let c = case("tile_2d_no_swizzle");
    let a = DeviceBuffer::from_slice(&ctx, &c.tensor).unwrap();
    let b = DeviceBuffer::from_slice(&ctx, &vec![0xabu8; c.tensor.len()]).unwrap();
    let mut map = TensorMap::tiled(&a, D::U32, &[64, 40], &[32, 16]).unwrap();
    let before = *map.as_bytes();
    map.replace_address(&b).unwrap();
    assert_eq!(map.desc().global_address, b.as_raw());
    assert_ne!(*map.as_bytes(), before);
    // A buffer too small for the tensor is refused, and the map stays as it was.
    let small = DeviceBuffer::<u8>::zeroed(&ctx, 64).unwrap();
    let e = map.replace_address(&small).unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidTensorMap {
                rule: TensorMapRule::Extent,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(map.desc().global_address, b.as_raw());
}

/// Runs the kernel of case `name` on the engine with `map` as its tensor map.
fn launch_with_map(name: &str, map: &[u8; 128]) -> cuda_library::Result<()> {
    use cuda_library::sim;
    let ptx = case(name).ptx();
    let mut mem = sim::Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem)?;
    let out = mem.alloc(1 << 16, 256)?;
    let zero = 0u32.to_le_bytes();
    let out_arg = out.to_le_bytes();
    let args: Vec<&[u8]> = vec![map, &out_arg, &zero, &zero, &zero, &zero, &zero, &zero];
    let params = sim::pack_params(&module, "k", &args)?;
    let dims = sim::Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&module, &mut mem, "k", dims, &params, 1 << 24).map(|_| ())
}

#[test]
fn bytes_that_are_not_a_simulator_map_fault_the_copy() {
    let e = launch_with_map("tile_2d_no_swizzle", &[0x5a; 128]).unwrap_err();
    assert!(matches!(e, Error::KernelFault { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("not a tensor map the simulator encoded"),
        "{e}"
    );
    // A map of another rank than the instruction's.
    let map = TensorMapDesc::tiled(D::U32, 1 << 44, &[64], &[32])
        .unwrap()
        .encode();
    let e = launch_with_map("tile_2d_no_swizzle", &map).unwrap_err();
    assert!(
        e.to_string()
            .contains("2d tile copy with a tensor map of rank 1"),
        "{e}"
    );
}

/// A swizzled box must start at its pattern's alignment in shared memory (1024, 512 or 256
/// bytes for the 128-, 64- and 32-byte swizzles); 128 bytes is enough only unswizzled.
#[test]
fn a_swizzled_box_off_its_pattern_alignment_faults() {
    for (name, align) in [
        ("tile_2d_swizzle_128b", 1024),
        ("tile_2d_swizzle_64b", 512),
        ("tile_2d_swizzle_32b", 256),
        ("tile_2d_no_swizzle", 128),
    ] {
        let c = case(name);
        let room = c.box_bytes().next_multiple_of(1024);
        // The kernel's buffer one pattern larger, the box `at` bytes into it.
        let at = |offset: usize| {
            c.ptx()
                .replace(&format!("box[{room}]"), &format!("box[{}]", room + 1024))
                .replace("[box], [%rd2", &format!("[box+{offset}], [%rd2"))
        };
        assert!(at(align).contains(&format!("[box+{align}]")), "{name}");
        run_engine_ptx(&c, &at(align)).unwrap_or_else(|e| panic!("{name} at {align}: {e}"));
        let Err(e) = run_engine_ptx(&c, &at(align / 2)) else {
            panic!("{name}: a box {} bytes off its alignment moved", align / 2);
        };
        assert!(matches!(e, Error::KernelFault { .. }), "{name}: {e}");
        assert!(
            e.to_string().contains(&format!("not {align}-byte aligned")),
            "{name}: {e}"
        );
    }
}

#[test]
fn a_box_larger_than_shared_memory_faults_before_it_moves() {
    // 256^5 bytes of u8: the driver's rules allow the box; no block's shared memory holds it.
    let mut desc = TensorMapDesc::tiled(D::U8, 1 << 44, &[256; 5], &[256; 5]).unwrap();
    desc.strides = [256; 4];
    assert_eq!(desc.validate(), Ok(()));
    let start = std::time::Instant::now();
    let e = launch_with_map("tile_5d", &desc.encode()).unwrap_err();
    assert!(e.to_string().contains("does not fit"), "{e}");
    assert!(start.elapsed().as_secs() < 5);
}

/// Writes every case for the GPU probe (`tests/hopper/probe/tma/`) into the folder
/// `TMA_PROBE_DUMP` names: per case its kernel (`NAME.ptx`), its map and launch as numbers
/// (`NAME.txt`), its tensor and shared-memory bytes, and what the simulator gives
/// (`NAME.sim`), which `compare.py` checks the GPU's answers against.
#[test]
fn dump_cases_for_the_gpu_probe() {
    let Ok(dir) = std::env::var("TMA_PROBE_DUMP") else {
        return;
    };
    let dir = std::path::Path::new(&dir);
    std::fs::create_dir_all(dir).unwrap();
    let mut list = String::new();
    for c in cases() {
        let d = &c.desc;
        let i = d.im2col.unwrap_or_default();
        let kind = match c.kind {
            Kind::Load => 0,
            Kind::Multicast => 1,
            Kind::Store => 2,
            Kind::ReduceAdd => 3,
        };
        let join = |v: &[i64]| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let result_len = match c.kind {
            Kind::Load | Kind::Multicast => c.box_bytes() * c.blocks() as usize,
            _ => c.tensor.len(),
        };
        let text = [
            format!("{kind} {} {}", c.blocks(), result_len),
            format!(
                "{} {} {} {} {} {} {}",
                d.data_type.code(),
                d.rank,
                d.im2col.is_some() as u8,
                d.interleave as u8,
                d.swizzle as u8,
                d.l2_promotion as u8,
                d.oob_fill as u8
            ),
            join(&d.dims.map(|x| x as i64)),
            join(&d.strides.map(|x| x as i64)),
            join(&d.box_dims.map(|x| x as i64)),
            join(&d.element_strides.map(|x| x as i64)),
            join(&i.lower.map(|x| x as i64)),
            join(&i.upper.map(|x| x as i64)),
            format!("{} {}", i.channels_per_pixel, i.pixels_per_column),
            join(&c.coords.map(|x| x as i64)),
            format!("{}", c.offset),
            format!("{} {}", c.tensor.len(), c.smem.len()),
        ]
        .join("\n");
        std::fs::write(dir.join(format!("{}.txt", c.name)), text + "\n").unwrap();
        std::fs::write(dir.join(format!("{}.ptx", c.name)), c.ptx()).unwrap();
        std::fs::write(dir.join(format!("{}.tensor", c.name)), &c.tensor).unwrap();
        std::fs::write(dir.join(format!("{}.smem", c.name)), &c.smem).unwrap();
        std::fs::write(dir.join(format!("{}.sim", c.name)), run_engine(&c).unwrap()).unwrap();
        list += c.name;
        list += "\n";
    }
    std::fs::write(dir.join("list.txt"), list).unwrap();
}

#[test]
fn an_mbarrier_transaction_count_stays_in_the_isa_range() {
    use cuda_library::sim;
    let run = |bytes: u32| -> cuda_library::Result<()> {
        let ptx = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() {{\n\
             .reg .b64 %rd<2>; .shared .align 8 .b64 bar;\n\
             mbarrier.init.shared::cta.b64 [bar], 1;\n\
             mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [bar], {bytes};\n\
             mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [bar], {bytes};\n\
             mbarrier.arrive.shared::cta.b64 %rd1, [bar];\nret;\n}}"
        );
        let mut mem = sim::Memory::new();
        let module = sim::load_ptx(&ptx, &mut mem)?;
        let dims = sim::Dims {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            shared_dynamic: 0,
        };
        sim::launch(&module, &mut mem, "k", dims, &[], 1 << 20).map(|_| ())
    };
    run((1 << 20) - 1).unwrap();
    let e = run(1 << 20).unwrap_err();
    assert!(e.to_string().contains("transaction count"), "{e}");
}

/// Runs `k(.u64 buf)` (body `body`, 32 threads, `blocks` blocks in one cluster) on the
/// engine over `input`; the buffer afterwards.
fn run_body(body: &str, blocks: u32, input: &[u8]) -> cuda_library::Result<Vec<u8>> {
    use cuda_library::sim;
    let ptx = format!(
        ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 buf) {{\n\
         .reg .b32 %r<16>; .reg .b64 %rd<8>; .reg .pred %p<4>; .reg .b16 %rs<4>;\n\
         .shared .align 128 .b8 tile[256];\n.shared .align 8 .b64 bar;\n\
         ld.param.u64 %rd1, [buf];\nmov.u32 %r1, %tid.x;\nmov.u32 %r2, %cluster_ctarank;\n\
         setp.ne.u32 %p1, %r1, 0;\n{body}\nret;\n}}"
    );
    let mut mem = sim::Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem)?;
    let buf = mem.alloc(input.len(), 256)?;
    mem.write(buf, input)?;
    let params = sim::pack_params(&module, "k", &[&buf.to_le_bytes()])?;
    let dims = sim::Dims {
        grid: [blocks, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let co = sim::Coschedule {
        cluster: Some([blocks, 1, 1]),
        cooperative: false,
    };
    sim::launch_coscheduled(&module, &mut mem, ("k", dims, co), &params, 1 << 24)?;
    let mut out = vec![0u8; input.len()];
    mem.read(buf, &mut out)?;
    Ok(out)
}

/// Each thread writes its word `tid + 1` (or `f(tid)`) to `tile`, then a fence and a
/// barrier: shared memory ready for a bulk operation of 128 bytes.
const FILL_TILE: &str = "shl.b32 %r3, %r1, 2;\nadd.u32 %r4, %r1, 1;\nmov.u32 %r5, tile;\n\
     add.u32 %r6, %r5, %r3;\nst.shared.u32 [%r6], %r4;\nfence.proxy.async.shared::cta;\nbar.sync 0;";

#[test]
fn bulk_reductions_combine_shared_memory_into_global_memory() {
    let input = words_of(&(0..32).map(|i| 100 - i).collect::<Vec<u32>>());
    let reduce = |op: &str| {
        let body = format!(
            "{FILL_TILE}\n@%p1 bra DONE;\n\
             cp.reduce.async.bulk.global.shared::cta.bulk_group.{op} [%rd1], [tile], 128;\n\
             cp.async.bulk.commit_group;\ncp.async.bulk.wait_group 0;\nDONE:"
        );
        u32s(&run_body(&body, 1, &input).unwrap())
    };
    let add = reduce("add.u32");
    let min = reduce("min.s32");
    let xor = reduce("xor.b32");
    let inc = reduce("inc.u32");
    for i in 0..32u32 {
        let (old, v) = (100 - i, i + 1);
        assert_eq!(add[i as usize], old + v);
        assert_eq!(min[i as usize], old.min(v));
        assert_eq!(xor[i as usize], old ^ v);
        assert_eq!(inc[i as usize], if old >= v { 0 } else { old + 1 });
    }
    // Lengths and alignment the ISA does not allow fault.
    let body = format!(
        "{FILL_TILE}\n@%p1 bra DONE;\n\
         cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [tile], 20;\nDONE:"
    );
    let e = run_body(&body, 1, &input).unwrap_err();
    assert!(e.to_string().contains("a multiple of 16"), "{e}");
}

#[test]
fn a_bulk_reduction_into_another_blocks_shared_memory_completes_its_barrier() {
    // Block 1 adds its tile into block 0's (which holds tid + 1 too), completing 128 bytes on
    // block 0's barrier; block 0 waits for them and writes its tile out: 2 (tid + 1).
    let body = format!(
        "@%p1 bra INITED;\nmbarrier.init.shared::cta.b64 [bar], 1;\nINITED:\n{FILL_TILE}\n\
         barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;\n\
         setp.eq.u32 %p2, %r2, 0;\n@%p2 bra RECEIVE;\n@%p1 bra END;\n\
         mov.u32 %r7, tile;\nmapa.shared::cluster.u32 %r8, %r7, 0;\nmov.u32 %r9, bar;\n\
         mapa.shared::cluster.u32 %r10, %r9, 0;\n\
         cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 \
         [%r8], [tile], 128, [%r10];\nbra END;\n\
         RECEIVE:\n@%p1 bra WAIT;\nmbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [bar], 128;\n\
         WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], 0;\n@!%p3 bra WAIT;\n\
         ld.shared.u32 %r11, [%r6];\nmul.wide.u32 %rd3, %r1, 4;\nadd.s64 %rd4, %rd1, %rd3;\n\
         st.global.u32 [%rd4], %r11;\n\
         END:\nbarrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;"
    );
    let got = u32s(&run_body(&body, 2, &[0; 128]).unwrap());
    assert_eq!(got, (1..=32).map(|i| 2 * i).collect::<Vec<u32>>());
}

#[test]
fn a_multicast_bulk_copy_fills_every_block_it_names() {
    // Block 0 multicasts 128 bytes of global memory to both blocks; each writes what landed
    // at its own place in the buffer's second half.
    let body = "@%p1 bra INITED;\nmbarrier.init.shared::cta.b64 [bar], 1;\n\
         mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [bar], 128;\nINITED:\n\
         barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;\n\
         or.pred %p2, %p1, %p1;\nsetp.ne.or.u32 %p2, %r2, 0, %p2;\n@%p2 bra WAIT;\n\
         mov.u16 %rs1, 3;\n\
         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster \
         [tile], [%rd1], 128, [bar], %rs1;\n\
         WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], 0;\n@!%p3 bra WAIT;\n\
         shl.b32 %r3, %r1, 2;\nmov.u32 %r5, tile;\nadd.u32 %r6, %r5, %r3;\n\
         ld.shared.u32 %r11, [%r6];\nmad.lo.u32 %r12, %r2, 128, 128;\nadd.u32 %r12, %r12, %r3;\n\
         cvt.u64.u32 %rd3, %r12;\nadd.s64 %rd4, %rd1, %rd3;\nst.global.u32 [%rd4], %r11;\n\
         barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;";
    let mut input = words_of(&(0..32).map(|i| 0xc0de_0000 + i).collect::<Vec<u32>>());
    input.extend(vec![0u8; 256]);
    let got = run_body(body, 2, &input).unwrap();
    assert_eq!(&got[128..256], &input[..128]);
    assert_eq!(&got[256..384], &input[..128]);
}

/// Runs case `name`'s kernel with its map in global memory (its address in place of the
/// parameter `c4`), the kernel edited by `edit`, the parameter `off` (made 64 bits) set to
/// `extra`, and the tensor `tensor` (the case's if `None`); the bytes copied out.
fn run_with_map_in_global_memory(
    name: &str,
    edit: &dyn Fn(String) -> String,
    (extra, tensor): (u64, Option<&[u8]>),
) -> Vec<u8> {
    use cuda_library::sim;
    let c = case(name);
    let ptx = c
        .ptx()
        .replace(
            " mov.b64 %rd1, map;\n cvta.param.u64 %rd2, %rd1;",
            " ld.param.u64 %rd2, [c4];",
        )
        .replace(
            ".param .u32 c4, .param .u32 off",
            ".param .u64 c4, .param .u64 off",
        );
    let ptx = edit(ptx);
    let mut mem = sim::Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem).unwrap();
    let t = mem.alloc(c.tensor.len(), 256).unwrap();
    mem.write(t, &c.tensor).unwrap();
    let mut desc = c.desc;
    desc.global_address = t;
    let map = mem.alloc(128, 128).unwrap();
    mem.write(map, &desc.encode()).unwrap();
    let other = mem.alloc(c.tensor.len(), 256).unwrap();
    mem.write(other, tensor.unwrap_or(&c.tensor)).unwrap();
    let extra = if extra == u64::MAX { other } else { extra };
    let out = mem.alloc(c.box_bytes(), 256).unwrap();
    let s = [c.coords[0], c.coords[1], 0, 0].map(|v| (v as u32).to_le_bytes());
    let (map_arg, out_arg, extra_arg) = (map.to_le_bytes(), out.to_le_bytes(), extra.to_le_bytes());
    let args: Vec<&[u8]> = vec![
        &[0; 128], &out_arg, &s[0], &s[1], &s[2], &s[3], &map_arg, &extra_arg,
    ];
    let params = sim::pack_params(&module, "k", &args).unwrap();
    let dims = sim::Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&module, &mut mem, "k", dims, &params, 1 << 24).unwrap();
    let mut got = vec![0u8; c.box_bytes()];
    mem.read(out, &mut got).unwrap();
    got
}

#[test]
fn a_tensor_map_in_global_memory_serves_as_well_as_a_parameter() {
    let want = run_engine(&case("tile_2d_swizzle_128b")).unwrap();
    let got = run_with_map_in_global_memory("tile_2d_swizzle_128b", &|p| p, (0, None));
    assert_eq!(got, want);
}

#[test]
fn tensormap_replace_points_a_map_in_memory_at_another_tensor() {
    // The same tensor plus 1000 in every word, at another address the kernel writes into the
    // map before its copy.
    let c = case("tile_2d_no_swizzle");
    let shifted: Vec<u8> = u32s(&c.tensor)
        .into_iter()
        .flat_map(|w| (w + 1000).to_le_bytes())
        .collect();
    let replace = |p: String| {
        p.replace(
            " ld.param.u64 %rd2, [c4];",
            " ld.param.u64 %rd2, [c4];\n ld.param.u64 %rd9, [off];\n \
             tensormap.replace.tile.global_address.global.b1024.b64 [%rd2], %rd9;\n \
             fence.proxy.tensormap::generic.release.gpu [%rd2], 128;",
        )
    };
    let got = u32s(&run_with_map_in_global_memory(
        "tile_2d_no_swizzle",
        &replace,
        (u64::MAX, Some(&shifted)),
    ));
    let want: Vec<u32> = u32s(&run_engine(&c).unwrap())
        .iter()
        .map(|w| w + 1000)
        .collect();
    assert_eq!(got, want);
}

fn words_of(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// What the simulator has no recording of the GPU doing is refused, not guessed: an
/// interleaved layout, and element types whose copy may flush subnormals or round to tf32.
/// The map is refused when it is made, and a copy of such a map made by hand faults.
#[test]
fn unrecorded_layouts_and_element_types_are_refused_on_the_simulator() {
    use cuda_library::TensorMapInterleave;
    let ctx = sim_context();
    let buf = DeviceBuffer::<u8>::zeroed(&ctx, 64 * 64 * 4).unwrap();
    let mut interleaved =
        TensorMapDesc::tiled(D::F32, buf.as_raw(), &[8, 8, 8], &[8, 8, 8]).unwrap();
    interleaved.interleave = TensorMapInterleave::B16;
    interleaved.strides = [32, 256, 0, 0];
    assert_eq!(
        interleaved.validate(),
        Ok(()),
        "the driver's rules allow it"
    );
    let e = TensorMap::new(&buf, &interleaved).unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("interleave"), "{e}");
    for t in [D::F32Ftz, D::TF32, D::TF32Ftz] {
        let d = TensorMapDesc::tiled(t, buf.as_raw(), &[64, 64], &[32, 8]).unwrap();
        let e = TensorMap::new(&buf, &d).unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{t:?}: {e}");
        assert!(e.to_string().contains("TensorMapDataType::F32"), "{e}");
    }
    // Plain f32 moves the same bytes and is accepted.
    let d = TensorMapDesc::tiled(D::F32, buf.as_raw(), &[64, 64], &[32, 8]).unwrap();
    assert!(TensorMap::new(&buf, &d).is_ok());
    // A copy of a map encoded by hand faults, naming why.
    let mut c = case("tile_2d_no_swizzle");
    c.desc.data_type = D::TF32;
    let e = run_engine(&c).unwrap_err();
    assert!(matches!(e, Error::KernelFault { .. }), "{e}");
    assert!(e.to_string().contains("tf32"), "{e}");
}
