//! The engine's error type: what can go wrong reading PTX, placing its variables and
//! running a kernel.
//!
//! `cuda-library` turns each variant into its own `Error`'s variant of the same name and
//! fields, which adds a hint for the user of the library API. Each fact both errors state
//! is written once, here ([`Fact`]'s `Display`): the engine's error shows it, and so does
//! `cuda-library`'s, before its hint.

use std::fmt;

/// Everything that can go wrong in the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A kernel, global or managed variable was not found in a module.
    SymbolNotFound {
        /// `kernel`, `global`, `managed variable` or `unified function`.
        kind: &'static str,
        /// The name asked for.
        name: String,
        /// Names that do exist and look close, when they could be listed.
        suggestions: Vec<String>,
    },
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
    /// An address or a value that cannot be used (a launch's settings are
    /// [`InvalidLaunch`](Error::InvalidLaunch)).
    InvalidArgument(String),
    /// A kernel touched memory it may not (the simulator's `CUDA_ERROR_ILLEGAL_ADDRESS`) or
    /// did something else a GPU would fault on.
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
    /// A kernel ran past its instruction budget (a runaway loop).
    InstructionBudget {
        /// The kernel.
        kernel: String,
        /// The budget in thread-instructions.
        budget: u64,
        /// PTX line where it stopped.
        line: u32,
    },
    /// A kernel failed a device-side `assert()` (`cudaErrorAssert` on a GPU).
    DeviceAssert(Box<DeviceAssertion>),
    /// A cooperative launch asked for more blocks than the SMs it may use hold at once
    /// (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`). `cuda-library` decides it with a
    /// launch's settings, before the engine; the fact is stated here, where both errors'
    /// messages are written.
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
    /// A launch ran past its wall-clock deadline ([`Limits::launch_deadline`](crate::Limits::launch_deadline)).
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
    /// Something the engine does not implement (an instruction, a form of one), named with
    /// its PTX line: never a silent wrong answer.
    Unsupported(String),
    /// A launch's settings break a rule of CUDA, the device or the kernel
    /// ([`LaunchProblem`] says which, with the numbers).
    InvalidLaunch {
        /// The kernel, when the rule is the kernel's (or the launch names one).
        kernel: Option<String>,
        /// The rule broken.
        problem: LaunchProblem,
    },
    /// The device has no room for an allocation (`CUDA_ERROR_OUT_OF_MEMORY`).
    OutOfMemory {
        /// The bytes asked for, when the error knows them (the driver does not say).
        asked: Option<u64>,
        /// Why there is no room, in words.
        detail: String,
    },
}

/// Which rule a launch's settings break, with the numbers: what a caller matches on to
/// change the launch (a smaller block, another cluster shape, less shared memory).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LaunchProblem {
    /// A grid, block or cluster dimension is zero.
    ZeroDimension {
        /// `grid`, `block` or `cluster`.
        what: &'static str,
        /// The dimensions given.
        dims: [u32; 3],
    },
    /// More threads per block than CUDA allows (1,024) or the kernel can run.
    TooManyThreads {
        /// Threads per block asked for.
        threads: u64,
        /// The most allowed.
        most: u32,
        /// Whether the limit is the kernel's (`.maxntid`, its registers) rather than CUDA's.
        kernel_limit: bool,
    },
    /// The cluster does not tile the grid: each grid dimension must be a multiple of the
    /// cluster's.
    ClusterDoesNotTile {
        /// The grid, in blocks.
        grid: [u32; 3],
        /// The cluster, in blocks.
        cluster: [u32; 3],
    },
    /// More blocks in a cluster than allowed: 16 on the simulated device (sm_90), 8 unless
    /// the kernel allows non-portable cluster sizes.
    ClusterTooLarge {
        /// The cluster, in blocks.
        cluster: [u32; 3],
        /// The most blocks allowed.
        most: u64,
        /// Whether the kernel's attribute (`NonPortableClusterSizeAllowed`) would raise the
        /// limit.
        portable_limit: bool,
    },
    /// The cluster differs from the shape the kernel requires
    /// (`cuKernelSetAttribute`'s required cluster dimensions) or declares
    /// (`.reqnctapercluster`, `__cluster_dims__`).
    ClusterMismatch {
        /// The shape the kernel requires.
        required: [u32; 3],
        /// The shape the launch asks for.
        asked: [u32; 3],
        /// Whether the kernel's code declares it (rather than an attribute set on it).
        declared: bool,
    },
    /// More dynamic shared memory than the kernel's `MaxDynamicSharedSizeBytes` allows.
    DynamicSharedMemory {
        /// Bytes asked for.
        asked: u32,
        /// Bytes allowed.
        most: u32,
    },
    /// More shared memory per block (static and dynamic) than the device has.
    SharedMemory {
        /// Bytes a block needs.
        asked: u64,
        /// Bytes the device has per block.
        most: u64,
    },
    /// More local memory per thread than the device allows.
    LocalMemory {
        /// Bytes a thread needs.
        asked: u64,
        /// Bytes the device allows.
        most: u64,
    },
    /// Fewer bytes of parameters than the kernel takes.
    ParameterBytes {
        /// Bytes the kernel's parameters take.
        expected: usize,
        /// Bytes given.
        got: usize,
    },
}

/// `Result` with the engine's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A failed device-side `assert()`: where and what, as the GPU prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DeviceAssertion {
    /// The kernel.
    pub kernel: String,
    /// Block index of the first thread that failed.
    pub block: [u32; 3],
    /// Its thread index.
    pub thread: [u32; 3],
    /// The asserted expression, as written in the source.
    pub expression: String,
    /// The source file.
    pub file: String,
    /// The line in the source file.
    pub source_line: u32,
    /// The function, as the compiler names it (`void k(int*, int)`).
    pub function: String,
}

/// Bytes of one device string (an assert's expression, file or function, a kernel's name)
/// a message shows.
pub const SHOWN_DEVICE_TEXT: usize = 1024;
/// Bytes of a detail built from device or file content (a fault, an unsupported
/// construct, a syntax error) a message shows.
pub const SHOWN_DETAIL_TEXT: usize = 4096;

/// Text from a kernel, a file or a tool in a message: control characters (and the Unicode
/// controls that reorder text on a terminal) escaped, so printing an error cannot move the
/// cursor, ring the bell or overwrite the line; past its bound cut, with a note. What both
/// the engine's and `cuda-library`'s messages show such text with.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    text: &'a str,
    max: usize,
    /// Keeps newlines and tabs (a compiler's log), escaping the rest.
    lines: bool,
}

impl<'a> Shown<'a> {
    /// `text` on one line, cut past `max` bytes.
    pub fn line(text: &'a str, max: usize) -> Shown<'a> {
        Shown {
            text,
            max,
            lines: false,
        }
    }

    /// A name from a kernel (a kernel's, a symbol's): one line, cut past
    /// [`SHOWN_DEVICE_TEXT`] bytes.
    pub fn device(text: &'a str) -> Shown<'a> {
        Shown::line(text, SHOWN_DEVICE_TEXT)
    }

    /// A detail built from device or file content: one line, cut past
    /// [`SHOWN_DETAIL_TEXT`] bytes.
    pub fn detail(text: &'a str) -> Shown<'a> {
        Shown::line(text, SHOWN_DETAIL_TEXT)
    }

    /// A log: its lines kept, other controls escaped, never cut.
    pub fn log(text: &'a str) -> Shown<'a> {
        Shown {
            text,
            max: usize::MAX,
            lines: true,
        }
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for (i, c) in self.text.char_indices() {
            if i >= self.max {
                let rest = self.text.len() - i;
                return write!(f, "... [{rest} more bytes not shown]");
            }
            let reorders = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
            if (c.is_control() && !(self.lines && matches!(c, '\n' | '\t'))) || reorders {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

use Shown as S;

/// A name from a kernel as a message shows it.
fn device(text: &str) -> Shown<'_> {
    S::device(text)
}

/// A detail built from device or file content as a message shows it.
fn detail(text: &str) -> Shown<'_> {
    S::detail(text)
}

impl fmt::Display for DeviceAssertion {
    /// As the GPU prints it, then which kernel and what happened to the launch.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ([bx, by, bz], [tx, ty, tz]) = (self.block, self.thread);
        write!(
            f,
            "{}:{}: {}: block: [{bx},{by},{bz}], thread: [{tx},{ty},{tz}] Assertion `{}` failed \
             (device-side assert in kernel `{}`; the launch ended)",
            device(&self.file),
            self.source_line,
            device(&self.function),
            device(&self.expression),
            device(&self.kernel)
        )
    }
}

/// One fact an error states, borrowed from the error's fields: what the engine's [`Error`]
/// and `cuda-library`'s write for the variants they share, so each message is written once
/// (`cuda-library` adds its hint after it).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Fact<'a> {
    /// [`Error::SymbolNotFound`].
    SymbolNotFound {
        /// `kernel`, `global`, ...
        kind: &'a str,
        /// The name asked for.
        name: &'a str,
    },
    /// [`Error::ArgumentCount`].
    ArgumentCount {
        /// The kernel.
        kernel: &'a str,
        /// Parameters.
        expected: usize,
        /// Arguments.
        got: usize,
    },
    /// [`Error::ArgumentSize`].
    ArgumentSize {
        /// The kernel.
        kernel: &'a str,
        /// Zero-based parameter index.
        index: usize,
        /// The parameter's size.
        expected: usize,
        /// The argument's size.
        got: usize,
    },
    /// A message made of text alone ([`Error::InvalidArgument`], [`Error::Unsupported`]).
    Text(&'a str),
    /// [`Error::KernelFault`].
    KernelFault {
        /// The kernel.
        kernel: &'a str,
        /// Block index.
        block: [u32; 3],
        /// Thread index.
        thread: [u32; 3],
        /// PTX line.
        line: u32,
        /// What happened.
        detail: &'a str,
    },
    /// [`Error::InstructionBudget`].
    InstructionBudget {
        /// The kernel.
        kernel: &'a str,
        /// The budget.
        budget: u64,
        /// PTX line.
        line: u32,
    },
    /// [`Error::DeviceAssert`].
    DeviceAssert(&'a DeviceAssertion),
    /// [`Error::CooperativeLaunchTooLarge`].
    CooperativeLaunchTooLarge {
        /// The kernel.
        kernel: &'a str,
        /// Blocks in the grid.
        blocks: u64,
        /// Blocks per multiprocessor.
        per_sm: u32,
        /// Multiprocessors.
        multiprocessors: u32,
    },
    /// [`Error::Deadline`].
    Deadline {
        /// The kernel.
        kernel: &'a str,
        /// The deadline.
        deadline: std::time::Duration,
        /// PTX line.
        line: u32,
    },
    /// [`Error::LimitExceeded`].
    LimitExceeded {
        /// What asked.
        what: &'a str,
        /// Bytes needed.
        asked: u64,
        /// The `Limits` field.
        limit: &'a str,
        /// Its value.
        value: u64,
    },
    /// [`Error::PtxSyntax`].
    PtxSyntax {
        /// Line.
        line: u32,
        /// Column.
        column: u32,
        /// What is wrong.
        message: &'a str,
    },
    /// [`Error::InvalidLaunch`].
    InvalidLaunch {
        /// The kernel, if named.
        kernel: Option<&'a str>,
        /// The rule broken.
        problem: &'a LaunchProblem,
    },
    /// [`Error::OutOfMemory`].
    OutOfMemory {
        /// Bytes asked for, when known.
        asked: Option<u64>,
        /// Why there is no room.
        detail: &'a str,
    },
}

impl Error {
    /// The fact this error states, borrowed (what its `Display` writes).
    pub fn fact(&self) -> Fact<'_> {
        crate::fact_of!(self, Error)
    }
}

/// The one mapping of an error onto the [`Fact`] it states. The engine's [`Error`] and
/// `cuda-library`'s `Error` have these variants with the same names and fields, so one list
/// of arms serves both: the engine's [`Error::fact`] and, at the crate boundary,
/// `cuda-library`'s, which adds an arm for the variants only it has
/// (`fact_of!(self, Error, _ => return None)`). `$Error` names the enum as it is in scope
/// where the macro is invoked. Not for use outside these two crates.
#[doc(hidden)]
#[macro_export]
macro_rules! fact_of {
    ($error:expr, $Error:ident $(, $rest:pat => $other:expr)?) => {
        match $error {
            $Error::SymbolNotFound { kind, name, .. } => {
                $crate::error::Fact::SymbolNotFound { kind, name }
            }
            $Error::ArgumentCount {
                kernel,
                expected,
                got,
            } => $crate::error::Fact::ArgumentCount {
                kernel,
                expected: *expected,
                got: *got,
            },
            $Error::ArgumentSize {
                kernel,
                index,
                expected,
                got,
            } => $crate::error::Fact::ArgumentSize {
                kernel,
                index: *index,
                expected: *expected,
                got: *got,
            },
            $Error::InvalidArgument(text) | $Error::Unsupported(text) => {
                $crate::error::Fact::Text(text)
            }
            $Error::KernelFault {
                kernel,
                block,
                thread,
                line,
                detail,
            } => $crate::error::Fact::KernelFault {
                kernel,
                block: *block,
                thread: *thread,
                line: *line,
                detail,
            },
            $Error::InstructionBudget {
                kernel,
                budget,
                line,
            } => $crate::error::Fact::InstructionBudget {
                kernel,
                budget: *budget,
                line: *line,
            },
            $Error::DeviceAssert(a) => $crate::error::Fact::DeviceAssert(a),
            $Error::CooperativeLaunchTooLarge {
                kernel,
                blocks,
                per_sm,
                multiprocessors,
            } => $crate::error::Fact::CooperativeLaunchTooLarge {
                kernel,
                blocks: *blocks,
                per_sm: *per_sm,
                multiprocessors: *multiprocessors,
            },
            $Error::Deadline {
                kernel,
                deadline,
                line,
            } => $crate::error::Fact::Deadline {
                kernel,
                deadline: *deadline,
                line: *line,
            },
            $Error::LimitExceeded {
                what,
                asked,
                limit,
                value,
            } => $crate::error::Fact::LimitExceeded {
                what,
                asked: *asked,
                limit,
                value: *value,
            },
            $Error::PtxSyntax {
                line,
                column,
                message,
            } => $crate::error::Fact::PtxSyntax {
                line: *line,
                column: *column,
                message,
            },
            $Error::InvalidLaunch { kernel, problem } => $crate::error::Fact::InvalidLaunch {
                kernel: kernel.as_deref(),
                problem,
            },
            $Error::OutOfMemory { asked, detail } => $crate::error::Fact::OutOfMemory {
                asked: *asked,
                detail,
            },
            $($rest => $other,)?
        }
    };
}

impl fmt::Display for Fact<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fact::SymbolNotFound { kind, name } => {
                write!(f, "the library has no {kind} named `{}`", device(name))
            }
            Fact::ArgumentCount {
                kernel,
                expected,
                got,
            } => write!(
                f,
                "kernel `{}` takes {expected} argument(s) but {got} were given",
                device(kernel)
            ),
            Fact::ArgumentSize {
                kernel,
                index,
                expected,
                got,
            } => write!(
                f,
                "argument {index} of kernel `{}` is {got} byte(s) but the parameter is \
                 {expected} byte(s)",
                device(kernel)
            ),
            Fact::Text(msg) => write!(f, "{}", detail(msg)),
            Fact::KernelFault {
                kernel,
                block: [bx, by, bz],
                thread: [tx, ty, tz],
                line,
                detail: what,
            } => write!(
                f,
                "kernel `{}` faulted in block ({bx}, {by}, {bz}), thread ({tx}, {ty}, {tz}) at \
                 PTX line {line}: {}",
                device(kernel),
                detail(what)
            ),
            Fact::InstructionBudget {
                kernel,
                budget,
                line,
            } => write!(
                f,
                "kernel `{}` ran past the simulator's work budget of {budget} \
                 thread-instructions (each block's set-up counts too; stopped at PTX line \
                 {line}): it may loop forever or run a grid too large to simulate",
                device(kernel)
            ),
            Fact::DeviceAssert(a) => write!(f, "{a}"),
            Fact::CooperativeLaunchTooLarge {
                kernel,
                blocks,
                per_sm,
                multiprocessors,
            } => write!(
                f,
                "kernel `{}`: a cooperative launch of {blocks} blocks, but the SMs it may use \
                 hold at most {} of them at once ({per_sm} per multiprocessor x \
                 {multiprocessors} multiprocessors: the device's, or a green context's) \
                 (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE)",
                device(kernel),
                u64::from(per_sm) * u64::from(multiprocessors)
            ),
            Fact::Deadline {
                kernel,
                deadline,
                line,
            } => write!(
                f,
                "kernel `{}` ran past its deadline of {deadline:?} on the simulator (stopped at \
                 PTX line {line})",
                device(kernel)
            ),
            Fact::LimitExceeded {
                what,
                asked,
                limit,
                value,
            } => write!(
                f,
                "{} needs {asked} bytes, more than the limit Limits::{limit} ({value} bytes)",
                detail(what)
            ),
            Fact::PtxSyntax {
                line,
                column,
                message,
            } => write!(
                f,
                "PTX error at line {line}, column {column}: {}",
                detail(message)
            ),
            Fact::InvalidLaunch { kernel, problem } => {
                if let Some(kernel) = kernel {
                    write!(f, "kernel `{}`: ", device(kernel))?;
                }
                write!(f, "{problem}")
            }
            Fact::OutOfMemory { asked, detail } => match asked {
                Some(bytes) => write!(f, "out of device memory: {bytes} bytes asked, {detail}"),
                None => write!(f, "out of device memory: {detail}"),
            },
        }
    }
}

impl fmt::Display for LaunchProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = |[x, y, z]: [u32; 3]| format!("({x}, {y}, {z})");
        match *self {
            LaunchProblem::ZeroDimension { what, dims } => {
                write!(f, "{what} dimensions {} contain a zero", d(dims))
            }
            LaunchProblem::TooManyThreads {
                threads,
                most,
                kernel_limit: false,
            } => write!(
                f,
                "a block of {threads} threads exceeds the CUDA limit of {most} threads per block"
            ),
            LaunchProblem::TooManyThreads {
                threads,
                most,
                kernel_limit: true,
            } => write!(
                f,
                "cannot run {threads} threads per block (at most {most}, as the kernel was \
                 compiled: .maxntid or its registers)"
            ),
            LaunchProblem::ClusterDoesNotTile { grid, cluster } => write!(
                f,
                "grid {} is not a multiple of cluster {}: clusters must tile the grid",
                d(grid),
                d(cluster)
            ),
            LaunchProblem::ClusterTooLarge {
                cluster,
                most,
                portable_limit,
            } => {
                let blocks = cluster.iter().map(|&c| u64::from(c)).product::<u64>();
                write!(
                    f,
                    "a cluster of {blocks} blocks {}; at most {most}{} \
                     (CUDA_ERROR_INVALID_CLUSTER_SIZE on the driver)",
                    d(cluster),
                    if portable_limit {
                        " unless the kernel allows non-portable cluster sizes \
                         (KernelAttribute::NonPortableClusterSizeAllowed)"
                    } else {
                        ""
                    }
                )
            }
            LaunchProblem::ClusterMismatch {
                required,
                asked,
                declared: false,
            } => write!(
                f,
                "requires clusters of {required:?} blocks, not {asked:?} \
                 (CUDA_ERROR_INVALID_CLUSTER_SIZE on the driver)"
            ),
            LaunchProblem::ClusterMismatch {
                required,
                asked,
                declared: true,
            } => write!(
                f,
                "declares clusters of {required:?} blocks (.reqnctapercluster, \
                 __cluster_dims__); the launch asks for {asked:?} \
                 (CUDA_ERROR_INVALID_CLUSTER_SIZE on the driver)"
            ),
            LaunchProblem::DynamicSharedMemory { asked, most } => write!(
                f,
                "asks for {asked} bytes of dynamic shared memory but may use {most} \
                 (CUDA_ERROR_INVALID_VALUE on the driver); raise it with \
                 Kernel::set_attribute(KernelAttribute::MaxDynamicSharedSizeBytes, ..)"
            ),
            LaunchProblem::SharedMemory { asked, most } => write!(
                f,
                "needs {asked} bytes of shared memory per block; the simulated device has {most}"
            ),
            LaunchProblem::LocalMemory { asked, most } => write!(
                f,
                "needs {asked} bytes of local memory per thread; the simulated device allows \
                 {most}"
            ),
            LaunchProblem::ParameterBytes { expected, got } => write!(
                f,
                "takes {expected} bytes of parameters but {got} were given"
            ),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fact().fmt(f)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::{DeviceAssertion, Error, SHOWN_DETAIL_TEXT};

    /// Device text in a message is escaped and cut: a kernel cannot write to the terminal
    /// through an error, nor make it megabytes long.
    #[test]
    fn device_text_is_escaped_and_cut() {
        let e = Error::KernelFault {
            kernel: "k\u{1b}[2J".into(),
            block: [0; 3],
            thread: [1, 0, 0],
            line: 3,
            detail: format!("x\u{202e}\r\n{}", "y".repeat(64 << 10)),
        };
        let text = e.to_string();
        assert!(!text.contains(['\u{1b}', '\r', '\n', '\u{202e}']), "{text}");
        assert!(text.contains("k\\u{1b}[2J") && text.contains("more bytes not shown"));
        assert!(
            text.len() < SHOWN_DETAIL_TEXT + 1000,
            "{} bytes",
            text.len()
        );
        let assertion = Error::DeviceAssert(Box::new(DeviceAssertion {
            kernel: "k".into(),
            block: [1, 2, 3],
            thread: [4, 5, 6],
            expression: "x < n".into(),
            file: "k.cu".into(),
            source_line: 7,
            function: "void k(int)".into(),
        }));
        assert_eq!(
            assertion.to_string(),
            "k.cu:7: void k(int): block: [1,2,3], thread: [4,5,6] Assertion `x < n` failed \
             (device-side assert in kernel `k`; the launch ended)"
        );
    }
}
