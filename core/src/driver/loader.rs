//! Finding and opening shared libraries (the driver, NVRTC and nvJitLink) at run time.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::LoadAttempt;

/// Opens the first candidate the dynamic loader accepts; records the loader's message for the
/// others. Candidates that are paths which do not exist are reported without calling the loader.
pub(crate) fn open_first(
    candidates: &[String],
) -> Result<(libloading::Library, String, Vec<LoadAttempt>), Vec<LoadAttempt>> {
    let mut tried = Vec::new();
    for c in candidates {
        let is_path = c.contains('/') || c.contains('\\');
        if is_path && !Path::new(c).exists() {
            tried.push(LoadAttempt {
                candidate: c.clone(),
                reason: "no such file".to_string(),
            });
            continue;
        }
        // SAFETY: opening a shared library runs its initialisers. The candidates are the CUDA
        // driver / NVRTC libraries (or a path the user named for that purpose).
        match unsafe { libloading::Library::new(c) } {
            Ok(lib) => return Ok((lib, c.clone(), tried)),
            Err(e) => tried.push(LoadAttempt {
                candidate: c.clone(),
                reason: loader_message(&e),
            }),
        }
    }
    Err(tried)
}

fn loader_message(e: &libloading::Error) -> String {
    // libloading wraps dlerror(); its own message is the useful part.
    let s = e.to_string();
    s.trim().to_string()
}

/// The driver library candidates, in search order: `CUDA_LIBRARY_DRIVER`, then the sonames.
pub(crate) fn driver_candidates() -> Vec<String> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("CUDA_LIBRARY_DRIVER") {
        if !p.is_empty() {
            c.push(p.to_string_lossy().into_owned());
        }
    }
    if cfg!(windows) {
        c.push("nvcuda.dll".to_string());
    } else {
        c.push("libcuda.so.1".to_string());
        c.push("libcuda.so".to_string());
    }
    c
}

/// NVRTC candidates, in search order: `CUDA_LIBRARY_NVRTC`; `CUDA_HOME`/`CUDA_PATH` and
/// `/usr/local/cuda`; the sonames `libnvrtc.so.13` and `libnvrtc.so.12`; the PyPI wheels
/// (`nvidia-cuda-nvrtc` for CUDA 13, `nvidia-cuda-nvrtc-cu12`) in the active Python's
/// site-packages, laid out as cuda-python's pathfinder knows them.
pub(crate) fn nvrtc_candidates() -> Vec<String> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("CUDA_LIBRARY_NVRTC") {
        if !p.is_empty() {
            c.push(p.to_string_lossy().into_owned());
        }
    }
    let mut roots: Vec<PathBuf> = Vec::new();
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(v) = std::env::var_os(var) {
            if !v.is_empty() {
                roots.push(PathBuf::from(v));
            }
        }
    }
    if !cfg!(windows) {
        roots.push(PathBuf::from("/usr/local/cuda"));
    }
    for root in &roots {
        if cfg!(windows) {
            for name in ["nvrtc64_130_0.dll", "nvrtc64_120_0.dll"] {
                c.push(root.join("bin").join(name).display().to_string());
            }
        } else {
            for name in ["libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"] {
                c.push(root.join("lib64").join(name).display().to_string());
            }
        }
    }
    if cfg!(windows) {
        c.push("nvrtc64_130_0.dll".to_string());
        c.push("nvrtc64_120_0.dll".to_string());
    } else {
        c.push("libnvrtc.so.13".to_string());
        c.push("libnvrtc.so.12".to_string());
    }
    for site in site_packages() {
        let nv = site.join("nvidia");
        if cfg!(windows) {
            c.push(
                nv.join("cu13/bin/x86_64/nvrtc64_130_0.dll")
                    .display()
                    .to_string(),
            );
            c.push(
                nv.join("cuda_nvrtc/bin/nvrtc64_120_0.dll")
                    .display()
                    .to_string(),
            );
        } else {
            c.push(nv.join("cu13/lib/libnvrtc.so.13").display().to_string());
            c.push(
                nv.join("cuda_nvrtc/lib/libnvrtc.so.12")
                    .display()
                    .to_string(),
            );
        }
    }
    c.dedup();
    c
}

/// nvJitLink candidates, in NVRTC's search order: `CUDA_LIBRARY_NVJITLINK`;
/// `CUDA_HOME`/`CUDA_PATH` and `/usr/local/cuda`; the sonames `libnvJitLink.so.13` and
/// `libnvJitLink.so.12`; the PyPI wheels (`nvidia-nvjitlink` for CUDA 13,
/// `nvidia-nvjitlink-cu12`) in the active Python's site-packages, laid out as cuda-python's
/// pathfinder knows them.
pub(crate) fn nvjitlink_candidates() -> Vec<String> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("CUDA_LIBRARY_NVJITLINK") {
        if !p.is_empty() {
            c.push(p.to_string_lossy().into_owned());
        }
    }
    let (sonames, dll_dir): (&[&str], &str) = if cfg!(windows) {
        (&["nvJitLink_130_0.dll", "nvJitLink_120_0.dll"], "bin")
    } else {
        (
            &[
                "libnvJitLink.so.13",
                "libnvJitLink.so.12",
                "libnvJitLink.so",
            ],
            "lib64",
        )
    };
    for root in toolkit_roots() {
        for name in sonames {
            c.push(root.join(dll_dir).join(name).display().to_string());
        }
    }
    c.extend(sonames.iter().take(2).map(|s| s.to_string()));
    for site in site_packages() {
        let nv = site.join("nvidia");
        let wheels = if cfg!(windows) {
            [
                nv.join("cu13/bin/x86_64/nvJitLink_130_0.dll"),
                nv.join("nvjitlink/bin/nvJitLink_120_0.dll"),
            ]
        } else {
            [
                nv.join("cu13/lib/libnvJitLink.so.13"),
                nv.join("nvjitlink/lib/libnvJitLink.so.12"),
            ]
        };
        c.extend(wheels.iter().map(|p| p.display().to_string()));
    }
    c.dedup();
    c
}

/// The CUDA toolkits named by `CUDA_HOME` and `CUDA_PATH`, then `/usr/local/cuda` (not on
/// Windows), in that order: the roots whose `include` folders NVRTC is given.
fn toolkit_roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = ["CUDA_HOME", "CUDA_PATH"]
        .iter()
        .filter_map(std::env::var_os)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .collect();
    if !cfg!(windows) {
        roots.push(PathBuf::from("/usr/local/cuda"));
    }
    roots
}

/// The header directories NVRTC does not search by itself, looked up together once per
/// process (one `python3` query for the site-packages folders).
#[derive(Clone, Debug, Default)]
pub(crate) struct HeaderDirs {
    /// The CUDA toolkit's headers (`cuda_fp16.h`, `cuda_bf16.h`, ...): the first of
    /// `CUDA_HOME`/`CUDA_PATH`/`/usr/local/cuda` `include` and the PyPI runtime wheels'
    /// (`nvidia/cuda_runtime/include` of `nvidia-cuda-runtime-cu12`, CUDA 13's
    /// `nvidia/cu13/include`) that holds `cuda_fp16.h`.
    pub cuda: Option<PathBuf>,
    /// CCCL's headers (libcu++ `<cuda/std/*>`, CUB, Thrust): the first of
    /// [`cccl_candidates`] that holds `cuda/std/version`.
    pub cccl: Option<PathBuf>,
    /// Every place looked for CCCL, in order (for error messages).
    pub cccl_tried: Vec<PathBuf>,
}

/// The header directories for NVRTC (see [`HeaderDirs`]).
pub(crate) fn header_dirs() -> &'static HeaderDirs {
    static DIRS: std::sync::OnceLock<HeaderDirs> = std::sync::OnceLock::new();
    DIRS.get_or_init(|| {
        let roots = toolkit_roots();
        let sites = site_packages();
        let mut cuda_dirs: Vec<PathBuf> = roots.iter().map(|r| r.join("include")).collect();
        for site in &sites {
            cuda_dirs.push(site.join("nvidia/cuda_runtime/include"));
            cuda_dirs.push(site.join("nvidia/cu13/include"));
        }
        let cccl_tried = cccl_candidates(&roots, &sites);
        HeaderDirs {
            cuda: cuda_dirs
                .into_iter()
                .find(|d| d.join("cuda_fp16.h").is_file()),
            cccl: cccl_tried
                .iter()
                .find(|d| d.join(CCCL_PROBE).is_file())
                .cloned(),
            cccl_tried,
        }
    })
}

/// The file that marks a CCCL include directory (cuda.pathfinder probes the same one).
pub(crate) const CCCL_PROBE: &str = "cuda/std/version";

/// Where CCCL's headers are looked for, in order: for each toolkit root (`CUDA_HOME`,
/// `CUDA_PATH`, `/usr/local/cuda`) `include/cccl` (CUDA 13) then `include` (CUDA 12); then in
/// each site-packages folder the wheels' layouts as cuda.pathfinder's descriptor catalog lists
/// them: `nvidia/cu13/include/cccl` (`nvidia-cuda-cccl`, CUDA 13) and
/// `nvidia/cuda_cccl/include` (`nvidia-cuda-cccl-cu12`), and the `cuda-cccl` package's
/// `cuda/cccl/headers/include`.
fn cccl_candidates(roots: &[PathBuf], sites: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for root in roots {
        dirs.push(root.join("include").join("cccl"));
        dirs.push(root.join("include"));
    }
    for site in sites {
        dirs.push(site.join("nvidia/cu13/include/cccl"));
        dirs.push(site.join("nvidia/cuda_cccl/include"));
        dirs.push(site.join("cuda/cccl/headers/include"));
    }
    dirs
}

/// The active Python's site-packages folders: the virtual environment or conda environment
/// named by `VIRTUAL_ENV` / `CONDA_PREFIX`, then whatever `python3` on `PATH` reports.
fn site_packages() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        let Some(prefix) = std::env::var_os(var) else {
            continue;
        };
        let prefix = PathBuf::from(prefix);
        if cfg!(windows) {
            out.push(prefix.join("Lib").join("site-packages"));
        } else if let Ok(entries) = std::fs::read_dir(prefix.join("lib")) {
            let mut found: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path().join("site-packages"))
                .filter(|p| p.is_dir())
                .collect();
            found.sort();
            out.extend(found);
        }
    }
    let python = if cfg!(windows) { "python" } else { "python3" };
    if let Ok(o) = Command::new(python)
        .args([
            "-c",
            "import site,sys\nfor p in site.getsitepackages()+[site.getusersitepackages()]: print(p)",
        ])
        .output()
    {
        if o.status.success() {
            for line in String::from_utf8_lossy(&o.stdout).lines() {
                let p = PathBuf::from(line.trim());
                if !line.trim().is_empty() && !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    out
}
