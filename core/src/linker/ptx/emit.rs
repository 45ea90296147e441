//! Writing the linked module: one header, then every module's items in input order, each
//! copied, dropped or rewritten as resolving decided.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::items::{Item, ItemKind};
use super::resolve::stays_extern;
use super::scope::{rename_edits, Edit};
use super::{Definition, Input, Symbol};
use crate::image::ptx::lexer::{Lexer, Spanned, Tok};

/// The linked module's `.version`, `.target` and `.address_size`.
pub(super) fn header(inputs: &[Input<'_>]) -> std::result::Result<String, String> {
    let version = inputs
        .iter()
        .map(|i| i.header.version)
        .max()
        .unwrap_or((8, 0));
    let sm = |i: &Input<'_>| -> u32 {
        let first = i.header.target.first().map(String::as_str).unwrap_or("");
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
        .map(|i| i.header.target.join(", "))
        .filter(|t| !t.is_empty())
        // No input names a target: the simulated GPU's, written as PTX writes one.
        .unwrap_or_else(|| format!("sm_{}", crate::SIM_ARCH));
    let sizes: HashSet<u32> = inputs.iter().map(|i| i.header.address_size).collect();
    if sizes.len() > 1 {
        return Err(format!(
            "the inputs mix .address_size {}: link modules of one address size",
            inputs
                .iter()
                .map(|i| format!("{} ({})", i.header.address_size, i.name))
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
pub(super) fn file_offsets(inputs: &[Input<'_>]) -> Vec<i128> {
    let mut offsets = Vec::with_capacity(inputs.len());
    let mut next = 0i128;
    for input in inputs {
        offsets.push(next);
        let highest = input
            .cut
            .items
            .iter()
            .filter_map(|i| i.file_number)
            .max()
            .unwrap_or(0);
        next = next.saturating_add(highest.max(0));
    }
    offsets
}

/// Writes the linked module's items.
pub(super) struct Emitter<'a, 'b> {
    pub inputs: &'a [Input<'a>],
    pub globals: &'a HashMap<String, Definition>,
    pub losers: &'a HashSet<(usize, usize)>,
    pub renames: &'a [HashMap<String, String>],
    pub file_offsets: Vec<i128>,
    /// `(module, item)` of each definition written.
    pub emitted: HashSet<(usize, usize)>,
    /// The runtime functions and dynamic shared arrays declared so far.
    pub externs: HashSet<String>,
    pub out: String,
    pub log: &'b mut Vec<String>,
}

impl<'a> Emitter<'a, '_> {
    pub fn emit(mut self) -> String {
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

    /// A `.weak` or `.common` definition another one replaces: a function leaves its
    /// prototype (its module's calls may come before the kept definition); a variable is
    /// replaced by the kept definition, moved up here unless it is written already (PTX
    /// wants a variable declared before its use).
    fn losing_definition(&mut self, m: usize, i: usize, s: &Symbol) {
        let Some(d) = self.globals.get(&s.name).copied() else {
            return;
        };
        if self.emitted.contains(&(d.module, d.item)) {
            return;
        }
        if !s.function {
            self.emitted.insert((d.module, d.item));
            return self.write_item(d.module, d.item, None);
        }
        let input = &self.inputs[m];
        let item = &input.cut.items[i];
        let brace = tokens(&input.text[item.start..item.stop])
            .find(|t| t.tok == Tok::Punct('{'))
            .map_or(item.stop, |t| item.start + t.start);
        let linkage = self
            .linkage_token(m, i)
            .map(|t| (t, d.linkage.word().to_string()));
        let text = self.render(m, item, brace, linkage);
        let _ = writeln!(self.out, "{};", text.trim_end());
    }

    /// The byte span of the item's linkage directive (`.extern`, `.weak`, ...), if it has
    /// one among its leading directives: the lexer's token, which ends where the directive
    /// does even when another follows without a blank (`.weak.func`).
    fn linkage_token(&self, m: usize, i: usize) -> Option<(usize, usize)> {
        let input = &self.inputs[m];
        let item = &input.cut.items[i];
        tokens(&input.text[item.start..item.stop])
            .take_while(|t| matches!(&t.tok, Tok::Word(w) if w.starts_with('.')))
            .find(|t| {
                matches!(&t.tok, Tok::Word(w) if matches!(w.as_str(), ".extern" | ".weak" | ".visible" | ".common"))
            })
            .map(|t| (item.start + t.start, item.start + t.end))
    }

    fn write_item(&mut self, m: usize, i: usize, replace: Option<((usize, usize), String)>) {
        let item = &self.inputs[m].cut.items[i];
        let text = self.render(m, item, item.stop, replace);
        self.out.push_str(&text);
        self.out.push('\n');
    }

    /// The item's text up to byte `stop`, with module `m`'s renames, its `.file`/`.loc`
    /// numbers moved, and the bytes `replace.0` (a token's span) replaced. An item nothing changes
    /// is copied as it is, without lexing it again.
    fn render(
        &self,
        m: usize,
        item: &Item,
        stop: usize,
        replace: Option<((usize, usize), String)>,
    ) -> Cow<'a, str> {
        let input = &self.inputs[m];
        let text = &input.text[item.start..stop.max(item.start)];
        let renames = &self.renames[m];
        let offset = self.file_offsets[m];
        let debug = (m > 0 || offset > 0) && (item.kind == ItemKind::File || text.contains(".loc"));
        if renames.is_empty() && !debug && replace.is_none() {
            return Cow::Borrowed(text);
        }
        let mut edits = if renames.is_empty() {
            Vec::new()
        } else {
            rename_edits(text, renames)
        };
        if let Some(((at, end), new)) = replace {
            edits.push(Edit {
                start: at.saturating_sub(item.start),
                end: end.saturating_sub(item.start),
                new,
            });
        }
        if debug {
            let mut previous: Option<Tok> = None;
            for t in tokens(text) {
                match (&t.tok, &previous) {
                    (Tok::Word(w), _) if m > 0 && w == ".loc" => {
                        if let Some((new, len)) = loc_without_inlining(text, t.start, offset) {
                            edits.push(Edit {
                                start: t.start,
                                end: t.start + len,
                                new,
                            });
                        }
                    }
                    (Tok::Int(n), Some(p)) if offset > 0 && is_file_number(p) => {
                        edits.push(Edit {
                            start: t.start,
                            end: t.end,
                            new: n.saturating_add(offset).to_string(),
                        });
                    }
                    _ => {}
                }
                previous = Some(t.tok);
            }
        }
        Cow::Owned(apply(text, edits))
    }
}

/// `text` with `edits` made; an edit that starts inside an earlier one is dropped (a
/// `.loc` line rewritten whole holds its own file number).
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.start, std::cmp::Reverse(e.end)));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        if e.start < at || e.end > text.len() {
            continue;
        }
        out.push_str(&text[at..e.start]);
        out.push_str(&e.new);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The tokens of `text` with their spans, up to the first lexing error (every input has
/// been lexed whole once already).
fn tokens(text: &str) -> impl Iterator<Item = Spanned> + '_ {
    let mut lexer = Lexer::new(text);
    std::iter::from_fn(move || lexer.next_spanned().and_then(|t| t.ok()))
}

/// A `.loc` line of a module whose debug sections are dropped, without its `function_name`
/// and `inlined_at` parts (they name labels of its `.debug_str` section), its file number
/// moved by `offset`: the new text and the length of the line it replaces. `None` for a
/// plain `.loc`, which the file renumbering handles.
fn loc_without_inlining(text: &str, start: usize, offset: i128) -> Option<(String, usize)> {
    let len = text[start..].find('\n').unwrap_or(text.len() - start);
    let line = &text[start..start + len];
    if !line.contains("function_name") && !line.contains("inlined_at") {
        return None;
    }
    let head = line.split(',').next().unwrap_or(line);
    let mut words = head.split_whitespace().skip(1);
    let file = words.next()?;
    let file = file
        .parse::<i128>()
        .map(|n| n.saturating_add(offset).to_string())
        .unwrap_or_else(|_| file.to_string());
    let rest: Vec<&str> = words.collect();
    Some((format!(".loc\t{file} {}", rest.join(" ")), len))
}

/// Whether a token is `.file` or `.loc`, whose next number is a file number.
fn is_file_number(t: &Tok) -> bool {
    matches!(t, Tok::Word(w) if w == ".file" || w == ".loc")
}
