//! `timing::profile` and its views on the simulator: the hints name the PTX line that is
//! responsible (bank conflicts, uncoalesced loads, queued atomics, occupancy limited by
//! shared memory), a launch-free closure is an error, and two profiles compare side by side.
//! Kernels from the calibration set (`tests/fixtures/calibration.cu`, compiled PTX checked in).

use crate::common::calibration;

use cuda_library::{launch, timing, BackendKind, Device, LaunchConfig, Library, LibraryOptions};

/// Profiles one case of the calibration set, with its sizes scaled down where given.
fn profile(name: &str, shrink: impl FnOnce(&mut calibration::Case)) -> timing::Profile {
    cuda_library::use_backend(BackendKind::Sim).expect("the simulator");
    let ctx = Device::new(0)
        .and_then(|d| d.set_current())
        .expect("context");
    let lib = Library::load_data(calibration::PTX.as_bytes(), &LibraryOptions::default())
        .expect("the calibration PTX loads");
    let mut case = calibration::cases()
        .into_iter()
        .find(|c| c.name == name)
        .expect("a calibration case");
    shrink(&mut case);
    let stream = ctx.create_stream().expect("stream");
    calibration::profile(&ctx, &lib, &case, &stream)
}

fn first_hint(p: &timing::Profile) -> cuda_library::sim::Hint {
    p.hints().into_iter().next().expect("a hint")
}

#[test]
fn bank_conflicts_are_found_at_the_shared_load() {
    let p = profile("transpose_conflicts", |c| {
        c.grid = [8, 8, 1];
        c.args = vec![
            calibration::Arg::Buffer(256 * 256, calibration::Init::Zero),
            calibration::Arg::Buffer(256 * 256, calibration::Init::Ones),
            calibration::Arg::I32(256),
        ];
    });
    assert!(p.simulated);
    let l = p.launch.as_ref().expect("counters");
    assert_eq!(l.stats.shared.wavefronts_per_request(), 16.5);
    let h = first_hint(&p);
    assert!(h.text.contains("bank conflicts"), "{}", h.text);
    let (line, text) = h.line.expect("the line responsible");
    assert!(text.starts_with("ld.shared"), "line {line}: {text}");
    assert_eq!(l.line_text(line), text);
}

#[test]
fn strided_loads_are_called_uncoalesced_at_their_line() {
    let p = profile("copy_strided", |c| {
        let n = 1 << 14;
        c.grid = [n / 256, 1, 1];
        c.args[0] = calibration::Arg::Buffer(n as usize, calibration::Init::Zero);
        c.args[1] = calibration::Arg::Buffer(n as usize * 8 + 32, calibration::Init::Ones);
        c.args[2] = calibration::Arg::I32(n as i32);
    });
    let l = p.launch.as_ref().expect("counters");
    assert_eq!(l.stats.global_loads.sectors_per_request(), 32.0);
    assert!(l.global_efficiency().expect("global accesses") < 0.5);
    // A grid this small (64 blocks) also leaves SMs idle, which is said too.
    let hints = p.hints();
    assert!(
        hints
            .iter()
            .any(|h| h.text.contains("64 blocks for 132 SMs")),
        "{hints:#?}"
    );
    let h = hints
        .iter()
        .find(|h| h.text.contains("uncoalesced"))
        .expect("an uncoalesced-access hint");
    assert!(h.line.as_ref().expect("a line").1.starts_with("ld.global"));
}

#[test]
fn atomics_on_one_address_and_low_occupancy_are_explained() {
    let p = profile("atomics_one_address", |c| {
        c.grid = [64, 1, 1];
        c.args[1] = calibration::Arg::I32(64 * 256);
    });
    let l = p.launch.as_ref().expect("counters");
    assert_eq!(l.stats.atomics.hottest, 64 * 256);
    let h = first_hint(&p);
    assert!(h.text.contains("queue at one address"), "{}", h.text);
    assert!(h.line.expect("a line").1.starts_with("atom"));

    let p = profile("occupancy_shared_limited", |c| {
        c.args[2] = calibration::Arg::I32(4);
    });
    let o = p.launch.as_ref().expect("counters").time.occupancy;
    assert_eq!(o.blocks_per_sm, 2);
    assert_eq!(o.limiter, cuda_library::sim::Limiter::SharedMemory);
    assert!(p
        .hints()
        .iter()
        .any(|h| h.text.contains("limited by shared memory")));
}

#[test]
fn a_closure_that_launches_nothing_is_an_error() {
    cuda_library::use_backend(BackendKind::Sim).expect("the simulator");
    let ctx = Device::new(0)
        .and_then(|d| d.set_current())
        .expect("context");
    let stream = ctx.create_stream().expect("stream");
    let e = timing::profile(&stream, || Ok(())).expect_err("nothing to profile");
    assert!(e.to_string().contains("launched no kernel"), "{e}");
}

/// A launch made while no profile is taken is in no profile (it makes none), and a profile
/// taken after it sees only its own launches, with their per-line counters.
#[test]
fn a_launch_outside_a_profile_is_in_none() {
    cuda_library::use_backend(BackendKind::Sim).expect("the simulator");
    let ctx = Device::new(0)
        .and_then(|d| d.set_current())
        .expect("context");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    let lib = Library::load_file(path, &LibraryOptions::default()).expect("kernels.ptx loads");
    let saxpy = lib.get_kernel("saxpy").expect("saxpy");
    let stream = ctx.create_stream().expect("stream");
    let (x, y) = (
        ctx.htod(&[1f32; 256]).expect("x"),
        ctx.alloc_zeroed::<f32>(256).expect("y"),
    );
    let cfg = LaunchConfig::for_num_elems(256, 128);
    launch!(saxpy, &stream, &cfg, 2.0f32, x, y, 256i32).expect("a launch");
    let e = timing::profile(&stream, || Ok(())).expect_err("nothing launched in the profile");
    assert!(e.to_string().contains("launched no kernel"), "{e}");
    let p = timing::profile(&stream, || {
        launch!(saxpy, &stream, &cfg, 2.0f32, x, y, 256i32)
    })
    .expect("a profile");
    let launch = p.launch.expect("the simulator's counters");
    assert_eq!(launch.kernel, "saxpy");
    assert!(!launch.lines.is_empty(), "per-line counters in a profile");
    // Profiling stopped with the profile: the next launch again makes none.
    launch!(saxpy, &stream, &cfg, 2.0f32, x, y, 256i32).expect("a launch");
    let e = timing::profile(&stream, || Ok(())).expect_err("nothing launched in the profile");
    assert!(e.to_string().contains("launched no kernel"), "{e}");
}

#[test]
fn two_profiles_compare_side_by_side() {
    let small = |c: &mut calibration::Case| {
        c.grid = [8, 8, 1];
        c.args = vec![
            calibration::Arg::Buffer(256 * 256, calibration::Init::Zero),
            calibration::Arg::Buffer(256 * 256, calibration::Init::Ones),
            calibration::Arg::I32(256),
        ];
    };
    let a = profile("transpose_conflicts", small);
    let b = profile("transpose_padded", small);
    // Compared on the model's account of each launch: the events' times on the shared
    // simulated GPU also take in a synchronous copy another test makes meanwhile (a
    // synchronous copy orders with every stream).
    let model_ns = |p: &timing::Profile| p.launch.as_ref().map(|l| l.time.total_ns);
    let (Some(conflicts), Some(padded)) = (model_ns(&a), model_ns(&b)) else {
        panic!("both launches were profiled by the simulator")
    };
    assert!(
        padded < conflicts,
        "padding removes the conflicts: {padded} ns vs {conflicts} ns"
    );
    let html = timing::compare([a, b]).to_html().expect("html");
    for needle in [
        "transpose_conflicts",
        "transpose_padded",
        "simulated",
        "where the time goes",
        "speed-up over the first",
        "bank conflicts",
    ] {
        assert!(html.contains(needle), "the comparison lacks {needle:?}");
    }
    assert!(timing::compare([]).to_html().is_err());
}

#[test]
fn the_cost_model_takes_any_counts_without_overflow() {
    use cuda_library::sim::{CostModel, MemoryRequests, Stats};
    let max = MemoryRequests {
        requests: u64::MAX,
        sectors: u64::MAX,
    };
    let s = Stats {
        blocks: u64::MAX,
        block_threads: u32::MAX,
        warp_instructions: u64::MAX,
        global_loads: max,
        global_stores: max,
        bulk_loads: max,
        bulk_stores: max,
        tensor: cuda_library::sim::TensorWork {
            ops: u64::MAX,
            pipe_issues: u64::MAX,
        },
        ..Stats::default()
    };
    let t = CostModel::h100().kernel_time(&s);
    assert!(t.total_ns > 0.0, "{t:?}");

    // A profile's line counters, summed, saturate.
    let mut l = profile("transpose_conflicts", |c| c.grid = [1, 1, 1])
        .launch
        .expect("counters");
    let line = cuda_library::sim::LineCounters {
        global_sectors: u64::MAX,
        global_ideal_sectors: u64::MAX,
        ..Default::default()
    };
    l.lines.extend([line, line]);
    assert_eq!(l.global_efficiency(), Some(1.0));
}

/// A warp's 64 `ldmatrix.x4` of a 16 x 16 f16 tile in rows of 128 bytes, its 16-byte
/// chunks swizzled (chunk ^ row % 8) or not, profiled.
fn ldmatrix_profile(swizzled: bool) -> timing::Profile {
    cuda_library::use_backend(BackendKind::Sim).expect("the simulator");
    let ctx = Device::new(0)
        .and_then(|d| d.set_current())
        .expect("context");
    let ptx = ".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 swz)
{
    .reg .pred %p<2>; .reg .b32 %r<16>;
    .shared .align 16 .b8 sm[4096];
    ld.param.u32 %r12, [swz];
    mov.u32 %r1, %tid.x;
    and.b32 %r8, %r1, 15;
    mul.lo.u32 %r2, %r8, 128;
    shr.u32 %r9, %r1, 4;
    and.b32 %r10, %r8, %r12;
    xor.b32 %r9, %r9, %r10;
    shl.b32 %r9, %r9, 4;
    add.u32 %r2, %r2, %r9;
    mov.u32 %r3, sm;
    add.u32 %r2, %r2, %r3;
    mov.u32 %r11, 0;
$loop:
    ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r4, %r5, %r6, %r7}, [%r2];
    add.u32 %r11, %r11, 1;
    setp.lt.u32 %p1, %r11, 64;
    @%p1 bra $loop;
    ret;
}";
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).expect("loads");
    let k = lib.get_kernel("k").expect("kernel");
    let stream = ctx.create_stream().expect("stream");
    let swz: u32 = if swizzled { 7 } else { 0 };
    timing::profile(&stream, || {
        launch!(k, &stream, &LaunchConfig::new(1, 32), swz)
    })
    .expect("profiled")
}

#[test]
fn ldmatrix_bank_conflicts_are_found_and_its_four_phases_are_not_called_conflicts() {
    // Unpadded: 32 wavefronts a request against the 4 its 512 bytes need.
    let p = ldmatrix_profile(false);
    let l = p.launch.as_ref().expect("counters");
    assert_eq!(l.stats.shared.wavefronts_per_request(), 32.0);
    let h = p
        .hints()
        .into_iter()
        .find(|h| h.text.contains("bank conflicts"))
        .expect("a bank-conflict hint");
    let (line, text) = h.line.expect("the line responsible");
    assert!(text.starts_with("ldmatrix"), "line {line}: {text}");
    assert!(h.text.contains("take 32.0 wavefronts each"), "{}", h.text);
    // Swizzled: 4 a request, the fewest 512 bytes take; no conflict to report.
    let p = ldmatrix_profile(true);
    let l = p.launch.as_ref().expect("counters");
    assert_eq!(l.stats.shared.wavefronts_per_request(), 4.0);
    let line = l
        .lines
        .iter()
        .find(|l| l.shared_requests > 0)
        .expect("the ldmatrix line");
    assert_eq!(
        (
            line.shared_requests,
            line.shared_wavefronts,
            line.shared_ideal_wavefronts
        ),
        (64, 256, 256)
    );
    assert!(
        p.hints().iter().all(|h| !h.text.contains("bank conflicts")),
        "{:?}",
        p.hints()
    );
}
