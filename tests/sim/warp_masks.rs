//! The member masks of `.sync` warp operations (`shfl.sync`, `vote.sync`, `match.sync`,
//! `redux.sync`, `elect.sync`, `bar.warp.sync`): a lane that runs one must be in its own
//! mask, and the lanes the mask names that have not exited must run it together with that
//! lane. On a GPU either mistake is undefined behaviour (a hang, or garbage); the simulator
//! ignored the masks (and made `bar.warp.sync` a no-op), so such kernels ran as if correct.
//! Now they fault, naming the instruction, the mask and the missing lanes, as
//! compute-sanitizer's synccheck would; correct uses (masks of the lanes that arrive, exited
//! lanes named, per-lane groups) run as before.

use cuda_library::sim::{self, Dims, Memory};
use cuda_library::Error;

/// A kernel `k(out)` of one warp whose body is `body`; `%r1` is the lane number, `%rd1`
/// the address of the lane's output word. Returns every lane's word, or the launch's error.
fn run(body: &str) -> Result<Vec<u32>, Error> {
    let ptx = format!(
        r#".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{{
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %laneid;
    mul.wide.u32 %rd3, %r1, 4;
    add.u64 %rd1, %rd2, %rd3;
    mov.u32 %r2, 0;
{body}
    st.global.u32 [%rd1], %r2;
    ret;
}}
"#
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem)?;
    let out = mem.alloc(32 * 4, 4)?;
    let p = sim::pack_params(&m, "k", &[&out.to_le_bytes()])?;
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "k", dims, &p, sim::DEFAULT_BUDGET)?;
    let mut bytes = [0u8; 128];
    mem.read(out, &mut bytes)?;
    Ok(bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The fault `body` ends with: its thread (lane), line and detail.
fn fault(body: &str) -> (u32, u32, String) {
    match run(body) {
        Err(Error::KernelFault {
            thread,
            line,
            detail,
            ..
        }) => (thread[0], line, detail),
        other => panic!("expected a fault, got {other:?}"),
    }
}

#[test]
fn a_lane_outside_its_own_mask_faults() {
    let (lane, line, detail) = fault("    shfl.sync.idx.b32 %r2, %r1, 0, 31, 0xfffffffe;");
    assert_eq!((lane, line), (0, 14));
    assert!(
        detail.contains("`shfl.sync.idx.b32` in lane 0 with member mask 0xfffffffe")
            && detail.contains("does not name lane 0 itself"),
        "{detail}"
    );
}

#[test]
fn a_mask_naming_lanes_that_went_elsewhere_faults() {
    // The classic mistake: a full mask inside a branch half the warp does not take. The
    // other half waits at its own shuffle (line 20).
    let body = "    setp.lt.u32 %p1, %r1, 16;
    @%p1 bra LOW;
    shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;
    bra DONE;
LOW:
    shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;
DONE:";
    let (lane, _, detail) = fault(body);
    assert!(lane < 32, "{lane}");
    assert!(
        detail.contains("member mask 0xffffffff names lanes that have not exited")
            && (detail.contains("lanes 16-31 at line 16")
                || detail.contains("lanes 0-15 at line 19")),
        "{detail}"
    );
    // The same with `__syncwarp()` and a block barrier.
    let body = "    setp.lt.u32 %p1, %r1, 16;
    @%p1 bra LOW;
    bar.sync 0;
    bra DONE;
LOW:
    bar.warp.sync -1;
DONE:";
    let (_, line, detail) = fault(body);
    assert_eq!(line, 19);
    assert!(
        detail.contains("`bar.warp.sync`") && detail.contains("lanes 16-31 at line 16"),
        "{detail}"
    );
}

#[test]
fn a_mask_naming_lanes_whose_guard_is_false_faults() {
    let body = "    and.b32 %r3, %r1, 1;
    setp.eq.u32 %p1, %r3, 0;
    @%p1 vote.sync.ballot.b32 %r2, %p1, -1;";
    let (lane, line, detail) = fault(body);
    assert_eq!((lane, line), (0, 16));
    assert!(
        detail.contains("`vote.sync.ballot.b32` in lane 0 with member mask 0xffffffff")
            && detail.contains("lanes 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31 at it, with a false guard"),
        "{detail}"
    );
}

#[test]
fn correct_masks_run_as_before() {
    // Half the warp shuffles among itself with its own mask, the other half with its own.
    let body = "    setp.lt.u32 %p1, %r1, 16;
    @%p1 bra LOW;
    shfl.sync.bfly.b32 %r2, %r1, 1, 31, 0xffff0000;
    bra DONE;
LOW:
    shfl.sync.bfly.b32 %r2, %r1, 1, 31, 0x0000ffff;
DONE:";
    let got = run(body).unwrap();
    assert!((0..32).all(|l| got[l] == (l as u32 ^ 1)), "{got:?}");
    // Lanes that exited may be named (sm_70 waits only for those that have not).
    let body = "    setp.ge.u32 %p1, %r1, 8;
    @%p1 bra OUT;
    vote.sync.ballot.b32 %r2, %p1, -1;
    not.b32 %r2, %r2;
    bar.warp.sync -1;
    st.global.u32 [%rd1], %r2;
OUT:
    ret;";
    let got = run(body).unwrap();
    assert!(got[..8].iter().all(|&v| v == 0xffff_ffff), "{got:?}");
    // Per-lane masks in one instruction: each half votes among itself.
    let body = "    setp.lt.u32 %p1, %r1, 16;
    selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;
    and.b32 %r3, %r1, 3;
    setp.eq.u32 %p2, %r3, 0;
    vote.sync.ballot.b32 %r2, %p2, %r4;";
    let got = run(body).unwrap();
    assert!(got[..16].iter().all(|&v| v == 0x1111), "{got:x?}");
    assert!(got[16..].iter().all(|&v| v == 0x1111_0000), "{got:x?}");
}
