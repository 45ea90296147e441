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

/// Splits PTX text into tokens.
pub fn lex(text: &str) -> Result<Vec<(Tok, Pos)>, PtxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    let advance = |i: &mut usize, line: &mut u32, col: &mut u32, c: char| {
        *i += 1;
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let pos = Pos { line, col };
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut col, c);
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            advance(&mut i, &mut line, &mut col, '/');
            advance(&mut i, &mut line, &mut col, '*');
            loop {
                if i >= chars.len() {
                    return Err(PtxError {
                        pos,
                        message: "unterminated /* comment".into(),
                    });
                }
                if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    advance(&mut i, &mut line, &mut col, '*');
                    advance(&mut i, &mut line, &mut col, '/');
                    break;
                }
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            continue;
        }
        if c == '"' {
            advance(&mut i, &mut line, &mut col, c);
            let mut s = String::new();
            loop {
                match chars.get(i) {
                    None | Some('\n') => {
                        return Err(PtxError {
                            pos,
                            message: "unterminated string".into(),
                        })
                    }
                    Some('"') => {
                        advance(&mut i, &mut line, &mut col, '"');
                        break;
                    }
                    Some(&ch) => {
                        s.push(ch);
                        advance(&mut i, &mut line, &mut col, ch);
                    }
                }
            }
            toks.push((Tok::Str(s), pos));
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || chars[i] == '.'
                    || ((chars[i] == '-' || chars[i] == '+')
                        && matches!(chars[i - 1], 'e' | 'E')
                        && !chars[start..i]
                            .iter()
                            .any(|c| matches!(c, 'x' | 'X' | 'f' | 'd'))))
            {
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            let lit: String = chars[start..i].iter().collect();
            let tok = number(&lit).ok_or_else(|| PtxError {
                pos,
                message: format!("`{lit}` is not a number"),
            })?;
            toks.push((tok, pos));
            continue;
        }
        if is_word_start(c) {
            let start = i;
            advance(&mut i, &mut line, &mut col, c);
            while i < chars.len() && is_word_char(chars[i]) {
                // `.` splits words (`ld.global.f32`) except right after the first char of a
                // directive, so `ld.global.f32` is one word; the parser splits on dots.
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            toks.push((Tok::Word(chars[start..i].iter().collect()), pos));
            continue;
        }
        if "{}()[];,:+-!@<>=|".contains(c) {
            toks.push((Tok::Punct(c), pos));
            advance(&mut i, &mut line, &mut col, c);
            continue;
        }
        return Err(PtxError {
            pos,
            message: format!("unexpected character `{c}`"),
        });
    }
    Ok(toks)
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
}
