//! Special registers (finding S4 of `tests/compiler/FINDINGS.md`): each one the PTX ISA
//! defines reads what an H100 gives where that is deterministic, or the engine guide's
//! model where it is not (`%clock64` counts the block's work); a `%name` that is neither
//! declared nor special is refused with its name and line. Before, every such name read 0,
//! so a `clock()` spin never ended.

use cuda_library::sim::{self, Dims, Memory};
use cuda_library::{BackendKind, Device, Error};

/// Runs `kernel` of `ptx` on `grid` blocks of `block` threads with `shared_dynamic` bytes
/// of dynamic shared memory; `params` come first, then the output buffer of `words` u64s.
fn run(
    ptx: &str,
    kernel: &str,
    (grid, block, shared_dynamic): (u32, u32, u32),
    params: &[&[u8]],
    words: usize,
) -> Vec<u64> {
    let mut mem = Memory::new();
    let m = sim::load_ptx(ptx, &mut mem).unwrap();
    let out = mem.alloc(words * 8, 8).unwrap();
    let out_bytes = out.to_le_bytes();
    let mut args: Vec<&[u8]> = params.to_vec();
    args.push(&out_bytes);
    let p = sim::pack_params(&m, kernel, &args).unwrap();
    let dims = Dims {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        shared_dynamic,
    };
    sim::launch(&m, &mut mem, kernel, dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut bytes = vec![0u8; words * 8];
    mem.read(out, &mut bytes).unwrap();
    bytes
        .chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Times a loop of `n` iterations with `%clock64` and `%globaltimer`, and reads `%clock`
/// and `%clock_hi` after it: `out` = [cycles, ns, clock64 after, clock | clock_hi << 32
/// after].
const TIMED_LOOP: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry timed(.param .u32 n, .param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<12>;
    ld.param.u32 %r1, [n];
    ld.param.u64 %rd1, [out];
    mov.u64 %rd2, %clock64;
    mov.u64 %rd3, %globaltimer;
    mov.u32 %r2, 0;
    mov.u32 %r3, 0;
LOOP:
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    mad.lo.u32 %r3, %r3, 3, %r2;
    add.u32 %r2, %r2, 1;
    bra LOOP;
DONE:
    mov.u64 %rd4, %clock64;
    mov.u64 %rd5, %globaltimer;
    mov.u32 %r4, %clock;
    mov.u32 %r5, %clock_hi;
    sub.u64 %rd6, %rd4, %rd2;
    sub.u64 %rd7, %rd5, %rd3;
    st.global.u64 [%rd1], %rd6;
    st.global.u64 [%rd1+8], %rd7;
    st.global.u64 [%rd1+16], %rd4;
    mov.b64 %rd8, {%r4, %r5};
    st.global.u64 [%rd1+24], %rd8;
    ret;
}
"#;

#[test]
fn clock64_differences_around_a_loop_grow_with_the_loop() {
    let timed = |n: u32| run(TIMED_LOOP, "timed", (1, 32, 0), &[&n.to_le_bytes()], 4);
    let [a, b, c] = [10u32, 100, 1000].map(timed);
    let cycles = [a[0], b[0], c[0]];
    assert!(
        cycles[0] > 0 && cycles[0] < cycles[1] && cycles[1] < cycles[2],
        "{cycles:?}"
    );
    // Each iteration is the same five instructions: 90 more iterations cost a tenth of
    // 900 more.
    assert_eq!(
        cycles[2] - cycles[1],
        10 * (cycles[1] - cycles[0]),
        "{cycles:?}"
    );
    // The global timer counts the same time in nanoseconds at 1.98 GHz.
    for r in [&a, &b, &c] {
        let ns = r[1] as f64;
        let expected = r[0] as f64 / 1.98;
        assert!((ns - expected).abs() <= 2.0, "{} cycles, {} ns", r[0], r[1]);
    }
    // `%clock` and `%clock_hi` are the two halves of the same counter, read a little later.
    for r in [&a, &b, &c] {
        assert!(r[3] > r[2] && r[3] - r[2] < 64, "{r:?}");
    }
}

#[test]
fn a_clock_spin_ends_after_the_cycles_it_waits_for() {
    // `clock_block` of cuda-samples' simpleHyperQ, as the built-in compiler writes it
    // (`%clock`, 32 bits, wrapping): it waited for ever when `%clock` read 0.
    let ptx = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry spin(.param .u64 clocks, .param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [clocks];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %clock;
    mov.u64 %rd3, 0;
WAIT:
    setp.ge.s64 %p1, %rd3, %rd1;
    @%p1 bra DONE;
    mov.u32 %r2, %clock;
    sub.u32 %r3, %r2, %r1;
    cvt.u64.u32 %rd3, %r3;
    bra WAIT;
DONE:
    st.global.u64 [%rd2], %rd3;
    ret;
}
"#;
    let clocks = 200_000u64;
    let waited = run(ptx, "spin", (1, 1, 0), &[&clocks.to_le_bytes()], 1);
    assert!(
        waited[0] >= clocks && waited[0] < clocks + 64,
        "{}",
        waited[0]
    );
}

/// Writes, for each thread, 16 words: the device's and the launch's special registers.
const REGISTERS: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry regs(.param .u64 out)
{
    .reg .b32 %r<20>;
    .reg .b64 %rd<24>;
    .shared .align 4 .b8 scratch[100];
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.u32 %r4, %r1, %r2, %r3;
    mul.wide.u32 %rd2, %r4, 128;
    add.u64 %rd3, %rd1, %rd2;
    mov.u32 %r5, %nsmid;
    mov.u32 %r6, %nwarpid;
    mov.u32 %r7, %warpid;
    mov.u32 %r8, %smid;
    mov.u32 %r9, %dynamic_smem_size;
    mov.u32 %r10, %total_smem_size;
    mov.u32 %r11, %aggr_smem_size;
    mov.u32 %r12, %lanemask_lt;
    mov.u64 %rd4, %gridid;
    mov.u64 %rd5, %current_graph_exec;
    mov.u32 %r13, %pm0;
    mov.u32 %r14, %envreg0;
    mov.u32 %r15, %reserved_smem_offset_begin;
    mov.u32 %r16, %reserved_smem_offset_end;
    add.u32 %r17, %smid, %nsmid;
    mov.u32 %r18, %is_explicit_cluster;
    st.global.v4.u32 [%rd3], {%r5, %r6, %r7, %r8};
    st.global.v4.u32 [%rd3+16], {%r9, %r10, %r11, %r12};
    st.global.u64 [%rd3+32], %rd4;
    st.global.u64 [%rd3+40], %rd5;
    st.global.v4.u32 [%rd3+48], {%r13, %r14, %r15, %r16};
    st.global.v2.u32 [%rd3+64], {%r17, %r18};
    ret;
}
"#;

#[test]
fn device_and_launch_registers_read_what_an_h100_gives() {
    let (grid, block) = (140u32, 64u32);
    let threads = (grid * block) as usize;
    let words = run(REGISTERS, "regs", (grid, block, 1000), &[], threads * 16);
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let sms = Device::new(0)
        .unwrap()
        .properties()
        .unwrap()
        .multiprocessor_count as u64;
    let grid_id = words[4];
    assert!(grid_id >= 1);
    for t in 0..threads {
        let w = &words[t * 16..t * 16 + 16];
        let lo = |k: usize| w[k] & 0xffff_ffff;
        let hi = |k: usize| w[k] >> 32;
        let (b, tid) = ((t as u64) / block as u64, (t as u64) % block as u64);
        let lane = tid % 32;
        let expected = [
            (lo(0), sms),                // %nsmid
            (hi(0), 64),                 // %nwarpid: sm_90's 64 warp slots
            (lo(1), tid / 32),           // %warpid
            (hi(1), b % sms),            // %smid: blocks dealt to the SMs in order
            (lo(2), 1000),               // %dynamic_smem_size
            (hi(2), 1152),               // %total_smem_size: 100 + 1000 in 128s
            (lo(3), 1152 + 1024),        // %aggr_smem_size: and the reserved 1 KiB
            (hi(3), (1u64 << lane) - 1), // %lanemask_lt
            (w[4], grid_id),             // %gridid: one per launch
            (w[5], 0),                   // %current_graph_exec: not in a device graph
            (lo(6), 0),                  // %pm0
            (hi(6), 0),                  // %envreg0
            (lo(7), 1152),               // %reserved_smem_offset_begin
            (hi(7), 1152 + 1024),        // %reserved_smem_offset_end
            (lo(8), b % sms + sms),      // %smid + %nsmid, read by the `add`
            (hi(8), 0),                  // %is_explicit_cluster
        ];
        for (k, (got, want)) in expected.iter().enumerate() {
            assert_eq!(got, want, "thread {t}, value {k}");
        }
    }
    // The next launch has its own grid identifier.
    let again = run(REGISTERS, "regs", (1, 32, 0), &[], 32 * 16);
    assert_ne!(again[4], grid_id);
}

#[test]
fn an_undeclared_register_is_refused_with_its_name_and_line() {
    // `%rd3` is never declared (`%rd<3>` is `%rd0` to `%rd2`), `%clok` is no register:
    // both read 0 before. The module's other kernel still runs.
    let ptx = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry typo(.param .u64 out)
{
    .reg .b32 %r<2>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %clok;
    st.global.u32 [%rd1], %r1;
    ret;
}
.visible .entry past_the_count(.param .u64 out)
{
    .reg .b64 %rd<3>;
    ld.param.u64 %rd3, [out];
    ret;
}
.visible .entry fine(.param .u64 out)
{
    .reg .b32 %r<2>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %nsmid;
    st.global.u32 [%rd1], %r1;
    ret;
}
"#;
    let mut mem = Memory::new();
    let m = sim::load_ptx(ptx, &mut mem).unwrap();
    for (kernel, name, line) in [("typo", "%clok", 9), ("past_the_count", "%rd3", 16)] {
        let e = m.kernel(kernel).unwrap_err();
        assert!(
            matches!(&e, Error::PtxSyntax { line: l, .. } if *l == line),
            "{kernel}: {e:?}"
        );
        let text = e.to_string();
        assert!(
            text.contains(&format!("`{name}`")) && text.contains("neither a declared register"),
            "{text}"
        );
    }
    assert_eq!(run(ptx, "fine", (1, 1, 0), &[], 1)[0] & 0xffff_ffff, 132);
}
