//! Hostile images: compression bombs, gigabyte variables, 4 GiB shared arrays, oversized
//! parameter lists. Each must become a clear error (most of them `Error::LimitExceeded`),
//! never a panic, and must not cost memory: the memory tests run in a child process (this
//! test binary again) whose address space is capped at 1 GiB and which reports its peak
//! resident memory (`VmHWM`), asserted under 100 MB. Without the limits these inputs take
//! gigabytes, so each of those tests fails (or the capped child aborts) if its fix is
//! reverted.
//!
//! The inputs are built in code (`tests/common/bombs.rs`): a zstd frame of RLE
//! blocks stores 128 KiB in 4 bytes, so a 33 KB fatbin claims and holds 1 GiB.

use crate::common::bombs;

use std::path::PathBuf;
use std::process::Command;

use bombs::*;
use cuda_library::{Error, LibraryTable};

/// Peak resident memory allowed to a child that meets a bomb.
const PEAK_LIMIT_KIB: u64 = 100 * 1000;
/// The child's address-space cap (`ulimit -v`, KiB): an allocation of a gigabyte fails.
const ADDRESS_SPACE_KIB: u64 = 1 << 20;
const CHILD_ENV: &str = "HOSTILE_IMAGES_CHILD";

/// Runs `body` in a child process (this binary, running only test `name`) under a 1 GiB
/// address-space cap, and asserts that it succeeded and that its peak resident memory
/// stayed under 100 MB. In the child, runs `body` and prints its peak.
fn in_bounded_child(name: &str, body: impl FnOnce()) {
    in_child(name, true, body)
}

/// [`in_bounded_child`], with the peak checked or not.
fn in_child(name: &str, check_peak: bool, body: impl FnOnce()) {
    let limit = check_peak.then_some(PEAK_LIMIT_KIB);
    in_child_of(module_path!(), name, limit, body)
}

/// [`in_bounded_child`] for test `name` of module `module` (its `module_path!()`), its
/// peak resident memory checked against `peak_limit_kib` when given.
pub(crate) fn in_child_of(
    module: &str,
    name: &str,
    peak_limit_kib: Option<u64>,
    body: impl FnOnce(),
) {
    if std::env::var(CHILD_ENV).as_deref() == Ok(name) {
        body();
        println!("\nHOSTILE-PEAK-KIB {}", peak_kib());
        return;
    }
    if !cfg!(target_os = "linux") {
        // No /proc/self/status to read: check the outcome only.
        body();
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let exact = crate::common::test_name(module, name);
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(exe)
        .args([exact.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, name)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{name}: the child failed ({}); without the limits it runs out of its 1 GiB of \
         address space\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    let peak: u64 = stdout
        .lines()
        .find_map(|l| l.split("HOSTILE-PEAK-KIB ").nth(1))
        .unwrap_or_else(|| panic!("{name}: the child did not report its peak:\n{stdout}"))
        .trim()
        .parse()
        .unwrap();
    eprintln!("{name}: peak resident memory {} MB", peak / 1000);
    if let Some(limit) = peak_limit_kib {
        assert!(
            peak < limit,
            "{name}: peak resident memory {peak} KiB, more than {limit} KiB"
        );
    }
}

/// `VmHWM` of this process, in KiB.
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Asserts `r` is `Error::LimitExceeded` for `limit`; returns its message.
#[track_caller]
fn limit_exceeded<T: std::fmt::Debug>(r: cuda_library::Result<T>, limit: &str) -> String {
    match r {
        Err(e @ Error::LimitExceeded { .. }) => {
            let Error::LimitExceeded { limit: l, .. } = &e else {
                unreachable!()
            };
            assert_eq!(l, limit, "{e}");
            let msg = e.to_string();
            assert!(msg.contains(&format!("Limits::{limit}")), "{msg}");
            msg
        }
        other => panic!("expected Error::LimitExceeded for {limit}, got {other:?}"),
    }
}

/// Loads `image` on the simulator.
fn sim_load(image: &[u8]) -> cuda_library::Result<cuda_library::Library> {
    cuda_library::use_backend(cuda_library::BackendKind::Sim).unwrap();
    cuda_library::Library::load_data(image, &cuda_library::LibraryOptions::default())
}

#[test]
fn zstd_gib_bomb_is_refused_before_decompressing() {
    in_bounded_child("zstd_gib_bomb_is_refused_before_decompressing", || {
        let bomb = zstd_gib_bomb();
        assert!(bomb.len() < 40_000, "{} bytes", bomb.len());
        let msg = limit_exceeded(LibraryTable::read(&bomb), "image_bytes");
        assert!(msg.contains("entry 0 claims 1073741824 bytes"), "{msg}");
        limit_exceeded(cuda_library::fatbin_entries(&bomb), "image_bytes");
        limit_exceeded(sim_load(&bomb), "image_bytes");
    });
}

#[test]
fn three_zstd_gib_entries_are_refused() {
    in_bounded_child("three_zstd_gib_entries_are_refused", || {
        let bomb = zstd_three_gib_bomb();
        limit_exceeded(LibraryTable::read(&bomb), "image_bytes");
        limit_exceeded(sim_load(&bomb), "image_bytes");
    });
}

/// Each entry fits the limit, their sum does not: refused before any is decompressed.
#[test]
fn fatbin_entries_are_summed_against_image_bytes() {
    in_bounded_child("fatbin_entries_are_summed_against_image_bytes", || {
        let n = 40 * MIB;
        let bomb = fatbin(&[
            Entry::zstd_zeros(CUBIN, 80, n),
            Entry::zstd_zeros(CUBIN, 86, n),
            Entry::zstd_zeros(CUBIN, 90, n),
        ]);
        let msg = limit_exceeded(LibraryTable::read(&bomb), "image_bytes");
        assert!(
            msg.contains("entry 1 claims 41943040 bytes, the entries before it 41943040"),
            "{msg}"
        );
        limit_exceeded(cuda_library::fatbin_entries(&bomb), "image_bytes");
        // One of them alone is decompressed (and then refused as a cubin).
        let one = fatbin(&[Entry::zstd_zeros(CUBIN, 90, n)]);
        let e = LibraryTable::read(&one).unwrap_err();
        assert!(e.to_string().contains("not a valid cubin"), "{e}");
    });
}

#[test]
fn zstd_ptx_entry_bomb_is_refused() {
    in_bounded_child("zstd_ptx_entry_bomb_is_refused", || {
        let bomb = zstd_ptx_gib_bomb();
        limit_exceeded(LibraryTable::read(&bomb), "image_bytes");
        limit_exceeded(sim_load(&bomb), "image_bytes");
    });
}

#[test]
fn lz4_gib_bomb_is_refused() {
    in_bounded_child("lz4_gib_bomb_is_refused", || {
        let bomb = lz4_gib_bomb();
        limit_exceeded(LibraryTable::read(&bomb), "image_bytes");
        limit_exceeded(sim_load(&bomb), "image_bytes");
        // A small LZ4 entry built the same way decompresses to what it claims.
        let small = fatbin(&[Entry {
            kind: CUBIN,
            arch: 90,
            stored: Stored::Lz4,
            uncompressed: 1 << 20,
            payload: lz4_zeros(1 << 20),
        }]);
        let entries = cuda_library::fatbin_entries(&small).unwrap();
        assert_eq!(entries[0].data, vec![0u8; 1 << 20]);
    });
}

/// The header claims 1 MiB, the frame holds 1 GiB: decoding stops one byte past the claim.
#[test]
fn a_zstd_entry_that_inflates_past_its_claim_stops_there() {
    in_bounded_child(
        "a_zstd_entry_that_inflates_past_its_claim_stops_there",
        || {
            let mut e = Entry::zstd_zeros(CUBIN, 90, GIB);
            e.uncompressed = MIB;
            let bomb = fatbin(&[e]);
            let err = LibraryTable::read(&bomb).unwrap_err().to_string();
            assert!(
                err.contains("decompresses to more than the 1048576 bytes its header says"),
                "{err}"
            );
        },
    );
}

/// A streaming frame with a 1 GiB window: the zstd decoder would keep everything it
/// decodes (up to the window) before handing out a byte. Refused from the frame header.
#[test]
fn a_zstd_window_larger_than_the_entry_is_refused() {
    in_bounded_child("a_zstd_window_larger_than_the_entry_is_refused", || {
        let bomb = fatbin(&[Entry {
            kind: CUBIN,
            arch: 90,
            stored: Stored::Zstd,
            uncompressed: MIB,
            payload: zstd_frame(&[Part::Run(0, GIB)], Window::Log(30)),
        }]);
        let err = LibraryTable::read(&bomb).unwrap_err().to_string();
        assert!(err.contains("zstd window of 1073741824 bytes"), "{err}");
        // A single-segment frame (as nvcc writes them) whose window is its content size
        // decodes.
        let ok = fatbin(&[Entry {
            kind: CUBIN,
            arch: 90,
            stored: Stored::Zstd,
            uncompressed: MIB,
            payload: zstd_frame(&[Part::Run(7, MIB)], Window::Single(MIB)),
        }]);
        let entries = cuda_library::fatbin_entries(&ok).unwrap();
        assert_eq!(entries[0].data.len() as u64, MIB);
        assert!(entries[0].data.iter().all(|&b| b == 7));
    });
}

/// A large but admissible PTX entry loads on the simulator: decompressed once, the text
/// the decompressed buffer itself (no second decode, no copy into a String).
#[test]
fn a_large_ptx_entry_is_decompressed_once() {
    in_bounded_child("a_large_ptx_entry_is_decompressed_once", || {
        let text = ptx("", ".param .u64 p", "");
        let image = fatbin(&[ptx_entry(&text, 56 * MIB)]);
        let t = LibraryTable::read(&image).unwrap();
        assert_eq!(t.kernels[0].name, "k");
        assert_eq!(t.fatbin_entries[0].size, text.len() as u64 + 56 * MIB);
        drop(t);
        let lib = sim_load(&image).unwrap();
        assert_eq!(lib.kernels().unwrap().len(), 1);
    });
}

#[test]
fn a_gigabyte_ptx_variable_is_refused() {
    in_bounded_child("a_gigabyte_ptx_variable_is_refused", || {
        let one = ptx(".global .b8 big[1000000000];", "", "");
        assert!(one.len() < 200);
        let msg = limit_exceeded(LibraryTable::read(one.as_bytes()), "variable_bytes");
        assert!(
            msg.contains("`big` (PTX line 4) needs 1000000000 bytes"),
            "{msg}"
        );
        limit_exceeded(sim_load(one.as_bytes()), "variable_bytes");
        let two = ptx(
            ".global .b8 big[1000000000];\n.global .b8 big2[1000000000];",
            "",
            "",
        );
        limit_exceeded(LibraryTable::read(two.as_bytes()), "variable_bytes");
        // Each within the limit, together past it.
        let pair = ptx(
            ".global .b8 a[200000000];\n.const .b8 c[16];\n.global .b8 b[200000000];",
            "",
            "",
        );
        let msg = limit_exceeded(LibraryTable::read(pair.as_bytes()), "variable_bytes");
        assert!(
            msg.contains("`b` (PTX line 6) with the 200000016 bytes of variables before it"),
            "{msg}"
        );
    });
}

/// A 200 MB zero-filled variable is read without touching its 200 MB, and `inspect` shows
/// the first 4 KiB of it and says so.
#[test]
fn a_large_zero_variable_costs_no_memory_and_is_shown_cut_short() {
    in_bounded_child(
        "a_large_zero_variable_costs_no_memory_and_is_shown_cut_short",
        || {
            let src = ptx(
                ".global .align 4 .u32 big[50000000] = {1, 2, 3};\n.global .u32 small = 5;",
                "",
                "",
            );
            let t = LibraryTable::read(src.as_bytes()).unwrap();
            let big = &t.globals["big"];
            assert_eq!(big.size, 200_000_000);
            assert_eq!(
                &big.init.as_ref().unwrap()[..12],
                &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]
            );
            let i = t.inspect();
            let hex = i.globals["big"].init_hex.as_deref().unwrap();
            assert_eq!(hex.len(), 2 * 4096);
            assert!(hex.starts_with("010000000200000003000000"));
            assert!(i.globals["big"].init_truncated);
            assert_eq!(i.globals["small"].init_hex.as_deref(), Some("05000000"));
            assert!(!i.globals["small"].init_truncated);
        },
    );
}

#[test]
fn shared_arrays_past_227_kib_are_refused_not_wrapped() {
    let shared = |decl: &str| {
        LibraryTable::read(ptx("", "", &format!("{decl}\n\tst.shared.u32 [s], %r1;")).as_bytes())
    };
    // What the driver's JIT accepts on sm_90 (H100, driver 580): up to 227 KiB.
    for n in [49_152u64, 49_168, 232_448] {
        let t = shared(&format!(".shared .align 4 .b8 s[{n}];")).unwrap();
        assert_eq!(t.kernels[0].shared_bytes, Some(n as u32));
    }
    // 4 GiB: ptxas and the driver wrap it to 0 bytes; the table refuses it.
    for n in [232_464u64, 1 << 31, 4_294_967_280, 1 << 32, 1 << 33] {
        let e = shared(&format!(".shared .align 4 .b8 s[{n}];")).unwrap_err();
        let msg = e.to_string();
        assert!(matches!(e, Error::PtxSyntax { .. }), "{msg}");
        assert!(msg.contains(&format!("{}", n.next_multiple_of(4))), "{msg}");
        assert!(msg.contains("more than the 232448 (227 KiB)"), "{msg}");
    }
    // Two 3 GiB arrays: 6 GiB, not 2 GiB after wrapping.
    let e = shared(
        ".shared .align 4 .b8 s[3221225472];\n\t.shared .align 4 .b8 t[3221225472];\n\tst.shared.u32 [t], %r1;",
    )
    .unwrap_err();
    assert!(e.to_string().contains("more than the 232448"), "{e}");
    // A module-scope array the kernel uses counts too.
    let e = LibraryTable::read(
        ptx(
            ".shared .align 4 .b8 s[4294967296];",
            "",
            "\tst.shared.u32 [s], %r1;",
        )
        .as_bytes(),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("4294967296 bytes of static shared"),
        "{e}"
    );
    // Sizes past 64 bits are said to be so, not called negative. A size that cannot be read
    // is an error of the kernel's body: the table lists the kernel, its shared size unknown.
    let body_error = |decl: &str| {
        let t = shared(decl).unwrap();
        assert_eq!(t.kernels[0].shared_bytes, None);
        let m = cuda_library::ptx::parse(&ptx("", "", decl)).unwrap();
        m.functions[0].error.clone().unwrap().to_string()
    };
    let e = body_error(".shared .b8 s[99999999999999999999];");
    assert!(
        e.contains("array size 99999999999999999999 does not fit in 64 bits"),
        "{e}"
    );
    let e = body_error(".shared .b8 s[-1];");
    assert!(e.contains("array size -1 is negative"), "{e}");
    let e = shared(".shared .b64 s[4294967296][4294967296];")
        .unwrap_err()
        .to_string();
    assert!(e.contains("`s` is larger than 2^64 bytes"), "{e}");
}

#[test]
fn parameter_lists_past_32764_bytes_are_refused_not_truncated() {
    let params = |p: &str| LibraryTable::read(ptx("", p, "").as_bytes());
    let t = params(".param .align 4 .b8 p[32764]").unwrap();
    assert_eq!(t.kernels[0].params[0].size, 32764);
    let t = params(".param .u32 a, .param .align 8 .b8 p[32752]").unwrap();
    assert_eq!(
        (t.kernels[0].params[1].offset, t.kernels[0].params[1].size),
        (8, 32752)
    );
    for p in [
        ".param .align 4 .b8 p[32768]",
        ".param .align 4 .b8 p[4294967300]",
        ".param .u32 a, .param .align 8 .b8 p[32760]",
    ] {
        let e = params(p).unwrap_err();
        let msg = e.to_string();
        assert!(matches!(e, Error::PtxSyntax { .. }), "{msg}");
        assert!(msg.contains("more than the 32764 CUDA allows"), "{msg}");
    }
    let e = params(".param .b8 p[18446744073709551615][2]").unwrap_err();
    assert!(e.to_string().contains("larger than 2^64 bytes"), "{e}");
}

#[test]
fn thread_counts_whose_product_passes_u64_saturate() {
    let max = ".visible .entry k() .maxntid 4294967295, 4294967295, 4294967295";
    let text = ptx("", "", "").replace(".visible .entry k()", max);
    let t = LibraryTable::read(text.as_bytes()).unwrap();
    assert_eq!(t.kernels[0].max_threads, Some(1024));
    let lib = sim_load(text.as_bytes()).unwrap();
    assert!(lib.get_kernel("k").is_ok());
}

/// A kernel name whose substitutions double at each of 35 levels would demangle to 2^35
/// times its length: it is shown mangled, at once.
#[test]
fn a_kernel_name_that_demangles_exponentially_stays_mangled() {
    let mut name = String::from("_Z1f1a1bIS_S_E");
    for i in 1..36u32 {
        let digit = char::from_digit(i, 36).unwrap_or('0').to_ascii_uppercase();
        name.push_str(&format!("S0_IS{digit}_S{digit}_E"));
    }
    let text = ptx("", "", "").replace(".entry k(", &format!(".entry {name}("));
    let start = std::time::Instant::now();
    let t = LibraryTable::read(text.as_bytes()).unwrap();
    assert_eq!(t.kernels[0].demangled, name);
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());

    // 95 nested call expressions: over 4 MiB of the demangler's stack in a debug build.
    let name = format!("_Z1fDT{}fp_EE", "cl".repeat(95));
    let text = ptx("", "", "").replace(".entry k(", &format!(".entry {name}("));
    let t = LibraryTable::read(text.as_bytes()).unwrap();
    assert_eq!(t.kernels[0].demangled, name);
}

#[test]
fn constant_banks_past_64_kib_are_refused() {
    let t = LibraryTable::read(ptx(".const .b8 c[65536];", "", "").as_bytes()).unwrap();
    assert_eq!(t.kernels[0].const_bytes, Some(65536));
    let e = LibraryTable::read(ptx(".const .b8 c[65537];", "", "").as_bytes()).unwrap_err();
    assert!(
        e.to_string()
            .contains("65537 bytes, more than the 65536-byte constant bank"),
        "{e}"
    );
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// Section headers of an ELF64: (name, header offset in the file, file offset, size).
fn sections(elf: &[u8]) -> Vec<(String, usize, usize, u64)> {
    let u16_at = |o: usize| u16::from_le_bytes(elf[o..o + 2].try_into().unwrap()) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(elf[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(elf[o..o + 8].try_into().unwrap());
    let (shoff, shentsize, shnum, shstrndx) = (
        u64_at(0x28) as usize,
        u16_at(0x3a),
        u16_at(0x3c),
        u16_at(0x3e),
    );
    let strtab = u64_at(shoff + shstrndx * shentsize + 0x18) as usize;
    (0..shnum)
        .map(|i| {
            let h = shoff + i * shentsize;
            let name_at = strtab + u32_at(h);
            let end = elf[name_at..].iter().position(|&b| b == 0).unwrap();
            let name = String::from_utf8_lossy(&elf[name_at..name_at + end]).into_owned();
            (name, h, u64_at(h + 0x18) as usize, u64_at(h + 0x20))
        })
        .collect()
}

#[test]
fn cubin_sizes_past_what_a_device_has_are_refused() {
    let cubin = fixture("tables.sm90.cubin");
    let secs = sections(&cubin);
    // Static shared memory of 4 GiB (a NOBITS section: no bytes needed in the file).
    let mut big_shared = cubin.clone();
    let (_, h, _, _) = secs
        .iter()
        .find(|(n, ..)| n == ".nv.shared.shared_two")
        .unwrap();
    big_shared[h + 0x20..h + 0x28].copy_from_slice(&(1u64 << 32).to_le_bytes());
    let e = LibraryTable::read(&big_shared).unwrap_err().to_string();
    assert!(
        e.contains("static shared memory, more than the 232448"),
        "{e}"
    );
    // A parameter at offset 65,000: its end is past 32,764 bytes.
    let mut far_param = cubin.clone();
    let (_, _, off, size) = secs.iter().find(|(n, ..)| n == ".nv.info.padded").unwrap();
    let mut at = *off;
    let mut patched = false;
    while at + 4 <= off + *size as usize {
        let (fmt, attr) = (far_param[at], far_param[at + 1]);
        let len = u16::from_le_bytes([far_param[at + 2], far_param[at + 3]]) as usize;
        at += 4;
        if fmt == 0x04 {
            if attr == 0x17 && !patched {
                far_param[at + 6..at + 8].copy_from_slice(&65_000u16.to_le_bytes());
                patched = true;
            }
            at += len;
        }
    }
    assert!(patched);
    let e = LibraryTable::read(&far_param).unwrap_err().to_string();
    assert!(
        e.contains("bytes of parameters, more than the 32764"),
        "{e}"
    );
    // A variable claiming 1 GB in `.nv.global` (NOBITS).
    let mut big_var = cubin;
    let symtab = secs.iter().find(|(n, ..)| n == ".symtab").unwrap();
    let global = secs.iter().position(|(n, ..)| n == ".nv.global").unwrap();
    let mut at = symtab.2;
    let mut patched = false;
    while at + 24 <= symtab.2 + symtab.3 as usize {
        let shndx = u16::from_le_bytes([big_var[at + 6], big_var[at + 7]]) as usize;
        if shndx == global && big_var[at + 4] & 0xf == 1 {
            big_var[at + 16..at + 24].copy_from_slice(&1_000_000_000u64.to_le_bytes());
            patched = true;
            break;
        }
        at += 24;
    }
    assert!(patched);
    limit_exceeded(LibraryTable::read(&big_var), "variable_bytes");
}

/// Limits are settable: a trusted large image loads once `image_bytes` is raised (in a
/// child of its own, since the limits are process-wide).
#[test]
fn raising_image_bytes_admits_a_larger_entry() {
    in_child("raising_image_bytes_admits_a_larger_entry", false, || {
        let image = fatbin(&[Entry::zstd_zeros(CUBIN, 90, 80 * MIB)]);
        limit_exceeded(cuda_library::fatbin_entries(&image), "image_bytes");
        let saved = cuda_library::limits();
        cuda_library::set_limits(cuda_library::Limits {
            image_bytes: 80 * MIB,
            ..saved.clone()
        });
        let entries = cuda_library::fatbin_entries(&image);
        cuda_library::set_limits(saved);
        assert_eq!(entries.unwrap()[0].data.len() as u64, 80 * MIB);
    });
}
