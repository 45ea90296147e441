//! PTX tokens, each with its line and column.

use std::fmt;

/// Where a token starts: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// A PTX token.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// A name: identifier, register (`%r1`), label (`$L__BB0_2`), or a dotted word
    /// (`.entry`, `.u32`) — the dot is kept.
    Word(String),
    /// An integer literal (decimal, hex `0x`, octal `0`, binary `0b`), with `U` suffix dropped.
    Int(i128),
    /// A floating-point literal: decimal, or exact hex `0f3F800000` / `0d3FF0000000000000`
    /// (kept as bits so no rounding happens).
    Float(FloatLit),
    /// A string literal.
    Str(String),
    /// Punctuation: one of `{ } ( ) [ ] ; , : + - ! @ < > = |`.
    Punct(char),
}

/// A floating-point literal as written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FloatLit {
    /// `0fXXXXXXXX`: the bits of an f32.
    F32Bits(u32),
    /// `0dXXXXXXXXXXXXXXXX`: the bits of an f64.
    F64Bits(u64),
    /// A decimal literal such as `1.5` or `1e-3`.
    Decimal(f64),
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Word(w) => write!(f, "`{w}`"),
            Tok::Int(i) => write!(f, "`{i}`"),
            Tok::Float(x) => write!(f, "`{x:?}`"),
            Tok::Str(s) => write!(f, "{s:?}"),
            Tok::Punct(c) => write!(f, "`{c}`"),
        }
    }
}

/// A lexing or parsing error at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PtxError {
    /// Where.
    pub pos: Pos,
    /// What.
    pub message: String,
}

impl fmt::Display for PtxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PTX error at line {}, column {}: {}",
            self.pos.line, self.pos.col, self.message
        )
    }
}

/// The longest number literal read (PTX writes floats in hex: real literals are short).
const MAX_NUMBER_LEN: usize = 4096;

fn is_word_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '$' | '%' | '.')
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')
}

/// A token with where it is: its position and its bytes `start..end` of the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned {
    /// The token.
    pub tok: Tok,
    /// Its line and column.
    pub pos: Pos,
    /// The byte offset of its first character.
    pub start: usize,
    /// The byte offset after its last character.
    pub end: usize,
}

/// Splits PTX text into tokens. Reads the text in place (no copy of it).
pub fn lex(text: &str) -> Result<Vec<(Tok, Pos)>, PtxError> {
    Lexer::new(text).collect()
}

/// PTX tokens one at a time, read in place: what the parser uses, so a module's tokens
/// are never all in memory at once. After an error it goes on past the bad character,
/// number or string, so that a parser can resynchronise (at a function's closing brace);
/// an unterminated comment ends the text.
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character (always a character boundary).
    i: usize,
    /// Byte offset of the token being read.
    start: usize,
    line: u32,
    col: u32,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            i: 0,
            start: 0,
            line: 1,
            col: 1,
        }
    }

    /// The character at byte `i`.
    fn at(&self, i: usize) -> Option<char> {
        self.text.get(i..).and_then(|t| t.chars().next())
    }

    fn advance(&mut self, c: char) {
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    /// The next token with its position and byte span (`start..end` of the text), an error,
    /// or `None` at the end of the text: what a caller that copies or rewrites the text
    /// around tokens needs (the PTX linker), found as the token is read rather than by
    /// walking the line again from its start.
    pub fn next_spanned(&mut self) -> Option<Result<Spanned, PtxError>> {
        let (tok, pos) = match self.token()? {
            Ok(t) => t,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(Spanned {
            tok,
            pos,
            start: self.start,
            end: self.i,
        }))
    }

    /// Moves to byte `end` (a character boundary after the position), counting the lines
    /// and columns of the text passed.
    fn skip_to(&mut self, end: usize) {
        let passed = &self.text[self.i..end];
        match passed.rfind('\n') {
            Some(last) => {
                let lines = passed.bytes().filter(|&b| b == b'\n').count();
                self.line = self.line.saturating_add(lines as u32);
                self.col = 1u32.saturating_add(passed[last + 1..].chars().count() as u32);
            }
            None => self.col = self.col.saturating_add(passed.chars().count() as u32),
        }
        self.i = end;
    }

    /// Moves past ASCII bytes `self.i..end` that hold no newline.
    fn skip_ascii(&mut self, end: usize) {
        self.col = self.col.saturating_add((end - self.i) as u32);
        self.i = end;
    }

    /// The end of the run of bytes from `from` that `keep` accepts.
    fn run(&self, from: usize, keep: impl Fn(u8) -> bool) -> usize {
        self.run_within(from, self.text.len(), keep)
    }

    /// [`run`](Lexer::run), stopping at byte `to` at the latest.
    fn run_within(&self, from: usize, to: usize, keep: impl Fn(u8) -> bool) -> usize {
        let to = to.min(self.text.len());
        self.text
            .as_bytes()
            .get(from..to)
            .and_then(|rest| rest.iter().position(|&b| !keep(b)))
            .map_or(to.max(from), |n| from + n)
    }

    /// The next token and where it starts, an error, or `None` at the end of the text.
    ///
    /// Linear in the text: runs of spaces, comments, words and numbers are passed a byte
    /// slice at a time (PTX is ASCII outside comments and strings), never by looking back
    /// over what was read.
    fn token(&mut self) -> Option<Result<(Tok, Pos), PtxError>> {
        let text = self.text;
        let bytes = text.as_bytes();
        loop {
            // ASCII blanks, the common case, without decoding characters.
            loop {
                match bytes.get(self.i) {
                    Some(b'\n') => {
                        self.i += 1;
                        self.line = self.line.saturating_add(1);
                        self.col = 1;
                    }
                    Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => {
                        // Long runs of spaces (padding) a block at a time (`memcmp`).
                        const BLOCK: usize = 256;
                        static SPACES: [u8; BLOCK] = [b' '; BLOCK];
                        let mut end = self.i;
                        while bytes.get(end..end + BLOCK) == Some(&SPACES[..]) {
                            end += BLOCK;
                        }
                        let end =
                            self.run(end, |b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c));
                        self.skip_ascii(end);
                    }
                    _ => break,
                }
            }
            let c = self.at(self.i)?;
            self.start = self.i;
            let pos = Pos {
                line: self.line,
                col: self.col,
            };
            let err = |message: String| Some(Err(PtxError { pos, message }));
            if c.is_whitespace() {
                self.advance(c);
                continue;
            }
            let next = self.at(self.i + c.len_utf8());
            if c == '/' && next == Some('/') {
                let end = text[self.i..].find('\n').map_or(text.len(), |n| self.i + n);
                self.skip_to(end);
                continue;
            }
            if c == '/' && next == Some('*') {
                match text[self.i + 2..].find("*/") {
                    Some(n) => self.skip_to(self.i + 2 + n + 2),
                    None => {
                        self.skip_to(text.len());
                        return err("unterminated /* comment".into());
                    }
                }
                continue;
            }
            if c == '"' {
                self.advance(c);
                let start = self.i;
                let end = self.run(start, |b| b != b'"' && b != b'\n');
                self.skip_to(end);
                if bytes.get(end) != Some(&b'"') {
                    return err("unterminated string".into());
                }
                let s = text[start..end].to_string();
                self.advance('"');
                return Some(Ok((Tok::Str(s), pos)));
            }
            if c.is_ascii_digit() {
                let start = self.i;
                // A sign belongs to a decimal exponent (`1e-3`), not to a hex number
                // (`0x1e`) or float bits (`0f3F80...`): known from the prefix, read once.
                let hex = matches!(
                    bytes.get(start + 1),
                    Some(b'x' | b'X' | b'f' | b'F' | b'd' | b'D')
                ) && c == '0';
                let mut end = start;
                loop {
                    end = self.run_within(end, start + MAX_NUMBER_LEN + 1, |b| {
                        b.is_ascii_alphanumeric() || b == b'.'
                    });
                    if end - start > MAX_NUMBER_LEN {
                        // No literal is this long: refused here, without reading the rest
                        // (a lexer that goes on reads it as further tokens).
                        end = start + MAX_NUMBER_LEN;
                        self.skip_ascii(end);
                        return err(format!(
                            "a number of more than {MAX_NUMBER_LEN} characters (`{}`)",
                            shorten(&text[start..end])
                        ));
                    }
                    let signed_exponent = !hex
                        && matches!(bytes.get(end), Some(b'-' | b'+'))
                        && matches!(
                            end.checked_sub(1).and_then(|p| bytes.get(p)),
                            Some(b'e' | b'E')
                        );
                    if !signed_exponent {
                        break;
                    }
                    end += 1;
                }
                self.skip_ascii(end);
                let lit = &text[start..end];
                return Some(match number(lit) {
                    Some(tok) => Ok((tok, pos)),
                    None => Err(PtxError {
                        pos,
                        message: format!("`{}` is not a number", shorten(lit)),
                    }),
                });
            }
            if is_word_start(c) {
                let start = self.i;
                // `.` does not split words: `ld.global.f32` is one word; the parser splits it.
                // A directive is one word to its next `.`: `.reg.b32` (as cuda_fp16.h's inline
                // assembly writes it) is `.reg` then `.b32`.
                let directive = c == '.';
                let mut end = start + c.len_utf8();
                loop {
                    end = self.run(end, |b| {
                        b.is_ascii_alphanumeric()
                            || b == b'_'
                            || b == b'$'
                            || (b == b'.' && !directive)
                    });
                    // A state space or modifier with a qualifier, as PTX 7.8+ writes
                    // them inside an opcode: `mbarrier.arrive.shared::cta.b64`,
                    // `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`.
                    let qualified = !directive
                        && bytes.get(end) == Some(&b':')
                        && bytes.get(end + 1) == Some(&b':')
                        && bytes.get(end + 2).is_some_and(|&b| is_word_char(b as char));
                    if !qualified {
                        break;
                    }
                    end += 2;
                }
                self.skip_ascii(end);
                return Some(Ok((Tok::Word(text[start..end].to_string()), pos)));
            }
            self.advance(c);
            if "{}()[];,:+-!@<>=|".contains(c) {
                return Some(Ok((Tok::Punct(c), pos)));
            }
            return err(format!("unexpected character `{c}`"));
        }
    }
}

/// A literal for a message: up to 64 characters, then `...`.
fn shorten(lit: &str) -> String {
    match lit.char_indices().nth(64) {
        Some((cut, _)) => format!("{}...", &lit[..cut]),
        None => lit.to_string(),
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<(Tok, Pos), PtxError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.token()
    }
}

fn number(lit: &str) -> Option<Tok> {
    let l = lit.to_ascii_lowercase();
    if let Some(h) = l.strip_prefix("0f").filter(|h| h.len() == 8) {
        return u32::from_str_radix(h, 16)
            .ok()
            .map(|b| Tok::Float(FloatLit::F32Bits(b)));
    }
    if let Some(h) = l.strip_prefix("0d").filter(|h| h.len() == 16) {
        return u64::from_str_radix(h, 16)
            .ok()
            .map(|b| Tok::Float(FloatLit::F64Bits(b)));
    }
    let int = l.strip_suffix('u').unwrap_or(&l);
    if let Some(h) = int.strip_prefix("0x") {
        return i128::from_str_radix(h, 16).ok().map(Tok::Int);
    }
    if let Some(b) = int.strip_prefix("0b") {
        return i128::from_str_radix(b, 2).ok().map(Tok::Int);
    }
    if int.len() > 1 && int.starts_with('0') && int.chars().all(|c| c.is_ascii_digit()) {
        return i128::from_str_radix(&int[1..], 8).ok().map(Tok::Int);
    }
    if int.chars().all(|c| c.is_ascii_digit()) {
        return int.parse::<i128>().ok().map(Tok::Int);
    }
    l.parse::<f64>()
        .ok()
        .map(|f| Tok::Float(FloatLit::Decimal(f)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn qualified_modifiers_stay_in_the_opcode_word() {
        assert_eq!(
            toks("mbarrier.arrive.shared::cta.b64 _, [b]; L1: ret;"),
            vec![
                Tok::Word("mbarrier.arrive.shared::cta.b64".into()),
                Tok::Word("_".into()),
                Tok::Punct(','),
                Tok::Punct('['),
                Tok::Word("b".into()),
                Tok::Punct(']'),
                Tok::Punct(';'),
                Tok::Word("L1".into()),
                Tok::Punct(':'),
                Tok::Word("ret".into()),
                Tok::Punct(';'),
            ]
        );
        // A lone `:` or `::` followed by no word character still splits.
        assert_eq!(toks("a::")[1], Tok::Punct(':'));
    }

    #[test]
    fn words_numbers_and_punctuation() {
        assert_eq!(
            toks("ld.global.f32 %f2, [%rd6+4]; // c"),
            vec![
                Tok::Word("ld.global.f32".into()),
                Tok::Word("%f2".into()),
                Tok::Punct(','),
                Tok::Punct('['),
                Tok::Word("%rd6".into()),
                Tok::Punct('+'),
                Tok::Int(4),
                Tok::Punct(']'),
                Tok::Punct(';'),
            ]
        );
        assert_eq!(
            toks("0f3F800000")[0],
            Tok::Float(FloatLit::F32Bits(0x3f80_0000))
        );
        assert_eq!(
            toks("0d3FF0000000000000")[0],
            Tok::Float(FloatLit::F64Bits(0x3ff0_0000_0000_0000))
        );
        assert_eq!(
            toks("0xFFu 010 0b11 1.5e-3"),
            vec![
                Tok::Int(255),
                Tok::Int(8),
                Tok::Int(3),
                Tok::Float(FloatLit::Decimal(1.5e-3))
            ]
        );
    }

    #[test]
    fn spans_are_byte_ranges_of_the_text() {
        let text = "/* é */ ld.global.u32 %r1, [g+4]; // ü\n\"s\" 0f3F800000";
        let mut lexer = Lexer::new(text);
        let mut shown = Vec::new();
        while let Some(t) = lexer.next_spanned() {
            let t = t.unwrap();
            shown.push(&text[t.start..t.end]);
        }
        assert_eq!(
            shown,
            [
                "ld.global.u32",
                "%r1",
                ",",
                "[",
                "g",
                "+",
                "4",
                "]",
                ";",
                "\"s\"",
                "0f3F800000"
            ]
        );
    }

    #[test]
    fn positions_and_errors() {
        let t = lex("a\n  /* x\n */ b").unwrap();
        assert_eq!(t[1].1, Pos { line: 3, col: 5 });
        let e = lex("a\n  #").unwrap_err();
        assert_eq!(e.pos, Pos { line: 2, col: 3 });
        assert!(lex("/* never closed").is_err());
        assert!(lex("\"open").is_err());
        assert!(lex("0x").is_err());
    }

    #[test]
    fn lexing_goes_on_after_an_error() {
        let items: Vec<_> = Lexer::new("a # b \"open\n c 0x d /* end").collect();
        let kinds: Vec<Result<Tok, u32>> = items
            .into_iter()
            .map(|r| r.map(|(t, _)| t).map_err(|e| e.pos.col + 100 * e.pos.line))
            .collect();
        assert_eq!(
            kinds,
            vec![
                Ok(Tok::Word("a".into())),
                Err(103),
                Ok(Tok::Word("b".into())),
                Err(107),
                Ok(Tok::Word("c".into())),
                Err(204),
                Ok(Tok::Word("d".into())),
                Err(209),
            ]
        );
    }
}
