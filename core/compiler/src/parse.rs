//! The grammar, in one place: preprocessed tokens to the syntax tree of [`crate::ast`].
//! Recursive descent; expressions by precedence climbing. The parser knows which names are
//! types (typedefs, structs, enums, template type parameters, CUDA's built-in types) and
//! which are function templates, as a C++ parser must.

use crate::ast::*;
use crate::consteval::{char_value, parse_number, unescape, Number};
use crate::diag::{Diag, Pos, Result};
use crate::lex::{Kind, Token};
use crate::types::{int_literal_type, IntKind, Type};
use std::collections::HashSet;
use std::rc::Rc;

/// A declarator: the name (empty if abstract), the type, and the parameters if it declares
/// a function.
type Declarator = (Rc<str>, Ty, Option<Vec<(Rc<str>, Ty)>>);

/// A name expression: the qualified name and its template arguments.
pub type NameExpression = (Vec<Rc<str>>, Option<Vec<TemplArg>>);

/// Deepest nesting of expressions, statements and declarators.
pub const MAX_DEPTH: usize = 200;
/// Most binary operators in one chain (`a + b + c + ...`).
pub const MAX_CHAIN: usize = 1000;

/// Parses a translation unit.
pub fn parse(toks: Vec<Token>) -> Result<Vec<Item>> {
    let mut p = Parser {
        toks,
        i: 0,
        types: HashSet::new(),
        templates: HashSet::new(),
        ns: Vec::new(),
        extern_c: false,
        depth: 0,
        items: Vec::new(),
        spec_args: None,
        defaults: Vec::new(),
    };
    for n in crate::builtins::TYPE_NAMES {
        p.types.insert(Rc::from(*n));
    }
    for t in [
        "tiled_partition",
        "tex1Dfetch",
        "tex1D",
        "tex2D",
        "tex3D",
        "tex1DLod",
        "tex2DLod",
        "tex3DLod",
        "tex1DLayered",
        "tex2DLayered",
        "texCubemap",
        "surf1Dread",
        "surf2Dread",
    ] {
        p.templates.insert(Rc::from(t));
    }
    while !p.at_end() {
        p.top()?;
    }
    Ok(p.items)
}

struct Parser {
    toks: Vec<Token>,
    i: usize,
    types: HashSet<Rc<str>>,
    templates: HashSet<Rc<str>>,
    ns: Vec<Rc<str>>,
    extern_c: bool,
    depth: usize,
    items: Vec<Item>,
    /// The template arguments after the declarator's name just read (`f<-1>` of an
    /// explicit specialization `template <> float f<-1>(float x)`).
    spec_args: Option<Vec<TemplArg>>,
    /// The default arguments of the parameter list just read, one per parameter.
    defaults: Vec<Option<Expr>>,
}

/// Declaration specifiers: everything before the declarators.
#[derive(Default)]
struct Specs {
    ty: Option<Ty>,
    global: bool,
    device: bool,
    managed: bool,
    shared: bool,
    constant: bool,
    is_static: bool,
    is_extern: bool,
    extern_c: bool,
    constexpr: bool,
    typedef: bool,
    konst: bool,
    vol: bool,
    launch_bounds: Option<(Expr, Option<Expr>)>,
    noinline: bool,
    pos: Pos,
}

const KEYWORD_TYPES: [&str; 10] = [
    "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
];

impl Parser {
    fn at_end(&self) -> bool {
        self.i >= self.toks.len()
    }

    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.i)
    }

    fn peek_is(&self, s: &str) -> bool {
        self.peek().is_some_and(|t| t.is(s))
    }

    fn nth_is(&self, n: usize, s: &str) -> bool {
        self.toks.get(self.i + n).is_some_and(|t| t.is(s))
    }

    fn pos(&self) -> Pos {
        self.peek()
            .or(self.toks.last())
            .map_or(Pos::default(), |t| t.pos)
    }

    fn next(&mut self) -> Result<Token> {
        let t = self.peek().cloned().ok_or_else(|| self.eof_error())?;
        self.i += 1;
        Ok(t)
    }

    fn eof_error(&self) -> Diag {
        Diag::new(self.pos(), "the file ends in the middle of a declaration")
            .note("a '}' or ';' is probably missing")
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.peek_is(s) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> Result<Pos> {
        // `>>` closes two template argument lists.
        if s == ">" && self.peek_is(">>") {
            let t = &mut self.toks[self.i];
            t.text = Rc::from(">");
            return Ok(t.pos);
        }
        match self.peek() {
            Some(t) if t.is(s) => {
                let p = t.pos;
                self.i += 1;
                Ok(p)
            }
            Some(t) => Err(
                Diag::new(t.pos, format!("expected '{s}' before '{}'", t.text))
                    .note(format!("insert '{s}'")),
            ),
            None => Err(
                Diag::new(self.pos(), format!("expected '{s}' at the end of the file"))
                    .note(format!("insert '{s}'")),
            ),
        }
    }

    fn ident(&mut self) -> Result<(Rc<str>, Pos)> {
        match self.peek() {
            Some(t) if t.kind == Kind::Ident => {
                let r = (t.text.clone(), t.pos);
                self.i += 1;
                Ok(r)
            }
            Some(t) => Err(
                Diag::new(t.pos, format!("expected a name before '{}'", t.text))
                    .note("write an identifier here"),
            ),
            None => Err(self.eof_error()),
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diag::new(
                self.pos(),
                format!("nesting deeper than {MAX_DEPTH} levels"),
            )
            .note("split the expression or block into smaller pieces"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Whether the next tokens start a type (so a declaration or a cast).
    fn starts_type(&self) -> bool {
        let Some(t) = self.peek() else { return false };
        if t.kind != Kind::Ident {
            return t.is("::")
                && self
                    .toks
                    .get(self.i + 1)
                    .is_some_and(|n| self.types.contains(&n.text));
        }
        let s = &*t.text;
        if KEYWORD_TYPES.contains(&s)
            || matches!(
                s,
                "const"
                    | "volatile"
                    | "struct"
                    | "enum"
                    | "auto"
                    | "typename"
                    | "__restrict__"
                    | "unsigned"
                    | "constexpr"
                    | "static"
                    | "register"
                    | "__shared__"
                    | "__constant__"
                    | "__device__"
                    | "__global__"
                    | "__host__"
                    | "__forceinline__"
                    | "inline"
                    | "extern"
                    | "__inline__"
                    | "__noinline__"
                    | "typedef"
                    | "__align__"
                    | "alignas"
                    | "__launch_bounds__"
                    | "class"
                    | "union"
            )
        {
            return true;
        }
        if self.types.contains(s) {
            // `T::x` is a name, `T x`, `T*`, `T&` a declaration.
            return !self.nth_is(1, "::")
                || self
                    .toks
                    .get(self.i + 2)
                    .is_some_and(|n| self.types.contains(&n.text));
        }
        // std::size_t, cuda::std::... : a qualified type name.
        if self.nth_is(1, "::") {
            let mut j = self.i;
            while self.toks.get(j + 1).is_some_and(|t| t.is("::")) {
                j += 2;
            }
            return self
                .toks
                .get(j)
                .is_some_and(|t| self.types.contains(&t.text));
        }
        false
    }

    // ---- declarations ----

    fn top(&mut self) -> Result<()> {
        let t = self.peek().cloned().ok_or_else(|| self.eof_error())?;
        if t.is(";") {
            self.i += 1;
            return Ok(());
        }
        if t.is("namespace") {
            self.i += 1;
            if self.nth_is(1, "=") || self.nth_is(2, "=") {
                // `namespace cg = cooperative_groups;`: names are found without it.
                while !self.eat(";") {
                    self.next()?;
                }
                return Ok(());
            }
            let (name, _) = if self.peek_is("{") {
                (Rc::from(""), t.pos)
            } else {
                self.ident()?
            };
            self.expect("{")?;
            self.ns.push(name);
            while !self.peek_is("}") {
                if self.at_end() {
                    return Err(Diag::new(t.pos, "this namespace is not closed").note("add '}'"));
                }
                self.top()?;
            }
            self.i += 1;
            self.ns.pop();
            return Ok(());
        }
        if t.is("extern")
            && self
                .toks
                .get(self.i + 1)
                .is_some_and(|n| n.kind == Kind::Str)
        {
            let lang = self.toks[self.i + 1].text.clone();
            if &*lang != "\"C\"" && &*lang != "\"C++\"" {
                return Err(
                    Diag::new(t.pos, format!("unknown linkage {lang}")).note("write extern \"C\"")
                );
            }
            if self.nth_is(2, "{") {
                self.i += 3;
                let saved = self.extern_c;
                self.extern_c = &*lang == "\"C\"";
                while !self.peek_is("}") {
                    if self.at_end() {
                        return Err(Diag::new(t.pos, "this extern \"C\" block is not closed")
                            .note("add '}'"));
                    }
                    self.top()?;
                }
                self.i += 1;
                self.extern_c = saved;
                return Ok(());
            }
        }
        if t.is("using") {
            self.i += 1;
            if self.eat("namespace") {
                while !self.eat(";") {
                    self.next()?;
                }
                return Ok(());
            }
            let (name, pos) = self.ident()?;
            if self.eat("=") {
                let ty = self.type_name()?;
                self.expect(";")?;
                self.types.insert(name.clone());
                self.items.push(Item::Typedef(name, ty, pos));
                return Ok(());
            }
            // `using std::min;` and the like: names are found without it.
            while !self.eat(";") {
                self.next()?;
            }
            return Ok(());
        }
        if t.is("static_assert") {
            let (c, m) = self.static_assert()?;
            self.items.push(Item::StaticAssert(c, m));
            return Ok(());
        }
        if t.is("template") {
            return self.template();
        }
        if t.is("operator") {
            return Err(Diag::unsupported(t.pos, "operator overloading"));
        }
        self.declaration(None)
    }

    fn static_assert(&mut self) -> Result<(Expr, String)> {
        self.i += 1;
        self.expect("(")?;
        let c = self.assign()?;
        let mut msg = String::new();
        if self.eat(",") {
            let t = self.next()?;
            msg = String::from_utf8_lossy(&unescape(t.text.trim_matches('"'), t.pos)?).into_owned();
        }
        self.expect(")")?;
        self.expect(";")?;
        Ok((c, msg))
    }

    fn template(&mut self) -> Result<()> {
        let at = self.expect("template")?;
        if !self.peek_is("<") {
            return self.explicit_instantiation(at);
        }
        self.expect("<")?;
        let mut params = Vec::new();
        let mut added = Vec::new();
        while !self.peek_is(">") && !self.peek_is(">>") {
            if self.eat("typename") || self.eat("class") {
                let (n, _) = self.ident()?;
                let def = if self.eat("=") {
                    Some(self.type_name()?)
                } else {
                    None
                };
                self.types.insert(n.clone());
                added.push(n.clone());
                params.push(TemplParam::Type(n, def));
            } else {
                let specs = self.specs()?;
                let base = specs.ty.clone().ok_or_else(|| {
                    Diag::new(self.pos(), "expected a template parameter")
                        .note("write typename T or int N")
                })?;
                let (n, _) = self.ident()?;
                let def = if self.eat("=") {
                    Some(self.binary(7)?)
                } else {
                    None
                };
                params.push(TemplParam::Value(n, base, def));
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(">")?;
        if self.peek_is("struct") || self.peek_is("class") || self.peek_is("union") {
            // Class templates are skipped; using one in device code is an error then.
            self.i += 1;
            let (name, pos) = self.ident()?;
            self.types.insert(name.clone());
            let mut depth = 0usize;
            loop {
                let t = self.next()?;
                if t.is("{") {
                    depth += 1;
                } else if t.is("}") {
                    depth = depth.saturating_sub(1);
                } else if t.is(";") && depth == 0 {
                    break;
                }
            }
            for n in added {
                self.types.remove(&n);
            }
            let _ = at;
            self.items.push(Item::Opaque(name, "a class template", pos));
            return Ok(());
        }
        let r = self.declaration(Some(params));
        for n in added {
            self.types.remove(&n);
        }
        r
    }

    /// `[captures](params) mutable -> T { body }`
    fn lambda(&mut self) -> Result<Expr> {
        let pos = self.pos();
        self.expect("[")?;
        let mut default_by_ref = None;
        let mut captures = Vec::new();
        while !self.eat("]") {
            let at = self.pos();
            if self.peek_is("&") && self.nth_is(1, ",") || self.peek_is("&") && self.nth_is(1, "]")
            {
                self.i += 1;
                default_by_ref = Some(true);
            } else if self.eat("=") {
                default_by_ref = Some(false);
            } else if self.eat("this") || self.peek_is("*") {
                return Err(Diag::unsupported(at, "capturing 'this' in a lambda"));
            } else {
                let by_ref = self.eat("&");
                let (n, _) = self.ident()?;
                if self.peek_is("=") || self.peek_is("(") || self.peek_is("{") {
                    return Err(Diag::unsupported(
                        at,
                        "a lambda capture with an initialiser",
                    ));
                }
                captures.push((n, by_ref));
            }
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        let params = if self.eat("(") {
            self.params()?
        } else {
            Vec::new()
        };
        self.defaults.clear();
        while self.eat("mutable")
            || self.eat("constexpr")
            || self.eat("__device__")
            || self.eat("__host__")
        {}
        let ret = if self.eat("->") {
            self.type_name()?
        } else {
            Ty::Base(Base::Auto)
        };
        if !self.peek_is("{") {
            return Err(Diag::new(self.pos(), "expected the lambda's body '{'")
                .note("write [&](int i) { return x[i]; }"));
        }
        let body = self.block()?;
        let defaults = vec![None; params.len()];
        let func = Func {
            name: Rc::from("operator()"),
            ns: self.ns.clone(),
            kind: FnKind::Device,
            ret,
            params,
            defaults,
            body: Some(Rc::new(body)),
            extern_c: false,
            templ: None,
            spec: None,
            launch_bounds: None,
            noinline: false,
            pos,
        };
        Ok(Expr {
            kind: ExprKind::Lambda(Rc::new(Lambda {
                func,
                default_by_ref,
                captures,
            })),
            pos,
        })
    }

    /// `asm [volatile] ("text" [: outputs [: inputs [: clobbers]]]);`
    fn asm(&mut self) -> Result<Stmt> {
        let pos = self.pos();
        self.i += 1;
        while self.eat("volatile") || self.eat("__volatile__") || self.eat("inline") {}
        if self.peek_is("goto") {
            return Err(Diag::unsupported(pos, "'asm goto'"));
        }
        self.expect("(")?;
        let text = self.asm_string()?;
        let mut lists: [Vec<(String, Expr)>; 2] = [Vec::new(), Vec::new()];
        for list in &mut lists {
            if !self.eat(":") {
                break;
            }
            while self.peek().is_some_and(|t| t.kind == Kind::Str) {
                let constraint = self.asm_string()?;
                self.expect("(")?;
                let e = self.expr()?;
                self.expect(")")?;
                list.push((constraint, e));
                if !self.eat(",") {
                    break;
                }
            }
        }
        // Clobbers: strings, unread.
        if self.eat(":") {
            while self.peek().is_some_and(|t| t.kind == Kind::Str) {
                self.i += 1;
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect(")")?;
        self.expect(";")?;
        let [outputs, inputs] = lists;
        Ok(Stmt::Asm(Asm {
            text,
            outputs,
            inputs,
            pos,
        }))
    }

    /// Adjacent string literals, joined and unescaped, as text.
    fn asm_string(&mut self) -> Result<String> {
        let pos = self.pos();
        let mut bytes = Vec::new();
        while self.peek().is_some_and(|t| t.kind == Kind::Str) {
            let t = self.next()?;
            let inner = t.text.get(1..t.text.len().saturating_sub(1)).unwrap_or("");
            bytes.extend(unescape(inner, t.pos)?);
        }
        if bytes.is_empty() && !self.peek_is(")") && !self.peek_is(":") {
            return Err(Diag::new(pos, "expected a string in 'asm'")
                .note("write asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));"));
        }
        String::from_utf8(bytes).map_err(|_| {
            Diag::new(pos, "an 'asm' string that is not UTF-8").note("write PTX in ASCII")
        })
    }

    /// `template __global__ void k<float, 4>(float*);` (the parameter list is not needed).
    fn explicit_instantiation(&mut self, at: Pos) -> Result<()> {
        let specs = self.specs()?;
        if specs.ty.is_none() {
            return Err(Diag::new(at, "expected a function after 'template'")
                .note("write template __global__ void name<args>(params);"));
        }
        while self.eat("*") || self.eat("&") {}
        let (name, pos) = self.ident()?;
        let args = if self.peek_is("<") {
            self.template_args()?
        } else {
            Vec::new()
        };
        let mut depth = 0usize;
        loop {
            let t = self.next()?;
            if t.is("(") {
                depth += 1;
            } else if t.is(")") {
                depth = depth.saturating_sub(1);
            } else if t.is(";") && depth == 0 {
                break;
            }
        }
        self.items.push(Item::Instantiate(name, args, pos));
        Ok(())
    }

    fn specs(&mut self) -> Result<Specs> {
        let mut s = Specs {
            pos: self.pos(),
            ..Specs::default()
        };
        let mut signed: Option<bool> = None;
        let mut longs = 0u8;
        let mut short = false;
        let mut base: Option<&'static str> = None;
        while let Some(t) = self.peek().cloned() {
            if t.kind != Kind::Ident && !t.is("::") {
                break;
            }
            let w = &*t.text;
            match w {
                "__global__" => s.global = true,
                "__device__" => s.device = true,
                "__host__" | "__forceinline__" | "inline" | "__inline__" | "register"
                | "typename" | "__restrict__" | "__restrict" => {}
                "__managed__" => s.managed = true,
                "__shared__" => s.shared = true,
                "__constant__" => s.constant = true,
                "static" => s.is_static = true,
                "extern" => {
                    s.is_extern = true;
                    if self
                        .toks
                        .get(self.i + 1)
                        .is_some_and(|n| n.kind == Kind::Str)
                    {
                        s.extern_c = &*self.toks[self.i + 1].text == "\"C\"";
                        self.i += 1;
                    }
                }
                "__noinline__" => s.noinline = true,
                "constexpr" => {
                    s.constexpr = true;
                    s.konst = true;
                }
                "typedef" => s.typedef = true,
                "const" => s.konst = true,
                "volatile" => s.vol = true,
                "__launch_bounds__" => {
                    self.i += 1;
                    self.expect("(")?;
                    let a = self.assign()?;
                    let b = if self.eat(",") {
                        Some(self.assign()?)
                    } else {
                        None
                    };
                    if self.eat(",") {
                        self.assign()?;
                    }
                    self.expect(")")?;
                    s.launch_bounds = Some((a, b));
                    continue;
                }
                "__align__" | "alignas" | "__attribute__" | "__declspec" => {
                    self.i += 1;
                    self.skip_parens()?;
                    continue;
                }
                "signed" => signed = Some(true),
                "unsigned" => signed = Some(false),
                "short" => short = true,
                "long" => longs += 1,
                "int" | "char" | "void" | "bool" | "float" | "double" | "auto" => {
                    if base.is_some() || s.ty.is_some() {
                        return Err(Diag::new(
                            t.pos,
                            format!("two types in one declaration ('{w}')"),
                        )
                        .note("remove one of them"));
                    }
                    base = Some(match w {
                        "int" => "int",
                        "char" => "char",
                        "void" => "void",
                        "bool" => "bool",
                        "float" => "float",
                        "double" => "double",
                        _ => "auto",
                    });
                }
                "struct" | "enum" | "class" | "union" => {
                    self.i += 1;
                    let ty = if w == "enum" {
                        self.enum_spec()?
                    } else {
                        self.struct_spec(t.pos, w)?
                    };
                    s.ty = Some(ty);
                    continue;
                }
                _ => {
                    if s.ty.is_some() || base.is_some() || signed.is_some() || short || longs > 0 {
                        break;
                    }
                    // A (possibly qualified) type name.
                    let mut j = self.i;
                    if self.toks[j].is("::") {
                        j += 1;
                    }
                    while self.toks.get(j + 1).is_some_and(|t| t.is("::"))
                        && self.toks.get(j + 2).is_some_and(|t| t.kind == Kind::Ident)
                    {
                        j += 2;
                    }
                    let Some(last) = self
                        .toks
                        .get(j)
                        .filter(|t| self.types.contains(&t.text))
                        .cloned()
                    else {
                        break;
                    };
                    self.i = j + 1;
                    s.ty = Some(Ty::Named(last.text.clone(), last.pos));
                    if self.peek_is("<") {
                        if &*last.text == "thread_block_tile" {
                            self.expect("<")?;
                            let n = self.binary(7)?;
                            self.expect(">")?;
                            s.ty = Some(Ty::Tile(Box::new(n)));
                            continue;
                        }
                        return Err(Diag::unsupported(
                            last.pos,
                            &format!("the class template '{}'", last.text),
                        ));
                    }
                    continue;
                }
            }
            self.i += 1;
        }
        if s.ty.is_none() && (base.is_some() || signed.is_some() || short || longs > 0) {
            use IntKind::*;
            let u = signed == Some(false);
            let b = match base.unwrap_or("int") {
                "void" => Base::Void,
                "bool" => Base::Bool,
                "float" => Base::Float,
                "double" if longs > 0 => return Err(Diag::unsupported(s.pos, "long double")),
                "double" => Base::Double,
                "auto" => Base::Auto,
                "char" => Base::Int(match signed {
                    None => Char,
                    Some(true) => SChar,
                    Some(false) => UChar,
                }),
                _ if short => Base::Int(if u { UShort } else { Short }),
                _ if longs == 1 => Base::Int(if u { ULong } else { Long }),
                _ if longs >= 2 => Base::Int(if u { ULongLong } else { LongLong }),
                _ => Base::Int(if u { UInt } else { Int }),
            };
            s.ty = Some(Ty::Base(b));
        }
        if let Some(t) = s.ty.take() {
            s.ty = Some(if s.konst || s.vol {
                Ty::Qual {
                    inner: Box::new(t),
                    konst: s.konst,
                    vol: s.vol,
                }
            } else {
                t
            });
        }
        Ok(s)
    }

    fn skip_parens(&mut self) -> Result<()> {
        if !self.peek_is("(") {
            return Ok(());
        }
        let mut d = 0;
        loop {
            let t = self.next()?;
            if t.is("(") {
                d += 1;
            } else if t.is(")") {
                d -= 1;
                if d == 0 {
                    return Ok(());
                }
            }
        }
    }

    /// Skips to the `}` matching the `{` before index `open` (exclusive), and past it.
    fn skip_braces_from(&mut self, open: usize) -> Result<()> {
        self.i = open;
        let mut depth = 0usize;
        loop {
            let t = self.next()?;
            if t.is("{") {
                depth += 1;
            } else if t.is("}") {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Ok(());
                }
            }
        }
    }

    fn struct_spec(&mut self, at: Pos, keyword: &str) -> Result<Ty> {
        // Attributes may sit between `struct` and the name.
        while self.peek_is("__align__") || self.peek_is("alignas") || self.peek_is("__attribute__")
        {
            self.i += 1;
            self.skip_parens()?;
        }
        let (name, pos) = if self.peek().is_some_and(|t| t.kind == Kind::Ident) {
            self.ident()?
        } else {
            (Rc::from(format!("__anon{}", self.i)), at)
        };
        self.types.insert(name.clone());
        // `struct S : Base {` is a class.
        if self.peek_is(":") {
            while !self.peek_is("{") && !self.peek_is(";") {
                self.next()?;
            }
            if self.peek_is("{") {
                let open = self.i;
                self.skip_braces_from(open)?;
            }
            self.items
                .push(Item::Opaque(name.clone(), "a class with a base class", pos));
            return Ok(Ty::Named(name, pos));
        }
        if !self.eat("{") {
            return Ok(Ty::Named(name, pos));
        }
        let open = self.i - 1;
        if keyword == "class" {
            self.skip_braces_from(open)?;
            self.items.push(Item::Opaque(name.clone(), "a class", pos));
            return Ok(Ty::Named(name, pos));
        }
        let opaque_as = |s: &mut Self, what: &'static str| -> Result<Ty> {
            s.skip_braces_from(open)?;
            s.items.push(Item::Opaque(name.clone(), what, pos));
            Ok(Ty::Named(name.clone(), pos))
        };
        let opaque =
            |s: &mut Self| opaque_as(s, "a struct with member functions (a class with methods)");
        let mut fields = Vec::new();
        while !self.eat("}") {
            if self.at_end() {
                return Err(Diag::new(at, "this struct is not closed").note("add '};'"));
            }
            let fpos = self.pos();
            if self.peek_is("public")
                || self.peek_is("private")
                || self.peek_is("protected")
                || self.peek_is("template")
                || self.peek_is("operator")
                || self.peek_is("~")
                || self.peek_is("static")
                || self.peek_is("using")
                || self.peek_is("typedef")
                || self.peek_is("friend")
                || self.peek_is("virtual")
            {
                return opaque(self);
            }
            let specs = self.specs()?;
            let Some(base) = specs.ty.clone() else {
                if self.peek_is(&name) {
                    return opaque(self);
                }
                return Err(
                    Diag::new(fpos, "expected a field declaration").note("write TYPE name;")
                );
            };
            if self.peek_is("(") {
                return opaque(self);
            }
            loop {
                let (fname, ty, params) = self.declarator(base.clone())?;
                if params.is_some() || self.peek_is("(") || self.peek_is("{") {
                    return opaque(self);
                }
                if self.peek_is(":") {
                    // Host code's bit-fields (a header's float-to-half helpers) are
                    // skipped; device code that uses the struct is refused by name.
                    return opaque_as(self, "a struct with bit-fields");
                }
                if self.eat("=") {
                    return Err(Diag::unsupported(fpos, "a default member initialiser"));
                }
                fields.push((fname, ty));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(";")?;
        }
        self.items.push(Item::Struct(StructDef {
            name: name.clone(),
            fields,
            align: None,
            union: keyword == "union",
            pos,
        }));
        Ok(Ty::Named(name, pos))
    }

    fn enum_spec(&mut self) -> Result<Ty> {
        self.eat("class");
        self.eat("struct");
        let name = if self.peek().is_some_and(|t| t.kind == Kind::Ident) {
            Some(self.ident()?.0)
        } else {
            None
        };
        if self.eat(":") {
            self.type_name()?;
        }
        if let Some(n) = &name {
            self.types.insert(n.clone());
        }
        if self.eat("{") {
            let mut vals = Vec::new();
            while !self.eat("}") {
                let (n, p) = self.ident()?;
                let v = if self.eat("=") {
                    Some(self.assign()?)
                } else {
                    None
                };
                vals.push((n, v, p));
                if !self.eat(",") {
                    self.expect("}")?;
                    break;
                }
            }
            self.items.push(Item::Enum(name.clone(), vals));
        }
        Ok(match name {
            Some(n) => Ty::Named(n, self.pos()),
            None => Ty::Base(Base::Int(IntKind::Int)),
        })
    }

    /// A declarator: pointers, references, the name, array and function suffixes. Returns
    /// the name (empty for an abstract declarator), the type, and function parameters if
    /// it declares a function.
    fn declarator(&mut self, base: Ty) -> Result<Declarator> {
        self.enter()?;
        let mut ty = base;
        loop {
            if self.eat("*") {
                ty = Ty::Ptr(Box::new(ty));
                loop {
                    if self.eat("const")
                        || self.eat("__restrict__")
                        || self.eat("__restrict")
                        || self.eat("volatile")
                    {
                        continue;
                    }
                    break;
                }
            } else if self.eat("&") || self.eat("&&") {
                ty = Ty::Ref(Box::new(ty));
                self.eat("__restrict__");
            } else {
                break;
            }
        }
        if self.peek_is("(") && self.nth_is(1, "*") {
            return Err(Diag::unsupported(self.pos(), "a function pointer"));
        }
        let mut name: Rc<str> = Rc::from("");
        if self
            .peek()
            .is_some_and(|t| t.kind == Kind::Ident && !matches!(&*t.text, "const" | "volatile"))
        {
            name = self.ident()?.0;
            while self.eat("::") {
                if self.peek_is("~") {
                    self.next()?;
                }
                name = self.ident()?.0;
            }
            if &*name == "operator" {
                let mut op = String::from("operator");
                if self.peek_is("(") && self.nth_is(1, ")") {
                    op.push_str("()");
                    self.i += 2;
                } else {
                    while let Some(t) = self.peek().filter(|t| !t.is("(")) {
                        op.push_str(&t.text.clone());
                        self.i += 1;
                    }
                }
                name = Rc::from(op);
            }
            if self.peek_is("<") && self.templates.contains(&name) {
                self.spec_args = Some(self.template_args()?);
            }
        }
        let mut params = None;
        if self.peek_is("(") && self.function_params_follow() {
            self.i += 1;
            params = Some(self.params()?);
            while self.eat("const") || self.eat("noexcept") {}
        }
        let mut dims = Vec::new();
        while self.eat("[") {
            if self.eat("]") {
                dims.push(None);
            } else {
                dims.push(Some(Box::new(self.expr()?)));
                self.expect("]")?;
            }
        }
        for d in dims.into_iter().rev() {
            ty = Ty::Array(Box::new(ty), d);
        }
        self.leave();
        Ok((name, ty, params))
    }

    /// After a declarator's name, whether `(` opens a parameter list (not constructor
    /// arguments): it is empty, `void)`, or starts with a type.
    fn function_params_follow(&mut self) -> bool {
        if self.nth_is(1, ")") {
            return true;
        }
        self.i += 1;
        let r = self.starts_type();
        self.i -= 1;
        r
    }

    fn params(&mut self) -> Result<Vec<(Rc<str>, Ty)>> {
        let mut ps = Vec::new();
        let mut defaults = Vec::new();
        if self.peek_is("void") && self.nth_is(1, ")") {
            self.i += 1;
        }
        while !self.eat(")") {
            if self.eat("...") {
                return Err(Diag::unsupported(self.pos(), "a variadic function"));
            }
            let specs = self.specs()?;
            let base = specs.ty.clone().ok_or_else(|| {
                let t = self.peek().map_or("end of file".into(), |t| t.text.to_string());
                Diag::new(self.pos(), format!("expected a parameter type before '{t}'")).note("write TYPE name; an unknown type name may be a misspelling or a missing #include")
            })?;
            let (n, mut ty, _) = self.declarator(base)?;
            if let Ty::Array(inner, _) = ty {
                ty = Ty::Ptr(inner);
            }
            let default = if self.eat("=") {
                Some(self.assign()?)
            } else {
                None
            };
            defaults.push(default);
            ps.push((n, ty));
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        self.defaults = defaults;
        Ok(ps)
    }

    fn declaration(&mut self, templ: Option<Vec<TemplParam>>) -> Result<()> {
        let start = self.pos();
        let specs = self.specs()?;
        let Some(base) = specs.ty.clone() else {
            if self.eat(";") {
                return Ok(());
            }
            let t = self
                .peek()
                .map_or("end of file".into(), |t| t.text.to_string());
            return Err(
                Diag::new(start, format!("expected a declaration before '{t}'"))
                    .note("an unknown type name may be a misspelling or a missing #include"),
            );
        };
        if self.eat(";") {
            return Ok(());
        }
        loop {
            let pos = self.pos();
            self.spec_args = None;
            self.defaults.clear();
            let (name, ty, params) = self.declarator(base.clone())?;
            let defaults = std::mem::take(&mut self.defaults);
            let spec = self.spec_args.take();
            if spec.is_some() && !templ.as_ref().is_some_and(Vec::is_empty) {
                return Err(Diag::unsupported(pos, "a partial template specialization"));
            }
            if specs.typedef {
                self.types.insert(name.clone());
                self.items.push(Item::Typedef(name, ty, pos));
            } else if let Some(params) = params {
                let mut launch_bounds = specs.launch_bounds.clone();
                if self.peek_is("__launch_bounds__") {
                    let s = self.specs()?;
                    launch_bounds = s.launch_bounds;
                }
                if self.eat("->") {
                    return Err(Diag::unsupported(pos, "a trailing return type"));
                }
                if templ.is_some() {
                    self.templates.insert(name.clone());
                }
                let host = !specs.global && !specs.device && !specs.constexpr;
                let body = if self.peek_is("{") && host {
                    // Host code: NVRTC compiles none of it for the device; skip it unread.
                    let open = self.i;
                    self.skip_braces_from(open)?;
                    None
                } else if self.peek_is("{") {
                    Some(Rc::new(self.block()?))
                } else {
                    None
                };
                let f = Func {
                    name,
                    ns: self.ns.clone(),
                    kind: if specs.global {
                        FnKind::Global
                    } else if host {
                        FnKind::Host
                    } else {
                        FnKind::Device
                    },
                    ret: ty,
                    params,
                    extern_c: self.extern_c || specs.extern_c,
                    templ: templ.clone(),
                    spec,
                    defaults,
                    launch_bounds,
                    noinline: specs.noinline,
                    body: body.clone(),
                    pos,
                };
                let defined = f.body.is_some()
                    || (host && self.toks.get(self.i - 1).is_some_and(|t| t.is("}")));
                self.items.push(Item::Func(f));
                if defined {
                    return Ok(());
                }
            } else {
                let v = self.var_rest(name, ty, &specs, pos)?;
                self.items.push(Item::Var(v, self.ns.clone()));
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")?;
        Ok(())
    }

    fn var_rest(&mut self, name: Rc<str>, ty: Ty, specs: &Specs, pos: Pos) -> Result<VarDecl> {
        if name.is_empty() {
            return Err(Diag::new(pos, "expected a variable name").note("write TYPE name"));
        }
        let mut init = None;
        let mut ctor = None;
        if self.eat("=") {
            init = Some(if self.peek_is("{") {
                self.init_list()?
            } else {
                self.assign()?
            });
        } else if self.peek_is("{") {
            init = Some(self.init_list()?);
        } else if self.eat("(") {
            ctor = Some(self.args()?);
        }
        let storage = if specs.shared {
            Storage::Shared
        } else if specs.constant {
            Storage::Constant
        } else if specs.managed {
            Storage::Managed
        } else if specs.device {
            Storage::Device
        } else {
            Storage::Auto
        };
        Ok(VarDecl {
            name,
            ty,
            init,
            ctor,
            storage,
            is_extern: specs.is_extern,
            is_static: specs.is_static,
            constexpr: specs.constexpr,
            pos,
        })
    }

    fn init_list(&mut self) -> Result<Expr> {
        self.enter()?;
        let pos = self.expect("{")?;
        let mut v = Vec::new();
        while !self.eat("}") {
            if self.peek_is(".") {
                return Err(Diag::unsupported(self.pos(), "a designated initialiser"));
            }
            v.push(if self.peek_is("{") {
                self.init_list()?
            } else {
                self.assign()?
            });
            if !self.eat(",") {
                self.expect("}")?;
                break;
            }
        }
        self.leave();
        Ok(Expr {
            kind: ExprKind::InitList(v),
            pos,
        })
    }

    /// A type name (in casts, `sizeof`, template arguments).
    fn type_name(&mut self) -> Result<Ty> {
        let pos = self.pos();
        let specs = self.specs()?;
        let base = specs.ty.ok_or_else(|| {
            Diag::new(pos, "expected a type")
                .note("an unknown type name may be a misspelling or a missing #include")
        })?;
        let (name, ty, _) = self.declarator(base)?;
        if !name.is_empty() {
            return Err(
                Diag::new(pos, format!("unexpected name '{name}' in a type")).note("remove it"),
            );
        }
        Ok(ty)
    }

    // ---- statements ----

    fn block(&mut self) -> Result<Vec<Stmt>> {
        let open = self.expect("{")?;
        self.enter()?;
        let mut v = Vec::new();
        let saved_types = self.types.clone();
        while !self.eat("}") {
            if self.at_end() {
                return Err(Diag::new(open, "this '{' is never closed")
                    .note("add '}' where the block ends"));
            }
            v.push(self.stmt()?);
        }
        self.types = saved_types;
        self.leave();
        Ok(v)
    }

    fn stmt(&mut self) -> Result<Stmt> {
        self.enter()?;
        let r = self.stmt_inner();
        self.leave();
        r
    }

    fn paren_expr(&mut self) -> Result<Expr> {
        self.expect("(")?;
        let e = self.expr()?;
        self.expect(")")?;
        Ok(e)
    }

    fn stmt_inner(&mut self) -> Result<Stmt> {
        let t = self.peek().cloned().ok_or_else(|| self.eof_error())?;
        let pos = t.pos;
        if t.kind == Kind::Ident {
            match &*t.text {
                "if" => {
                    self.i += 1;
                    self.eat("constexpr");
                    let c = self.paren_expr()?;
                    let a = self.stmt()?;
                    let b = if self.eat("else") {
                        Some(Box::new(self.stmt()?))
                    } else {
                        None
                    };
                    return Ok(Stmt::If(c, Box::new(a), b));
                }
                "while" => {
                    self.i += 1;
                    let c = self.paren_expr()?;
                    return Ok(Stmt::While(c, Box::new(self.stmt()?)));
                }
                "do" => {
                    self.i += 1;
                    let b = self.stmt()?;
                    self.expect("while")?;
                    let c = self.paren_expr()?;
                    self.expect(";")?;
                    return Ok(Stmt::DoWhile(Box::new(b), c));
                }
                "for" => {
                    self.i += 1;
                    self.expect("(")?;
                    let saved = self.types.clone();
                    let init = if self.eat(";") {
                        None
                    } else {
                        Some(Box::new(self.simple_stmt()?))
                    };
                    if let Some(s) = &init {
                        if matches!(**s, Stmt::Decl(_)) && self.peek_is(":") {
                            return Err(Diag::unsupported(pos, "a range-based for loop"));
                        }
                    }
                    let cond = if self.peek_is(";") {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect(";")?;
                    let step = if self.peek_is(")") {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect(")")?;
                    let body = self.stmt()?;
                    self.types = saved;
                    return Ok(Stmt::For(init, cond, step, Box::new(body)));
                }
                "return" => {
                    self.i += 1;
                    let e = if self.peek_is(";") {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect(";")?;
                    return Ok(Stmt::Return(e, pos));
                }
                "break" => {
                    self.i += 1;
                    self.expect(";")?;
                    return Ok(Stmt::Break(pos));
                }
                "continue" => {
                    self.i += 1;
                    self.expect(";")?;
                    return Ok(Stmt::Continue(pos));
                }
                "switch" => {
                    self.i += 1;
                    let c = self.paren_expr()?;
                    return Ok(Stmt::Switch(c, Box::new(self.stmt()?)));
                }
                "case" => {
                    self.i += 1;
                    let e = self.cond_expr()?;
                    self.expect(":")?;
                    return Ok(Stmt::Case(e, pos));
                }
                "default" => {
                    self.i += 1;
                    self.expect(":")?;
                    return Ok(Stmt::Default(pos));
                }
                "goto" => {
                    self.i += 1;
                    let (l, _) = self.ident()?;
                    self.expect(";")?;
                    return Ok(Stmt::Goto(l, pos));
                }
                "static_assert" => {
                    let (c, m) = self.static_assert()?;
                    return Ok(Stmt::StaticAssert(c, m));
                }
                "try" | "throw" => return Err(Diag::unsupported(pos, "exception handling")),
                "asm" | "__asm__" | "__asm" => return self.asm(),
                "using" | "typedef" => {
                    if t.is("using") {
                        self.i += 1;
                        if self.eat("namespace") {
                            while !self.eat(";") {
                                self.next()?;
                            }
                            return Ok(Stmt::Empty);
                        }
                        self.i -= 1;
                    }
                    let before = self.items.len();
                    self.top()?;
                    if self.items.len() > before {
                        // Local typedefs become global ones (names are unique enough in kernels).
                    }
                    return Ok(Stmt::Empty);
                }
                _ => {
                    if self.nth_is(1, ":") && !self.nth_is(1, "::") && !self.types.contains(&t.text)
                    {
                        self.i += 2;
                        return Ok(Stmt::Label(t.text.clone(), pos));
                    }
                }
            }
        }
        if t.is("{") {
            return Ok(Stmt::Block(self.block()?));
        }
        if t.is(";") {
            self.i += 1;
            return Ok(Stmt::Empty);
        }
        let s = self.simple_stmt()?;
        Ok(s)
    }

    /// A declaration or an expression, with its `;`.
    fn simple_stmt(&mut self) -> Result<Stmt> {
        if self.starts_type()
            && !(self
                .types
                .contains(&*self.peek().map_or(Rc::from(""), |t| t.text.clone()))
                && (self.nth_is(1, "(") || self.nth_is(1, "{")))
        {
            let specs = self.specs()?;
            if specs.ty.is_none() {
                return Err(Diag::new(self.pos(), "expected a type")
                    .note("an unknown type name may be a misspelling or a missing #include"));
            }
            if let Some(t) = self.peek().filter(|t| t.is("struct")) {
                return Err(Diag::unsupported(t.pos, "a local struct"));
            }
            if self.peek_is("[") {
                return Err(Diag::unsupported(self.pos(), "structured bindings"));
            }
            let base = specs
                .ty
                .clone()
                .unwrap_or(Ty::Base(Base::Int(IntKind::Int)));
            if self.eat(";") {
                return Ok(Stmt::Empty);
            }
            let mut decls = Vec::new();
            loop {
                let pos = self.pos();
                let (name, ty, params) = self.declarator(base.clone())?;
                if params.is_some() {
                    return Err(Diag::new(
                        pos,
                        format!("'{name}' declares a function inside a function"),
                    )
                    .note("declare functions at namespace scope"));
                }
                if specs.typedef {
                    self.types.insert(name.clone());
                    self.items.push(Item::Typedef(name, ty, pos));
                } else {
                    decls.push(self.var_rest(name, ty, &specs, pos)?);
                }
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(";")?;
            return Ok(Stmt::Decl(decls));
        }
        let e = self.expr()?;
        self.expect(";")?;
        Ok(Stmt::Expr(e))
    }

    // ---- expressions ----

    fn expr(&mut self) -> Result<Expr> {
        let mut e = self.assign()?;
        while self.peek_is(",") {
            let pos = self.expect(",")?;
            let r = self.assign()?;
            e = Expr {
                kind: ExprKind::Comma(Box::new(e), Box::new(r)),
                pos,
            };
        }
        Ok(e)
    }

    fn assign(&mut self) -> Result<Expr> {
        self.enter()?;
        let l = self.cond_expr()?;
        const OPS: [(&str, Option<&str>); 11] = [
            ("=", None),
            ("+=", Some("+")),
            ("-=", Some("-")),
            ("*=", Some("*")),
            ("/=", Some("/")),
            ("%=", Some("%")),
            ("<<=", Some("<<")),
            (">>=", Some(">>")),
            ("&=", Some("&")),
            ("|=", Some("|")),
            ("^=", Some("^")),
        ];
        let found = self
            .peek()
            .and_then(|t| OPS.iter().find(|(s, _)| t.is(s)).map(|o| (o.1, t.pos)));
        let r = if let Some((op, pos)) = found {
            self.i += 1;
            let r = if self.peek_is("{") {
                self.init_list()?
            } else {
                self.assign()?
            };
            Ok(Expr {
                kind: ExprKind::Assign(op, Box::new(l), Box::new(r)),
                pos,
            })
        } else {
            Ok(l)
        };
        self.leave();
        r
    }

    fn cond_expr(&mut self) -> Result<Expr> {
        let c = self.binary(0)?;
        if self.peek_is("?") {
            let pos = self.expect("?")?;
            let a = self.expr()?;
            self.expect(":")?;
            let b = self.assign()?;
            return Ok(Expr {
                kind: ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
                pos,
            });
        }
        Ok(c)
    }

    fn binop(&self) -> Option<(&'static str, u8)> {
        let t = self.peek()?;
        if t.kind != Kind::Punct {
            return None;
        }
        Some(match &*t.text {
            "||" => ("||", 1),
            "&&" => ("&&", 2),
            "|" => ("|", 3),
            "^" => ("^", 4),
            "&" => ("&", 5),
            "==" => ("==", 6),
            "!=" => ("!=", 6),
            "<" => ("<", 7),
            ">" => (">", 7),
            "<=" => ("<=", 7),
            ">=" => (">=", 7),
            "<<" => ("<<", 8),
            ">>" => (">>", 8),
            "+" => ("+", 9),
            "-" => ("-", 9),
            "*" => ("*", 10),
            "/" => ("/", 10),
            "%" => ("%", 10),
            _ => return None,
        })
    }

    /// Binary operators binding tighter than precedence `min`.
    fn binary(&mut self, min: u8) -> Result<Expr> {
        self.enter()?;
        let mut l = self.unary()?;
        let mut chain = 0usize;
        while let Some((op, p)) = self.binop() {
            if p <= min {
                break;
            }
            let pos = self.pos();
            self.i += 1;
            chain += 1;
            if chain > MAX_CHAIN {
                return Err(Diag::new(
                    pos,
                    format!("more than {MAX_CHAIN} operators in one expression"),
                )
                .note("split it into statements with variables"));
            }
            let r = self.binary(p)?;
            l = Expr {
                kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
                pos,
            };
        }
        self.leave();
        Ok(l)
    }

    fn unary(&mut self) -> Result<Expr> {
        self.enter()?;
        let r = self.unary_inner();
        self.leave();
        r
    }

    fn unary_inner(&mut self) -> Result<Expr> {
        let t = self.peek().cloned().ok_or_else(|| self.eof_error())?;
        let pos = t.pos;
        let un = |op: &'static str, e: Expr| Expr {
            kind: ExprKind::Unary(op, Box::new(e)),
            pos,
        };
        if t.kind == Kind::Punct {
            for op in ["-", "+", "!", "~", "*", "&", "++", "--"] {
                if t.is(op) {
                    self.i += 1;
                    let e = self.unary()?;
                    return Ok(un(op, e));
                }
            }
            if t.is("&&") {
                return Err(Diag::unsupported(pos, "the address of a label"));
            }
            if t.is("(") && self.cast_follows() {
                let Some(ty) = self.cast_type()? else {
                    // `(float(x) + y)`: a parenthesised expression that starts with a
                    // functional cast.
                    return self.postfix();
                };
                if self.peek_is("{") {
                    return Err(Diag::unsupported(pos, "a compound literal"));
                }
                let e = self.unary()?;
                return Ok(Expr {
                    kind: ExprKind::Cast(ty, Box::new(e)),
                    pos,
                });
            }
        }
        if t.kind == Kind::Ident {
            match &*t.text {
                "sizeof" | "alignof" | "__alignof__" => {
                    self.i += 1;
                    if self.peek_is("(") && self.cast_follows() {
                        self.i += 1;
                        let ty = self.type_name()?;
                        self.expect(")")?;
                        let k = if t.is("sizeof") {
                            ExprKind::SizeofType(ty)
                        } else {
                            ExprKind::AlignofType(ty)
                        };
                        return Ok(Expr { kind: k, pos });
                    }
                    let e = self.unary()?;
                    return Ok(Expr {
                        kind: ExprKind::SizeofExpr(Box::new(e)),
                        pos,
                    });
                }
                "new" | "delete" => {
                    return Err(Diag::unsupported(
                        pos,
                        &format!("'{}' (dynamic allocation with new/delete)", t.text),
                    ))
                }
                "throw" => return Err(Diag::unsupported(pos, "exception handling")),
                _ => {}
            }
        }
        self.postfix()
    }

    /// At `(` before a type: `(T)` read as a cast's type, past its `)`; `None` (nothing
    /// read) where the type starts an expression instead: a functional cast, as `float(x)`
    /// in `(float(x) + y)`.
    fn cast_type(&mut self) -> Result<Option<Ty>> {
        let (start, depth) = (self.i, self.depth);
        self.i += 1;
        let cast = match self.type_name() {
            Ok(ty) if self.peek_is(")") => Ok(ty),
            Ok(_) => Err(Diag::new(self.pos(), "expected ')' after the cast's type")),
            Err(e) => Err(e),
        };
        match cast {
            Ok(ty) => {
                self.i += 1;
                Ok(Some(ty))
            }
            Err(e) => {
                // The specifiers alone, then `(` or `{`: `T(x)` or `T{x}`.
                self.i = start + 1;
                self.depth = depth;
                let functional = self.specs().is_ok() && (self.peek_is("(") || self.peek_is("{"));
                self.i = start;
                self.depth = depth;
                if functional {
                    Ok(None)
                } else {
                    Err(e)
                }
            }
        }
    }

    /// After `(`: whether a type follows (so a cast, not a parenthesised expression).
    fn cast_follows(&mut self) -> bool {
        self.i += 1;
        let r = self.starts_type();
        self.i -= 1;
        r
    }

    fn args(&mut self) -> Result<Vec<Expr>> {
        let mut v = Vec::new();
        while !self.eat(")") {
            v.push(if self.peek_is("{") {
                self.init_list()?
            } else {
                self.assign()?
            });
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        Ok(v)
    }

    fn postfix(&mut self) -> Result<Expr> {
        let mut e = self.primary()?;
        let mut n = 0usize;
        loop {
            n += 1;
            if n > MAX_CHAIN {
                return Err(
                    Diag::new(self.pos(), "more than 1000 postfix operators in a row")
                        .note("split the expression"),
                );
            }
            let Some(t) = self.peek().cloned() else { break };
            let pos = t.pos;
            if t.is("(") {
                self.i += 1;
                let args = self.args()?;
                e = Expr {
                    kind: ExprKind::Call(Box::new(e), args),
                    pos,
                };
            } else if t.is("[") {
                self.i += 1;
                let i = self.expr()?;
                self.expect("]")?;
                e = Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(i)),
                    pos,
                };
            } else if t.is(".") || t.is("->") {
                self.i += 1;
                self.eat("template");
                let (m, _) = self.ident()?;
                e = Expr {
                    kind: ExprKind::Member(Box::new(e), m, t.is("->")),
                    pos,
                };
            } else if t.is("++") || t.is("--") {
                self.i += 1;
                let op = if t.is("++") { "++" } else { "--" };
                e = Expr {
                    kind: ExprKind::Postfix(op, Box::new(e)),
                    pos,
                };
            } else {
                break;
            }
        }
        Ok(e)
    }

    fn template_args(&mut self) -> Result<Vec<TemplArg>> {
        self.expect("<")?;
        let mut v = Vec::new();
        while !self.peek_is(">") && !self.peek_is(">>") {
            if self.starts_type() {
                v.push(TemplArg::Type(self.type_name()?));
            } else {
                v.push(TemplArg::Value(self.binary(7)?));
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(">")?;
        Ok(v)
    }

    fn primary(&mut self) -> Result<Expr> {
        let t = self.next()?;
        let pos = t.pos;
        let mk = |kind| Ok(Expr { kind, pos });
        match t.kind {
            Kind::Num => match parse_number(&t.text, pos)? {
                Number::Int {
                    value,
                    unsigned,
                    longs,
                    decimal,
                } => mk(ExprKind::Int(
                    value,
                    int_literal_type(value, unsigned, longs, decimal),
                )),
                Number::Float {
                    value,
                    single,
                    text_f32,
                } => {
                    let v = if single {
                        f64::from(text_f32.unwrap_or(value as f32))
                    } else {
                        value
                    };
                    mk(ExprKind::Float(v, single))
                }
            },
            Kind::Char => mk(ExprKind::Int(
                char_value(&t.text, pos)? as u64,
                Type::Int(IntKind::Char),
            )),
            Kind::Str => {
                let mut bytes = unescape(&t.text[1..t.text.len() - 1], pos)?;
                while self.peek().is_some_and(|n| n.kind == Kind::Str) {
                    let n = self.next()?;
                    bytes.extend(unescape(&n.text[1..n.text.len() - 1], n.pos)?);
                }
                mk(ExprKind::Str(bytes))
            }
            Kind::Punct if t.is("[") => {
                self.i -= 1;
                self.lambda()
            }
            Kind::Punct if t.is("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Kind::Punct if t.is("{") => {
                self.i -= 1;
                self.init_list()
            }
            Kind::Punct if t.is("::") => self.name_expr(pos, Vec::new()),
            Kind::Punct => Err(Diag::new(
                pos,
                format!("expected an expression before '{}'", t.text),
            )
            .note("an operand is missing")),
            Kind::Ident => match &*t.text {
                "true" => mk(ExprKind::Bool(true)),
                "false" => mk(ExprKind::Bool(false)),
                "nullptr" | "NULL" => mk(ExprKind::Null),
                "this" => Err(Diag::unsupported(pos, "'this' (a class with methods)")),
                "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast" => {
                    self.expect("<")?;
                    let ty = self.type_name()?;
                    self.expect(">")?;
                    let e = self.paren_expr()?;
                    mk(ExprKind::Cast(ty, Box::new(e)))
                }
                _ => {
                    self.i -= 1;
                    if self.starts_type() {
                        let ty = self.type_name_no_decl()?;
                        if self.eat("(") {
                            let args = self.args()?;
                            return mk(ExprKind::Construct(ty, args));
                        }
                        if self.peek_is("{") {
                            let Expr {
                                kind: ExprKind::InitList(args),
                                ..
                            } = self.init_list()?
                            else {
                                return Err(Diag::new(pos, "expected '{'"));
                            };
                            return mk(ExprKind::Construct(ty, args));
                        }
                        return Err(Diag::new(
                            pos,
                            format!("unexpected type '{}' in an expression", t.text),
                        )
                        .note("a declaration must start a statement; a cast needs parentheses"));
                    }
                    self.i += 1;
                    self.name_expr(pos, vec![t.text.clone()])
                }
            },
        }
    }

    /// A type in a functional cast `T(x)`: specifiers only.
    fn type_name_no_decl(&mut self) -> Result<Ty> {
        let pos = self.pos();
        let s = self.specs()?;
        s.ty.ok_or_else(|| {
            Diag::new(pos, "expected a type").note("an unknown type name may be a misspelling")
        })
    }

    fn name_expr(&mut self, pos: Pos, mut path: Vec<Rc<str>>) -> Result<Expr> {
        if path.is_empty() {
            path.push(self.ident()?.0);
        }
        while self.peek_is("::") {
            self.i += 1;
            path.push(self.ident()?.0);
        }
        let last = path.last().cloned().unwrap_or_else(|| Rc::from(""));
        let targs = if self.peek_is("<") && self.templates.contains(&last) {
            Some(self.template_args()?)
        } else {
            None
        };
        Ok(Expr {
            kind: ExprKind::Name(path, targs),
            pos,
        })
    }
}

/// Parses a name expression (`reduce<256, 8>`, `ns::kernel`) against the item list's
/// templates: returns the path and template arguments.
pub fn parse_name_expression(text: &str, items: &[Item]) -> Result<NameExpression> {
    let toks = crate::lex::tokenize(text, u32::MAX)?;
    let mut p = Parser {
        toks,
        i: 0,
        types: HashSet::new(),
        templates: HashSet::new(),
        ns: Vec::new(),
        extern_c: false,
        depth: 0,
        items: Vec::new(),
        spec_args: None,
        defaults: Vec::new(),
    };
    for n in crate::builtins::TYPE_NAMES {
        p.types.insert(Rc::from(*n));
    }
    for it in items {
        match it {
            Item::Func(f) if f.templ.is_some() => {
                p.templates.insert(f.name.clone());
            }
            Item::Struct(s) => {
                p.types.insert(s.name.clone());
            }
            Item::Typedef(n, ..) => {
                p.types.insert(n.clone());
            }
            Item::Enum(Some(n), _) => {
                p.types.insert(n.clone());
            }
            _ => {}
        }
    }
    p.eat("&");
    let e = p.name_expr(
        Pos {
            file: u32::MAX,
            offset: 0,
        },
        Vec::new(),
    )?;
    if !p.at_end() {
        return Err(Diag::new(Pos { file: u32::MAX, offset: 0 }, format!("'{text}' is not a name expression")).note("write a kernel's name, with template arguments if it is a template: kernel<float, 256>"));
    }
    match e.kind {
        ExprKind::Name(path, targs) => Ok((path, targs)),
        _ => Err(Diag::new(
            e.pos,
            format!("'{text}' is not a name expression"),
        )),
    }
}

/// Parses one expression from text (the compiler's own snippets, such as a cooperative
/// group's thread rank).
pub fn parse_expression(text: &str) -> Result<Expr> {
    let toks = crate::lex::tokenize(text, u32::MAX)?;
    let mut p = Parser {
        toks,
        i: 0,
        types: HashSet::new(),
        templates: HashSet::new(),
        ns: Vec::new(),
        extern_c: false,
        depth: 0,
        items: Vec::new(),
        spec_args: None,
        defaults: Vec::new(),
    };
    p.expr()
}
