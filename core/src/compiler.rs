//! Which compiler [`Program`](crate::Program) uses: NVRTC or the built-in one
//! (`cuda-library-compiler`, pure Rust, no NVIDIA software; `program/builtin.rs` is the bridge).
//!
//! NVRTC exists only as NVIDIA's binaries for Linux and Windows; the built-in compiler runs
//! everywhere the crate does, the browser included. `Auto` takes NVRTC where it loads and the
//! built-in compiler otherwise, so the same notebook runs on a GPU server and on a laptop.

use crate::error::{Error, Result};

/// The environment variable that chooses the compiler when the options say `Auto`.
pub const COMPILER_ENV: &str = "CUDA_LIBRARY_COMPILER";

/// Which CUDA C++ compiler [`Program::compile`](crate::Program::compile) runs.
///
/// ```
/// use cuda_library::{Compiler, ProgramOptions};
/// let o = ProgramOptions { compiler: Compiler::Builtin, ..Default::default() };
/// assert_eq!(o.compiler.to_string(), "builtin");
/// assert_eq!("nvrtc".parse::<Compiler>().unwrap(), Compiler::Nvrtc);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Compiler {
    /// `CUDA_LIBRARY_COMPILER` when it is set (`auto`, `nvrtc` or `builtin`); otherwise NVRTC
    /// where it loads and the built-in compiler where it does not (always in the browser).
    #[default]
    Auto,
    /// NVIDIA's NVRTC, opened at run time. PTX, cubin and LTO-IR.
    Nvrtc,
    /// The crate's own compiler: PTX only, with NVRTC's results on every input tried (the
    /// [`compiler`](crate::guide::compiler) guide says what it supports).
    Builtin,
}

impl std::fmt::Display for Compiler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Compiler::Auto => "auto",
            Compiler::Nvrtc => "nvrtc",
            Compiler::Builtin => "builtin",
        })
    }
}

impl std::str::FromStr for Compiler {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(Compiler::Auto),
            "nvrtc" => Ok(Compiler::Nvrtc),
            "builtin" | "built-in" => Ok(Compiler::Builtin),
            other => Err(Error::InvalidArgument(format!(
                "`{other}` is not a compiler: write auto, nvrtc or builtin"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiler_names_parse_and_print() {
        for c in [Compiler::Auto, Compiler::Nvrtc, Compiler::Builtin] {
            assert_eq!(c.to_string().parse::<Compiler>().unwrap(), c);
        }
        assert!("gcc".parse::<Compiler>().is_err());
    }
}
