//! [`ObjectCode`]: compiled device code not yet loaded (cubin, fatbin, PTX, LTO-IR, object).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::image::{self, ImageKind};
use crate::library::Library;
use crate::options::LibraryOptions;

/// Where an image comes from: bytes in memory or a file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ImageSource {
    /// The image bytes.
    Bytes(Vec<u8>),
    /// A file the driver reads at load time.
    File(PathBuf),
}

impl From<Vec<u8>> for ImageSource {
    fn from(v: Vec<u8>) -> Self {
        ImageSource::Bytes(v)
    }
}
impl From<&[u8]> for ImageSource {
    fn from(v: &[u8]) -> Self {
        ImageSource::Bytes(v.to_vec())
    }
}
impl<const N: usize> From<&[u8; N]> for ImageSource {
    fn from(v: &[u8; N]) -> Self {
        ImageSource::Bytes(v.to_vec())
    }
}
impl From<&Path> for ImageSource {
    fn from(p: &Path) -> Self {
        ImageSource::File(p.to_path_buf())
    }
}
impl From<PathBuf> for ImageSource {
    fn from(p: PathBuf) -> Self {
        ImageSource::File(p)
    }
}

/// Device code of a known kind, with an optional name and a symbol mapping (C++ name
/// expressions to their mangled names, as [`Program`](crate::Program) records them).
/// [`to_library`](ObjectCode::to_library) loads it.
///
/// Unlike cuda.core's `ObjectCode.from_library` (a static device archive for the linker),
/// nothing here is called "library" except the loaded [`Library`].
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{LibraryOptions, ObjectCode};
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let code = ObjectCode::from_ptx(std::path::Path::new(path)).with_name("kernels");
/// let lib = code.to_library(&LibraryOptions::default())?;
/// assert!(lib.get_kernel("saxpy").is_ok());
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ObjectCode {
    kind: ImageKind,
    source: ImageSource,
    name: Option<String>,
    symbol_mapping: BTreeMap<String, String>,
    pub(crate) log: String,
    compiler: Option<String>,
}

impl ObjectCode {
    fn new(kind: ImageKind, source: impl Into<ImageSource>) -> Self {
        ObjectCode {
            kind,
            source: source.into(),
            name: None,
            symbol_mapping: BTreeMap::new(),
            log: String::new(),
            compiler: None,
        }
    }

    /// A cubin (ELF for one SASS architecture), from bytes or a path.
    pub fn from_cubin(source: impl Into<ImageSource>) -> Self {
        Self::new(ImageKind::Cubin, source)
    }
    /// A fatbin container, from bytes or a path.
    pub fn from_fatbin(source: impl Into<ImageSource>) -> Self {
        Self::new(ImageKind::Fatbin, source)
    }
    /// PTX text, from bytes or a path.
    pub fn from_ptx(source: impl Into<ImageSource>) -> Self {
        Self::new(ImageKind::Ptx, source)
    }
    /// LTO-IR (NVRTC's `-dlto`, [`ImageKind::Ltoir`]): cannot be loaded directly; link it
    /// with [`Linker`](crate::Linker) (nvJitLink, link-time optimised).
    pub fn from_ltoir(source: impl Into<ImageSource>) -> Self {
        Self::new(ImageKind::Ltoir, source)
    }
    /// A relocatable device object (`nvcc -dc`, or a device ELF from `nvcc -cubin
    /// -rdc=true`): link it with [`Linker`](crate::Linker) before loading.
    pub fn from_object(source: impl Into<ImageSource>) -> Self {
        Self::new(ImageKind::Object, source)
    }

    /// A static library (`.a`: an `ar` archive of relocatable device objects, such as the
    /// CUDA toolkit's `libcudadevrt.a`), from bytes or a path: linker input
    /// (`NVJITLINK_INPUT_LIBRARY` for nvJitLink, `CU_JIT_INPUT_LIBRARY` for the driver's
    /// linker), which takes the members the other inputs need. It cannot be loaded itself,
    /// nor linked by the PTX linker (its members hold SASS). The archive is checked whole
    /// when it is linked: a truncated or damaged one is [`Error::InvalidArgument`] naming
    /// the input, before any linker reads it.
    ///
    /// A kernel that sets a graph's conditional handle calls `cudaGraphSetConditional`,
    /// which on a GPU comes from libcudadevrt (the `nvidia-cuda-runtime` wheel carries it):
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{ImageKind, Linker, LinkerOptions, ObjectCode};
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jacobi.ptx");
    /// let kernels = ObjectCode::from_ptx(std::path::Path::new(path));
    /// let devrt = ObjectCode::from_library(std::path::Path::new(
    ///     "/usr/local/cuda/lib64/libcudadevrt.a",
    /// ));
    /// assert_eq!(devrt.kind(), ImageKind::Library);
    /// # if cuda_library::nvjitlink_info().is_err() { return Ok(()); }
    ///
    /// // A damaged archive is refused before nvJitLink sees it.
    /// let junk = [&b"!<arch>\n"[..], &[b'x'; 80]].concat();
    /// let e = Linker::new([&kernels, &ObjectCode::from_library(junk)], LinkerOptions::default())?
    ///     .link(ImageKind::Cubin)
    ///     .unwrap_err();
    /// assert!(e.to_string().contains("damaged"), "{e}");
    ///
    /// # let devrt = match std::env::var_os("CUDA_LIBRARY_CUDADEVRT") {
    /// #     Some(p) => ObjectCode::from_library(std::path::PathBuf::from(p)),
    /// #     None => return Ok(()),
    /// # };
    /// let cubin = Linker::new([&kernels, &devrt], LinkerOptions::default())?
    ///     .link(ImageKind::Cubin)?;
    /// assert_eq!(cubin.kind(), ImageKind::Cubin);
    /// # Ok(()) }
    /// ```
    pub fn from_library(source: impl Into<ImageSource>) -> Self {
        Self::new(ImageKind::Library, source)
    }

    /// Recognises the kind from the bytes (ELF, fatbin magic, an `ar` archive's magic or
    /// PTX text).
    pub fn from_bytes(bytes: impl Into<Vec<u8>>) -> Result<Self> {
        let bytes = bytes.into();
        let kind = image::detect(&bytes).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} bytes that are neither a cubin, a fatbin, a static library nor PTX text",
                bytes.len()
            ))
        })?;
        Ok(Self::new(kind, bytes))
    }

    /// Names the code (shown in errors and displays).
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Adds name-expression → symbol pairs, so `get_kernel("scale<float>")` finds
    /// `_Z5scaleIfEvPT_S0_i` in the loaded library.
    pub fn with_symbol_mapping(
        mut self,
        mapping: impl IntoIterator<Item = (String, String)>,
    ) -> Self {
        self.symbol_mapping.extend(mapping);
        self
    }

    /// The kind of code.
    pub fn kind(&self) -> ImageKind {
        self.kind
    }

    /// The name, if one was given.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The image bytes, when held in memory.
    pub fn bytes(&self) -> Option<&[u8]> {
        match &self.source {
            ImageSource::Bytes(b) => Some(b),
            ImageSource::File(_) => None,
        }
    }

    /// PTX as text (`None` for binary kinds or a file source).
    pub fn ptx_text(&self) -> Option<&str> {
        if self.kind != ImageKind::Ptx {
            return None;
        }
        let b = self.bytes()?;
        let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
        std::str::from_utf8(&b[..end]).ok()
    }

    /// Where the code comes from.
    pub fn source(&self) -> &ImageSource {
        &self.source
    }

    /// Name expression → mangled symbol.
    pub fn symbol_mapping(&self) -> &BTreeMap<String, String> {
        &self.symbol_mapping
    }

    /// The compiler's log (warnings) when this came from [`Program`](crate::Program).
    pub fn compile_log(&self) -> &str {
        &self.log
    }

    /// Which compiler made this code, when it came from [`Program`](crate::Program):
    /// `NVRTC 12.9` or `built-in compiler 0.1.0`.
    ///
    /// ```
    /// use cuda_library::{Compiler, ImageKind, Program, ProgramOptions};
    /// let o = ProgramOptions { compiler: Compiler::Builtin, ..Default::default() };
    /// let code = Program::new("__global__ void k() {}", o).compile(ImageKind::Ptx, &[])?;
    /// assert!(code.compiler().unwrap().starts_with("built-in compiler"));
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn compiler(&self) -> Option<&str> {
        self.compiler.as_deref()
    }

    /// Records which compiler made this code (what [`compiler`](ObjectCode::compiler)
    /// answers); [`Program`](crate::Program) sets it.
    ///
    /// ```
    /// let code = cuda_library::ObjectCode::from_ptx(&b".version 8.0"[..]).with_compiler("nvcc 13.0");
    /// assert_eq!(code.compiler(), Some("nvcc 13.0"));
    /// ```
    pub fn with_compiler(mut self, compiler: impl Into<String>) -> Self {
        self.compiler = Some(compiler.into());
        self
    }

    /// Writes the image to a file (bytes sources only).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let bytes = self.bytes().ok_or_else(|| {
            Error::InvalidArgument("this ObjectCode refers to a file; copy the file".into())
        })?;
        std::fs::write(path, bytes).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Loads the code as a [`Library`]. LTO-IR and relocatable objects need linking first
    /// ([`Linker`](crate::Linker)) and return [`Error::Unsupported`].
    pub fn to_library(&self, options: &LibraryOptions) -> Result<Library> {
        let lib = match &self.source {
            ImageSource::Bytes(b) => {
                let desc = match &self.name {
                    Some(n) => format!("{n} ({}, {} bytes)", self.kind, b.len()),
                    None => format!("{} bytes of {}", b.len(), self.kind),
                };
                Library::load_kind(self.kind, b, options, desc)?
            }
            ImageSource::File(p) => {
                if let Some(found) =
                    image::detect(&image::read_image_file(p)?).filter(|k| *k != self.kind)
                {
                    return Err(Error::InvalidArgument(format!(
                        "{} holds {found}, not {}",
                        p.display(),
                        self.kind
                    )));
                }
                if matches!(self.kind, ImageKind::Ltoir | ImageKind::Object) {
                    // Same refusal as for bytes: these kinds need the device linker.
                    image::prepare(self.kind, &[])?;
                }
                Library::load_file(p, options)?
            }
        };
        Ok(lib.with_symbol_mapping(self.symbol_mapping.clone()))
    }
}
