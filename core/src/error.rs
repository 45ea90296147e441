//! The crate's error type.
//!
//! Every fallible call returns [`Result<T>`](crate::Result). An [`Error`]'s `Display` says what
//! failed and, where there is one, what the user can do about it.

use std::fmt;
use std::path::PathBuf;

/// A CUDA version such as 12.4, as `cuDriverGetVersion` encodes it (`1000 * major + 10 * minor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CudaVersion(pub i32);

impl CudaVersion {
    /// The major version (12 for 12.4).
    pub fn major(self) -> i32 {
        self.0 / 1000
    }
    /// The minor version (4 for 12.4).
    pub fn minor(self) -> i32 {
        (self.0 % 1000) / 10
    }
}

impl fmt::Display for CudaVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major(), self.minor())
    }
}

/// One place a shared library was looked for, and why it could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LoadAttempt {
    /// The path or soname given to the dynamic loader.
    pub candidate: String,
    /// The loader's own message.
    pub reason: String,
}

/// Why a library failed to load: the driver's error and the JIT logs.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LoadFailure {
    /// What was being loaded (file name or a description of the bytes).
    pub source_desc: String,
    /// The driver's error.
    pub error: CudaError,
    /// The JIT error log, if the JIT ran and wrote one.
    pub jit_error_log: String,
    /// The JIT info log.
    pub jit_info_log: String,
}

/// A failed CUDA driver call: the function, its `CUresult` code, name and description.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CudaError {
    /// The driver function that failed, e.g. `cuLibraryLoadData`.
    pub function: &'static str,
    /// The raw `CUresult` value.
    pub code: u32,
    /// `cuGetErrorName`, e.g. `CUDA_ERROR_NOT_FOUND`.
    pub name: String,
    /// `cuGetErrorString`, e.g. `named symbol not found`.
    pub description: String,
}

impl CudaError {
    /// `CUDA_ERROR_NOT_FOUND`.
    pub const NOT_FOUND: u32 = 500;
    /// `CUDA_ERROR_INVALID_VALUE`.
    pub const INVALID_VALUE: u32 = 1;
    /// `CUDA_ERROR_OUT_OF_MEMORY`.
    pub const OUT_OF_MEMORY: u32 = 2;
}

/// Everything that can go wrong in this crate.
///
/// [Try it in your browser](../playground/index.html#errors): the playground lesson on what
/// each error says: wrong arguments, faults, budgets, use after unload, run on the simulated
/// GPU.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The CUDA driver library could not be opened from any candidate.
    DriverNotFound {
        /// Every candidate tried, with the loader's message.
        tried: Vec<LoadAttempt>,
    },
    /// The driver library opened but is unusable (missing bootstrap symbol, `cuInit` failed).
    DriverUnusable {
        /// Where it was opened from.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// The driver is older than this crate's minimum (CUDA 12.0).
    DriverTooOld {
        /// The version `cuDriverGetVersion` reported.
        found: CudaVersion,
        /// The version needed.
        needed: CudaVersion,
    },
    /// An entry point this call needs is missing from the installed driver.
    MissingEntryPoint {
        /// The driver function.
        function: &'static str,
        /// The driver's version.
        driver: CudaVersion,
        /// The CUDA version that introduced the function.
        needed: CudaVersion,
    },
    /// The driver reports no CUDA device.
    NoDevice,
    /// A device ordinal out of range.
    InvalidDevice {
        /// The ordinal asked for.
        ordinal: usize,
        /// How many devices exist.
        count: usize,
        /// Whether they are the simulator's (which presents as many as asked for).
        simulated: bool,
    },
    /// A CUDA driver call returned an error.
    Cuda(CudaError),
    /// A library image could not be loaded; carries the JIT logs when there were any.
    LoadFailed(Box<LoadFailure>),
    /// A kernel, global or managed variable was not found in a library.
    SymbolNotFound {
        /// `kernel`, `global`, `managed variable` or `unified function`.
        kind: &'static str,
        /// The name asked for.
        name: String,
        /// Names that do exist and look close, when they could be listed.
        suggestions: Vec<String>,
    },
    /// A library, kernel or variable was used after its library was unloaded.
    Unloaded {
        /// What was used.
        what: String,
    },
    /// A name passed to the driver contains a NUL byte.
    InvalidName(String),
    /// A kernel launch was given the wrong number of arguments.
    ArgumentCount {
        /// The kernel.
        kernel: String,
        /// How many parameters the kernel declares.
        expected: usize,
        /// How many arguments were given.
        got: usize,
    },
    /// A kernel argument's size differs from the parameter's.
    ArgumentSize {
        /// The kernel.
        kernel: String,
        /// Zero-based parameter index.
        index: usize,
        /// The parameter's size in bytes.
        expected: usize,
        /// The argument's size in bytes.
        got: usize,
    },
    /// A read or write whose size does not match the variable or buffer.
    SizeMismatch {
        /// What was accessed.
        what: String,
        /// Its size in bytes.
        expected: usize,
        /// The size of the access in bytes.
        got: usize,
    },
    /// A value that cannot be used, in words: what no typed variant below names (see the
    /// rule in the contributing guide: a group of errors a caller would match on has a
    /// variant of its own).
    InvalidArgument(String),
    /// A launch's settings break a rule of CUDA, the device or the kernel: a zero or too
    /// large dimension, a cluster that does not tile the grid or that the kernel does not
    /// allow, more shared or local memory than there is ([`LaunchProblem`] says which rule,
    /// with the numbers). On the driver backend the driver's own refusals stay
    /// [`Error::Cuda`]; the rules every launch obeys are checked before it is asked.
    InvalidLaunch {
        /// The kernel, when the rule is the kernel's (or the check knew it).
        kernel: Option<String>,
        /// The rule broken.
        problem: LaunchProblem,
    },
    /// Bytes that are not a loadable image: not recognised as a cubin, fatbin or PTX, or
    /// recognised and damaged (truncated, tables outside the bytes, not UTF-8), or a fatbin
    /// with no code for the device. Refused before the driver sees them.
    InvalidImage {
        /// The format the bytes were read as, as [`ImageKind`](crate::ImageKind) writes it
        /// (`cubin`, `fatbin`, `PTX`); `None` when they are none of them.
        kind: Option<&'static str>,
        /// What is wrong, in words.
        detail: String,
    },
    /// The NVRTC library could not be opened from any candidate.
    NvrtcNotFound {
        /// Every candidate tried, with the loader's message.
        tried: Vec<LoadAttempt>,
    },
    /// An NVRTC call failed.
    Nvrtc {
        /// The NVRTC function.
        function: &'static str,
        /// `nvrtcGetErrorString`.
        message: String,
    },
    /// The compiler (NVRTC or the built-in one) rejected the source: its log says why.
    Compile {
        /// The compiler, in words: `NVRTC` or `The built-in compiler 0.1.0`.
        compiler: String,
        /// The program's name.
        program: String,
        /// The options it was compiled with.
        options: Vec<String>,
        /// The compiler's log: `file:line:col` messages with the source line and a caret.
        log: String,
    },
    /// A device link failed: the linker's log says why (an undefined or twice-defined
    /// symbol, an input it cannot read, an architecture mismatch).
    Link {
        /// The linker, in words: `nvJitLink 12.9`, `the CUDA driver's cuLink`, `the PTX
        /// linker`.
        linker: String,
        /// The inputs, by name.
        inputs: Vec<String>,
        /// The linker's error log.
        log: String,
    },
    /// No linker available here can do the link asked for (LTO-IR, relocatable objects or
    /// a cubin output need nvJitLink or the CUDA driver).
    LinkerNotFound {
        /// What the link needs, in words.
        needs: String,
        /// Every place nvJitLink was looked for, with the loader's message.
        tried: Vec<LoadAttempt>,
    },
    /// A kernel running on the simulator touched memory it may not (the simulator's
    /// `CUDA_ERROR_ILLEGAL_ADDRESS`) or did something else a GPU would fault on.
    KernelFault {
        /// The kernel.
        kernel: String,
        /// Block index.
        block: [u32; 3],
        /// Thread index in the block.
        thread: [u32; 3],
        /// PTX line of the instruction.
        line: u32,
        /// What happened, with the address.
        detail: String,
    },
    /// A kernel on the simulator ran past its instruction budget (a runaway loop).
    InstructionBudget {
        /// The kernel.
        kernel: String,
        /// The budget in thread-instructions.
        budget: u64,
        /// PTX line where it stopped.
        line: u32,
    },
    /// A kernel on the simulator failed a device-side `assert()` (`cudaErrorAssert` on a
    /// GPU). The launch ends there; the library and memory stay usable.
    DeviceAssert(Box<DeviceAssertion>),
    /// A cooperative launch of more blocks than the device (or the stream's green context)
    /// holds at once (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`): every block of a
    /// cooperative grid must be resident together, so grid-wide sync can wait for all of
    /// them. The limit is the driver's rule, the kernel's occupancy
    /// ([`Kernel::max_active_blocks_per_sm`](crate::Kernel::max_active_blocks_per_sm)) times
    /// the device's multiprocessors (a [`GreenContext`](crate::GreenContext)'s, on its
    /// streams), applied by [`Kernel::launch`](crate::Kernel::launch)
    /// with the launch's other settings before either backend sees the launch (on a GPU, with
    /// the occupancy the driver reports). [`Error::cuda_error_name`] names it on both.
    CooperativeLaunchTooLarge {
        /// The kernel.
        kernel: String,
        /// Blocks in the grid.
        blocks: u64,
        /// Blocks of this kernel and launch shape one multiprocessor holds.
        per_sm: u32,
        /// Multiprocessors the launch may use: the device's, or its green context's.
        multiprocessors: u32,
    },
    /// A simulated launch ran past its wall-clock deadline ([`Limits::launch_deadline`](crate::Limits::launch_deadline)).
    Deadline {
        /// The kernel.
        kernel: String,
        /// The deadline.
        deadline: std::time::Duration,
        /// PTX line where it stopped.
        line: u32,
    },
    /// An input asked for more than one of the [`Limits`](crate::Limits) allows.
    LimitExceeded {
        /// What asked: the image, the variable or the kernel, in words.
        what: String,
        /// How many bytes it needs.
        asked: u64,
        /// The field of [`Limits`](crate::Limits) that refused it.
        limit: String,
        /// That field's value.
        value: u64,
    },
    /// PTX text that does not parse, with the line and column of the problem.
    PtxSyntax {
        /// Line, from 1.
        line: u32,
        /// Column, from 1.
        column: u32,
        /// What is wrong there.
        message: String,
    },
    /// Something this image kind or backend cannot do.
    Unsupported(String),
    /// A backend was requested through `CUDA_LIBRARY_BACKEND` that is not available.
    BackendUnavailable(String),
    /// One call was given handles of both backends (a driver stream and a simulated kernel,
    /// say): each backend's handles work only with its own.
    MixedBackends {
        /// The handles, in words ("the kernel and the stream").
        what: &'static str,
    },
    /// Reading a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    // Unified memory (`managed`).
    /// Unified memory used against its rule: the host views a
    /// [`ManagedBuffer`](crate::ManagedBuffer) while a kernel that takes it may run, or a
    /// launch takes it while the host views it.
    ManagedInUse {
        /// What was refused, naming the buffer.
        what: String,
        /// Why, and what to do about it.
        reason: String,
    },
    // Sharing between processes (`ipc`).
    /// Memory, an event or a pool was to be shared between processes (IPC) on the
    /// simulator, whose memory lives inside one process.
    IpcOnSimulator {
        /// What was to be exported or opened.
        what: &'static str,
    },
    /// Bytes given as an IPC handle are not a handle this crate wrote, or not of the kind
    /// asked for.
    IpcHandle(String),
    // Graphs complete (issue 38).
    /// A host function (a graph's host node, or `Stream::launch_host_func`) panicked; the
    /// panic was caught and did not unwind into the driver or the simulator.
    HostFunctionPanicked {
        /// The panic's message.
        message: String,
    },
    // Tensor maps (`tensor_map.rs`).
    /// A tensor map description that breaks one of the driver's rules for
    /// `cuTensorMapEncodeTiled` / `cuTensorMapEncodeIm2col`, checked before either backend
    /// encodes it: which rule, what was given and what would be valid.
    InvalidTensorMap {
        /// The rule.
        rule: cuda_library_engine::tensor_map::TensorMapRule,
        /// What was given and what to do.
        detail: String,
    },
    // Stream capture (issue 35).
    /// A call broke a rule of stream capture ([`CaptureRule`](crate::CaptureRule) says
    /// which): the driver's `CUDA_ERROR_STREAM_CAPTURE_*` and `CUDA_ERROR_CAPTURED_EVENT`,
    /// which the simulator gives for the same calls. The same variant and rule on both
    /// backends; [`Error::cuda_error_name`] and [`Error::cuda_code`] give the driver's.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{CaptureMode, CaptureRule, Device, Error};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let builder = stream.begin_capture(CaptureMode::Global)?;
    /// let e = stream.synchronize().unwrap_err(); // a capturing stream runs nothing yet
    /// assert!(matches!(e, Error::StreamCapture { rule: CaptureRule::Unsupported, .. }));
    /// assert_eq!(e.cuda_error_name(), Some("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"));
    /// // The refusal invalidated the capture: it gives no graph.
    /// let e = builder.end().unwrap_err();
    /// assert!(matches!(e, Error::StreamCapture { rule: CaptureRule::Invalidated, .. }));
    /// # Ok(()) }
    /// ```
    StreamCapture {
        /// The rule.
        rule: crate::CaptureRule,
        /// What was refused, in words (on the driver: the call and the driver's text).
        detail: String,
    },
    // Device memory (issue 35).
    /// The device has no room for an allocation (`CUDA_ERROR_OUT_OF_MEMORY`): the same
    /// variant on both backends (the driver's code becomes it, as the simulator's full
    /// memory does). [`Error::cuda_error_name`] and [`Error::cuda_code`] give the driver's.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, Error};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let (free, _total) = ctx.mem_info()?;
    /// match ctx.alloc_zeroed::<u8>(free + 1) {
    ///     Err(Error::OutOfMemory { .. }) => {} // allocate less, or free some first
    ///     other => panic!("{:?}", other.map(|_| ())),
    /// }
    /// # Ok(()) }
    /// ```
    OutOfMemory {
        /// The bytes asked for, when the error knows them (the driver does not say).
        asked: Option<u64>,
        /// Why there is no room (on the driver: the call and the driver's text).
        detail: String,
    },
    // Graph update (issue 38).
    /// [`Graph::update`](crate::Graph::update) refused the graph
    /// (`CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE`, 910), for the reason `result` names (the
    /// driver's `CUgraphExecUpdateResult`, which the simulator gives for the same graphs);
    /// the executable graph is left as it was.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{CaptureMode, Device, Error, GraphUpdateResult};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = ctx.alloc_zeroed::<u32>(32)?;
    /// let capture = |memsets: usize| {
    ///     let builder = stream.begin_capture(CaptureMode::Relaxed)?;
    ///     for _ in 0..memsets {
    ///         buf.fill_async(1, &stream)?;
    ///     }
    ///     builder.end()
    /// };
    /// let graph = capture(1)?.instantiate()?;
    /// match graph.update(&capture(2)?) {
    ///     Err(Error::GraphUpdate { result: GraphUpdateResult::TopologyChanged, .. }) => {}
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok(()) }
    /// ```
    GraphUpdate {
        /// Why.
        result: crate::GraphUpdateResult,
        /// What was refused, in words.
        detail: String,
    },
}

mod capture_rule;
mod graph_update;

/// Why an executable graph refused another graph's parameters ([`Error::GraphUpdate`]).
pub use graph_update::GraphUpdateResult;

/// Which rule of stream capture a call broke ([`Error::StreamCapture`]).
pub use capture_rule::CaptureRule;

/// A failed device-side `assert()`: where and what, as the GPU prints it (the engine
/// makes it).
pub use cuda_library_engine::DeviceAssertion;

/// Which rule a launch's settings break ([`Error::InvalidLaunch`]; the engine checks the
/// rules, on the simulator and before a driver launch).
pub use cuda_library_engine::LaunchProblem;

use cuda_library_engine::error::{Fact, Shown, SHOWN_DETAIL_TEXT, SHOWN_DEVICE_TEXT};

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The `CUresult` name when this error came from the driver (`CUDA_ERROR_NOT_FOUND`, ...).
    pub fn cuda_error_name(&self) -> Option<&str> {
        match self {
            Error::Cuda(e) => Some(&e.name),
            Error::CooperativeLaunchTooLarge { .. } => {
                Some("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE")
            }
            Error::StreamCapture { rule, .. } => Some(rule.cuda_error_name()),
            Error::OutOfMemory { .. } => Some("CUDA_ERROR_OUT_OF_MEMORY"),
            Error::GraphUpdate { .. } => Some("CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE"),
            Error::LoadFailed(f) => Some(&f.error.name),
            _ => None,
        }
    }

    /// The raw `CUresult` when this error came from the driver.
    pub fn cuda_code(&self) -> Option<u32> {
        match self {
            Error::Cuda(e) => Some(e.code),
            Error::CooperativeLaunchTooLarge { .. } => Some(720),
            Error::StreamCapture { rule, .. } => Some(rule.cuda_code()),
            Error::OutOfMemory { .. } => Some(CudaError::OUT_OF_MEMORY),
            Error::GraphUpdate { .. } => Some(910),
            Error::LoadFailed(f) => Some(f.error.code),
            _ => None,
        }
    }

    /// What the user can do about this error, when there is something to say.
    pub fn hint(&self) -> Option<String> {
        let h = match self {
            Error::DriverNotFound { .. } => {
                "install the NVIDIA driver, or set CUDA_LIBRARY_DRIVER to the full path of libcuda.so.1 (nvcuda.dll on Windows)"
                    .to_string()
            }
            Error::DriverUnusable { .. } => {
                "check that the file is the NVIDIA driver library (libcuda.so.1) and that `nvidia-smi` works".to_string()
            }
            Error::DriverTooOld { .. } => {
                "update the NVIDIA driver to one that supports CUDA 12.0 or newer".to_string()
            }
            Error::MissingEntryPoint { needed, .. } => {
                format!("update the NVIDIA driver to CUDA {needed} or newer")
            }
            Error::NoDevice => "check `nvidia-smi` and CUDA_VISIBLE_DEVICES".to_string(),
            Error::InvalidDevice {
                count,
                simulated: true,
                ..
            } => format!(
                "use an ordinal below {count}, or present more simulated devices \
                 (CUDA_LIBRARY_SIM_DEVICES=n, or sim::set_device_count(n))"
            ),
            Error::InvalidDevice { count, .. } => {
                format!("use an ordinal below {count}")
            }
            Error::LoadFailed(f) if f.error.name == "CUDA_ERROR_NO_BINARY_FOR_GPU" => {
                "compile for this GPU's architecture (e.g. `ProgramOptions::arch`) or include PTX so the driver can JIT it".to_string()
            }
            Error::LoadFailed(f) if f.error.name == "CUDA_ERROR_UNSUPPORTED_PTX_VERSION" => {
                "the PTX is newer than the driver: compile with an NVRTC no newer than the driver, or update the driver".to_string()
            }
            Error::LoadFailed(_) => {
                "check that the bytes are a cubin, fatbin or NUL-terminated PTX built for this GPU".to_string()
            }
            Error::SymbolNotFound { kind, suggestions, .. } => {
                if suggestions.is_empty() {
                    // Kernels and functions are listed by `kernels()`, variables by
                    // `variable_names()` (a global asked for as managed is among them).
                    let list = match *kind {
                        "kernel" | "unified function" => "Library::kernels()",
                        _ => "Library::variable_names()",
                    };
                    format!("list the library's symbols (`{list}`) to see which {kind}s it has; C++ names are mangled unless declared `extern \"C\"`")
                } else {
                    let names: Vec<String> = suggestions
                        .iter()
                        .map(|n| shown(n, SHOWN_DEVICE_TEXT).to_string())
                        .collect();
                    format!("did you mean {}?", names.join(", "))
                }
            }
            Error::Unloaded { .. } => {
                "keep the Library loaded while its kernels and variables are in use".to_string()
            }
            Error::InvalidName(_) => "remove the NUL byte from the name".to_string(),
            Error::ArgumentCount { .. } | Error::ArgumentSize { .. } => {
                "pass one argument per kernel parameter, each of the parameter's size (`Kernel::param_info()` lists them)".to_string()
            }
            Error::NvrtcNotFound { .. } => {
                "`pip install nvidia-cuda-nvrtc-cu12` in the active Python environment or a .venv in this folder or one above it, install the CUDA toolkit, or set CUDA_LIBRARY_NVRTC to the full path of libnvrtc".to_string()
            }
            Error::Compile { .. } => "fix the source at the line the log names".to_string(),
            Error::Link { .. } => {
                "the log names the symbol and the input: a device function or variable used \
                 across files must be defined (`.visible`) in exactly one input, and C++ \
                 sources must be compiled relocatable (`-rdc=true`, or `-dlto` for LTO-IR)"
                    .to_string()
            }
            Error::LinkerNotFound { .. } => {
                "`pip install nvidia-nvjitlink-cu12` in the active Python environment or a .venv \
                 in this folder or one above it, install \
                 the CUDA toolkit, or set CUDA_LIBRARY_NVJITLINK to the full path of \
                 libnvJitLink; without them, link PTX inputs to PTX (`Linker::link(ImageKind::Ptx)`), \
                 which runs on the simulator and on the driver"
                    .to_string()
            }
            Error::KernelFault { detail, .. } if detail.starts_with("free(") => {
                "free only what device malloc returned, and each block once; keep the pointer malloc gave (not one moved past it)".to_string()
            }
            Error::KernelFault { .. } => {
                "check the kernel's indexing against the buffer sizes and the launch configuration".to_string()
            }
            Error::InstructionBudget { .. } => {
                "check the kernel's loop conditions and grid size, or raise the budget (Limits::launch_budget, or sim::set_launch_budget)".to_string()
            }
            Error::DeviceAssert { .. } => {
                "the assertion is the kernel's own check: look at the inputs of that thread; the library stays loaded and usable".to_string()
            }
            Error::Deadline { .. } => {
                "check the kernel's loop conditions and grid size, or lengthen Limits::launch_deadline".to_string()
            }
            Error::CooperativeLaunchTooLarge { .. } => {
                "launch at most Kernel::max_active_blocks_per_sm(block, shared) times the device's multiprocessor_count blocks (fewer threads, registers or shared memory per block raise it), or split the work into ordinary launches".to_string()
            }
            Error::LimitExceeded { limit, .. } => format!(
                "if the input is trusted, raise `Limits::{limit}` with cuda_library::set_limits(Limits {{ {limit}: .., ..cuda_library::limits() }})"
            ),
            Error::BackendUnavailable(_) => {
                "unset CUDA_LIBRARY_BACKEND or set it to `driver` or `auto`".to_string()
            }
            Error::ManagedInUse { .. } => {
                "the host and kernels take turns with managed memory: synchronize \
                 (ManagedBuffer::synchronize, or the stream's) before a host view, and drop \
                 host views before a launch"
                    .to_string()
            }
            Error::InvalidLaunch { .. } => launch_hint(self),
            Error::StreamCapture { rule, .. } => rule.advice().to_string(),
            Error::GraphUpdate { result, .. } => result.advice().to_string(),
            Error::OutOfMemory { .. } => {
                "free device memory no longer needed (drop buffers, unload libraries, trim \
                 memory pools with MemPool::trim_to) or allocate less; Context::mem_info says \
                 how much is free"
                    .to_string()
            }
            Error::InvalidImage { .. } => {
                "pass the whole image as the compiler wrote it (a cubin, a fatbin or PTX text); \
                 a truncated or corrupted file reads this way"
                    .to_string()
            }
            Error::MixedBackends { .. } => {
                "make every handle of the call on one backend: handles made before \
                 `use_backend` chose another, or from a context of the other backend, cannot \
                 be mixed"
                    .to_string()
            }
            Error::IpcOnSimulator { .. } => {
                "run both processes on a CUDA GPU (CUDA_LIBRARY_BACKEND=driver), or share the \
                 data through host memory (copy it out with `to_vec`, send the bytes, copy \
                 them in with `DeviceBuffer::from_slice`)"
                    .to_string()
            }
            Error::IpcHandle(_) => {
                "pass the bytes `to_bytes` gave in the exporting process, unchanged and whole, \
                 to the `from_bytes` of the same handle type"
                    .to_string()
            }
            _ => return None,
        };
        Some(h)
    }
}

/// A device or file string, on one line, cut past `max` bytes.
fn shown(text: &str, max: usize) -> Shown<'_> {
    Shown::line(text, max)
}

/// A log: its lines kept, other controls escaped, never cut.
fn log(text: &str) -> Shown<'_> {
    Shown::log(text)
}

/// What to change for a launch a rule refused.
fn launch_hint(e: &Error) -> String {
    let Error::InvalidLaunch { problem, .. } = e else {
        return String::new();
    };
    match problem {
        LaunchProblem::TooManyThreads { .. } => {
            "launch fewer threads per block (Kernel::max_potential_block_size suggests a size)"
        }
        LaunchProblem::ClusterDoesNotTile { .. } | LaunchProblem::ClusterTooLarge { .. } => {
            "choose a cluster whose dimensions divide the grid's, within the cluster size the \
             kernel allows"
        }
        LaunchProblem::DynamicSharedMemory { .. } | LaunchProblem::SharedMemory { .. } => {
            "ask for less shared memory per block, or raise the kernel's limit where it has one"
        }
        _ => "change the LaunchConfig to what the kernel and the device allow",
    }
    .to_string()
}

fn write_attempts(f: &mut fmt::Formatter<'_>, tried: &[LoadAttempt]) -> fmt::Result {
    for t in tried {
        write!(
            f,
            "\n  - {}: {}",
            shown(&t.candidate, SHOWN_DETAIL_TEXT),
            log(&t.reason)
        )?;
    }
    Ok(())
}

impl fmt::Display for CudaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} failed: {} ({})",
            self.function, self.name, self.description
        )
    }
}

impl fmt::Display for LoadFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loading {} as a library failed: {}",
            shown(&self.source_desc, SHOWN_DETAIL_TEXT),
            self.error
        )?;
        if !self.jit_error_log.trim().is_empty() {
            write!(
                f,
                "\nJIT error log:\n{}",
                log(self.jit_error_log.trim_end())
            )?;
        }
        if !self.jit_info_log.trim().is_empty() {
            write!(f, "\nJIT info log:\n{}", log(self.jit_info_log.trim_end()))?;
        }
        Ok(())
    }
}

impl fmt::Display for Error {
    /// The message (from the variant's own fields only), then the [`hint`](Error::hint).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(f)?;
        if let Some(h) = self.hint() {
            write!(f, "\nhint: {h}")?;
        }
        Ok(())
    }
}

/// A name from a kernel (a kernel's, a symbol's) as a message shows it.
fn device(text: &str) -> Shown<'_> {
    Shown::device(text)
}

/// A detail built from device or file content as a message shows it.
fn detail(text: &str) -> Shown<'_> {
    Shown::detail(text)
}

impl Error {
    /// What failed, in words: a fact the engine states too in the engine's words
    /// ([`Error::fact`]); the errors of finding CUDA, loading and using the API here;
    /// building code in `write_build_or_run_message`.
    fn write_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(fact) = self.fact() {
            return write!(f, "{fact}");
        }
        match self {
            Error::DriverNotFound { tried } => {
                write!(f, "the CUDA driver library could not be opened; tried:")?;
                write_attempts(f, tried)
            }
            Error::DriverUnusable { path, reason } => {
                write!(f, "the CUDA driver at {path} cannot be used: {reason}")
            }
            Error::DriverTooOld { found, needed } => write!(
                f,
                "the CUDA driver supports CUDA {found}, but cuda-library needs CUDA {needed} \
                 or newer"
            ),
            Error::MissingEntryPoint {
                function,
                driver,
                needed,
            } => write!(
                f,
                "{function} is not available: the driver supports CUDA {driver} and \
                 {function} needs CUDA {needed}"
            ),
            Error::NoDevice => write!(f, "the CUDA driver loaded but reports no CUDA device"),
            Error::InvalidDevice {
                ordinal,
                count,
                simulated: true,
            } => write!(
                f,
                "there is no simulated device {ordinal}: the simulator presents {count} device(s)"
            ),
            Error::InvalidDevice {
                ordinal,
                count,
                simulated: false,
            } => write!(
                f,
                "there is no CUDA device {ordinal}: there are {count} device(s)"
            ),
            Error::Cuda(e) => write!(f, "{e}"),
            Error::LoadFailed(l) => write!(f, "{l}"),
            Error::Unloaded { what } => write!(
                f,
                "{} was used after its library was unloaded",
                detail(what)
            ),
            Error::InvalidName(name) => write!(f, "the name {name:?} contains a NUL byte"),
            Error::SizeMismatch {
                what,
                expected,
                got,
            } => write!(
                f,
                "{} is {expected} byte(s) but the access is {got} byte(s)",
                detail(what)
            ),
            Error::BackendUnavailable(msg) => write!(f, "{}", detail(msg)),
            Error::InvalidImage {
                kind: Some(kind),
                detail: what,
            } => write!(f, "the image is not a valid {kind}: {}", detail(what)),
            Error::InvalidImage {
                kind: None,
                detail: what,
            } => write!(f, "{}", detail(what)),
            Error::Io { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Error::ManagedInUse { what, reason } => write!(f, "{what} was refused: {reason}"),
            Error::MixedBackends { what } => write!(
                f,
                "{what} belong to different backends (driver and simulator)"
            ),
            Error::IpcOnSimulator { what } => write!(
                f,
                "{what} cannot be shared between processes on the simulator: simulated device \
                 memory and events live inside one process, and no other process can map them"
            ),
            Error::IpcHandle(msg) => write!(f, "not an IPC handle: {}", detail(msg)),
            Error::HostFunctionPanicked { message } => write!(
                f,
                "a host function panicked: {}; the panic was caught (it may not unwind into \
                 the driver): fix the closure, the graph can be launched again",
                detail(message)
            ),
            Error::InvalidTensorMap { rule, detail } => {
                write!(f, "invalid tensor map ({rule}): {detail}")
            }
            Error::StreamCapture { detail, .. } => f.write_str(detail),
            Error::GraphUpdate { result, detail } => write!(
                f,
                "the executable graph cannot take this graph's parameters ({result}): {detail}"
            ),
            _ => self.write_build_or_run_message(f),
        }
    }

    /// What failed, for the errors of building code (compiling, linking); those of parsing
    /// PTX and running it are the engine's facts ([`Error::fact`]).
    fn write_build_or_run_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NvrtcNotFound { tried } => {
                write!(f, "the NVRTC library could not be opened; tried:")?;
                write_attempts(f, tried)
            }
            Error::Nvrtc { function, message } => write!(f, "{function} failed: {}", log(message)),
            Error::Compile {
                compiler,
                program,
                options,
                log,
            } => write!(
                f,
                "{} could not compile `{}` (options: {}):\n{}",
                detail(compiler),
                device(program),
                detail(&options.join(" ")),
                self::log(log.trim_end())
            ),
            Error::Link {
                linker,
                inputs,
                log,
            } => write!(
                f,
                "linking {} with {} failed:\n{}",
                detail(&inputs.join(", ")),
                detail(linker),
                self::log(log.trim_end())
            ),
            Error::LinkerNotFound { needs, tried } => {
                write!(
                    f,
                    "{}, and nvJitLink could not be opened; tried:",
                    detail(needs)
                )?;
                write_attempts(f, tried)
            }
            // `write_message` writes every other variant and sends only these here; should
            // that change, the variant's fields rather than nothing.
            _ => write!(f, "{self:?}"),
        }
    }
}

impl Error {
    /// The fact this error states when it is one the engine states too, borrowed: written
    /// by the engine's one `Display` for it ([`Fact`]), so both errors read the same. The
    /// variants the engine shares map as the engine's own do (the one list of them,
    /// `cuda_library_engine::fact_of!`).
    fn fact(&self) -> Option<Fact<'_>> {
        Some(cuda_library_engine::fact_of!(self, Error, _ => return None))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A driver error as this crate gives it: a capture rule's code as
/// [`Error::StreamCapture`] and `CUDA_ERROR_OUT_OF_MEMORY` as [`Error::OutOfMemory`] (the
/// variants the simulator gives for the same calls), any other as [`Error::Cuda`].
impl From<CudaError> for Error {
    fn from(e: CudaError) -> Self {
        if e.code == CudaError::OUT_OF_MEMORY {
            return Error::OutOfMemory {
                asked: None,
                detail: e.to_string(),
            };
        }
        match crate::CaptureRule::from_cuda_code(e.code) {
            Some(rule) => Error::StreamCapture {
                rule,
                detail: e.to_string(),
            },
            None => Error::Cuda(e),
        }
    }
}

/// The engine's errors are this crate's variants of the same name and fields: a message
/// is the engine's, with this crate's hint after it.
impl From<cuda_library_engine::Error> for Error {
    fn from(e: cuda_library_engine::Error) -> Self {
        use cuda_library_engine::Error as E;
        match e {
            E::SymbolNotFound {
                kind,
                name,
                suggestions,
            } => Error::SymbolNotFound {
                kind,
                name,
                suggestions,
            },
            E::ArgumentCount {
                kernel,
                expected,
                got,
            } => Error::ArgumentCount {
                kernel,
                expected,
                got,
            },
            E::ArgumentSize {
                kernel,
                index,
                expected,
                got,
            } => Error::ArgumentSize {
                kernel,
                index,
                expected,
                got,
            },
            E::InvalidArgument(message) => Error::InvalidArgument(message),
            E::KernelFault {
                kernel,
                block,
                thread,
                line,
                detail,
            } => Error::KernelFault {
                kernel,
                block,
                thread,
                line,
                detail,
            },
            E::InstructionBudget {
                kernel,
                budget,
                line,
            } => Error::InstructionBudget {
                kernel,
                budget,
                line,
            },
            E::DeviceAssert(assertion) => Error::DeviceAssert(assertion),
            E::CooperativeLaunchTooLarge {
                kernel,
                blocks,
                per_sm,
                multiprocessors,
            } => Error::CooperativeLaunchTooLarge {
                kernel,
                blocks,
                per_sm,
                multiprocessors,
            },
            E::Deadline {
                kernel,
                deadline,
                line,
            } => Error::Deadline {
                kernel,
                deadline,
                line,
            },
            E::LimitExceeded {
                what,
                asked,
                limit,
                value,
            } => Error::LimitExceeded {
                what,
                asked,
                limit,
                value,
            },
            E::PtxSyntax {
                line,
                column,
                message,
            } => Error::PtxSyntax {
                line,
                column,
                message,
            },
            E::Unsupported(message) => Error::Unsupported(message),
            E::InvalidLaunch { kernel, problem } => Error::InvalidLaunch { kernel, problem },
            E::OutOfMemory { asked, detail } => Error::OutOfMemory { asked, detail },
            // A variant added to the engine and not yet here: its message, as it reads.
            other => Error::Unsupported(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{DeviceAssertion, Error, SHOWN_DEVICE_TEXT};

    #[test]
    fn device_and_file_text_is_escaped_and_cut() {
        let long = "x".repeat(64 << 10);
        let e = Error::DeviceAssert(Box::new(DeviceAssertion {
            kernel: "k\u{1b}[2J".into(),
            block: [0; 3],
            thread: [1, 0, 0],
            expression: format!("a\u{7}\r\n{long}"),
            file: long.clone(),
            source_line: 3,
            function: "f\u{202e}g".into(),
        }));
        let text = e.to_string();
        assert!(
            !text.contains(['\u{1b}', '\u{7}', '\r', '\u{202e}']),
            "{text}"
        );
        assert!(
            text.contains("k\\u{1b}[2J") && text.contains("a\\u{7}\\r\\n"),
            "{text}"
        );
        assert!(text.contains("more bytes not shown"), "{text}");
        assert!(
            text.len() < 4 * SHOWN_DEVICE_TEXT + 1000,
            "{} bytes",
            text.len()
        );
        // The only line break is the hint's.
        assert_eq!(text.lines().count(), 2, "{text}");
        let fault = Error::KernelFault {
            kernel: "k".into(),
            block: [0; 3],
            thread: [0; 3],
            line: 1,
            detail: "free(0x10): not an address device malloc returned (or freed twice)".into(),
        };
        let text = fault.to_string();
        assert!(
            text.contains("free only what device malloc returned") && !text.contains("indexing")
        );
        // A compiler's log keeps its lines.
        let log = Error::Compile {
            compiler: "NVRTC".into(),
            program: "p.cu".into(),
            options: vec![],
            log: "line 1\n\tline 2\u{1b}".into(),
        };
        assert!(log.to_string().contains("line 1\n\tline 2\\u{1b}"));
    }

    /// An error the engine raises reads the same once it is this crate's: the engine's
    /// message, then this crate's hint (each variant, with text to escape and cut).
    #[test]
    fn engine_errors_keep_their_messages() {
        use cuda_library_engine::Error as E;
        let odd = format!("x\u{1b}\n{}", "y".repeat(8 << 10));
        let errors = [
            E::SymbolNotFound {
                kind: "kernel",
                name: odd.clone(),
                suggestions: vec!["k2".into()],
            },
            E::ArgumentCount {
                kernel: odd.clone(),
                expected: 2,
                got: 1,
            },
            E::ArgumentSize {
                kernel: "k".into(),
                index: 1,
                expected: 8,
                got: 4,
            },
            E::InvalidArgument(odd.clone()),
            E::KernelFault {
                kernel: odd.clone(),
                block: [1, 2, 3],
                thread: [4, 5, 6],
                line: 7,
                detail: odd.clone(),
            },
            E::InstructionBudget {
                kernel: "k".into(),
                budget: 10,
                line: 3,
            },
            E::DeviceAssert(Box::new(DeviceAssertion {
                kernel: "k".into(),
                block: [0; 3],
                thread: [0; 3],
                expression: odd.clone(),
                file: "k.cu".into(),
                source_line: 1,
                function: "void k()".into(),
            })),
            E::CooperativeLaunchTooLarge {
                kernel: odd.clone(),
                blocks: 300,
                per_sm: 2,
                multiprocessors: 132,
            },
            E::Deadline {
                kernel: "k".into(),
                deadline: std::time::Duration::from_millis(5),
                line: 9,
            },
            E::LimitExceeded {
                what: odd.clone(),
                asked: 10,
                limit: "launch_budget".into(),
                value: 5,
            },
            E::PtxSyntax {
                line: 3,
                column: 7,
                message: odd.clone(),
            },
            E::Unsupported(odd.clone()),
            E::OutOfMemory {
                asked: Some(1 << 40),
                detail: odd.clone(),
            },
            E::InvalidLaunch {
                kernel: Some(odd.clone()),
                problem: cuda_library_engine::LaunchProblem::SharedMemory {
                    asked: 300_000,
                    most: 232_448,
                },
            },
        ];
        for e in errors {
            let engine = e.to_string();
            let ours = Error::from(e).to_string();
            let message = ours.split("\nhint: ").next().unwrap_or_default();
            assert_eq!(message, engine);
        }
    }

    /// A message comes from the error's own fields: which backend's devices an
    /// `InvalidDevice` speaks of is in the error, not read from the process when it prints.
    #[test]
    fn a_message_is_the_errors_own() {
        let device = |simulated| Error::InvalidDevice {
            ordinal: 2,
            count: 1,
            simulated,
        };
        let (sim, gpu) = (device(true).to_string(), device(false).to_string());
        assert!(sim.starts_with("there is no simulated device 2") && sim.contains("sim::"));
        assert!(gpu.starts_with("there is no CUDA device 2") && !gpu.contains("simulat"));
        // Each group of messages is written by its own function; none falls through to the
        // Debug form.
        let errors = [
            Error::NoDevice,
            Error::Unsupported("a texture of f16".into()),
            Error::PtxSyntax {
                line: 3,
                column: 7,
                message: "expected `;`".into(),
            },
            Error::Deadline {
                kernel: "spin".into(),
                deadline: std::time::Duration::from_millis(5),
                line: 9,
            },
            Error::NvrtcNotFound { tried: vec![] },
            Error::MixedBackends {
                what: "the kernel and the stream",
            },
        ];
        for e in errors {
            let text = e.to_string();
            assert!(!text.starts_with(&format!("{e:?}")), "{text}");
        }
    }

    /// Handles of two backends in one call are a typed error a caller can match, which
    /// names the handles and says what to do.
    #[test]
    fn mixed_backends_name_the_handles_and_the_way_out() {
        let e = Error::MixedBackends {
            what: "the event and the stream",
        };
        let text = e.to_string();
        assert!(
            text.starts_with("the event and the stream belong to different backends"),
            "{text}"
        );
        assert!(
            text.contains("hint: ") && text.contains("one backend"),
            "{text}"
        );
    }
}
