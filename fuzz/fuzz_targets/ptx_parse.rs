//! Any text through the PTX lexer, parser, table builder and the simulator's lowering.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if cuda_library::ptx::parse(text).is_ok() {
        let _ = cuda_library::LibraryTable::read(text.as_bytes());
        let mut mem = cuda_library::sim::Memory::new();
        let _ = cuda_library::sim::load_ptx(text, &mut mem);
    }
});
