//! Why is it slow? Profiles two kernels on the simulator that differ in one property (a
//! shared-memory transpose with and without bank conflicts) and writes the side-by-side view
//! as an HTML page: `cargo run --release --example why_slow -- out.html` (NVRTC needed;
//! `scripts/setup-venv.sh` installs it).

use cuda_library::{launch, timing, BackendKind, Device, ImageKind, LaunchConfig, Program};

const SOURCE: &str = r#"
template <int PAD>
__device__ void transpose(float *out, const float *in, int n) {
    __shared__ float tile[32][32 + PAD];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
extern "C" __global__ void transpose_conflicts(float *out, const float *in, int n) { transpose<0>(out, in, n); }
extern "C" __global__ void transpose_padded(float *out, const float *in, int n) { transpose<1>(out, in, n); }
"#;

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
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "why_slow.html".to_string());
    cuda_library::use_backend(BackendKind::Sim)?;
    let ctx = Device::new(0)?.set_current()?;
    let lib = Program::new(SOURCE, Default::default())
        .compile(ImageKind::Ptx, &[])?
        .to_library(&Default::default())?;
    let n = 1024usize;
    let input = ctx.htod(&vec![1.0f32; n * n])?;
    let output = ctx.alloc_zeroed::<f32>(n * n)?;
    let stream = ctx.create_stream()?;
    let cfg = LaunchConfig::new((n as u32 / 32, n as u32 / 32, 1), (32, 8, 1));
    let mut profiles = Vec::new();
    for name in ["transpose_conflicts", "transpose_padded"] {
        let k = lib.get_kernel(name)?;
        let p = timing::profile(&stream, || {
            launch!(k, &stream, &cfg, output, input, n as i32)
        })?;
        for h in p.hints() {
            println!("{name}: {}", h.text);
        }
        profiles.push(p);
    }
    let page = timing::compare(profiles).to_html()?;
    std::fs::write(&out, page).map_err(|e| cuda_library::Error::InvalidArgument(e.to_string()))?;
    println!("wrote {out}");
    Ok(())
}
