//! Any text through the PTX lexer, parser, table builder and the simulator's lowering, and
//! then the simulator itself: each kernel (a few, sorted by name) runs one small block with
//! zeroed parameters and a small instruction budget. Errors (faults, the budget, unsupported
//! instructions) are fine; panics, hangs and unbounded allocations are not.
#![no_main]

use cuda_library::sim::{self, Dims, Memory};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if cuda_library::ptx::parse(text).is_err() {
        return;
    }
    let _ = cuda_library::LibraryTable::read(text.as_bytes());
    let mut mem = Memory::new();
    let Ok(module) = sim::load_ptx(text, &mut mem) else {
        return;
    };
    let mut names: Vec<&String> = module.kernels.keys().collect();
    names.sort();
    for name in names.into_iter().take(3) {
        let Ok(code) = module.kernel(name) else {
            continue;
        };
        let params = vec![0u8; code.param_bytes];
        let dims = Dims {
            grid: [2, 1, 1],
            block: [40, 1, 1],
            shared_dynamic: 64,
        };
        let _ = sim::launch(&module, &mut mem, name, dims, &params, 20_000);
    }
});
