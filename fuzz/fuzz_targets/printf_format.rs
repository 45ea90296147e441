//! Device `printf` with any format and any argument bytes: a kernel hands the format (the
//! input up to its first NUL) and the argument buffer (the rest) to `vprintf`, as compiled
//! CUDA does, and the simulator formats them. Errors (a format reading past the arguments)
//! are fine; panics, hangs and text past the printf FIFO are not. Built with overflow
//! checks (`cargo fuzz run -a`).
#![no_main]

use std::sync::OnceLock;

use cuda_library::sim::{self, Dims, Memory, SimModule, PRINTF_FIFO_BYTES};
use libfuzzer_sys::fuzz_target;

/// `printf(fmt, args)` with both pointers as parameters.
const PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 rv) vprintf (.param .b64 a, .param .b64 b);
.visible .entry pf(.param .u64 fmt, .param .u64 args) {
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [fmt];
  ld.param.u64 %rd2, [args];
  {
    .param .b64 p0;
    st.param.b64 [p0], %rd1;
    .param .b64 p1;
    st.param.b64 [p1], %rd2;
    .param .b32 rv;
    call.uni (rv), vprintf, (p0, p1);
    ld.param.b32 %r1, [rv];
  }
  ret;
}
"#;

fn module() -> &'static SimModule {
    static MODULE: OnceLock<SimModule> = OnceLock::new();
    MODULE.get_or_init(|| {
        sim::load_ptx(PTX, &mut Memory::new()).expect("the printf kernel loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let (format, args) = match data.iter().position(|&b| b == 0) {
        Some(k) => (&data[..k], &data[k + 1..]),
        None => (data, &[][..]),
    };
    let mut mem = Memory::new();
    let mut fmt = format.to_vec();
    fmt.push(0);
    let (Ok(f), Ok(a)) = (mem.alloc(fmt.len(), 256), mem.alloc(args.len().max(1), 256)) else {
        return;
    };
    mem.write(f, &fmt).unwrap();
    mem.write(a, args).unwrap();
    let mut params = f.to_le_bytes().to_vec();
    params.extend_from_slice(&a.to_le_bytes());
    let dims = Dims {
        grid: [1, 1, 1],
        block: [2, 1, 1],
        shared_dynamic: 0,
    };
    let _ = sim::launch(module(), &mut mem, "pf", dims, &params, 100_000);
    let out = mem.take_device_output();
    // Two threads' text, kept only while it fits the FIFO, and the note on what was dropped.
    assert!(out.len() <= PRINTF_FIFO_BYTES + 200, "{} bytes", out.len());
});
