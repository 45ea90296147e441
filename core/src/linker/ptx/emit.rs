//! Writing the linked module: one header, then every module's items in input order, each
//! copied, dropped or rewritten as resolving decided.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::items::{Item, ItemKind};
use super::resolve::stays_extern;
use super::{Definition, Input, Symbol};
use crate::image::ptx::lexer::Tok;

/// The linked module's `.version`, `.target` and `.address_size`.
pub(super) fn header(inputs: &[Input<'_>]) -> std::result::Result<String, String> {
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
pub(super) fn file_offsets(inputs: &[Input<'_>]) -> Vec<i128> {
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

impl Emitter<'_, '_> {
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
            if start < at {
                continue; // inside text already replaced
            }
            let new = match (&cut.tokens[t].0, &replace) {
                (_, Some((r, text))) if *r == t => {
                    Some((text.clone(), token_len(input.text, start)))
                }
                (Tok::Word(w), _) if m > 0 && w == ".loc" => {
                    loc_without_inlining(input.text, start, offset)
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

/// The byte length of the word or number at `start`.
fn token_len(text: &str, start: usize) -> usize {
    text[start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '%')))
        .unwrap_or(text.len() - start)
}
