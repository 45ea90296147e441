//! Any text through the PTX lexer, parser and table builder.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if cuda_library::ptx::parse(text).is_ok() {
        let _ = cuda_library::LibraryTable::read(text.as_bytes());
    }
});
