//! Where a renamed module-scope symbol is referred to in one item, and which names a module
//! already uses, so that a new name neither captures nor is captured.
//!
//! PTX lets a function's parameters, labels and block-scope declarations (`.reg`, `.local`,
//! `.shared`, `.param`) shadow a module-scope name, and an opcode is a word like any name
//! (`add`, `ret`). So renaming internal `g` to `g_2` must rewrite only the words that refer
//! to the module's `g`: not a parameter, register, label or local of that name, not an
//! opcode; and `g_2` must be a name the module does not already use anywhere, or the
//! renamed references would resolve to that instead.

use std::collections::{HashMap, HashSet};

use crate::image::ptx::lexer::{Lexer, Spanned, Tok};

/// A rewrite of the item's text: bytes `start..end` become `new`.
pub(super) struct Edit {
    pub start: usize,
    pub end: usize,
    pub new: String,
}

/// Every name a module's text uses (each word token, dotted words cut at their first
/// `.`), and the families of numbered registers it declares (`%r<10>`: `%r` → 10): a new
/// name must be none of these.
#[derive(Default)]
pub(super) struct UsedNames<'a> {
    words: HashSet<&'a str>,
    families: HashMap<&'a str, i128>,
}

impl<'a> UsedNames<'a> {
    /// The names `text` uses; a lexing error ends the list (the text parsed already).
    pub fn of(text: &'a str) -> Self {
        let mut used = UsedNames::default();
        let mut lexer = Lexer::new(text);
        // The last two tokens: `name <` before a count.
        let mut before: [Option<Spanned>; 2] = [None, None];
        while let Some(Ok(t)) = lexer.next_spanned() {
            if let Tok::Word(_) = &t.tok {
                let word = &text[t.start..t.end];
                used.words.insert(word.split('.').next().unwrap_or(word));
            }
            if let (Some(name), Some(lt), Tok::Int(n)) = (&before[0], &before[1], &t.tok) {
                if matches!(name.tok, Tok::Word(_)) && lt.tok == Tok::Punct('<') {
                    let prefix = &text[name.start..name.end];
                    let count = used.families.entry(prefix).or_insert(0);
                    *count = (*count).max(*n);
                }
            }
            before = [before[1].take(), Some(t)];
        }
        used
    }

    /// Whether `name` is used: a word of the text, or a member of a declared family
    /// (`%r7` of `%r<10>`).
    pub fn contains(&self, name: &str) -> bool {
        self.words.contains(name) || in_family(&self.families, name)
    }
}

/// Names declared in one scope: plain names, and numbered families with their counts.
#[derive(Default)]
struct Scope<'a> {
    names: HashSet<&'a str>,
    families: HashMap<&'a str, i128>,
}

impl Scope<'_> {
    /// Whether the scope declares `name` (looked up by hash: a function may declare
    /// thousands of families and use them a million times).
    fn declares(&self, name: &str) -> bool {
        self.names.contains(name) || in_family(&self.families, name)
    }
}

/// Whether `name` is a member of one of `families` (`%r7` of `%r<10>`): its prefix and a
/// number without leading zeros below the count.
fn in_family(families: &HashMap<&str, i128>, name: &str) -> bool {
    if families.is_empty() {
        return false;
    }
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    (0..digits).any(|k| {
        let (prefix, number) = name.split_at(name.len() - digits + k);
        (number == "0" || !number.starts_with('0'))
            && families
                .get(prefix)
                .is_some_and(|&count| number.parse::<i128>().is_ok_and(|n| n < count))
    })
}

/// The edits that rename, in `item` (one top-level item's text), every reference to a
/// module-scope name that `renames` maps, and nothing else.
pub(super) fn rename_edits(item: &str, renames: &HashMap<String, String>) -> Vec<Edit> {
    let tokens = spanned(item);
    let mut edits = Vec::new();
    let rename = |edits: &mut Vec<Edit>, t: &Spanned| {
        if let Tok::Word(w) = &t.tok {
            if let Some(new) = renames.get(w) {
                edits.push(Edit {
                    start: t.start,
                    end: t.end,
                    new: new.clone(),
                });
            }
        }
    };
    let function = is_function(&tokens);
    if !function {
        // A variable (its name and the symbols its initialiser takes the address of),
        // `.alias`, `.pragma`: every name is module-scope. `generic(` is an operator.
        for (k, t) in tokens.iter().enumerate() {
            let call = tokens.get(k + 1).is_some_and(|n| n.tok == Tok::Punct('('));
            if !call {
                rename(&mut edits, t);
            }
        }
        return edits;
    }
    // The header, up to the body's `{` (or the prototype's `;`): names in parentheses are
    // parameters (function scope), the one outside them is the function's.
    let mut function_scope = Scope::default();
    let mut parens = 0usize;
    let mut k = 0;
    while let Some(t) = tokens.get(k) {
        match &t.tok {
            Tok::Punct('(') => parens += 1,
            Tok::Punct(')') => parens = parens.saturating_sub(1),
            Tok::Punct('{' | ';') if parens == 0 => break,
            Tok::Word(w) if !w.starts_with('.') => {
                if parens > 0 {
                    function_scope.names.insert(&item[t.start..t.end]);
                } else {
                    rename(&mut edits, t);
                }
            }
            _ => {}
        }
        k += 1;
    }
    let body = &tokens[k.min(tokens.len())..];
    // Labels are function-wide and may be used before they are declared.
    for (j, t) in body.iter().enumerate() {
        if let (Tok::Word(w), Some(next)) = (&t.tok, body.get(j + 1)) {
            if next.tok == Tok::Punct(':') && !w.starts_with('.') && statement_start(body, j) {
                function_scope.names.insert(&item[t.start..t.end]);
            }
        }
    }
    let mut scopes = vec![function_scope];
    let shadowed = |scopes: &[Scope<'_>], w: &str| scopes.iter().any(|s| s.declares(w));
    let mut j = 0;
    while let Some(t) = body.get(j) {
        match &t.tok {
            Tok::Punct('{') => {
                scopes.push(Scope::default());
                j += 1;
            }
            Tok::Punct('}') => {
                if scopes.len() > 1 {
                    scopes.pop();
                }
                j += 1;
            }
            Tok::Punct(';') => j += 1,
            Tok::Word(_) if body.get(j + 1).is_some_and(|n| n.tok == Tok::Punct(':')) => {
                j += 2; // a label
            }
            Tok::Word(w) if is_declaration(w) => {
                // `.reg .b32 a, b<4>, c[2] = {...};`: names before `=` are declared in the
                // innermost scope; words after it are references.
                let mut initialiser = false;
                let mut brackets = 0usize;
                j += 1;
                while let Some(t) = body.get(j) {
                    match &t.tok {
                        Tok::Punct(';') => break,
                        Tok::Punct('=') => initialiser = true,
                        Tok::Punct('[') => brackets += 1,
                        Tok::Punct(']') => brackets = brackets.saturating_sub(1),
                        Tok::Word(w) if !w.starts_with('.') => {
                            let name = &item[t.start..t.end];
                            if initialiser {
                                if !shadowed(&scopes, name) {
                                    rename(&mut edits, t);
                                }
                            } else if brackets == 0 {
                                let count = match (body.get(j + 1), body.get(j + 2)) {
                                    (
                                        Some(lt),
                                        Some(Spanned {
                                            tok: Tok::Int(n), ..
                                        }),
                                    ) if lt.tok == Tok::Punct('<') => Some(*n),
                                    _ => None,
                                };
                                if let Some(scope) = scopes.last_mut() {
                                    match count {
                                        Some(n) => {
                                            let c = scope.families.entry(name).or_insert(0);
                                            *c = (*c).max(n);
                                        }
                                        None => {
                                            scope.names.insert(name);
                                        }
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
            }
            Tok::Word(w) if w == ".loc" => {
                // A debug location: numbers and debug labels to the end of its line.
                let line = t.pos.line;
                while body.get(j).is_some_and(|n| n.pos.line == line) {
                    j += 1;
                }
            }
            Tok::Word(w) if w == ".callprototype" || w == ".pragma" => {
                // A signature's parameter names, a pragma's strings: no references.
                while body.get(j).is_some_and(|n| n.tok != Tok::Punct(';')) {
                    j += 1;
                }
            }
            _ => {
                // An instruction, `[@[!]p] opcode operands;`, or a directive with operands
                // (`.calltargets f, g;`). The opcode is not a reference.
                if t.tok == Tok::Punct('@') {
                    j += 1;
                    if body.get(j).is_some_and(|n| n.tok == Tok::Punct('!')) {
                        j += 1;
                    }
                    if let Some(p) = body.get(j) {
                        if !shadowed(&scopes, &item[p.start..p.end]) {
                            rename(&mut edits, p);
                        }
                        j += 1;
                    }
                }
                j += 1; // the opcode
                        // Operands up to `;` (braces here are vector operands, not blocks).
                while let Some(o) = body.get(j) {
                    if o.tok == Tok::Punct(';') {
                        break;
                    }
                    if let Tok::Word(w) = &o.tok {
                        if !w.starts_with('.') && !shadowed(&scopes, &item[o.start..o.end]) {
                            rename(&mut edits, o);
                        }
                    }
                    j += 1;
                }
            }
        }
    }
    edits
}

/// Whether the item is a function (`.entry` or `.func` before any `=`).
fn is_function(tokens: &[Spanned]) -> bool {
    tokens
        .iter()
        .take_while(|t| t.tok != Tok::Punct('=') && t.tok != Tok::Punct('{'))
        .any(|t| matches!(&t.tok, Tok::Word(w) if w == ".entry" || w == ".func"))
}

/// Whether token `j` of a body starts a statement (after `{`, `}`, `;` or a label's `:`).
fn statement_start(body: &[Spanned], j: usize) -> bool {
    match j.checked_sub(1).and_then(|p| body.get(p)) {
        None => true,
        Some(p) => matches!(p.tok, Tok::Punct('{' | '}' | ';' | ':')),
    }
}

/// A state space that declares names inside a function.
fn is_declaration(word: &str) -> bool {
    matches!(
        word,
        ".reg" | ".local" | ".shared" | ".param" | ".const" | ".global" | ".tex" | ".sreg"
    )
}

/// The tokens of `text` with their spans, up to the first lexing error (the text has been
/// parsed already).
fn spanned(text: &str) -> Vec<Spanned> {
    let mut lexer = Lexer::new(text);
    let mut out = Vec::new();
    while let Some(Ok(t)) = lexer.next_spanned() {
        out.push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renamed(item: &str) -> String {
        let renames: HashMap<String, String> = [("g".to_string(), "g_9".to_string())].into();
        let mut out = String::new();
        let mut at = 0;
        for e in rename_edits(item, &renames) {
            out.push_str(&item[at..e.start]);
            out.push_str(&e.new);
            at = e.end;
        }
        out.push_str(&item[at..]);
        out
    }

    #[test]
    fn only_references_to_the_module_symbol_are_renamed() {
        assert_eq!(
            renamed(".global .u64 g = 1, p = generic(g);"),
            ".global .u64 g_9 = 1, p = generic(g_9);"
        );
        // A parameter, a register, a label and a block-scope local shadow `g`; the
        // opcode `g` of an (odd) instruction is not a reference.
        assert_eq!(
            renamed(".entry k(.param .u64 g) { ld.param.u64 %rd1, [g]; }"),
            ".entry k(.param .u64 g) { ld.param.u64 %rd1, [g]; }"
        );
        assert_eq!(
            renamed(".func f() { mov.u64 %rd1, g; { .reg .b64 g; mov.u64 g, 1; } bra g_end; g_end: mov.u64 %rd2, g; }"),
            ".func f() { mov.u64 %rd1, g_9; { .reg .b64 g; mov.u64 g, 1; } bra g_end; g_end: mov.u64 %rd2, g_9; }"
        );
        assert_eq!(
            renamed(".func f() { bra g; g: ret; }"),
            ".func f() { bra g; g: ret; }"
        );
        assert_eq!(
            renamed(".func g() { @%p1 call g, (); }"),
            ".func g_9() { @%p1 call g_9, (); }"
        );
    }

    #[test]
    fn numbered_families_are_names_in_use() {
        let used = UsedNames::of(".reg .b32 g_<3>; .reg .b32 %r1<20>;");
        assert!(used.contains("g_2"));
        assert!(!used.contains("g_3"));
        assert!(used.contains("%r112"));
        assert!(!used.contains("%r102x"));
        assert!(!used.contains("g_02"));
        assert!(used.contains("%r1"));
    }
}
