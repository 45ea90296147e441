//! A PTX module cut into its top-level items (a directive, a variable declaration, a
//! function), each with the byte span of its text and the range of its tokens: what the PTX
//! linker copies, drops or rewrites one at a time.

use crate::image::ptx::lexer::{self, Pos, Tok};

/// What a top-level item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ItemKind {
    /// `.version`, `.target` or `.address_size`: the linked module gets one of each.
    Header,
    /// `.file <n> "name"`: numbered per module, renumbered when linked.
    File,
    /// `.section .debug_*` or `@@DWARF`: debug information.
    Debug,
    /// A variable or function declaration or definition, `.alias` or `.pragma`.
    Decl,
}

/// One top-level item.
#[derive(Debug, Clone)]
pub(super) struct Item {
    pub kind: ItemKind,
    /// Its tokens: `tokens[first..end]` of the module.
    pub first: usize,
    pub end: usize,
    /// Its text: `text[start..stop]`.
    pub start: usize,
    pub stop: usize,
    /// Where it starts (what the parser records as a declaration's position).
    pub pos: Pos,
}

/// A module's tokens with their byte offsets, and its items.
pub(super) struct Cut {
    pub tokens: Vec<(Tok, Pos)>,
    /// Byte offset of each token's first character.
    pub offsets: Vec<usize>,
    pub items: Vec<Item>,
}

impl Cut {
    /// Cuts `text`; a lexing error is returned as the lexer reports it.
    pub fn new(text: &str) -> Result<Cut, lexer::PtxError> {
        let tokens = lexer::lex(text)?;
        let offsets = byte_offsets(text, &tokens);
        let items = items(text, &tokens, &offsets);
        Ok(Cut {
            tokens,
            offsets,
            items,
        })
    }

    /// The item that holds position `pos` (a declaration's), if any.
    pub fn item_at(&self, pos: Pos) -> Option<usize> {
        let key = |p: Pos| (p.line, p.col);
        let after = self.items.partition_point(|item| key(item.pos) <= key(pos));
        after.checked_sub(1)
    }
}

/// The byte offset of every token, from its line and column (columns count characters).
fn byte_offsets(text: &str, tokens: &[(Tok, Pos)]) -> Vec<usize> {
    let mut line_starts = vec![0usize];
    line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    tokens
        .iter()
        .map(|(_, pos)| {
            let start = line_starts
                .get(pos.line.saturating_sub(1) as usize)
                .copied()
                .unwrap_or(text.len());
            let line = &text[start..];
            let col = pos.col.saturating_sub(1) as usize;
            start
                + line
                    .char_indices()
                    .nth(col)
                    .map(|(i, _)| i)
                    .unwrap_or(line.len())
        })
        .collect()
}

/// The end of the line holding byte `at` (before its newline).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n)
}

fn items(text: &str, tokens: &[(Tok, Pos)], offsets: &[usize]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let (first_tok, pos) = &tokens[i];
        let start = offsets[i];
        let same_line = |from: usize| {
            let mut j = from;
            while j < tokens.len() && tokens[j].1.line == pos.line {
                j += 1;
            }
            j
        };
        let (kind, end, stop) = match first_tok {
            Tok::Word(w) if matches!(w.as_str(), ".version" | ".target" | ".address_size") => {
                (ItemKind::Header, same_line(i), line_end(text, start))
            }
            Tok::Word(w) if w == ".file" => (ItemKind::File, same_line(i), line_end(text, start)),
            Tok::Punct('@') => (ItemKind::Debug, same_line(i), line_end(text, start)),
            Tok::Word(w) if w == ".section" => {
                let end = balanced_end(tokens, i);
                (ItemKind::Debug, end, token_stop(offsets, end))
            }
            _ => {
                let end = declaration_end(tokens, i);
                (ItemKind::Decl, end, token_stop(offsets, end))
            }
        };
        items.push(Item {
            kind,
            first: i,
            end: end.max(i + 1),
            start,
            stop,
            pos: *pos,
        });
        i = end.max(i + 1);
    }
    items
}

/// The byte after the last token of `tokens[..end]` when that token is punctuation (`;`
/// or `}`, which end items), else the offset of the next token.
fn token_stop(offsets: &[usize], end: usize) -> usize {
    match end.checked_sub(1).and_then(|last| offsets.get(last)) {
        Some(&o) => o + 1,
        None => 0,
    }
}

/// The token after the `}` that closes the first `{` from `i` on.
fn balanced_end(tokens: &[(Tok, Pos)], i: usize) -> usize {
    let mut depth = 0usize;
    for (j, (t, _)) in tokens.iter().enumerate().skip(i) {
        match t {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The token after a declaration that starts at `i`: after its `;` at brace depth 0, or,
/// for a function (`.entry`/`.func` before any `=`), after the `}` that closes its body.
fn declaration_end(tokens: &[(Tok, Pos)], i: usize) -> usize {
    let mut depth = 0usize;
    let mut function = false;
    let mut initialiser = false;
    for (j, (t, _)) in tokens.iter().enumerate().skip(i) {
        match t {
            Tok::Word(w) if depth == 0 && !initialiser && (w == ".entry" || w == ".func") => {
                function = true
            }
            Tok::Punct('=') if depth == 0 => initialiser = true,
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 && function {
                    return j + 1;
                }
            }
            Tok::Punct(';') if depth == 0 => return j + 1,
            _ => {}
        }
    }
    tokens.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_cut_at_their_ends() {
        let text = "//c\n.version 8.0\n.target sm_80\n.address_size 64\n.file 1 \"a.cu\"\n\
            .global .u32 a[2] = {1, 2};\n.extern .func (.param .b32 r) f(.param .b32 x);\n\
            .visible .entry k() { { ret; } }\n.section .debug_info { .b8 1 }\n";
        let cut = Cut::new(text).unwrap();
        let shown: Vec<(ItemKind, &str)> = cut
            .items
            .iter()
            .map(|i| (i.kind, &text[i.start..i.stop]))
            .collect();
        assert_eq!(
            shown,
            [
                (ItemKind::Header, ".version 8.0"),
                (ItemKind::Header, ".target sm_80"),
                (ItemKind::Header, ".address_size 64"),
                (ItemKind::File, ".file 1 \"a.cu\""),
                (ItemKind::Decl, ".global .u32 a[2] = {1, 2};"),
                (
                    ItemKind::Decl,
                    ".extern .func (.param .b32 r) f(.param .b32 x);"
                ),
                (ItemKind::Decl, ".visible .entry k() { { ret; } }"),
                (ItemKind::Debug, ".section .debug_info { .b8 1 }"),
            ]
        );
        assert_eq!(cut.item_at(Pos { line: 8, col: 1 }), Some(6));
    }

    #[test]
    fn offsets_count_characters_not_bytes() {
        let text = "// é\n.version 8.0 // ü\n.global .u32 ü_not_a_word;";
        // The lexer refuses the non-ASCII word; the offsets before it are still right.
        assert!(Cut::new(text).is_err());
        let ok = "/* é */ .version 8.0";
        let cut = Cut::new(ok).unwrap();
        assert_eq!(&ok[cut.offsets[0]..cut.offsets[0] + 8], ".version");
    }
}
