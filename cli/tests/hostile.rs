//! `culib` on hostile images: what reaches the terminal is escaped, bombs are refused within
//! a capped address space, and a variable's contents are shown cut short.

#[path = "../../tests/common/bombs.rs"]
mod bombs;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use bombs::*;
use serde_json::Value;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// A file in a fresh temporary directory of this test.
fn temp_file(test: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("culib-hostile-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Runs `culib args...` with its address space capped at `kib` KiB (on Linux), so an input
/// that makes it allocate without bound aborts it instead of taking the machine's memory.
fn culib_capped(kib: u64, args: &[&str], file: &Path) -> Output {
    let exe = env!("CARGO_BIN_EXE_culib");
    let mut cmd = if cfg!(target_os = "linux") {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
            .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    cmd.args(args).arg(file).output().unwrap()
}

fn replace_all(hay: &mut [u8], from: &[u8], to: &[u8]) -> usize {
    assert_eq!(from.len(), to.len());
    let mut n = 0;
    let mut i = 0;
    while i + from.len() <= hay.len() {
        if &hay[i..i + from.len()] == from {
            hay[i..i + from.len()].copy_from_slice(to);
            n += 1;
            i += from.len();
        } else {
            i += 1;
        }
    }
    n
}

fn has(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn control_characters_in_names_are_escaped() {
    // Kernel names with an SGR sequence, and an OSC title sequence around a right-to-left
    // override (U+202E), patched into a real cubin (symbol and section names alike).
    let mut cubin = fixture("kernels.sm90.cubin");
    assert!(replace_all(&mut cubin, b"saxpy", b"\x1b[31m") > 0);
    assert!(replace_all(&mut cubin, b"use_vars", b"\x1b]0;\xe2\x80\xae\x07") > 0);
    let file = temp_file("names", "evil.cubin", &cubin);

    let out = culib_capped(1 << 20, &["inspect"], &file);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(!has(&out.stdout, b"\x1b"), "{text:?}");
    assert!(!has(&out.stdout, b"\x07"), "{text:?}");
    assert!(!text.contains('\u{202e}'), "{text:?}");
    assert!(text.contains("\\x1b[31m"), "{text}");
    assert!(text.contains("\\x1b]0;\\u{202e}\\x07"), "{text}");

    let out = culib_capped(1 << 20, &["inspect", "--json"], &file);
    assert!(out.status.success());
    assert!(!has(&out.stdout, b"\x1b"));
    assert!(!has(&out.stdout, b"\x07"));
    assert!(!has(&out.stdout, "\u{202e}".as_bytes()));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = v["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["name"].as_str().unwrap())
        .collect();
    // The JSON escapes decode to the names as they are.
    assert!(names.contains(&"\x1b[31m"), "{names:?}");
    assert!(names.contains(&"\x1b]0;\u{202e}\x07"), "{names:?}");

    // Paths and error messages too.
    let evil_path = file.with_file_name("no\x1b[2Jsuch\u{202e}.cubin");
    let out = culib_capped(1 << 20, &["inspect"], &evil_path);
    assert_eq!(out.status.code(), Some(1));
    assert!(!has(&out.stderr, b"\x1b"));
    assert!(!has(&out.stderr, "\u{202e}".as_bytes()));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no\\x1b[2Jsuch\\u{202e}.cubin"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_culib"))
        .args(["inspect", "a", "\x1b[2J"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!has(&out.stderr, b"\x1b"));
}

/// A file name that is not UTF-8 is read (and shown lossily), not a panic in argument
/// parsing.
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_read() {
    use std::os::unix::ffi::OsStrExt;
    let ptx = b".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() { ret; }\n";
    let ok = temp_file("not-utf8", "k.ptx", ptx);
    let name = std::ffi::OsStr::from_bytes(b"k\xff.ptx");
    let file = ok.with_file_name(name);
    std::fs::rename(&ok, &file).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_culib"))
        .arg("inspect")
        .arg(&file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("k\u{fffd}.ptx") && text.contains("\nk "),
        "{text}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_culib"))
        .args([
            std::ffi::OsStr::new("inspect"),
            std::ffi::OsStr::new("a"),
            name,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bombs_are_refused_in_bounded_memory() {
    // 512 MiB of address space: each of these takes gigabytes without the limits.
    let cap = 512 << 10;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("zstd.fatbin", zstd_gib_bomb(), "Limits::image_bytes"),
        ("three.fatbin", zstd_three_gib_bomb(), "Limits::image_bytes"),
        (
            "ptx-entry.fatbin",
            zstd_ptx_gib_bomb(),
            "Limits::image_bytes",
        ),
        ("lz4.fatbin", lz4_gib_bomb(), "Limits::image_bytes"),
        (
            "big-var.ptx",
            ptx(".global .b8 big[1000000000];", "", "").into_bytes(),
            "Limits::variable_bytes",
        ),
        (
            "two-big-vars.ptx",
            ptx(
                ".global .b8 big[1000000000];\n.global .b8 big2[1000000000];",
                "",
                "",
            )
            .into_bytes(),
            "Limits::variable_bytes",
        ),
        (
            "shared-4g.ptx",
            ptx(
                "",
                "",
                ".shared .b8 s[4294967296];\n\tst.shared.u32 [s], %r1;",
            )
            .into_bytes(),
            "more than the 232448 (227 KiB) a block can have",
        ),
        (
            "params.ptx",
            ptx("", ".param .align 4 .b8 p[4294967300]", "").into_bytes(),
            "more than the 32764 CUDA allows",
        ),
    ];
    for (name, bytes, says) in cases {
        let file = temp_file("bombs", name, &bytes);
        for args in [&["inspect", "--json"][..], &["inspect"][..]] {
            let out = culib_capped(cap, args, &file);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{name} {args:?}: {err}");
            assert!(err.contains(says), "{name}: {err}");
            if says.starts_with("Limits::") {
                // The hint keeps its own line.
                assert!(err.contains("\nhint: "), "{name}: {err}");
            }
            assert!(out.stdout.is_empty(), "{name}");
        }
    }
}

#[test]
fn contents_are_shown_cut_short() {
    let src = ptx(
        ".global .align 4 .u32 big[50000000] = {1, 2, 3};\n.global .u32 small = 5;",
        "",
        "",
    );
    let file = temp_file("shown", "big.ptx", src.as_bytes());
    let out = culib_capped(1 << 20, &["inspect", "--json"], &file);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.len() < 20_000, "{} bytes", out.stdout.len());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let big = &v["globals"]["big"];
    assert_eq!(big["size"], 200_000_000);
    assert_eq!(big["init_truncated"], true);
    let hex = big["init_hex"].as_str().unwrap();
    assert_eq!(hex.len(), 2 * 4096);
    assert!(hex.starts_with("010000000200000003000000"));
    assert_eq!(v["globals"]["small"]["init_hex"], "05000000");
    assert_eq!(v["globals"]["small"]["init_truncated"], false);

    let out = culib_capped(1 << 20, &["inspect"], &file);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.len() < 2_000, "{text}");
    assert!(text.contains("0100000002000000030000000000"), "{text}");
    assert!(text.contains("..."), "{text}");
}
