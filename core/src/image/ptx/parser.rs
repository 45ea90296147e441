//! A recursive-descent parser from PTX tokens to the [`ast`](super::ast).

use super::ast::*;
use std::collections::VecDeque;

use super::lexer::{FloatLit, Lexer, Pos, PtxError, Tok};

/// Blocks nested deeper than this are refused (hostile input must not exhaust the stack).
const MAX_DEPTH: usize = 200;

/// Parses PTX text (a terminating NUL, as NVRTC and the driver use, is allowed).
///
/// Tokens are lexed as the parser reaches them and dropped once it has passed them, so
/// parsing holds a few tokens and the syntax tree, not every token of the text.
pub fn parse(text: &str) -> Result<Module, PtxError> {
    let mut p = Parser {
        lexer: Lexer::new(text.trim_end_matches('\0')),
        toks: VecDeque::new(),
        base: 0,
        i: 0,
        end: Pos { line: 1, col: 1 },
        lex_error: None,
        lexed_all: false,
    };
    p.fill();
    let m = p.module();
    // A lexing error ends the tokens; whatever the parser made of that, the error is the
    // lexer's (as when the whole text was lexed first).
    match p.lex_error {
        Some(e) => Err(e),
        None => m,
    }
}

/// Tokens the parser keeps behind its position (`back`, the previous token's position).
const BEHIND: usize = 2;
/// Tokens the parser looks ahead of its position (`peek_at(1)`).
const AHEAD: usize = 1;

struct Parser<'a> {
    lexer: Lexer<'a>,
    /// Tokens `base..base + toks.len()`: a few behind the position and `AHEAD` beyond it.
    toks: VecDeque<(Tok, Pos)>,
    base: usize,
    /// The position: the index of the next token.
    i: usize,
    /// Where the last token lexed starts (the position reported at the end of the text).
    end: Pos,
    lex_error: Option<PtxError>,
    lexed_all: bool,
}

impl Parser<'_> {
    fn get(&self, k: usize) -> Option<&(Tok, Pos)> {
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
                Some(Ok(t)) => {
                    self.end = t.1;
                    self.toks.push_back(t);
                }
                Some(Err(e)) => {
                    self.lex_error = Some(e);
                    self.lexed_all = true;
                }
                None => self.lexed_all = true,
            }
        }
    }
    /// Moves past the current token.
    fn bump(&mut self) {
        self.i += 1;
        self.fill();
    }
    /// Moves back one token (it is still kept).
    fn back(&mut self) {
        self.i = self.i.saturating_sub(1);
    }
    fn peek(&self) -> Option<&Tok> {
        self.get(self.i).map(|(t, _)| t)
    }
    fn peek_at(&self, n: usize) -> Option<&Tok> {
        debug_assert!(n <= AHEAD);
        self.get(self.i + n).map(|(t, _)| t)
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
    fn err<T>(&self, message: impl Into<String>) -> Result<T, PtxError> {
        Err(PtxError {
            pos: self.pos(),
            message: message.into(),
        })
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
        while let Some(t) = self.peek().cloned() {
            let pos = self.pos();
            let Tok::Word(w) = t else {
                return self.err(format!(
                    "expected a directive such as `.entry` or `.global`, found {}",
                    self.describe()
                ));
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
                ".pragma" => {
                    self.bump();
                    if let Some(Tok::Str(_)) = self.peek() {
                        self.bump();
                    }
                    self.expect_punct(';')?;
                }
                ".section" => {
                    // Debug sections: skip the balanced block.
                    self.bump();
                    self.word("a section name")?;
                    self.skip_braces()?;
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
                    if self.is_word(".entry") || self.is_word(".func") {
                        m.functions.push(self.function(linkage, pos)?);
                    } else if matches!(self.peek(), Some(Tok::Word(s)) if Space::from_word(s).is_some())
                    {
                        let mut v = self.var_decl(pos)?;
                        v.linkage = linkage;
                        self.expect_punct(';')?;
                        m.vars.push(v);
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
                ".attribute" => {
                    self.expect_punct('(')?;
                    while !self.is_punct(')') {
                        let a = self.word("an attribute")?;
                        if a == ".managed" {
                            v.managed = true;
                        }
                        if self.is_punct(',') {
                            self.bump();
                        }
                    }
                    self.expect_punct(')')?;
                }
                ".align" => v.align = Some(self.u32("an alignment")?),
                ".v2" => v.vector = 2,
                ".v4" => v.vector = 4,
                ".v8" => v.vector = 8,
                w if w.starts_with(".ptr") => {
                    v.ptr = Some(w.to_string());
                    if self.is_word(".align") {
                        self.bump();
                        self.u32("an alignment")?;
                    }
                }
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
        Ok(v)
    }

    fn init_value(&mut self, depth: usize) -> Result<InitValue, PtxError> {
        if depth > MAX_DEPTH {
            return self.err("initialiser nested too deeply");
        }
        if self.is_punct('{') {
            self.bump();
            let mut items = Vec::new();
            while !self.is_punct('}') {
                items.push(self.init_value(depth + 1)?);
                if self.is_punct(',') {
                    self.bump();
                } else if !self.is_punct('}') {
                    return self.err(format!("expected `,` or `}}`, found {}", self.describe()));
                }
            }
            self.bump();
            return Ok(InitValue::List(items));
        }
        let neg = if self.is_punct('-') {
            self.bump();
            true
        } else {
            false
        };
        match self.next() {
            Some(Tok::Int(v)) => Ok(InitValue::Int(if neg { -v } else { v })),
            Some(Tok::Float(f)) => Ok(InitValue::Float(if neg { negate(f) } else { f })),
            Some(Tok::Word(w)) => {
                // `generic(sym)`, `sym`, `sym+off`
                let mut name = w;
                if self.is_punct('(') {
                    self.bump();
                    name = self.word("a symbol")?;
                    self.expect_punct(')')?;
                }
                let mut offset = 0i64;
                if self.is_punct('+') {
                    self.bump();
                    let v = self.int("an offset")?;
                    offset = match i64::try_from(v) {
                        Ok(o) => o,
                        Err(_) => return self.err(format!("the offset {v} is out of range")),
                    };
                }
                Ok(InitValue::Address(name, offset))
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
            out.push(self.var_decl(pos)?);
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
            body: None,
            pos,
        };
        if !f.is_entry && self.is_punct('(') {
            f.returns = self.params()?;
        }
        f.name = self.word("a function name")?;
        if self.is_punct('(') {
            f.params = self.params()?;
        }
        loop {
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
                    ".reqnctapercluster" | ".maxclusterrank" => {
                        self.bump();
                        self.dims3("a cluster size")?;
                    }
                    ".noreturn" | ".explicitcluster" => self.bump(),
                    ".pragma" => {
                        self.bump();
                        if let Some(Tok::Str(_)) = self.peek() {
                            self.bump();
                        }
                        self.expect_punct(';')?;
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
                    self.bump();
                    f.body = Some(self.block(0)?);
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

    /// Statements up to and including the closing `}`.
    fn block(&mut self, depth: usize) -> Result<Vec<Statement>, PtxError> {
        if depth > MAX_DEPTH {
            return self.err("blocks nested too deeply");
        }
        let mut out = Vec::new();
        loop {
            let pos = self.pos();
            match self.peek().cloned() {
                None => return self.err("missing `}` at the end of a function body"),
                Some(Tok::Punct('}')) => {
                    self.bump();
                    return Ok(out);
                }
                Some(Tok::Punct('{')) => {
                    self.bump();
                    out.push(Statement::Block(self.block(depth + 1)?));
                }
                Some(Tok::Punct('@')) => out.push(Statement::Instr(self.instruction()?)),
                Some(Tok::Word(w)) => {
                    if self.peek_at(1) == Some(&Tok::Punct(':')) && !w.starts_with('.') {
                        self.bump();
                        self.bump();
                        out.push(Statement::Label(w, pos));
                    } else if Space::from_word(&w).is_some() {
                        let v = self.var_decl(pos)?;
                        self.expect_punct(';')?;
                        out.push(Statement::Var(v));
                    } else if w == ".pragma" {
                        self.bump();
                        if let Some(Tok::Str(_)) = self.peek() {
                            self.bump();
                        }
                        self.expect_punct(';')?;
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
            return self.err(format!(
                "expected `;` after `{full}` operands, found {}",
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
        let e = parse(
            ".version 8.0\n.target sm_80\n.visible .entry k()\n{\n  add.s32 %r1, %r2 %r3;\n}\n",
        )
        .unwrap_err();
        assert_eq!((e.pos.line, e.pos.col), (5, 20));
        assert!(e.message.contains("expected `;`"), "{}", e.message);
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
            "}".repeat(10_001)
        );
        assert!(parse(&deep)
            .unwrap_err()
            .message
            .contains("nested too deeply"));
        let init = format!(".global .u32 x[1] = {};", "{".repeat(10_000));
        assert!(parse(&init).is_err());
    }
}
