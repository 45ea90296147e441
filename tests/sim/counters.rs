//! The simulator's profiling counters (`sim::Stats`) on kernels whose right answer is known
//! from how the hardware works: coalesced and strided global loads (sectors per request),
//! shared-memory bank conflicts with and without padding (wavefronts), divergent and uniform
//! branches, an atomic every lane aims at one address, barriers, the instruction mix, and
//! the shared-memory rows `ldmatrix`/`stmatrix` read and write.

use cuda_library::sim::{self, Dims, Memory, Stats};

/// One warp of 32 threads runs `body` (PTX statements) with `%r1` = thread index, `%rd1` =
/// the `p` parameter (a global buffer) and shared array `sm` of 4096 words.
fn run(body: &str) -> Stats {
    run_profiled("sm_80", body).0
}

/// [`run`] for `target`, with each PTX line's counters.
fn run_profiled(target: &str, body: &str) -> (Stats, Vec<sim::LineCounters>) {
    let ptx = format!(
        r#"
.version 8.0
.target {target}
.address_size 64
.visible .entry k(.param .u64 p)
{{
    .reg .pred %p<4>; .reg .b32 %r<16>; .reg .b64 %rd<16>; .reg .f32 %f<8>;
    .shared .align 4 .b32 sm[4096];
    ld.param.u64 %rd1, [p];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
{body}
    ret;
}}"#
    );
    let mut mem = Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem).expect("the test kernel lowers");
    let buf = mem.alloc(1 << 20, 256).expect("device memory");
    let params = sim::pack_params(&module, "k", &[&buf.to_le_bytes()]).expect("params");
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch_profiled(&module, &mut mem, "k", dims, &params, sim::DEFAULT_BUDGET).expect("runs")
}

/// Loads `ld.global.u32` from `p + tid * stride` bytes.
fn strided_load(stride: u32) -> Stats {
    run(&format!(
        "    mul.wide.u32 %rd2, %r1, {stride};
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];"
    ))
}

#[test]
fn coalesced_loads_take_four_sectors_strided_ones_one_each() {
    let s = strided_load(4);
    assert_eq!(s.global_loads.requests, 1);
    assert_eq!(
        s.global_loads.sectors, 4,
        "128 consecutive bytes are four sectors"
    );
    let s = strided_load(8);
    assert_eq!(s.global_loads.sectors, 8);
    let s = strided_load(128);
    assert_eq!(
        s.global_loads.sectors, 32,
        "every lane in a sector of its own"
    );
    assert_eq!(s.global_loads.sectors_per_request(), 32.0);
    // Misaligned by 4 bytes: 128 bytes straddle five sectors.
    let s = run("    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3+4];");
    assert_eq!(s.global_loads.sectors, 5);
    // Lanes out of order (reversed) still touch four sectors.
    let s = run("    sub.u32 %r3, 31, %r1;
    mul.wide.u32 %rd2, %r3, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];");
    assert_eq!(s.global_loads.sectors, 4);
    // Stores are counted apart from loads.
    let s = run("    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r1;");
    assert_eq!((s.global_stores.requests, s.global_stores.sectors), (1, 4));
    assert_eq!(s.global_loads.requests, 0);
}

/// Stores a word to `sm[tid * stride]`.
fn shared_store(stride: u32) -> Stats {
    run(&format!(
        "    mul.lo.u32 %r2, %r1, {};
    mov.u32 %r3, sm;
    add.u32 %r3, %r3, %r2;
    st.shared.u32 [%r3], %r1;",
        stride * 4
    ))
}

#[test]
fn bank_conflicts_count_wavefronts_and_padding_removes_them() {
    assert_eq!(
        shared_store(1).shared.wavefronts,
        1,
        "consecutive words: no conflict"
    );
    assert_eq!(
        shared_store(2).shared.wavefronts,
        2,
        "stride 2: two-way conflict"
    );
    assert_eq!(
        shared_store(32).shared.wavefronts,
        32,
        "a column of a 32-wide tile"
    );
    assert_eq!(
        shared_store(33).shared.wavefronts,
        1,
        "the same column, padded to 33"
    );
    let s = shared_store(32);
    assert_eq!(s.shared.requests, 1);
    assert_eq!(s.shared.wavefronts_per_request(), 32.0);
    // 8-byte accesses: 64 words over 32 banks take two wavefronts at best.
    let s = run("    mul.lo.u32 %r2, %r1, 8;
    mov.u32 %r3, sm;
    add.u32 %r3, %r3, %r2;
    ld.shared.u64 %rd5, [%r3];");
    assert_eq!(s.shared.wavefronts, 2);
    // Every lane reading one word is a broadcast, not a conflict.
    let s = run("    mov.u32 %r3, sm;
    ld.shared.u32 %r2, [%r3];");
    assert_eq!(s.shared.wavefronts, 1);
}

#[test]
fn divergent_branches_and_active_lanes() {
    let uniform = run("    setp.ge.u32 %p1, %r1, 64;
    @%p1 bra DONE;
    add.u32 %r2, %r1, 1;
DONE:");
    assert_eq!(uniform.divergent_branches, 0);
    // The branch no lane takes still issues, with no lane active (as a predicated-off
    // instruction does on the GPU): 7 instructions, 192 thread-instructions.
    assert_eq!(uniform.warp_instructions, 7);
    assert_eq!(uniform.thread_instructions, 6 * 32);
    let split = run("    setp.ge.u32 %p1, %r1, 16;
    @%p1 bra DONE;
    add.u32 %r2, %r1, 1;
    add.u32 %r2, %r2, 1;
DONE:");
    assert_eq!(split.divergent_branches, 1);
    assert!(
        split.active_lanes() < uniform.active_lanes(),
        "{} vs {}",
        split.active_lanes(),
        uniform.active_lanes()
    );
}

#[test]
fn atomics_on_one_address_are_counted_as_contended() {
    let s = run("    atom.global.add.u32 %r2, [%rd1], 1;");
    assert_eq!(s.atomics.requests, 1);
    assert_eq!(s.atomics.lanes, 32);
    assert_eq!(s.atomics.addresses, 1);
    let s = run("    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    atom.global.add.u32 %r2, [%rd3], 1;");
    assert_eq!(s.atomics.addresses, 32);
    assert_eq!((s.atomics.hottest, s.atomics.global_lanes), (1, 32));
    // One warp, 32 updates of one global address: the busiest address had 32.
    let s = run("    atom.global.add.u32 %r2, [%rd1], 1;");
    assert_eq!(s.atomics.hottest, 32);
    // A shared address is the block's own: contended within the warp, never grid-wide.
    let s = run("    mov.u32 %r3, sm;
    atom.shared.add.u32 %r2, [%r3], 1;");
    assert_eq!((s.atomics.lanes, s.atomics.addresses), (32, 1));
    assert_eq!((s.atomics.hottest, s.atomics.global_lanes), (0, 0));
}

#[test]
fn an_access_that_wraps_the_address_space_faults_without_a_counting_panic() {
    let ptx = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    mov.u64 %rd1, -2;
    ld.global.u32 %r1, [%rd1];
    ret;
}"#;
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem).expect("the test kernel lowers");
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let e = sim::launch(&module, &mut mem, "k", dims, &[], sim::DEFAULT_BUDGET)
        .expect_err("the load faults");
    assert!(e.to_string().contains("fault"), "{e}");
}

#[test]
fn the_instruction_mix_and_barriers() {
    let s = run("    cvt.rn.f32.u32 %f1, %r1;
    add.f32 %f2, %f1, %f1;
    mul.f32 %f3, %f2, %f2;
    sqrt.approx.f32 %f4, %f3;
    bar.sync 0;");
    assert_eq!(s.mix.fp32, 2, "{:?}", s.mix);
    assert_eq!(s.mix.sfu, 1, "{:?}", s.mix);
    assert_eq!(s.barriers, 1);
    assert!(s.mix.control >= 2, "bar.sync and ret: {:?}", s.mix);
    assert_partition(&s);
    // The mix is a partition of the warp instructions (it adds up to 100%) whatever the
    // kernel does: loads, shared stores with conflicts, divergence, atomics.
    for s in [
        strided_load(128),
        shared_store(32),
        run("    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    add.u32 %r3, %r1, 1;
EVEN:
    atom.global.add.u32 %r4, [%rd1], 1;"),
    ] {
        assert_partition(&s);
        assert_eq!(
            (s.mix.tensor, s.tensor.ops, s.tensor.pipe_issues),
            (0, 0, 0)
        );
    }
}

/// Every warp instruction is in exactly one class of the mix.
fn assert_partition(s: &Stats) {
    let m = &s.mix;
    let total = m.integer + m.fp32 + m.fp64 + m.half + m.sfu + m.memory + m.control + m.tensor;
    assert_eq!(
        total, s.warp_instructions,
        "every instruction has one class: {m:?}"
    );
}

#[test]
fn a_tensor_core_mma_is_one_issue_in_the_mix_and_its_size_in_tensor_work() {
    // mma.sync m16n8k16 f16 -> f32 (zeros): one warp instruction of the tensor class; its
    // work is 2 * 16 * 8 * 16 operations, one m16n8 tile on the tensor pipe. The ldmatrix
    // before it is a shared-memory load (memory class).
    let s = run("    mov.b32 %r2, 0;
    mov.u32 %r5, sm;
    ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r3}, [%r5];
    mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r2, %r2, %r2, %r2}, {%r2, %r2}, {%f0, %f0, %f0, %f0};");
    assert_eq!(s.mix.tensor, 1, "{:?}", s.mix);
    assert_eq!(s.tensor.ops, 2 * 16 * 8 * 16);
    assert_eq!(s.tensor.pipe_issues, 1);
    assert_partition(&s);
}

#[test]
fn accesses_through_one_register_reuse_its_pattern_only_while_nothing_rewrites_it() {
    // Two loads through %r2 with 4-word strides between lanes: 4 wavefronts each (lanes
    // 0, 8, 16, 24 share a bank), whatever the offset. Then %r2 is rewritten (stride 32
    // words: every lane in bank 0 of its own word) and the next two loads take 32 each.
    // Where the counting reused the first pattern past the rewrite, it would find 4.
    let s = run("    mul.lo.u32 %r2, %r1, 16;
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    ld.shared.u32 %r4, [%r2];
    ld.shared.u32 %r5, [%r2+4];
    mul.lo.u32 %r6, %r1, 112;
    add.u32 %r2, %r2, %r6;
    ld.shared.u32 %r7, [%r2];
    ld.shared.u32 %r8, [%r2+8];");
    assert_eq!(s.shared.requests, 4);
    assert_eq!(s.shared.wavefronts, 4 + 4 + 32 + 32);
    // A branch target between two loads: the second is reached again after %r2 changed
    // (stride 1 word, then 32), without the first. Reusing the first one's pattern there
    // would find 1 wavefront instead of 32.
    let s = run("    mul.lo.u32 %r2, %r1, 4;
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    mov.u32 %r9, 0;
    ld.shared.u32 %r4, [%r2];
$again:
    ld.shared.u32 %r5, [%r2+4];
    mul.lo.u32 %r2, %r1, 128;
    add.u32 %r2, %r2, %r3;
    add.u32 %r9, %r9, 1;
    setp.lt.u32 %p1, %r9, 2;
    @%p1 bra $again;");
    assert_eq!(s.shared.requests, 3);
    assert_eq!(s.shared.wavefronts, 1 + 1 + 32);
}

#[test]
fn cp_async_reads_global_memory_as_a_load_does() {
    // 16 bytes a lane, lanes 16 bytes apart: 512 consecutive bytes, 16 sectors; 32 bytes
    // apart, every lane in a sector of its own.
    for (stride, sectors) in [(16, 16), (32, 32)] {
        let s = run(&format!(
            "    mul.wide.u32 %rd2, %r1, {stride};
    add.s64 %rd3, %rd1, %rd2;
    mov.u32 %r2, sm;
    mul.lo.u32 %r3, %r1, 16;
    add.u32 %r2, %r2, %r3;
    cp.async.cg.shared.global [%r2], [%rd3], 16;
    cp.async.wait_all;"
        ));
        assert_eq!(
            (s.global_loads.requests, s.global_loads.sectors),
            (1, sectors)
        );
        assert_eq!(s.bulk_loads.requests, 0);
    }
}

/// `ldmatrix` (or, with `store`, `stmatrix`) `.x{count}` with lane `l`'s row address
/// `sm + address(l)` (a PTX expression of `%r1`, the lane), once.
fn matrix_rows(count: u32, store: bool, address: &str) -> (Stats, Vec<sim::LineCounters>) {
    let regs = ["{%r4}", "{%r4, %r5}", "", "{%r4, %r5, %r6, %r7}"][count as usize - 1];
    let op = if store {
        format!("stmatrix.sync.aligned.m8n8.x{count}.shared.b16 [%r2], {regs};")
    } else {
        format!("ldmatrix.sync.aligned.m8n8.x{count}.shared.b16 {regs}, [%r2];")
    };
    run_profiled(
        "sm_90",
        &format!(
            "    mov.u32 %r4, %r1;
    mov.u32 %r5, %r1;
    mov.u32 %r6, %r1;
    mov.u32 %r7, %r1;
    {address}
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    {op}"
        ),
    )
}

#[test]
fn ldmatrix_rows_are_shared_memory_requests_with_wavefronts_per_matrix() {
    // .x1: lanes 0-7 give the 8 rows, 16 bytes each. Consecutive rows are 128 bytes, the
    // 32 banks once each: one request, one wavefront.
    let (s, lines) = matrix_rows(1, false, "mul.lo.u32 %r2, %r1, 16;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 1));
    // One memory instruction (beside the kernel's `ld.param`), as before.
    assert_eq!(s.mix.memory, 2, "{:?}", s.mix);
    // The per-line counters carry it on the instruction's line.
    let line = lines
        .iter()
        .find(|l| l.shared_requests > 0)
        .expect("a line with shared requests");
    assert_eq!((line.shared_requests, line.shared_wavefronts), (1, 1));
    // Rows 128 bytes apart (a row-major f16 tile 64 columns wide, unpadded): every row's
    // 4 words are in banks 0-3, so each of those banks delivers 8 distinct words, one a
    // wavefront: 8.
    let (s, _) = matrix_rows(1, false, "mul.lo.u32 %r2, %r1, 128;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 8));
    // Lanes past the instruction's rows do not count: .x1 reads only lanes 0-7's, so
    // lanes 8-31 pointing at one conflicting word each change nothing.
    let (s, _) = matrix_rows(
        1,
        false,
        "setp.lt.u32 %p1, %r1, 8;
    mul.lo.u32 %r2, %r1, 16;
    mul.lo.u32 %r8, %r1, 128;
    selp.u32 %r2, %r2, %r8, %p1;",
    );
    assert_eq!(s.shared.wavefronts, 1);
    // .trans changes where the elements land in the registers, not the bytes read.
    let (s, _) = run_profiled(
        "sm_90",
        "    mul.lo.u32 %r2, %r1, 128;
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%r4}, [%r2];",
    );
    assert_eq!(s.shared.wavefronts, 8);
}

#[test]
fn ldmatrix_x4_is_four_phases_of_eight_rows() {
    // .x2: lanes 0-15, two matrices of consecutive rows: 2 wavefronts; .x4: 4.
    let (s, _) = matrix_rows(2, false, "mul.lo.u32 %r2, %r1, 16;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 2));
    let (s, _) = matrix_rows(4, false, "mul.lo.u32 %r2, %r1, 16;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 4));
    // The A fragment of an m16n8k16 from an unpadded 16 x 16 f16 tile in rows of 128
    // bytes: lane l gives row (l % 8) + 8 (l / 8 % 2), 16-byte column l / 16. Each matrix
    // is 8 rows 128 bytes apart: 8 wavefronts, 32 for the four.
    let classic = "and.b32 %r8, %r1, 15;
    mul.lo.u32 %r2, %r8, 128;
    shr.u32 %r9, %r1, 4;
    shl.b32 %r9, %r9, 4;
    add.u32 %r2, %r2, %r9;";
    let (s, _) = matrix_rows(4, false, classic);
    assert_eq!(s.shared.wavefronts, 32);
    // The same tile with its 16-byte chunks swizzled (chunk ^ row % 8): every matrix's
    // rows in 8 different bank groups, 4 wavefronts.
    let swizzled = "and.b32 %r8, %r1, 15;
    mul.lo.u32 %r2, %r8, 128;
    shr.u32 %r9, %r1, 4;
    and.b32 %r10, %r8, 7;
    xor.b32 %r9, %r9, %r10;
    shl.b32 %r9, %r9, 4;
    add.u32 %r2, %r2, %r9;";
    let (s, _) = matrix_rows(4, false, swizzled);
    assert_eq!(s.shared.wavefronts, 4);
}

#[test]
fn stmatrix_rows_are_counted_as_ldmatrix_rows_are() {
    let (s, _) = matrix_rows(1, true, "mul.lo.u32 %r2, %r1, 16;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 1));
    let (s, _) = matrix_rows(1, true, "mul.lo.u32 %r2, %r1, 128;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 8));
    let (s, _) = matrix_rows(4, true, "mul.lo.u32 %r2, %r1, 16;");
    assert_eq!((s.shared.requests, s.shared.wavefronts), (1, 4));
    // Beside an ordinary shared load, both are in the totals: 1 + 8 wavefronts.
    let (s, _) = run_profiled(
        "sm_90",
        "    mul.lo.u32 %r2, %r1, 128;
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r2], {%r1};
    mul.lo.u32 %r8, %r1, 4;
    add.u32 %r8, %r8, %r3;
    ld.shared.u32 %r4, [%r8];",
    );
    assert_eq!((s.shared.requests, s.shared.wavefronts), (2, 9));
    // The two and the kernel's `ld.param`.
    assert_eq!(s.mix.memory, 3);
}

#[test]
fn the_cost_model_charges_ldmatrix_bank_conflicts() {
    // 128 ldmatrix.x4 of the unpadded tile (32 wavefronts each) against the swizzled one
    // (4 each): the first is bound by shared memory and takes longer.
    let looped = |address: &str| {
        run(&format!(
            "    {address}
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    mov.u32 %r11, 0;
$loop:
    ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{%r4, %r5, %r6, %r7}}, [%r2];
    add.u32 %r11, %r11, 1;
    setp.lt.u32 %p1, %r11, 128;
    @%p1 bra $loop;"
        ))
    };
    let row = "and.b32 %r8, %r1, 15;
    mul.lo.u32 %r2, %r8, 128;
    shr.u32 %r9, %r1, 4;";
    let conflicted = looped(&format!(
        "{row}\n    shl.b32 %r9, %r9, 4;\n    add.u32 %r2, %r2, %r9;"
    ));
    let swizzled = looped(&format!(
        "{row}\n    and.b32 %r10, %r8, 7;\n    xor.b32 %r9, %r9, %r10;\n    shl.b32 %r9, %r9, 4;\n    add.u32 %r2, %r2, %r9;"
    ));
    assert_eq!(conflicted.shared.wavefronts, 128 * 32);
    assert_eq!(swizzled.shared.wavefronts, 128 * 4);
    let model = sim::CostModel::h100();
    let (slow, fast) = (model.kernel_time(&conflicted), model.kernel_time(&swizzled));
    assert_eq!(slow.bound, sim::Bound::Shared, "{slow:?}");
    assert!(slow.total_ns > fast.total_ns, "{slow:?} {fast:?}");
}
