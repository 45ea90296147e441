//! The engine's error type: what can go wrong reading PTX, placing its variables and
//! running a kernel.
//!
//! `cuda-library` turns each variant into its own `Error`'s variant of the same name and
//! fields, which adds a hint for the user of the library API; the messages here are that
//! error's messages without the hint.

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
    /// A launch configuration, an address or a value that cannot be used.
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
    /// A cooperative launch asked for more blocks than the device holds at once
    /// (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`).
    CooperativeLaunchTooLarge {
        /// The kernel.
        kernel: String,
        /// Blocks in the grid.
        blocks: u64,
        /// Blocks of this kernel and launch shape one multiprocessor holds.
        per_sm: u32,
        /// Multiprocessors of the device.
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

/// Text from a kernel or a file in a message: control characters (and the Unicode
/// controls that reorder text on a terminal) escaped, so printing an error cannot move the
/// cursor, ring the bell or overwrite the line; past `max` bytes cut, with a note.
struct Shown<'a> {
    text: &'a str,
    max: usize,
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
            if c.is_control() || reorders {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// A name from a kernel (a kernel's, a symbol's) as a message shows it.
fn device(text: &str) -> Shown<'_> {
    Shown {
        text,
        max: SHOWN_DEVICE_TEXT,
    }
}

/// A detail built from device or file content as a message shows it.
fn detail(text: &str) -> Shown<'_> {
    Shown {
        text,
        max: SHOWN_DETAIL_TEXT,
    }
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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::SymbolNotFound { kind, name, .. } => {
                write!(f, "the library has no {kind} named `{}`", device(name))
            }
            Error::ArgumentCount {
                kernel,
                expected,
                got,
            } => write!(
                f,
                "kernel `{}` takes {expected} argument(s) but {got} were given",
                device(kernel)
            ),
            Error::ArgumentSize {
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
            Error::InvalidArgument(msg) | Error::Unsupported(msg) => write!(f, "{}", detail(msg)),
            Error::KernelFault {
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
            Error::InstructionBudget {
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
            Error::DeviceAssert(a) => write!(f, "{a}"),
            Error::CooperativeLaunchTooLarge {
                kernel,
                blocks,
                per_sm,
                multiprocessors,
            } => write!(
                f,
                "kernel `{}`: a cooperative launch of {blocks} blocks, but the device holds at \
                 most {} of them at once ({per_sm} per multiprocessor x {multiprocessors} \
                 multiprocessors) (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE)",
                device(kernel),
                u64::from(*per_sm) * u64::from(*multiprocessors)
            ),
            Error::Deadline {
                kernel,
                deadline,
                line,
            } => write!(
                f,
                "kernel `{}` ran past its deadline of {deadline:?} on the simulator (stopped at \
                 PTX line {line})",
                device(kernel)
            ),
            Error::LimitExceeded {
                what,
                asked,
                limit,
                value,
            } => write!(
                f,
                "{} needs {asked} bytes, more than the limit Limits::{limit} ({value} bytes)",
                detail(what)
            ),
            Error::PtxSyntax {
                line,
                column,
                message,
            } => write!(
                f,
                "PTX error at line {line}, column {column}: {}",
                detail(message)
            ),
        }
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
