//! Finding and opening shared libraries (the driver, NVRTC and nvJitLink) at run time.
//!
//! The search order is documented once, in the backends guide (`core/guide/backends.md`,
//! "Finding the driver", "Finding NVRTC", "Finding nvJitLink"); the functions here follow it.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::LoadAttempt;

/// One step of a library search: a path or soname to give the dynamic loader, or a place
/// that was searched and held nothing to try (kept so that the error says where it looked).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Candidate {
    /// A path or soname for the dynamic loader.
    Load(String),
    /// A place searched in vain, and what was missing there.
    Nothing {
        /// The place, as a person would name it.
        place: String,
        /// Why nothing there could be tried.
        reason: String,
    },
}

impl Candidate {
    fn load(path: impl Into<String>) -> Candidate {
        Candidate::Load(path.into())
    }
}

/// Opens the first candidate the dynamic loader accepts; records the loader's message for the
/// others. Candidates that are paths which do not exist are reported without calling the
/// loader, as are places searched in vain.
pub(crate) fn open_first(
    candidates: &[Candidate],
) -> Result<(libloading::Library, String, Vec<LoadAttempt>), Vec<LoadAttempt>> {
    let mut tried = Vec::new();
    for c in candidates {
        let c = match c {
            Candidate::Load(c) => c,
            Candidate::Nothing { place, reason } => {
                tried.push(LoadAttempt {
                    candidate: place.clone(),
                    reason: reason.clone(),
                });
                continue;
            }
        };
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
pub(crate) fn driver_candidates() -> Vec<Candidate> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("CUDA_LIBRARY_DRIVER") {
        if !p.is_empty() {
            c.push(Candidate::load(p.to_string_lossy()));
        }
    }
    if cfg!(windows) {
        c.push(Candidate::load("nvcuda.dll"));
    } else {
        c.push(Candidate::load("libcuda.so.1"));
        c.push(Candidate::load("libcuda.so"));
    }
    c
}

/// Where one CUDA library is looked for: the variable naming it, its file names in a
/// toolkit's library folder, its sonames, and its files in the PyPI wheels' layouts (CUDA 13's
/// `nvidia-*` wheel first, then the `-cu12` one) as cuda-python's pathfinder knows them.
struct Search {
    variable: &'static str,
    toolkit_names: &'static [&'static str],
    sonames: &'static [&'static str],
    wheel_files: &'static [&'static str],
}

const NVRTC: Search = if cfg!(windows) {
    Search {
        variable: "CUDA_LIBRARY_NVRTC",
        toolkit_names: &["nvrtc64_130_0.dll", "nvrtc64_120_0.dll"],
        sonames: &["nvrtc64_130_0.dll", "nvrtc64_120_0.dll"],
        wheel_files: &[
            "nvidia/cu13/bin/x86_64/nvrtc64_130_0.dll",
            "nvidia/cuda_nvrtc/bin/nvrtc64_120_0.dll",
        ],
    }
} else {
    Search {
        variable: "CUDA_LIBRARY_NVRTC",
        toolkit_names: &["libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"],
        sonames: &["libnvrtc.so.13", "libnvrtc.so.12"],
        wheel_files: &[
            "nvidia/cu13/lib/libnvrtc.so.13",
            "nvidia/cuda_nvrtc/lib/libnvrtc.so.12",
        ],
    }
};

const NVJITLINK: Search = if cfg!(windows) {
    Search {
        variable: "CUDA_LIBRARY_NVJITLINK",
        toolkit_names: &["nvJitLink_130_0.dll", "nvJitLink_120_0.dll"],
        sonames: &["nvJitLink_130_0.dll", "nvJitLink_120_0.dll"],
        wheel_files: &[
            "nvidia/cu13/bin/x86_64/nvJitLink_130_0.dll",
            "nvidia/nvjitlink/bin/nvJitLink_120_0.dll",
        ],
    }
} else {
    Search {
        variable: "CUDA_LIBRARY_NVJITLINK",
        toolkit_names: &[
            "libnvJitLink.so.13",
            "libnvJitLink.so.12",
            "libnvJitLink.so",
        ],
        sonames: &["libnvJitLink.so.13", "libnvJitLink.so.12"],
        wheel_files: &[
            "nvidia/cu13/lib/libnvJitLink.so.13",
            "nvidia/nvjitlink/lib/libnvJitLink.so.12",
        ],
    }
};

/// NVRTC's candidates, in the order the backends guide gives ("Finding NVRTC").
pub(crate) fn nvrtc_candidates() -> Vec<Candidate> {
    candidates(&NVRTC, &python_environments())
}

/// nvJitLink's candidates, in NVRTC's order (the backends guide's "Finding nvJitLink").
pub(crate) fn nvjitlink_candidates() -> Vec<Candidate> {
    candidates(&NVJITLINK, &python_environments())
}

/// A search's candidates: its variable; each toolkit root's library folder (`bin` on Windows,
/// `lib64` elsewhere); the sonames; then each Python environment's wheels, or a note that an
/// environment had no site-packages folder.
fn candidates(search: &Search, environments: &[PythonEnvironment]) -> Vec<Candidate> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os(search.variable) {
        if !p.is_empty() {
            c.push(Candidate::load(p.to_string_lossy()));
        }
    }
    let lib_dir = if cfg!(windows) { "bin" } else { "lib64" };
    for root in toolkit_roots() {
        for name in search.toolkit_names {
            c.push(Candidate::load(
                root.join(lib_dir).join(name).display().to_string(),
            ));
        }
    }
    c.extend(search.sonames.iter().map(|s| Candidate::load(*s)));
    for env in environments {
        if env.site_packages.is_empty() {
            c.push(Candidate::Nothing {
                place: env.origin.clone(),
                reason: env.why_none.to_string(),
            });
        }
        for site in &env.site_packages {
            for file in search.wheel_files {
                c.push(Candidate::load(site.join(file).display().to_string()));
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    c.retain(|x| seen.insert(x.clone()));
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

/// A Python environment searched for the PyPI wheels: where it came from and its
/// site-packages folders.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PythonEnvironment {
    /// How it was found, for error messages: `VIRTUAL_ENV=/x`, `.venv at /x`, `python3`.
    origin: String,
    /// Its site-packages folders, in search order.
    site_packages: Vec<PathBuf>,
    /// What to say when it has no site-packages folder.
    why_none: &'static str,
}

const NO_SITE_PACKAGES: &str = "no site-packages folder there";

/// The Python environments searched for the PyPI wheels, in order: `VIRTUAL_ENV`,
/// `CONDA_PREFIX`, the nearest `.venv` folder in the current directory or one above it (where
/// `scripts/setup-venv.sh` installs them, and where uv and Poetry put a project's
/// environment), then what `python3` on `PATH` reports. A folder reached twice is searched once.
fn python_environments() -> Vec<PythonEnvironment> {
    let mut out = Vec::new();
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        if let Some(prefix) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            let prefix = PathBuf::from(prefix);
            out.push(PythonEnvironment {
                origin: format!("{var}={}", prefix.display()),
                site_packages: prefix_site_packages(&prefix),
                why_none: NO_SITE_PACKAGES,
            });
        }
    }
    let cwd = std::env::current_dir().ok();
    out.push(match cwd.as_deref().and_then(nearest_venv) {
        Some(venv) => PythonEnvironment {
            origin: format!(".venv at {}", venv.display()),
            site_packages: prefix_site_packages(&venv),
            why_none: NO_SITE_PACKAGES,
        },
        None => PythonEnvironment {
            origin: match &cwd {
                Some(dir) => format!("a .venv in {} or a folder above it", dir.display()),
                None => "a .venv in the current directory".to_string(),
            },
            site_packages: Vec::new(),
            why_none: "none found",
        },
    });
    out.push(PythonEnvironment {
        origin: "python3's site-packages".to_string(),
        site_packages: python_site_packages(),
        why_none: "no python3 on PATH, or it reported none",
    });
    // A folder reached twice (VIRTUAL_ENV naming the .venv found, `python3` being the
    // active environment's) is searched once, under the first name; an environment left with
    // no folder of its own is dropped, while one that had none stays to be named in errors.
    let mut seen = std::collections::HashSet::new();
    out.retain_mut(|env| {
        let had_folders = !env.site_packages.is_empty();
        env.site_packages.retain(|p| seen.insert(p.clone()));
        !(had_folders && env.site_packages.is_empty())
    });
    out
}

/// The `.venv` folder in `dir` or the nearest folder above it that has one.
fn nearest_venv(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(".venv"))
        .find(|venv| venv.is_dir())
}

/// The site-packages folders of the Python environment at `prefix`: `Lib/site-packages` on
/// Windows, `lib/python3.X/site-packages` elsewhere (sorted, when there are several).
fn prefix_site_packages(prefix: &Path) -> Vec<PathBuf> {
    if cfg!(windows) {
        let p = prefix.join("Lib").join("site-packages");
        return if p.is_dir() { vec![p] } else { Vec::new() };
    }
    let Ok(entries) = std::fs::read_dir(prefix.join("lib")) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path().join("site-packages"))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found
}

/// The site-packages folders `python3` on `PATH` reports (its own and the user's), or none
/// when there is no such Python.
fn python_site_packages() -> Vec<PathBuf> {
    let python = if cfg!(windows) { "python" } else { "python3" };
    let Ok(o) = Command::new(python)
        .args([
            "-c",
            "import site,sys\nfor p in site.getsitepackages()+[site.getusersitepackages()]: print(p)",
        ])
        .output()
    else {
        return Vec::new();
    };
    if !o.status.success() {
        return Vec::new();
    }
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// Every site-packages folder searched, in order (the header search looks in the same places).
fn site_packages() -> Vec<PathBuf> {
    python_environments()
        .into_iter()
        .flat_map(|e| e.site_packages)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_venv_is_found_from_a_folder_below_it() {
        let root = std::env::temp_dir().join(format!("culib-venv-{}", std::process::id()));
        let below = root.join("notebooks").join("deeper");
        std::fs::create_dir_all(&below).unwrap();
        std::fs::create_dir_all(root.join(".venv/lib/python3.11/site-packages")).unwrap();
        assert_eq!(nearest_venv(&below), Some(root.join(".venv")));
        assert_eq!(
            prefix_site_packages(&root.join(".venv")),
            vec![root.join(".venv/lib/python3.11/site-packages")]
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_venv_with_no_site_packages_is_named_in_the_search() {
        let env = PythonEnvironment {
            origin: ".venv at /nowhere/.venv".to_string(),
            site_packages: Vec::new(),
            why_none: NO_SITE_PACKAGES,
        };
        let c = candidates(&NVRTC, &[env]);
        assert!(c.contains(&Candidate::Nothing {
            place: ".venv at /nowhere/.venv".to_string(),
            reason: NO_SITE_PACKAGES.to_string(),
        }));
    }

    #[test]
    fn the_wheels_of_each_environment_follow_the_sonames() {
        let env = PythonEnvironment {
            origin: ".venv at /p/.venv".to_string(),
            site_packages: vec![PathBuf::from("/p/.venv/lib/python3.11/site-packages")],
            why_none: NO_SITE_PACKAGES,
        };
        let c = candidates(&NVRTC, &[env]);
        let soname = c
            .iter()
            .position(|x| *x == Candidate::load(NVRTC.sonames[0]));
        let wheel = c.iter().position(|x| {
            matches!(x, Candidate::Load(p) if p.starts_with("/p/.venv/") && p.ends_with(NVRTC.wheel_files[1].rsplit('/').next().unwrap_or_default()))
        });
        assert!(
            soname.is_some() && wheel.is_some() && soname < wheel,
            "{c:?}"
        );
    }

    #[test]
    fn the_search_names_the_project_venv_whether_or_not_it_exists() {
        // The current directory of `cargo test` is the crate's, below the repository: the
        // .venv found (or not) is reported either way.
        // When VIRTUAL_ENV names that same .venv, it is searched once, under that name.
        let envs = python_environments();
        let found = envs
            .iter()
            .any(|e| e.origin.starts_with(".venv at ") || e.origin.starts_with("a .venv in "));
        let named_by_virtual_env = std::env::var_os("VIRTUAL_ENV").is_some_and(|v| {
            let cwd = std::env::current_dir().unwrap();
            nearest_venv(&cwd).is_some_and(|near| {
                prefix_site_packages(&near) == prefix_site_packages(Path::new(&v))
            })
        });
        assert!(found || named_by_virtual_env, "{envs:?}");
        let c = candidates(&NVJITLINK, &envs);
        assert!(!c.is_empty());
    }
}
