//! A PTX module is parsed once per load: the library table and the engine work from the
//! same syntax tree, whichever way the PTX arrives (a PTX image, a fatbin's PTX entry, the
//! PTX linker's inputs). The parser counts its parses per thread
//! (`ptx::parser::parse_count`), and a load runs on the thread that asks for it, so these
//! tests see only their own parses while others run beside them.

use std::path::PathBuf;

use crate::common::linking::{HELPER_PTX, MAIN_PTX};
use cuda_library::ptx::parser::parse_count;
use cuda_library::{
    fatbin_entries, launch, timing, BackendKind, Device, ElementType, ImageKind, LaunchConfig,
    Library, LibraryOptions, LibraryTable, Linker, LinkerOptions, ObjectCode,
};

/// Parses `f` begins on this thread, and what it returned.
fn parses<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = parse_count();
    let out = f();
    (parse_count() - before, out)
}

fn sim() -> cuda_library::Context {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    Device::new(0).unwrap().set_current().unwrap()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

const PTX: &str = ".version 8.0\n.target sm_80\n.address_size 64\n\
    .visible .global .align 4 .u32 counter = 7;\n\
    .visible .entry k(.param .u64 p) .maxntid 64, 1, 1\n\
    {\n .reg .b32 %r<2>; .reg .b64 %rd<2>;\n ld.param.u64 %rd1, [p];\n\
     ld.global.u32 %r1, [counter];\n st.global.u32 [%rd1], %r1;\n ret;\n}\n";

#[test]
fn a_ptx_image_is_parsed_once_per_load() {
    sim();
    let (n, lib) = parses(|| Library::load_data(PTX.as_bytes(), &LibraryOptions::default()));
    let lib = lib.unwrap();
    assert_eq!(n, 1, "loading a PTX image parsed it {n} times");
    // What the load read is at hand without parsing again.
    let (n, _) = parses(|| {
        assert_eq!(lib.kernels().unwrap().len(), 1);
        lib.get_kernel("k").unwrap();
        lib.get_global("counter").unwrap();
    });
    assert_eq!(
        n, 0,
        "listing and looking up the loaded library parsed {n} times"
    );
    lib.unload().unwrap();
    // The table alone is one parse too.
    let (n, table) = parses(|| LibraryTable::read(PTX.as_bytes()));
    assert_eq!(table.unwrap().kernels.len(), 1);
    assert_eq!(n, 1);
}

/// What a load read serves the calls after it: a variable's element type (from its PTX
/// declaration) and a profile of a launch (its counters and the PTX lines they name) parse
/// nothing again.
#[test]
fn a_profile_and_an_element_type_after_load_parse_nothing() {
    let ctx = sim();
    let lib = Library::load_data(PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let stream = ctx.create_stream().unwrap();
    let out = ctx.alloc_zeroed::<u32>(1).unwrap();
    let k = lib.get_kernel("k").unwrap();
    let (n, (ty, profile)) = parses(|| {
        let ty = lib.get_global("counter").unwrap().element_type();
        let profile = timing::profile(&stream, || {
            launch!(k, &stream, &LaunchConfig::new(1, 32), out)
        });
        (ty, profile)
    });
    assert_eq!(ty, Some(ElementType::U32));
    let profile = profile.unwrap();
    let counters = profile.launch.as_ref().expect("the simulator's counters");
    assert!(counters.stats.work > 0);
    assert!(
        (1..=12).any(|line| counters.line_text(line).starts_with("ld.global")),
        "the profile's lines are the loaded PTX's"
    );
    assert_eq!(
        n, 0,
        "an element type and a profile after the load parsed {n} times"
    );
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), [7]);
    lib.unload().unwrap();
}

#[test]
fn a_fatbins_ptx_is_parsed_once_per_load() {
    sim();
    for name in ["kernels.fatbin", "tables.lz4.fatbin", "tables.zstd.fatbin"] {
        let bytes = fixture(name);
        let holds_ptx = fatbin_entries(&bytes)
            .unwrap()
            .iter()
            .any(|e| e.kind == ImageKind::Ptx && e.arch <= 90);
        let (n, lib) = parses(|| Library::load_data(&bytes, &LibraryOptions::default()));
        let lib = lib.unwrap();
        assert!(!lib.kernels().unwrap().is_empty(), "{name}");
        assert_eq!(
            n,
            u64::from(holds_ptx),
            "loading {name} parsed its PTX {n} times"
        );
        lib.unload().unwrap();
    }
}

/// The PTX linker reads each input once; loading what it made is one parse more.
#[test]
fn the_ptx_linker_parses_each_input_once() {
    sim();
    let inputs = [
        ObjectCode::from_ptx(MAIN_PTX.as_bytes()).with_name("main.ptx"),
        ObjectCode::from_ptx(HELPER_PTX.as_bytes()).with_name("helper.ptx"),
    ];
    let linker = Linker::new(inputs, LinkerOptions::default()).unwrap();
    let (n, linked) = parses(|| linker.link(ImageKind::Ptx));
    let linked = linked.unwrap();
    assert_eq!(n, 2, "linking two PTX inputs parsed {n} times");
    let (n, lib) = parses(|| linked.to_library(&LibraryOptions::default()));
    lib.unwrap().unload().unwrap();
    assert_eq!(n, 1, "loading the linked PTX parsed it {n} times");
}
