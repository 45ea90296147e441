//! The global-memory traffic of bulk copies (the Tensor Memory Accelerator) in the
//! simulator's counters: `Stats::bulk_loads` and `Stats::bulk_stores` count one request per
//! copy and the 32-byte sectors of the bytes it reads or writes in global memory, as an
//! H100 fetches them: a box's rows are contiguous bytes, the swizzle changes only where they
//! land in shared memory, and what lies outside the tensor is not fetched. Each expected
//! count is worked out by hand from the box's shape in the test.

use crate::common::tma::{run_engine_counted, Case, Kind};
use cuda_library::sim::{self, Dims, Memory, Stats};
use cuda_library::{TensorMapDataType as D, TensorMapDesc, TensorMapSwizzle};

/// A case of `kind` moving the box `box_dims` at `coords` of a `dims` tensor of `t`.
fn case(kind: Kind, t: D, dims: &[u64], box_dims: &[u32], coords: &[i32]) -> Case {
    let desc = TensorMapDesc::tiled(t, 0, dims, box_dims).expect("a valid map");
    let elems: u64 = dims.iter().product();
    let tensor = vec![0x5au8; (elems * t.size()) as usize];
    let mut c = [0; 5];
    c[..coords.len()].copy_from_slice(coords);
    let smem = vec![0x11u8; desc.box_bytes() as usize];
    Case {
        name: "counted",
        kind,
        desc,
        tensor,
        coords: c,
        offset: 0,
        smem,
    }
}

fn counted(c: &Case) -> Stats {
    run_engine_counted(c, &c.ptx()).expect("the copy runs").1
}

/// `(requests, sectors)`.
fn pair(r: sim::MemoryRequests) -> (u64, u64) {
    (r.requests, r.sectors)
}

#[test]
fn a_64_by_64_f16_tile_is_one_request_of_256_sectors_swizzled_or_not() {
    // 64 rows of 64 f16 (128 bytes, four sectors each), the rows 128 bytes apart.
    let plain = case(Kind::Load, D::F16, &[64, 64], &[64, 64], &[0, 0]);
    let s = counted(&plain);
    assert_eq!(pair(s.bulk_loads), (1, 256));
    assert_eq!(pair(s.bulk_stores), (0, 0));
    // The kernel's own global accesses are counted apart: it reads nothing with `ld.global`.
    assert_eq!(s.global_loads.requests, 0);
    let mut swizzled = plain.clone();
    swizzled.desc.swizzle = TensorMapSwizzle::B128;
    assert_eq!(pair(counted(&swizzled).bulk_loads), (1, 256));
    // Rows 256 bytes apart in a wider tensor: still four sectors a row.
    let wide = case(Kind::Load, D::F16, &[128, 64], &[64, 64], &[64, 0]);
    assert_eq!(pair(counted(&wide).bulk_loads), (1, 256));
}

#[test]
fn the_parts_of_a_box_outside_the_tensor_are_not_fetched() {
    // A 20 x 10 f32 tensor (rows of 80 bytes), a 16 x 4 box from (8, 8): columns 8..20 and
    // rows 8..10 are inside, 48 bytes a row from byte 32 of the row. Row 8 is bytes
    // 672..720 (sectors 21, 22), row 9 bytes 752..800 (sectors 23, 24).
    let c = case(Kind::Load, D::F32, &[20, 10], &[16, 4], &[8, 8]);
    assert_eq!(pair(counted(&c).bulk_loads), (1, 4));
    // Before the tensor's first column: columns -8..8 hang over, 0..8 (32 bytes) inside
    // at the start of rows 0..4: bytes 0..32 (sector 0), 80..112 (2, 3), 160..192 (5),
    // 240..272 (7, 8).
    let c = case(Kind::Load, D::F32, &[20, 10], &[16, 4], &[-8, 0]);
    assert_eq!(pair(counted(&c).bulk_loads), (1, 6));
    // Wholly outside: the request is made, nothing is fetched.
    let c = case(Kind::Load, D::F32, &[20, 10], &[16, 4], &[32, 0]);
    assert_eq!(pair(counted(&c).bulk_loads), (1, 0));
}

#[test]
fn a_box_whose_rows_start_inside_a_sector_takes_one_more_a_row() {
    // 128-byte rows starting 16 bytes into a sector straddle five sectors each.
    let c = case(Kind::Load, D::F16, &[128, 8], &[64, 8], &[8, 0]);
    assert_eq!(pair(counted(&c).bulk_loads), (1, 8 * 5));
}

#[test]
fn stores_and_reductions_count_the_sectors_they_write() {
    let c = case(Kind::Store, D::F16, &[64, 64], &[64, 64], &[0, 0]);
    let s = counted(&c);
    assert_eq!(pair(s.bulk_stores), (1, 256));
    assert_eq!(pair(s.bulk_loads), (0, 0));
    // Over the edge: only the rows inside (0..2 of rows -2..2) are written, 128 bytes each.
    let c = case(Kind::Store, D::F16, &[64, 64], &[64, 4], &[0, -2]);
    assert_eq!(pair(counted(&c).bulk_stores), (1, 8));
    let c = case(Kind::ReduceAdd, D::F32, &[32, 8], &[32, 8], &[0, 0]);
    assert_eq!(pair(counted(&c).bulk_stores), (1, 8 * 4));
}

#[test]
fn a_multicast_is_fetched_once_for_the_whole_cluster() {
    let c = case(Kind::Multicast, D::F16, &[64, 64], &[64, 64], &[0, 0]);
    assert_eq!(pair(counted(&c).bulk_loads), (1, 256));
}

/// Thread 0 of one block runs a plain `cp.async.bulk` of 256 bytes from global memory at
/// `p + 16` into shared memory, then back from shared memory to `p + 4096`.
#[test]
fn plain_bulk_copies_count_their_contiguous_bytes() {
    let ptx = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<8>;
    .shared .align 128 .b8 sm[256];
    .shared .align 8 .b64 bar;
    ld.param.u64 %rd1, [p];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    mbarrier.init.shared::cta.b64 [bar], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [bar], 256;
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [sm], [%rd1+16], 256, [bar];
WAIT:
    mbarrier.try_wait.parity.shared::cta.b64 %p2, [bar], 0;
    @!%p2 bra WAIT;
    cp.async.bulk.global.shared::cta.bulk_group [%rd1+4096], [sm], 256;
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
DONE:
    ret;
}"#;
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem).expect("the kernel lowers");
    let buf = mem.alloc(8192, 256).expect("device memory");
    let params = sim::pack_params(&module, "k", &[&buf.to_le_bytes()]).expect("params");
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let s = sim::launch(&module, &mut mem, "k", dims, &params, sim::DEFAULT_BUDGET).expect("runs");
    // Bytes 16..272 of a 256-byte-aligned buffer: sectors 0 to 8.
    assert_eq!(pair(s.bulk_loads), (1, 9));
    // Bytes 4096..4352: eight whole sectors.
    assert_eq!(pair(s.bulk_stores), (1, 8));
    assert_eq!(s.global_loads.requests + s.global_stores.requests, 0);
}

#[test]
fn the_cost_model_charges_bulk_sectors_as_memory_traffic() {
    let model = sim::CostModel::h100();
    // A grid whose only work is one bulk copy a block: 1 GiB loaded, far more than the L2
    // holds (so the footprint comes from device memory).
    let mut s = Stats {
        warp_instructions: 1024,
        blocks: 1024,
        block_threads: 128,
        ..Stats::default()
    };
    s.mix.memory = 1024;
    let without = model.kernel_time(&s);
    s.bulk_loads = sim::MemoryRequests {
        requests: 1024,
        sectors: (1 << 30) / 32,
    };
    s.global_footprint = 1 << 30;
    let with = model.kernel_time(&s);
    assert_eq!(with.bound, sim::Bound::Memory);
    // 1 GiB at the model's device-memory bandwidth, at least.
    let floor = (1u64 << 30) as f64 / model.dram_bytes_per_ns;
    assert!(with.memory_ns >= floor, "{} ns", with.memory_ns);
    assert!(with.total_ns > without.total_ns + floor * 0.5);
}
