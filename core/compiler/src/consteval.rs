//! Numbers: parsing C literals (integer with suffixes, floating, character), evaluating the
//! preprocessor's `#if` expressions (in `intmax_t`/`uintmax_t`, as C says), and folding a math
//! function of constant arguments as NVVM folds it ([`fold_f32_function`]).

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

/// The result of a single-precision math function of constant arguments, as NVVM folds it:
/// `definition` is the function's `.func` text (named `ptx_name`, its parameters
/// `<ptx_name>_param_<i>`), `args` the arguments. NVVM folds a call whose body, inlined, is
/// straight-line code of operations it folds: moves, `neg`, `add`/`sub`/`mul`/`fma` (with
/// `.ftz`: subnormal inputs and results flushed), `cvt.sat`, `shl`, and the approximate
/// `ex2`/`lg2`/`sin`/`cos`, which it computes with correctly rounded host math (not the
/// GPU's approximation). `None` where NVVM keeps the call: a branch, any other operation
/// (`div.approx`, `rsqrt.approx`, ...), or a NaN met on the way.
pub fn fold_f32_function(definition: &str, ptx_name: &str, args: &[f32]) -> Option<f32> {
    /// Most instructions a folded body may hold (the folded ones are a few dozen).
    const MAX_STEPS: usize = 64;
    let param = format!("{ptx_name}_param_");
    // Registers' bits, newest last.
    let mut regs: Vec<(&str, u32)> = Vec::new();
    let mut result = None;
    let mut steps = 0usize;
    let mut body = false;
    for line in definition.lines().map(str::trim) {
        if line == "{" {
            body = true;
            continue;
        }
        if !body || line.is_empty() || line.starts_with('.') || line.starts_with("//") {
            continue;
        }
        steps += 1;
        if steps > MAX_STEPS || line.ends_with(':') || line.starts_with('@') {
            return None;
        }
        let line = line.strip_suffix(';')?;
        let (opcode, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let ops: Vec<&str> = rest.split(',').map(str::trim).collect();
        let bits = |name: &str| -> Option<u32> {
            if let Some(hex) = name.strip_prefix("0f") {
                return u32::from_str_radix(hex, 16).ok();
            }
            if let Ok(n) = name.parse::<u32>() {
                return Some(n);
            }
            regs.iter().rev().find(|(r, _)| *r == name).map(|(_, v)| *v)
        };
        let parts: Vec<&str> = opcode.split('.').collect();
        let ftz = parts.contains(&"ftz");
        let flush = |x: f32| {
            if ftz && x.is_subnormal() {
                0.0f32.copysign(x)
            } else {
                x
            }
        };
        let arg = |i: usize| -> Option<f32> {
            ops.get(i)
                .and_then(|o| bits(o))
                .map(|b| flush(f32::from_bits(b)))
        };
        // The modifiers between the operation and its type, other than `.ftz`.
        let rounding = |rest: &[&str]| -> Option<Rounding> {
            let mut r = Rounding::Nearest;
            for m in rest {
                r = match *m {
                    "ftz" => r,
                    "rn" => Rounding::Nearest,
                    "rm" => Rounding::Down,
                    "rp" => Rounding::Up,
                    "rz" => Rounding::Zero,
                    _ => return None,
                };
            }
            Some(r)
        };
        let v: u32 = match parts.as_slice() {
            ["ld", "param", "b32"] => {
                let slot = ops.get(1)?.trim_start_matches('[').trim_end_matches(']');
                let i: usize = slot.strip_prefix(param.as_str())?.parse().ok()?;
                args.get(i)?.to_bits()
            }
            ["st", "param", "b32"] => {
                if ops.first() != Some(&"[func_retval0]") {
                    return None;
                }
                result = Some(f32::from_bits(bits(ops.get(1)?)?));
                continue;
            }
            ["ret"] => break,
            ["mov", "f32" | "b32"] => bits(ops.get(1)?)?,
            ["shl", "b32"] => bits(ops.get(1)?)?.checked_shl(bits(ops.get(2)?)?)?,
            ["neg", .., "f32"] => flush(-arg(1)?).to_bits(),
            ["cvt", rest @ .., "sat", "f32", "f32"] if rest.iter().all(|m| *m == "ftz") => {
                let x = arg(1)?;
                // NaN saturates to 0.
                flush(if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }).to_bits()
            }
            [op @ ("add" | "sub" | "mul"), rest @ .., "f32"] => {
                let (a, b) = (arg(1)?, arg(2)?);
                let (x, y, z) = match *op {
                    "add" => (a, 1.0, b),
                    "sub" => (a, 1.0, -b),
                    _ => (a, b, 0.0),
                };
                // x*y + z with one rounding is the operation itself (x*1 and +0 are exact;
                // a product's sign of zero is kept by adding +0 only to a nonzero).
                let exact = if *op == "mul" { x * y } else { x + z };
                flush(round_f32(x, y, z, exact, rounding(rest)?)?).to_bits()
            }
            ["fma", rest @ .., "f32"] => {
                let (a, b, c) = (arg(1)?, arg(2)?, arg(3)?);
                flush(round_f32(a, b, c, a.mul_add(b, c), rounding(rest)?)?).to_bits()
            }
            // Not `.ftz`: NVVM leaves `ex2.approx.ftz.f32` of a constant to the GPU.
            [f @ ("ex2" | "lg2" | "sin" | "cos"), "approx", "f32"] => {
                let x = f64::from(arg(1)?);
                flush(match *f {
                    "ex2" => x.exp2(),
                    "lg2" => x.log2(),
                    "sin" => x.sin(),
                    _ => x.cos(),
                } as f32)
                .to_bits()
            }
            _ => return None,
        };
        if f32::from_bits(v).is_nan() {
            return None;
        }
        regs.push((ops.first()?, v));
    }
    result
}

/// A row of [`LIBM`]: the `float` function's name, the `double` one's (empty where it is
/// not folded), and the host computation (its second argument unused by one-argument
/// functions).
type LibmRow = (&'static str, &'static str, fn(f64, f64) -> f64);

/// The math library functions NVVM folds when every argument is a constant (it computes
/// them with the host's double-precision C library, a `float` function's result rounded to
/// `float`): measured against NVRTC 12.9 by `tests/compiler/folding.rs`. It folds them under
/// every option but `-G`, `--use_fast_math` included (before a `sinf` becomes `__sinf`).
/// `fmodf`/`fmod` fold too (exactly). Not folded here: `exp10f` and `log2` (NVVM does not
/// fold them with the host's library), `log2f` (agrees either way), `cbrtf` (NVVM folds its
/// inlined steps, FINDINGS.md F13).
const LIBM: &[LibmRow] = &[
    ("expf", "exp", |x, _| x.exp()),
    ("exp2f", "exp2", |x, _| x.exp2()),
    ("logf", "log", |x, _| x.ln()),
    ("log10f", "log10", |x, _| x.log10()),
    ("sinf", "sin", |x, _| x.sin()),
    ("cosf", "cos", |x, _| x.cos()),
    ("tanf", "tan", |x, _| x.tan()),
    ("asinf", "asin", |x, _| x.asin()),
    ("acosf", "acos", |x, _| x.acos()),
    ("atanf", "atan", |x, _| x.atan()),
    ("sinhf", "sinh", |x, _| x.sinh()),
    ("coshf", "cosh", |x, _| x.cosh()),
    ("tanhf", "tanh", |x, _| x.tanh()),
    ("powf", "pow", f64::powf),
    ("atan2f", "atan2", f64::atan2),
];

/// `name` (a C math function) of constant `args`, as NVVM folds it, or `None` where it
/// does not: a function it does not fold, or a result that is not a finite number or is
/// zero or subnormal where the argument was not (the host library then raises an overflow,
/// underflow or domain error, and NVVM leaves the call).
pub fn fold_libm(name: &str, args: &[f64], single: bool) -> Option<f64> {
    if matches!((name, single), ("fmodf", true) | ("fmod", false)) {
        // Exact: the remainder of two floats is one.
        let r = match args {
            [x, y] => x % y,
            _ => return None,
        };
        return r.is_finite().then_some(r);
    }
    let (_, _, f) = LIBM.iter().find(|(s, d, _)| {
        if single {
            *s == name
        } else {
            !d.is_empty() && *d == name
        }
    })?;
    let (x, y) = match args {
        [x] => (*x, 0.0),
        [x, y] => (*x, *y),
        _ => return None,
    };
    let r = f(x, y);
    if !r.is_finite() || (r == 0.0 && x != 0.0) || r.is_subnormal() {
        return None;
    }
    Some(if single { f64::from(r as f32) } else { r })
}

/// A rounding direction of PTX's floating-point operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rounding {
    Nearest,
    Down,
    Up,
    Zero,
}

/// `a * b + c` rounded once in direction `r`, given `nearest`, the result rounded to
/// nearest. The exact value is `a * b` (exact in `f64`) plus `c`, summed with its rounding
/// error; its side of `nearest` says which neighbour a directed rounding gives. `None` for
/// a NaN, an infinity or an overflow (not folded here).
fn round_f32(a: f32, b: f32, c: f32, nearest: f32, r: Rounding) -> Option<f32> {
    if !nearest.is_finite() {
        return None;
    }
    if r == Rounding::Nearest {
        return Some(nearest);
    }
    let p = f64::from(a) * f64::from(b);
    let c = f64::from(c);
    let s = p + c;
    // Two-sum: s + e == p + c exactly.
    let bb = s - p;
    let e = (p - (s - bb)) + (c - bb);
    let below = (s - f64::from(nearest)) + e;
    let toward_down = match r {
        Rounding::Down => true,
        Rounding::Up => false,
        _ => nearest > 0.0 || (nearest == 0.0 && below > 0.0),
    };
    Some(if below < 0.0 && toward_down {
        next_toward(nearest, f32::NEG_INFINITY)
    } else if below > 0.0 && !toward_down {
        next_toward(nearest, f32::INFINITY)
    } else {
        nearest
    })
}

/// The next `f32` after `x` in the direction of `to` (an infinity).
fn next_toward(x: f32, to: f32) -> f32 {
    if x == 0.0 {
        let tiny = f32::from_bits(1);
        return if to > 0.0 { tiny } else { -tiny };
    }
    let b = x.to_bits();
    let away = (x > 0.0) == (to > 0.0);
    f32::from_bits(if away { b + 1 } else { b - 1 })
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

    /// `__expf`'s body under the defaults, as `math` writes it.
    const EXPF_FAST: &str = ".func (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)\n{\n\t.reg .f32 \t%f<4>;\n\tld.param.b32 \t%f1, [f_param_0];\n\tmul.f32 \t%f2, %f1, 0f3FB8AA3B;\n\tex2.approx.f32 \t%f3, %f2;\n\tst.param.b32 \t[func_retval0], %f3;\n\tret;\n}\n";

    #[test]
    fn an_approximate_function_of_a_constant_folds_with_host_math() {
        // FINDINGS.md F13: NVRTC gives 0x3e714082 for __expf(-1.4456298f).
        let x = fold_f32_function(EXPF_FAST, "f", &[-1.445_629_8]).unwrap();
        assert_eq!(x.to_bits(), 0x3e71_4082);
        // A NaN is not folded; nor is a body with a branch or an unknown operation.
        assert_eq!(fold_f32_function(EXPF_FAST, "f", &[f32::NAN]), None);
        let branchy = EXPF_FAST.replace("\tret;", "$L1:\n\tret;");
        assert_eq!(fold_f32_function(&branchy, "f", &[1.0]), None);
        let div = EXPF_FAST.replace("mul.f32", "div.approx.f32");
        assert_eq!(fold_f32_function(&div, "f", &[1.0]), None);
    }

    #[test]
    fn directed_roundings_of_fma() {
        let third = 1.0f32 / 3.0;
        let near = third.mul_add(3.0, 0.0);
        let down = round_f32(third, 3.0, 0.0, near, Rounding::Down).unwrap();
        let up = round_f32(third, 3.0, 0.0, near, Rounding::Up).unwrap();
        // 1/3 rounded to f32 is above 1/3: times 3 is just above 1.
        assert_eq!(near, 1.0);
        assert_eq!(down, 1.0);
        assert_eq!(up, next_toward(1.0, f32::INFINITY));
        assert_eq!(round_f32(third, 3.0, 0.0, near, Rounding::Zero), Some(down));
        let neg = round_f32(-third, 3.0, 0.0, -near, Rounding::Down).unwrap();
        assert_eq!(neg, next_toward(-1.0, f32::NEG_INFINITY));
        assert_eq!(round_f32(2.0, 3.0, 1.0, 7.0, Rounding::Down), Some(7.0));
    }
}
