//! Green contexts on a GPU (`cuDeviceGetDevResource`, `cuDevSmResourceSplitByCount`,
//! `cuDevResourceGenerateDesc`, `cuGreenCtxCreate`, `cuCtxFromGreenCtx`): the device's SMs
//! split into groups, and a kernel launched on a green context's stream runs on no more SMs
//! than its group holds (each block writes the `%smid` it ran on), where the same launch on
//! the primary context spreads over more.

use std::collections::BTreeSet;

use cuda_library::{launch, Context, DeviceBuffer, GreenContext, LaunchConfig, Library};

use crate::common::{cluster, gpu};

gpu_tests![
    the_sms_split_into_disjoint_groups,
    a_green_context_runs_its_work_on_its_sms,
    cooperative_grid_in_a_green_context,
];

/// Each block spins `cycles` clocks (so that blocks spread over the SMs they may use), then
/// thread 0 writes the SM it ran on to `out[block]`.
const WHERE_PTX: &str = r#".version 7.0
.target sm_70
.address_size 64
.visible .entry where_blocks_run(.param .u64 out, .param .u64 cycles)
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<9>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [cycles];
    mov.u64 %rd3, %clock64;
LOOP:
    mov.u64 %rd4, %clock64;
    sub.u64 %rd5, %rd4, %rd3;
    setp.lt.u64 %p1, %rd5, %rd2;
    @%p1 bra LOOP;
    mov.u32 %r1, %smid;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %tid.x;
    setp.ne.u32 %p2, %r3, 0;
    @%p2 bra DONE;
    cvta.to.global.u64 %rd6, %rd1;
    mul.wide.u32 %rd7, %r2, 4;
    add.u64 %rd8, %rd6, %rd7;
    st.global.u32 [%rd8], %r1;
DONE:
    ret;
}
"#;

/// Blocks of the launch.
const BLOCKS: u32 = 2048;

/// The distinct SMs a launch of `where_blocks_run` on a stream of `ctx` ran on.
fn sms_used(ctx: &Context) -> BTreeSet<u32> {
    let lib = Library::load_data(WHERE_PTX.as_bytes(), &Default::default()).unwrap();
    let k = lib.get_kernel("where_blocks_run").unwrap();
    let out = DeviceBuffer::<u32>::zeroed(ctx, BLOCKS as usize).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(BLOCKS, 32), out, 200_000u64).unwrap();
    stream.synchronize().unwrap();
    out.to_vec().unwrap().into_iter().collect()
}

fn the_sms_split_into_disjoint_groups() {
    let ctx = gpu::context();
    let device = cuda_library::Device::new(ctx.device_ordinal()).unwrap();
    let all = device.sm_resource().expect("cuDeviceGetDevResource");
    let sms = device.properties().unwrap().multiprocessor_count;
    assert_eq!(
        i64::from(all.sm_count()),
        i64::from(sms),
        "the device's SM resource should hold every SM"
    );
    let split = all.split(2, 16).expect("cuDevSmResourceSplitByCount");
    println!(
        "{} SMs split into {:?} + {} remaining",
        all.sm_count(),
        split
            .groups
            .iter()
            .map(|g| g.sm_count())
            .collect::<Vec<_>>(),
        split.remaining.sm_count()
    );
    assert!(!split.groups.is_empty(), "no group was made");
    assert!(split.groups.len() <= 2);
    for g in &split.groups {
        assert!(g.sm_count() >= 16, "a group of {} SMs", g.sm_count());
    }
    let total: u32 =
        split.groups.iter().map(|g| g.sm_count()).sum::<u32>() + split.remaining.sm_count();
    assert_eq!(
        total,
        all.sm_count(),
        "the groups and the rest should hold every SM"
    );
    // Bad requests are refused before the driver.
    assert!(all.split(0, 8).is_err());
    assert!(all.split(1, all.sm_count() + 1).is_err());
}

fn a_green_context_runs_its_work_on_its_sms() {
    let ctx = gpu::context();
    let device = cuda_library::Device::new(ctx.device_ordinal()).unwrap();
    let split = device.sm_resource().unwrap().split(1, 16).unwrap();
    let group = &split.groups[0];
    let green = GreenContext::new(group).expect("cuGreenCtxCreate");
    assert_eq!(green.sm_count(), group.sm_count());
    let in_green = sms_used(&green);
    let in_primary = sms_used(&ctx);
    println!(
        "green context of {} SMs: its launch ran on {} SMs; the primary context's on {}",
        green.sm_count(),
        in_green.len(),
        in_primary.len()
    );
    assert!(
        in_green.len() as u32 <= green.sm_count(),
        "the green context's launch ran on {} SMs, more than its {}: {in_green:?}",
        in_green.len(),
        green.sm_count()
    );
    assert!(
        in_primary.len() > in_green.len(),
        "the primary context's launch should spread over more SMs than the green one's \
         ({} vs {})",
        in_primary.len(),
        in_green.len()
    );
    // The green context is an ordinary context otherwise: copies work in it.
    let buf = DeviceBuffer::from_slice(&green, &[1u32, 2, 3]).unwrap();
    assert_eq!(buf.to_vec().unwrap(), [1, 2, 3]);
}

/// A cooperative grid in a green context of 16 SMs is checked against those SMs: one block
/// more than they hold is refused (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`) though the
/// device holds it, the largest they hold runs its grid syncs (`common::cluster`, which
/// `tests/sim/green.rs` runs on the simulator).
fn cooperative_grid_in_a_green_context() {
    cluster::cooperative_grid_in_a_green_context(&gpu::context());
}
