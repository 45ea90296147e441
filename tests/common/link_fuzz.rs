//! One fuzz case of the PTX linker, shared by the cargo-fuzz target (`fuzz/fuzz_targets/
//! link.rs`) and the tests that replay its seeds and mutations (`tests/sim/hostile_links.rs`):
//! any bytes cut at NULs (which PTX text cannot hold) into up to four modules, linked by
//! the PTX linker. Errors are fine; a panic, a hang or unbounded memory is not, and neither
//! is a linked module that does not parse: what the linker writes from inputs it accepted
//! must be PTX.
#![allow(dead_code)]

use cuda_library::{ImageKind, Linker, LinkerBackend, LinkerOptions, ObjectCode};

/// The most modules one case links.
pub const MODULES: usize = 4;

/// Links `data`'s modules; `Some(linked text)` when the link succeeded. Panics when the
/// linked text does not parse.
pub fn link_case(data: &[u8]) -> Option<String> {
    let objects: Vec<ObjectCode> = data
        .split(|&b| b == 0)
        .take(MODULES)
        .enumerate()
        .map(|(i, part)| ObjectCode::from_ptx(part).with_name(format!("m{i}.ptx")))
        .collect();
    let options = LinkerOptions {
        backend: Some(LinkerBackend::Ptx),
        ..LinkerOptions::default()
    };
    let linked = Linker::new(&objects, options)
        .ok()?
        .link(ImageKind::Ptx)
        .ok()?;
    let text = linked
        .ptx_text()
        .expect("the PTX linker writes UTF-8 text")
        .to_string();
    if let Err(e) = cuda_library::ptx::parse(&text) {
        panic!("the linked module does not parse: {e}\n{text}");
    }
    Some(text)
}

/// Seeds: modules that exercise each thing the linker does, NUL-separated.
pub fn seeds() -> Vec<Vec<u8>> {
    const HEAD: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";
    let join = |modules: &[String]| modules.join("\0").into_bytes();
    vec![
        join(&[
            format!(
                "{HEAD}.extern .func (.param .b32 r) twice(.param .b32 x);\n\
                 .extern .global .align 4 .u32 counter;\n\
                 .visible .entry k(.param .u64 out) {{ .reg .b32 %r<3>; .reg .b64 %rd<2>;\n\
                 ld.param.u64 %rd1, [out]; ld.global.u32 %r1, [counter];\n\
                 {{ .param .b32 x; .param .b32 r; st.param.b32 [x], %r1;\n\
                 call.uni (r), twice, (x); ld.param.b32 %r2, [r]; }}\n\
                 st.global.u32 [%rd1], %r2; ret; }}\n"
            ),
            format!(
                "{HEAD}.visible .global .align 4 .u32 counter = 21;\n\
                 .visible .func (.param .b32 r) twice(.param .b32 x) {{ .reg .b32 %r<3>;\n\
                 ld.param.b32 %r1, [x]; add.s32 %r2, %r1, %r1; st.param.b32 [r], %r2; ret; }}\n"
            ),
        ]),
        join(&[
            format!(
                "{HEAD}.global .u32 g = 1;\n.common .global .u32 c[2];\n\
                 .weak .func w() {{ ret; }}\n\
                 .visible .entry a(.param .u64 g_1) {{ .reg .b32 g_<2>; g_1_1: ld.global.u32 g_0, [g]; ret; }}\n"
            ),
            format!(
                "{HEAD}.file 1 \"b.cu\"\n.global .u32 g = 2;\n.common .global .u32 c[8] = {{1}};\n\
                 .weak .func w() {{ ret; }}\n\
                 .visible .entry b() {{ .local .u32 g; .reg .b32 %r1;\n.loc 1 2 3\n\
                 ld.global.u32 %r1, [g]; st.local.u32 [g], %r1; ret; }}\n"
            ),
            format!("{HEAD}.extern .shared .align 4 .b8 dyn[];\n.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n"),
        ]),
    ]
}
