//! A PTX module cut into its top-level items (a directive, a variable declaration, a
//! function), each with the byte span of its text: what the PTX linker copies, drops or
//! rewrites one at a time. The cut keeps spans, not tokens: an item is lexed again only
//! when it is rewritten, so a module costs a few words per item, whatever its size.

use crate::image::ptx::lexer::{Lexer, Pos, PtxError, Spanned, Tok};

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
    /// Its text: `text[start..stop]`.
    pub start: usize,
    pub stop: usize,
    /// Where it starts (what the parser records as a declaration's position).
    pub pos: Pos,
    /// A `.file` item's number.
    pub file_number: Option<i128>,
}

/// A module's items, in order.
pub(super) struct Cut {
    pub items: Vec<Item>,
}

impl Cut {
    /// Cuts `text`, lexing it once; a lexing error is returned as the lexer reports it.
    pub fn new(text: &str) -> Result<Cut, PtxError> {
        let mut tokens = Tokens::new(text)?;
        let mut items = Vec::new();
        while let Some(first) = tokens.next()? {
            let start = first.start;
            let mut file_number = None;
            let (kind, stop) = match &first.tok {
                Tok::Word(w) if matches!(w.as_str(), ".version" | ".address_size") => {
                    // One operand, wherever it is (the parser reads tokens, not lines).
                    let end = tokens.next()?.map_or(first.end, |t| t.end);
                    (ItemKind::Header, end)
                }
                Tok::Word(w) if w == ".target" => {
                    let end = tokens.next()?.map_or(first.end, |t| t.end);
                    (ItemKind::Header, tokens.list_end(end)?)
                }
                Tok::Word(w) if w == ".file" => {
                    // `.file n ["name"] [, timestamp, size]`
                    let mut end = first.end;
                    if let Some(t) = tokens.next_if(|t| matches!(t, Tok::Int(_)))? {
                        if let Tok::Int(n) = t.tok {
                            file_number = Some(n);
                        }
                        end = t.end;
                    }
                    if let Some(t) = tokens.next_if(|t| matches!(t, Tok::Str(_)))? {
                        end = t.end;
                    }
                    (ItemKind::File, tokens.list_end(end)?)
                }
                Tok::Punct('@') => {
                    tokens.skip_line(first.pos.line)?;
                    (ItemKind::Debug, line_end(text, start))
                }
                Tok::Word(w) if w == ".section" => {
                    (ItemKind::Debug, tokens.balanced_end(first.end)?)
                }
                _ => (ItemKind::Decl, tokens.declaration_end(&first)?),
            };
            items.push(Item {
                kind,
                start,
                stop: stop.max(first.end),
                pos: first.pos,
                file_number,
            });
        }
        Ok(Cut { items })
    }

    /// The item that holds position `pos` (a declaration's), if any.
    pub fn item_at(&self, pos: Pos) -> Option<usize> {
        let key = |p: Pos| (p.line, p.col);
        let after = self.items.partition_point(|item| key(item.pos) <= key(pos));
        after.checked_sub(1)
    }
}

/// The end of the line holding byte `at` (before its newline).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n)
}

/// A module's tokens, one at a time, with one of lookahead.
struct Tokens<'a> {
    lexer: Lexer<'a>,
    ahead: Option<Spanned>,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Result<Self, PtxError> {
        let mut lexer = Lexer::new(text);
        let ahead = lexer.next_spanned().transpose()?;
        Ok(Tokens { lexer, ahead })
    }

    fn peek(&self) -> Option<&Spanned> {
        self.ahead.as_ref()
    }

    fn next(&mut self) -> Result<Option<Spanned>, PtxError> {
        let next = self.lexer.next_spanned().transpose()?;
        Ok(std::mem::replace(&mut self.ahead, next))
    }

    /// The next token if `want` accepts it.
    fn next_if(&mut self, want: impl Fn(&Tok) -> bool) -> Result<Option<Spanned>, PtxError> {
        match self.peek() {
            Some(t) if want(&t.tok) => self.next(),
            _ => Ok(None),
        }
    }

    /// Passes `, operand` pairs; the byte after the last (`end` when there is none).
    fn list_end(&mut self, mut end: usize) -> Result<usize, PtxError> {
        while self.next_if(|t| *t == Tok::Punct(','))?.is_some() {
            match self.next()? {
                Some(t) => end = t.end,
                None => break,
            }
        }
        Ok(end)
    }

    /// Passes the tokens on `line`.
    fn skip_line(&mut self, line: u32) -> Result<(), PtxError> {
        while self.peek().is_some_and(|t| t.pos.line == line) {
            self.next()?;
        }
        Ok(())
    }

    /// Passes the tokens up to the `}` that closes the first `{`; the byte after it (or
    /// `end`, the last byte passed, at the end of the text).
    fn balanced_end(&mut self, mut end: usize) -> Result<usize, PtxError> {
        let mut depth = 0usize;
        while let Some(t) = self.next()? {
            end = t.end;
            match t.tok {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        Ok(end)
    }

    /// Passes a declaration that starts with `first`: up to its `;` at brace depth 0, or,
    /// for a function (`.entry`/`.func` before any `=`), the `}` that closes its body. The
    /// byte after its last token.
    fn declaration_end(&mut self, first: &Spanned) -> Result<usize, PtxError> {
        let mut depth = 0usize;
        let mut function = false;
        let mut initialiser = false;
        let mut t = first.clone();
        loop {
            match &t.tok {
                Tok::Word(w) if depth == 0 && !initialiser && (w == ".entry" || w == ".func") => {
                    function = true
                }
                Tok::Punct('=') if depth == 0 => initialiser = true,
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && function {
                        return Ok(t.end);
                    }
                }
                Tok::Punct(';') if depth == 0 => return Ok(t.end),
                _ => {}
            }
            match self.next()? {
                Some(next) => t = next,
                None => return Ok(t.end),
            }
        }
    }
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
    fn spans_count_bytes_after_multibyte_characters() {
        let text = "// é\n.version 8.0 // ü\n.global .u32 ü_not_a_word;";
        // The lexer refuses the non-ASCII word.
        assert!(Cut::new(text).is_err());
        let ok = "/* é */ .version 8.0\n.global .u32 x; /* ü */ .global .u32 y;";
        let cut = Cut::new(ok).unwrap();
        let shown: Vec<&str> = cut.items.iter().map(|i| &ok[i.start..i.stop]).collect();
        assert_eq!(
            shown,
            [".version 8.0", ".global .u32 x;", ".global .u32 y;"]
        );
    }

    #[test]
    fn a_one_line_module_of_many_items_is_cut_in_linear_time() {
        // Each token's offset used to be found by walking its line from the start.
        let mut text = String::from(".version 8.0\n");
        for i in 0..50_000 {
            text.push_str(&format!(".global .u32 v{i}; "));
        }
        let start = std::time::Instant::now();
        let cut = Cut::new(&text).unwrap();
        assert_eq!(cut.items.len(), 50_001);
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }
}
