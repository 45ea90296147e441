//! A recursive-descent parser from PTX tokens to the [`ast`](super::ast).

use super::ast::*;
use std::cell::Cell;
use std::collections::VecDeque;

use super::lexer::{FloatLit, Lexer, Pos, PtxError, Tok};

/// Blocks nested deeper than this are refused (hostile input must not exhaust the stack).
const MAX_DEPTH: usize = 200;

/// Parses PTX text (a terminating NUL, as NVRTC and the driver use, is allowed).
///
/// Tokens are lexed as the parser reaches them and dropped once it has passed them, so
/// parsing holds a few tokens and the syntax tree, not every token of the text.
///
/// An error inside a function body (a lexing or parsing error) does not fail the module:
/// the parser goes on after the body's closing brace and records the error on the
/// function ([`Function::error`]), whose header (name, parameters) stays usable. Errors
/// outside a body, and a body whose closing brace cannot be found, fail the whole text.
pub fn parse(text: &str) -> Result<Module, PtxError> {
    parse_bounded(text, u64::MAX).map_err(|f| match f {
        Failure::Syntax(e) => e,
        Failure::TreeTooLarge { at, .. } => at,
    })
}

/// Why [`parse_bounded`] failed.
pub(crate) enum Failure {
    /// The text is not PTX.
    Syntax(PtxError),
    /// The syntax tree would pass its bound: `bytes` (an estimate of its memory) were
    /// reached at `at`.
    TreeTooLarge { bytes: u64, at: PtxError },
}

/// [`parse`], stopping once the syntax tree takes more than about `max_tree_bytes` (an
/// estimate counting each node and the text it holds), however the text is shaped.
pub(crate) fn parse_bounded(text: &str, max_tree_bytes: u64) -> Result<Module, Failure> {
    parse_keeping(text, max_tree_bytes, Keep::Everything)
}

/// What of the syntax tree [`parse_keeping`] keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// The whole tree.
    Everything,
    /// The module-scope declarations only: each function's body is parsed (so its errors
    /// are found) and then dropped (`body` becomes `Some(vec![])`, its target lists empty),
    /// and each variable's initialiser becomes an empty list once its length has fixed the
    /// variable's size. What the PTX linker reads: its memory is one function's tree,
    /// not the module's.
    Declarations,
}

thread_local! {
    /// Parses begun on this thread ([`parse_count`]).
    static PARSES: Cell<u64> = const { Cell::new(0) };
}

/// How many times this thread has begun parsing PTX text (whole modules and declarations
/// alike, failed parses too). A library loads on the thread that asks for it, so a test
/// reads this before and after a load to check that the load parsed its PTX once.
pub fn parse_count() -> u64 {
    PARSES.with(Cell::get)
}

/// [`parse_bounded`], keeping what `keep` says.
pub(crate) fn parse_keeping(
    text: &str,
    max_tree_bytes: u64,
    keep: Keep,
) -> Result<Module, Failure> {
    PARSES.with(|n| n.set(n.get().saturating_add(1)));
    let mut p = Parser {
        keep,
        lexer: Lexer::new(super::without_trailing_nuls(text)),
        toks: VecDeque::new(),
        base: 0,
        i: 0,
        end: Pos { line: 1, col: 1 },
        lexed_all: false,
        depth: 0,
        counted: 0,
        tree_bytes: 0,
        max_tree_bytes,
        tree_error: None,
    };
    p.fill();
    // A lexing error where the parser stopped is the cause, whatever the parser expected.
    let r = p.module().map_err(|e| p.lex_error().cloned().unwrap_or(e));
    // Past the bound is fatal even where it happened inside a body (whose errors are
    // otherwise the function's own).
    if let Some(at) = p.tree_error.take() {
        return Err(Failure::TreeTooLarge {
            bytes: p.tree_bytes,
            at,
        });
    }
    r.map_err(Failure::Syntax)
}

/// The declarations of a body that are not statements: labels of signatures and target
/// lists.
#[derive(Default)]
struct Lists {
    prototypes: Vec<CallPrototype>,
    call_targets: Vec<TargetList>,
    branch_targets: Vec<TargetList>,
}

/// Tokens the parser keeps behind its position (`back`, the previous token's position).
const BEHIND: usize = 2;
/// Tokens the parser looks ahead of its position (`peek_at(1)`).
const AHEAD: usize = 1;

struct Parser<'a> {
    keep: Keep,
    lexer: Lexer<'a>,
    /// Tokens `base..base + toks.len()`: a few behind the position and `AHEAD` beyond it.
    /// A lexing error is a token of its own (`Err`), which `peek` shows as nothing and
    /// `err` reports in place of the parser's own message.
    toks: VecDeque<(Result<Tok, PtxError>, Pos)>,
    base: usize,
    /// The position: the index of the next token.
    i: usize,
    /// Where the last token lexed starts (the position reported at the end of the text).
    end: Pos,
    lexed_all: bool,
    /// `{` minus `}` among the tokens passed so far: where a function body ends, for
    /// resynchronising after an error inside it.
    depth: i64,
    /// How many tokens `depth` has counted (`back` moves before them without uncounting).
    counted: usize,
    /// The syntax tree's memory so far (an estimate), and its bound.
    tree_bytes: u64,
    max_tree_bytes: u64,
    /// Where the bound was passed.
    tree_error: Option<PtxError>,
}

impl Parser<'_> {
    /// Counts `bytes` more of syntax tree; an error once past the bound.
    fn charge(&mut self, bytes: usize) -> Result<(), PtxError> {
        self.tree_bytes = self.tree_bytes.saturating_add(bytes as u64);
        if self.tree_bytes <= self.max_tree_bytes {
            return Ok(());
        }
        let e = PtxError {
            pos: self.pos(),
            message: format!(
                "the syntax tree passes its bound of {} bytes here",
                self.max_tree_bytes
            ),
        };
        self.tree_error.get_or_insert_with(|| e.clone());
        Err(e)
    }

    /// [`charge`](Parser::charge) for a statement of a body.
    fn charge_statement(&mut self, s: &Statement) -> Result<(), PtxError> {
        let bytes = std::mem::size_of::<Statement>()
            + match s {
                Statement::Label(l, _) => l.len(),
                // Charged as it is declared (`var_decls`).
                Statement::Var(_) => 0,
                Statement::Instr(i) => instruction_bytes(i),
                Statement::Block(_) => 0,
            };
        self.charge(bytes)
    }

    fn get(&self, k: usize) -> Option<&(Result<Tok, PtxError>, Pos)> {
        k.checked_sub(self.base).and_then(|j| self.toks.get(j))
    }
    /// Drops the tokens far enough behind and lexes up to `AHEAD` beyond the position.
    fn fill(&mut self) {
        while self.base + BEHIND < self.i && !self.toks.is_empty() {
            self.toks.pop_front();
            self.base += 1;
        }
        while !self.lexed_all && self.base + self.toks.len() <= self.i + AHEAD {
            match self.lexer.next() {
                Some(Ok((t, pos))) => {
                    self.end = pos;
                    self.toks.push_back((Ok(t), pos));
                }
                Some(Err(e)) => {
                    self.end = e.pos;
                    let pos = e.pos;
                    self.toks.push_back((Err(e), pos));
                }
                None => self.lexed_all = true,
            }
        }
    }
    /// Moves past the current token.
    fn bump(&mut self) {
        if self.i == self.counted {
            match self.peek() {
                Some(Tok::Punct('{')) => self.depth += 1,
                Some(Tok::Punct('}')) => self.depth -= 1,
                _ => {}
            }
            self.counted += 1;
        }
        self.i += 1;
        self.fill();
    }
    /// Moves back one token (it is still kept).
    fn back(&mut self) {
        self.i = self.i.saturating_sub(1);
    }
    /// The current token; `None` at the end of the text or at a lexing error.
    fn peek(&self) -> Option<&Tok> {
        self.get(self.i).and_then(|(t, _)| t.as_ref().ok())
    }
    fn peek_at(&self, n: usize) -> Option<&Tok> {
        debug_assert!(n <= AHEAD);
        self.get(self.i + n).and_then(|(t, _)| t.as_ref().ok())
    }
    /// Whether every token has been passed.
    fn at_end(&self) -> bool {
        self.get(self.i).is_none()
    }
    /// The lexing error at the position, if there is one.
    fn lex_error(&self) -> Option<&PtxError> {
        self.get(self.i).and_then(|(t, _)| t.as_ref().err())
    }
    fn pos(&self) -> Pos {
        self.get(self.i).map(|(_, p)| *p).unwrap_or(self.end)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.peek().cloned();
        if t.is_some() {
            self.bump();
        }
        t
    }
    /// An error at the position: the lexer's, when the token there is a lexing error.
    fn err<T>(&self, message: impl Into<String>) -> Result<T, PtxError> {
        Err(self.error(message.into()))
    }
    /// The error at the current token (not generic: [`Parser::err`] has a copy per type).
    fn error(&self, message: String) -> PtxError {
        match self.lex_error() {
            Some(e) => e.clone(),
            None => PtxError {
                pos: self.pos(),
                message,
            },
        }
    }
    fn describe(&self) -> String {
        match self.peek() {
            Some(t) => t.to_string(),
            None => "the end of the text".to_string(),
        }
    }
    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }
    fn expect_punct(&mut self, c: char) -> Result<(), PtxError> {
        if self.is_punct(c) {
            self.bump();
            Ok(())
        } else {
            self.err(format!("expected `{c}`, found {}", self.describe()))
        }
    }
    fn word(&mut self, what: &str) -> Result<String, PtxError> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                let w = w.clone();
                self.bump();
                Ok(w)
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }
    fn int(&mut self, what: &str) -> Result<i128, PtxError> {
        let neg = if self.is_punct('-') {
            self.bump();
            true
        } else {
            false
        };
        match self.peek() {
            Some(Tok::Int(v)) => {
                let v = *v;
                self.bump();
                Ok(if neg { -v } else { v })
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }
    fn u32(&mut self, what: &str) -> Result<u32, PtxError> {
        let pos = self.pos();
        let v = self.int(what)?;
        u32::try_from(v).map_err(|_| PtxError {
            pos,
            message: format!("{what} {v} is out of range"),
        })
    }

    fn module(&mut self) -> Result<Module, PtxError> {
        let mut m = Module {
            address_size: 64,
            ..Default::default()
        };
        while !self.at_end() {
            let pos = self.pos();
            let w = match self.peek() {
                Some(Tok::Word(w)) => w.clone(),
                // `@@DWARF ...` (debug information of old PTX): one line, skipped.
                Some(Tok::Punct('@')) if self.peek_at(1) == Some(&Tok::Punct('@')) => {
                    while !self.at_end() && self.pos().line == pos.line {
                        self.bump();
                    }
                    continue;
                }
                _ => {
                    return self.err(format!(
                        "expected a directive such as `.entry` or `.global`, found {}",
                        self.describe()
                    ))
                }
            };
            match w.as_str() {
                ".version" => {
                    self.bump();
                    m.version = match self.next() {
                        Some(Tok::Float(FloatLit::Decimal(v))) => {
                            let major = v.trunc();
                            (major as u32, ((v - major) * 10.0).round() as u32)
                        }
                        Some(Tok::Int(v)) => (v as u32, 0),
                        _ => {
                            return Err(PtxError {
                                pos,
                                message: "`.version` needs a number such as 8.0".into(),
                            })
                        }
                    };
                }
                ".target" => {
                    self.bump();
                    m.target.push(self.word("a target such as sm_80")?);
                    while self.is_punct(',') {
                        self.bump();
                        m.target.push(self.word("a target")?);
                    }
                }
                ".address_size" => {
                    self.bump();
                    m.address_size = self.u32("an address size")?;
                }
                ".file" => {
                    // `.file 1 "name.cu" [, timestamp, size]`
                    self.bump();
                    self.int("a file number")?;
                    if let Some(Tok::Str(_)) = self.peek() {
                        self.bump();
                    }
                    while self.is_punct(',') {
                        self.bump();
                        self.int("a file timestamp or size")?;
                    }
                }
                ".pragma" => self.pragma()?,
                ".section" => {
                    // Debug sections: skip the balanced block.
                    self.bump();
                    self.word("a section name")?;
                    self.skip_braces()?;
                }
                ".alias" => {
                    // `.alias fAlias, fAliasee;`
                    self.bump();
                    let name = self.word("the alias's name")?;
                    self.expect_punct(',')?;
                    let target = self.word("the name of the aliased function")?;
                    self.expect_punct(';')?;
                    m.aliases.push(Alias { name, target, pos });
                }
                _ => {
                    let mut linkage = None;
                    while let Some(Tok::Word(l)) = self.peek() {
                        if matches!(l.as_str(), ".visible" | ".extern" | ".weak" | ".common") {
                            linkage = Some(l.clone());
                            self.bump();
                        } else {
                            break;
                        }
                    }
                    let before = self.tree_bytes;
                    if self.is_word(".entry") || self.is_word(".func") {
                        let mut f = self.function(linkage, pos)?;
                        if self.keep == Keep::Declarations {
                            f.body = f.body.map(|_| Vec::new());
                            f.prototypes.clear();
                            f.call_targets.clear();
                            f.branch_targets.clear();
                            let kept = std::mem::size_of::<Function>()
                                + f.name.len()
                                + f.params
                                    .iter()
                                    .chain(&f.returns)
                                    .map(var_bytes)
                                    .sum::<usize>();
                            self.tree_bytes = before.saturating_add(kept as u64);
                        }
                        m.functions.push(f);
                    } else if matches!(self.peek(), Some(Tok::Word(s)) if Space::from_word(s).is_some())
                    {
                        let first = m.vars.len();
                        for mut v in self.var_decls(pos)? {
                            v.linkage = linkage.clone();
                            if self.keep == Keep::Declarations && v.init.is_some() {
                                if let (Some(None), Some(n)) = (v.dims.first(), v.init_len()) {
                                    v.dims[0] = Some(n);
                                }
                                v.init = Some(InitValue::List(Vec::new()));
                            }
                            m.vars.push(v);
                        }
                        if self.keep == Keep::Declarations {
                            let kept: usize = m.vars[first..].iter().map(var_bytes).sum();
                            self.tree_bytes = before.saturating_add(kept as u64);
                        }
                    } else {
                        return self.err(format!(
                            "expected a directive such as `.entry` or `.global`, found {}",
                            self.describe()
                        ));
                    }
                }
            }
        }
        Ok(m)
    }

    /// `.pragma "a" [, "b" ...];`
    fn pragma(&mut self) -> Result<(), PtxError> {
        self.bump();
        while let Some(Tok::Str(_)) = self.peek() {
            self.bump();
            if !self.is_punct(',') {
                break;
            }
            self.bump();
        }
        self.expect_punct(';')
    }

    /// `.attribute( .managed, .unified(0x1, 0x2), ... )`: whether `.managed` is among them.
    fn attributes(&mut self) -> Result<bool, PtxError> {
        let mut managed = false;
        self.expect_punct('(')?;
        while !self.is_punct(')') {
            let a = self.word("an attribute")?;
            if a == ".managed" {
                managed = true;
            }
            if self.is_punct('(') {
                // Arguments such as `.unified(uuid1, uuid2)`: skipped.
                self.bump();
                while !self.is_punct(')') {
                    match self.peek() {
                        Some(Tok::Int(_) | Tok::Word(_) | Tok::Punct(',' | '-')) => self.bump(),
                        _ => return self.err(format!("expected `)`, found {}", self.describe())),
                    }
                }
                self.bump();
            }
            if self.is_punct(',') {
                self.bump();
            } else if !self.is_punct(')') {
                return self.err(format!("expected `,` or `)`, found {}", self.describe()));
            }
        }
        self.bump();
        Ok(managed)
    }

    /// A declaration statement up to and including its `;`: one variable per name
    /// (`.reg .b32 a, b;`, `.reg .f16 low, high;`, `.global .u32 x = 1, y[2];`), each
    /// with its own count, dimensions and initialiser.
    fn var_decls(&mut self, pos: Pos) -> Result<Vec<VarDecl>, PtxError> {
        let first = self.var_decl(pos)?;
        self.charge(var_bytes(&first))?;
        // What the later names share with the first: not its initialiser, which a clone per
        // name would copy again and again (`.global .u32 a[n] = {...}, b, c, ...`).
        let mut shared = first.clone_without_init();
        shared.dims.clear();
        let mut out = vec![first];
        while self.is_punct(',') {
            self.bump();
            let mut v = shared.clone();
            v.pos = self.pos();
            v.count = None;
            v.dims.clear();
            v.init = None;
            self.var_name(&mut v)?;
            self.charge(var_bytes(&v))?;
            out.push(v);
        }
        self.expect_punct(';')?;
        Ok(out)
    }

    fn skip_braces(&mut self) -> Result<(), PtxError> {
        self.expect_punct('{')?;
        let mut depth = 1usize;
        while depth > 0 {
            match self.next() {
                Some(Tok::Punct('{')) => depth += 1,
                Some(Tok::Punct('}')) => depth -= 1,
                Some(_) => {}
                None => return self.err("unterminated `{`"),
            }
        }
        Ok(())
    }

    /// `space [.attribute(...)] [.align N] [.ptr...] [.vN] type name [<N>] [dims] [= init]`
    fn var_decl(&mut self, pos: Pos) -> Result<VarDecl, PtxError> {
        let space_word = self.word("a state space")?;
        let Some(space) = Space::from_word(&space_word) else {
            return Err(PtxError {
                pos,
                message: format!("`{space_word}` is not a state space"),
            });
        };
        let mut v = VarDecl {
            space,
            linkage: None,
            align: None,
            vector: 1,
            ty: String::new(),
            name: String::new(),
            count: None,
            dims: Vec::new(),
            init: None,
            managed: false,
            ptr: None,
            pos,
        };
        loop {
            let w = self.word("a type")?;
            match w.as_str() {
                ".attribute" => v.managed |= self.attributes()?,
                ".align" => v.align = Some(self.u32("an alignment")?),
                ".v2" => v.vector = 2,
                ".v4" => v.vector = 4,
                ".v8" => v.vector = 8,
                ".ptr" => self.ptr_attribute(&mut v)?,
                w if w.starts_with('.') => {
                    v.ty = w.to_string();
                    break;
                }
                other => {
                    return Err(PtxError {
                        pos: self.get(self.i.wrapping_sub(1)).map_or(self.end, |t| t.1),
                        message: format!("expected a type such as `.u32`, found `{other}`"),
                    })
                }
            }
        }
        // `.param .u64 .ptr.global.align 16 p` (the lexer splits a directive at each `.`):
        // after the type.
        if self.is_word(".ptr") {
            self.bump();
            self.ptr_attribute(&mut v)?;
        }
        self.var_name(&mut v)?;
        Ok(v)
    }

    /// The rest of a parameter's `.ptr` attribute, after `.ptr`: an optional state space and
    /// `.align N`, kept as written without spaces (`.ptr.global.align`).
    fn ptr_attribute(&mut self, v: &mut VarDecl) -> Result<(), PtxError> {
        let mut text = String::from(".ptr");
        if let Some(Tok::Word(w)) = self.peek() {
            if matches!(w.as_str(), ".global" | ".const" | ".local" | ".shared") {
                text.push_str(w);
                self.bump();
            }
        }
        if self.is_word(".align") {
            self.bump();
            text.push_str(".align");
            self.u32("an alignment")?;
        }
        v.ptr = Some(text);
        Ok(())
    }

    /// `name [<N>] [dims] [= init]`
    fn var_name(&mut self, v: &mut VarDecl) -> Result<(), PtxError> {
        v.name = self.word("a variable name")?;
        if self.is_punct('<') {
            self.bump();
            v.count = Some(self.u32("a register count")?);
            self.expect_punct('>')?;
        }
        while self.is_punct('[') {
            self.bump();
            if self.is_punct(']') {
                v.dims.push(None);
            } else {
                let pos = self.pos();
                let d = self.int("an array size")?;
                v.dims.push(Some(u64::try_from(d).map_err(|_| PtxError {
                    pos,
                    message: if d < 0 {
                        format!("array size {d} is negative")
                    } else {
                        format!("array size {d} does not fit in 64 bits")
                    },
                })?));
            }
            self.expect_punct(']')?;
        }
        if self.is_punct('=') {
            self.bump();
            v.init = Some(self.init_value(0)?);
        }
        Ok(())
    }

    fn init_value(&mut self, depth: usize) -> Result<InitValue, PtxError> {
        if depth > MAX_DEPTH {
            return self.err("initialiser nested too deeply");
        }
        if self.is_punct('{') {
            self.bump();
            let mut items: Vec<InitValue> = Vec::new();
            while !self.is_punct('}') {
                match (self.init_value(depth + 1)?, items.last_mut()) {
                    // A run of zeros is stored as its length.
                    (InitValue::Int(0), Some(InitValue::Zeros(n))) => *n = n.saturating_add(1),
                    (InitValue::Int(0), Some(last @ InitValue::Int(0))) => {
                        *last = InitValue::Zeros(2)
                    }
                    (item, _) => {
                        let text = match &item {
                            InitValue::Address(name, _) => name.len(),
                            _ => 0,
                        };
                        self.charge(std::mem::size_of::<InitValue>() + text)?;
                        items.push(item);
                    }
                }
                if self.is_punct(',') {
                    self.bump();
                } else if !self.is_punct('}') {
                    return self.err(format!("expected `,` or `}}`, found {}", self.describe()));
                }
            }
            self.bump();
            return Ok(InitValue::List(items));
        }
        self.init_sum(depth)
    }

    /// A constant expression of an initialiser: values added or subtracted (`sym+4`,
    /// `(1 + 2)`, `-(3)`), as ptxas accepts them.
    fn init_sum(&mut self, depth: usize) -> Result<InitValue, PtxError> {
        let mut v = self.init_atom(depth)?;
        loop {
            let minus = if self.is_punct('+') {
                false
            } else if self.is_punct('-') {
                true
            } else {
                return Ok(v);
            };
            self.bump();
            let r = self.init_atom(depth + 1)?;
            let (a, b) = match (&v, &r) {
                (InitValue::Int(a), InitValue::Int(b)) => (*a, *b),
                (InitValue::Address(_, o), InitValue::Int(b)) => (*o as i128, *b),
                (InitValue::Int(a), InitValue::Address(_, o)) if !minus => (*a, *o as i128),
                _ => {
                    return self
                        .err("only integers and an address plus integers add up in an initialiser")
                }
            };
            let Some(sum) = (if minus {
                a.checked_sub(b)
            } else {
                a.checked_add(b)
            }) else {
                return self.err("the initialiser's value is out of range");
            };
            v = match (v, r) {
                (InitValue::Address(name, _), _) | (_, InitValue::Address(name, _)) => {
                    match i64::try_from(sum) {
                        Ok(o) => InitValue::Address(name, o),
                        Err(_) => return self.err(format!("the offset {sum} is out of range")),
                    }
                }
                _ => InitValue::Int(sum),
            };
        }
    }

    /// A value, a negated value or a parenthesised expression.
    fn init_atom(&mut self, depth: usize) -> Result<InitValue, PtxError> {
        if depth > MAX_DEPTH {
            return self.err("initialiser nested too deeply");
        }
        if self.is_punct('(') {
            self.bump();
            let v = self.init_sum(depth + 1)?;
            self.expect_punct(')')?;
            return Ok(v);
        }
        if self.is_punct('-') {
            self.bump();
            return match self.init_atom(depth + 1)? {
                InitValue::Int(v) => match v.checked_neg() {
                    Some(v) => Ok(InitValue::Int(v)),
                    None => self.err("the initialiser's value is out of range"),
                },
                InitValue::Float(f) => Ok(InitValue::Float(negate(f))),
                _ => self.err("an address cannot be negated"),
            };
        }
        match self.next() {
            Some(Tok::Int(v)) => Ok(InitValue::Int(v)),
            Some(Tok::Float(f)) => Ok(InitValue::Float(f)),
            Some(Tok::Word(w)) => {
                // `generic(sym)` or `sym`
                let mut name = w;
                if self.is_punct('(') {
                    self.bump();
                    name = self.word("a symbol")?;
                    self.expect_punct(')')?;
                }
                Ok(InitValue::Address(name, 0))
            }
            _ => {
                self.back();
                self.err(format!(
                    "expected an initial value, found {}",
                    self.describe()
                ))
            }
        }
    }

    fn params(&mut self) -> Result<Vec<VarDecl>, PtxError> {
        self.expect_punct('(')?;
        let mut out = Vec::new();
        while !self.is_punct(')') {
            let pos = self.pos();
            let v = self.var_decl(pos)?;
            self.charge(var_bytes(&v))?;
            out.push(v);
            if self.is_punct(',') {
                self.bump();
            } else if !self.is_punct(')') {
                return self.err(format!("expected `,` or `)`, found {}", self.describe()));
            }
        }
        self.bump();
        Ok(out)
    }

    fn dims3(&mut self, what: &str) -> Result<[u32; 3], PtxError> {
        let mut d = [1u32; 3];
        d[0] = self.u32(what)?;
        for slot in d.iter_mut().skip(1) {
            if self.is_punct(',') {
                self.bump();
                *slot = self.u32(what)?;
            } else {
                break;
            }
        }
        Ok(d)
    }

    fn function(&mut self, linkage: Option<String>, pos: Pos) -> Result<Function, PtxError> {
        let kind = self.word("`.entry` or `.func`")?;
        self.charge(std::mem::size_of::<Function>())?;
        let mut f = Function {
            is_entry: kind == ".entry",
            linkage,
            name: String::new(),
            returns: Vec::new(),
            params: Vec::new(),
            maxntid: None,
            reqntid: None,
            minnctapersm: None,
            maxnreg: None,
            reqnctapercluster: None,
            noreturn: false,
            body: None,
            prototypes: Vec::new(),
            call_targets: Vec::new(),
            branch_targets: Vec::new(),
            error: None,
            pos,
        };
        // `.func .attribute(.unified(0x1, 0x2)) f(...)`
        if self.is_word(".attribute") {
            self.bump();
            self.attributes()?;
        }
        if !f.is_entry && self.is_punct('(') {
            f.returns = self.params()?;
        }
        f.name = self.word("a function name")?;
        if self.is_punct('(') {
            f.params = self.params()?;
        }
        loop {
            let dpos = self.pos();
            match self.peek() {
                Some(Tok::Word(w)) => match w.as_str() {
                    ".maxntid" => {
                        self.bump();
                        f.maxntid = Some(self.dims3("a thread count")?);
                    }
                    ".reqntid" => {
                        self.bump();
                        f.reqntid = Some(self.dims3("a thread count")?);
                    }
                    ".minnctapersm" => {
                        self.bump();
                        f.minnctapersm = Some(self.u32("a block count")?);
                    }
                    ".maxnreg" => {
                        self.bump();
                        f.maxnreg = Some(self.u32("a register count")?);
                    }
                    ".reqnctapercluster" => {
                        self.bump();
                        f.reqnctapercluster = Some(self.dims3("a block count")?);
                    }
                    // The largest cluster, the deprecated `.maxnctapersm`, and the
                    // registers a callee preserves: read, with no effect here.
                    ".maxclusterrank"
                    | ".maxnctapersm"
                    | ".abi_preserve"
                    | ".abi_preserve_control" => {
                        self.bump();
                        self.dims3("a number")?;
                    }
                    ".noreturn" => {
                        self.bump();
                        f.noreturn = true;
                    }
                    ".explicitcluster" | ".blocksareclusters" => self.bump(),
                    ".pragma" => self.pragma()?,
                    w if w.starts_with('.') && f.error.is_none() => {
                        // A directive this parser does not know: the function is listed,
                        // but says why it cannot be used.
                        f.error = Some(PtxError {
                            pos: dpos,
                            message: format!(
                                "unknown directive `{w}` in the declaration of `{}`",
                                f.name
                            ),
                        });
                        self.bump();
                        while matches!(self.peek(), Some(Tok::Int(_) | Tok::Punct(','))) {
                            self.bump();
                        }
                    }
                    _ => {
                        return self.err(format!(
                            "unexpected {} after `{}`",
                            self.describe(),
                            f.name
                        ))
                    }
                },
                Some(Tok::Punct(';')) => {
                    self.bump();
                    return Ok(f);
                }
                Some(Tok::Punct('{')) => {
                    let depth = self.depth;
                    self.bump();
                    let mut lists = Lists::default();
                    let body = self.block(0, &mut lists);
                    f.prototypes = lists.prototypes;
                    f.call_targets = lists.call_targets;
                    f.branch_targets = lists.branch_targets;
                    match body {
                        Ok(body) if f.error.is_none() => f.body = Some(body),
                        Ok(_) => {}
                        Err(e) => {
                            // Resynchronise at the body's closing brace; the function keeps
                            // its header and the error.
                            f.prototypes.clear();
                            f.call_targets.clear();
                            f.branch_targets.clear();
                            while self.depth > depth {
                                if self.at_end() {
                                    return Err(e);
                                }
                                self.bump();
                            }
                            f.error.get_or_insert(e);
                        }
                    }
                    return Ok(f);
                }
                _ => {
                    return self.err(format!(
                        "expected the body of `{}`, found {}",
                        f.name,
                        self.describe()
                    ))
                }
            }
        }
    }

    /// `.calltargets f, g;` / `.branchtargets L1, L2;` after its label.
    fn target_list(&mut self, name: String, pos: Pos) -> Result<TargetList, PtxError> {
        self.bump();
        let mut targets = vec![self.word("a function or label")?];
        while self.is_punct(',') {
            self.bump();
            let target = self.word("a function or label")?;
            self.charge(std::mem::size_of::<String>() + target.len())?;
            targets.push(target);
        }
        self.expect_punct(';')?;
        Ok(TargetList { name, targets, pos })
    }

    /// `.callprototype [(.param ret)] _ (.param a, ...) [.noreturn] [.abi_preserve N];`
    /// after its label.
    fn callprototype(&mut self, name: String, pos: Pos) -> Result<CallPrototype, PtxError> {
        self.bump();
        let returns = if self.is_punct('(') {
            self.params()?
        } else {
            Vec::new()
        };
        if !self.is_word("_") {
            return self.err(format!(
                "expected `_` in `.callprototype`, found {}",
                self.describe()
            ));
        }
        self.bump();
        let params = if self.is_punct('(') {
            self.params()?
        } else {
            Vec::new()
        };
        loop {
            match self.peek() {
                Some(Tok::Word(w)) if w == ".noreturn" => self.bump(),
                Some(Tok::Word(w)) if w == ".abi_preserve" || w == ".abi_preserve_control" => {
                    self.bump();
                    self.u32("a register count")?;
                }
                _ => break,
            }
        }
        self.expect_punct(';')?;
        Ok(CallPrototype {
            name,
            returns,
            params,
            pos,
        })
    }

    /// Statements up to and including the closing `}`; `.callprototype`, `.calltargets`
    /// and `.branchtargets` declarations go to `lists`.
    fn block(&mut self, depth: usize, lists: &mut Lists) -> Result<Vec<Statement>, PtxError> {
        if depth > MAX_DEPTH {
            return self.err("blocks nested too deeply");
        }
        let mut out = Vec::new();
        loop {
            let pos = self.pos();
            let before = out.len();
            match self.peek().cloned() {
                None => return self.err("missing `}` at the end of a function body"),
                Some(Tok::Punct('}')) => {
                    self.bump();
                    return Ok(out);
                }
                Some(Tok::Punct('{')) => {
                    self.bump();
                    out.push(Statement::Block(self.block(depth + 1, lists)?));
                }
                Some(Tok::Punct('@')) => out.push(Statement::Instr(self.instruction()?)),
                Some(Tok::Word(w)) => {
                    if self.peek_at(1) == Some(&Tok::Punct(':')) && !w.starts_with('.') {
                        self.bump();
                        self.bump();
                        if self.is_word(".callprototype") {
                            lists.prototypes.push(self.callprototype(w, pos)?);
                        } else if self.is_word(".calltargets") {
                            lists.call_targets.push(self.target_list(w, pos)?);
                        } else if self.is_word(".branchtargets") {
                            lists.branch_targets.push(self.target_list(w, pos)?);
                        } else {
                            out.push(Statement::Label(w, pos));
                        }
                    } else if Space::from_word(&w).is_some() {
                        out.extend(self.var_decls(pos)?.into_iter().map(Statement::Var));
                    } else if w == ".pragma" {
                        self.pragma()?;
                    } else if w == ".loc" {
                        self.skip_loc()?;
                    } else if w.starts_with('.') {
                        return self.err(format!("unexpected directive `{w}` in a function body"));
                    } else {
                        out.push(Statement::Instr(self.instruction()?));
                    }
                }
                Some(_) => {
                    return self.err(format!(
                        "expected an instruction, found {}",
                        self.describe()
                    ))
                }
            }
            for s in &out[before..] {
                self.charge_statement(s)?;
            }
        }
    }

    /// `.loc file line col [, function_name sym, inlined_at file line col]`
    fn skip_loc(&mut self) -> Result<(), PtxError> {
        self.bump();
        for _ in 0..3 {
            self.int("a .loc number")?;
        }
        while self.is_punct(',') {
            self.bump();
            let w = self.word("`function_name` or `inlined_at`")?;
            match w.as_str() {
                "function_name" => {
                    self.word("a label")?;
                    if self.is_punct('+') {
                        self.bump();
                        self.int("an offset")?;
                    }
                }
                "inlined_at" => {
                    for _ in 0..3 {
                        self.int("a .loc number")?;
                    }
                }
                other => return self.err(format!("unexpected `{other}` in `.loc`")),
            }
        }
        Ok(())
    }

    fn instruction(&mut self) -> Result<Instruction, PtxError> {
        let pos = self.pos();
        let mut guard = None;
        if self.is_punct('@') {
            self.bump();
            let neg = if self.is_punct('!') {
                self.bump();
                true
            } else {
                false
            };
            guard = Some((neg, self.word("a predicate register")?));
        }
        let full = self.word("an instruction")?;
        let mut parts = full.split('.').filter(|s| !s.is_empty());
        let opcode = parts.next().unwrap_or_default().to_string();
        let mods = parts.map(str::to_string).collect();
        let mut operands = Vec::new();
        if !self.is_punct(';') {
            loop {
                operands.push(self.operand(0)?);
                if self.is_punct(',') {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        if !self.is_punct(';') {
            // Another operand where `;` should be: most likely a comma left out.
            let another_operand = !operands.is_empty()
                && matches!(
                    self.peek(),
                    Some(
                        Tok::Word(_)
                            | Tok::Int(_)
                            | Tok::Float(_)
                            | Tok::Punct('[' | '{' | '-' | '!')
                    )
                );
            let comma = if another_operand {
                format!(" (is a `,` missing before {}?)", self.describe())
            } else {
                String::new()
            };
            return self.err(format!(
                "expected `;` after `{full}` operands, found {}{comma}",
                self.describe()
            ));
        }
        self.bump();
        Ok(Instruction {
            guard,
            opcode,
            mods,
            operands,
            pos,
        })
    }

    fn operand(&mut self, depth: usize) -> Result<Operand, PtxError> {
        if depth > MAX_DEPTH {
            return self.err("operand nested too deeply");
        }
        match self.peek().cloned() {
            Some(Tok::Punct('[')) => {
                self.bump();
                let mut base = String::new();
                let mut offset: i64 = 0;
                if let Some(Tok::Word(w)) = self.peek() {
                    base = w.clone();
                    self.bump();
                }
                if base.is_empty() {
                    offset = self.offset()?;
                } else if self.is_punct(',') {
                    // A texture or surface operand: `[tex, {x, y}]`, `[tex, sampler, {x}]`.
                    let mut items = vec![Operand::Name(base)];
                    while self.is_punct(',') {
                        self.bump();
                        items.push(self.operand(depth + 1)?);
                    }
                    self.expect_punct(']')?;
                    return Ok(Operand::List(items));
                } else if self.is_punct('+') || self.is_punct('-') {
                    let neg = self.is_punct('-');
                    self.bump();
                    let o = self.offset()?;
                    offset = if neg { -o } else { o };
                }
                self.expect_punct(']')?;
                Ok(Operand::Addr { base, offset })
            }
            Some(Tok::Punct('{')) => {
                self.bump();
                let mut items = Vec::new();
                while !self.is_punct('}') {
                    items.push(self.operand(depth + 1)?);
                    if self.is_punct(',') {
                        self.bump();
                    } else if !self.is_punct('}') {
                        return self
                            .err(format!("expected `,` or `}}`, found {}", self.describe()));
                    }
                }
                self.bump();
                Ok(Operand::Vector(items))
            }
            Some(Tok::Punct('(')) => {
                self.bump();
                let mut items = Vec::new();
                while !self.is_punct(')') {
                    items.push(self.operand(depth + 1)?);
                    if self.is_punct(',') {
                        self.bump();
                    } else if !self.is_punct(')') {
                        return self.err(format!("expected `,` or `)`, found {}", self.describe()));
                    }
                }
                self.bump();
                Ok(Operand::List(items))
            }
            Some(Tok::Punct('!')) => {
                self.bump();
                Ok(Operand::Not(Box::new(self.operand(depth + 1)?)))
            }
            Some(Tok::Punct('-')) => {
                self.bump();
                match self.next() {
                    Some(Tok::Int(v)) => Ok(Operand::Int(-v)),
                    Some(Tok::Float(f)) => Ok(Operand::Float(negate(f))),
                    _ => {
                        self.back();
                        self.err(format!(
                            "expected a number after `-`, found {}",
                            self.describe()
                        ))
                    }
                }
            }
            Some(Tok::Int(v)) => {
                self.bump();
                Ok(Operand::Int(v))
            }
            Some(Tok::Float(f)) => {
                self.bump();
                Ok(Operand::Float(f))
            }
            Some(Tok::Word(w)) => {
                self.bump();
                let first = if w == "_" {
                    Operand::Sink
                } else {
                    Operand::Name(w)
                };
                if self.is_punct('|') {
                    self.bump();
                    let second = self.operand(depth + 1)?;
                    return Ok(Operand::Pair(Box::new(first), Box::new(second)));
                }
                // `sym+4` as an immediate address (mov of a symbol with an offset).
                if let Operand::Name(n) = &first {
                    if self.is_punct('+') && matches!(self.peek_at(1), Some(Tok::Int(_))) {
                        self.bump();
                        let off = self.offset()?;
                        return Ok(Operand::Addr {
                            base: n.clone(),
                            offset: off,
                        });
                    }
                }
                Ok(first)
            }
            _ => self.err(format!("expected an operand, found {}", self.describe())),
        }
    }

    fn offset(&mut self) -> Result<i64, PtxError> {
        let pos = self.pos();
        let v = self.int("an offset")?;
        i64::try_from(v).map_err(|_| PtxError {
            pos,
            message: format!("offset {v} is out of range"),
        })
    }
}

fn negate(f: FloatLit) -> FloatLit {
    match f {
        FloatLit::F32Bits(b) => FloatLit::F32Bits(b ^ 0x8000_0000),
        FloatLit::F64Bits(b) => FloatLit::F64Bits(b ^ 0x8000_0000_0000_0000),
        FloatLit::Decimal(d) => FloatLit::Decimal(-d),
    }
}

/// Bytes a variable declaration takes in the tree (without its initialiser, counted as it
/// is read).
fn var_bytes(v: &VarDecl) -> usize {
    std::mem::size_of::<VarDecl>()
        + v.name.len()
        + v.ty.len()
        + v.dims.len() * std::mem::size_of::<Option<u64>>()
        + v.linkage.as_ref().map_or(0, String::len)
        + v.ptr.as_ref().map_or(0, String::len)
}

/// Bytes an instruction takes in the tree: the node, its modifiers and its operands.
fn instruction_bytes(i: &Instruction) -> usize {
    fn operand(o: &Operand) -> usize {
        std::mem::size_of::<Operand>()
            + match o {
                Operand::Name(n) => n.len(),
                Operand::Addr { base, .. } => base.len(),
                Operand::Vector(v) | Operand::List(v) => v.iter().map(operand).sum(),
                Operand::Not(o) => operand(o),
                Operand::Pair(a, b) => operand(a) + operand(b),
                Operand::Int(_) | Operand::Float(_) | Operand::Sink => 0,
            }
    }
    i.opcode.len()
        + i.guard.as_ref().map_or(0, |(_, g)| g.len())
        + i.mods
            .iter()
            .map(|m| std::mem::size_of::<String>() + m.len())
            .sum::<usize>()
        + i.operands.iter().map(operand).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
.version 8.5
.target sm_80
.address_size 64
.global .align 4 .b8 table[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
.global .attribute(.managed) .align 4 .u32 managed_value = 42;
.extern .shared .align 16 .b8 dyn[];
.func (.param .b32 func_retval0) twice(.param .b32 x)
{
    .reg .b32 %r<3>;
    ld.param.b32 %r1, [x];
    add.s32 %r2, %r1, %r1;
    st.param.b32 [func_retval0+0], %r2;
    ret;
}
.visible .entry k(.param .u64 k_param_0, .param .align 8 .b8 k_param_1[16])
.maxntid 128, 1, 1
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .shared .align 4 .b8 tile[1024];
    mov.u32 %r1, %tid.x;
    setp.ge.s32 %p1, %r1, -5;
    @!%p1 bra $L__BB0_2;
    { .reg .b32 t; call.uni (t), twice, (%r1); }
    ld.global.v2.f32 {%r2, %r3}, [%rd1+-8];
$L__BB0_2:
    ret;
}
"#;

    #[test]
    fn parses_declarations_and_instructions() {
        let m = parse(SAMPLE).unwrap();
        assert_eq!(m.version, (8, 5));
        assert_eq!(m.target, ["sm_80"]);
        assert_eq!(m.vars.len(), 3);
        assert_eq!(m.vars[0].size(), Some(16));
        assert!(m.vars[1].managed);
        assert_eq!(m.vars[1].init, Some(InitValue::Int(42)));
        assert_eq!(m.vars[2].linkage.as_deref(), Some(".extern"));
        let k = &m.functions[1];
        assert!(k.is_entry);
        assert_eq!(k.maxntid, Some([128, 1, 1]));
        assert_eq!(k.params[1].size(), Some(16));
        assert_eq!(k.params[1].alignment(), 8);
        let body = k.body.as_ref().unwrap();
        let instrs: Vec<&Instruction> = body
            .iter()
            .filter_map(|s| match s {
                Statement::Instr(i) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(instrs[0].opcode, "mov");
        assert_eq!(instrs[1].operands[2], Operand::Int(-5));
        assert_eq!(instrs[2].guard, Some((true, "%p1".into())));
        assert_eq!(instrs[3].mods, ["global", "v2", "f32"]);
        assert_eq!(
            instrs[3].operands[1],
            Operand::Addr {
                base: "%rd1".into(),
                offset: -8
            }
        );
        assert!(body
            .iter()
            .any(|s| matches!(s, Statement::Label(l, _) if l == "$L__BB0_2")));
        assert!(body.iter().any(|s| matches!(s, Statement::Block(_))));
        assert_eq!(m.functions[0].returns.len(), 1);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let m = parse(
            ".version 8.0\n.target sm_80\n.visible .entry k()\n{\n  add.s32 %r1, %r2 %r3;\n}\n",
        )
        .unwrap();
        let e = m.functions[0].error.clone().unwrap();
        assert_eq!((e.pos.line, e.pos.col), (5, 20));
        assert!(
            e.message.ends_with(
                "expected `;` after `add.s32` operands, found `%r3` (is a `,` missing before `%r3`?)"
            ),
            "{}",
            e.message
        );
        let e = parse(".version 8.0\n.entry k(\n").unwrap_err();
        assert!(e.message.contains("the end of the text"), "{}", e.message);
        let e = parse(".global .u32 x").unwrap_err();
        assert!(e.message.contains("expected `;`"), "{}", e.message);
        let e = parse(".bogus").unwrap_err();
        assert_eq!((e.pos.line, e.pos.col), (1, 1));
    }

    #[test]
    fn a_terminating_nul_is_allowed() {
        let m = parse(".version 8.0\n.target sm_80\n.visible .entry k() { ret; }\n\0").unwrap();
        assert_eq!(m.functions.len(), 1);
        assert!(parse(".version 8.0\0.target sm_80").is_err());
    }

    #[test]
    fn hostile_nesting_is_refused_not_overflowed() {
        let deep = format!(
            ".visible .entry k() {}{}",
            "{".repeat(10_000),
            "}".repeat(10_000)
        );
        // The body's error is the function's; the module goes on after its last `}`.
        let m = parse(&deep).unwrap();
        let e = m.functions[0].error.as_ref().unwrap();
        assert!(e.message.contains("nested too deeply"), "{e}");
        assert!(parse(&format!("{deep}}}")).is_err());
        assert!(parse(&deep[..deep.len() - 1]).is_err());
        let init = format!(".global .u32 x[1] = {};", "{".repeat(10_000));
        assert!(parse(&init).is_err());
    }

    #[test]
    fn zero_runs_are_stored_as_their_length() {
        let zeros = vec!["0"; 100_000].join(",");
        let text = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.global .u32 a[] = {{1, {zeros}, 2, 0}};\n"
        );
        let m = parse(&text).unwrap();
        let v = &m.vars[0];
        assert_eq!(
            v.init,
            Some(InitValue::List(vec![
                InitValue::Int(1),
                InitValue::Zeros(100_000),
                InitValue::Int(2),
                InitValue::Int(0)
            ]))
        );
        assert_eq!(v.size(), Some(4 * 100_003));
        // The tree of the zeros is a few nodes: well inside a bound the text's size sets.
        assert!(parse_bounded(&text, 4096).is_ok());
    }

    #[test]
    fn parenthesised_initialisers_parse_as_ptxas_reads_them() {
        let text = ".version 8.0\n.target sm_80\n.address_size 64\n\
            .global .s32 a[4] = {(1), -(2), (3 + 4) - 1, ((-5))};\n\
            .global .u64 p = (a + 8);\n.global .u64 q = generic(a) + (4 - 2);\n";
        let m = parse(text).unwrap();
        assert_eq!(
            m.vars[0].init,
            Some(InitValue::List(vec![
                InitValue::Int(1),
                InitValue::Int(-2),
                InitValue::Int(6),
                InitValue::Int(-5)
            ]))
        );
        assert_eq!(m.vars[1].init, Some(InitValue::Address("a".into(), 8)));
        assert_eq!(m.vars[2].init, Some(InitValue::Address("a".into(), 2)));
        for bad in [
            "(1",
            "1 - a",
            "-a",
            "(1.5) + 2",
            "170141183460469231731687303715884105727 + 1",
        ] {
            let text = format!(".version 8.0\n.target sm_80\n.global .s32 x = {bad};\n");
            assert!(parse(&text).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_tree_stops_at_its_bound_even_inside_a_body() {
        let body = "add.s32 %r1, %r2, %r3;\n".repeat(1000);
        let text = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.entry k() {{\n{body}ret;\n}}\n"
        );
        assert!(parse_bounded(&text, 20 * text.len() as u64).is_ok());
        match parse_bounded(&text, 10_000) {
            Err(Failure::TreeTooLarge { bytes, at }) => {
                assert!(bytes > 10_000 && bytes < 11_000, "{bytes}");
                assert!(at.pos.line > 4, "{:?}", at.pos);
            }
            _ => panic!("the bound was not enforced"),
        }
        let list = vec!["7"; 10_000].join(",");
        let text = format!(".version 8.0\n.target sm_80\n.global .u8 t[] = {{{list}}};\n");
        assert!(matches!(
            parse_bounded(&text, 10_000),
            Err(Failure::TreeTooLarge { .. })
        ));
    }
}
