//! What the PTX linker says when a declaration and a definition disagree: the state
//! spaces as PTX writes them.

use cuda_library::{ImageKind, Linker, LinkerOptions, ObjectCode};

const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

#[test]
fn a_space_mismatch_names_both_spaces_as_ptx_writes_them() {
    let user = format!(
        "{HEAD}.extern .global .align 4 .u32 g;\n\
         .visible .entry k(.param .u64 out) {{ .reg .b32 %r<2>; .reg .b64 %rd<2>;\n\
         ld.param.u64 %rd1, [out]; ld.global.u32 %r1, [g]; st.global.u32 [%rd1], %r1; ret; }}\n"
    );
    let definer = format!("{HEAD}.visible .const .align 4 .u32 g = 7;\n");
    let inputs = [
        ObjectCode::from_ptx(user.as_bytes()).with_name("user.ptx"),
        ObjectCode::from_ptx(definer.as_bytes()).with_name("definer.ptx"),
    ];
    let e = Linker::new(inputs, LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("is declared .global in user.ptx but defined .const in definer.ptx"),
        "{text}"
    );
    assert!(!text.contains("Some("), "{text}");
}
