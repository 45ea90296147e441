//! `mul24`, `mad24`, `sad`, `slct` and `testp` on the simulated backend, through the public
//! API, against the PTX ISA's definitions (the same kernel is checked on a GPU by
//! `tests/gpu_library.rs`). Also: half-precision arithmetic is refused, not run as integers.

#[path = "kernels/ptx_ops.rs"]
mod ptx_ops;

use cuda_library::{BackendKind, Device, Error, LaunchConfig, Library, LibraryOptions};

#[test]
fn integer_and_select_extras_follow_the_ptx_isa() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    ptx_ops::run_and_check(&ctx);
}

#[test]
fn half_precision_arithmetic_is_refused_with_its_line() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let _ctx = Device::new(0).unwrap().set_current().unwrap();
    let ptx = ".version 8.0\n.target sm_80\n.address_size 64\n\
        .visible .entry half(.param .u64 p)\n{\n .reg .b16 %h<3>;\n .reg .f32 %f<2>;\n\
        mov.b16 %h1, 0x3c00;\n cvt.f32.f16 %f1, %h1;\n ret;\n}\n";
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let e = lib
        .get_kernel("half")
        .and_then(|k| {
            let ctx = Device::new(0)?.set_current()?;
            let s = ctx.create_stream()?;
            cuda_library::launch!(k, &s, &LaunchConfig::new(1, 1), 0u64)
        })
        .unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::Unsupported(_)), "{t}");
    assert!(t.contains("half precision") && t.contains("line 9"), "{t}");
}
