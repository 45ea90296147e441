//! The PTX syntax tree: module directives, variables, functions and their instructions.

use std::collections::HashMap;

use super::lexer::{FloatLit, Pos, PtxError};

/// A parsed PTX module.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    /// `.version major.minor`.
    pub version: (u32, u32),
    /// `.target` words (`sm_80`, `texmode_independent`, ...).
    pub target: Vec<String>,
    /// `.address_size` (64 unless stated).
    pub address_size: u32,
    /// Module-scope variables, in order.
    pub vars: Vec<VarDecl>,
    /// Functions and kernels, in order.
    pub functions: Vec<Function>,
    /// `.alias` directives, in order.
    pub aliases: Vec<Alias>,
}

/// `.alias name, target;`: another name for a function.
#[derive(Debug, Clone, PartialEq)]
pub struct Alias {
    /// The new name.
    pub name: String,
    /// The function it stands for.
    pub target: String,
    /// Where it was declared.
    pub pos: Pos,
}

/// `label: .callprototype (.param .b32 _) _ (.param .b64 _);`: the signature an indirect
/// `call` through a register names.
#[derive(Debug, Clone, PartialEq)]
pub struct CallPrototype {
    /// The label.
    pub name: String,
    /// Return parameters.
    pub returns: Vec<VarDecl>,
    /// Parameters.
    pub params: Vec<VarDecl>,
    /// Where it was declared.
    pub pos: Pos,
}

/// `label: .calltargets f, g;` (the functions an indirect `call` may reach) or
/// `label: .branchtargets L1, L2;` (the labels of a `brx.idx`).
#[derive(Debug, Clone, PartialEq)]
pub struct TargetList {
    /// The label.
    pub name: String,
    /// The functions or labels, in order.
    pub targets: Vec<String>,
    /// Where it was declared.
    pub pos: Pos,
}

impl Module {
    /// The function `name` stands for: the one with a body (or a body that could not be
    /// read) when it is declared more than once (prototypes first), else its declaration;
    /// an `.alias` stands for its target (which PTX requires to be a defined function, not
    /// another alias).
    pub fn function(&self, name: &str) -> Option<&Function> {
        let found = self.defined(name);
        if found.is_some_and(|f| f.body.is_some() || f.error.is_some()) {
            return found;
        }
        match self.aliases.iter().find(|a| a.name == name) {
            Some(a) => self.defined(&a.target).or(found),
            None => found,
        }
    }

    /// Every function and alias name resolved as [`function`](Module::function) resolves
    /// it, in one pass: for code that looks many names up (a search per name would make
    /// loading quadratic in the number of functions).
    pub fn function_index(&self) -> FunctionIndex<'_> {
        let mut defined: HashMap<&str, &Function> = HashMap::new();
        for f in &self.functions {
            let has_body = |f: &Function| f.body.is_some() || f.error.is_some();
            defined
                .entry(&f.name)
                .and_modify(|d| {
                    if !has_body(d) && has_body(f) {
                        *d = f;
                    }
                })
                .or_insert(f);
        }
        let mut aliases: HashMap<&str, &str> = HashMap::new();
        for a in &self.aliases {
            aliases.entry(&a.name).or_insert(&a.target);
        }
        FunctionIndex { defined, aliases }
    }

    /// Among the functions named `name`, the one with a body or an error, else the first.
    fn defined(&self, name: &str) -> Option<&Function> {
        let mut found = None;
        for f in self.functions.iter().filter(|f| f.name == name) {
            if f.body.is_some() || f.error.is_some() {
                return Some(f);
            }
            found = found.or(Some(f));
        }
        found
    }
}

/// A module's functions by name ([`Module::function_index`]).
#[derive(Debug, Clone)]
pub struct FunctionIndex<'a> {
    /// By name: the function with a body (or an error), else the first declaration.
    defined: HashMap<&'a str, &'a Function>,
    /// `.alias` name to target (the first, when repeated).
    aliases: HashMap<&'a str, &'a str>,
}

impl<'a> FunctionIndex<'a> {
    /// What [`Module::function`] returns for `name`.
    pub fn get(&self, name: &str) -> Option<&'a Function> {
        let found = self.defined.get(name).copied();
        if found.is_some_and(|f| f.body.is_some() || f.error.is_some()) {
            return found;
        }
        match self.aliases.get(name) {
            Some(target) => self.defined.get(target).copied().or(found),
            None => found,
        }
    }
}

/// A state space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Space {
    /// `.reg`
    Reg,
    /// `.sreg`
    SReg,
    /// `.const`
    Const,
    /// `.global`
    Global,
    /// `.local`
    Local,
    /// `.param`
    Param,
    /// `.shared`
    Shared,
    /// `.tex`
    Tex,
}

impl Space {
    /// From a directive word such as `.global`.
    pub fn from_word(w: &str) -> Option<Space> {
        Some(match w {
            ".reg" => Space::Reg,
            ".sreg" => Space::SReg,
            ".const" => Space::Const,
            ".global" => Space::Global,
            ".local" => Space::Local,
            ".param" => Space::Param,
            ".shared" => Space::Shared,
            ".tex" => Space::Tex,
            _ => return None,
        })
    }
}

/// An initialiser element.
#[derive(Debug, Clone, PartialEq)]
pub enum InitValue {
    /// An integer.
    Int(i128),
    /// A float.
    Float(FloatLit),
    /// The address of a symbol plus a byte offset (`var`, `generic(var)`, `var+4`): known
    /// only after loading.
    Address(String, i64),
    /// A nested `{ ... }` list.
    List(Vec<InitValue>),
    /// A run of this many zeros in a list (at least two): `{0, 0, ...}` held as its length,
    /// so a large zero initialiser costs no memory per element.
    Zeros(u64),
}

/// A variable declaration (module scope, function scope, or a parameter).
#[derive(Debug, Clone, PartialEq)]
pub struct VarDecl {
    /// State space.
    pub space: Space,
    /// `.extern`, `.visible`, `.weak` or `.common`, when given.
    pub linkage: Option<String>,
    /// `.align N`.
    pub align: Option<u32>,
    /// Vector width (`.v2`, `.v4`), 1 otherwise.
    pub vector: u32,
    /// Element type, e.g. `.u32`, `.b8`, `.f64`, `.pred`.
    pub ty: String,
    /// The name (for `%r<10>`, the prefix `%r`).
    pub name: String,
    /// `%r<10>`: how many numbered registers.
    pub count: Option<u32>,
    /// Array dimensions; `None` for `[]` (size from the initialiser or external).
    pub dims: Vec<Option<u64>>,
    /// The initialiser.
    pub init: Option<InitValue>,
    /// `.attribute(.managed)`.
    pub managed: bool,
    /// `.ptr` attributes on a parameter (`.ptr.global.align 8`).
    pub ptr: Option<String>,
    /// Where it was declared.
    pub pos: Pos,
}

/// An instruction operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// A register, special register or symbol name (`%r1`, `%tid.x`, `param_0`, a label).
    Name(String),
    /// An integer immediate.
    Int(i128),
    /// A float immediate.
    Float(FloatLit),
    /// A memory address `[base+offset]`; `base` may be empty for `[imm]`.
    Addr {
        /// Register or symbol, or empty.
        base: String,
        /// Byte offset.
        offset: i64,
    },
    /// A vector `{%r1, %r2}`.
    Vector(Vec<Operand>),
    /// A parenthesised list (call arguments or return values).
    List(Vec<Operand>),
    /// `!%p` (negated predicate operand).
    Not(Box<Operand>),
    /// A `|`-joined pair (`setp` with two destinations: `%p|%q`).
    Pair(Box<Operand>, Box<Operand>),
    /// `_` (a sink).
    Sink,
}

/// One instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// Guard predicate `@%p` / `@!%p`: (negated, register).
    pub guard: Option<(bool, String)>,
    /// The opcode without modifiers (`ld`).
    pub opcode: String,
    /// Modifiers in order, without dots (`global`, `f32`).
    pub mods: Vec<String>,
    /// Operands.
    pub operands: Vec<Operand>,
    /// Where the instruction starts.
    pub pos: Pos,
}

/// A statement in a function body.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    /// `name:`.
    Label(String, Pos),
    /// A declaration inside the body.
    Var(VarDecl),
    /// An instruction.
    Instr(Instruction),
    /// A `{ ... }` block.
    Block(Vec<Statement>),
}

/// A `.entry` kernel or `.func` function.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// `.entry` (a kernel) or `.func`.
    pub is_entry: bool,
    /// `.visible`, `.extern`, `.weak`, when given.
    pub linkage: Option<String>,
    /// The name.
    pub name: String,
    /// Return parameters (`.func (.param .b32 r) f(...)`).
    pub returns: Vec<VarDecl>,
    /// Parameters.
    pub params: Vec<VarDecl>,
    /// `.maxntid`.
    pub maxntid: Option<[u32; 3]>,
    /// `.reqntid`.
    pub reqntid: Option<[u32; 3]>,
    /// `.minnctapersm`.
    pub minnctapersm: Option<u32>,
    /// `.maxnreg`.
    pub maxnreg: Option<u32>,
    /// `.reqnctapercluster`: the cluster shape of a launch that names none
    /// (`__cluster_dims__`).
    pub reqnctapercluster: Option<[u32; 3]>,
    /// `.noreturn`.
    pub noreturn: bool,
    /// The body; `None` for a declaration (prototype), and for a body that could not be
    /// read ([`error`](Function::error)).
    pub body: Option<Vec<Statement>>,
    /// The `.callprototype` declarations of the body (their labels are function-wide).
    pub prototypes: Vec<CallPrototype>,
    /// The `.calltargets` lists of the body.
    pub call_targets: Vec<TargetList>,
    /// The `.branchtargets` lists of the body.
    pub branch_targets: Vec<TargetList>,
    /// Why the body could not be read (a syntax error inside it, or a directive of the
    /// declaration this parser does not know): the function's own error, which does not
    /// fail the rest of the module.
    pub error: Option<PtxError>,
    /// Where it was declared.
    pub pos: Pos,
}

/// `x` rounded up to a multiple of `a`, saturating instead of overflowing on hostile
/// alignments.
pub fn align_up(x: u64, a: u64) -> u64 {
    x.checked_next_multiple_of(a.max(1)).unwrap_or(u64::MAX)
}

/// The size in bytes of a PTX fundamental type (`.u32` → 4), or `None` if not a data type.
pub fn type_size(ty: &str) -> Option<u32> {
    Some(match ty {
        ".b8" | ".u8" | ".s8" | ".e4m3x2" | ".e5m2x2" => 1,
        ".b16" | ".u16" | ".s16" | ".f16" | ".bf16" => 2,
        ".b32" | ".u32" | ".s32" | ".f32" | ".f16x2" | ".bf16x2" | ".tf32" => 4,
        ".b64" | ".u64" | ".s64" | ".f64" => 8,
        ".b128" => 16,
        ".pred" => 1,
        _ => return None,
    })
}

impl VarDecl {
    /// Element size × vector width.
    pub fn element_size(&self) -> Option<u64> {
        type_size(&self.ty).map(|s| s as u64 * self.vector as u64)
    }

    /// Total size in bytes, when known (arrays of unknown size take it from the initialiser).
    pub fn size(&self) -> Option<u64> {
        let elem = self.element_size()?;
        let mut n: u64 = 1;
        for (i, d) in self.dims.iter().enumerate() {
            let d = match d {
                Some(d) => *d,
                None if i == 0 => self.init_len()?,
                None => return None,
            };
            n = n.checked_mul(d)?;
        }
        n.checked_mul(elem)
    }

    /// Whether [`size`](VarDecl::size) is `None` because the size does not fit in 64 bits
    /// (rather than because it is unknown).
    pub fn size_overflows(&self) -> bool {
        let Some(elem) = self.element_size() else {
            return false;
        };
        let mut n = elem as u128;
        for (i, d) in self.dims.iter().enumerate() {
            let d = match d {
                Some(d) => *d,
                None if i == 0 => match self.init_len() {
                    Some(len) => len,
                    None => return false,
                },
                None => return false,
            };
            n = n.saturating_mul(d as u128);
        }
        n > u64::MAX as u128
    }

    /// Alignment: `.align` or the element size.
    pub fn alignment(&self) -> u64 {
        self.align
            .map(|a| a as u64)
            .or_else(|| self.element_size())
            .unwrap_or(1)
            .max(1)
    }

    /// A copy without the initialiser (which may be megabytes), for declarations that
    /// share this one's type and space.
    pub(crate) fn clone_without_init(&self) -> VarDecl {
        VarDecl {
            space: self.space,
            linkage: self.linkage.clone(),
            align: self.align,
            vector: self.vector,
            ty: self.ty.clone(),
            name: self.name.clone(),
            count: self.count,
            dims: self.dims.clone(),
            init: None,
            managed: self.managed,
            ptr: self.ptr.clone(),
            pos: self.pos,
        }
    }

    pub(crate) fn init_len(&self) -> Option<u64> {
        match &self.init {
            Some(InitValue::List(v)) => v.iter().try_fold(0u64, |n, x| {
                n.checked_add(match x {
                    InitValue::Zeros(k) => *k,
                    _ => 1,
                })
            }),
            _ => None,
        }
    }
}
