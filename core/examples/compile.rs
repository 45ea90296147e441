//! Compiles a CUDA C++ file: `cargo run --example compile -- FILE OUT (ptx|cubin) ARCH
//! [-IDIR...] [NAME_EXPR...]`, with NVRTC where it is installed (a cubin needs it), otherwise
//! the built-in compiler; says which on stderr. Used to build the corpus fixtures
//! (`tests/fixtures/corpus.*`) on a machine with no GPU.

use cuda_library::{ImageKind, Program, ProgramOptions};

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!(
            "usage: compile FILE OUT (ptx|cubin) ARCH [-IDIR...] [NAME_EXPR...]\n\
             e.g.   cargo run --example compile -- tests/fixtures/kernels.cu /tmp/kernels.ptx ptx sm_90"
        );
        std::process::exit(2);
    }
    let src = std::fs::read_to_string(&args[0]).map_err(|source| cuda_library::Error::Io {
        path: args[0].clone().into(),
        source,
    })?;
    let kind = if args[2] == "cubin" {
        ImageKind::Cubin
    } else {
        ImageKind::Ptx
    };
    let (includes, exprs): (Vec<&str>, Vec<&str>) = args[4..]
        .iter()
        .map(String::as_str)
        .partition(|a| a.starts_with("-I"));
    let opts = ProgramOptions {
        arch: Some(args[3].clone()),
        include_paths: includes.iter().map(|i| i[2..].into()).collect(),
        ..Default::default()
    };
    let name = std::path::Path::new(&args[0])
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let code = Program::new(src, opts)
        .with_name(name)
        .compile(kind, &exprs)?;
    code.save(&args[1])?;
    eprintln!(
        "wrote {} ({} bytes of {kind}, compiled by {})",
        args[1],
        code.bytes().map_or(0, <[u8]>::len),
        code.compiler().unwrap_or("?")
    );
    for (e, s) in code.symbol_mapping() {
        println!("{e} -> {s}");
    }
    Ok(())
}
