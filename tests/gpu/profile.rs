//! Profiles on a GPU (`timing::profile` on the driver backend): the time the GPU measured
//! and the counters of the same launch run again on a private simulated device, labelled
//! simulated; a library without PTX gets the time and a note saying why there are no
//! counters. Prints what it saw. Skipped, with the reason printed, without a GPU.

use crate::common::gpu;

use cuda_library::{launch, timing, LaunchConfig, Library};

const KERNELS_PTX: &[u8] = include_bytes!("../fixtures/kernels.ptx");
const KERNELS_CUBIN: &[u8] = include_bytes!("../fixtures/kernels.sm90.cubin");
const CALIBRATION_PTX: &[u8] = include_bytes!("../fixtures/calibration.ptx");

gpu_tests![gpu_profiles_carry_the_simulators_counters_for_the_same_launch];

pub fn gpu_profiles_carry_the_simulators_counters_for_the_same_launch() {
    let ctx = gpu::context();
    let stream = ctx.create_stream().unwrap();
    let n = 1usize << 20;
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);

    // saxpy from PTX: coalesced, counted on the simulator, the GPU's buffers untouched.
    let lib = Library::load_data(KERNELS_PTX, &Default::default()).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let x = ctx.htod(&vec![1.0f32; n]).unwrap();
    let y = ctx.htod(&vec![2.0f32; n]).unwrap();
    // A first launch includes loading the kernel (lazy loading): warm up outside the profile.
    launch!(saxpy, &stream, &cfg, 0.0f32, x, y, n as i32).unwrap();
    let p = timing::profile(&stream, || {
        launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n as i32)
    })
    .unwrap();
    assert!(!p.simulated, "the time is the GPU's");
    assert!(p.ms > 0.0);
    let note = p.note.as_deref().unwrap_or_default();
    assert!(note.contains("H100") || note.contains("H200"), "{note}");
    let l = p.launch.as_ref().expect("simulated counters");
    assert_eq!(l.stats.blocks, (n / 256) as u64);
    assert_eq!(l.stats.global_loads.requests, (n / 32 * 2) as u64);
    assert_eq!(l.stats.global_loads.sectors_per_request(), 4.0);
    assert!(
        y.to_vec().unwrap().iter().all(|&v| v == 5.0),
        "one launch, on the GPU"
    );
    println!(
        "saxpy, {n} elements: GPU {:.1} µs, model {:.1} µs, {:.1} sectors per load",
        p.ms * 1e3,
        l.time.total_ns / 1e3,
        l.stats.global_loads.sectors_per_request()
    );
    let html = p.to_html().unwrap();
    assert!(
        html.contains("GPU events") && html.contains("simulated"),
        "{html}"
    );
    save_html("saxpy", &html);

    // A strided copy: the hint names the line of the uncoalesced load.
    let lib = Library::load_data(CALIBRATION_PTX, &Default::default()).unwrap();
    let copy = lib.get_kernel("copy").unwrap();
    let out = ctx.alloc_zeroed::<f32>(n).unwrap();
    let input = ctx.htod(&vec![1.0f32; n * 8]).unwrap();
    launch!(copy, &stream, &cfg, out, input, n as i32, 8i32, 0i32).unwrap();
    let p = timing::profile(&stream, || {
        launch!(copy, &stream, &cfg, out, input, n as i32, 8i32, 0i32)
    })
    .unwrap();
    let l = p.launch.as_ref().expect("simulated counters");
    assert_eq!(l.stats.global_loads.sectors_per_request(), 32.0);
    let hints = p.hints();
    let h = hints
        .iter()
        .find(|h| h.text.contains("uncoalesced"))
        .unwrap_or_else(|| panic!("{hints:#?}"));
    assert!(h
        .line
        .as_ref()
        .is_some_and(|(_, code)| code.starts_with("ld.global")));
    println!("copy, stride 8: GPU {:.1} µs; {}", p.ms * 1e3, h.text);
    save_html("copy_stride8", &p.to_html().unwrap());

    // From a cubin: no PTX, so no counters; the time is still measured and the note says why.
    let lib = Library::load_data(KERNELS_CUBIN, &Default::default()).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    launch!(saxpy, &stream, &cfg, 0.0f32, x, y, n as i32).unwrap();
    let p = timing::profile(&stream, || {
        launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n as i32)
    })
    .unwrap();
    assert!(p.launch.is_none());
    assert!(p.ms > 0.0);
    let note = p.note.as_deref().unwrap_or_default();
    assert!(note.contains("kept no PTX"), "{note}");
    println!("from a cubin: GPU {:.1} µs; {note}", p.ms * 1e3);

    // An end pointer (one past its buffer) is moved with the buffer: the kernel that walks
    // [begin, end) runs its loop on the simulator too.
    let lib = Library::load_data(WALK_PTX.as_bytes(), &Default::default()).unwrap();
    let walk = lib.get_kernel("walk").unwrap();
    let buf = ctx.htod(&vec![1u32; 256]).unwrap();
    let (begin, end) = (buf.as_raw(), buf.as_raw() + 256 * 4);
    let one = LaunchConfig::for_num_elems(32, 32);
    launch!(walk, &stream, &one, begin, end).unwrap();
    let p = timing::profile(&stream, || launch!(walk, &stream, &one, begin, end)).unwrap();
    let l = p.launch.as_ref().unwrap_or_else(|| panic!("{:?}", p.note));
    // 256 words read by 32 lanes: 8 warp requests of 4 sectors each.
    assert_eq!(l.stats.global_loads.requests, 8);
    assert_eq!(l.stats.global_loads.sectors, 32);

    // A closure that fails: the error, and later launches are not recorded.
    let e = timing::profile(&stream, || {
        Err(cuda_library::Error::InvalidArgument("x".into()))
    })
    .unwrap_err();
    assert!(e.to_string().contains('x'));

    // Nothing launched through this crate: the time, and a note saying why no counters.
    let p = timing::profile(&stream, || Ok(())).unwrap();
    assert!(p.launch.is_none());
    let note = p.note.as_deref().unwrap_or_default();
    assert!(
        note.contains("no kernel launch through this crate"),
        "{note}"
    );
}

/// Writes a profile's page to `$CUDA_LIBRARY_PROFILE_HTML_DIR/NAME.html` when that is set
/// (to look at what a GPU profile shows).
fn save_html(name: &str, html: &str) {
    if let Ok(dir) = std::env::var("CUDA_LIBRARY_PROFILE_HTML_DIR") {
        std::fs::write(
            std::path::Path::new(&dir).join(format!("{name}.html")),
            html,
        )
        .unwrap();
    }
}

/// Each lane reads `[begin + 4 * lane, end)` every 128 bytes: a loop bounded by an end
/// pointer.
const WALK_PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry walk(.param .u64 begin, .param .u64 end)
{
    .reg .pred %p<2>; .reg .b32 %r<4>; .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [begin];
    ld.param.u64 %rd2, [end];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd1, %rd3;
LOOP:
    setp.ge.u64 %p1, %rd4, %rd2;
    @%p1 bra DONE;
    ld.global.u32 %r2, [%rd4];
    add.s64 %rd4, %rd4, 128;
    bra.uni LOOP;
DONE:
    ret;
}"#;
