//! Compile speed: compiles `bench_kernel.cu` (100 lines, 10 kernels) repeatedly and prints
//! the median time per compile. Run it in release:
//! `cargo run --release -p cuda-library-compiler --example bench`.

fn main() {
    let src = include_str!("bench_kernel.cu");
    let opts = cuda_library_compiler::Options {
        arch: 90,
        ..Default::default()
    };
    let mut times = Vec::new();
    for _ in 0..200 {
        let t = std::time::Instant::now();
        match cuda_library_compiler::compile(src, "bench_kernel.cu", &[], &opts) {
            Ok(out) => std::hint::black_box(out),
            Err(e) => {
                eprint!("{e}");
                std::process::exit(1);
            }
        };
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    let lines = src.lines().count();
    println!(
        "{lines} lines: median {:.3} ms, min {:.3} ms, max {:.3} ms over {} compiles",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1],
        times.len()
    );
}
