//! [`Program`]: CUDA C++ compiled to PTX or cubin with NVRTC, opened at run time.

use std::ffi::{c_char, CStr, CString};
use std::path::PathBuf;
use std::ptr;
use std::sync::OnceLock;

use crate::error::{Error, LoadAttempt, Result};
use crate::image::ImageKind;
use crate::loader;
use crate::object_code::ObjectCode;
use crate::sys::nvrtc as sys;

/// The C and C++ standard headers NVRTC does not ship, as the crate ships them
/// (`core/include/nvrtc/`): handed to `nvrtcCreateProgram` as in-memory headers, each unless an
/// include directory of the compile holds a file of that name (see [`Program::compile`]).
const SHIPPED_HEADERS: [(&str, &str); 10] = [
    ("stdint.h", include_str!("../include/nvrtc/stdint.h")),
    ("cstdint", include_str!("../include/nvrtc/cstdint")),
    ("stddef.h", include_str!("../include/nvrtc/stddef.h")),
    ("cstddef", include_str!("../include/nvrtc/cstddef")),
    ("limits.h", include_str!("../include/nvrtc/limits.h")),
    ("climits", include_str!("../include/nvrtc/climits")),
    ("float.h", include_str!("../include/nvrtc/float.h")),
    ("cfloat", include_str!("../include/nvrtc/cfloat")),
    ("math.h", include_str!("../include/nvrtc/math.h")),
    ("cmath", include_str!("../include/nvrtc/cmath")),
];

/// The opened NVRTC library.
struct Nvrtc {
    lib: sys::NvrtcLib,
    path: String,
    version: (i32, i32),
    /// `libnvrtc-builtins.so.<major>.<minor>` from NVRTC's folder, opened ahead of NVRTC's own
    /// lookup (see [`open_builtins`]); kept open for the process.
    _builtins: Option<libloading::Library>,
}

// SAFETY: NVRTC functions are thread-safe for distinct programs; the table is immutable.
unsafe impl Send for Nvrtc {}
// SAFETY: as above.
unsafe impl Sync for Nvrtc {}

static NVRTC: OnceLock<std::result::Result<Nvrtc, NvrtcLoadError>> = OnceLock::new();

#[derive(Clone)]
enum NvrtcLoadError {
    NotFound(Vec<LoadAttempt>),
    Broken(String),
}

fn nvrtc() -> Result<&'static Nvrtc> {
    let r = NVRTC.get_or_init(|| {
        let (lib, path, _) =
            loader::open_first(&loader::nvrtc_candidates()).map_err(NvrtcLoadError::NotFound)?;
        // SAFETY: bindgen's loader looks up each symbol; missing ones become Err entries.
        let lib = unsafe { sys::NvrtcLib::from_library(lib) }
            .map_err(|e| NvrtcLoadError::Broken(format!("{path}: {e}")))?;
        let mut version = (0, 0);
        if let Ok(f) = &lib.nvrtcVersion {
            // SAFETY: writes two ints.
            unsafe { f(&mut version.0, &mut version.1) };
        }
        let _builtins = open_builtins(&path, version);
        Ok(Nvrtc {
            lib,
            path,
            version,
            _builtins,
        })
    });
    match r {
        Ok(n) => Ok(n),
        Err(NvrtcLoadError::NotFound(tried)) => Err(Error::NvrtcNotFound {
            tried: tried.clone(),
        }),
        Err(NvrtcLoadError::Broken(m)) => Err(Error::Nvrtc {
            function: "loading NVRTC",
            message: m.clone(),
        }),
    }
}

/// NVRTC opens `libnvrtc-builtins.so.<major>.<minor>` by name when it first compiles. The CUDA
/// 12 wheel's `libnvrtc.so.12` finds it beside itself (RUNPATH `$ORIGIN`); the CUDA 13 wheel's
/// `nvidia/cu13/lib/libnvrtc.so.13` has no RUNPATH, so every compile failed with
/// `NVRTC_ERROR_BUILTIN_OPERATION_FAILURE` unless the folder was on `LD_LIBRARY_PATH`. Opening
/// it from NVRTC's folder first makes NVRTC's lookup by soname find the loaded copy.
fn open_builtins(nvrtc_path: &str, (major, minor): (i32, i32)) -> Option<libloading::Library> {
    if cfg!(windows) {
        return None;
    }
    let dir = std::path::Path::new(nvrtc_path).parent()?;
    let builtins = dir.join(format!("libnvrtc-builtins.so.{major}.{minor}"));
    if !builtins.is_file() {
        return None;
    }
    // SAFETY: NVRTC's own companion library, from the folder NVRTC was loaded from.
    unsafe { libloading::Library::new(&builtins) }.ok()
}

/// Where NVRTC was loaded from and its version, e.g. `("/usr/local/cuda/lib64/libnvrtc.so.13", (13, 0))`.
pub fn nvrtc_info() -> Result<(String, (i32, i32))> {
    let n = nvrtc()?;
    Ok((n.path.clone(), n.version))
}

impl Nvrtc {
    fn check(&self, rc: sys::nvrtcResult, function: &'static str) -> Result<()> {
        if rc == sys::nvrtcResult::NVRTC_SUCCESS {
            return Ok(());
        }
        let message = match &self.lib.nvrtcGetErrorString {
            // SAFETY: returns a static string.
            Ok(f) => {
                let p = unsafe { f(rc) };
                if p.is_null() {
                    format!("nvrtcResult {}", rc.0)
                } else {
                    // SAFETY: NUL-terminated static string.
                    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
                }
            }
            Err(_) => format!("nvrtcResult {}", rc.0),
        };
        Err(Error::Nvrtc { function, message })
    }

    fn get<F: Copy>(
        &self,
        f: &std::result::Result<F, libloading::Error>,
        name: &'static str,
    ) -> Result<F> {
        f.as_ref().copied().map_err(|e| Error::Nvrtc {
            function: name,
            message: format!("not in {} ({e})", self.path),
        })
    }
}

/// NVRTC compile options, as plain data.
///
/// ```
/// use cuda_library::ProgramOptions;
/// let o = ProgramOptions { arch: Some("sm_90".into()), std: Some("c++17".into()), ..Default::default() }
///     .define("N", "256")
///     .fast_math(true);
/// assert!(o.to_args(cuda_library::ImageKind::Cubin).unwrap().contains(&"-arch=sm_90".to_string()));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct ProgramOptions {
    /// Target architecture: `sm_90`, `compute_90`, `90` or `sm_90a`. The right prefix for the
    /// output is chosen (`compute_` for PTX, `sm_` for cubin). `None`: device 0's
    /// architecture when a driver is present, otherwise NVRTC's default.
    pub arch: Option<String>,
    /// Language standard, e.g. `c++17`.
    pub std: Option<String>,
    /// Preprocessor definitions (`-D NAME` or `-D NAME=VALUE`).
    pub defines: Vec<(String, Option<String>)>,
    /// Include directories (`-I`), searched before CCCL's and CUDA's own headers; a header
    /// here also wins over the standard headers the crate ships (see [`Program::compile`]).
    pub include_paths: Vec<PathBuf>,
    /// `--use_fast_math`.
    pub use_fast_math: bool,
    /// `-G` device debug info.
    pub debug: bool,
    /// `-lineinfo`.
    pub line_info: bool,
    /// `-rdc=true` (relocatable device code).
    pub relocatable: bool,
    /// Any other NVRTC options, passed as given.
    pub extra: Vec<String>,
}

impl ProgramOptions {
    /// Adds `-D name=value`.
    pub fn define(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.defines.push((name.into(), Some(value.into())));
        self
    }

    /// Sets `--use_fast_math`.
    pub fn fast_math(mut self, yes: bool) -> Self {
        self.use_fast_math = yes;
        self
    }

    /// The NVRTC command-line options for a compile to `target`.
    pub fn to_args(&self, target: ImageKind) -> Result<Vec<String>> {
        let mut a = Vec::new();
        if let Some(arch) = &self.arch {
            let digits = arch
                .trim()
                .trim_start_matches("sm_")
                .trim_start_matches("compute_")
                .trim_start_matches("lto_");
            let ok = !digits.is_empty()
                && digits.chars().next().is_some_and(|c| c.is_ascii_digit())
                && digits.chars().all(|c| c.is_ascii_alphanumeric());
            if !ok {
                return Err(Error::InvalidArgument(format!(
                    "arch `{arch}` is not an architecture: write e.g. sm_90, compute_80 or 90"
                )));
            }
            let prefix = match target {
                ImageKind::Cubin => "sm_",
                ImageKind::Ptx | ImageKind::Ltoir => "compute_",
                other => {
                    return Err(Error::Unsupported(format!(
                        "NVRTC cannot produce a {other}; compile to PTX, cubin or LTO-IR"
                    )))
                }
            };
            a.push(format!("-arch={prefix}{digits}"));
        }
        if target == ImageKind::Ltoir {
            a.push("-dlto".to_string());
        }
        if let Some(std) = &self.std {
            a.push(format!("-std={std}"));
        }
        for (k, v) in &self.defines {
            a.push(match v {
                Some(v) => format!("-D{k}={v}"),
                None => format!("-D{k}"),
            });
        }
        for p in &self.include_paths {
            a.push(format!("-I{}", p.display()));
        }
        if self.use_fast_math {
            a.push("--use_fast_math".to_string());
        }
        if self.debug {
            a.push("-G".to_string());
        }
        if self.line_info {
            a.push("-lineinfo".to_string());
        }
        if self.relocatable {
            a.push("-rdc=true".to_string());
        }
        a.extend(self.extra.iter().cloned());
        Ok(a)
    }
}

/// CUDA C++ source to compile with NVRTC.
///
/// ```no_run
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{ImageKind, Program, ProgramOptions};
/// let src = r#"
/// template <typename T>
/// __global__ void scale(T* x, T a, int n) {
///     int i = blockIdx.x * blockDim.x + threadIdx.x;
///     if (i < n) x[i] *= a;
/// }"#;
/// let prog = Program::new(src, ProgramOptions::default()).with_name("scale.cu");
/// let code = prog.compile(ImageKind::Ptx, &["scale<float>", "scale<double>"])?;
/// println!("{}", code.symbol_mapping()["scale<float>"]); // _Z5scaleIfEvPT_S0_i
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Program {
    source: String,
    name: String,
    options: ProgramOptions,
}

impl Program {
    /// A program from CUDA C++ source.
    pub fn new(source: impl Into<String>, options: ProgramOptions) -> Self {
        Program {
            source: source.into(),
            name: "program.cu".to_string(),
            options,
        }
    }

    /// Names the program (shown in compiler messages).
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The options.
    pub fn options(&self) -> &ProgramOptions {
        &self.options
    }

    /// Where NVRTC was loaded from and its `(major, minor)` version.
    pub fn nvrtc_version() -> Result<(i32, i32)> {
        Ok(nvrtc()?.version)
    }

    /// Compiles to `target` (PTX, cubin or LTO-IR). `name_expressions` are C++ expressions
    /// naming kernels or variables (e.g. `scale<float>`); their mangled names come back in
    /// the result's [`symbol_mapping`](ObjectCode::symbol_mapping), so the loaded library's
    /// `get_kernel("scale<float>")` works. A compile error returns [`Error::Compile`] with
    /// NVRTC's log (a missing header gets a note after it saying where to find one).
    ///
    /// # Headers
    ///
    /// NVRTC ships no C or C++ standard library headers and searches no directory by itself.
    /// An `#include <...>` is looked up in this order:
    ///
    /// 1. [`ProgramOptions::include_paths`] (and `-I`/`--include-path=` in
    ///    [`ProgramOptions::extra`]), in the order given.
    /// 2. CCCL (libcu++ `<cuda/std/*>`, CUB, Thrust): the first of `$CUDA_HOME`,
    ///    `$CUDA_PATH` and `/usr/local/cuda` `include/cccl` (CUDA 13) or `include` (CUDA 12),
    ///    then the PyPI wheels in the active Python's site-packages: `nvidia/cu13/include/cccl`
    ///    (`nvidia-cuda-cccl`), `nvidia/cuda_cccl/include` (`nvidia-cuda-cccl-cu12`, which
    ///    `scripts/setup-venv.sh` installs), `cuda/cccl/headers/include` (`cuda-cccl`); the
    ///    first holding `cuda/std/version`.
    /// 3. CUDA's own headers (`<cuda_fp16.h>`, `<cuda_bf16.h>`, ...): the first of
    ///    `$CUDA_HOME/include`, `$CUDA_PATH/include`, `/usr/local/cuda/include` and the
    ///    runtime wheel's `nvidia/cuda_runtime/include` (or `nvidia/cu13/include`) holding
    ///    `cuda_fp16.h`.
    ///
    /// The crate also provides the C library headers device code most often includes, which
    /// no directory above holds: `<stdint.h>`/`<cstdint>`, `<stddef.h>`/`<cstddef>`,
    /// `<limits.h>`/`<climits>`, `<float.h>`/`<cfloat>` and `<math.h>`/`<cmath>` (the `M_PI`
    /// family, `INFINITY`, `NAN`, `HUGE_VAL`, and NVRTC's device math functions also in
    /// `namespace std`). They are given to NVRTC as in-memory headers, which NVRTC consults
    /// before any directory, so each is left out when one of the directories above holds a
    /// file of the same name: your own `stdint.h` wins. With CCCL found and C++17 or later
    /// (NVRTC's default), `<stdint.h>` and `<limits.h>` forward to `<cuda/std/cstdint>` and
    /// `<cuda/std/climits>`, so they and libcu++ define the same types and macros. Other
    /// standard headers (`<vector>`, `<algorithm>`, `<type_traits>`, `<cstdio>`, ...) are not
    /// provided: use libcu++'s `<cuda/std/...>` versions (`printf` and `assert` need no
    /// header under NVRTC).
    ///
    /// ```no_run
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{ImageKind, Program, ProgramOptions};
    /// let src = r#"
    /// #include <cstdint>
    /// #include <cmath>
    /// extern "C" __global__ void ring(float* xy, uint32_t n) {
    ///     uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    ///     if (i < n) { xy[2 * i] = cosf(2 * M_PI * i / n); xy[2 * i + 1] = std::sin(2 * M_PI * i / n); }
    /// }"#;
    /// let ptx = Program::new(src, ProgramOptions::default()).compile(ImageKind::Ptx, &[])?;
    /// # Ok(()) }
    /// ```
    pub fn compile(&self, target: ImageKind, name_expressions: &[&str]) -> Result<ObjectCode> {
        let mut options = self.options.clone();
        if options.arch.is_none() {
            options.arch = default_arch();
        }
        let mut args = options.to_args(target)?;
        let found = loader::header_dirs();
        let mut search: Vec<PathBuf> = user_include_dirs(&options);
        for dir in [&found.cccl, &found.cuda].into_iter().flatten() {
            if !search.contains(dir) {
                args.push(format!("-I{}", dir.display()));
                search.push(dir.clone());
            }
        }
        let shipped: Vec<(CString, CString)> = SHIPPED_HEADERS
            .iter()
            .filter(|(name, _)| !search.iter().any(|d| d.join(name).is_file()))
            .map(|(name, text)| {
                // The texts and names are the crate's own: no NUL bytes.
                (
                    CString::new(*text).expect("shipped header"),
                    CString::new(*name).expect("shipped header name"),
                )
            })
            .collect();
        let header_texts: Vec<*const c_char> = shipped.iter().map(|(t, _)| t.as_ptr()).collect();
        let header_names: Vec<*const c_char> = shipped.iter().map(|(_, n)| n.as_ptr()).collect();
        let n = nvrtc()?;
        let src = CString::new(self.source.as_str())
            .map_err(|_| Error::InvalidArgument("the source contains a NUL byte".into()))?;
        let name =
            CString::new(self.name.as_str()).map_err(|_| Error::InvalidName(self.name.clone()))?;
        let mut prog: sys::nvrtcProgram = ptr::null_mut();
        let create = n.get(&n.lib.nvrtcCreateProgram, "nvrtcCreateProgram")?;
        // SAFETY: NUL-terminated source and name; `header_texts` and `header_names` hold
        // `shipped.len()` NUL-terminated strings each, alive for the call (NVRTC copies them).
        n.check(
            unsafe {
                create(
                    &mut prog,
                    src.as_ptr(),
                    name.as_ptr(),
                    shipped.len() as i32,
                    header_texts.as_ptr(),
                    header_names.as_ptr(),
                )
            },
            "nvrtcCreateProgram",
        )?;
        let guard = ProgramGuard { n, prog };
        let result = self.compile_created(&guard, target, &args, name_expressions);
        drop(guard);
        result
    }

    /// The names of the standard headers the crate ships for NVRTC (`stdint.h`, `cmath`,
    /// ...; see [`compile`](Program::compile)).
    ///
    /// ```
    /// assert!(cuda_library::Program::shipped_headers().contains(&"cstdint"));
    /// ```
    pub fn shipped_headers() -> Vec<&'static str> {
        SHIPPED_HEADERS.iter().map(|(name, _)| *name).collect()
    }

    fn compile_created(
        &self,
        g: &ProgramGuard,
        target: ImageKind,
        args: &[String],
        name_expressions: &[&str],
    ) -> Result<ObjectCode> {
        let n = g.n;
        let exprs: Vec<CString> = name_expressions
            .iter()
            .map(|e| CString::new(*e).map_err(|_| Error::InvalidName(e.to_string())))
            .collect::<Result<_>>()?;
        let add = n.get(&n.lib.nvrtcAddNameExpression, "nvrtcAddNameExpression")?;
        for e in &exprs {
            // SAFETY: a live program and a NUL-terminated expression.
            n.check(unsafe { add(g.prog, e.as_ptr()) }, "nvrtcAddNameExpression")?;
        }
        let cargs: Vec<CString> = args
            .iter()
            .map(|a| CString::new(a.as_str()).map_err(|_| Error::InvalidName(a.clone())))
            .collect::<Result<_>>()?;
        let ptrs: Vec<*const c_char> = cargs.iter().map(|c| c.as_ptr()).collect();
        let compile = n.get(&n.lib.nvrtcCompileProgram, "nvrtcCompileProgram")?;
        // SAFETY: `ptrs` holds `ptrs.len()` NUL-terminated options that outlive the call.
        let rc = unsafe { compile(g.prog, ptrs.len() as i32, ptrs.as_ptr()) };
        let log = self.log(g)?;
        if rc == sys::nvrtcResult::NVRTC_ERROR_COMPILATION {
            let log = match missing_header_note(&log) {
                Some(note) => format!("{}\n\n{note}", log.trim_end()),
                None => log,
            };
            return Err(Error::Compile {
                program: self.name.clone(),
                options: args.to_vec(),
                log,
            });
        }
        n.check(rc, "nvrtcCompileProgram")?;

        let (size_fn, get_fn, what) = match target {
            ImageKind::Ptx => (&n.lib.nvrtcGetPTXSize, &n.lib.nvrtcGetPTX, "nvrtcGetPTX"),
            ImageKind::Cubin => (
                &n.lib.nvrtcGetCUBINSize,
                &n.lib.nvrtcGetCUBIN,
                "nvrtcGetCUBIN",
            ),
            ImageKind::Ltoir => (
                &n.lib.nvrtcGetLTOIRSize,
                &n.lib.nvrtcGetLTOIR,
                "nvrtcGetLTOIR",
            ),
            other => {
                return Err(Error::Unsupported(format!(
                    "NVRTC cannot produce a {other}"
                )))
            }
        };
        let size_fn = n.get(size_fn, what)?;
        let get_fn = n.get(get_fn, what)?;
        let mut size = 0usize;
        // SAFETY: writes one size_t.
        n.check(unsafe { size_fn(g.prog, &mut size) }, what)?;
        let mut bytes = vec![0u8; size];
        // SAFETY: `bytes` has the size NVRTC reported.
        n.check(unsafe { get_fn(g.prog, bytes.as_mut_ptr().cast()) }, what)?;

        let lowered = n.get(&n.lib.nvrtcGetLoweredName, "nvrtcGetLoweredName")?;
        let mut mapping = Vec::new();
        for (e, c) in name_expressions.iter().zip(&exprs) {
            let mut p: *const c_char = ptr::null();
            // SAFETY: a compiled program and an expression added before compiling.
            n.check(
                unsafe { lowered(g.prog, c.as_ptr(), &mut p) },
                "nvrtcGetLoweredName",
            )?;
            if !p.is_null() {
                // SAFETY: owned by the program, which is alive.
                let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
                mapping.push((e.to_string(), s));
            }
        }
        let code = match target {
            ImageKind::Ptx => ObjectCode::from_ptx(bytes),
            ImageKind::Cubin => ObjectCode::from_cubin(bytes),
            _ => ObjectCode::from_ltoir(bytes),
        };
        Ok(code
            .with_name(self.name.clone())
            .with_symbol_mapping(mapping)
            .with_log(log))
    }

    fn log(&self, g: &ProgramGuard) -> Result<String> {
        let n = g.n;
        let size_fn = n.get(&n.lib.nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize")?;
        let get_fn = n.get(&n.lib.nvrtcGetProgramLog, "nvrtcGetProgramLog")?;
        let mut size = 0usize;
        // SAFETY: writes one size_t.
        n.check(
            unsafe { size_fn(g.prog, &mut size) },
            "nvrtcGetProgramLogSize",
        )?;
        let mut buf = vec![0u8; size.max(1)];
        // SAFETY: `buf` has the size NVRTC reported.
        n.check(
            unsafe { get_fn(g.prog, buf.as_mut_ptr().cast()) },
            "nvrtcGetProgramLog",
        )?;
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        Ok(String::from_utf8_lossy(&buf[..end]).into_owned())
    }
}

/// The include directories the user named: [`ProgramOptions::include_paths`], then `-I<dir>`,
/// `-I <dir>` and `--include-path=<dir>` in [`ProgramOptions::extra`].
fn user_include_dirs(options: &ProgramOptions) -> Vec<PathBuf> {
    let mut dirs = options.include_paths.clone();
    let mut extra = options.extra.iter();
    while let Some(a) = extra.next() {
        let dir = if a == "-I" || a == "--include-path" {
            extra.next().cloned()
        } else if let Some(d) = a.strip_prefix("--include-path=") {
            Some(d.to_string())
        } else {
            a.strip_prefix("-I").map(str::to_string)
        };
        if let Some(d) = dir.filter(|d| !d.is_empty()) {
            dirs.push(PathBuf::from(d));
        }
    }
    dirs
}

/// C library header names (C11 and POSIX's most used), for telling a missing standard header
/// from a missing header of the user's own.
const C_HEADERS: &str = "assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h \
    iso646.h limits.h locale.h math.h setjmp.h signal.h stdalign.h stdarg.h stdbool.h stddef.h \
    stdint.h stdio.h stdlib.h string.h time.h wchar.h unistd.h";

/// A note for the log when NVRTC could not open a header: where CCCL's or CUDA's headers come
/// from, or which standard headers the crate provides. `None` for any other header.
fn missing_header_note(log: &str) -> Option<String> {
    let marker = "open source file \"";
    let start = log.find(marker)? + marker.len();
    let header = &log[start..start + log[start..].find('"')?];
    let dirs = loader::header_dirs();
    let is_cccl = ["cuda/", "cub/", "thrust/", "nv/"]
        .iter()
        .any(|p| header.starts_with(p));
    let is_cuda = header.starts_with("cuda") || header.starts_with("crt/");
    let is_std = !header.contains('/')
        && (!header.contains('.') || C_HEADERS.split_whitespace().any(|h| h == header));
    if is_cccl {
        let tried: Vec<String> = dirs
            .cccl_tried
            .iter()
            .map(|d| d.display().to_string())
            .collect();
        return Some(match &dirs.cccl {
            None => format!(
                "note (cuda-library): <{header}> is part of CCCL (libcu++, CUB, Thrust), which \
                 was not found. Install it into the active Python environment (`pip install \
                 nvidia-cuda-cccl-cu12` for CUDA 12, `nvidia-cuda-cccl` for CUDA 13) or point \
                 CUDA_HOME at a CUDA toolkit. Looked for {} in:\n  {}",
                loader::CCCL_PROBE,
                tried.join("\n  ")
            ),
            Some(d) => format!(
                "note (cuda-library): the CCCL found in {} has no <{header}>",
                d.display()
            ),
        });
    }
    if is_cuda {
        return dirs.cuda.is_none().then(|| {
            format!(
                "note (cuda-library): <{header}> is one of CUDA's headers, which were not \
                 found: `pip install nvidia-cuda-runtime-cu12` (CUDA 12) into the active \
                 Python environment, or point CUDA_HOME at a CUDA toolkit"
            )
        });
    }
    if !is_std {
        return None;
    }
    let shipped: Vec<&str> = SHIPPED_HEADERS.iter().map(|(n, _)| *n).collect();
    Some(format!(
        "note (cuda-library): NVRTC ships no C or C++ standard library; the crate provides \
         <{}>. For other standard headers use libcu++'s <cuda/std/...> (e.g. \
         <cuda/std/type_traits>, <cuda/std/utility>){}",
        shipped.join(">, <"),
        if dirs.cccl.is_none() {
            ", which needs CCCL: `pip install nvidia-cuda-cccl-cu12` or a CUDA toolkit"
        } else {
            ""
        }
    ))
}

/// Device 0's architecture, when a driver with a device is present.
fn default_arch() -> Option<String> {
    crate::Device::new(0).ok()?.arch().ok()
}

struct ProgramGuard {
    n: &'static Nvrtc,
    prog: sys::nvrtcProgram,
}

impl Drop for ProgramGuard {
    fn drop(&mut self) {
        if let Ok(f) = &self.n.lib.nvrtcDestroyProgram {
            // SAFETY: destroys the program this guard owns.
            unsafe { f(&mut self.prog) };
        }
    }
}
