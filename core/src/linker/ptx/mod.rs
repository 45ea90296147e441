//! The PTX linker: PTX modules into one PTX module, in pure Rust (what the simulator and
//! the browser link with; the result also JIT-compiles on any GPU).
//!
//! Each module is cut into its top-level items (`items.rs`) and read by the crate's PTX
//! parser. A `.visible` (or `.weak`, `.common`) definition, or a kernel, is a global
//! symbol: defined in one module, it resolves the `.extern` declarations of the others.
//! The linked module is the modules' items in input order under one header (the newest
//! `.version`, the highest `.target`), rewritten where linking asks for it:
//!
//! - an `.extern .func` resolved elsewhere becomes a prototype with the definition's
//!   linkage (PTX wants a function declared before it is called);
//! - an `.extern` variable resolved elsewhere is dropped, and the definition moves up to
//!   where the first module declared it;
//! - internal (no linkage) names that two modules both use (NVRTC's `$str` for `printf`
//!   formats, `static` variables) are renamed in the later module;
//! - of several `.weak` definitions, the first (or the one strong definition) is kept;
//! - `.file` numbers and the `.loc` lines that use them are renumbered; debug sections
//!   (`-G`) are kept for the first module only.
//!
//! Two strong definitions of one name, or an `.extern` no module defines, are link errors
//! naming the symbol and the module. The device runtime's functions (`vprintf`,
//! `__assertfail`, `malloc`, `free`) stay `.extern`, as nvJitLink leaves them, and so do
//! `.extern .shared` arrays (dynamic shared memory).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::{LinkInput, Linked};
use crate::error::{Error, Result};
use crate::image::ptx::ast::{Module, Space};
use crate::image::ptx::lexer::Tok;
use crate::image::ImageKind;

mod items;

use items::{Cut, Item, ItemKind};

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
    /// `.weak` or `.common`: one of several definitions is kept.
    Weak,
    /// `.extern`: defined elsewhere.
    Extern,
}

impl Linkage {
    fn of(word: Option<&str>) -> Linkage {
        match word {
            Some(".visible") => Linkage::Visible,
            Some(".weak" | ".common") => Linkage::Weak,
            Some(".extern") => Linkage::Extern,
            _ => Linkage::Internal,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Linkage::Weak => ".weak",
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
    /// The item that declares it.
    item: usize,
}

/// One input, read.
struct Input<'a> {
    name: &'a str,
    text: &'a str,
    module: Module,
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
    let body = Emitter {
        inputs: &read,
        globals: &globals.definitions,
        losers: &globals.losers,
        renames: &renames,
        file_offsets: file_offsets(&read),
        emitted: HashSet::new(),
        externs: HashSet::new(),
        out: String::new(),
        log: &mut log,
    }
    .emit();
    let mut text = format!(
        "//\n// Linked by cuda-library's PTX linker from {}\n//\n\n{header}",
        names.join(", ")
    );
    text.push_str(&body);
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
        let module = crate::image::ptx::parse(text)?;
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
            module,
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

/// The global definitions, and the `.weak` definitions that lost to another.
struct Globals {
    definitions: HashMap<String, Definition>,
    /// `(module, item)` of each definition not kept.
    losers: HashSet<(usize, usize)>,
}

fn resolve_globals(inputs: &[Input<'_>], log: &mut Vec<String>) -> Result<Globals> {
    let mut definitions: HashMap<String, Definition> = HashMap::new();
    let mut losers = HashSet::new();
    let mut twice = Vec::new();
    for (m, input) in inputs.iter().enumerate() {
        for s in input.symbols.iter().filter(|s| s.defined) {
            if !matches!(s.linkage, Linkage::Visible | Linkage::Weak) {
                continue;
            }
            let new = Definition {
                module: m,
                item: s.item,
                linkage: s.linkage,
                function: s.function,
                space: s.space,
            };
            let Some(old) = definitions.get(&s.name).copied() else {
                definitions.insert(s.name.clone(), new);
                continue;
            };
            match (old.linkage, s.linkage) {
                (Linkage::Weak, Linkage::Visible) => {
                    losers.insert((old.module, old.item));
                    definitions.insert(s.name.clone(), new);
                }
                (_, Linkage::Weak) => {
                    losers.insert((m, s.item));
                }
                _ => twice.push(format!(
                    "multiple definitions of `{}`: in {} and in {}",
                    s.name, inputs[old.module].name, input.name
                )),
            }
        }
    }
    if !twice.is_empty() {
        return Err(Error::Link {
            linker: NAME.to_string(),
            inputs: inputs.iter().map(|i| i.name.to_string()).collect(),
            log: twice.join("\n"),
        });
    }
    if !losers.is_empty() {
        log.push(format!(
            "kept one of several .weak definitions for {} symbol(s)",
            losers.len()
        ));
    }
    Ok(Globals {
        definitions,
        losers,
    })
}

/// Every `.extern` resolved, or the errors naming each one that is not.
fn check_references(
    inputs: &[Input<'_>],
    globals: &Globals,
) -> std::result::Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for input in inputs {
        for s in input.symbols.iter().filter(|s| !s.defined) {
            if input.defines(&s.name) || stays_extern(s) {
                continue;
            }
            let what = if s.function { "function" } else { "variable" };
            match globals.definitions.get(&s.name) {
                Some(d) if d.function != s.function => errors.push(format!(
                    "`{}` is a {what} in {} but a {} in {}",
                    s.name,
                    input.name,
                    if d.function { "function" } else { "variable" },
                    inputs[d.module].name
                )),
                Some(d) if !s.function && d.space != s.space => errors.push(format!(
                    "`{}` is declared in {:?} space in {} but defined in {:?} space in {}",
                    s.name, s.space, input.name, d.space, inputs[d.module].name
                )),
                Some(_) => {}
                None => {
                    // Defined, but not global: internal, since globals were looked up.
                    let hidden = inputs.iter().find(|other| other.defines(&s.name));
                    errors.push(match hidden {
                        Some(other) => format!(
                            "undefined reference to `{}` in {}: {} defines it without \
                             linkage (not `.visible`), so only {} sees it",
                            s.name, input.name, other.name, other.name
                        ),
                        None => format!(
                            "undefined reference to `{}` in {} (no input defines this {what})",
                            s.name, input.name
                        ),
                    });
                }
            }
        }
    }
    const SHOWN: usize = 100;
    if errors.len() > SHOWN {
        let more = errors.len() - SHOWN;
        errors.truncate(SHOWN);
        errors.push(format!("... and {more} more"));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A declaration that stays `.extern` in the linked module: a device runtime function or
/// dynamic shared memory.
fn stays_extern(s: &Symbol) -> bool {
    (s.function && RUNTIME_FUNCTIONS.contains(&s.name.as_str()))
        || (!s.function && s.space == Some(Space::Shared) && s.linkage == Linkage::Extern)
}

/// New names for internal symbols another module also uses, per module.
fn rename_internals(
    inputs: &[Input<'_>],
    globals: &Globals,
    log: &mut Vec<String>,
) -> Vec<HashMap<String, String>> {
    let mut all: HashSet<String> = inputs
        .iter()
        .flat_map(|i| i.symbols.iter().map(|s| s.name.clone()))
        .collect();
    all.extend(
        inputs
            .iter()
            .flat_map(|i| i.module.aliases.iter().map(|a| a.name.clone())),
    );
    let mut internal_taken: HashSet<String> = HashSet::new();
    let mut renames = Vec::with_capacity(inputs.len());
    for (m, input) in inputs.iter().enumerate() {
        let mut map = HashMap::new();
        let internal: HashSet<&str> = input
            .symbols
            .iter()
            .filter(|s| s.linkage == Linkage::Internal && !stays_extern(s))
            .map(|s| s.name.as_str())
            .collect();
        let mut internal: Vec<&str> = internal.into_iter().collect();
        internal.sort_unstable();
        for name in internal {
            let clash = internal_taken.contains(name) || globals.definitions.contains_key(name);
            let new = if clash {
                let mut n = 1usize;
                let mut fresh = format!("{name}_{m}");
                while all.contains(&fresh) {
                    fresh = format!("{name}_{m}_{n}");
                    n += 1;
                }
                all.insert(fresh.clone());
                log.push(format!(
                    "renamed `{name}` of {} to `{fresh}` (another input uses the name)",
                    input.name
                ));
                map.insert(name.to_string(), fresh.clone());
                fresh
            } else {
                name.to_string()
            };
            internal_taken.insert(new);
        }
        renames.push(map);
    }
    renames
}

/// The linked module's `.version`, `.target` and `.address_size`.
fn header(inputs: &[Input<'_>]) -> std::result::Result<String, String> {
    let version = inputs
        .iter()
        .map(|i| i.module.version)
        .max()
        .unwrap_or((8, 0));
    let sm = |i: &Input<'_>| -> u32 {
        let first = i.module.target.first().map(String::as_str).unwrap_or("");
        let digits: String = first
            .trim_start_matches("sm_")
            .trim_start_matches("compute_")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().unwrap_or(0)
    };
    let target = inputs
        .iter()
        .max_by_key(|i| sm(i))
        .map(|i| i.module.target.join(", "))
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| crate::SIM_ARCH.to_string());
    let sizes: HashSet<u32> = inputs.iter().map(|i| i.module.address_size).collect();
    if sizes.len() > 1 {
        return Err(format!(
            "the inputs mix .address_size {}: link modules of one address size",
            inputs
                .iter()
                .map(|i| format!("{} ({})", i.module.address_size, i.name))
                .collect::<Vec<_>>()
                .join(" and ")
        ));
    }
    let size = sizes.into_iter().next().unwrap_or(64);
    Ok(format!(
        ".version {}.{}\n.target {target}\n.address_size {size}\n",
        version.0, version.1
    ))
}

/// How far each module's `.file` numbers move: past the previous modules' highest.
fn file_offsets(inputs: &[Input<'_>]) -> Vec<i128> {
    let mut offsets = Vec::with_capacity(inputs.len());
    let mut next = 0i128;
    for input in inputs {
        offsets.push(next);
        let highest = input
            .cut
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::File)
            .filter_map(|i| match input.cut.tokens.get(i.first + 1) {
                Some((Tok::Int(n), _)) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        next = next.saturating_add(highest.max(0));
    }
    offsets
}

/// Writes the linked module's items.
struct Emitter<'a, 'b> {
    inputs: &'a [Input<'a>],
    globals: &'a HashMap<String, Definition>,
    losers: &'a HashSet<(usize, usize)>,
    renames: &'a [HashMap<String, String>],
    file_offsets: Vec<i128>,
    /// `(module, item)` of each definition written.
    emitted: HashSet<(usize, usize)>,
    /// The runtime functions and dynamic shared arrays declared so far.
    externs: HashSet<String>,
    out: String,
    log: &'b mut Vec<String>,
}

impl Emitter<'_, '_> {
    fn emit(mut self) -> String {
        for (m, input) in self.inputs.iter().enumerate() {
            let _ = write!(self.out, "\n// ---- {}\n", input.name);
            let mut dropped_debug = false;
            for (i, item) in input.cut.items.iter().enumerate() {
                match item.kind {
                    ItemKind::Header => {}
                    ItemKind::Debug if m > 0 => dropped_debug = true,
                    ItemKind::File | ItemKind::Debug => self.write_item(m, i, None),
                    ItemKind::Decl => self.declaration(m, i),
                }
            }
            if dropped_debug {
                self.log.push(format!(
                    "dropped the debug sections of {} (kept for the first input only)",
                    input.name
                ));
            }
        }
        self.out
    }

    /// One declaration or definition item of module `m`.
    fn declaration(&mut self, m: usize, i: usize) {
        if self.emitted.contains(&(m, i)) {
            return;
        }
        let input = &self.inputs[m];
        let symbols: Vec<&Symbol> = input.symbols_of(i).collect();
        let Some(first) = symbols.first() else {
            // `.alias`, `.pragma`: as they are.
            return self.write_item(m, i, None);
        };
        if first.defined {
            if self.losers.contains(&(m, i)) {
                return self.losing_definition(m, i, first);
            }
            self.emitted.insert((m, i));
            return self.write_item(m, i, None);
        }
        if symbols.iter().all(|s| stays_extern(s)) {
            // Declared once: the first module's declaration serves the rest.
            let new: Vec<&&Symbol> = symbols
                .iter()
                .filter(|s| self.externs.insert(s.name.clone()))
                .collect();
            if !new.is_empty() {
                self.write_item(m, i, None);
            }
            return;
        }
        if input.defines(&first.name) {
            // A prototype of the module's own function.
            return self.write_item(m, i, None);
        }
        if first.function {
            // An `.extern .func` resolved elsewhere: a prototype, unless the definition
            // is already written.
            let Some(d) = self.globals.get(&first.name).copied() else {
                return;
            };
            if !self.emitted.contains(&(d.module, d.item)) {
                let linkage = self.linkage_token(m, i);
                self.write_item(m, i, linkage.map(|t| (t, d.linkage.word().to_string())));
            }
            return;
        }
        // `.extern` variables: their definitions take this place.
        for s in symbols {
            if let Some(d) = self.globals.get(&s.name).copied() {
                if self.emitted.insert((d.module, d.item)) {
                    self.write_item(d.module, d.item, None);
                }
            }
        }
    }

    /// A `.weak` definition another one replaces: a function leaves its prototype (its
    /// module's calls may come before the kept definition), a variable nothing.
    fn losing_definition(&mut self, m: usize, i: usize, s: &Symbol) {
        let Some(d) = self.globals.get(&s.name).copied() else {
            return;
        };
        if !s.function || self.emitted.contains(&(d.module, d.item)) {
            return;
        }
        let input = &self.inputs[m];
        let item = &input.cut.items[i];
        let brace = (item.first..item.end)
            .find(|&t| input.cut.tokens[t].0 == Tok::Punct('{'))
            .map_or(item.stop, |t| input.cut.offsets[t]);
        let linkage = self
            .linkage_token(m, i)
            .map(|t| (t, d.linkage.word().to_string()));
        let text = self.render(m, item, brace, linkage);
        let _ = writeln!(self.out, "{};", text.trim_end());
    }

    /// The token of the item's linkage directive (`.extern`, `.weak`, ...), if it has one.
    fn linkage_token(&self, m: usize, i: usize) -> Option<usize> {
        let cut = &self.inputs[m].cut;
        let item = &cut.items[i];
        (item.first..item.end).take_while(|&t| matches!(&cut.tokens[t].0, Tok::Word(w) if w.starts_with('.'))).find(|&t| {
            matches!(&cut.tokens[t].0, Tok::Word(w) if matches!(w.as_str(), ".extern" | ".weak" | ".visible" | ".common"))
        })
    }

    fn write_item(&mut self, m: usize, i: usize, replace: Option<(usize, String)>) {
        let item = &self.inputs[m].cut.items[i];
        let text = self.render(m, item, item.stop, replace);
        self.out.push_str(&text);
        self.out.push('\n');
    }

    /// The item's text up to byte `stop`, with module `m`'s renames, its `.file`/`.loc`
    /// numbers moved, and `replace`'s token replaced.
    fn render(
        &self,
        m: usize,
        item: &Item,
        stop: usize,
        replace: Option<(usize, String)>,
    ) -> String {
        let input = &self.inputs[m];
        let cut = &input.cut;
        let renames = &self.renames[m];
        let offset = self.file_offsets[m];
        let mut out = String::new();
        let mut at = item.start;
        for t in item.first..item.end {
            let start = cut.offsets[t];
            if start >= stop {
                break;
            }
            let new = match (&cut.tokens[t].0, &replace) {
                (_, Some((r, text))) if *r == t => {
                    Some((text.clone(), token_len(input.text, start)))
                }
                (Tok::Word(w), _) => renames.get(w).map(|n| (n.clone(), w.len())),
                (Tok::Int(n), _) if offset > 0 && t > 0 && is_file_number(&cut.tokens[t - 1].0) => {
                    Some(((n + offset).to_string(), token_len(input.text, start)))
                }
                _ => None,
            };
            if let Some((text, len)) = new {
                out.push_str(&input.text[at..start]);
                out.push_str(&text);
                at = start + len;
            }
        }
        out.push_str(&input.text[at..stop.max(at)]);
        out
    }
}

/// Whether a token is `.file` or `.loc`, whose next number is a file number.
fn is_file_number(t: &Tok) -> bool {
    matches!(t, Tok::Word(w) if w == ".file" || w == ".loc")
}

/// The byte length of the word or number at `start`.
fn token_len(text: &str, start: usize) -> usize {
    text[start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '%')))
        .unwrap_or(text.len() - start)
}

#[cfg(test)]
mod tests;
