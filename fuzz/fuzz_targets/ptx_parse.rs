//! Any text through the PTX lexer, parser, table builder and the simulator's lowering, and
//! then the simulator itself: each kernel (a few, sorted by name) runs one small block with
//! zeroed parameters and a small instruction budget. Errors (faults, the budget, unsupported
//! instructions) are fine; panics, hangs and unbounded allocations are not. A kernel whose
//! body has a syntax error stays listed in the table and fails alone.
#![no_main]

use cuda_library::sim::{self, Dims, Memory};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(parsed) = cuda_library::ptx::parse(text) else {
        return;
    };
    // A kernel whose body could not be read is still listed, with its parameters.
    if let Ok(table) = cuda_library::LibraryTable::read(text.as_bytes()) {
        for f in parsed
            .functions
            .iter()
            .filter(|f| f.is_entry && f.error.is_some())
        {
            let listed = table
                .kernels
                .iter()
                .any(|k| k.name == f.name && k.params.len() == f.params.len());
            assert!(listed, "{}", f.name);
        }
    }
    let mut mem = Memory::new();
    let Ok(module) = sim::load_ptx(text, &mut mem) else {
        return;
    };
    // Its launch says why, with the line (unless another kernel of the name was read).
    for name in module.syntax_errors.keys() {
        assert!(module.kernel(name).is_err() || module.kernels.contains_key(name));
    }
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
