//! Simulator speed: thread-instructions per second on saxpy and a shared-memory matmul.
//!
//! `cargo run --release --example sim_bench` (needs NVRTC to compile the corpus to PTX:
//! `scripts/setup-venv.sh` installs it; or pass a PTX file of the corpus as the argument).

use std::time::Instant;

use cuda_library::sim::{self, Dims, Memory};
use cuda_library::{ImageKind, Program, ProgramOptions};

fn main() -> cuda_library::Result<()> {
    let ptx = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(&path).map_err(|source| cuda_library::Error::Io {
            path: path.into(),
            source,
        })?,
        None => {
            let src = include_str!("../../tests/kernels/corpus.cu");
            let opts = ProgramOptions {
                arch: Some("compute_80".into()),
                ..Default::default()
            };
            let code = Program::new(src, opts).compile(ImageKind::Ptx, &[])?;
            code.ptx_text().unwrap_or_default().to_string()
        }
    };
    let mut mem = Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem)?;
    println!("| kernel | threads | thread-instructions | seconds | thread-instructions/s |");
    println!("|---|---|---|---|---|");

    // saxpy over 1M elements.
    let n: u32 = 1 << 20;
    let x = mem.alloc(n as usize * 4, 256)?;
    let y = mem.alloc(n as usize * 4, 256)?;
    mem.write(x, &vec![0x3f; n as usize * 4])?;
    let p = sim::pack_params(
        &module,
        "saxpy",
        &[
            &2.0f32.to_le_bytes(),
            &x.to_le_bytes(),
            &y.to_le_bytes(),
            &(n as i32).to_le_bytes(),
        ],
    )?;
    let dims = Dims {
        grid: [n / 256, 1, 1],
        block: [256, 1, 1],
        shared_dynamic: 0,
    };
    report("saxpy", n as u64, || {
        sim::launch(&module, &mut mem, "saxpy", dims, &p, u64::MAX)
    })?;

    // 256 x 256 matmul with 16 x 16 shared-memory tiles.
    let m: u32 = 256;
    let bytes = (m * m * 4) as usize;
    let (a, b, c) = (
        mem.alloc(bytes, 256)?,
        mem.alloc(bytes, 256)?,
        mem.alloc(bytes, 256)?,
    );
    mem.write(a, &vec![0x3c; bytes])?;
    mem.write(b, &vec![0x3c; bytes])?;
    let p = sim::pack_params(
        &module,
        "matmul_tiled",
        &[
            &a.to_le_bytes(),
            &b.to_le_bytes(),
            &c.to_le_bytes(),
            &(m as i32).to_le_bytes(),
        ],
    )?;
    let dims = Dims {
        grid: [m / 16, m / 16, 1],
        block: [16, 16, 1],
        shared_dynamic: 0,
    };
    report("matmul_tiled", (m * m) as u64, || {
        sim::launch(&module, &mut mem, "matmul_tiled", dims, &p, u64::MAX)
    })?;
    Ok(())
}

fn report(
    name: &str,
    threads: u64,
    mut run: impl FnMut() -> cuda_library::Result<sim::Stats>,
) -> cuda_library::Result<()> {
    let t = Instant::now();
    let stats = run()?;
    let secs = t.elapsed().as_secs_f64();
    println!(
        "| {name} | {threads} | {} | {secs:.3} | {:.3e} |",
        stats.thread_instructions,
        stats.thread_instructions as f64 / secs
    );
    Ok(())
}
