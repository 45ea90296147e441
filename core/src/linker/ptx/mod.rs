//! The PTX linker: PTX modules into one PTX module, in pure Rust (what the simulator and
//! the browser link with; the result also JIT-compiles on any GPU).
//!
//! Each module is cut into its top-level items (`items.rs`) and read by the crate's PTX
//! parser (here). A `.visible` (or `.weak`, `.common`) definition, or a kernel, is a global
//! symbol: defined in one module, it resolves the `.extern` declarations of the others
//! (`resolve.rs`). The linked module is the modules' items in input order under one header
//! (the newest `.version`, the highest `.target`), rewritten where linking asks for it
//! (`emit.rs`):
//!
//! - an `.extern .func` resolved elsewhere becomes a prototype with the definition's
//!   linkage (PTX wants a function declared before it is called);
//! - an `.extern` variable resolved elsewhere is dropped, and the definition moves up to
//!   where the first module declared it;
//! - internal (no linkage) names that two modules both use (NVRTC's `$str` for `printf`
//!   formats, `static` variables), or that name what stays `.extern` (dynamic shared
//!   memory, a device runtime function), are renamed in the later module (in the module
//!   itself for the latter), to a name no module uses at module scope and that module
//!   uses nowhere, and only where they are referred to (`scope.rs`: not where a
//!   parameter, label or local of the same name shadows them, nor as an opcode);
//! - of several `.weak` definitions, the first (or the one strong definition) is kept; of
//!   several `.common` variables, the largest (PTX ISA 11.6.4), which alone may be
//!   initialised;
//! - `.file` numbers and the `.loc` lines that use them are renumbered; debug sections
//!   (`-G`, and `-lineinfo`'s names of inlined functions) are kept for the first module
//!   only, and the later modules' `.loc` lines lose the `function_name`/`inlined_at` notes
//!   that point into theirs.
//!
//! Two strong definitions of one name, or an `.extern` no module defines, are link errors
//! naming the symbol and the module. The device runtime's functions (`vprintf`,
//! `__assertfail`, `malloc`, `free`) stay `.extern`, as nvJitLink leaves them, and so do
//! `.extern .shared` arrays (dynamic shared memory).

use std::collections::HashSet;

use super::{LinkInput, Linked};
use crate::error::{Error, Result};
use crate::image::ptx::ast::Space;
use crate::image::ImageKind;

mod emit;
mod items;
mod resolve;
mod scope;

use emit::{file_offsets, header, Emitter};
use items::Cut;
use resolve::{check_references, rename_internals, resolve_globals};

/// How the PTX linker names itself in errors.
pub(crate) const NAME: &str = "the PTX linker";

/// Functions the CUDA device runtime provides at load time (the simulator's `RuntimeFn`s):
/// left `.extern`, as nvJitLink leaves them.
const RUNTIME_FUNCTIONS: [&str; 4] = ["vprintf", "__assertfail", "malloc", "free"];

/// A symbol's linkage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Linkage {
    /// No linkage directive: the module's own.
    Internal,
    /// `.visible`, and every kernel.
    Visible,
    /// `.weak`: one of several definitions is kept, unless a `.visible` one exists.
    Weak,
    /// `.common` (variables in `.global` only): the largest of several declarations is kept.
    Common,
    /// `.extern`: defined elsewhere.
    Extern,
}

impl Linkage {
    fn of(word: Option<&str>) -> Linkage {
        match word {
            Some(".visible") => Linkage::Visible,
            Some(".weak") => Linkage::Weak,
            Some(".common") => Linkage::Common,
            Some(".extern") => Linkage::Extern,
            _ => Linkage::Internal,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Linkage::Weak => ".weak",
            Linkage::Common => ".common",
            _ => ".visible",
        }
    }
}

/// A module-scope name of one module.
#[derive(Debug, Clone)]
struct Symbol {
    name: String,
    function: bool,
    linkage: Linkage,
    /// A function with a body, or a variable that is not `.extern`.
    defined: bool,
    /// A variable's state space.
    space: Option<Space>,
    /// A variable's size in bytes, when known.
    size: Option<u64>,
    /// A variable with an initialiser.
    initialised: bool,
    /// The item that declares it.
    item: usize,
}

/// The `.version`, `.target` and `.address_size` of a module.
struct Header {
    version: (u32, u32),
    target: Vec<String>,
    address_size: u32,
}

/// One input, read: its module-scope names and the spans of its items (not its syntax
/// tree, which is dropped once read).
struct Input<'a> {
    name: &'a str,
    text: &'a str,
    header: Header,
    /// Its `.alias` names.
    aliases: Vec<String>,
    cut: Cut,
    symbols: Vec<Symbol>,
    /// The names it defines itself.
    defined: HashSet<String>,
    /// Per item, the indices of its symbols.
    by_item: Vec<Vec<usize>>,
}

/// Where a global symbol is defined.
#[derive(Debug, Clone, Copy)]
struct Definition {
    module: usize,
    item: usize,
    linkage: Linkage,
    function: bool,
    space: Option<Space>,
    size: Option<u64>,
}

/// Links PTX `inputs` into one PTX module.
pub(crate) fn link(inputs: &[LinkInput<'_>]) -> Result<Linked> {
    let names: Vec<String> = inputs.iter().map(|i| i.name.to_string()).collect();
    let fail = |log: String| Error::Link {
        linker: NAME.to_string(),
        inputs: names.clone(),
        log,
    };
    let mut read = Vec::with_capacity(inputs.len());
    for input in inputs {
        read.push(Input::read(input).map_err(|e| fail(format!("{}: {e}", input.name)))?);
    }
    let mut log = Vec::new();
    let globals = resolve_globals(&read, &mut log)?;
    check_references(&read, &globals).map_err(|errors| fail(errors.join("\n")))?;
    let renames = rename_internals(&read, &globals, &mut log);
    let header = header(&read).map_err(fail)?;
    let text = Emitter {
        inputs: &read,
        globals: &globals.definitions,
        losers: &globals.losers,
        renames: &renames,
        file_offsets: file_offsets(&read),
        emitted: HashSet::new(),
        externs: HashSet::new(),
        out: {
            // Sized once: the output is about the inputs' length (no doubling slack).
            let total: usize = read.iter().map(|i| i.text.len()).sum();
            let mut out = String::with_capacity(total.saturating_add(4096));
            out.push_str(&format!(
                "//\n// Linked by cuda-library's PTX linker from {}\n//\n\n{header}",
                names.join(", ")
            ));
            out
        },
        log: &mut log,
    }
    .emit();
    Ok(Linked {
        bytes: text.into_bytes(),
        info_log: log.join("\n"),
    })
}

impl<'a> Input<'a> {
    fn read(input: &LinkInput<'a>) -> Result<Input<'a>> {
        if input.kind != ImageKind::Ptx {
            return Err(Error::Unsupported(format!(
                "{NAME} reads PTX, and this is a {}",
                input.kind
            )));
        }
        let text = crate::image::table::ptx_image_text(input.bytes)?;
        // Bodies are parsed (so that a syntax error is found) and dropped at once.
        let module = crate::image::ptx::parse_declarations(text)?;
        let cut = Cut::new(text)?;
        let mut symbols = Vec::new();
        let item_of = |pos| {
            cut.item_at(pos).ok_or_else(|| {
                Error::InvalidArgument(format!("no top-level item holds line {}", pos.line))
            })
        };
        for f in &module.functions {
            let mut linkage = Linkage::of(f.linkage.as_deref());
            if f.is_entry && linkage == Linkage::Internal {
                linkage = Linkage::Visible;
            }
            symbols.push(Symbol {
                name: f.name.clone(),
                function: true,
                linkage,
                defined: f.body.is_some() || f.error.is_some(),
                space: None,
                size: None,
                initialised: false,
                item: item_of(f.pos)?,
            });
        }
        for v in &module.vars {
            let linkage = Linkage::of(v.linkage.as_deref());
            symbols.push(Symbol {
                name: v.name.clone(),
                function: false,
                linkage,
                defined: linkage != Linkage::Extern,
                space: Some(v.space),
                size: v.size(),
                initialised: v.init.is_some(),
                item: item_of(v.pos)?,
            });
        }
        let defined = symbols
            .iter()
            .filter(|s| s.defined)
            .map(|s| s.name.clone())
            .collect();
        let mut by_item = vec![Vec::new(); cut.items.len()];
        for (k, s) in symbols.iter().enumerate() {
            if let Some(list) = by_item.get_mut(s.item) {
                list.push(k);
            }
        }
        Ok(Input {
            name: input.name,
            text,
            header: Header {
                version: module.version,
                target: module.target,
                address_size: module.address_size,
            },
            aliases: module.aliases.into_iter().map(|a| a.name).collect(),
            cut,
            symbols,
            defined,
            by_item,
        })
    }

    /// Whether this module defines `name` itself.
    fn defines(&self, name: &str) -> bool {
        self.defined.contains(name)
    }

    /// The symbols item `i` declares.
    fn symbols_of(&self, i: usize) -> impl Iterator<Item = &Symbol> {
        self.by_item
            .get(i)
            .into_iter()
            .flatten()
            .filter_map(|&k| self.symbols.get(k))
    }
}

#[cfg(test)]
mod tests;
