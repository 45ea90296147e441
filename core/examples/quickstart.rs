//! The README's quickstart: `cargo run --example quickstart`. Compiles with NVRTC where it is
//! installed (`scripts/setup-venv.sh` puts it in .venv, where the crate finds it), otherwise
//! with the built-in compiler; runs on the GPU or, without one, the simulator.

use cuda_library::{launch, Device, ImageKind, LaunchConfig, Program, ProgramOptions};

/// Runs the example; an error prints as its message and hint (not Rust's `Debug`) and
/// the exit status is 1.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> cuda_library::Result<()> {
    println!("{}", cuda_library::backend()?); // the GPU, or the simulator and why
    let ctx = Device::new(0)?.set_current()?;

    // CUDA C++ -> PTX with NVRTC, or the built-in compiler where NVRTC is missing (for
    // device 0's architecture). PTX runs on both backends; a cubin holds SASS, GPU only.
    let code = Program::new(
        r#"extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
               int i = blockIdx.x * blockDim.x + threadIdx.x;
               if (i < n) y[i] = a * x[i] + y[i];
           }"#,
        ProgramOptions::default(),
    )
    .compile(ImageKind::Ptx, &[])?;
    println!("compiled by {}", code.compiler().unwrap_or("?"));

    let lib = code.to_library(&Default::default())?; // cuLibraryLoadData
    for k in lib.kernels()? {
        // cuLibraryEnumerateKernels
        let params: Vec<String> = k
            .param_info()?
            .iter()
            .map(|p| format!("{} bytes at +{}", p.size, p.offset))
            .collect();
        println!("kernel {}({})", k.demangled_name()?, params.join(", "));
    }
    let saxpy = lib.get_kernel("saxpy")?;

    let n = 1 << 20;
    let x = ctx.htod(&vec![1.0f32; n])?;
    let y = ctx.htod(&vec![2.0f32; n])?;
    let stream = ctx.create_stream()?;
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n as i32)?; // checked against param info
    stream.synchronize()?;
    assert!(y.to_vec()?.iter().all(|&v| v == 5.0));
    println!("saxpy on {n} floats: every y is 3 * 1 + 2 = 5");

    // `n` as usize is 8 bytes where the kernel takes a 4-byte int: an error, not UB.
    assert!(launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n).is_err());

    lib.unload()?; // cuLibraryUnload
    assert!(saxpy.name().is_err()); // Error::Unloaded, never UB
    Ok(())
}
