//! Device `printf`: the format string and the argument buffer `vprintf` receives, turned
//! into text the way CUDA's device runtime does it.
//!
//! The compiler packs the arguments into a buffer in the thread's local memory, each at an
//! offset aligned to its size: `int`, `unsigned` and `char` (promoted) as 4 bytes; `long`,
//! `long long`, `size_t`, pointers (`%p`, `%s`) and `double` (a `float` argument is
//! promoted) as 8. The format string decides how the bytes are read, exactly as
//! C's `printf` does, so this module reads the buffer through a callback and knows nothing
//! of memory spaces.
//!
//! A GPU hands the format and arguments to the host, whose C library (glibc) formats them,
//! so widths and precisions follow glibc: a negative `*` width left-justifies, a negative
//! `*` precision counts as none, and values saturate at `INT_MAX`. What a kernel can ask for
//! is therefore up to 2 GB of text per conversion; the text is produced piece by piece into
//! a bounded writer that stops one byte past the room the output buffer has, so such a
//! call costs no more than that room (it is then dropped whole, as the FIFO drops what does
//! not fit).

/// Where a conversion's argument comes from: `read(offset, size)` gives the little-endian
/// value at that offset of the argument buffer; `string(address)` a C string.
pub(crate) trait Args {
    fn read(&mut self, offset: u64, size: usize) -> Result<u64, String>;
    fn string(&mut self, address: u64) -> Result<String, String>;
}

/// Widths and precisions saturate here, as glibc's `int` fields do.
const MAX_FIELD: usize = i32::MAX as usize;
/// Fraction digits past which `%f` of any double is zeros: its exact decimal expansion
/// ends within 1,074 digits (the smallest subnormal is 2^-1074).
const EXACT_FRACTION_DIGITS: usize = 1100;
/// Significant digits past which `%e` of any double is zeros: its exact expansion has at
/// most 767.
const EXACT_SIGNIFICANT_DIGITS: usize = 800;

/// A parsed conversion specification (`%-08.3lld` and the like).
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: Option<usize>,
    precision: Option<usize>,
    /// Size of the integer argument: 4, or 8 for `l`/`ll`/`z`/`j`/`t`.
    long: bool,
    /// `h` (short) or `hh` (char): the value is narrowed after reading 4 bytes.
    narrow: u32,
}

/// One conversion's text before padding: the sign or `0x` prefix, zeros the precision
/// adds, the digits (or the string), zeros past what a double can hold, and a suffix (an
/// exponent). The zero runs are counts, never built, so a precision of two billion costs
/// nothing until it is written.
#[derive(Default)]
struct Body {
    prefix: String,
    lead_zeros: usize,
    digits: String,
    trail_zeros: usize,
    suffix: String,
}

impl Body {
    fn text(digits: String) -> Body {
        Body {
            digits,
            ..Body::default()
        }
    }

    /// Its length in characters, saturating.
    fn len(&self) -> usize {
        let chars = |s: &str| {
            if s.is_ascii() {
                s.len()
            } else {
                s.chars().count()
            }
        };
        chars(&self.prefix)
            .saturating_add(self.lead_zeros)
            .saturating_add(chars(&self.digits))
            .saturating_add(self.trail_zeros)
            .saturating_add(chars(&self.suffix))
    }
}

/// Text with a byte limit: what is pushed past it is not kept. Once anything is cut the
/// text is exactly `limit` bytes long, so the caller can tell it did not fit.
struct Out {
    text: String,
    limit: usize,
}

impl Out {
    fn room(&self) -> usize {
        self.limit - self.text.len()
    }

    fn push(&mut self, s: &str) {
        let room = self.room();
        if s.len() <= room {
            self.text.push_str(s);
            return;
        }
        let mut cut = room;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        self.text.push_str(&s[..cut]);
        self.fill(' ', room - cut);
    }

    fn push_char(&mut self, c: char) {
        self.push(c.encode_utf8(&mut [0; 4]));
    }

    /// `n` copies of an ASCII `c`, as many as fit.
    fn fill(&mut self, c: char, n: usize) {
        let n = n.min(self.room());
        self.text.extend(std::iter::repeat_n(c, n));
    }

    fn zeros(&mut self, n: usize) {
        self.fill('0', n)
    }
}

/// Formats `format` with the arguments `args` holds, for a FIFO with `room` bytes left.
/// Returns the text and how many arguments were consumed (what device `printf` returns).
/// The text stops at `room + 1` bytes, so a call whose output cannot fit costs no more
/// than the room to find that out, and the FIFO drops it whole.
pub(crate) fn format_within(
    format: &[u8],
    args: &mut dyn Args,
    room: usize,
) -> Result<(String, u32), String> {
    let mut out = Out {
        text: String::new(),
        limit: room.saturating_add(1),
    };
    let mut offset = 0u64;
    let mut count = 0u32;
    let mut i = 0;
    let mut next = |size: usize, args: &mut dyn Args| -> Result<u64, String> {
        offset = offset.div_ceil(size as u64).saturating_mul(size as u64);
        let v = args.read(offset, size)?;
        offset = offset.saturating_add(size as u64);
        count = count.saturating_add(1);
        Ok(v)
    };
    while i < format.len() {
        let c = format[i];
        i += 1;
        if c != b'%' {
            // Copy a run of plain bytes (UTF-8 passes through).
            let start = i - 1;
            while i < format.len() && format[i] != b'%' {
                i += 1;
            }
            out.push(&String::from_utf8_lossy(&format[start..i]));
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&f) = format.get(i) {
            match f {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'0' => spec.zero = true,
                b'#' => spec.alt = true,
                _ => break,
            }
            i += 1;
        }
        // A width or precision: `*` takes an `int` argument, else decimal digits.
        let mut number = |i: &mut usize, args: &mut dyn Args| -> Result<Field, String> {
            if format.get(*i) == Some(&b'*') {
                *i += 1;
                return Ok(Field::Star(next(4, args)? as u32 as i32));
            }
            let start = *i;
            let mut n = 0usize;
            while let Some(d) = format.get(*i).filter(|d| d.is_ascii_digit()) {
                n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                *i += 1;
            }
            Ok(if *i == start {
                Field::None
            } else {
                Field::Given(n.min(MAX_FIELD))
            })
        };
        match number(&mut i, args)? {
            Field::None => {}
            Field::Given(n) => spec.width = Some(n),
            // A negative width is the `-` flag and its magnitude.
            Field::Star(n) => {
                spec.left |= n < 0;
                spec.width = Some((n.unsigned_abs() as usize).min(MAX_FIELD));
            }
        }
        if format.get(i) == Some(&b'.') {
            i += 1;
            spec.precision = match number(&mut i, args)? {
                Field::None => Some(0),
                Field::Given(n) => Some(n),
                // A negative precision is taken as if it were omitted.
                Field::Star(n) => usize::try_from(n).ok(),
            };
        }
        loop {
            match format.get(i) {
                Some(b'l' | b'z' | b'j' | b't' | b'q') => spec.long = true,
                Some(b'L') => {}
                Some(b'h') => spec.narrow = if spec.narrow == 16 { 8 } else { 16 },
                _ => break,
            }
            i += 1;
        }
        let Some(&conv) = format.get(i) else {
            out.push_char('%');
            break;
        };
        i += 1;
        let int_size = if spec.long { 8 } else { 4 };
        let body = match conv {
            b'%' => {
                out.push_char('%');
                continue;
            }
            b'd' | b'i' => {
                let raw = next(int_size, args)?;
                let v = signed(raw, &spec);
                let mut body = with_precision(v.unsigned_abs().to_string(), &spec);
                body.prefix = sign(v < 0, &spec).to_string();
                body
            }
            b'u' | b'x' | b'X' | b'o' => {
                let v = unsigned(next(int_size, args)?, &spec);
                let (digits, prefix) = match conv {
                    b'u' => (v.to_string(), ""),
                    b'x' => (format!("{v:x}"), if spec.alt && v != 0 { "0x" } else { "" }),
                    b'X' => (format!("{v:X}"), if spec.alt && v != 0 { "0X" } else { "" }),
                    _ => (format!("{v:o}"), if spec.alt { "0" } else { "" }),
                };
                let mut body = with_precision(digits, &spec);
                body.prefix = prefix.to_string();
                body
            }
            b'c' => {
                let v = next(4, args)? as u8;
                Body::text(String::from_utf8_lossy(&[v]).into_owned())
            }
            b's' => {
                let p = next(8, args)?;
                let s = if p == 0 {
                    "(null)".to_string()
                } else {
                    args.string(p)?
                };
                let s = match spec.precision {
                    Some(n) => s.chars().take(n).collect(),
                    None => s,
                };
                Body::text(s)
            }
            b'p' => {
                let p = next(8, args)?;
                Body::text(format!("0x{p:x}"))
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let x = f64::from_bits(next(8, args)?);
                let mut body = float(x, conv, &spec);
                body.prefix = sign(x.is_sign_negative() && !x.is_nan(), &spec).to_string();
                body
            }
            other => {
                // An unknown conversion is printed as it was written.
                out.push_char('%');
                out.push_char(other as char);
                continue;
            }
        };
        let kind = match conv {
            b'c' | b's' | b'p' => Kind::Text,
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' => Kind::Integer,
            _ => Kind::Float,
        };
        pad(&mut out, body, &spec, kind);
    }
    Ok((out.text, count))
}

/// What a conversion writes, for the `0` flag.
#[derive(PartialEq)]
enum Kind {
    Text,
    Integer,
    Float,
}

/// A width or precision as written.
enum Field {
    None,
    Given(usize),
    Star(i32),
}

fn signed(raw: u64, spec: &Spec) -> i64 {
    match (spec.long, spec.narrow) {
        (true, _) => raw as i64,
        (false, 8) => raw as u8 as i8 as i64,
        (false, 16) => raw as u16 as i16 as i64,
        _ => raw as u32 as i32 as i64,
    }
}

fn unsigned(raw: u64, spec: &Spec) -> u64 {
    match (spec.long, spec.narrow) {
        (true, _) => raw,
        (false, 8) => raw as u8 as u64,
        (false, 16) => raw as u16 as u64,
        _ => raw as u32 as u64,
    }
}

/// Integer digits with zeros up to the precision (`%.0d` of 0 prints nothing).
fn with_precision(digits: String, spec: &Spec) -> Body {
    match spec.precision {
        Some(0) if digits == "0" => Body::default(),
        Some(p) => Body {
            lead_zeros: p.saturating_sub(digits.len()),
            ..Body::text(digits)
        },
        None => Body::text(digits),
    }
}

/// The sign (or `+`/space) of a number.
fn sign(negative: bool, spec: &Spec) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// Writes `body` padded to the width: spaces left or right, or zeros after the prefix.
fn pad(out: &mut Out, body: Body, spec: &Spec, kind: Kind) {
    let fill = spec.width.unwrap_or(0).saturating_sub(body.len());
    // `0` pads numbers (not strings, nor `inf`/`nan`), and integers only without a
    // precision.
    let zeros = spec.zero
        && !spec.left
        && kind != Kind::Text
        && !(kind == Kind::Integer && spec.precision.is_some())
        && body.digits.starts_with(|c: char| c.is_ascii_digit());
    if !spec.left && !zeros {
        out.fill(' ', fill);
    }
    out.push(&body.prefix);
    if zeros {
        out.zeros(fill);
    }
    out.zeros(body.lead_zeros);
    out.push(&body.digits);
    out.zeros(body.trail_zeros);
    out.push(&body.suffix);
    if spec.left {
        out.fill(' ', fill);
    }
}

/// `|x|` as C's `%f`, `%e`, `%g` or `%a` write it (the sign is added by the caller).
fn float(x: f64, conv: u8, spec: &Spec) -> Body {
    let x = x.abs();
    let mut body = if x.is_nan() {
        Body::text("nan".to_string())
    } else if x.is_infinite() {
        Body::text("inf".to_string())
    } else {
        let p = spec.precision.unwrap_or(6);
        match conv.to_ascii_lowercase() {
            b'f' => {
                let mut body = fixed(x, p);
                if spec.alt && p == 0 {
                    body.digits.push('.');
                }
                body
            }
            b'e' => exponent(x, p, spec.alt),
            b'a' => hex_float(x, spec.precision),
            _ => general(x, p, spec.alt),
        }
    };
    if conv.is_ascii_uppercase() {
        body.digits = body.digits.to_uppercase();
        body.suffix = body.suffix.to_uppercase();
    }
    body
}

/// `%f` with `decimals` digits after the point: the digits a double can have, then zeros.
fn fixed(x: f64, decimals: usize) -> Body {
    let exact = decimals.min(EXACT_FRACTION_DIGITS);
    Body {
        trail_zeros: decimals - exact,
        ..Body::text(format!("{x:.exact$}"))
    }
}

/// `%e`: one digit, the fraction, `e`, a sign and at least two exponent digits.
fn exponent(x: f64, p: usize, alt: bool) -> Body {
    let exact = p.min(EXACT_SIGNIFICANT_DIGITS);
    let s = format!("{x:.exact$e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    let sign = if exp < 0 { '-' } else { '+' };
    Body {
        trail_zeros: p - exact,
        suffix: format!("e{sign}{:02}", exp.unsigned_abs()),
        ..Body::text(format!("{mantissa}{dot}"))
    }
}

/// `%g`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`.
fn general(x: f64, p: usize, alt: bool) -> Body {
    let p = p.max(1);
    let exp = if x == 0.0 {
        0
    } else {
        // The exponent after rounding to p significant digits (past what a double holds
        // the rounding changes nothing).
        let s = format!("{x:.*e}", p.min(EXACT_SIGNIFICANT_DIGITS) - 1);
        s.split_once('e')
            .and_then(|(_, e)| e.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let p_signed = i64::try_from(p).unwrap_or(i64::MAX);
    let mut body = if exp < -4 || exp >= p_signed {
        exponent(x, p - 1, alt)
    } else {
        let decimals = (p_signed - 1 - exp).max(0);
        fixed(x, usize::try_from(decimals).unwrap_or(usize::MAX))
    };
    if alt {
        return body;
    }
    // Remove trailing zeros of the fraction (and the dot), keeping any exponent.
    body.trail_zeros = 0;
    if body.digits.contains('.') {
        let kept = body
            .digits
            .trim_end_matches('0')
            .trim_end_matches('.')
            .len();
        body.digits.truncate(kept);
    }
    body
}

/// `%a`: hexadecimal floating point, `0x1.8p+1`.
fn hex_float(x: f64, precision: Option<usize>) -> Body {
    let bits = x.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let (lead, exp) = if x == 0.0 {
        (0, 0)
    } else if raw_exp == 0 {
        (0, -1022)
    } else {
        (1, raw_exp - 1023)
    };
    let mut frac = format!("{:013x}", bits & ((1u64 << 52) - 1));
    let mut trail_zeros = 0;
    match precision {
        Some(p) if p <= frac.len() => frac.truncate(p),
        Some(p) => trail_zeros = p - frac.len(),
        None => {
            let trimmed = frac.trim_end_matches('0').len();
            frac.truncate(trimmed);
        }
    }
    let dot = if frac.is_empty() { "" } else { "." };
    Body {
        trail_zeros,
        suffix: format!("p{exp:+}"),
        ..Body::text(format!("0x{lead}{dot}{frac}"))
    }
}

#[cfg(test)]
mod tests {
    use super::{format_within, Args};
    use crate::sim::engine::mem::PRINTF_FIFO_BYTES;

    /// [`format_within`] an empty FIFO: text longer than the FIFO is cut one byte past its
    /// size; it can never fit, and the FIFO drops it whole.
    fn format(format: &[u8], args: &mut dyn Args) -> Result<(String, u32), String> {
        format_within(format, args, PRINTF_FIFO_BYTES)
    }

    /// Arguments laid out as the compiler lays them out.
    struct Buf(Vec<u8>, Vec<(u64, String)>);
    impl Buf {
        fn new() -> Buf {
            Buf(Vec::new(), vec![(0x10, "cuda".to_string())])
        }
        fn put(mut self, v: u64, size: usize) -> Buf {
            while self.0.len() % size != 0 {
                self.0.push(0);
            }
            self.0.extend_from_slice(&v.to_le_bytes()[..size]);
            self
        }
    }
    impl Args for Buf {
        fn read(&mut self, offset: u64, size: usize) -> Result<u64, String> {
            let o = offset as usize;
            let b = self.0.get(o..o + size).ok_or("past the buffer")?;
            let mut v = [0u8; 8];
            v[..size].copy_from_slice(b);
            Ok(u64::from_le_bytes(v))
        }
        fn string(&mut self, address: u64) -> Result<String, String> {
            self.1
                .iter()
                .find(|(a, _)| *a == address)
                .map(|(_, s)| s.clone())
                .ok_or_else(|| "no string".into())
        }
    }

    fn f(fmt: &str, mut args: Buf) -> String {
        format(fmt.as_bytes(), &mut args).unwrap().0
    }

    #[test]
    fn conversions_print_as_c_prints_them() {
        let b = || Buf::new();
        assert_eq!(f("hi %d!\n", b().put(-42i32 as u32 as u64, 4)), "hi -42!\n");
        assert_eq!(
            f("%5d|%-5d|%05d", b().put(42, 4).put(42, 4).put(42, 4)),
            "   42|42   |00042"
        );
        assert_eq!(
            f(
                "%u %x %X %o %#x",
                b().put(u32::MAX as u64, 4)
                    .put(255, 4)
                    .put(255, 4)
                    .put(8, 4)
                    .put(255, 4)
            ),
            "4294967295 ff FF 10 0xff"
        );
        assert_eq!(
            f("%lld %llu", b().put(i64::MIN as u64, 8).put(u64::MAX, 8)),
            "-9223372036854775808 18446744073709551615"
        );
        // An int then a long long: the second is aligned to 8.
        assert_eq!(
            f("%d %lld", b().put(7, 4).put(1 << 40, 8)),
            "7 1099511627776"
        );
        assert_eq!(
            f(
                "%f %.2f %e %g %g",
                b().put(1.5f64.to_bits(), 8)
                    .put(3.25f64.to_bits(), 8)
                    .put(12345.678f64.to_bits(), 8)
                    .put(0.0001f64.to_bits(), 8)
                    .put(1e20f64.to_bits(), 8)
            ),
            "1.500000 3.25 1.234568e+04 0.0001 1e+20"
        );
        assert_eq!(
            f(
                "%g %g %G",
                b().put(100000.0f64.to_bits(), 8)
                    .put(1234567.0f64.to_bits(), 8)
                    .put(f64::INFINITY.to_bits(), 8)
            ),
            "100000 1.23457e+06 INF"
        );
        assert_eq!(
            f(
                "%+.3e|%8.3f|%-8.1f|",
                b().put((-0.5f64).to_bits(), 8)
                    .put(2.0f64.to_bits(), 8)
                    .put(2.25f64.to_bits(), 8)
            ),
            "-5.000e-01|   2.000|2.2     |"
        );
        assert_eq!(
            f(
                "%c%c %s %5.2s|",
                b().put(b'o' as u64, 4)
                    .put(b'k' as u64, 4)
                    .put(0x10, 8)
                    .put(0x10, 8)
            ),
            "ok cuda    cu|"
        );
        assert_eq!(
            f("%a %p %%", b().put(3.0f64.to_bits(), 8).put(0x1000, 8)),
            "0x1.8p+1 0x1000 %"
        );
        assert_eq!(
            f("%*d|", b().put(6, 4).put(-3i32 as u32 as u64, 4)),
            "    -3|"
        );
        assert_eq!(
            f("%hhd %hd", b().put(0x1ff, 4).put(0x18000, 4)),
            "-1 -32768"
        );
    }

    #[test]
    fn strings_come_from_their_address_and_the_count_is_returned() {
        let mut args = Buf::new().put(0x10, 8).put(5, 4);
        let (text, n) = format(b"%s %d", &mut args).unwrap();
        assert_eq!((text.as_str(), n), ("cuda 5", 2));
        // A format asking for more than the buffer holds is an error, not a wild read.
        assert!(format(b"%d %d", &mut Buf::new().put(1, 4)).is_err());
    }

    /// `%*d`'s width or `%.*f`'s precision as the `int` argument.
    fn star(v: i32) -> u64 {
        v as u32 as u64
    }

    #[test]
    fn star_fields_follow_glibc() {
        let b = || Buf::new();
        // A negative width left-justifies; a negative precision is none.
        assert_eq!(f("%*d|", b().put(star(-4), 4).put(7, 4)), "7   |");
        assert_eq!(f("%*d|", b().put(star(-1), 4).put(7, 4)), "7|");
        assert_eq!(
            f("%.*f|", b().put(star(-1), 4).put(1.5f64.to_bits(), 8)),
            "1.500000|"
        );
        assert_eq!(f("%.*d|", b().put(star(-7), 4).put(42, 4)), "42|");
        // INT_MIN as a width asks for 2 GiB of padding: cut past the FIFO, not built.
        let (text, n) = format(b"%*d", &mut b().put(star(i32::MIN), 4).put(1, 4)).unwrap();
        assert_eq!((text.len(), n), (PRINTF_FIFO_BYTES + 1, 2));
    }

    #[test]
    fn huge_widths_and_precisions_are_bounded_by_the_fifo() {
        let one = || Buf::new().put(1, 4);
        let x = || Buf::new().put(1.5f64.to_bits(), 8);
        for fmt in [
            "%2000000000d",
            "%.2000000000d",
            "%-2000000000d",
            "%02000000000d",
            "%99999999999999999999999d",
            "%.99999999999999999999999x",
        ] {
            let (text, _) = format(fmt.as_bytes(), &mut one()).unwrap();
            assert_eq!(text.len(), PRINTF_FIFO_BYTES + 1, "{fmt}");
        }
        for fmt in [
            "%.1000000000e",
            "%#.1000000000g",
            "%.1000000000f",
            "%.1000000000a",
            "%2000000000f",
        ] {
            let (text, _) = format(fmt.as_bytes(), &mut x()).unwrap();
            assert_eq!(text.len(), PRINTF_FIFO_BYTES + 1, "{fmt}");
        }
        let (text, _) = format(b"%2000000000s", &mut Buf::new().put(0x10, 8)).unwrap();
        assert_eq!(text.len(), PRINTF_FIFO_BYTES + 1);
        // Non-zero `%g` without `#` drops the zeros a huge precision asks for.
        assert_eq!(f("%.1000000000g", x()), "1.5");
        // Exact past what Rust's formatter takes (65,535 digits): zeros after the digits.
        let text = f("%.65536f", x());
        assert_eq!(text.len(), 2 + 65536);
        assert!(text.starts_with("1.5000") && text.ends_with("000"));
        let text = f("%.70000e", x());
        assert!(
            text.starts_with("1.5000") && text.ends_with("0e+00"),
            "{}",
            &text[..10]
        );
        // A smaller room stops sooner.
        let (text, _) = format_within(b"%20d", &mut one(), 10).unwrap();
        assert_eq!(text.len(), 11);
        let (text, _) = format_within(b"abc", &mut one(), 3).unwrap();
        assert_eq!(text, "abc");
    }

    #[test]
    fn flags_match_glibc() {
        let b = || Buf::new();
        // Expected texts from glibc's snprintf.
        assert_eq!(
            f("%.20a", b().put(3.0f64.to_bits(), 8)),
            "0x1.80000000000000000000p+1"
        );
        assert_eq!(f("%.3a", b().put(0.0f64.to_bits(), 8)), "0x0.000p+0");
        assert_eq!(f("%010.0f", b().put(5.0f64.to_bits(), 8)), "0000000005");
        assert_eq!(f("%#.0f", b().put(2.0f64.to_bits(), 8)), "2.");
        assert_eq!(
            f("%08.3d|%-6.3x|", b().put(5, 4).put(255, 4)),
            "     005|0ff   |"
        );
        assert_eq!(
            f(
                "%05s|%08f",
                b().put(0x10, 8).put(f64::INFINITY.to_bits(), 8)
            ),
            " cuda|     inf"
        );
        assert_eq!(f("%+08.2f", b().put((-1.5f64).to_bits(), 8)), "-0001.50");
    }
}
