//! The NVRTC half of [`Program`]: NVIDIA's compiler opened at run time, the standard headers
//! the crate ships for it, and the compile cache in front of it. It exists where NVIDIA's
//! libraries can be opened; in the browser `browser.rs` takes its place.

use std::path::PathBuf;

use super::{Program, ProgramOptions};
use crate::driver::{loader, nvrtc};
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::object_code::ObjectCode;
use crate::program_cache::inputs::{self, NotCacheable};
use crate::program_cache::{sha256, KeyBuilder, ProgramCache};

/// The C and C++ standard headers NVRTC does not ship, as the crate ships them
/// (`core/include/nvrtc/`): handed to `nvrtcCreateProgram` as in-memory headers, each unless an
/// include directory of the compile holds a file of that name (see [`Program::compile`]).
const SHIPPED_HEADERS: [(&str, &str); 10] = [
    ("stdint.h", include_str!("../../include/nvrtc/stdint.h")),
    ("cstdint", include_str!("../../include/nvrtc/cstdint")),
    ("stddef.h", include_str!("../../include/nvrtc/stddef.h")),
    ("cstddef", include_str!("../../include/nvrtc/cstddef")),
    ("limits.h", include_str!("../../include/nvrtc/limits.h")),
    ("climits", include_str!("../../include/nvrtc/climits")),
    ("float.h", include_str!("../../include/nvrtc/float.h")),
    ("cfloat", include_str!("../../include/nvrtc/cfloat")),
    ("math.h", include_str!("../../include/nvrtc/math.h")),
    ("cmath", include_str!("../../include/nvrtc/cmath")),
];

/// Where NVRTC was loaded from and its `(major, minor)` version.
pub(super) fn info() -> Result<(String, (i32, i32))> {
    nvrtc::info()
}

/// Whether NVRTC loads here: what [`Compiler::Auto`](crate::Compiler::Auto) asks.
pub(super) fn available() -> bool {
    nvrtc::info().is_ok()
}

/// Which [`ProgramCache`] a [`Program`] compiles through.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum CacheChoice {
    /// [`ProgramCache::user_default`], when it is on.
    #[default]
    UserDefault,
    /// None.
    Off,
    /// This one.
    In(ProgramCache),
}

impl Program {
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

    /// The names of the standard headers the crate ships for NVRTC (`stdint.h`, `cmath`,
    /// ...; see [`compile`](Program::compile)).
    ///
    /// ```
    /// assert!(cuda_library::Program::shipped_headers().contains(&"cstdint"));
    /// ```
    pub fn shipped_headers() -> Vec<&'static str> {
        SHIPPED_HEADERS.iter().map(|(name, _)| *name).collect()
    }

    /// Compiles with NVRTC, through the compile cache ([`Program::compile`] says which and
    /// how): `args` are `options`' command line for `target`.
    pub(super) fn compile_nvrtc(
        &self,
        target: ImageKind,
        mut args: Vec<String>,
        options: &ProgramOptions,
        name_expressions: &[&str],
    ) -> Result<ObjectCode> {
        let found = loader::header_dirs();
        let mut search: Vec<PathBuf> = user_include_dirs(options);
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
        let code = self.run_nvrtc(target, args.clone(), &shipped, name_expressions)?;
        if let Some((cache, key)) = cached {
            // A header changed while NVRTC ran: the code may be of the new text, the key is of
            // the old, and keeping it would answer a later compile of the old text wrongly.
            // Keep the code only when the files still make the same key (a key that cannot
            // be made again skips the store; the code is returned either way).
            let after = self.cache_key(target, &args, &toolkit, &shipped, name_expressions);
            if matches!(after, Ok(Ok(k)) if k == key) {
                // A cache that cannot be written costs the next compile time, nothing else.
                let _ = cache.put(&key, &code);
            } else {
                cache.note_skipped();
            }
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
