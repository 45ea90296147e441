//! `culib`: inspect CUDA images from the command line.
//!
//! ```text
//! culib inspect [--json] FILE           the kernel and variable table, read from the image
//! culib inspect --driver [--json] FILE  the same table as the CUDA driver reports it (needs a GPU)
//! ```

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use cuda_library::{Device, GlobalKind, Library, LibraryOptions, LibraryTable};

const USAGE: &str = "usage: culib inspect [--json] [--driver] FILE
  inspect   print the kernel and variable table of a cubin, fatbin or PTX file
  --json    print JSON instead of a table
  --driver  ask the CUDA driver instead of reading the image (needs a GPU)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut json = false;
    let mut use_driver = false;
    let mut file = None;
    let mut cmd = None;
    for a in &args {
        match a.as_str() {
            "--json" => json = true,
            "--driver" => use_driver = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            s if cmd.is_none() => cmd = Some(s.to_string()),
            s if file.is_none() => file = Some(s.to_string()),
            s => {
                eprintln!("culib: unexpected argument `{s}`\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let (Some("inspect"), Some(file)) = (cmd.as_deref(), file) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("culib: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let table = LibraryTable::read(&bytes);
    let result = if use_driver {
        table.and_then(|t| driver_json(&bytes, &t))
    } else if json {
        table.map(|t| t.to_json())
    } else {
        table.map(|t| serde_json::Value::String(render_table(&file, &t)))
    };
    let text = match result {
        Ok(serde_json::Value::String(s)) => s,
        Ok(v) => serde_json::to_string_pretty(&v).unwrap_or_default() + "\n",
        Err(e) => {
            eprintln!("culib: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // A closed pipe (`culib inspect f | head`) is not an error worth a message.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("culib: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

fn opt(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "?".into())
}

fn render_table(file: &str, t: &LibraryTable) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{file}: {} for {}", t.source_kind, t.arch);
    if !t.fatbin_entries.is_empty() {
        for (i, e) in t.fatbin_entries.iter().enumerate() {
            let mark = if Some(i) == t.chosen_entry { "*" } else { " " };
            let _ = writeln!(
                o,
                "  {mark} entry {i}: {} sm_{} ({} bytes, compression {})",
                e.kind, e.arch, e.size, e.compression
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
                Some(ty) => format!("{}:{}{}", p.offset, p.size, ty),
                None => format!("{}:{}", p.offset, p.size),
            })
            .collect();
        let _ = writeln!(
            o,
            "{:<44} {:>5} {:>7} {:>6} {:>6} {:>6}  {}",
            k.demangled,
            opt(k.num_regs),
            opt(k.shared_bytes),
            opt(k.const_bytes),
            opt(k.local_bytes),
            opt(k.max_threads),
            params.join(" ")
        );
        if k.demangled != k.name {
            let _ = writeln!(o, "    {}", k.name);
        }
    }
    if !t.globals.is_empty() {
        let _ = writeln!(
            o,
            "\n{:<24} {:>8} {:<9} initial bytes",
            "variable", "size", "kind"
        );
        for (name, g) in &t.globals {
            let init = match &g.init {
                Some(b) if b.len() > 32 => format!("{}...", cuda_library::table_hex(&b[..32])),
                Some(b) => cuda_library::table_hex(b),
                None => "(addresses, set at load)".into(),
            };
            let kind = match g.kind {
                GlobalKind::Device => "device",
                GlobalKind::Constant => "constant",
                GlobalKind::Managed => "managed",
            };
            let _ = writeln!(o, "{name:<24} {:>8} {kind:<9} {init}", g.size);
        }
    }
    o
}

/// The table as the driver reports it, in the same JSON shape. Variable names come from
/// the image (the driver cannot list them); their sizes, bytes and managed-ness from the
/// driver.
fn driver_json(bytes: &[u8], t: &LibraryTable) -> cuda_library::Result<serde_json::Value> {
    use serde_json::json;
    let dev = Device::new(0)?;
    let _ctx = dev.set_current()?;
    let lib = Library::load_data(bytes, &LibraryOptions::default())?;
    let mut kernels = Vec::new();
    let mut list = lib.kernels()?;
    list.sort_by_key(|k| k.name().unwrap_or_default());
    for k in list {
        let name = k.name()?;
        let a = k.attributes(&dev)?;
        kernels.push(json!({
            "name": name,
            "demangled": cuda_library::demangle(&name),
            "params": k.param_info()?.iter().map(|p| json!([p.offset, p.size])).collect::<Vec<_>>(),
            "num_regs": a.num_regs,
            "shared_bytes": a.shared_size_bytes,
            "const_bytes": a.const_size_bytes,
            "local_bytes": a.local_size_bytes,
            "max_threads": a.max_threads_per_block,
        }));
    }
    let mut globals = serde_json::Map::new();
    let mut managed = Vec::new();
    for name in t.globals.keys() {
        let g = lib.get_global(name)?;
        let is_managed = lib.get_managed(name).is_ok();
        let kind = if is_managed {
            managed.push(name.clone());
            "managed"
        } else if t.globals[name].kind == GlobalKind::Constant {
            "constant"
        } else {
            "device"
        };
        globals.insert(
            name.clone(),
            json!({"size": g.size(), "init_hex": cuda_library::table_hex(&g.read_bytes()?), "kind": kind}),
        );
    }
    Ok(json!({"kernels": kernels, "globals": globals, "managed": managed}))
}
