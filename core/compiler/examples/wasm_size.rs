//! The compiler as a WASM module exports it, for the size figure: one exported function
//! that compiles the bench kernel, so nothing of the compiler is optimised away. Build it
//! with the playground's `wasm` profile, for size:
//! `CARGO_PROFILE_WASM_OPT_LEVEL=z cargo build --profile wasm -p cuda-library-compiler
//! --example wasm_size --target wasm32-unknown-unknown`, then gzip
//! `target/wasm32-unknown-unknown/wasm/examples/wasm_size.wasm` without its custom sections.

/// Compiles the bench kernel; returns the PTX's length (or the log's).
#[no_mangle]
pub extern "C" fn compile_bench_kernel() -> usize {
    let src = std::hint::black_box(include_str!("bench_kernel.cu"));
    match cuda_library_compiler::compile(
        src,
        "bench_kernel.cu",
        &[],
        &cuda_library_compiler::Options::default(),
    ) {
        Ok(out) => out.ptx.len(),
        Err(e) => e.log.len(),
    }
}
