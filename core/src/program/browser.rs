//! What the browser (wasm32) has in NVRTC's place: nothing that compiles. NVIDIA ships NVRTC
//! only as native libraries for Linux and Windows, so here every NVRTC function says so and
//! names the compiler that does run ([`Compiler::Builtin`](crate::Compiler::Builtin), which
//! [`Compiler::Auto`](crate::Compiler::Auto) picks here). The functions match `nvrtc.rs`'s.

use super::{Program, ProgramOptions};
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::object_code::ObjectCode;

/// What asking for NVRTC in the browser gets.
fn no_nvrtc() -> Error {
    Error::Unsupported(
        "NVRTC does not exist in the browser; use Compiler::Builtin (the built-in compiler, \
         which Compiler::Auto picks here)"
            .to_string(),
    )
}

/// NVRTC's path and version: none here.
pub(super) fn info() -> Result<(String, (i32, i32))> {
    Err(no_nvrtc())
}

/// Whether NVRTC loads: never in the browser.
pub(super) fn available() -> bool {
    false
}

/// The browser has no compile cache (the built-in compiler takes milliseconds): one choice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum CacheChoice {
    /// Every compile runs the compiler.
    #[default]
    None,
}

impl Program {
    /// A compile with NVRTC: the error that says to use the built-in compiler.
    pub(super) fn compile_nvrtc(
        &self,
        _target: ImageKind,
        _args: Vec<String>,
        _options: &ProgramOptions,
        _name_expressions: &[&str],
    ) -> Result<ObjectCode> {
        Err(no_nvrtc())
    }
}
