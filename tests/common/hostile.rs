//! Hostile kernels, and one way to run any image through the public API the way a user
//! would: load it as a library on the simulator, launch each kernel with zeroed arguments
//! of the declared sizes, unload. Shared by the native tests (`tests/sim_device/limits.rs`), the
//! WebAssembly tests in Node (`playground/tests/web.rs`) and the `library_launch` fuzz
//! target, so the same inputs run on every target.
//!
//! Every case must end in an error (or a finished launch) within the default
//! [`Limits`](cuda_library::Limits): no panic, no hang, no allocation past the limits.

#![allow(dead_code)]

use cuda_library::{Error, KernelArg, LaunchConfig, Library, LibraryOptions};

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// `(name, PTX body after the header, launch grid, block)`.
pub const CASES: &[(&str, &str, u32, u32)] = &[
    // An empty kernel on the largest grid: stopped by the work budget.
    (
        "empty huge grid",
        ".visible .entry k() { ret; }",
        u32::MAX >> 1,
        1,
    ),
    // Local memory cleared for every block of a huge grid: counted as work.
    (
        "big local, huge grid",
        ".visible .entry k() { .local .align 4 .b8 buf[65536]; ret; }",
        1 << 20,
        1024,
    ),
    // A parameter array whose size does not fit in 32 bits (was truncated, then overflowed
    // while packing arguments on wasm32).
    (
        "parameter array past 4 GiB",
        ".visible .entry k(.param .align 8 .b8 p[4294967304]) { ret; }",
        1,
        1,
    ),
    // A parameter list past CUDA's 32,764 bytes.
    (
        "parameters past 32764 bytes",
        ".visible .entry k(.param .align 8 .b8 p[40000]) { ret; }",
        1,
        1,
    ),
    // Shared memory of 4 GiB (was reported as 0 bytes).
    (
        "4 GiB shared array",
        ".visible .entry k() { .shared .align 4 .b8 s[4294967296]; ret; }",
        1,
        32,
    ),
    // A gigabyte-sized global variable.
    (
        "1 GB global",
        ".visible .global .align 4 .b8 big[1000000000];\n.visible .entry k() { ret; }",
        1,
        1,
    ),
    // Half a warp at one barrier, the other half at another (half a warp at a barrier
    // whose other half exits is fine: exited threads count as arrived).
    (
        "bar.sync by half a warp",
        ".visible .entry k() { .reg .pred %p<2>; .reg .b32 %r<2>; mov.u32 %r1, %tid.x; \
         setp.lt.u32 %p1, %r1, 16; @!%p1 bra OTHER; bar.sync 0; bra.uni END; \
         OTHER: bar.sync 0; END: ret; }",
        1,
        32,
    ),
    // wmma shapes PTX does not define (a zero dimension divided by; a 1x1 tile with no
    // fragment registers; a huge tile): refused at load, not a panic.
    (
        "wmma with a zero dimension",
        ".visible .entry k(.param .u64 p) { .reg .b32 %r<9>; .reg .b64 %rd<2>; \
         ld.param.u64 %rd1, [p]; \
         wmma.load.a.sync.aligned.row.m16n0k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1]; ret; }",
        1,
        32,
    ),
    (
        "wmma of a 1x1 tile",
        ".visible .entry k() { .reg .f32 %f<3>; .reg .b32 %r<3>; \
         wmma.mma.sync.aligned.row.row.m1n1k1.f32.f32 {%f1}, {%r1}, {%r2}, {%f2}; ret; }",
        1,
        32,
    ),
    (
        "wmma of a huge tile",
        ".visible .entry k(.param .u64 p) { .reg .b32 %r<2>; .reg .b64 %rd<2>; \
         ld.param.u64 %rd1, [p]; \
         wmma.load.c.sync.aligned.row.m4294967295n4294967295k16.global.f32 {%r1}, [%rd1]; ret; }",
        1,
        32,
    ),
    // A loop that never ends.
    (
        "endless loop",
        ".visible .entry k() { LOOP: bra LOOP; }",
        1,
        32,
    ),
];

/// The PTX text of case `body`.
pub fn ptx(body: &str) -> String {
    format!("{HEADER}{body}\n")
}

/// Loads `image` on the simulator, launches each of its kernels (at most `max_kernels`,
/// by name) over `grid` blocks of `block` threads with zeroed arguments of the declared
/// sizes, then unloads it. Returns the first error, if any. Never panics on any input.
pub fn load_and_run(image: &[u8], grid: u32, block: u32, max_kernels: usize) -> Result<(), Error> {
    cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    let ctx = cuda_library::Device::new(0)?.set_current()?;
    let stream = ctx.create_stream()?;
    let lib = Library::load_data(image, &LibraryOptions::default())?;
    let mut first_error = None;
    let mut kernels = lib.kernels()?;
    kernels.sort_by_key(|k| k.name().unwrap_or_default());
    for k in kernels.iter().take(max_kernels) {
        let params = k.param_info()?;
        // One zeroed buffer holds every argument's bytes (each at most the parameter limit).
        let zeros = vec![0u8; params.iter().map(|p| p.size).max().unwrap_or(0)];
        let args: Vec<KernelArg<'_>> = params
            .iter()
            .map(|p| KernelArg::from_bytes(&zeros[..p.size]))
            .collect();
        let r = k.launch(&stream, &LaunchConfig::new(grid, block), &args);
        if let Err(e) = r {
            first_error.get_or_insert(e);
        }
    }
    lib.unload()?;
    first_error.map_or(Ok(()), Err)
}
