//! Tokens: source text to a list of [`Token`]s (identifiers, numbers, character and string
//! literals, punctuators), each with its position and whether it starts a line (for `#`
//! directives) or follows white space (for `#define F(x)` versus `#define F (x)`).

use crate::diag::{Diag, Pos, Result};
use std::rc::Rc;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A name or keyword.
    Ident,
    /// A preprocessing number (`1`, `0x1Fu`, `1.5e-3f`).
    Num,
    /// A character literal (`'a'`).
    Char,
    /// A string literal (`"..."`).
    Str,
    /// An operator or punctuator.
    Punct,
}

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Kind,
    /// Its text as written.
    pub text: Rc<str>,
    /// Where it was written (for macro expansions: where the macro was used).
    pub pos: Pos,
    /// First token on its line.
    pub bol: bool,
    /// Preceded by white space.
    pub space: bool,
    /// Names of the macros whose expansion produced it (they do not expand again in it).
    pub hide: Rc<[Rc<str>]>,
}

impl Token {
    /// Whether this is the punctuator or identifier `s`.
    pub fn is(&self, s: &str) -> bool {
        matches!(self.kind, Kind::Punct | Kind::Ident) && &*self.text == s
    }
}

const PUNCTS: [&str; 50] = [
    "<<=", ">>=", "...", "->*", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", "::", "+", "-", "*", "/", "%", "&", "|",
    "^", "~", "!", "<", ">", "=", "?", ":", ";", ",", ".", "(", ")", "[", "]", "#", "{", "}",
];

/// Splits `text` (file number `file`) into tokens. Line continuations (`\` at the end of a
/// line) join lines.
pub fn tokenize(text: &str, file: u32) -> Result<Vec<Token>> {
    let src = text.as_bytes();
    let empty: Rc<[Rc<str>]> = Rc::from(Vec::new());
    let mut out = Vec::new();
    let mut i = 0usize;
    let mut bol = true;
    let mut space = false;
    let pos = |i: usize| Pos {
        file,
        offset: u32::try_from(i).unwrap_or(u32::MAX),
    };
    while i < src.len() {
        let c = src[i];
        if c == b'\n' {
            bol = true;
            space = false;
            i += 1;
            continue;
        }
        if c == b'\\' && src.get(i + 1) == Some(&b'\n') {
            i += 2;
            space = true;
            continue;
        }
        if c == b'\\' && src.get(i + 1) == Some(&b'\r') && src.get(i + 2) == Some(&b'\n') {
            i += 3;
            space = true;
            continue;
        }
        if c.is_ascii_whitespace() {
            space = true;
            i += 1;
            continue;
        }
        if c == b'/' && src.get(i + 1) == Some(&b'/') {
            while i < src.len() && src[i] != b'\n' {
                if src[i] == b'\\' && src.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                i += 1;
            }
            space = true;
            continue;
        }
        if c == b'/' && src.get(i + 1) == Some(&b'*') {
            let start = i;
            i += 2;
            loop {
                if i + 1 >= src.len() {
                    return Err(Diag::new(pos(start), "this comment is never closed")
                        .note("end it with */"));
                }
                if src[i] == b'*' && src[i + 1] == b'/' {
                    i += 2;
                    break;
                }
                i += 1;
            }
            space = true;
            continue;
        }
        let start = i;
        let kind = if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            while i < src.len()
                && (src[i].is_ascii_alphanumeric() || src[i] == b'_' || src[i] >= 0x80)
            {
                i += 1;
            }
            // PTX names are ASCII: a name with other characters could not be written out
            // (and a byte the input's UTF-8 decoding replaced would reach the PTX).
            if !text[start..i].is_ascii() {
                return Err(Diag::new(
                    pos(start),
                    format!(
                        "the name '{}' holds a character outside ASCII",
                        &text[start..i]
                    ),
                )
                .note("rename it with ASCII letters, digits and '_': PTX names are ASCII"));
            }
            // A prefixed literal such as u8"..." or L'x' is one token.
            if i < src.len()
                && (src[i] == b'"' || src[i] == b'\'')
                && matches!(&text[start..i], "L" | "u" | "U" | "u8")
            {
                i = quoted(src, i, pos(start))?;
                if src[start..].contains(&b'"') && text[start..i].ends_with('"') {
                    Kind::Str
                } else {
                    Kind::Char
                }
            } else {
                Kind::Ident
            }
        } else if c.is_ascii_digit()
            || (c == b'.' && src.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
            while i < src.len() {
                let d = src[i];
                if matches!(d, b'e' | b'E' | b'p' | b'P')
                    && matches!(src.get(i + 1), Some(b'+' | b'-'))
                {
                    i += 2;
                } else if d.is_ascii_alphanumeric()
                    || d == b'.'
                    || d == b'_'
                    || (d == b'\'' && src.get(i + 1).is_some_and(u8::is_ascii_alphanumeric))
                {
                    i += 1;
                } else {
                    break;
                }
            }
            Kind::Num
        } else if c == b'"' {
            i = quoted(src, i, pos(start))?;
            Kind::Str
        } else if c == b'\'' {
            i = quoted(src, i, pos(start))?;
            Kind::Char
        } else {
            let Some(p) = PUNCTS.iter().find(|p| src[i..].starts_with(p.as_bytes())) else {
                let ch = text[i..].chars().next().unwrap_or('?');
                return Err(
                    Diag::new(pos(i), format!("stray '{ch}' in the program")).note(
                        "remove it; CUDA C uses only these characters outside strings and comments",
                    ),
                );
            };
            i += p.len();
            Kind::Punct
        };
        out.push(Token {
            kind,
            text: Rc::from(&text[start..i]),
            pos: pos(start),
            bol,
            space,
            hide: empty.clone(),
        });
        bol = false;
        space = false;
    }
    Ok(out)
}

/// The end of the character or string literal whose opening quote is at `i`.
fn quoted(src: &[u8], mut i: usize, at: Pos) -> Result<usize> {
    let q = src[i];
    i += 1;
    while i < src.len() && src[i] != q {
        if src[i] == b'\n' {
            break;
        }
        if src[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    if i >= src.len() || src[i] != q {
        let what = if q == b'"' {
            "string"
        } else {
            "character constant"
        };
        return Err(
            Diag::new(at, format!("this {what} is not closed on its line"))
                .note(format!("end it with {}", q as char)),
        );
    }
    Ok(i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<String> {
        tokenize(s, 0)
            .unwrap()
            .iter()
            .map(|t| t.text.to_string())
            .collect()
    }

    #[test]
    fn splits_operators_numbers_and_names() {
        assert_eq!(
            texts("a+=b<<2;x->y"),
            ["a", "+=", "b", "<<", "2", ";", "x", "->", "y"]
        );
        assert_eq!(texts("1.5e-3f 0x1Fu .5"), ["1.5e-3f", "0x1Fu", ".5"]);
        assert_eq!(texts("a /* c */ b // d\n c"), ["a", "b", "c"]);
    }

    #[test]
    fn marks_line_starts_and_joins_continued_lines() {
        let t = tokenize("#define A \\\n 1\nx", 0).unwrap();
        assert!(t[0].bol && !t[3].bol && t[4].bol);
    }

    #[test]
    fn a_name_outside_ascii_is_an_error_not_ptx() {
        // Found by the cuda_c fuzz target: a replaced byte in a kernel's name reached the PTX.
        let e = tokenize("__global__ void ve\u{fffd}Add() {}", 0).unwrap_err();
        assert!(e.message.contains("outside ASCII"), "{}", e.message);
    }

    #[test]
    fn unclosed_comment_and_string_are_errors() {
        assert!(tokenize("/* x", 0)
            .unwrap_err()
            .message
            .contains("never closed"));
        assert!(tokenize("\"abc\n", 0)
            .unwrap_err()
            .message
            .contains("not closed"));
        assert!(tokenize("a @ b", 0).unwrap_err().message.contains("stray"));
    }
}
