//! An iterative solver in a CUDA graph's `while` loop, timed against the same solver driven
//! by a host loop, on whichever backend runs (a GPU, or the simulator).
//!
//! `cargo run --release --example graph_solver [-- N [ROUNDS]]`
//!
//! Jacobi iteration for `d x[i] - x[i-1] - x[i+1] = 1` on N points (default 4096, d = 2.1),
//! with the kernels of `tests/fixtures/jacobi.cu`: each iteration is two sweeps and a check
//! of the largest change. The host loop launches the three kernels and reads the check's
//! decision back before it goes on; the graph holds the three as the body of a `while`
//! node, whose check kernel ends the loop with `cudaGraphSetConditional`, so the whole solve
//! is one launch with no round trip to the host. Both give the same bits; the medians of
//! ROUNDS solves (default 11) are printed per iteration, with one JSON line for scripts. On
//! a GPU the kernels are linked with libcudadevrt (`CUDA_LIBRARY_CUDADEVRT`, the
//! `nvidia-cuda-runtime` wheel under `VIRTUAL_ENV`, or `/usr/local/cuda/lib64`); on the
//! simulator the figures are the simulator's own speed, not a GPU's.

use std::path::PathBuf;
use std::time::Instant;

use cuda_library::{
    launch, ConditionalKind, Context, Device, GraphDefinition, ImageKind, KernelArg, LaunchConfig,
    Library, Linker, LinkerOptions, ObjectCode,
};

const PTX: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jacobi.ptx");
const D: f32 = 2.1;
const TOLERANCE: f32 = 1e-6;
const MAX_SWEEPS: u32 = 100_000;

/// Where libcudadevrt is: it defines `cudaGraphSetConditional` on a GPU.
fn cudadevrt() -> Option<PathBuf> {
    let mut paths: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("CUDA_LIBRARY_CUDADEVRT") {
        paths.push(p.into());
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV") {
        let lib = PathBuf::from(venv).join("lib");
        for entry in std::fs::read_dir(lib).into_iter().flatten().flatten() {
            paths.push(
                entry
                    .path()
                    .join("site-packages/nvidia/cuda_runtime/lib/libcudadevrt.a"),
            );
        }
    }
    paths.push("/usr/local/cuda/lib64/libcudadevrt.a".into());
    paths.into_iter().find(|p| p.is_file())
}

/// The Jacobi kernels: the PTX on the simulator, linked with libcudadevrt on a GPU.
fn kernels(simulated: bool) -> cuda_library::Result<Library> {
    if simulated {
        return Library::load_file(PTX, &Default::default());
    }
    let devrt = cudadevrt().ok_or_else(|| {
        cuda_library::Error::InvalidArgument(
            "libcudadevrt.a not found: set CUDA_LIBRARY_CUDADEVRT to its path".to_string(),
        )
    })?;
    // The whole static library: the linker takes the members the kernels need.
    let objects = [
        ObjectCode::from_ptx(std::path::Path::new(PTX)),
        ObjectCode::from_library(devrt),
    ];
    Linker::new(&objects, LinkerOptions::default())?
        .link(ImageKind::Cubin)?
        .to_library(&Default::default())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() -> cuda_library::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4096);
    let rounds: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(11)
        .max(1);
    let info = cuda_library::backend()?;
    let ctx: Context = Device::new(0)?.set_current()?;
    let stream = ctx.create_stream()?;
    let simulated = stream.simulated_time_ms().is_some();
    let lib = kernels(simulated)?;
    let (sweep, check, check_host) = (
        lib.get_kernel("jacobi_sweep")?,
        lib.get_kernel("jacobi_check")?,
        lib.get_kernel("jacobi_check_host")?,
    );
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    let one = LaunchConfig::new(1, 1);
    let b = ctx.htod(&vec![1.0f32; n])?;
    let (x, y) = (ctx.alloc_zeroed::<f32>(n)?, ctx.alloc_zeroed::<f32>(n)?);
    let state = ctx.alloc_zeroed::<u32>(3)?; // change, sweeps, go on
    let (bp, xp, yp, sp) = (
        b.device_ptr(),
        x.device_ptr(),
        y.device_ptr(),
        state.device_ptr(),
    );
    let (len, d, tol, max) = (n as i32, D, TOLERANCE, MAX_SWEEPS);

    // The host loop: three launches, then the decision read back, per iteration.
    let host_solve = || -> cuda_library::Result<(Vec<f32>, u32)> {
        x.fill(0.0)?;
        state.fill(0)?;
        loop {
            launch!(sweep, &stream, &cfg, bp, xp, yp, sp, d, len)?;
            launch!(sweep, &stream, &cfg, bp, yp, xp, sp, d, len)?;
            launch!(check_host, &stream, &one, sp, tol, max)?;
            if state.to_vec()?[2] == 0 {
                return Ok((x.to_vec()?, state.to_vec()?[1]));
            }
        }
    };

    // The graph: reset x and the state, then while (handle) { sweep; sweep; check }.
    let def = GraphDefinition::new(&ctx)?;
    let handle = def.conditional_handle(Some(1))?;
    let h = handle.raw();
    let reset_x = def.add_memset(&[], &x, 0.0f32)?;
    let reset_state = def.add_memset(&[], &state, 0u32)?;
    let (_, bodies) =
        def.add_conditional(&[reset_x, reset_state], handle, ConditionalKind::While)?;
    let body = &bodies[0];
    let s1 = body.add_kernel(
        &[],
        &sweep,
        &cfg,
        &[
            KernelArg::of(&bp),
            KernelArg::of(&xp),
            KernelArg::of(&yp),
            KernelArg::of(&sp),
            KernelArg::of(&d),
            KernelArg::of(&len),
        ],
    )?;
    let s2 = body.add_kernel(
        &[s1],
        &sweep,
        &cfg,
        &[
            KernelArg::of(&bp),
            KernelArg::of(&yp),
            KernelArg::of(&xp),
            KernelArg::of(&sp),
            KernelArg::of(&d),
            KernelArg::of(&len),
        ],
    )?;
    body.add_kernel(
        &[s2],
        &check,
        &one,
        &[
            KernelArg::of(&sp),
            KernelArg::of(&tol),
            KernelArg::of(&max),
            KernelArg::of(&h),
        ],
    )?;
    let graph = def.instantiate()?;
    graph.upload(&stream)?;
    let graph_solve = || -> cuda_library::Result<(Vec<f32>, u32)> {
        graph.launch(&stream)?;
        stream.synchronize()?;
        Ok((x.to_vec()?, state.to_vec()?[1]))
    };

    let (want, sweeps) = host_solve()?;
    let (got, graph_sweeps) = graph_solve()?;
    let same = want
        .iter()
        .zip(&got)
        .all(|(a, b)| a.to_bits() == b.to_bits());
    if !same || sweeps != graph_sweeps {
        return Err(cuda_library::Error::InvalidArgument(format!(
            "the graph's solve differs from the host loop's ({graph_sweeps} against {sweeps} sweeps)"
        )));
    }
    let iterations = (sweeps / 2).max(1) as f64;
    let (mut host_t, mut graph_t) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let time = |f: &dyn Fn() -> cuda_library::Result<(Vec<f32>, u32)>| {
            stream.synchronize()?;
            let t = Instant::now();
            f()?;
            Ok::<f64, cuda_library::Error>(t.elapsed().as_secs_f64() / iterations)
        };
        if round % 2 == 0 {
            host_t.push(time(&host_solve)?);
            graph_t.push(time(&graph_solve)?);
        } else {
            graph_t.push(time(&graph_solve)?);
            host_t.push(time(&host_solve)?);
        }
    }
    let (host_us, graph_us) = (median(host_t) * 1e6, median(graph_t) * 1e6);
    println!(
        "{} ({}): Jacobi on {n} points, {sweeps} sweeps ({} iterations of 3 kernels) to a change below {TOLERANCE}",
        info.kind,
        if simulated { "simulated: the simulator's own speed" } else { "GPU" },
        sweeps / 2
    );
    println!("host loop (launch 3, read the decision back): {host_us:9.2} µs per iteration");
    println!("graph while loop (one launch):               {graph_us:9.2} µs per iteration");
    println!(
        "speed-up: {:.2}x (medians of {rounds} solves)",
        host_us / graph_us
    );
    println!(
        "{{\"n\":{n},\"sweeps\":{sweeps},\"rounds\":{rounds},\"simulated\":{simulated},\"host_us_per_iteration\":{host_us:.3},\"graph_us_per_iteration\":{graph_us:.3}}}"
    );
    Ok(())
}
