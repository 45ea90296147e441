//! Every kernel of the Hopper corpus lowers on the simulator: the corpus sources
//! (ThunderKittens, CUTLASS 3, DeepGEMM, FlashAttention-3, CUB; `tests/hopper/corpus/`)
//! compiled here with NVRTC 12.9 for `compute_90a` by `tests/hopper/corpus/nvrtc.py`, each
//! project with its own device flags, and checked in as `tests/hopper/corpus/nvrtc/CASE.ptx.zst`.
//!
//! This needs no recording from the GPU: it checks the first condition (each kernel
//! lowers) on PTX built from the same sources as the device's nvcc build. A kernel listed in
//! `tests/hopper/corpus/nvrtc/refused.txt` (`CASE<TAB>kernel<TAB>why`) is reported, not
//! failed; every other refusal fails the test with the simulator's reason.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Kernels in the checked-in NVRTC PTX: the test fails if fewer are found (a file lost in a
/// merge would otherwise pass unnoticed).
const KERNELS_FLOOR: usize = 24;

fn nvrtc_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hopper/corpus/nvrtc")
}

fn read_zst(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut dec = ruzstd::decoding::StreamingDecoder::new(std::io::BufReader::new(file))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    dec.read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text)
}

/// The names of the `.entry` directives of `ptx`.
fn entries(ptx: &str) -> Vec<String> {
    ptx.lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix(".visible .entry ").or_else(|| {
                l.trim()
                    .strip_prefix(".entry ")
                    .or_else(|| l.trim().strip_prefix(".weak .entry "))
            })?;
            let name = rest.split(['(', ' ']).next()?;
            Some(name.to_string())
        })
        .collect()
}

/// `refused.txt`: `(case, kernel)` pairs known not to lower yet.
fn known_refusals() -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(nvrtc_dir().join("refused.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?.to_string(), f.next()?.to_string()))
        })
        .collect()
}

#[test]
fn every_hopper_corpus_kernel_lowers() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(nvrtc_dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".ptx.zst"))
        .collect();
    files.sort();
    let known = known_refusals();
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    let mut kernels = 0;
    for file in &files {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let case = name.trim_end_matches(".ptx.zst").to_string();
        let ptx = match read_zst(file) {
            Ok(p) => p,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let names = entries(&ptx);
        kernels += names.len();
        let mut mem = cuda_library::sim::Memory::new();
        let module = cuda_library::sim::load_ptx(&ptx, &mut mem);
        for kernel in &names {
            let why = match &module {
                Ok(m) => m.kernel(kernel).err().map(|e| e.to_string()),
                Err(e) => Some(format!("module: {e}")),
            };
            let line = match &why {
                None => format!("{case}\t{kernel}\tlowers"),
                Some(why) => {
                    let why = why.lines().next().unwrap_or("");
                    if !known.contains(&(case.clone(), kernel.clone())) {
                        problems.push(format!("{case} {kernel}: {why}"));
                    }
                    format!("{case}\t{kernel}\trefused: {why}")
                }
            };
            lines.push(line);
        }
        if let Ok(mut m) = module {
            m.free(&mut mem);
        }
    }
    println!("{}", lines.join("\n"));
    assert!(
        kernels >= KERNELS_FLOOR,
        "{kernels} kernels in {} NVRTC PTX files, fewer than the {KERNELS_FLOOR} checked in",
        files.len()
    );
    assert!(
        problems.is_empty(),
        "{} Hopper corpus kernels do not lower:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
