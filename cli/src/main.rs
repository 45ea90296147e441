//! `culib`: inspect CUDA images from the command line.
//!
//! ```text
//! culib inspect [--json] FILE           the kernel and variable table, read from the image
//! culib inspect --driver [--json] FILE  the same table as the CUDA driver reports it (needs a GPU)
//! ```
//!
//! `FILE` is a cubin, a fatbin (the table is the entry the simulated device would load, and
//! the heading says which) or PTX text; CUDA C++ source (`.cu`, or text with a `__global__`
//! function) is compiled to PTX first, with NVRTC or, where it is missing, the built-in compiler.
//!
//! Everything printed as text goes through [`esc`]: names, paths and messages come from the
//! image or the command line, and a control character in a kernel name must not reach the
//! terminal as an escape sequence. JSON goes through [`json_safe`] for the same reason.
//! A variable's contents are shown up to `Limits::shown_bytes` (JSON: `init_hex`, with
//! `init_truncated: true` when cut short).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use cuda_library::{
    Device, GlobalKind, ImageKind, Inspect, InspectGlobal, Library, LibraryOptions, LibraryTable,
    Program, ProgramOptions,
};

const USAGE: &str = "usage: culib inspect [--json] [--driver] FILE
  inspect   print the kernel and variable table of a cubin, fatbin or PTX file, or of
            CUDA C++ source (.cu) compiled to PTX (NVRTC, or the built-in compiler)
  --json    print JSON instead of a table
  --driver  ask the CUDA driver instead of reading the image (needs a GPU)";

fn main() -> ExitCode {
    // `args_os`: `std::env::args` panics on an argument that is not UTF-8, and a file name
    // need not be.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let mut json = false;
    let mut use_driver = false;
    let mut file = None;
    let mut cmd = None;
    for a in &args {
        match a.to_str() {
            Some("--json") => json = true,
            Some("--driver") => use_driver = true,
            Some("-h" | "--help") => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if cmd.is_none() => cmd = Some(a.to_string_lossy().into_owned()),
            _ if file.is_none() => file = Some(std::path::PathBuf::from(a)),
            _ => {
                eprintln!(
                    "culib: unexpected argument `{}`\n{USAGE}",
                    esc(&a.to_string_lossy())
                );
                return ExitCode::from(2);
            }
        }
    }
    let (Some("inspect"), Some(path)) = (cmd.as_deref(), file) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let file = path.to_string_lossy().into_owned();
    let bytes = match cuda_library::read_image_file(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!(
                "culib: cannot read {}: {}",
                esc(&file),
                esc_message(&e.to_string())
            );
            return ExitCode::FAILURE;
        }
    };
    // CUDA C++ source is compiled first (NVRTC, or the built-in compiler), and its PTX inspected.
    let source = is_cuda_source(&path, &bytes);
    let (bytes, origin) = if source {
        match compile_source(&bytes) {
            Ok((ptx, nvrtc)) => (ptx, Some(format!("compiled by {nvrtc} to "))),
            Err(why) => {
                eprintln!(
                    "culib: {} is CUDA C++ source, not an image: compile it first; culib \
                     compiles it with NVRTC where it finds it and with the built-in compiler \
                     elsewhere, and here that failed:\n{}",
                    esc(&file),
                    esc_message(&why)
                );
                return ExitCode::FAILURE;
            }
        }
    } else {
        (bytes, None)
    };
    let table = LibraryTable::read(&bytes);
    let as_json =
        |i: Inspect| json_safe(&serde_json::to_string_pretty(&i).unwrap_or_default()) + "\n";
    let result = if use_driver {
        table.and_then(|t| driver_inspect(&bytes, &t)).map(as_json)
    } else if json {
        table.map(|t| as_json(t.inspect()))
    } else {
        table.map(|t| render_table(&file, origin.as_deref(), &t))
    };
    let text = match result {
        Ok(text) => text,
        Err(e) => {
            eprintln!("culib: {}: {}", esc(&file), esc_message(&e.to_string()));
            return ExitCode::FAILURE;
        }
    };
    // A closed pipe (`culib inspect f | head`) is not an error worth a message.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "culib: cannot write the output: {}",
                esc_message(&e.to_string())
            );
            ExitCode::FAILURE
        }
    }
}

/// Whether a character must not reach a terminal as it is: control characters (C0, DEL,
/// C1, among them ESC and CSI) and invisible formatting characters that reorder or hide
/// text (bidirectional overrides and isolates, zero-width characters, line and paragraph
/// separators, the BOM, interlinear annotation and tag characters).
fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{61c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{e0000}'..='\u{e007f}'
        )
}

/// Text as `culib` prints it: every [unprintable] character escaped, `\x1b` for one
/// below U+0080 and `\u{202e}` otherwise; everything else as it is.
fn esc(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// A message as `culib` prints it: [`esc`], but its line breaks kept (an error's hint is
/// on a line of its own).
fn esc_message(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

fn escape(s: &str, keep_newlines: bool) -> Cow<'_, str> {
    let bad = |c: char| unprintable(c) && !(keep_newlines && c == '\n');
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    let mut o = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !bad(c) {
            o.push(c);
        } else if (c as u32) < 0x80 {
            let _ = write!(o, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(o, "\\u{{{:x}}}", c as u32);
        }
    }
    Cow::Owned(o)
}

/// JSON with every [unprintable] character written as a `\uXXXX` escape. serde_json
/// escapes those below U+0020 in strings (what remains of them is the layout's newlines)
/// but writes DEL, the C1 controls and the formatting characters as they are; the escaped
/// JSON decodes to the same strings.
fn json_safe(json: &str) -> String {
    let mut o = String::with_capacity(json.len());
    for c in json.chars() {
        if unprintable(c) && c >= ' ' {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                let _ = write!(o, "\\u{:04x}", u);
            }
        } else {
            o.push(c);
        }
    }
    o
}

/// The part of a variable's contents that output shows: at most `Limits::shown_bytes`
/// bytes, and whether that cut it short.
fn shown(bytes: &[u8]) -> (&[u8], bool) {
    let most = usize::try_from(cuda_library::limits().shown_bytes).unwrap_or(usize::MAX);
    if bytes.len() > most {
        (&bytes[..most], true)
    } else {
        (bytes, false)
    }
}

fn opt(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "?".into())
}

/// Whether a file that is no image is CUDA C++ source: named `.cu` or `.cuh`, or UTF-8
/// text that declares a `__global__` function.
fn is_cuda_source(path: &std::path::Path, bytes: &[u8]) -> bool {
    if LibraryTable::read(bytes).is_ok() {
        return false;
    }
    let named = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e, "cu" | "cuh"));
    named
        || std::str::from_utf8(bytes)
            .map(|text| text.contains("__global__"))
            .unwrap_or(false)
}

/// CUDA C++ source compiled to PTX for device 0 (the simulated GPU's sm_90 where there is no
/// GPU) by the compiler `Program` picks (NVRTC where it loads, else the built-in compiler),
/// with that compiler's name and version; or why it could not be.
fn compile_source(bytes: &[u8]) -> Result<(Vec<u8>, String), String> {
    let text =
        std::str::from_utf8(bytes).map_err(|e| format!("the source is not UTF-8 text ({e})"))?;
    let code = Program::new(text, ProgramOptions::default())
        .compile(ImageKind::Ptx, &[])
        .map_err(|e| e.to_string())?;
    let compiler = code.compiler().unwrap_or("the compiler").to_string();
    let ptx = code
        .bytes()
        .ok_or_else(|| format!("{compiler} returned no PTX in memory"))?;
    Ok((ptx.to_vec(), compiler))
}

/// The table as text. `origin` says where the image came from when it was not the file
/// itself ("compiled by NVRTC 12.9 to ").
fn render_table(file: &str, origin: Option<&str>, t: &LibraryTable) -> String {
    let mut o = String::new();
    let read = format!(
        "{}{} for {}",
        origin.unwrap_or(""),
        t.source_kind,
        esc(&t.arch)
    );
    match t.chosen_entry {
        // A fatbin: the table is one entry's, and the heading says which.
        Some(chosen) if !t.fatbin_entries.is_empty() => {
            let _ = writeln!(
                o,
                "{}: fatbin of {} entries; the table is entry {chosen}'s, {read} (marked *)",
                esc(file),
                t.fatbin_entries.len(),
            );
        }
        _ => {
            let _ = writeln!(o, "{}: {read}", esc(file));
        }
    }
    if !t.fatbin_entries.is_empty() {
        for (i, e) in t.fatbin_entries.iter().enumerate() {
            let mark = if Some(i) == t.chosen_entry { "*" } else { " " };
            let _ = writeln!(
                o,
                "  {mark} entry {i}: {} sm_{} ({} bytes, compression {})",
                esc(&e.kind),
                e.arch,
                e.size,
                esc(&e.compression)
            );
        }
    }
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{:<44} {:>5} {:>7} {:>6} {:>6} {:>6}  params (offset:size)",
        "kernel", "regs", "shared", "const", "local", "maxthr"
    );
    for k in &t.kernels {
        let params: Vec<String> = k
            .params
            .iter()
            .map(|p| match &p.ptx_type {
                Some(ty) => format!("{}:{}{}", p.offset, p.size, esc(ty)),
                None => format!("{}:{}", p.offset, p.size),
            })
            .collect();
        let _ = writeln!(
            o,
            "{:<44} {:>5} {:>7} {:>6} {:>6} {:>6}  {}",
            esc(&k.demangled),
            opt(k.num_regs),
            opt(k.shared_bytes),
            opt(k.const_bytes),
            opt(k.local_bytes),
            opt(k.max_threads),
            params.join(" ")
        );
        if k.demangled != k.name {
            let _ = writeln!(o, "    {}", esc(&k.name));
        }
    }
    if !t.globals.is_empty() {
        let _ = writeln!(
            o,
            "\n{:<24} {:>8} {:<9} initial bytes",
            "variable", "size", "kind"
        );
        for (name, g) in &t.globals {
            // A table row shows the first 32 bytes (fewer if Limits::shown_bytes is smaller).
            let init = match &g.init {
                Some(b) => {
                    let (shown, cut) = shown(&b[..b.len().min(32)]);
                    let more = cut || shown.len() < b.len();
                    let dots = if more { "..." } else { "" };
                    format!("{}{dots}", cuda_library::table_hex(shown))
                }
                None => "(addresses, set at load)".into(),
            };
            let kind = match g.kind {
                GlobalKind::Device => "device",
                GlobalKind::Constant => "constant",
                GlobalKind::Managed => "managed",
            };
            let _ = writeln!(o, "{:<24} {:>8} {kind:<9} {init}", esc(name), g.size);
        }
    }
    o
}

/// The table as the driver reports it, in the same JSON shape. Variable names come from
/// the image (the driver cannot list them); their sizes, bytes and managed-ness from the
/// driver.
fn driver_inspect(bytes: &[u8], t: &LibraryTable) -> cuda_library::Result<Inspect> {
    let dev = Device::new(0)?;
    let _ctx = dev.set_current()?;
    let lib = Library::load_data(bytes, &LibraryOptions::default())?;
    let mut list = lib.kernels()?;
    list.sort_by_key(|k| k.name().unwrap_or_default());
    let kernels = list
        .iter()
        .map(|k| k.info(&dev))
        .collect::<cuda_library::Result<_>>()?;
    let mut inspect = Inspect {
        kernels,
        globals: Default::default(),
        managed: Vec::new(),
    };
    for (name, row) in &t.globals {
        let g = lib.get_global(name)?;
        let kind = if lib.get_managed(name).is_ok() {
            inspect.managed.push(name.clone());
            GlobalKind::Managed
        } else if row.kind == GlobalKind::Constant {
            GlobalKind::Constant
        } else {
            GlobalKind::Device
        };
        let bytes = g.read_bytes()?;
        let (shown, init_truncated) = shown(&bytes);
        let init_hex = Some(cuda_library::table_hex(shown));
        let size = g.size() as u64;
        let global = InspectGlobal {
            size,
            init_hex,
            init_truncated,
            kind,
        };
        inspect.globals.insert(name.clone(), global);
    }
    Ok(inspect)
}
