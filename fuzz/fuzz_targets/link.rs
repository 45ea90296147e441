//! Any bytes as up to four PTX modules (cut at NUL bytes) through the PTX linker
//! (`tests/common/link_fuzz.rs`, whose seeds and mutations the simulator tests replay):
//! errors are fine; panics, hangs, unbounded allocations and a linked module that does
//! not parse are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/link_fuzz.rs"]
mod link_fuzz;

fuzz_target!(|data: &[u8]| {
    let _ = link_fuzz::link_case(data);
});
