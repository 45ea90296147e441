//! The simulator refuses to go wrong silently: bad memory accesses, runaway kernels,
//! unsupported instructions and bad arguments are errors that say where and why.

use cuda_library::sim::{self, Dims, Memory};
use cuda_library::Error;

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

fn one_block(threads: u32) -> Dims {
    Dims {
        grid: [2, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    }
}

/// `out[tid + ctaid * ntid] = tid` for every thread, with no bounds check.
const STORE_ALL: &str = r#"
.visible .entry store_all(.param .u64 out)
{
    .reg .b32 %r<5>; .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r1;
    ret;
}
"#;

#[test]
fn an_out_of_bounds_store_names_kernel_block_thread_and_address() {
    let mut mem = Memory::new();
    let m = sim::load_ptx(&format!("{HEADER}{STORE_ALL}"), &mut mem).unwrap();
    let buf = mem.alloc(40 * 4, 4).unwrap(); // 40 elements, 64 threads write
    let p = sim::pack_params(&m, "store_all", &[&buf.to_le_bytes()]).unwrap();
    let e = sim::launch(
        &m,
        &mut mem,
        "store_all",
        one_block(32),
        &p,
        sim::DEFAULT_BUDGET,
    )
    .unwrap_err();
    match &e {
        Error::KernelFault {
            kernel,
            block,
            thread,
            line,
            detail,
        } => {
            assert_eq!(kernel, "store_all");
            assert_eq!(*block, [1, 0, 0]);
            assert_eq!(*thread, [8, 0, 0]); // element 40 = block 1, thread 8
            assert_eq!(*line, 16);
            assert!(detail.contains(&format!("{:#x}", buf + 160)), "{detail}");
            assert!(detail.contains("CUDA_ERROR_ILLEGAL_ADDRESS"), "{detail}");
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().starts_with(
        "kernel `store_all` faulted in block (1, 0, 0), thread (8, 0, 0) at PTX line 16"
    ));
    // What ran before the fault is visible; nothing past the end was written.
    let mut out = vec![0u8; 160];
    mem.read(buf, &mut out).unwrap();
    assert_eq!(
        u32::from_le_bytes(out[4 * 33..4 * 34].try_into().unwrap()),
        1
    );
}

#[test]
fn a_misaligned_load_is_a_fault() {
    let ptx = format!(
        "{HEADER}.visible .entry mis(.param .u64 p)\n{{\n .reg .b32 %r<2>; .reg .b64 %rd<3>;\n ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1+2];\n ret;\n}}\n"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let buf = mem.alloc(64, 4).unwrap();
    let p = sim::pack_params(&m, "mis", &[&buf.to_le_bytes()]).unwrap();
    let e = sim::launch(&m, &mut mem, "mis", one_block(1), &p, sim::DEFAULT_BUDGET).unwrap_err();
    assert!(e.to_string().contains("misaligned 4-byte access"), "{e}");
}

#[test]
fn a_runaway_kernel_stops_at_its_budget_quickly() {
    let ptx = format!(
        "{HEADER}.visible .entry spin()\n{{\n .reg .b32 %r<2>;\nLOOP:\n add.s32 %r1, %r1, 1;\n bra LOOP;\n}}\n"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let t = std::time::Instant::now();
    let e = sim::launch(&m, &mut mem, "spin", one_block(64), &[], 5_000_000).unwrap_err();
    assert!(t.elapsed().as_secs() < 20, "took {:?}", t.elapsed());
    match &e {
        Error::InstructionBudget {
            kernel,
            budget,
            line,
        } => {
            assert_eq!((kernel.as_str(), *budget), ("spin", 5_000_000));
            // One of the loop's two instructions (lines 8 and 9).
            assert!(*line == 8 || *line == 9, "{line}");
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().contains("may loop forever"));
}

#[test]
fn unsupported_instructions_are_named_with_their_line_at_launch() {
    let ptx = format!(
        "{HEADER}.visible .entry fine() {{ ret; }}\n.visible .entry exotic(.param .u64 p)\n{{\n .reg .b16 %h<2>;\n add.rz.f16 %h1, %h1, %h1;\n ret;\n}}\n"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    // The rest of the module works.
    sim::launch(
        &m,
        &mut mem,
        "fine",
        one_block(32),
        &[],
        sim::DEFAULT_BUDGET,
    )
    .unwrap();
    let e = sim::pack_params(&m, "exotic", &[&0u64.to_le_bytes()]).unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::Unsupported(_)), "{t}");
    assert!(
        t.contains("kernel `exotic`") && t.contains("PTX line 8"),
        "{t}"
    );
}

#[test]
fn arguments_are_checked_like_the_driver_checks_them() {
    let mut mem = Memory::new();
    let m = sim::load_ptx(&format!("{HEADER}{STORE_ALL}"), &mut mem).unwrap();
    assert!(matches!(
        sim::pack_params(&m, "store_all", &[]),
        Err(Error::ArgumentCount {
            expected: 1,
            got: 0,
            ..
        })
    ));
    assert!(matches!(
        sim::pack_params(&m, "store_all", &[&1u32.to_le_bytes()]),
        Err(Error::ArgumentSize {
            index: 0,
            expected: 8,
            got: 4,
            ..
        })
    ));
    assert!(matches!(
        sim::pack_params(&m, "nope", &[]),
        Err(Error::SymbolNotFound { .. })
    ));
    let e = sim::launch(
        &m,
        &mut mem,
        "store_all",
        Dims {
            grid: [1, 1, 1],
            block: [2048, 1, 1],
            shared_dynamic: 0,
        },
        &[0; 8],
        sim::DEFAULT_BUDGET,
    )
    .unwrap_err();
    assert!(e.to_string().contains("2048 threads"), "{e}");
}

#[test]
fn a_block_whose_volume_passes_u64_is_refused_not_overflowed() {
    let mut mem = Memory::new();
    let m = sim::load_ptx(&format!("{HEADER}{STORE_ALL}"), &mut mem).unwrap();
    let e = sim::launch(
        &m,
        &mut mem,
        "store_all",
        Dims {
            grid: [1, 1, 1],
            block: [u32::MAX; 3],
            shared_dynamic: 0,
        },
        &[0; 8],
        sim::DEFAULT_BUDGET,
    )
    .unwrap_err();
    assert!(e.to_string().contains("threads per block"), "{e}");
}

#[test]
fn parse_errors_carry_line_and_column() {
    let mut mem = Memory::new();
    // Outside a function body: the module's error.
    let e = sim::load_ptx(&format!("{HEADER}.global .u32 x\n"), &mut mem).unwrap_err();
    match e {
        Error::PtxSyntax { line, column, .. } => assert_eq!((line, column), (4, 14)),
        other => panic!("{other:?}"),
    }
    // Inside a body: that kernel's error (tests/sim/ptx_grammar.rs has more).
    let m = sim::load_ptx(
        &format!("{HEADER}.visible .entry k()\n{{\n  mov.u32 %r1 %r2;\n}}\n"),
        &mut mem,
    )
    .unwrap();
    match m.kernel("k").unwrap_err() {
        Error::PtxSyntax { line, column, .. } => assert_eq!((line, column), (6, 15)),
        other => panic!("{other:?}"),
    }
}

fn fault_of(e: &Error) -> ([u32; 3], String) {
    match e {
        Error::KernelFault { thread, detail, .. } => (*thread, detail.clone()),
        other => panic!("not a fault: {other:?}"),
    }
}

#[test]
fn lanes_of_one_warp_may_load_and_store_in_different_allocations() {
    // Even lanes read `a`, odd lanes read `b`; each lane writes `a` or `b` back doubled.
    let ptx = format!(
        r#"{HEADER}.visible .entry split(.param .u64 a, .param .u64 b)
{{
    .reg .pred %p<2>; .reg .b32 %r<6>; .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [b];
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.eq.s32 %p1, %r2, 0;
    selp.b64 %rd3, %rd1, %rd2, %p1;
    shr.u32 %r3, %r1, 1;
    mul.wide.u32 %rd4, %r3, 4;
    add.s64 %rd5, %rd3, %rd4;
    ld.global.u32 %r4, [%rd5];
    shl.b32 %r5, %r4, 1;
    st.global.u32 [%rd5], %r5;
    ret;
}}
"#
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let a = mem.alloc(16 * 4, 4).unwrap();
    let b = mem.alloc(16 * 4, 4).unwrap();
    let words =
        |base: u32| -> Vec<u8> { (0..16u32).flat_map(|i| (base + i).to_le_bytes()).collect() };
    mem.write(a, &words(100)).unwrap();
    mem.write(b, &words(1000)).unwrap();
    let p = sim::pack_params(&m, "split", &[&a.to_le_bytes(), &b.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "split", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut out = vec![0u8; 64];
    mem.read(a, &mut out).unwrap();
    assert_eq!(
        out,
        (0..16u32)
            .flat_map(|i| (2 * (100 + i)).to_le_bytes())
            .collect::<Vec<_>>()
    );
    mem.read(b, &mut out).unwrap();
    assert_eq!(
        out,
        (0..16u32)
            .flat_map(|i| (2 * (1000 + i)).to_le_bytes())
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_load_into_its_own_address_register_faults_at_the_first_bad_lane() {
    // `rd = buf + 8 * tid; rd = *rd`: lanes 0-4 are inside the 40-byte buffer, lane 5 is not.
    let ptx = format!(
        r#"{HEADER}.visible .entry chase(.param .u64 p)
{{
    .reg .b32 %r<2>; .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [p];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 8;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u64 %rd3, [%rd3];
    ret;
}}
"#
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let buf = mem.alloc(40, 8).unwrap();
    let p = sim::pack_params(&m, "chase", &[&buf.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let e = sim::launch(&m, &mut mem, "chase", dims, &p, sim::DEFAULT_BUDGET).unwrap_err();
    let (thread, detail) = fault_of(&e);
    assert_eq!(thread, [5, 0, 0]);
    assert!(detail.contains(&format!("{:#x}", buf + 40)), "{detail}");
}

#[test]
fn a_shared_load_past_the_block_s_shared_memory_names_the_lane() {
    let ptx = format!(
        r#"{HEADER}.visible .entry sh(.param .u64 p)
{{
    .shared .align 4 .b8 tile[64];
    .reg .b32 %r<4>; .reg .b64 %rd<3>;
    mov.u32 %r1, %tid.x;
    shl.b32 %r2, %r1, 2;
    mov.u32 %r3, tile;
    add.s32 %r2, %r2, %r3;
    ld.shared.u32 %r3, [%r2];
    ret;
}}
"#
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let p = sim::pack_params(&m, "sh", &[&0u64.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let e = sim::launch(&m, &mut mem, "sh", dims, &p, sim::DEFAULT_BUDGET).unwrap_err();
    let (thread, detail) = fault_of(&e);
    assert_eq!(thread, [16, 0, 0]);
    assert!(detail.contains("64 bytes of shared memory"), "{detail}");
}

#[test]
fn writing_a_special_register_is_refused_with_its_line() {
    let ptx = format!(
        "{HEADER}.visible .entry bad()\n{{\n .reg .b32 %r<2>;\n mov.u32 %tid.x, 7;\n ret;\n}}\n"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let e = sim::launch(&m, &mut mem, "bad", one_block(32), &[], sim::DEFAULT_BUDGET).unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::Unsupported(_)), "{t}");
    assert!(t.contains("%tid.x") && t.contains("PTX line 7"), "{t}");
}

#[test]
fn trap_ends_the_launch_with_a_fault_at_its_line() {
    let ptx = format!(
        "{HEADER}.visible .entry t()\n{{\n .reg .pred %p<2>; .reg .b32 %r<2>;\n mov.u32 %r1, %tid.x;\n setp.eq.u32 %p1, %r1, 7;\n @%p1 trap;\n ret;\n}}\n"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let e = sim::launch(&m, &mut mem, "t", one_block(32), &[], sim::DEFAULT_BUDGET).unwrap_err();
    match &e {
        Error::KernelFault {
            thread,
            line,
            detail,
            ..
        } => {
            assert_eq!((*thread, *line), ([7, 0, 0], 9));
            assert!(detail.contains("trap"), "{detail}");
        }
        other => panic!("{other}"),
    }
}
