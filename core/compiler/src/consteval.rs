//! Numbers: parsing C literals (integer with suffixes, floating, character), and evaluating
//! the preprocessor's `#if` expressions (in `intmax_t`/`uintmax_t`, as C says).

use crate::diag::{Diag, Pos, Result};
use crate::lex::{Kind, Token};

/// A parsed numeric literal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer: value, `u` suffix, count of `l` (0, 1, 2), written in decimal.
    Int {
        value: u64,
        unsigned: bool,
        longs: u8,
        decimal: bool,
    },
    /// A floating literal: value, `f` suffix.
    Float {
        value: f64,
        single: bool,
        text_f32: Option<f32>,
    },
}

/// Parses a preprocessing number as C++ does.
pub fn parse_number(text: &str, at: Pos) -> Result<Number> {
    let t: String = text.chars().filter(|&c| c != '\'').collect();
    let bad = || {
        Diag::new(at, format!("'{text}' is not a valid number"))
            .note("write a decimal, 0x hex, 0 octal or 0b binary integer, or a floating literal")
    };
    let lower = t.to_ascii_lowercase();
    let is_hex = lower.starts_with("0x");
    let is_float = if is_hex {
        lower.contains('p') || lower.contains('.')
    } else {
        lower.contains('.') || lower.contains('e')
    };
    if is_float {
        let (body, single) = match lower.strip_suffix('f') {
            Some(b) => (b, true),
            None => (lower.strip_suffix('l').unwrap_or(&lower), false),
        };
        let value = if is_hex {
            parse_hex_float(&body[2..]).ok_or_else(bad)?
        } else {
            body.parse::<f64>().map_err(|_| bad())?
        };
        let text_f32 = if single && !is_hex {
            body.parse::<f32>().ok()
        } else if single {
            Some(value as f32)
        } else {
            None
        };
        return Ok(Number::Float {
            value,
            single,
            text_f32,
        });
    }
    let digits_end = lower.find(['u', 'l']).unwrap_or(lower.len());
    let (digits, suffix) = lower.split_at(digits_end);
    let unsigned = suffix.contains('u');
    let longs = suffix.matches('l').count() as u8;
    if suffix.chars().any(|c| !matches!(c, 'u' | 'l'))
        || longs > 2
        || suffix.matches('u').count() > 1
    {
        return Err(bad());
    }
    let (radix, body) = if let Some(h) = digits.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = digits.strip_prefix("0b") {
        (2, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    let value = u64::from_str_radix(body, radix).map_err(|_| {
        Diag::new(
            at,
            format!("'{text}' does not fit in 64 bits or is not a number"),
        )
        .note("use a smaller constant")
    })?;
    Ok(Number::Int {
        value,
        unsigned,
        longs,
        decimal: radix == 10,
    })
}

fn parse_hex_float(s: &str) -> Option<f64> {
    let (mant, exp) = s.split_once('p').unwrap_or((s, "0"));
    let exp: i32 = exp.parse().ok()?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut v = 0f64;
    for c in int.chars() {
        v = v * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in frac.chars() {
        v += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    Some(v * 2f64.powi(exp))
}

/// The value of a character literal (`'a'`, `'\n'`, `'\x41'`).
pub fn char_value(text: &str, at: Pos) -> Result<i64> {
    let inner = text
        .trim_start_matches(['L', 'u', 'U', '8'])
        .trim_matches('\'');
    let bytes = unescape(inner, at)?;
    match bytes.as_slice() {
        [b] => Ok(i64::from(*b as i8)),
        _ => Err(Diag::new(at, format!("{text} is not one character"))
            .note("write one character between the quotes")),
    }
}

/// The bytes a string or character literal's body stands for.
pub fn unescape(s: &str, at: Pos) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else { break };
        i += 1;
        let v = match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + u32::from(b[i] - b'0');
                    i += 1;
                    n += 1;
                }
                (v & 0xff) as u8
            }
            b'x' => {
                let mut v = 0u32;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    v = (v << 4 | (b[i] as char).to_digit(16).unwrap_or(0)) & 0xfff;
                    i += 1;
                }
                (v & 0xff) as u8
            }
            b'\n' => continue,
            b'\r' if b.get(i) == Some(&b'\n') => {
                i += 1;
                continue;
            }
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'\\' | b'\'' | b'"' | b'?' => c,
            _ => {
                return Err(
                    Diag::new(at, format!("unknown escape sequence '\\{}'", c as char))
                        .note("use \\n, \\t, \\\\, \\', \\\", \\0 or \\xNN"),
                )
            }
        };
        out.push(v);
    }
    Ok(out)
}

/// An `#if` expression being evaluated.
pub struct PpExpr<'a> {
    /// The expanded tokens.
    pub toks: &'a [Token],
    /// The next token.
    pub i: usize,
    /// The directive's position, for errors at the end of the line.
    pub at: Pos,
}

/// A value in `#if`: signed or unsigned 64-bit.
#[derive(Clone, Copy)]
struct V(i64, bool);

impl PpExpr<'_> {
    /// Evaluates the whole expression.
    pub fn eval(&mut self) -> Result<i64> {
        let v = self.cond(0)?;
        if let Some(t) = self.toks.get(self.i) {
            return Err(Diag::new(t.pos, format!("unexpected '{}' in #if", t.text))
                .note("an #if expression is integers, macros, defined(NAME) and operators"));
        }
        Ok(v.0)
    }

    fn peek(&self) -> Option<&str> {
        self.toks.get(self.i).map(|t| &*t.text)
    }

    fn err(&self, what: &str) -> Diag {
        let pos = self.toks.get(self.i).map_or(self.at, |t| t.pos);
        Diag::new(pos, format!("{what} in #if"))
            .note("an #if expression is integers, macros, defined(NAME) and operators")
    }

    fn cond(&mut self, depth: usize) -> Result<V> {
        if depth > 200 {
            return Err(self.err("expression nested too deeply"));
        }
        let c = self.binary(0, depth)?;
        if self.peek() == Some("?") {
            self.i += 1;
            let a = self.cond(depth + 1)?;
            if self.peek() != Some(":") {
                return Err(self.err("expected ':'"));
            }
            self.i += 1;
            let b = self.cond(depth + 1)?;
            return Ok(if c.0 != 0 { a } else { b });
        }
        Ok(c)
    }

    fn binary(&mut self, min: u8, depth: usize) -> Result<V> {
        let mut l = self.unary(depth)?;
        while let Some(op) = self.peek() {
            let p = match op {
                "||" => 1,
                "&&" => 2,
                "|" => 3,
                "^" => 4,
                "&" => 5,
                "==" | "!=" => 6,
                "<" | ">" | "<=" | ">=" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => break,
            };
            if p <= min {
                break;
            }
            let op = op.to_string();
            self.i += 1;
            let r = self.binary(p, depth + 1)?;
            l = self.apply(&op, l, r)?;
        }
        Ok(l)
    }

    fn apply(&self, op: &str, l: V, r: V) -> Result<V> {
        let u = l.1 || r.1;
        let (a, b) = (l.0, r.0);
        let bool_ = |x: bool| V(i64::from(x), false);
        Ok(match op {
            "||" => bool_(a != 0 || b != 0),
            "&&" => bool_(a != 0 && b != 0),
            "|" => V(a | b, u),
            "^" => V(a ^ b, u),
            "&" => V(a & b, u),
            "==" => bool_(a == b),
            "!=" => bool_(a != b),
            "<" => bool_(if u { (a as u64) < b as u64 } else { a < b }),
            ">" => bool_(if u { (a as u64) > b as u64 } else { a > b }),
            "<=" => bool_(if u { (a as u64) <= b as u64 } else { a <= b }),
            ">=" => bool_(if u { (a as u64) >= b as u64 } else { a >= b }),
            "<<" => V(a.wrapping_shl((b & 63) as u32), l.1),
            ">>" => V(
                if l.1 {
                    ((a as u64) >> (b & 63)) as i64
                } else {
                    a.wrapping_shr((b & 63) as u32)
                },
                l.1,
            ),
            "+" => V(a.wrapping_add(b), u),
            "-" => V(a.wrapping_sub(b), u),
            "*" => V(a.wrapping_mul(b), u),
            "/" | "%" => {
                if b == 0 {
                    return Err(self.err("division by zero"));
                }
                let v = match (op, u) {
                    ("/", true) => ((a as u64) / (b as u64)) as i64,
                    ("/", false) => a.wrapping_div(b),
                    (_, true) => ((a as u64) % (b as u64)) as i64,
                    _ => a.wrapping_rem(b),
                };
                V(v, u)
            }
            _ => return Err(self.err("unknown operator")),
        })
    }

    fn unary(&mut self, depth: usize) -> Result<V> {
        if depth > 200 {
            return Err(self.err("expression nested too deeply"));
        }
        let Some(t) = self.toks.get(self.i) else {
            return Err(self.err("expected a value"));
        };
        self.i += 1;
        match (t.kind, &*t.text) {
            (Kind::Punct, "(") => {
                let v = self.cond(depth + 1)?;
                if self.peek() != Some(")") {
                    return Err(self.err("expected ')'"));
                }
                self.i += 1;
                Ok(v)
            }
            (Kind::Punct, "!") => Ok(V(i64::from(self.unary(depth + 1)?.0 == 0), false)),
            (Kind::Punct, "-") => {
                let v = self.unary(depth + 1)?;
                Ok(V(v.0.wrapping_neg(), v.1))
            }
            (Kind::Punct, "+") => self.unary(depth + 1),
            (Kind::Punct, "~") => {
                let v = self.unary(depth + 1)?;
                Ok(V(!v.0, v.1))
            }
            (Kind::Num, _) => match parse_number(&t.text, t.pos)? {
                Number::Int {
                    value, unsigned, ..
                } => Ok(V(value as i64, unsigned || value > i64::MAX as u64)),
                Number::Float { .. } => Err(Diag::new(t.pos, "a floating constant in #if")
                    .note("#if takes integer constants only")),
            },
            (Kind::Char, _) => Ok(V(char_value(&t.text, t.pos)?, false)),
            (Kind::Ident, "true") => Ok(V(1, false)),
            (Kind::Ident, _) => {
                // An unknown name in #if is 0; a function-like use of one (e.g.
                // __has_include(x)) is 0 too.
                if self.peek() == Some("(") {
                    let mut d = 0;
                    while let Some(p) = self.peek().map(str::to_string) {
                        self.i += 1;
                        if p == "(" {
                            d += 1;
                        } else if p == ")" {
                            d -= 1;
                            if d == 0 {
                                break;
                            }
                        }
                    }
                }
                Ok(V(0, false))
            }
            _ => Err(Diag::new(t.pos, format!("unexpected '{}' in #if", t.text))
                .note("an #if expression is integers, macros, defined(NAME) and operators")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        let p = Pos::default();
        assert_eq!(
            parse_number("0x10u", p).unwrap(),
            Number::Int {
                value: 16,
                unsigned: true,
                longs: 0,
                decimal: false
            }
        );
        assert_eq!(
            parse_number("10ull", p).unwrap(),
            Number::Int {
                value: 10,
                unsigned: true,
                longs: 2,
                decimal: true
            }
        );
        assert!(
            matches!(parse_number("1.5f", p).unwrap(), Number::Float { value, single: true, .. } if value == 1.5)
        );
        assert!(
            matches!(parse_number("0x1p-2", p).unwrap(), Number::Float { value, single: false, .. } if value == 0.25)
        );
        assert!(parse_number("99999999999999999999", p).is_err());
        assert_eq!(char_value("'\\n'", p).unwrap(), 10);
    }
}
