//! The files a CUDA C++ text asks the preprocessor for: the header names of its `#include`
//! (also `#include_next`, `#import`, `#embed`) directives and `__has_include` tests, read as
//! the preprocessor reads them.
//!
//! The text is taken through translation phases 1 to 3 first: a backslash at the end of a
//! line joins it to the next, comments count as a space (so `#include/**/"h.h"` and a block
//! comment running over lines inside a directive are directives), string, character and raw
//! string literals are skipped (a `/*` inside one starts no comment), and `%:` (digraph) and
//! `??=` (trigraph) start a directive as `#` does. Every directive counts, whatever `#if`
//! surrounds it: a header that is never read costs a read, never a stale answer. Where the
//! reading could go two ways, both count: a text holding a `??/` trigraph is read with and
//! without trigraph line joining.
//!
//! A directive whose header is spelled with a macro (`#include HEADER`) names a file only
//! after macro expansion, which this module does not do, and a text that uses `__DATE__`,
//! `__TIME__` or `__TIMESTAMP__` compiles to something else as the clock moves: each is
//! reported as [`Unknown`], and the compile it belongs to is not cached.

use std::borrow::Cow;

/// A header name as written: `"name"` (quoted) or `<name>`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct HeaderName {
    /// The name between the delimiters.
    pub name: String,
    /// Whether it was written `"name"`.
    pub quoted: bool,
}

/// What makes a text's compile unknowable to the cache, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unknown {
    /// The physical line (from 1) of the logical line it is on.
    pub line: usize,
    /// What is there.
    pub what: Unknowable,
}

/// Why a text's compile cannot be cached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unknowable {
    /// A directive or `__has_include` whose file cannot be known without expanding macros
    /// (or whose name is cut by the end of the line, or is not UTF-8).
    HeaderByMacro,
    /// `__DATE__`, `__TIME__` or `__TIMESTAMP__`: the output changes with the clock.
    Clock,
}

impl std::fmt::Display for Unknown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.what {
            Unknowable::HeaderByMacro => {
                "names a header with a macro (or a name the cache cannot read), so the files \
                 the compile reads are known only to the compiler"
            }
            Unknowable::Clock => {
                "uses __DATE__, __TIME__ or __TIMESTAMP__, so the compile's output changes with \
                 the clock"
            }
        };
        write!(f, "line {} {what}", self.line)
    }
}

/// The header names `text` asks for, in order, duplicates kept out.
pub(crate) fn header_names(text: &[u8]) -> Result<Vec<HeaderName>, Unknown> {
    let mut names = Vec::new();
    scan(&splice(text, false), &mut names)?;
    if contains(text, b"??/") {
        scan(&splice(text, true), &mut names)?;
    }
    Ok(names)
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Phase 2: a backslash (or with `trigraphs`, `??/`) just before a newline (`\n` or `\r\n`)
/// joins the lines.
fn splice(text: &[u8], trigraphs: bool) -> Spliced<'_> {
    let is_joiner = |i: usize| -> usize {
        if text[i] == b'\\' {
            1
        } else if trigraphs && text[i..].starts_with(b"??/") {
            3
        } else {
            0
        }
    };
    let first = text
        .iter()
        .position(|&c| c == b'\\' || (trigraphs && c == b'?'));
    let Some(first) = first else {
        return Spliced {
            bytes: Cow::Borrowed(text),
            splices: Vec::new(),
        };
    };
    let mut bytes = Vec::with_capacity(text.len());
    bytes.extend_from_slice(&text[..first]);
    let mut splices = Vec::new();
    let mut i = first;
    while i < text.len() {
        let joiner = is_joiner(i);
        if joiner > 0 {
            let after = &text[i + joiner..];
            let newline = if after.starts_with(b"\r\n") {
                2
            } else if after.starts_with(b"\n") {
                1
            } else {
                0
            };
            if newline > 0 {
                splices.push(bytes.len());
                i += joiner + newline;
                continue;
            }
        }
        bytes.push(text[i]);
        i += 1;
    }
    Spliced {
        bytes: Cow::Owned(bytes),
        splices,
    }
}

/// Spliced text, and where lines were joined (to count physical lines in messages).
struct Spliced<'a> {
    bytes: Cow<'a, [u8]>,
    splices: Vec<usize>,
}

impl Spliced<'_> {
    /// The physical line (from 1) of the spliced byte at `at`.
    fn line(&self, at: usize) -> usize {
        let at = at.min(self.bytes.len());
        let newlines = self.bytes[..at].iter().filter(|&&c| c == b'\n').count();
        let joined = self.splices.iter().filter(|&&p| p <= at).count();
        1 + newlines + joined
    }
}

/// Phase 3 and the directives: walks the spliced text once.
fn scan(text: &Spliced, names: &mut Vec<HeaderName>) -> Result<(), Unknown> {
    let b: &[u8] = &text.bytes;
    let unknown = |at: usize| Unknown {
        line: text.line(at),
        what: Unknowable::HeaderByMacro,
    };
    let mut seen: std::collections::BTreeSet<HeaderName> = names.iter().cloned().collect();
    let mut push = |name: HeaderName| {
        if seen.insert(name.clone()) {
            names.push(name);
        }
    };
    let mut i = 0;
    // Only white space and comments since the last newline: a `#` here starts a directive.
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if is_space(c) {
            i += 1;
            continue;
        }
        if let Some(end) = comment_end(b, i) {
            i = end;
            continue;
        }
        let hash_len = if c == b'#' {
            1
        } else if b[i..].starts_with(b"%:") || b[i..].starts_with(b"??=") {
            if c == b'%' {
                2
            } else {
                3
            }
        } else {
            0
        };
        if line_start && hash_len > 0 {
            line_start = false;
            let (word, after) = identifier(b, skip_blank(b, i + hash_len));
            if matches!(word, b"include" | b"include_next" | b"import" | b"embed") {
                let (name, end) = header_name(b, skip_blank(b, after)).ok_or_else(|| unknown(i))?;
                push(name);
                i = end;
            } else {
                // Any other directive: its line is read on as text (`#if __has_include(..)`).
                i = after;
            }
            continue;
        }
        line_start = false;
        if c == b'"' || c == b'\'' {
            i = literal_end(b, i);
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            i = pp_number_end(b, i);
            continue;
        }
        if is_ident_start(c) {
            let (word, after) = identifier(b, i);
            if b.get(after) == Some(&b'"') && matches!(word, b"R" | b"u8R" | b"uR" | b"UR" | b"LR")
            {
                i = raw_string_end(b, after);
                continue;
            }
            if matches!(word, b"__DATE__" | b"__TIME__" | b"__TIMESTAMP__") {
                return Err(Unknown {
                    line: text.line(i),
                    what: Unknowable::Clock,
                });
            }
            if matches!(word, b"__has_include" | b"__has_include_next") {
                let open = skip_blank(b, after);
                if b.get(open) == Some(&b'(') {
                    let (name, end) =
                        header_name(b, skip_blank(b, open + 1)).ok_or_else(|| unknown(i))?;
                    push(name);
                    i = end;
                    continue;
                }
            }
            i = after;
            continue;
        }
        i += 1;
    }
    Ok(())
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident(c: u8) -> bool {
    is_ident_start(c) || c.is_ascii_digit()
}

/// Where the comment starting at `i` ends (a block comment's end may be on a later line; an
/// unterminated one runs to the end), or `None` when none starts there.
fn comment_end(b: &[u8], i: usize) -> Option<usize> {
    let rest = &b[i..];
    if rest.starts_with(b"//") {
        return Some(
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p),
        );
    }
    if rest.starts_with(b"/*") {
        return Some(
            b[i + 2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(b.len(), |p| i + 2 + p + 2),
        );
    }
    None
}

/// Skips white space other than newlines, and comments (a block comment over lines is one
/// space: the directive goes on after it).
fn skip_blank(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        if is_space(b[i]) {
            i += 1;
        } else if let Some(end) = comment_end(b, i) {
            if b[i + 1] == b'/' {
                return end; // a line comment runs to the newline, which ends the directive
            }
            i = end;
        } else {
            break;
        }
    }
    i
}

/// The identifier at `i` (empty when none) and where it ends.
fn identifier(b: &[u8], i: usize) -> (&[u8], usize) {
    let i = i.min(b.len());
    let len = b[i..].iter().take_while(|&&c| is_ident(c)).count();
    if b.get(i).is_some_and(|&c| c.is_ascii_digit()) {
        return (&[], i);
    }
    (&b[i..i + len], i + len)
}

/// The header name at `i`, `"…"` or `<…>` on one line, and where it ends.
fn header_name(b: &[u8], i: usize) -> Option<(HeaderName, usize)> {
    let close = match b.get(i)? {
        b'"' => b'"',
        b'<' => b'>',
        _ => return None,
    };
    let len = b[i + 1..].iter().position(|&c| c == close || c == b'\n')?;
    let end = i + 1 + len;
    if b[end] != close || len == 0 {
        return None;
    }
    let name = std::str::from_utf8(&b[i + 1..end]).ok()?.to_string();
    Some((
        HeaderName {
            name,
            quoted: close == b'"',
        },
        end + 1,
    ))
}

/// Where the string or character literal opening at `i` ends: after its closing quote, or at
/// the end of the line when it has none.
fn literal_end(b: &[u8], i: usize) -> usize {
    let quote = b[i];
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    b.len()
}

/// Where the preprocessing number at `i` ends: digits, letters, `_`, `.`, a `'` digit
/// separator before a digit or letter, and a sign after an exponent letter.
fn pp_number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        let c = b[i];
        let exponent_sign =
            matches!(c, b'e' | b'E' | b'p' | b'P') && matches!(b.get(i + 1), Some(b'+' | b'-'));
        let separator = c == b'\'' && b.get(i + 1).is_some_and(|&n| n.is_ascii_alphanumeric());
        if exponent_sign || separator {
            i += 2;
        } else if is_ident(c) || c == b'.' {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// Where the raw string whose opening quote is at `quote` ends: after `)delimiter"`. A
/// malformed opening (a delimiter over 16 characters or holding a space, backslash or
/// parenthesis) is read as an ordinary string.
fn raw_string_end(b: &[u8], quote: usize) -> usize {
    let delim_len = b[quote + 1..]
        .iter()
        .take(17)
        .position(|&c| c == b'(' || matches!(c, b' ' | b')' | b'\\' | b'\t' | b'\n' | b'"'));
    let Some(delim_len) = delim_len.filter(|&n| b.get(quote + 1 + n) == Some(&b'(')) else {
        return literal_end(b, quote);
    };
    let delim = &b[quote + 1..quote + 1 + delim_len];
    let body = quote + 1 + delim_len + 1;
    let mut close = Vec::with_capacity(delim_len + 2);
    close.push(b')');
    close.extend_from_slice(delim);
    close.push(b'"');
    b[body.min(b.len())..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(b.len(), |p| body + p + close.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<(String, bool)> {
        header_names(text.as_bytes())
            .unwrap()
            .into_iter()
            .map(|h| (h.name, h.quoted))
            .collect()
    }

    fn q(n: &str) -> (String, bool) {
        (n.to_string(), true)
    }

    #[test]
    fn every_spelling_of_an_include_is_found() {
        let spellings = [
            "#include \"h.h\"",
            "#include/**/\"h.h\"",
            "  #  include   \"h.h\" // note",
            "%:include \"h.h\"",
            "??=include \"h.h\"",
            "#inc\\\nlude \"h.h\"",
            "#include \\\n\"h.h\"",
            "#include \\\r\n\"h.h\"",
            "/* a */ # /* b */ include /* c\n d */ \"h.h\"",
            "#include_next \"h.h\"",
            "#import \"h.h\"",
            "#if __has_include(\"h.h\")\n#endif",
            "#if __has_include ( \"h.h\" )\n#endif",
            "#inc??/\nlude \"h.h\"",
        ];
        for s in spellings {
            assert_eq!(names(s), vec![q("h.h")], "{s:?}");
        }
        assert_eq!(names("#include <a/b.h>"), vec![("a/b.h".into(), false)]);
        assert_eq!(names("#include \"/abs/h.h\""), vec![q("/abs/h.h")]);
    }

    #[test]
    fn comments_and_literals_hide_what_they_hold_and_nothing_more() {
        let text = r##"
// #include "line-comment.h"
/* #include "block-comment.h"
#include "still-comment.h" */
const char* s = "/* not a comment";
#include "a.h"
char c = '"'; int n = 1'000'000;
#include "b.h"
const char* r = R"x(
#include "raw.h" )" still raw
)x";
#include "c.h"
x = "#include \"str.h\"";
"##;
        assert_eq!(names(text), vec![q("a.h"), q("b.h"), q("c.h")]);
    }

    #[test]
    fn a_hash_that_does_not_start_a_line_is_no_directive() {
        assert_eq!(names("x = 1; #include \"h.h\""), vec![]);
        assert_eq!(names("#define S(x) #x\nS(#include \"h.h\")"), vec![]);
        assert_eq!(names("x \\\n#include \"h.h\""), vec![]);
    }

    #[test]
    fn a_header_named_by_a_macro_is_unknown() {
        for s in [
            "#include HEADER",
            "\n\n#include HEADER_FOR(3)",
            "#if __has_include(NAME)\n#endif",
            "#include \"unterminated\n",
            "#include <>",
        ] {
            assert!(header_names(s.as_bytes()).is_err(), "{s:?}");
        }
        assert_eq!(
            header_names(b"\n\n#include X").unwrap_err(),
            Unknown {
                line: 3,
                what: Unknowable::HeaderByMacro
            }
        );
        let clock = header_names(b"const char* built = __DATE__ \" \" __TIME__;").unwrap_err();
        assert_eq!(clock.what, Unknowable::Clock);
        assert_eq!(names("// __TIME__\nconst char* s = \"__DATE__\";"), vec![]);
        // Naming the operator without a header is not a test of one.
        assert_eq!(names("#ifdef __has_include\n#endif"), vec![]);
    }

    /// Texts made of the scanner's own pieces, in every order a small generator gives:
    /// none panics (every slice is in bounds), and each name is in the text
    /// once its lines are joined.
    #[test]
    fn pieces_in_any_order_never_panic() {
        const PIECES: [&str; 24] = [
            "#",
            "include",
            "include_next",
            " ",
            "\"",
            "'",
            "<",
            ">",
            "/*",
            "*/",
            "//",
            "\\\n",
            "\\",
            "\n",
            "R\"x(",
            ")x\"",
            "??/",
            "??=",
            "%:",
            "__has_include",
            "(",
            "h.h",
            "1'0",
            "\r\n",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let len = next() % 24;
            let text: String = (0..len)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            if let Ok(found) = header_names(text.as_bytes()) {
                let joined = text.replace("\\\r\n", "").replace("\\\n", "");
                let trigraphs = joined.replace("??/\r\n", "").replace("??/\n", "");
                for h in found {
                    let seen = joined.contains(&h.name) || trigraphs.contains(&h.name);
                    assert!(seen, "{text:?} gave {h:?}");
                }
            }
        }
    }

    #[test]
    fn hostile_text_is_scanned_in_bounded_time() {
        let t = std::time::Instant::now();
        let mut text = "/*".to_string();
        text.push_str(&"*".repeat(1 << 18));
        assert_eq!(names(&text), vec![]);
        let many = "#include \"h.h\"\n".repeat(20_000);
        assert_eq!(names(&many), vec![q("h.h")]);
        let quotes = "'\"".repeat(1 << 17);
        assert_eq!(names(&quotes), vec![]);
        let raws = "R\"(".repeat(1 << 16);
        assert_eq!(names(&raws), vec![]);
        let trigraphs = "??/\n".repeat(1 << 16);
        assert_eq!(names(&trigraphs), vec![]);
        // About 1.3 MB of text in a debug build (a quadratic walk would take hours).
        assert!(t.elapsed().as_secs_f64() < 1.0, "{:?}", t.elapsed());
    }
}
