//! The preprocessor: `#define` (object- and function-like, `#`, `##`, `__VA_ARGS__`),
//! `#undef`, `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` with `defined`, `#include`
//! (in-memory headers, include directories, the built-in headers of [`crate::headers`]),
//! `#pragma` (accepted: `once` is honoured, the rest change no result), `#error`, and
//! NVRTC's predefined macros. Expansion follows C's rules with hide sets, so a macro never
//! expands inside its own expansion.

use crate::diag::{Diag, Pos, Result, Sources};
use crate::lex::{tokenize, Kind, Token};
use crate::Options;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::rc::Rc;

/// Largest file `#include` reads.
pub const MAX_FILE_BYTES: u64 = 8 << 20;
/// Deepest `#include` nesting.
pub const MAX_INCLUDE_DEPTH: usize = 100;
/// Most tokens the preprocessor may produce (macro bombs stop here).
pub const MAX_TOKENS: usize = 2_000_000;
/// Most macro expansions in one compile.
pub const MAX_EXPANSIONS: usize = 200_000;

#[derive(Debug, Clone)]
struct Macro {
    params: Option<Vec<Rc<str>>>,
    variadic: bool,
    body: Vec<Token>,
}

/// Runs the preprocessor over the main file; returns its tokens, every file read from disk,
/// and the source texts (for diagnostics).
pub struct Preprocessor<'a> {
    opts: &'a Options,
    /// Texts of every file seen.
    pub sources: Sources,
    /// Files read from disk, in the order first read.
    pub files_read: Vec<PathBuf>,
    macros: HashMap<Rc<str>, Macro>,
    once: HashSet<String>,
    expansions: usize,
    produced: usize,
    depth: usize,
}

struct Cond {
    active: bool,
    taken: bool,
    seen_else: bool,
    pos: Pos,
}

/// The helper macro that stringizes `assert`'s condition after expansion.
const STRINGIZE_ASSERTION: &str = "__cuda_library_assertion(e)";

impl<'a> Preprocessor<'a> {
    /// A preprocessor with NVRTC's predefined macros and the `-D` options.
    pub fn new(opts: &'a Options) -> Self {
        let mut p = Preprocessor {
            opts,
            sources: Sources::default(),
            files_read: Vec::new(),
            macros: HashMap::new(),
            once: HashSet::new(),
            expansions: 0,
            produced: 0,
            depth: 0,
        };
        let arch = opts.arch.saturating_mul(10).to_string();
        let predefined = [
            ("__CUDACC__", "1"),
            ("__NVCC__", "1"),
            ("__CUDACC_RTC__", "1"),
            ("__CUDA_ARCH__", arch.as_str()),
            ("__CUDACC_VER_MAJOR__", "12"),
            ("__CUDACC_VER_MINOR__", "9"),
            ("__CUDACC_VER_BUILD__", "86"),
            ("__CUDA_API_VER_MAJOR__", "12"),
            ("__CUDA_API_VER_MINOR__", "9"),
            ("__cplusplus", "201703L"),
            ("__LP64__", "1"),
            ("__CHAR_BIT__", "8"),
            ("__NVCC_DIAG_PRAGMA_SUPPORT__", "1"),
            ("CUDART_VERSION", "12090"),
        ];
        for (n, v) in predefined {
            p.define_text(n, Some(v));
        }
        // NVRTC's `assert` needs no header. `__assertfail` gets the condition's text with its
        // macros expanded (so it is stringized one level down), the file and the line.
        p.define_text(STRINGIZE_ASSERTION, Some("#e"));
        p.define_text(
            "assert(e)",
            Some("__cuda_library_assert(e, __cuda_library_assertion(e), __FILE__, __LINE__)"),
        );
        if opts.fast_math {
            p.define_text("__USE_FAST_MATH__", Some("1"));
        }
        if opts.debug {
            p.define_text("__CUDACC_DEBUG__", Some("1"));
        }
        for (n, v) in &opts.defines {
            p.define_text(n, Some(v.as_deref().unwrap_or("1")));
        }
        p
    }

    fn define_text(&mut self, name: &str, value: Option<&str>) {
        let (name, params) = match name.find('(') {
            Some(i) => {
                let ps = name[i + 1..]
                    .trim_end_matches(')')
                    .split(',')
                    .map(|s| Rc::from(s.trim()))
                    .filter(|s: &Rc<str>| !s.is_empty())
                    .collect();
                (&name[..i], Some(ps))
            }
            None => (name, None),
        };
        let body = tokenize(value.unwrap_or("1"), u32::MAX).unwrap_or_default();
        self.macros.insert(
            Rc::from(name),
            Macro {
                params,
                variadic: false,
                body,
            },
        );
    }

    /// Preprocesses `text` (shown as `name` in diagnostics).
    pub fn run(&mut self, text: &str, name: &str) -> Result<Vec<Token>> {
        let mut out = Vec::new();
        // Pre-included headers come first, each from a one-line file of its own (named as
        // GCC and NVRTC name the command line), so the source keeps its line numbers.
        let opts = self.opts;
        for header in &opts.pre_includes {
            let line = self
                .sources
                .add("<command-line>", format!("#include \"{header}\"\n"));
            if header.contains(['"', '\n', '\r']) {
                return Err(Diag::new(
                    Pos {
                        file: line,
                        offset: 0,
                    },
                    format!(
                        "the pre-included header name {header:?} holds a quote or a line break"
                    ),
                )
                .note("name a file without them"));
            }
            self.file(line, None, &mut out)?;
        }
        let file = self.sources.add(name, text.to_string());
        self.file(file, None, &mut out)?;
        Ok(out)
    }

    fn file(&mut self, file: u32, dir: Option<PathBuf>, out: &mut Vec<Token>) -> Result<()> {
        let text = &self.sources.files[file as usize].1;
        let toks = tokenize(text, file)?;
        let mut conds: Vec<Cond> = Vec::new();
        let mut run: Vec<Token> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            let t = &toks[i];
            let end = line_end(&toks, i);
            if t.bol && t.is("#") {
                self.flush(&mut run, out)?;
                let line = &toks[i + 1..end];
                self.directive(line, t.pos, &mut conds, dir.as_ref(), out)?;
                i = end;
                continue;
            }
            if conds.iter().all(|c| c.active) {
                run.extend_from_slice(&toks[i..end]);
            }
            i = end;
        }
        self.flush(&mut run, out)?;
        if let Some(c) = conds.last() {
            return Err(Diag::new(c.pos, "this #if has no #endif")
                .note("add #endif where the conditional part ends"));
        }
        Ok(())
    }

    fn flush(&mut self, run: &mut Vec<Token>, out: &mut Vec<Token>) -> Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        let toks = std::mem::take(run);
        let expanded = self.expand(toks)?;
        out.extend(expanded);
        Ok(())
    }

    fn directive(
        &mut self,
        line: &[Token],
        hash: Pos,
        conds: &mut Vec<Cond>,
        dir: Option<&PathBuf>,
        out: &mut Vec<Token>,
    ) -> Result<()> {
        let Some(d) = line.first() else { return Ok(()) };
        let active = conds.iter().all(|c| c.active);
        let name = &*d.text;
        match name {
            "if" | "ifdef" | "ifndef" => {
                let v = if !active {
                    false
                } else if name == "if" {
                    self.eval_if(&line[1..], d.pos)?
                } else {
                    let m = line
                        .get(1)
                        .filter(|t| t.kind == Kind::Ident)
                        .ok_or_else(|| {
                            Diag::new(d.pos, format!("#{name} needs a macro name"))
                                .note(format!("write #{name} NAME"))
                        })?;
                    self.macros.contains_key(&m.text) == (name == "ifdef")
                };
                conds.push(Cond {
                    active: active && v,
                    taken: v || !active,
                    seen_else: false,
                    pos: hash,
                });
            }
            "elif" | "else" => {
                let outer = conds.len() < 2 || conds[..conds.len() - 1].iter().all(|c| c.active);
                let Some(c) = conds.last() else {
                    return Err(Diag::new(d.pos, format!("#{name} without #if"))
                        .note("remove it or add the #if it belongs to"));
                };
                if c.seen_else {
                    return Err(Diag::new(d.pos, format!("#{name} after #else"))
                        .note("#else must be the last branch"));
                }
                let taken = c.taken;
                let v = if taken || !outer {
                    false
                } else if name == "else" {
                    true
                } else {
                    self.eval_if(&line[1..], d.pos)?
                };
                if let Some(c) = conds.last_mut() {
                    c.active = v;
                    c.taken = taken || v;
                    c.seen_else = name == "else";
                }
            }
            "endif" => {
                if conds.pop().is_none() {
                    return Err(Diag::new(d.pos, "#endif without #if").note("remove it"));
                }
            }
            _ if !active => {}
            "define" => self.define(&line[1..], d.pos)?,
            "undef" => {
                if let Some(m) = line.get(1) {
                    self.macros.remove(&m.text);
                }
            }
            "include" => self.include(&line[1..], d.pos, dir, out)?,
            "pragma" => {
                if line.get(1).is_some_and(|t| t.is("once")) {
                    let f = d.pos.file as usize;
                    let key = self
                        .sources
                        .files
                        .get(f)
                        .map(|f| f.0.clone())
                        .unwrap_or_default();
                    self.once.insert(key);
                }
            }
            "error" => {
                let msg: Vec<&str> = line[1..].iter().map(|t| &*t.text).collect();
                return Err(Diag::new(d.pos, format!("#error {}", msg.join(" "))));
            }
            "warning" | "line" | "ident" => {}
            _ if d.kind == Kind::Num => {}
            _ => {
                return Err(Diag::new(d.pos, format!("unknown directive #{name}")).note("the directives are #define, #undef, #include, #if, #ifdef, #ifndef, #elif, #else, #endif, #pragma, #error"));
            }
        }
        Ok(())
    }

    fn define(&mut self, line: &[Token], at: Pos) -> Result<()> {
        let Some(name) = line.first().filter(|t| t.kind == Kind::Ident) else {
            return Err(
                Diag::new(at, "#define needs a macro name").note("write #define NAME VALUE")
            );
        };
        let mut i = 1;
        let mut params = None;
        let mut variadic = false;
        if line.get(1).is_some_and(|t| t.is("(") && !t.space) {
            let mut ps = Vec::new();
            i = 2;
            loop {
                let Some(t) = line.get(i) else {
                    return Err(
                        Diag::new(name.pos, "this macro's parameter list is not closed")
                            .note("end it with )"),
                    );
                };
                i += 1;
                if t.is(")") {
                    break;
                } else if t.is(",") {
                } else if t.is("...") {
                    variadic = true;
                    ps.push(Rc::from("__VA_ARGS__"));
                } else if t.kind == Kind::Ident {
                    ps.push(t.text.clone());
                } else {
                    return Err(Diag::new(
                        t.pos,
                        format!("'{}' cannot name a macro parameter", t.text),
                    )
                    .note("parameters are identifiers separated by commas"));
                }
            }
            params = Some(ps);
        }
        let body = line[i..].to_vec();
        self.macros.insert(
            name.text.clone(),
            Macro {
                params,
                variadic,
                body,
            },
        );
        Ok(())
    }

    fn include(
        &mut self,
        line: &[Token],
        at: Pos,
        dir: Option<&PathBuf>,
        out: &mut Vec<Token>,
    ) -> Result<()> {
        let line = if line.first().is_some_and(|t| t.kind == Kind::Ident) {
            self.expand(line.to_vec())?
        } else {
            line.to_vec()
        };
        let (name, quoted) = match line.first() {
            Some(t) if t.kind == Kind::Str => (t.text.trim_matches('"').to_string(), true),
            Some(t) if t.is("<") => {
                let mut s = String::new();
                for t in &line[1..] {
                    if t.is(">") {
                        break;
                    }
                    s.push_str(&t.text);
                }
                (s, false)
            }
            _ => {
                return Err(Diag::new(at, "#include needs a file name")
                    .note("write #include \"file.h\" or #include <file.h>"))
            }
        };
        if self.depth >= MAX_INCLUDE_DEPTH {
            return Err(Diag::new(
                at,
                format!("#include nested more than {MAX_INCLUDE_DEPTH} deep"),
            )
            .note("a header probably includes itself without an include guard"));
        }
        if self.once.contains(&name) {
            return Ok(());
        }
        let found = self.find_header(&name, quoted, dir, at)?;
        let Some((shown, text, path)) = found else {
            return Err(Diag::new(at, format!("cannot open '{name}'"))
                .note("pass its directory in include_paths, or its text in headers"));
        };
        if self.once.contains(&shown) {
            return Ok(());
        }
        let file = self.sources.add(&shown, text);
        self.depth += 1;
        let r = self.file(file, path.and_then(|p| p.parent().map(PathBuf::from)), out);
        self.depth -= 1;
        r
    }

    fn find_header(
        &mut self,
        name: &str,
        quoted: bool,
        dir: Option<&PathBuf>,
        at: Pos,
    ) -> Result<Option<(String, String, Option<PathBuf>)>> {
        if let Some((_, t)) = self.opts.headers.iter().find(|(n, _)| n == name) {
            return Ok(Some((name.to_string(), t.clone(), None)));
        }
        let mut dirs: Vec<PathBuf> = Vec::new();
        if quoted {
            dirs.extend(dir.cloned());
        }
        if !quoted || dirs.is_empty() {
            if let Some(t) = crate::headers::lookup(name) {
                return Ok(Some((name.to_string(), t.to_string(), None)));
            }
        }
        dirs.extend(self.opts.include_paths.iter().cloned());
        for d in dirs {
            let p = d.join(name);
            let Ok(meta) = std::fs::metadata(&p) else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            if meta.len() > MAX_FILE_BYTES {
                return Err(Diag::new(
                    at,
                    format!(
                        "'{}' is {} bytes, more than the {MAX_FILE_BYTES} a header may be",
                        p.display(),
                        meta.len()
                    ),
                )
                .note("include a smaller header"));
            }
            let text = std::fs::read_to_string(&p).map_err(|e| {
                Diag::new(at, format!("cannot read '{}': {e}", p.display()))
                    .note("check the file is UTF-8 text and readable")
            })?;
            if !self.files_read.contains(&p) {
                self.files_read.push(p.clone());
            }
            return Ok(Some((p.display().to_string(), text, Some(p))));
        }
        Ok(crate::headers::lookup(name).map(|t| (name.to_string(), t.to_string(), None)))
    }

    fn eval_if(&mut self, line: &[Token], at: Pos) -> Result<bool> {
        // `defined X` is replaced before expansion, as C says.
        let mut pre = Vec::new();
        let mut i = 0;
        while i < line.len() {
            if line[i].is("defined") {
                let (name, next) = if line.get(i + 1).is_some_and(|t| t.is("(")) {
                    (line.get(i + 2), i + 4)
                } else {
                    (line.get(i + 1), i + 2)
                };
                let Some(name) = name else {
                    return Err(Diag::new(line[i].pos, "defined needs a macro name")
                        .note("write defined(NAME)"));
                };
                let v = self.macros.contains_key(&name.text);
                let mut t = line[i].clone();
                t.kind = Kind::Num;
                t.text = Rc::from(if v { "1" } else { "0" });
                pre.push(t);
                i = next;
            } else {
                pre.push(line[i].clone());
                i += 1;
            }
        }
        let toks = self.expand(pre)?;
        let mut e = crate::consteval::PpExpr {
            toks: &toks,
            i: 0,
            at,
        };
        let v = e.eval()?;
        Ok(v != 0)
    }

    /// Expands every macro in `toks`.
    pub fn expand(&mut self, toks: Vec<Token>) -> Result<Vec<Token>> {
        let mut input: VecDeque<Token> = toks.into();
        let mut out = Vec::new();
        while let Some(t) = input.pop_front() {
            if t.kind != Kind::Ident || t.hide.contains(&t.text) {
                out.push(t);
                continue;
            }
            if &*t.text == "__LINE__" || &*t.text == "__FILE__" {
                out.push(self.position_macro(&t));
                continue;
            }
            let Some(m) = self.macros.get(&t.text).cloned() else {
                out.push(t);
                continue;
            };
            self.expansions += 1;
            if self.expansions > MAX_EXPANSIONS {
                return Err(Diag::new(
                    t.pos,
                    format!("more than {MAX_EXPANSIONS} macro expansions"),
                )
                .note("a macro probably expands to itself through others; simplify it"));
            }
            let mut hide: Vec<Rc<str>> = t.hide.to_vec();
            hide.push(t.text.clone());
            let hide: Rc<[Rc<str>]> = Rc::from(hide);
            // A `__LINE__` the macro's body writes is the line of the call's closing
            // parenthesis, as NVRTC counts it (an `assert` over two lines).
            let mut end = t.pos;
            let body = match &m.params {
                None => m.body.clone(),
                Some(params) => {
                    if !input.front().is_some_and(|n| n.is("(")) {
                        out.push(t);
                        continue;
                    }
                    let (args, close) = collect_args(&mut input, &t)?;
                    end = close;
                    self.substitute(&m, params, args, &t)?
                }
            };
            self.produced += body.len();
            if self.produced > MAX_TOKENS {
                return Err(Diag::new(
                    t.pos,
                    format!("macro expansion produced more than {MAX_TOKENS} tokens"),
                )
                .note("a macro probably doubles itself; simplify it"));
            }
            for (k, mut b) in body.into_iter().enumerate().rev() {
                b.pos = if b.kind == Kind::Ident && &*b.text == "__LINE__" {
                    end
                } else {
                    t.pos
                };
                if k == 0 {
                    b.space = t.space;
                    b.bol = t.bol;
                }
                let mut h = b.hide.to_vec();
                h.extend(hide.iter().cloned());
                b.hide = Rc::from(h);
                input.push_front(b);
            }
        }
        Ok(out)
    }

    fn position_macro(&self, t: &Token) -> Token {
        let mut r = t.clone();
        let (name, text) = self
            .sources
            .files
            .get(t.pos.file as usize)
            .map(|(n, s)| (n.as_str(), s.as_str()))
            .unwrap_or(("", ""));
        if &*t.text == "__LINE__" {
            let end = (t.pos.offset as usize).min(text.len());
            r.kind = Kind::Num;
            r.text = Rc::from((text[..end].matches('\n').count() + 1).to_string());
        } else {
            r.kind = Kind::Str;
            r.text = Rc::from(format!("\"{name}\""));
        }
        r
    }

    fn substitute(
        &mut self,
        m: &Macro,
        params: &[Rc<str>],
        mut args: Vec<Vec<Token>>,
        call: &Token,
    ) -> Result<Vec<Token>> {
        if args.len() == 1 && args[0].is_empty() && params.is_empty() {
            args.clear();
        }
        if m.variadic && args.len() + 1 == params.len() {
            args.push(Vec::new());
        }
        if m.variadic && args.len() > params.len() {
            let rest: Vec<Vec<Token>> = args.split_off(params.len() - 1);
            let mut joined = Vec::new();
            for (k, a) in rest.into_iter().enumerate() {
                if k > 0 {
                    let mut c = call.clone();
                    c.kind = Kind::Punct;
                    c.text = Rc::from(",");
                    joined.push(c);
                }
                joined.extend(a);
            }
            args.push(joined);
        }
        if args.len() != params.len() {
            return Err(Diag::new(
                call.pos,
                format!(
                    "macro '{}' takes {} arguments, {} given",
                    call.text,
                    params.len(),
                    args.len()
                ),
            )
            .note("pass one argument per parameter"));
        }
        let index = |t: &Token| {
            if t.kind == Kind::Ident {
                params.iter().position(|p| *p == t.text)
            } else {
                None
            }
        };
        let mut out: Vec<Token> = Vec::new();
        let body = &m.body;
        let mut i = 0;
        while i < body.len() {
            let t = &body[i];
            if t.is("#") {
                if let Some(k) = body.get(i + 1).and_then(index) {
                    out.push(stringize(&args[k], t));
                    i += 2;
                    continue;
                }
            }
            if t.is("##") && !out.is_empty() {
                let Some(rhs) = body.get(i + 1) else { break };
                let rhs_toks = match index(rhs) {
                    Some(k) => args[k].clone(),
                    None => vec![rhs.clone()],
                };
                let mut rest = rhs_toks.into_iter();
                if let Some(first) = rest.next() {
                    let Some(lhs) = out.pop() else { break };
                    out.push(paste(&lhs, &first)?);
                }
                out.extend(rest);
                i += 2;
                continue;
            }
            if let Some(k) = index(t) {
                let raw = body.get(i + 1).is_some_and(|n| n.is("##"));
                let mut a = if raw {
                    args[k].clone()
                } else {
                    self.expand(args[k].clone())?
                };
                if let Some(f) = a.first_mut() {
                    f.space = t.space;
                }
                out.extend(a);
                i += 1;
                continue;
            }
            out.push(t.clone());
            i += 1;
        }
        Ok(out)
    }
}

/// The index just past the last token of the line starting at `i`.
fn line_end(toks: &[Token], i: usize) -> usize {
    let mut j = i + 1;
    while j < toks.len() && !toks[j].bol {
        j += 1;
    }
    j
}

/// The arguments of a function-like macro's call, and where its closing parenthesis is.
fn collect_args(input: &mut VecDeque<Token>, call: &Token) -> Result<(Vec<Vec<Token>>, Pos)> {
    input.pop_front();
    let mut args = vec![Vec::new()];
    let mut depth = 0usize;
    loop {
        let Some(t) = input.pop_front() else {
            return Err(Diag::new(
                call.pos,
                format!("the arguments of macro '{}' are not closed", call.text),
            )
            .note("end them with )"));
        };
        if t.is("(") {
            depth += 1;
        } else if t.is(")") {
            if depth == 0 {
                return Ok((args, t.pos));
            }
            depth -= 1;
        } else if t.is(",") && depth == 0 {
            args.push(Vec::new());
            continue;
        }
        if let Some(a) = args.last_mut() {
            a.push(t);
        }
    }
}

fn stringize(arg: &[Token], at: &Token) -> Token {
    let mut s = String::from("\"");
    for (k, t) in arg.iter().enumerate() {
        // A line break between two tokens is white space too (an argument over two lines).
        if k > 0 && (t.space || t.bol) {
            s.push(' ');
        }
        if matches!(t.kind, Kind::Str | Kind::Char) {
            s.push_str(&t.text.replace('\\', "\\\\").replace('"', "\\\""));
        } else {
            s.push_str(&t.text);
        }
    }
    s.push('"');
    let mut r = at.clone();
    r.kind = Kind::Str;
    r.text = Rc::from(s);
    r
}

fn paste(a: &Token, b: &Token) -> Result<Token> {
    let text = format!("{}{}", a.text, b.text);
    let toks = tokenize(&text, a.pos.file).map_err(|_| {
        Diag::new(a.pos, format!("'##' made '{text}', which is not a token"))
            .note("paste pieces that form one token")
    })?;
    match toks.as_slice() {
        [t] => {
            let mut r = t.clone();
            r.pos = a.pos;
            r.space = a.space;
            r.hide = a.hide.clone();
            Ok(r)
        }
        _ => Err(
            Diag::new(a.pos, format!("'##' made '{text}', which is not one token"))
                .note("paste pieces that form one token"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pp(src: &str) -> String {
        let o = Options::default();
        let mut p = Preprocessor::new(&o);
        let t = p.run(src, "t.cu").unwrap();
        t.iter()
            .map(|t| t.text.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn object_and_function_macros() {
        assert_eq!(pp("#define N 256\nint a[N];"), "int a [ 256 ] ;");
        assert_eq!(
            pp("#define SQ(x) ((x)*(x))\nSQ(a+1)"),
            "( ( a + 1 ) * ( a + 1 ) )"
        );
        assert_eq!(
            pp("#define S(x) #x\n#define C(a,b) a##b\nS(q r) C(x,1)"),
            "\"q r\" x1"
        );
        assert_eq!(pp("#define F(...) g(__VA_ARGS__)\nF(1,2)"), "g ( 1 , 2 )");
        assert_eq!(pp("#define S(x) #x\nS(a &&\nb)"), "\"a && b\"");
    }

    #[test]
    fn self_reference_does_not_loop() {
        assert_eq!(pp("#define x x+1\nx"), "x + 1");
        assert_eq!(pp("#define a b\n#define b a\na"), "a");
    }

    #[test]
    fn conditionals() {
        assert_eq!(
            pp("#if defined(__CUDACC__) && __CUDA_ARCH__ >= 500\n1\n#else\n2\n#endif"),
            "1"
        );
        assert_eq!(pp("#ifdef NOPE\n1\n#elif 2 > 1\n3\n#endif"), "3");
        assert_eq!(pp("#if 0\n#if 1\nx\n#endif\n#else\ny\n#endif"), "y");
    }

    #[test]
    fn exponential_macros_are_bounded() {
        let mut s = String::from("#define A0 x\n");
        for i in 1..40 {
            s.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
        }
        s.push_str("A39\n");
        let o = Options::default();
        let e = Preprocessor::new(&o).run(&s, "t.cu").unwrap_err();
        assert!(e.message.contains("more than"), "{}", e.message);
    }

    #[test]
    fn missing_header_and_unterminated_if() {
        let o = Options::default();
        assert!(Preprocessor::new(&o)
            .run("#include \"nope.h\"\n", "t.cu")
            .unwrap_err()
            .message
            .contains("cannot open"));
        assert!(Preprocessor::new(&o)
            .run("#if 1\n", "t.cu")
            .unwrap_err()
            .message
            .contains("no #endif"));
        let o = Options {
            headers: vec![("h.h".into(), "#define V 7\n".into())],
            ..Options::default()
        };
        let mut p = Preprocessor::new(&o);
        let t = p.run("#include \"h.h\"\nV", "t.cu").unwrap();
        assert_eq!(&*t[0].text, "7");
    }
}
