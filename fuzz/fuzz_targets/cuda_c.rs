//! Any bytes through the built-in CUDA C compiler (`cuda_library_compiler::compile`): the
//! preprocessor, the parser, the type rules and PTX emission. The checks (no panic, a
//! refusal that says what failed, a compile within a deadline, PTX the crate can read) are
//! `tests/compiler/hostile_input.rs`'s, which the `compiler` tests also run on the seeds in
//! `fuzz/seeds/cuda_c/` and mutations of them. Built with overflow checks (`cargo fuzz run
//! -a`); libFuzzer's `-timeout` and `-rss_limit_mb` bound time and memory.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/compiler/hostile_input.rs"]
mod hostile_input;

fuzz_target!(|data: &[u8]| {
    hostile_input::check(data);
});
