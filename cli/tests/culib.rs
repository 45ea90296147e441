//! `culib`, run as a user runs it: tables, JSON and errors.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .join(name)
}

#[test]
fn culib_inspect_prints_tables_and_json() {
    let exe = env!("CARGO_BIN_EXE_culib");
    let out = Command::new(exe)
        .args(["inspect", "--json"])
        .arg(fixture("kernels.sm90.cubin"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let saxpy = v["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["name"] == "saxpy")
        .unwrap();
    assert_eq!(
        saxpy["params"],
        serde_json::json!([[0, 4], [8, 8], [16, 8], [24, 4]])
    );
    assert_eq!(saxpy["num_regs"], 10);
    assert_eq!(
        v["globals"]["table"]["init_hex"],
        "0000803f000000400000404000008040"
    );
    assert_eq!(v["globals"]["coeffs"]["kind"], "constant");
    assert_eq!(v["managed"], serde_json::json!(["managed_value"]));

    let out = Command::new(exe)
        .arg("inspect")
        .arg(fixture("tables.ptx"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("PTX for sm_80"), "{text}");
    assert!(text.contains("void unrolled<3>(int*)"), "{text}");
    assert!(text.contains("(addresses, set at load)"), "{text}");

    let out = Command::new(exe)
        .args(["inspect", "/no/such/file.cubin"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /no/such/file.cubin"));
    let out = Command::new(exe).arg("bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("usage: culib inspect"));
}
