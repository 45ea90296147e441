//! The syntax tree the parser builds: plain data, with positions for diagnostics. Types are
//! kept as written ([`Ty`]) because a template's types are known only when it is
//! instantiated.

use crate::diag::Pos;
use std::rc::Rc;

/// A built-in type keyword combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
    /// `void`
    Void,
    /// `bool`
    Bool,
    /// An integer type.
    Int(crate::types::IntKind),
    /// `float`
    Float,
    /// `double`
    Double,
    /// `auto`
    Auto,
}

/// A type as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    /// A keyword type.
    Base(Base),
    /// A name: typedef, struct, enum, template parameter or built-in (`float4`, `dim3`).
    Named(Rc<str>, Pos),
    /// `const` and/or `volatile` applied to a type.
    Qual {
        /// The type qualified.
        inner: Box<Ty>,
        /// `const`
        konst: bool,
        /// `volatile`
        vol: bool,
    },
    /// A pointer.
    Ptr(Box<Ty>),
    /// An lvalue reference (`T&`; `T&&` is taken as this too).
    Ref(Box<Ty>),
    /// `cooperative_groups::thread_block_tile<N>`.
    Tile(Box<Expr>),
    /// An array; `None` for `[]`.
    Array(Box<Ty>, Option<Box<Expr>>),
    /// A type already resolved (a lambda's deduced return type).
    Resolved(crate::types::Type),
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it starts (for operators: the operator).
    pub pos: Pos,
}

/// A template argument as written.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplArg {
    /// A type.
    Type(Ty),
    /// A constant expression.
    Value(Expr),
}

/// The kinds of expression.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// An integer literal and its type.
    Int(u64, crate::types::Type),
    /// A floating literal: its value, `f` suffix.
    Float(f64, bool),
    /// A string literal's bytes (without the terminating zero).
    Str(Vec<u8>),
    /// `true`/`false`
    Bool(bool),
    /// `nullptr`
    Null,
    /// A name, possibly qualified (`a::b`), possibly with template arguments.
    Name(Vec<Rc<str>>, Option<Vec<TemplArg>>),
    /// A prefix operator: `-`, `+`, `!`, `~`, `*`, `&`, `++`, `--`.
    Unary(&'static str, Box<Expr>),
    /// `x++` / `x--`
    Postfix(&'static str, Box<Expr>),
    /// A binary operator.
    Binary(&'static str, Box<Expr>, Box<Expr>),
    /// `=` (`None`) or a compound assignment (`Some("+")`).
    Assign(Option<&'static str>, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a, b`
    Comma(Box<Expr>, Box<Expr>),
    /// A call.
    Call(Box<Expr>, Vec<Expr>),
    /// `a[i]`
    Index(Box<Expr>, Box<Expr>),
    /// `a.m` (`false`) or `a->m` (`true`).
    Member(Box<Expr>, Rc<str>, bool),
    /// A cast of any spelling: `(T)x`, `T(x)`, `static_cast<T>(x)`, ...
    Cast(Ty, Box<Expr>),
    /// `T(a, b)` or `T{a, b}` with a type that is a struct (or no arguments).
    Construct(Ty, Vec<Expr>),
    /// `sizeof(T)`
    SizeofType(Ty),
    /// `sizeof x`
    SizeofExpr(Box<Expr>),
    /// `alignof(T)`
    AlignofType(Ty),
    /// `{a, b, ...}`
    InitList(Vec<Expr>),
    /// `[captures](params) -> T { body }`
    Lambda(Rc<Lambda>),
}

/// A lambda expression: its body as a function (named `operator()`, its return type `auto`
/// where none is written) and what it captures.
#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    /// The call operator.
    pub func: Func,
    /// `[&]` (`Some(true)`) or `[=]` (`Some(false)`): every name the body sees.
    pub default_by_ref: Option<bool>,
    /// Names captured explicitly, `true` for `&x`.
    pub captures: Vec<(Rc<str>, bool)>,
}

/// Where a variable lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// An ordinary local or global.
    Auto,
    /// `__shared__`
    Shared,
    /// `__constant__`
    Constant,
    /// `__device__` (a global in device memory)
    Device,
    /// `__managed__` (a global in device memory the host reaches too: `.attribute(.managed)`)
    Managed,
}

/// A variable declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct VarDecl {
    /// Its name.
    pub name: Rc<str>,
    /// Its type as written.
    pub ty: Ty,
    /// Its initialiser.
    pub init: Option<Expr>,
    /// `T x(a, b)`: constructor arguments.
    pub ctor: Option<Vec<Expr>>,
    /// Where it lives.
    pub storage: Storage,
    /// `extern`
    pub is_extern: bool,
    /// `static`
    pub is_static: bool,
    /// `constexpr`
    pub constexpr: bool,
    /// Where it is declared.
    pub pos: Pos,
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// An expression statement.
    Expr(Expr),
    /// Declarations.
    Decl(Vec<VarDecl>),
    /// `{ ... }`
    Block(Vec<Stmt>),
    /// `if (c) a else b`
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) s`
    While(Expr, Box<Stmt>),
    /// `do s while (c);`
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) s`
    For(Option<Box<Stmt>>, Option<Expr>, Option<Expr>, Box<Stmt>),
    /// `return e;`
    Return(Option<Expr>, Pos),
    /// `break;`
    Break(Pos),
    /// `continue;`
    Continue(Pos),
    /// `switch (e) s`
    Switch(Expr, Box<Stmt>),
    /// `case e:` (the statement after it follows in the block).
    Case(Expr, Pos),
    /// `default:`
    Default(Pos),
    /// `goto l;`
    Goto(Rc<str>, Pos),
    /// `l:`
    Label(Rc<str>, Pos),
    /// `static_assert(c, "msg");`
    StaticAssert(Expr, String),
    /// `asm("template" : outputs : inputs : clobbers);`: inline PTX.
    Asm(Asm),
    /// `;`
    Empty,
}

/// An inline PTX statement: its text with `%0`, `%1`... naming the operands (outputs first,
/// then inputs), and each operand's constraint (`"=r"`, `"l"`, `"f"`, ...) with its
/// expression. Clobbers change nothing the compiler does (it keeps no value in a register
/// across the statement that memory could change).
#[derive(Debug, Clone, PartialEq)]
pub struct Asm {
    /// The PTX text, its escapes read.
    pub text: String,
    /// `"=r"(x)`: written by the PTX (`"+r"` also read).
    pub outputs: Vec<(String, Expr)>,
    /// `"r"(e)`: read by the PTX.
    pub inputs: Vec<(String, Expr)>,
    /// Where it is written.
    pub pos: Pos,
}

/// What kind of function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FnKind {
    /// `__global__`: a kernel.
    Global,
    /// `__device__` (or `__host__ __device__`).
    Device,
    /// A host function (no `__device__`): its body is skipped, device code cannot call it.
    Host,
}

/// A template parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplParam {
    /// `typename T` / `class T`, with a default.
    Type(Rc<str>, Option<Ty>),
    /// `int N`, with a default.
    Value(Rc<str>, Ty, Option<Expr>),
}

/// A function.
#[derive(Debug, Clone, PartialEq)]
pub struct Func {
    /// Its name.
    pub name: Rc<str>,
    /// Enclosing namespaces.
    pub ns: Vec<Rc<str>>,
    /// Kernel or device function.
    pub kind: FnKind,
    /// Return type.
    pub ret: Ty,
    /// Parameters (name may be empty).
    pub params: Vec<(Rc<str>, Ty)>,
    /// Each parameter's default argument (`int* sums = NULL`), if any.
    pub defaults: Vec<Option<Expr>>,
    /// The body (`None` for a declaration).
    pub body: Option<Rc<Vec<Stmt>>>,
    /// `extern "C"`
    pub extern_c: bool,
    /// Template parameters, if a template (none for an explicit specialization).
    pub templ: Option<Vec<TemplParam>>,
    /// An explicit specialization's arguments (`template <> float f<-1>(float)`): the
    /// primary template's call with these arguments runs this body instead.
    pub spec: Option<Vec<TemplArg>>,
    /// `__launch_bounds__(max threads, min blocks)`.
    pub launch_bounds: Option<(Expr, Option<Expr>)>,
    /// `__noinline__`: NVRTC keeps the call, so nothing fuses across it.
    pub noinline: bool,
    /// Where it is declared.
    pub pos: Pos,
}

/// A struct.
#[derive(Debug, Clone, PartialEq)]
pub struct StructDef {
    /// Its name.
    pub name: Rc<str>,
    /// Fields in order.
    pub fields: Vec<(Rc<str>, Ty)>,
    /// `__align__(n)` / `alignas(n)`.
    pub align: Option<Expr>,
    /// A `union`: every field at offset 0.
    pub union: bool,
    /// Where it is declared.
    pub pos: Pos,
}

/// A declaration at namespace scope.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A function.
    Func(Func),
    /// A variable.
    Var(VarDecl, Vec<Rc<str>>),
    /// A struct definition.
    Struct(StructDef),
    /// `typedef T name;` / `using name = T;`
    Typedef(Rc<str>, Ty, Pos),
    /// `enum [class] name { A = 1, B };`
    Enum(Option<Rc<str>>, Vec<(Rc<str>, Option<Expr>, Pos)>),
    /// `static_assert(c, "msg");`
    StaticAssert(Expr, String),
    /// A type the compiler skipped (a class, a class template, a struct with methods): using
    /// it in device code is an error naming `what`.
    Opaque(Rc<str>, &'static str, Pos),
    /// `template __global__ void k<float>(float*);`: an explicit instantiation.
    Instantiate(Rc<str>, Vec<TemplArg>, Pos),
}
