//! The image reader against the driver: for every fixture, the table read from the image
//! (no NVIDIA library involved) must equal what the CUDA driver reported for the same file
//! on an H200 (`tests/fixtures/*.driver.json`, recorded by `tests/fixtures/ground-truth.sh`).
//! A value the image cannot tell (registers of uncompiled PTX) must be `null`, never a
//! different number.

use std::path::PathBuf;

use cuda_library::{Error, GlobalKind, ImageKind, LibraryTable};
use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(fixture(name)).unwrap()
}

const FIXTURES: [&str; 9] = [
    "corpus.sm90.cubin",
    "corpus.ptx",
    "kernels.sm90.cubin",
    "kernels.fatbin",
    "kernels.ptx",
    "tables.sm90.cubin",
    "tables.ptx",
    "tables.lz4.fatbin",
    "tables.zstd.fatbin",
];

fn by_name(v: &Value) -> std::collections::BTreeMap<String, Value> {
    v["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["name"].as_str().unwrap().to_string(), k.clone()))
        .collect()
}

#[test]
fn every_fixture_agrees_with_the_driver() {
    for name in FIXTURES {
        let table = LibraryTable::read(&read(name)).unwrap();
        let ours = serde_json::to_value(table.inspect()).unwrap();
        let driver: Value = serde_json::from_slice(&read(&format!("{name}.driver.json"))).unwrap();
        let (ok, dk) = (by_name(&ours), by_name(&driver));
        assert_eq!(
            ok.keys().collect::<Vec<_>>(),
            dk.keys().collect::<Vec<_>>(),
            "{name}: kernel names"
        );
        let sass = table.source_kind == ImageKind::Cubin;
        for (k, o) in &ok {
            let d = &dk[k];
            assert_eq!(o["demangled"], d["demangled"], "{name} {k}");
            assert_eq!(o["params"], d["params"], "{name} {k}: parameters");
            for field in [
                "num_regs",
                "shared_bytes",
                "const_bytes",
                "local_bytes",
                "max_threads",
            ] {
                if o[field].is_null() {
                    // Only what PTX cannot tell may be unknown.
                    assert!(
                        !sass && matches!(field, "num_regs" | "local_bytes" | "max_threads"),
                        "{name} {k}: {field} unknown"
                    );
                } else {
                    assert_eq!(o[field], d[field], "{name} {k}: {field}");
                }
            }
        }
        let (og, dg) = (&ours["globals"], &driver["globals"]);
        assert_eq!(
            og.as_object().unwrap().keys().collect::<Vec<_>>(),
            dg.as_object().unwrap().keys().collect::<Vec<_>>(),
            "{name}: globals"
        );
        for (g, o) in og.as_object().unwrap() {
            let d = &dg[g];
            assert_eq!(o["size"], d["size"], "{name} {g}: size");
            assert_eq!(o["kind"], d["kind"], "{name} {g}: kind");
            if !o["init_hex"].is_null() {
                assert_eq!(o["init_hex"], d["init_hex"], "{name} {g}: initial bytes");
            }
        }
        assert_eq!(ours["managed"], driver["managed"], "{name}: managed");
    }
}

#[test]
fn what_the_table_knows_about_the_tricky_kernels() {
    let t = LibraryTable::read(&read("tables.sm90.cubin")).unwrap();
    let k = |n: &str| t.kernel(n).unwrap();
    assert_eq!(k("shared_two").shared_bytes, Some(288));
    assert_eq!(k("shared_dynamic").shared_bytes, Some(0));
    assert_eq!(k("bounded").max_threads, Some(128));
    assert_eq!(k("bounded").maxntid, Some([128, 1, 1]));
    assert_eq!(k("heavy").max_threads, Some(512));
    assert!(k("heavy").num_regs.unwrap() > 64);
    assert_eq!(k("_ZN2ns10namespacedEPi").demangled, "ns::namespaced(int*)");
    let offsets: Vec<(u32, u32)> = k("padded")
        .params
        .iter()
        .map(|p| (p.offset, p.size))
        .collect();
    assert_eq!(offsets, [(0, 1), (16, 16), (32, 2), (40, 8)]);
    // A pointer initialised with another global's address is patched at load: unknown.
    assert_eq!(t.globals["source_ptr"].init, None);
    assert_eq!(t.globals["small_c"].kind, GlobalKind::Constant);
    assert_eq!(t.managed(), ["managed_arr"]);

    let p = LibraryTable::read(&read("tables.ptx")).unwrap();
    let padded = p.kernel("padded").unwrap();
    let types: Vec<&str> = padded
        .params
        .iter()
        .map(|x| x.ptx_type.as_deref().unwrap())
        .collect();
    assert_eq!(types, [".u8", ".b8[16]", ".u16", ".u64"]);
    assert_eq!(p.kernel("heavy").unwrap().num_regs, None);
    assert_eq!(p.arch, "sm_80");
}

#[test]
fn fatbins_list_entries_and_pick_what_the_driver_would() {
    for (name, compression) in [
        ("tables.lz4.fatbin", "lz4"),
        ("tables.zstd.fatbin", "zstd"),
        ("kernels.fatbin", "none"),
    ] {
        let t = LibraryTable::read(&read(name)).unwrap();
        let archs: Vec<(String, u32)> = t
            .fatbin_entries
            .iter()
            .map(|e| (e.kind.clone(), e.arch))
            .collect();
        assert_eq!(
            archs,
            [
                ("ptx".into(), 80),
                ("cubin".into(), 80),
                ("cubin".into(), 90)
            ],
            "{name}"
        );
        assert_eq!(t.chosen_entry, Some(2), "{name}");
        assert_eq!(t.arch, "sm_90");
        assert_eq!(t.fatbin_entries[2].compression, compression, "{name}");
    }
    // The decompressed sm_90 entry is byte for byte the separately built cubin.
    let entries = cuda_library::fatbin_entries(&read("tables.zstd.fatbin")).unwrap();
    assert_eq!(entries[2].data, read("tables.sm90.cubin"));
    let lz4 = cuda_library::fatbin_entries(&read("tables.lz4.fatbin")).unwrap();
    assert_eq!(lz4[1].data, read("tables.sm80.cubin"));
    // For an sm_86 device the sm_80 SASS runs; for sm_75 only PTX... which is too new.
    assert_eq!(cuda_library::choose_fatbin_entry(&entries, 86), Some(1));
    assert_eq!(cuda_library::choose_fatbin_entry(&entries, 75), None);
    assert_eq!(cuda_library::choose_fatbin_entry(&entries, 100), Some(0));
}

#[test]
fn corrupted_compressed_entries_are_errors() {
    for name in ["tables.lz4.fatbin", "tables.zstd.fatbin"] {
        let good = read(name);
        // Flip bytes through the first entry's payload: every result is Ok or an error.
        for at in (0x60..good.len().min(4000)).step_by(37) {
            let mut bad = good.clone();
            bad[at] ^= 0x5a;
            let _ = LibraryTable::read(&bad);
        }
        // A header that claims a huge uncompressed size is refused, not allocated.
        let mut huge = good.clone();
        huge[0x10 + 0x38..0x10 + 0x40].copy_from_slice(&(1u64 << 40).to_le_bytes());
        let e = LibraryTable::read(&huge).unwrap_err().to_string();
        assert!(e.contains("claims"), "{e}");
    }
}

#[test]
fn ptx_errors_carry_line_and_column() {
    let mut ptx = String::from_utf8(read("kernels.ptx")).unwrap();
    ptx = ptx.replacen(
        "ld.param.f32 \t%f1, [saxpy_param_0];",
        "ld.param.f32 %f1 [saxpy_param_0];",
        1,
    );
    // An error inside a kernel's body is that kernel's: the table still lists it (what its
    // body would tell, its shared memory, unknown), and the parsed kernel carries the error.
    let t = LibraryTable::read(ptx.as_bytes()).unwrap();
    let saxpy = t.kernels.iter().find(|k| k.name == "saxpy").unwrap();
    assert_eq!((saxpy.params.len(), saxpy.shared_bytes), (4, None));
    let m = cuda_library::ptx::parse(&ptx).unwrap();
    let f = m.functions.iter().find(|f| f.name == "saxpy").unwrap();
    let e = f.error.as_ref().unwrap();
    assert_eq!(e.pos.line, 32, "{e}");
    assert!(e.pos.col > 1);
    assert!(e.message.contains("expected `;`"), "{e}");
    // Outside a body, the module's error.
    let bad = ptx.replacen(".address_size 64", ".address_size 64 64", 1);
    match LibraryTable::read(bad.as_bytes()) {
        Err(Error::PtxSyntax { line, column, .. }) => assert!(line > 1 && column > 1),
        other => panic!("{other:?}"),
    }
    // Every truncation of real PTX is an error or a table, never a panic.
    let text = String::from_utf8(read("tables.ptx")).unwrap();
    for cut in (0..text.len()).step_by(211) {
        if text.is_char_boundary(cut) {
            let _ = LibraryTable::read(&text.as_bytes()[..cut]);
        }
    }
}

#[test]
fn inputs_the_fuzzer_found_are_errors_not_panics() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let _ = LibraryTable::read(&bytes);
        let _ = cuda_library::check_cubin(&bytes);
        let _ = cuda_library::check_fatbin(&bytes);
    }
}
