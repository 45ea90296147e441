//! A tour of cuda-library: `cargo run --release --example tour`.
//!
//! It loads the fixture library, prints its kernel table and globals, launches saxpy and
//! times it: on the GPU when the CUDA driver finds one, otherwise on the simulated GPU
//! behind the same API, saying why (every place the driver was looked for). Then it
//! compiles CUDA C++ with NVRTC, which needs no GPU.

use cuda_library::{
    launch, Device, ElementType, ImageKind, LaunchConfig, Library, LibraryOptions, Program,
    ProgramOptions,
};

/// `println!` that ends the tour quietly when stdout is closed (`tour | head`) instead of
/// panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> cuda_library::Result<()> {
    out!("cuda-library tour\n=================\n");
    let info = cuda_library::backend()?;
    out!("backend: {info}\n");
    gpu_tour(info.is_simulated())?;
    offline_tour()
}

fn gpu_tour(simulated: bool) -> cuda_library::Result<()> {
    let dev = Device::new(0)?;
    let ctx = dev.set_current()?;
    let p = dev.properties()?;
    let sm = format!("sm_{}{}", p.compute_capability.0, p.compute_capability.1);
    // The simulated device's name already says its architecture; a GPU's does not.
    let arch = if p.name.contains(&sm) {
        String::new()
    } else {
        format!(", {sm}")
    };
    out!(
        "device 0: {}{arch}, {} SMs, {:.1} GiB",
        p.name,
        p.multiprocessor_count,
        p.total_memory as f64 / (1u64 << 30) as f64
    );

    let lib = Library::load_file(
        format!("{FIXTURES}/kernels.fatbin"),
        &LibraryOptions::default(),
    )?;
    out!("\nloaded {}\n", lib.source());
    out!("kernels (smem and const in bytes; blocks/SM: resident blocks per SM at 256 threads a block)");
    out!(
        "{:<44} {:>4} {:>5} {:>5} {:>9}  params (offset:size)",
        "kernel",
        "regs",
        "smem",
        "const",
        "blocks/SM"
    );
    let mut kernels = lib.kernels()?;
    kernels.sort_by_key(|k| k.name().unwrap_or_default());
    for k in &kernels {
        let info = k.info(&dev)?;
        let params: Vec<String> = info
            .params
            .iter()
            .map(|p| format!("{}:{}", p.offset, p.size))
            .collect();
        out!(
            "{:<44} {:>4} {:>5} {:>5} {:>9}  {}",
            info.demangled,
            opt(info.num_regs),
            opt(info.shared_bytes),
            opt(info.const_bytes),
            k.max_active_blocks_per_sm(256, 0)?,
            params.join(" ")
        );
    }

    // The element types are kernels.cu's: the image declares initialised arrays as bytes.
    out!("\nglobals (types from kernels.cu):");
    let globals = [
        ("table", ElementType::F32),
        ("coeffs", ElementType::F32),
        ("counter", ElementType::I32),
        ("managed_value", ElementType::I32),
    ];
    for (name, ty) in globals {
        let g = lib.get_global(name)?.typed(ty)?;
        let values = ty.format(&g.read_bytes()?);
        let (decl, shown) = match values.as_slice() {
            [one] => (ty.to_string(), one.clone()),
            _ => (
                format!("{ty}[{}]", values.len()),
                format!("[{}]", values.join(", ")),
            ),
        };
        out!(
            "  {name:<14} {decl:<7} at {:#x} = {shown}",
            g.device_ptr().0
        );
    }
    let m = lib.get_managed("managed_value")?;
    out!("  managed_value read from the host: {}", m.read::<i32>()?);

    let saxpy = lib.get_kernel("saxpy")?;
    // The simulator executes every thread's instructions on one CPU core: a smaller array.
    let n = if simulated { 1 << 18 } else { 1 << 24 };
    let x = ctx.htod(&vec![1.0f32; n])?;
    let y = ctx.htod(&vec![2.0f32; n])?;
    let stream = ctx.create_stream()?;
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    let (start, end) = (ctx.create_event()?, ctx.create_event()?);
    launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n as i32)?;
    start.record(&stream)?;
    launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n as i32)?;
    end.record(&stream)?;
    let ms = end.elapsed_ms_since(&start)?;
    let y0 = y.to_vec()?[0];
    let label = if end.is_simulated() {
        " (simulated time, from the cost model)"
    } else {
        ""
    };
    out!("\nsaxpy on {n} floats: {ms:.3} ms{label}, y[0] = {y0} (expected 8)");

    match launch!(saxpy, &stream, &cfg, 3.0f32, x, y, n) {
        Ok(()) => out!("passing n as usize instead of int: launched (expected an error)"),
        Err(e) => out!("passing n as usize instead of int -> error: {}", indent(&e)),
    }
    lib.unload()?;
    match saxpy.name() {
        Ok(name) => out!("saxpy.name() after unload: {name} (expected an error)"),
        Err(e) => out!("saxpy.name() after unload -> error: {}", indent(&e)),
    }
    out!();
    Ok(())
}

fn offline_tour() -> cuda_library::Result<()> {
    for name in ["kernels.sm90.cubin", "kernels.fatbin", "kernels.ptx"] {
        let path = format!("{FIXTURES}/{name}");
        let bytes = std::fs::read(&path).map_err(|source| cuda_library::Error::Io {
            path: path.clone().into(),
            source,
        })?;
        out!(
            "  {name:<20} {:>6} bytes, recognised as {}",
            bytes.len(),
            cuda_library::detect_image_kind(&bytes)
                .map(|k| k.to_string())
                .unwrap_or_else(|| "unknown".into())
        );
    }
    // The kernel table, read from the image itself.
    let fatbin = std::fs::read(format!("{FIXTURES}/kernels.fatbin")).map_err(|source| {
        cuda_library::Error::Io {
            path: format!("{FIXTURES}/kernels.fatbin").into(),
            source,
        }
    })?;
    let table = cuda_library::LibraryTable::read(&fatbin)?;
    out!(
        "\n  kernels.fatbin read without a driver (from its {} entry for {}):",
        table.source_kind,
        table.arch
    );
    for k in &table.kernels {
        let params: Vec<String> = k
            .params
            .iter()
            .map(|p| format!("{}:{}", p.offset, p.size))
            .collect();
        out!(
            "    {:<42} regs {:>3}  params {}",
            k.demangled,
            k.num_regs
                .map(|r| r.to_string())
                .unwrap_or_else(|| "?".into()),
            params.join(" ")
        );
    }

    let src = r#"
template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}"#;
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    };
    match Program::new(src, options)
        .with_name("scale.cu")
        .compile(ImageKind::Ptx, &["scale<float>", "scale<double>"])
    {
        Ok(code) => {
            let (path, (maj, min)) = cuda_library::nvrtc_info()?;
            out!("\n  NVRTC {maj}.{min} ({path}) compiled scale.cu to PTX:");
            for (expr, sym) in code.symbol_mapping() {
                out!(
                    "    {expr:<14} -> {sym:<22} {}",
                    cuda_library::demangle(sym)
                );
            }
            let ptx = code.ptx_text().unwrap_or_default();
            out!("    {} lines of PTX", ptx.lines().count());
        }
        Err(e) => out!("\n  NVRTC is not available either: {e}"),
    }
    Ok(())
}

/// An error's message with its hint and other lines indented under it.
fn indent(e: &cuda_library::Error) -> String {
    e.to_string().replace('\n', "\n    ")
}

/// A value of a kernel's row, or `?` where the backend cannot tell.
fn opt(v: Option<u32>) -> String {
    v.map_or_else(|| "?".into(), |v| v.to_string())
}
