//! Device `printf`: the format string and the argument buffer `vprintf` receives, turned
//! into text the way CUDA's device runtime does it.
//!
//! The compiler packs the arguments into a buffer in the thread's local memory, each at an
//! offset aligned to its size: `int`, `unsigned` and `char` (promoted) as 4 bytes; `long`,
//! `long long`, `size_t`, pointers (`%p`, `%s`) and `double` (a `float` argument is
//! promoted) as 8. The format string decides how the bytes are read, exactly as
//! C's `printf` does, so this module reads the buffer through a callback and knows nothing
//! of memory spaces.

/// Where a conversion's argument comes from: `read(offset, size)` gives the little-endian
/// value at that offset of the argument buffer; `string(address)` a C string.
pub(crate) trait Args {
    fn read(&mut self, offset: u64, size: usize) -> Result<u64, String>;
    fn string(&mut self, address: u64) -> Result<String, String>;
}

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

/// Formats `format` with the arguments `args` holds. Returns the text and how many
/// arguments were consumed (what device `printf` returns).
pub(crate) fn format(format: &[u8], args: &mut dyn Args) -> Result<(String, u32), String> {
    let mut out = String::new();
    let mut offset = 0u64;
    let mut count = 0u32;
    let mut i = 0;
    let mut next = |size: usize, args: &mut dyn Args| -> Result<u64, String> {
        offset = offset.div_ceil(size as u64) * size as u64;
        let v = args.read(offset, size)?;
        offset += size as u64;
        count += 1;
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
            out.push_str(&String::from_utf8_lossy(&format[start..i]));
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
        let mut number = |i: &mut usize, args: &mut dyn Args| -> Result<Option<usize>, String> {
            if format.get(*i) == Some(&b'*') {
                *i += 1;
                return Ok(Some(next(4, args)? as u32 as i32 as usize));
            }
            let start = *i;
            while format.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            Ok(std::str::from_utf8(&format[start..*i])
                .ok()
                .and_then(|s| s.parse().ok()))
        };
        spec.width = number(&mut i, args)?;
        if format.get(i) == Some(&b'.') {
            i += 1;
            spec.precision = Some(number(&mut i, args)?.unwrap_or(0));
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
            out.push('%');
            break;
        };
        i += 1;
        let int_size = if spec.long { 8 } else { 4 };
        let body = match conv {
            b'%' => {
                out.push('%');
                continue;
            }
            b'd' | b'i' => {
                let raw = next(int_size, args)?;
                let v = signed(raw, &spec);
                let digits = with_precision(v.unsigned_abs().to_string(), &spec);
                signed_text(v < 0, digits, &spec)
            }
            b'u' | b'x' | b'X' | b'o' => {
                let v = unsigned(next(int_size, args)?, &spec);
                let (digits, prefix) = match conv {
                    b'u' => (v.to_string(), ""),
                    b'x' => (format!("{v:x}"), if spec.alt && v != 0 { "0x" } else { "" }),
                    b'X' => (format!("{v:X}"), if spec.alt && v != 0 { "0X" } else { "" }),
                    _ => (format!("{v:o}"), if spec.alt { "0" } else { "" }),
                };
                let digits = with_precision(digits, &spec);
                (prefix.to_string(), digits)
            }
            b'c' => {
                let v = next(4, args)? as u8;
                (String::new(), String::from_utf8_lossy(&[v]).into_owned())
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
                (String::new(), s)
            }
            b'p' => {
                let p = next(8, args)?;
                (String::new(), format!("0x{p:x}"))
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let x = f64::from_bits(next(8, args)?);
                let text = float(x, conv, &spec);
                let negative = x.is_sign_negative() && !x.is_nan();
                signed_text(negative, text, &spec)
            }
            other => {
                // An unknown conversion is printed as it was written.
                out.push('%');
                out.push(other as char);
                continue;
            }
        };
        pad(&mut out, body, &spec, matches!(conv, b'c' | b's' | b'p'));
    }
    Ok((out, count))
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

/// Integer digits padded with zeros to the precision (`%.0d` of 0 prints nothing).
fn with_precision(digits: String, spec: &Spec) -> String {
    match spec.precision {
        Some(0) if digits == "0" => String::new(),
        Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}

/// The sign (or `+`/space) and the digits.
fn signed_text(negative: bool, digits: String, spec: &Spec) -> (String, String) {
    let sign = if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    (sign.to_string(), digits)
}

/// Pads `(prefix, digits)` to the width: spaces left or right, or zeros after the prefix.
fn pad(out: &mut String, (prefix, digits): (String, String), spec: &Spec, text: bool) {
    let len = prefix.chars().count() + digits.chars().count();
    let fill = spec.width.unwrap_or(0).saturating_sub(len);
    let zeros = spec.zero
        && !spec.left
        && !text
        && (spec.precision.is_none() || !digits.chars().all(|c| c.is_ascii_digit()));
    if spec.left {
        out.push_str(&prefix);
        out.push_str(&digits);
        out.extend(std::iter::repeat_n(' ', fill));
    } else if zeros && digits.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        out.push_str(&prefix);
        out.extend(std::iter::repeat_n('0', fill));
        out.push_str(&digits);
    } else {
        out.extend(std::iter::repeat_n(' ', fill));
        out.push_str(&prefix);
        out.push_str(&digits);
    }
}

/// `|x|` as C's `%f`, `%e`, `%g` or `%a` write it (the sign is added by the caller).
fn float(x: f64, conv: u8, spec: &Spec) -> String {
    let upper = conv.is_ascii_uppercase();
    let x = x.abs();
    let text = if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        "inf".to_string()
    } else {
        let p = spec.precision.unwrap_or(6);
        match conv.to_ascii_lowercase() {
            b'f' => {
                let s = format!("{x:.p$}");
                if spec.alt && p == 0 {
                    s + "."
                } else {
                    s
                }
            }
            b'e' => exponent(x, p, spec.alt),
            b'a' => hex_float(x, spec.precision),
            _ => general(x, p, spec.alt),
        }
    };
    if upper {
        text.to_uppercase()
    } else {
        text
    }
}

/// `%e`: one digit, the fraction, `e`, a sign and at least two exponent digits.
fn exponent(x: f64, p: usize, alt: bool) -> String {
    let s = format!("{x:.p$e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}{dot}e{sign}{:02}", exp.unsigned_abs())
}

/// `%g`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`.
fn general(x: f64, p: usize, alt: bool) -> String {
    let p = p.max(1);
    let exp = if x == 0.0 {
        0
    } else {
        // The exponent after rounding to p significant digits.
        let s = format!("{x:.*e}", p - 1);
        s.split_once('e')
            .and_then(|(_, e)| e.parse::<i32>().ok())
            .unwrap_or(0)
    };
    let s = if exp < -4 || exp >= p as i32 {
        exponent(x, p - 1, alt)
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        format!("{x:.decimals$}")
    };
    if alt {
        return s;
    }
    // Remove trailing zeros of the fraction (and the dot), keeping any exponent.
    let (num, exp_part) = match s.find('e') {
        Some(k) => (&s[..k], &s[k..]),
        None => (&s[..], ""),
    };
    let num = if num.contains('.') {
        num.trim_end_matches('0').trim_end_matches('.')
    } else {
        num
    };
    format!("{num}{exp_part}")
}

/// `%a`: hexadecimal floating point, `0x1.8p+1`.
fn hex_float(x: f64, precision: Option<usize>) -> String {
    if x == 0.0 {
        return "0x0p+0".to_string();
    }
    let bits = x.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let (lead, exp) = if raw_exp == 0 {
        (0, -1022)
    } else {
        (1, raw_exp - 1023)
    };
    let mut frac = format!("{:013x}", bits & ((1u64 << 52) - 1));
    match precision {
        Some(p) => frac.truncate(p),
        None => {
            let trimmed = frac.trim_end_matches('0').len();
            frac.truncate(trimmed);
        }
    }
    let dot = if frac.is_empty() { "" } else { "." };
    format!("0x{lead}{dot}{frac}p{exp:+}")
}

#[cfg(test)]
mod tests {
    use super::{format, Args};

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
}
