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

#[test]
fn a_fatbin_heading_names_the_entry_its_table_is_read_from() {
    let out = Command::new(env!("CARGO_BIN_EXE_culib"))
        .arg("inspect")
        .arg(fixture("kernels.fatbin"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let heading = text.lines().next().unwrap_or_default();
    assert!(
        heading.ends_with(
            "kernels.fatbin: fatbin of 3 entries; the table is entry 2's, cubin for sm_90 (marked *)"
        ),
        "{text}"
    );
    assert!(text.contains("  * entry 2: cubin sm_90"), "{text}");
}

/// CUDA C++ source is compiled with NVRTC and its PTX inspected; where NVRTC is asked for and
/// cannot be found (run outside the repository, whose .venv holds it, with no toolkit named),
/// the error says the file is source and must be compiled, and why culib could not. Where
/// NVRTC is missing and nothing is asked for, the built-in compiler compiles it.
#[test]
fn cuda_source_is_compiled_first_or_the_error_says_to() {
    let exe = env!("CARGO_BIN_EXE_culib");
    let source = fixture("kernels.cu");
    let out = Command::new(exe)
        .arg("inspect")
        .arg(&source)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        assert!(
            stdout.contains("kernels.cu: compiled by NVRTC "),
            "{stdout}"
        );
        assert!(stdout.contains("to PTX for sm_"), "{stdout}");
        assert!(
            stdout.contains("void scale<float>(float*, float, int)"),
            "{stdout}"
        );
    } else {
        assert!(stderr.contains("is CUDA C++ source, not an image: compile it first"));
    }

    let out = Command::new(exe)
        .arg("inspect")
        .arg(&source)
        .env("CUDA_LIBRARY_NVRTC", "/nonexistent/libnvrtc.so.12")
        .env("CUDA_HOME", "/nonexistent-cuda")
        .env_remove("CUDA_PATH")
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .env("PATH", "/nonexistent-bin")
        .env("CUDA_LIBRARY_COMPILER", "nvrtc")
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if std::path::Path::new("/usr/local/cuda/lib64/libnvrtc.so").exists() {
        return; // a toolkit provides NVRTC: it cannot be made missing here
    }
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("kernels.cu is CUDA C++ source, not an image: compile it first"),
        "{stderr}"
    );
    assert!(
        stderr.contains("culib compiles it with NVRTC where it finds it and with the built-in"),
        "{stderr}"
    );
    assert!(
        stderr.contains("the NVRTC library could not be opened"),
        "{stderr}"
    );
}

/// With NVRTC missing, `culib inspect` compiles CUDA C++ with the built-in compiler.
#[test]
fn cuda_source_compiles_with_the_builtin_compiler_where_nvrtc_is_missing() {
    let exe = env!("CARGO_BIN_EXE_culib");
    let out = Command::new(exe)
        .arg("inspect")
        .arg(fixture("kernels.cu"))
        .env("CUDA_LIBRARY_COMPILER", "builtin")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("kernels.cu: compiled by built-in compiler "),
        "{stdout}"
    );
    assert!(
        stdout.contains("void scale<float>(float*, float, int)"),
        "{stdout}"
    );
}
