//! [`Program`]: CUDA C++ compiled to PTX or cubin with NVRTC, opened at run time.

use std::path::PathBuf;

use crate::compiler::Compiler;

mod builtin;
use crate::driver::{loader, nvrtc};
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::object_code::ObjectCode;
use crate::program_cache::inputs::{self, NotCacheable};
use crate::program_cache::{sha256, KeyBuilder, ProgramCache};
use builtin::compile_builtin;

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

/// Where NVRTC was loaded from and its version, e.g. `("/usr/local/cuda/lib64/libnvrtc.so.13", (13, 0))`.
pub fn nvrtc_info() -> Result<(String, (i32, i32))> {
    nvrtc::info()
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
    /// Which compiler runs: NVRTC where it loads and the built-in compiler elsewhere
    /// ([`Compiler::Auto`], which `CUDA_LIBRARY_COMPILER` overrides), or one of them.
    pub compiler: Compiler,
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
///
/// The [`backends`](crate::guide::backends) guide says where NVRTC and its headers are found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Program {
    source: String,
    name: String,
    options: ProgramOptions,
    /// Which compile cache [`compile`](Program::compile) uses.
    #[cfg_attr(feature = "serde", serde(skip))]
    cache: CacheChoice,
}

/// Which [`ProgramCache`] a [`Program`] compiles through.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
enum CacheChoice {
    /// [`ProgramCache::user_default`], when it is on.
    #[default]
    UserDefault,
    /// None.
    Off,
    /// This one.
    In(ProgramCache),
}

impl Program {
    /// A program from CUDA C++ source.
    pub fn new(source: impl Into<String>, options: ProgramOptions) -> Self {
        Program {
            source: source.into(),
            name: "program.cu".to_string(),
            options,
            cache: CacheChoice::UserDefault,
        }
    }

    /// Compiles through `cache` rather than the default one (which
    /// [`ProgramCache::set_enabled`] does not switch off).
    ///
    /// ```
    /// use cuda_library::{Program, ProgramCache, ProgramOptions};
    /// let cache = ProgramCache::new(std::env::temp_dir().join("my-kernels"));
    /// let prog = Program::new("__global__ void k() {}", ProgramOptions::default()).with_cache(cache);
    /// ```
    pub fn with_cache(mut self, cache: ProgramCache) -> Self {
        self.cache = CacheChoice::In(cache);
        self
    }

    /// Compiles with NVRTC every time, reading and writing no cache.
    ///
    /// ```
    /// use cuda_library::{Program, ProgramOptions};
    /// let prog = Program::new("__global__ void k() {}", ProgramOptions::default()).without_cache();
    /// ```
    pub fn without_cache(mut self) -> Self {
        self.cache = CacheChoice::Off;
        self
    }

    /// The cache [`compile`](Program::compile) would use now, or `None`.
    ///
    /// ```
    /// use cuda_library::{Program, ProgramOptions};
    /// let prog = Program::new("__global__ void k() {}", ProgramOptions::default());
    /// assert!(prog.clone().without_cache().cache().is_none());
    /// assert_eq!(prog.cache(), cuda_library::ProgramCache::user_default());
    /// ```
    pub fn cache(&self) -> Option<ProgramCache> {
        match &self.cache {
            CacheChoice::UserDefault => ProgramCache::user_default(),
            CacheChoice::Off => None,
            CacheChoice::In(c) => Some(c.clone()),
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
        Ok(nvrtc::info()?.1)
    }

    /// Compiles to `target` (PTX, cubin or LTO-IR). `name_expressions` are C++ expressions
    /// naming kernels or variables (e.g. `scale<float>`); their mangled names come back in
    /// the result's [`symbol_mapping`](ObjectCode::symbol_mapping), so the loaded library's
    /// `get_kernel("scale<float>")` works. A compile error returns [`Error::Compile`] with
    /// NVRTC's log (a missing header gets a note after it saying where to find one).
    ///
    /// # Cache
    ///
    /// The result is kept in a [`ProgramCache`] ([`ProgramCache::user_default`] unless
    /// [`with_cache`](Program::with_cache) or [`without_cache`](Program::without_cache)
    /// says otherwise), and the same compile later (same source, name, options, header files
    /// it could read, name expressions, NVRTC and target) reads it back instead of running
    /// NVRTC. Compile errors are not kept. A cache that cannot be written is skipped: the
    /// compile still succeeds. A compile whose files the cache cannot all know (a header
    /// named by a macro, an option that reads or writes files of its own) and a cache
    /// directory that is not private are skipped too ([`ProgramCache::skipped`]); the
    /// [`backends`](crate::guide::backends#the-compile-cache) guide has the details.
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
        if self.compiler()? == Compiler::Builtin {
            // Milliseconds, so not cached: reading an entry back would save nothing.
            return compile_builtin(
                &self.source,
                &self.name,
                target,
                args,
                &[],
                name_expressions,
            );
        }
        let found = loader::header_dirs();
        let mut search: Vec<PathBuf> = user_include_dirs(&options);
        for dir in [&found.cccl, &found.cuda].into_iter().flatten() {
            if !search.contains(dir) {
                args.push(format!("-I{}", dir.display()));
                search.push(dir.clone());
            }
        }
        let shipped: Vec<(&str, &str)> = SHIPPED_HEADERS
            .iter()
            .filter(|(name, _)| !search.iter().any(|d| d.join(name).is_file()))
            .copied()
            .collect();
        let toolkit: Vec<PathBuf> = [&found.cccl, &found.cuda]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        let mut cached = None;
        if let Some(cache) = self.cache() {
            match self.cache_key(target, &args, &toolkit, &shipped, name_expressions)? {
                Ok(key) if cache.usable() => {
                    if let Some(code) = cache.get(&key) {
                        return Ok(code.with_compiler(nvrtc_identity()?));
                    }
                    cached = Some((cache, key));
                }
                // The files read cannot all be known, or the directory is not private.
                _ => cache.note_skipped(),
            }
        }
        let code = self.run_nvrtc(target, args, &shipped, name_expressions)?;
        if let Some((cache, key)) = cached {
            // A cache that cannot be written costs the next compile time, nothing else.
            let _ = cache.put(&key, &code);
        }
        Ok(code)
    }

    /// What decides the output of a compile with `args` (the crate's include directories
    /// `toolkit` added) and `shipped` headers: the [`ProgramCache`] key, or why the files the
    /// compile reads cannot all be known (then it is not cached).
    fn cache_key(
        &self,
        target: ImageKind,
        args: &[String],
        toolkit: &[PathBuf],
        shipped: &[(&str, &str)],
        name_expressions: &[&str],
    ) -> Result<std::result::Result<crate::program_cache::Key, NotCacheable>> {
        let files = match inputs::file_options(args) {
            Ok(f) => f,
            Err(e) => return Ok(Err(e)),
        };
        let (nvrtc_path, (major, minor)) = nvrtc::info()?;
        let found = loader::header_dirs();
        let mut key = KeyBuilder::new(&format!("nvrtc {nvrtc_path} {major}.{minor}"))
            .field("crate", env!("CARGO_PKG_VERSION").as_bytes())
            .file_stamp("nvrtc file", std::path::Path::new(&nvrtc_path))
            .field("target", format!("{target:?}").as_bytes())
            .field("name", self.name.as_bytes());
        for a in args {
            key = key.field("arg", a.as_bytes());
        }
        for (name, text) in shipped {
            key = key.field(name, &sha256(text.as_bytes()));
        }
        for e in name_expressions {
            key = key.field("name expression", e.as_bytes());
        }
        if let Some(d) = &found.cccl {
            key = key.file_stamp("cccl", &d.join(loader::CCCL_PROBE));
        }
        if let Some(d) = &found.cuda {
            key = key.file_stamp("cuda headers", &d.join("cuda_fp16.h"));
        }
        let key = key.field("source", self.source.as_bytes());
        let search = inputs::Search {
            program_name: &self.name,
            options: &files,
            toolkit_dirs: toolkit,
        };
        Ok(inputs::add_inputs(key, &self.source, &search).map(KeyBuilder::build))
    }

    /// The compiler [`compile`](Program::compile) runs: [`Compiler::Nvrtc`] or
    /// [`Compiler::Builtin`], never `Auto` (see [`ProgramOptions::compiler`]).
    ///
    /// ```
    /// use cuda_library::{Compiler, Program, ProgramOptions};
    /// let o = ProgramOptions { compiler: Compiler::Builtin, ..Default::default() };
    /// assert_eq!(Program::new("", o).compiler().unwrap(), Compiler::Builtin);
    /// ```
    pub fn compiler(&self) -> Result<Compiler> {
        Ok(match builtin::requested(self.options.compiler)? {
            Compiler::Auto if nvrtc::info().is_err() => Compiler::Builtin,
            Compiler::Auto => Compiler::Nvrtc,
            chosen => chosen,
        })
    }

    /// Runs NVRTC: the compiled code, or [`Error::Compile`] with its log.
    fn run_nvrtc(
        &self,
        target: ImageKind,
        args: Vec<String>,
        shipped: &[(&str, &str)],
        name_expressions: &[&str],
    ) -> Result<ObjectCode> {
        let compiled = nvrtc::compile(&nvrtc::Source {
            text: &self.source,
            name: &self.name,
            headers: shipped,
            args: &args,
            name_expressions,
            target,
        })?;
        let out = match compiled {
            Ok(out) => out,
            Err(log) => {
                let log = match missing_header_note(&log) {
                    Some(note) => format!("{}\n\n{note}", log.trim_end()),
                    None => log,
                };
                return Err(Error::Compile {
                    compiler: "NVRTC".to_string(),
                    program: self.name.clone(),
                    options: args,
                    log,
                });
            }
        };
        let code = match target {
            ImageKind::Ptx => ObjectCode::from_ptx(out.bytes),
            ImageKind::Cubin => ObjectCode::from_cubin(out.bytes),
            _ => ObjectCode::from_ltoir(out.bytes),
        };
        let mut code = code
            .with_name(self.name.clone())
            .with_symbol_mapping(out.lowered)
            .with_compiler(nvrtc_identity()?);
        code.log = out.log;
        Ok(code)
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
}

/// The include directories the user named: [`ProgramOptions::include_paths`], then `-I<dir>`,
/// `-I=<dir>`, `-I <dir>` and `--include-path=<dir>` in [`ProgramOptions::extra`].
fn user_include_dirs(options: &ProgramOptions) -> Vec<PathBuf> {
    let mut dirs = options.include_paths.clone();
    let mut extra = options.extra.iter();
    while let Some(a) = extra.next() {
        let dir = if a == "-I" || a == "--include-path" {
            extra.next().cloned()
        } else if let Some(d) = a.strip_prefix("--include-path=") {
            Some(d.to_string())
        } else {
            // NVRTC reads `-I=dir` as `dir`.
            a.strip_prefix("-I")
                .map(|d| d.strip_prefix('=').unwrap_or(d).to_string())
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

/// NVRTC's name and version, as [`ObjectCode::compiler`] shows it: `NVRTC 12.9`.
fn nvrtc_identity() -> Result<String> {
    let (_, (major, minor)) = nvrtc::info()?;
    Ok(format!("NVRTC {major}.{minor}"))
}

/// Device 0's architecture, when a driver with a device is present.
fn default_arch() -> Option<String> {
    crate::Device::new(0).ok()?.arch().ok()
}
