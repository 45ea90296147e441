//! [`Linker`]: device code from several inputs linked into one cubin or PTX module.
//!
//! Three linkers do the work ([`LinkerBackend`]): NVIDIA's nvJitLink (opened at run time,
//! found like NVRTC), the CUDA driver's `cuLink*` when nvJitLink is absent, and this crate's
//! own PTX linker (`ptx.rs`, pure Rust), which links PTX modules into one PTX module and is
//! what the simulator and the browser have. This file chooses among them and gathers the
//! inputs; the [`linking`](crate::guide::linking) guide says which runs when.

use std::borrow::{Borrow, Cow};
use std::collections::BTreeMap;

use crate::backend::linkers;
use crate::error::{Error, Result};
use crate::image::{self, ImageKind};
use crate::object_code::{ImageSource, ObjectCode};

pub(crate) mod input;
pub(crate) mod options;
mod ptx;

use input::{LinkInput, Linked};

pub use options::{LinkerBackend, LinkerOptions};

/// Device code from several [`ObjectCode`]s linked into one: PTX, cubins, fatbins,
/// LTO-IR, relocatable objects (`nvcc -dc`) and static libraries (`.a`) in, a cubin or PTX
/// out (cuda.core's `Linker`).
///
/// A kernel in one file calling a device function defined in another, on any backend:
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{launch, Device, ImageKind, LaunchConfig, LibraryOptions, Linker, LinkerOptions, ObjectCode};
/// let main = ObjectCode::from_ptx(&br#"
/// .version 8.0
/// .target sm_80
/// .address_size 64
/// .extern .func (.param .b32 r) twice(.param .b32 x);
/// .visible .entry k(.param .u64 out) {
///     .reg .b32 %r<3>; .reg .b64 %rd<2>;
///     ld.param.u64 %rd1, [out];
///     mov.u32 %r1, 21;
///     { .param .b32 x; .param .b32 r;
///       st.param.b32 [x], %r1;
///       call.uni (r), twice, (x);
///       ld.param.b32 %r2, [r]; }
///     st.global.u32 [%rd1], %r2;
///     ret;
/// }"#[..]).with_name("main.ptx");
/// let helper = ObjectCode::from_ptx(&br#"
/// .version 8.0
/// .target sm_80
/// .address_size 64
/// .visible .func (.param .b32 r) twice(.param .b32 x) {
///     .reg .b32 %r<3>;
///     ld.param.b32 %r1, [x];
///     add.s32 %r2, %r1, %r1;
///     st.param.b32 [r], %r2;
///     ret;
/// }"#[..]).with_name("helper.ptx");
///
/// // PTX in, PTX out: the crate's PTX linker, which needs no CUDA (the driver JITs the result).
/// let linked = Linker::new([&main, &helper], LinkerOptions::default())?.link(ImageKind::Ptx)?;
/// let lib = linked.to_library(&LibraryOptions::default())?;
/// let ctx = Device::new(0)?.set_current()?;
/// let out = ctx.alloc_zeroed::<u32>(1)?;
/// let stream = ctx.create_stream()?;
/// launch!(lib.get_kernel("k")?, &stream, &LaunchConfig::for_num_elems(1, 1), out)?;
/// assert_eq!(out.to_vec()?, [42]);
/// # Ok(()) }
/// ```
///
/// [`link`](Linker::link) says which linker runs; the [`linking`](crate::guide::linking)
/// guide shows NVRTC + nvJitLink link-time optimisation end to end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linker {
    objects: Vec<ObjectCode>,
    options: LinkerOptions,
}

impl Linker {
    /// A linker over `objects` (owned or borrowed [`ObjectCode`]s), in link order.
    /// Refuses an empty list.
    ///
    /// ```
    /// use cuda_library::{Linker, LinkerOptions, ObjectCode};
    /// let none: [ObjectCode; 0] = [];
    /// assert!(Linker::new(none, LinkerOptions::default()).is_err());
    /// ```
    pub fn new(
        objects: impl IntoIterator<Item = impl Borrow<ObjectCode>>,
        options: LinkerOptions,
    ) -> Result<Linker> {
        let objects: Vec<ObjectCode> = objects.into_iter().map(|o| o.borrow().clone()).collect();
        if objects.is_empty() {
            return Err(Error::InvalidArgument(
                "a Linker needs at least one ObjectCode to link".to_string(),
            ));
        }
        Ok(Linker { objects, options })
    }

    /// The inputs, in link order.
    ///
    /// ```
    /// # use cuda_library::{Linker, LinkerOptions, ObjectCode};
    /// let l = Linker::new([ObjectCode::from_ptx(&b".version 8.0"[..])], LinkerOptions::default()).unwrap();
    /// assert_eq!(l.objects().len(), 1);
    /// ```
    pub fn objects(&self) -> &[ObjectCode] {
        &self.objects
    }

    /// The options.
    ///
    /// ```
    /// # use cuda_library::{Linker, LinkerOptions, ObjectCode};
    /// let l = Linker::new([ObjectCode::from_ptx(&b".version 8.0"[..])], LinkerOptions::default()).unwrap();
    /// assert!(!l.options().link_time_optimization);
    /// ```
    pub fn options(&self) -> &LinkerOptions {
        &self.options
    }

    /// Which linker [`link`](Linker::link)`(target)` runs, or why none can.
    ///
    /// Unless [`LinkerOptions::backend`] names one, the choice is:
    ///
    /// - **PTX out, PTX in** (no link-time optimisation asked): the PTX linker. It needs no
    ///   CUDA, and its PTX runs on the simulator and (JIT-compiled) on any GPU.
    /// - **PTX out, LTO-IR in**: nvJitLink with `-lto -ptx`.
    /// - **cubin out**: nvJitLink when it is found (it needs no GPU: on a machine without
    ///   one it still makes the cubin, which the simulator can load, list and read the
    ///   variables of, but not run: it holds SASS, not PTX); otherwise the CUDA driver's
    ///   `cuLink*` when the driver backend runs (no LTO-IR then).
    ///
    /// ```
    /// # use cuda_library::{ImageKind, Linker, LinkerBackend, LinkerOptions, ObjectCode};
    /// let l = Linker::new([ObjectCode::from_ptx(&b".version 8.0"[..])], LinkerOptions::default()).unwrap();
    /// assert_eq!(l.backend(ImageKind::Ptx).unwrap(), LinkerBackend::Ptx);
    /// ```
    pub fn backend(&self, target: ImageKind) -> Result<LinkerBackend> {
        let kinds = self.kinds();
        let has_ltoir = kinds.contains(&ImageKind::Ltoir);
        let all_ptx = kinds.iter().all(|&k| k == ImageKind::Ptx);
        if let Some(forced) = self.options.backend {
            return self.check_forced(forced, target, has_ltoir, all_ptx);
        }
        match target {
            ImageKind::Ptx if all_ptx && !self.options.link_time_optimization => {
                Ok(LinkerBackend::Ptx)
            }
            ImageKind::Ptx if all_ptx => Err(Error::Unsupported(
                "link-time optimisation (LinkerOptions::link_time_optimization) works on \
                 LTO-IR, and these inputs are all PTX, which holds no LTO-IR: turn it off to \
                 link the PTX with the PTX linker, or compile the sources to LTO-IR \
                 (ImageKind::Ltoir) and link those with nvJitLink"
                    .to_string(),
            )),
            ImageKind::Ptx if has_ltoir => self.need_nvjitlink(
                "linking LTO-IR needs nvJitLink, part of a GPU toolchain (the simulator's PTX \
                 linker reads PTX only)",
            ),
            ImageKind::Ptx => Err(Error::Unsupported(format!(
                "a link to PTX takes PTX inputs (the PTX linker) or LTO-IR (nvJitLink -lto \
                 -ptx); these inputs are {}: link them to a cubin instead",
                describe_kinds(&kinds)
            ))),
            ImageKind::Cubin => {
                if linkers::nvjitlink_found().is_ok() {
                    return Ok(LinkerBackend::NvJitLink);
                }
                let on_driver =
                    crate::backend().is_ok_and(|b| b.kind == crate::BackendKind::Driver);
                if on_driver && !has_ltoir && !self.options.link_time_optimization {
                    return Ok(LinkerBackend::Driver);
                }
                self.need_nvjitlink(if has_ltoir || self.options.link_time_optimization {
                    "linking LTO-IR needs nvJitLink, part of a GPU toolchain (the simulator's \
                     PTX linker reads PTX only)"
                } else {
                    "a link to a cubin needs nvJitLink or the CUDA driver with a GPU (the \
                     simulator runs here)"
                })
            }
            other => Err(target_error(other)),
        }
    }

    fn need_nvjitlink(&self, needs: &str) -> Result<LinkerBackend> {
        match linkers::nvjitlink_found() {
            Ok(_) => Ok(LinkerBackend::NvJitLink),
            Err(tried) => Err(Error::LinkerNotFound {
                needs: needs.to_string(),
                tried,
            }),
        }
    }

    fn check_forced(
        &self,
        forced: LinkerBackend,
        target: ImageKind,
        has_ltoir: bool,
        all_ptx: bool,
    ) -> Result<LinkerBackend> {
        if !matches!(target, ImageKind::Cubin | ImageKind::Ptx) {
            return Err(target_error(target));
        }
        match forced {
            LinkerBackend::Ptx if has_ltoir => Err(Error::Unsupported(
                "the PTX linker (the simulator's) cannot link LTO-IR: LTO-IR is NVVM bitcode \
                 that only nvJitLink compiles, which needs a GPU toolchain (`pip install \
                 nvidia-nvjitlink-cu12`, or the CUDA toolkit); compile the sources to PTX \
                 instead (Program::compile(ImageKind::Ptx, ..) with relocatable: true)"
                    .to_string(),
            )),
            LinkerBackend::Ptx if !all_ptx => Err(Error::Unsupported(format!(
                "the PTX linker (the simulator's) links PTX only, and these inputs are {}: \
                 cubins, fatbins, relocatable objects and static libraries hold SASS, which \
                 needs nvJitLink or the CUDA driver",
                describe_kinds(&self.kinds())
            ))),
            LinkerBackend::Ptx if target == ImageKind::Cubin => Err(Error::Unsupported(
                "the PTX linker makes PTX, not a cubin: link(ImageKind::Ptx), or use nvJitLink \
                 or the driver for a cubin"
                    .to_string(),
            )),
            LinkerBackend::Ptx if self.options.link_time_optimization => Err(Error::Unsupported(
                "the PTX linker does no link-time optimisation: that is nvJitLink's".to_string(),
            )),
            LinkerBackend::Driver if target == ImageKind::Ptx => Err(Error::Unsupported(
                "the CUDA driver's linker makes cubins only: link(ImageKind::Cubin)".to_string(),
            )),
            LinkerBackend::Driver if has_ltoir || self.options.link_time_optimization => {
                Err(Error::Unsupported(
                    "the CUDA driver's linker (cuLink) does not link LTO-IR (its LTO path is \
                     deprecated since CUDA 12.0): use nvJitLink"
                        .to_string(),
                ))
            }
            LinkerBackend::NvJitLink => {
                self.need_nvjitlink("LinkerOptions::backend asks for nvJitLink")
            }
            other => Ok(other),
        }
    }

    fn kinds(&self) -> Vec<ImageKind> {
        self.objects.iter().map(ObjectCode::kind).collect()
    }

    /// Links the inputs into a cubin or PTX ([`ImageKind::Cubin`] or [`ImageKind::Ptx`],
    /// cuda.core's `link(target_type)`), with the linker [`backend`](Linker::backend)
    /// names. The result carries the inputs' symbol mappings (so a C++ name expression
    /// still finds its kernel) and the linker's info log as its
    /// [`compile_log`](ObjectCode::compile_log).
    ///
    /// A link that fails returns [`Error::Link`] with the linker's log (an undefined
    /// symbol is named there, with the input that uses it); one no linker here can do
    /// returns [`Error::LinkerNotFound`] or [`Error::Unsupported`], saying what it needs.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Error, ImageKind, Linker, LinkerOptions, ObjectCode};
    /// let user = ObjectCode::from_ptx(&br#"
    /// .version 8.0
    /// .target sm_80
    /// .address_size 64
    /// .extern .global .u32 counter;
    /// .visible .entry bump() { .reg .b32 %r<2>; ld.global.u32 %r1, [counter]; ret; }
    /// "#[..]).with_name("user.ptx");
    /// let e = Linker::new([&user], LinkerOptions::default())?.link(ImageKind::Ptx).unwrap_err();
    /// assert!(matches!(e, Error::Link { .. }));
    /// assert!(e.to_string().contains("undefined reference to `counter` in user.ptx"));
    /// # Ok(()) }
    /// ```
    pub fn link(&self, target: ImageKind) -> Result<ObjectCode> {
        let backend = self.backend(target)?;
        // The PTX linker reads text; the others are handed C strings (NUL-terminated PTX).
        let gathered = self.gather(backend != LinkerBackend::Ptx)?;
        let inputs: Vec<LinkInput<'_>> = gathered
            .iter()
            .map(|g| LinkInput {
                kind: g.kind,
                bytes: g.bytes.as_ref(),
                name: &g.name,
            })
            .collect();
        let linked = match backend {
            LinkerBackend::Ptx => ptx::link(&inputs)?,
            LinkerBackend::NvJitLink => {
                let mut options = self.options.clone();
                if self.kinds().contains(&ImageKind::Ltoir) {
                    options.link_time_optimization = true;
                }
                let mut args = options.to_nvjitlink_args(&default_arch())?;
                if target == ImageKind::Ptx {
                    args.push("-ptx".to_string());
                }
                linkers::nvjitlink_link(&inputs, &args, target == ImageKind::Ptx)?
            }
            LinkerBackend::Driver => linkers::driver_link(&inputs, &self.options)?,
        };
        let mapping: BTreeMap<String, String> = self
            .objects
            .iter()
            .flat_map(|o| o.symbol_mapping().clone())
            .collect();
        let code = match target {
            ImageKind::Ptx => ObjectCode::from_ptx(linked.bytes),
            _ => ObjectCode::from_cubin(linked.bytes),
        };
        let mut code = code
            .with_name(format!("linked.{}", target.extension()))
            .with_symbol_mapping(mapping);
        code.log = linked.info_log;
        Ok(code)
    }

    /// Every input's kind, checked bytes (read from its file if it names one; borrowed
    /// unless `nul_terminated` asks for a NUL that PTX lacks) and name.
    fn gather(&self, nul_terminated: bool) -> Result<Vec<Gathered<'_>>> {
        self.objects
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let (bytes, file) = match o.source() {
                    ImageSource::Bytes(b) => (Cow::Borrowed(&b[..]), None),
                    ImageSource::File(p) => (
                        Cow::Owned(image::read_image_file(p)?),
                        p.file_name().map(|f| f.to_string_lossy().into_owned()),
                    ),
                };
                let name = o
                    .name()
                    .map(str::to_string)
                    .or(file)
                    .unwrap_or_else(|| format!("input{i}.{}", o.kind().extension()));
                let bytes = match o.kind() {
                    // The structural checks the loader makes; LTO-IR and objects have none.
                    kind @ (ImageKind::Cubin | ImageKind::Fatbin | ImageKind::Ptx) => {
                        let prepared = image::prepare(kind, &bytes).map_err(|e| {
                            Error::InvalidArgument(format!("linker input `{name}`: {e}"))
                        })?;
                        match prepared.bytes {
                            Cow::Owned(with_nul) if nul_terminated => Cow::Owned(with_nul),
                            // Checked as they are: the bytes themselves serve.
                            _ => bytes,
                        }
                    }
                    ImageKind::Ltoir | ImageKind::Object => bytes,
                    // Checked whole before a linker written in C reads it.
                    ImageKind::Library => {
                        image::archive::check(&bytes).map_err(|e| {
                            Error::InvalidArgument(format!("linker input `{name}`: {e}"))
                        })?;
                        bytes
                    }
                };
                Ok(Gathered {
                    kind: o.kind(),
                    bytes,
                    name,
                })
            })
            .collect()
    }
}

/// One input as [`Linker::gather`] finds it.
struct Gathered<'a> {
    kind: ImageKind,
    bytes: Cow<'a, [u8]>,
    name: String,
}

/// Where nvJitLink was loaded from and its `(major, minor)` version (`(0, 0)` for one older
/// than CUDA 12.3, which cannot say), e.g. `("/usr/local/cuda/lib64/libnvJitLink.so.13",
/// (13, 0))`; [`Error::LinkerNotFound`] with every place looked in when it is not found.
///
/// It is looked for as NVRTC is: `CUDA_LIBRARY_NVJITLINK` (a path), `$CUDA_HOME`/`$CUDA_PATH`
/// and `/usr/local/cuda` `lib64`, `libnvJitLink.so.13`/`.12` by soname, then the PyPI wheels
/// (`nvidia-nvjitlink-cu12`, which `scripts/setup-venv.sh` installs, and `nvidia-nvjitlink`
/// for CUDA 13) in the active Python's site-packages.
///
/// ```
/// match cuda_library::nvjitlink_info() {
///     Ok((path, (major, minor))) => println!("nvJitLink {major}.{minor} from {path}"),
///     Err(e) => println!("{e}"), // says where it looked and how to install it
/// }
/// ```
pub fn nvjitlink_info() -> Result<(String, (u32, u32))> {
    linkers::nvjitlink_found().map_err(|tried| Error::LinkerNotFound {
        needs: "nvJitLink was asked for".to_string(),
        tried,
    })
}

/// The architecture a link targets when [`LinkerOptions::arch`] is `None`: device 0's, or
/// the simulated device's when no device answers.
fn default_arch() -> String {
    crate::Device::new(0)
        .and_then(|d| d.arch())
        .unwrap_or_else(|_| crate::SIM_ARCH.to_string())
}

fn target_error(target: ImageKind) -> Error {
    Error::InvalidArgument(format!(
        "a link makes a cubin or PTX (ImageKind::Cubin or ImageKind::Ptx), not a {target}"
    ))
}

/// `2 PTX, 1 cubin`, for messages.
fn describe_kinds(kinds: &[ImageKind]) -> String {
    let mut counts: Vec<(ImageKind, usize)> = Vec::new();
    for &k in kinds {
        match counts.iter_mut().find(|(c, _)| *c == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((k, 1)),
        }
    }
    counts
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}
