//! Hostile kernels and files at run time (issue 26): device `printf` with absurd widths
//! and precisions, `malloc` in a loop, PTX with ten thousand kernels or a compressed
//! gigantic initialiser, a hundred thousand large allocations, and device strings built to
//! garble a terminal. Each must end in a clear error or the right result, never a panic;
//! the tests that would take gigabytes or minutes without their fix run in a child process
//! (this test binary again) that reports its peak resident memory (`VmHWM`, asserted under
//! 100 MB) and its time (asserted under a bound far below what the old code took, even in
//! a debug build). Each takes the device's turn: one sets the limits, the others measure
//! time and memory.

use std::process::Command;
use std::time::{Duration, Instant};

use cuda_library::sim::{self, Dims, Memory, SimModule, PRINTF_FIFO_BYTES};
use cuda_library::{Error, LibraryTable};

const PEAK_LIMIT_KIB: u64 = 100 * 1000;
const CHILD_ENV: &str = "HOSTILE_RUNTIME_CHILD";

/// Runs `body` in a child process (this binary, running only test `name`), its address
/// space capped at `cap_gib` GiB when given, and asserts that it succeeded within `time`
/// with a peak resident memory under 100 MB.
fn in_bounded_child(name: &str, cap_gib: Option<u64>, time: Duration, body: impl FnOnce()) {
    if std::env::var(CHILD_ENV).as_deref() == Ok(name) {
        let started = Instant::now();
        body();
        println!("\nHOSTILE-MS {}", started.elapsed().as_millis());
        println!("HOSTILE-PEAK-KIB {}", peak_kib());
        return;
    }
    if !cfg!(target_os = "linux") {
        body();
        return;
    }
    let cap = cap_gib.map_or("unlimited".to_string(), |g| (g << 20).to_string());
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {cap} && exec \"$0\" \"$@\""))
        .arg(std::env::current_exe().unwrap())
        .args([
            crate::common::test_name(module_path!(), name).as_str(),
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, name)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{name}: the child failed ({})\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    let field = |key: &str| -> u64 {
        stdout
            .lines()
            .find_map(|l| l.split(key).nth(1))
            .unwrap_or_else(|| panic!("{name}: the child did not report {key}:\n{stdout}"))
            .trim()
            .parse()
            .unwrap()
    };
    let (ms, peak) = (field("HOSTILE-MS "), field("HOSTILE-PEAK-KIB "));
    eprintln!("{name}: {ms} ms, peak resident memory {} MB", peak / 1000);
    assert!(peak < PEAK_LIMIT_KIB, "{name}: peak {peak} KiB");
    assert!(
        ms < time.as_millis() as u64,
        "{name}: {ms} ms, more than {time:?}"
    );
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

/// Kernels calling the device runtime as compiled CUDA does: `pf(fmt, args)` is
/// `vprintf(fmt, args)`; `ml(n, size, out)` calls `malloc(size)` n times and stores how many
/// returned non-null; `af(msg, file, fn)` fails an assert; `fr(p)` frees `p`; `ld(p, out)`
/// copies a word through a generic address.
const RUNTIME_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 rv) vprintf (.param .b64 a, .param .b64 b);
.extern .func (.param .b64 rv) malloc (.param .b64 a);
.extern .func free (.param .b64 a);
.extern .func __assertfail (.param .b64 m, .param .b64 f, .param .b32 l, .param .b64 fn, .param .b64 c);
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
.visible .entry ml(.param .u32 n, .param .u64 size, .param .u64 out) {
  .reg .b64 %rd<4>;
  .reg .b32 %r<4>;
  .reg .pred %p<3>;
  ld.param.u32 %r1, [n];
  ld.param.u64 %rd3, [size];
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
L:
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra D;
  {
    .param .b64 p0;
    st.param.b64 [p0], %rd3;
    .param .b64 rv;
    call.uni (rv), malloc, (p0);
    ld.param.b64 %rd1, [rv];
  }
  setp.ne.u64 %p2, %rd1, 0;
  @%p2 add.u32 %r3, %r3, 1;
  add.u32 %r2, %r2, 1;
  bra L;
D:
  ld.param.u64 %rd2, [out];
  st.global.u32 [%rd2], %r3;
  ret;
}
.visible .entry af(.param .u64 msg, .param .u64 file, .param .u64 func) {
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [msg];
  ld.param.u64 %rd2, [file];
  ld.param.u64 %rd3, [func];
  {
    .param .b64 p0;
    st.param.b64 [p0], %rd1;
    .param .b64 p1;
    st.param.b64 [p1], %rd2;
    .param .b32 p2;
    st.param.b32 [p2], 7;
    .param .b64 p3;
    st.param.b64 [p3], %rd3;
    .param .b64 p4;
    st.param.b64 [p4], 1;
    call.uni __assertfail, (p0, p1, p2, p3, p4);
  }
  ret;
}
.visible .entry fr(.param .u64 p) {
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  {
    .param .b64 p0;
    st.param.b64 [p0], %rd1;
    call.uni free, (p0);
  }
  ret;
}
.visible .entry ld(.param .u64 p, .param .u64 out) {
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [p];
  ld.param.u64 %rd2, [out];
  ld.u32 %r1, [%rd1];
  st.u32 [%rd2], %r1;
  ret;
}
"#;

/// The runtime kernels loaded into `mem`.
fn runtime(mem: &mut Memory) -> SimModule {
    sim::load_ptx(RUNTIME_PTX, mem).unwrap()
}

/// `bytes` copied into a new allocation; its address.
fn put(mem: &mut Memory, bytes: &[u8]) -> u64 {
    let a = mem.alloc(bytes.len().max(1), 256).unwrap();
    mem.write(a, bytes).unwrap();
    a
}

/// Runs `kernel` in one thread with these pointer/word parameters.
fn run1(m: &SimModule, mem: &mut Memory, kernel: &str, params: &[u8]) -> cuda_library::Result<()> {
    let dims = Dims {
        grid: [1, 1, 1],
        block: [1, 1, 1],
        shared_dynamic: 0,
    };
    // Room for the 200,000 device calls of the malloc test, each charged as a call.
    sim::launch(m, mem, kernel, dims, params, 100_000_000).map(|_| ())
}

/// `printf(format, args...)` from one thread: the launch's outcome and the output.
fn printf(format: &str, args: &[u8]) -> (cuda_library::Result<()>, String) {
    let mut mem = Memory::new();
    let m = runtime(&mut mem);
    let mut fmt = format.as_bytes().to_vec();
    fmt.push(0);
    let f = put(&mut mem, &fmt);
    let a = put(&mut mem, args);
    let params = [f.to_le_bytes(), a.to_le_bytes()].concat();
    let r = run1(&m, &mut mem, "pf", &params);
    (r, mem.take_device_output())
}

/// An `int` argument; a `double` one (8-aligned: put it first or after an even count).
fn int(v: i32) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}
fn double(v: f64) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

const DROPPED: &str = "[cuda-library: device printf output past 1 MiB was dropped";

/// Row 1: `*` widths of -1 and INT_MIN, precisions past 65,535: glibc's results (a
/// negative width left-justifies, a negative precision is none), never a panic.
#[test]
fn printf_widths_and_precisions_never_panic() {
    let _turn = crate::turn();
    in_bounded_child(
        "printf_widths_and_precisions_never_panic",
        Some(1),
        Duration::from_secs(20),
        || {
            let ok = |fmt: &str, args: Vec<u8>| {
                let (r, out) = printf(fmt, &args);
                r.unwrap_or_else(|e| panic!("{fmt}: {e}"));
                out
            };
            assert_eq!(ok("%*d|", [int(-1), int(5)].concat()), "5|");
            assert_eq!(ok("%*d|", [int(-4), int(5)].concat()), "5   |");
            assert_eq!(
                ok("%.*f|", [int(-1), int(0), double(1.5)].concat()),
                "1.500000|"
            );
            let out = ok("%.65536f", double(1.5));
            assert_eq!(out.len(), 65538);
            assert!(out.starts_with("1.50000") && out.bytes().skip(3).all(|b| b == b'0'));
            let out = ok("%.70000e", double(-2.0));
            assert!(out.starts_with("-2.0000") && out.ends_with("0e+00"));
            assert_eq!(ok("%.1000000000g", double(0.25)), "0.25");
            for (fmt, args) in [
                ("%*d", [int(i32::MIN), int(5)].concat()),
                ("%.1000000000e", double(1.5)),
                ("%#.1000000000g", double(1.5)),
                ("%.1000000000f", double(1.5)),
                ("%99999999999999999999999999d", int(1)),
            ] {
                assert!(ok(fmt, args).starts_with(DROPPED), "{fmt}");
            }
        },
    );
}

/// Row 2: one printf asking for 2 GB of text costs the FIFO's megabyte, not gigabytes,
/// and the text is dropped whole as the FIFO drops what overflows.
#[test]
fn printf_of_gigabytes_is_dropped_at_the_fifo() {
    let _turn = crate::turn();
    in_bounded_child(
        "printf_of_gigabytes_is_dropped_at_the_fifo",
        Some(1),
        Duration::from_secs(20),
        || {
            let string = {
                // `%2000000000s` of a real string: the argument is its address.
                let mut mem = Memory::new();
                let m = runtime(&mut mem);
                let s = put(&mut mem, b"ok\0");
                let f = put(&mut mem, b"%2000000000s|\0");
                let a = put(&mut mem, &s.to_le_bytes());
                let params = [f.to_le_bytes(), a.to_le_bytes()].concat();
                run1(&m, &mut mem, "pf", &params).unwrap();
                mem.take_device_output()
            };
            assert!(string.starts_with(DROPPED), "{string}");
            for fmt in ["%2000000000d", "%.2000000000d", "%-2000000000d|"] {
                let (r, out) = printf(fmt, &int(1));
                r.unwrap();
                assert!(out.starts_with(DROPPED), "{fmt}: {out}");
            }
            // Text that fits is kept, up to the FIFO's size.
            let (_, out) = printf("%1000000d", &int(7));
            assert_eq!(out.len(), 1_000_000);
            let (_, out) = printf("%*d", &[int(PRINTF_FIFO_BYTES as i32), int(7)].concat());
            assert_eq!(out.len(), PRINTF_FIFO_BYTES);
        },
    );
}

/// Row 3: device `malloc` in a loop is O(log n) a call (it summed the heap list on every
/// call: 100,000 calls took 2 s in a release build, 300,000 took 36 s).
#[test]
fn device_malloc_in_a_loop_is_fast() {
    let _turn = crate::turn();
    in_bounded_child(
        "device_malloc_in_a_loop_is_fast",
        Some(1),
        Duration::from_secs(30),
        || {
            let mut mem = Memory::new();
            let m = runtime(&mut mem);
            let out = mem.alloc(4, 256).unwrap();
            let mut malloc_loop = |n: u32, size: u64| -> u32 {
                let params = [
                    n.to_le_bytes().to_vec(),
                    vec![0; 4],
                    size.to_le_bytes().to_vec(),
                    out.to_le_bytes().to_vec(),
                ]
                .concat();
                run1(&m, &mut mem, "ml", &params).unwrap();
                let mut got = [0u8; 4];
                mem.read(out, &mut got).unwrap();
                u32::from_le_bytes(got)
            };
            // 16 bytes a block: all 200,000 fit in the 8 MiB heap.
            assert_eq!(malloc_loop(200_000, 1), 200_000);
            // The rest of the heap holds this many 4 KiB blocks; later calls return null.
            let left = (sim::DEVICE_HEAP_BYTES - 200_000 * 16) / 4096;
            assert_eq!(malloc_loop(2000, 4096), left as u32);
        },
    );
}

/// PTX text of `n` one-line kernels.
fn many_kernels(n: usize) -> String {
    let mut ptx = String::from(".version 7.0\n.target sm_80\n.address_size 64\n");
    for i in 0..n {
        ptx.push_str(&format!(".visible .entry k{i}() {{ ret; }}\n"));
    }
    ptx
}

/// Row 6: loading is near-linear in the number of kernels (10,000 took more than 120 s).
#[test]
fn ten_thousand_kernels_load_quickly() {
    let _turn = crate::turn();
    in_bounded_child(
        "ten_thousand_kernels_load_quickly",
        Some(1),
        Duration::from_secs(30),
        || {
            let ptx = many_kernels(10_000);
            let table = LibraryTable::read(ptx.as_bytes()).unwrap();
            assert_eq!(table.kernels.len(), 10_000);
            cuda_library::use_backend(cuda_library::BackendKind::Sim).unwrap();
            let lib = cuda_library::Library::load_data(
                format!("{ptx}\0").as_bytes(),
                &Default::default(),
            )
            .unwrap();
            assert_eq!(lib.kernels().unwrap().len(), 10_000);
            lib.get_kernel("k9999").unwrap();
        },
    );
}

/// A zstd PTX entry for sm_80 holding `text` (as Raw blocks: the bytes the parser meets
/// are the decompressed ones).
fn compressed_ptx(text: &str) -> Vec<u8> {
    use crate::common::bombs::*;
    fatbin(&[Entry {
        kind: PTX,
        arch: 80,
        stored: Stored::Zstd,
        uncompressed: text.len() as u64,
        payload: zstd_frame(&[Part::Raw(text.as_bytes())], Window::Log(17)),
    }])
}

/// Row 7: a `{0,0,...}` initialiser of millions of elements is stored as its length (it
/// took 1.31 GB for 31M elements, and would pass 100 MB for these 2M), and a tree past `Limits::ptx_tree_factor` is refused.
#[test]
fn a_huge_zero_initialiser_is_stored_compactly() {
    let _turn = crate::turn();
    in_bounded_child(
        "a_huge_zero_initialiser_is_stored_compactly",
        Some(1),
        Duration::from_secs(60),
        || {
            let n = 2_000_000;
            let mut text = String::from(".version 7.0\n.target sm_80\n.address_size 64\n");
            text.push_str(&format!(".visible .global .align 1 .b8 z[{n}] = {{1"));
            text.push_str(&",0".repeat(n - 1));
            text.push_str("};\n.visible .entry k() { ret; }\n");
            let image = compressed_ptx(&text);
            drop(text);
            let table = LibraryTable::read(&image).unwrap();
            assert_eq!(table.globals["z"].size, n as u64);
            cuda_library::use_backend(cuda_library::BackendKind::Sim).unwrap();
            let lib = cuda_library::Library::load_data(&image, &Default::default()).unwrap();
            let z = lib.get_global("z").unwrap();
            assert_eq!(z.size(), n);
        },
    );
}

#[test]
fn a_ptx_tree_past_its_factor_is_refused() {
    let _turn = crate::turn();
    let list = vec!["7"; 200_000].join(",");
    let text =
        format!(".version 7.0\n.target sm_80\n.address_size 64\n.global .b8 t[] = {{{list}}};\n");
    let image = compressed_ptx(&text);
    // Within the default: 24 bytes of tree a byte of text.
    assert!(LibraryTable::read(&image).is_ok());
    let saved = cuda_library::limits();
    cuda_library::set_limits(cuda_library::Limits {
        ptx_tree_factor: 4,
        ..saved.clone()
    });
    let r = LibraryTable::read(&image);
    cuda_library::set_limits(saved);
    match r {
        Err(e @ Error::LimitExceeded { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains("Limits::ptx_tree_factor"), "{msg}");
            assert!(
                msg.contains(&format!("syntax tree of {} bytes of PTX", text.len())),
                "{msg}"
            );
        }
        other => panic!("expected the tree's limit, got {other:?}"),
    }
}

/// Row 8: allocations come and go (100,000 of 4 GiB: 400 TiB of addresses) and none lands
/// in the local or shared window; a buffer allocated after them reads through a generic
/// address as global memory.
#[test]
fn address_space_survives_100000_large_allocations() {
    let _turn = crate::turn();
    in_bounded_child(
        "address_space_survives_100000_large_allocations",
        None,
        Duration::from_secs(60),
        || {
            let mut mem = Memory::new();
            let m = runtime(&mut mem);
            let kept = put(&mut mem, &[1, 2, 3, 4]);
            const LOCAL_WINDOW: u64 = 0x0000_7d00_0000_0000;
            let big = sim::CAPACITY as usize - (64 << 20);
            for _ in 0..100_000 {
                let a = mem.alloc(big, 256).unwrap();
                assert!(a + big as u64 <= LOCAL_WINDOW, "{a:#x}");
                mem.free(a).unwrap();
            }
            let fresh = put(&mut mem, &42u32.to_le_bytes());
            assert!(fresh < LOCAL_WINDOW);
            let out = mem.alloc(4, 256).unwrap();
            for (p, want) in [(fresh, 42u32), (kept, 0x0403_0201)] {
                let params = [p.to_le_bytes(), out.to_le_bytes()].concat();
                run1(&m, &mut mem, "ld", &params).unwrap();
                let mut got = [0u8; 4];
                mem.read(out, &mut got).unwrap();
                assert_eq!(u32::from_le_bytes(got), want);
            }
        },
    );
}

/// Row 9: device strings in errors have their control characters escaped and are cut
/// past 1 KiB (an assert with three 64 KiB strings gave a 197 KB message; the simulator reads device strings up to 64 KiB).
#[test]
fn device_strings_in_errors_are_escaped_and_cut() {
    let _turn = crate::turn();
    let mut mem = Memory::new();
    let m = runtime(&mut mem);
    let long = |c: char| format!("{}\0", c.to_string().repeat(60 << 10));
    let msg = put(&mut mem, format!("x\x1b[2J\x07\r{}", long('m')).as_bytes());
    let file = put(&mut mem, long('f').as_bytes());
    let func = put(&mut mem, b"void k()\x1b]0;title\x07\0");
    let params = [msg.to_le_bytes(), file.to_le_bytes(), func.to_le_bytes()].concat();
    let e = run1(&m, &mut mem, "af", &params).unwrap_err();
    assert!(matches!(e, Error::DeviceAssert(_)), "{e:?}");
    let text = e.to_string();
    assert!(text.len() < 5000, "{} bytes", text.len());
    assert!(!text.contains(['\x1b', '\x07', '\r']), "{text:?}");
    assert!(text.contains("x\\u{1b}[2J\\u{7}\\r") && text.contains("more bytes not shown"));
    // A printf whose arguments cannot be read: the format in the message is escaped.
    let f = put(&mut mem, b"\x1b[31mred %d\0");
    let params = [f.to_le_bytes(), 16u64.to_le_bytes()].concat();
    let e = run1(&m, &mut mem, "pf", &params).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::KernelFault { .. }), "{e:?}");
    assert!(
        !text.contains('\x1b') && text.contains("\\u{1b}[31mred"),
        "{text}"
    );
    // A bogus free says what is wrong, not "check the kernel's indexing".
    let e = run1(&m, &mut mem, "fr", &12345u64.to_le_bytes()).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("not an address device malloc returned"),
        "{text}"
    );
    assert!(
        text.contains("free only what device malloc returned") && !text.contains("indexing"),
        "{text}"
    );
}
