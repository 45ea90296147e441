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

fn is_word_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '$' | '%' | '.')
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')
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
    line: u32,
    col: u32,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            i: 0,
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

    /// The next token and where it starts, an error, or `None` at the end of the text.
    fn token(&mut self) -> Option<Result<(Tok, Pos), PtxError>> {
        let text = self.text;
        let bytes = text.as_bytes();
        loop {
            let c = self.at(self.i)?;
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
                while let Some(ch) = self.at(self.i).filter(|&ch| ch != '\n') {
                    self.advance(ch);
                }
                continue;
            }
            if c == '/' && next == Some('*') {
                self.advance('/');
                self.advance('*');
                loop {
                    let Some(ch) = self.at(self.i) else {
                        return err("unterminated /* comment".into());
                    };
                    if ch == '*' && self.at(self.i + 1) == Some('/') {
                        self.advance('*');
                        self.advance('/');
                        break;
                    }
                    self.advance(ch);
                }
                continue;
            }
            if c == '"' {
                self.advance(c);
                let start = self.i;
                loop {
                    match self.at(self.i) {
                        None | Some('\n') => return err("unterminated string".into()),
                        Some('"') => break,
                        Some(ch) => self.advance(ch),
                    }
                }
                let s = text[start..self.i].to_string();
                self.advance('"');
                return Some(Ok((Tok::Str(s), pos)));
            }
            if c.is_ascii_digit() {
                let start = self.i;
                while let Some(ch) = self.at(self.i).filter(|&ch| {
                    ch.is_ascii_alphanumeric()
                        || ch == '.'
                        || ((ch == '-' || ch == '+')
                            && matches!(bytes[self.i - 1], b'e' | b'E')
                            && !text[start..self.i].contains(['x', 'X', 'f', 'd']))
                }) {
                    self.advance(ch);
                }
                let lit = &text[start..self.i];
                return Some(match number(lit) {
                    Some(tok) => Ok((tok, pos)),
                    None => Err(PtxError {
                        pos,
                        message: format!("`{lit}` is not a number"),
                    }),
                });
            }
            if is_word_start(c) {
                let start = self.i;
                self.advance(c);
                // `.` does not split words: `ld.global.f32` is one word; the parser splits it.
                // A directive is one word to its next `.`: `.reg.b32` (as cuda_fp16.h's inline
                // assembly writes it) is `.reg` then `.b32`.
                let directive = c == '.';
                loop {
                    match self.at(self.i) {
                        Some(ch) if is_word_char(ch) && !(directive && ch == '.') => {
                            self.advance(ch)
                        }
                        // A state space or modifier with a qualifier, as PTX 7.8+ writes
                        // them inside an opcode: `mbarrier.arrive.shared::cta.b64`,
                        // `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`.
                        Some(':')
                            if !directive
                                && self.at(self.i + 1) == Some(':')
                                && self.at(self.i + 2).is_some_and(is_word_char) =>
                        {
                            self.advance(':');
                            self.advance(':');
                        }
                        _ => break,
                    }
                }
                return Some(Ok((Tok::Word(text[start..self.i].to_string()), pos)));
            }
            self.advance(c);
            if "{}()[];,:+-!@<>=|".contains(c) {
                return Some(Ok((Tok::Punct(c), pos)));
            }
            return err(format!("unexpected character `{c}`"));
        }
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
