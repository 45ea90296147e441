//! Compiles a CUDA C++ file with the built-in compiler and prints the PTX:
//! `cargo run -p cuda-library-compiler --example cc -- [-IDIR...] FILE [ARCH] [NAME_EXPR...]`.

fn main() -> std::process::ExitCode {
    let (includes, args): (Vec<String>, Vec<String>) =
        std::env::args().skip(1).partition(|a| a.starts_with("-I"));
    let Some(path) = args.first() else {
        eprintln!("usage: cc FILE [ARCH] [NAME_EXPR...]");
        return std::process::ExitCode::from(2);
    };
    let src = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let arch = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(52);
    let exprs: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    let opts = cuda_library_compiler::Options {
        arch,
        include_paths: includes
            .iter()
            .map(|i| std::path::PathBuf::from(&i[2..]))
            .collect(),
        ..Default::default()
    };
    match cuda_library_compiler::compile(&src, path, &exprs, &opts) {
        Ok(out) => {
            print!("{}", out.ptx);
            for (e, m) in out.lowered_names {
                eprintln!("{e} -> {m}");
            }
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{e}");
            std::process::ExitCode::FAILURE
        }
    }
}
