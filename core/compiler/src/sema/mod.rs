//! Name lookup, types of declarations, templates and checking: the syntax tree to PTX
//! through [`crate::emit`]. Declarations and functions are here; statements in `stmt`,
//! expressions in `expr`, calls (built-ins, the math library, inlined device functions,
//! template instantiation) in `call`.
//!
//! Device functions are inlined at each call, as NVRTC's optimiser does, so that `a*b+c`
//! is contracted into `fma` across a call exactly where NVRTC contracts it.

mod asm;
mod call;
mod expr;
mod groups;
mod half;
mod lambda;
mod stmt;
mod texture;

use crate::ast::*;
use crate::diag::{Diag, Pos, Result};
use crate::emit::{FnBuilder, Module};
use crate::types::{HalfKind, IntKind, Type};
use crate::Options;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Deepest chain of inlined calls (recursion stops here with an error).
pub const MAX_INLINE_DEPTH: usize = 20;
/// Deepest expression the code generator walks (a chain of 10 000 `+` stops here).
pub const MAX_EXPR_DEPTH: usize = 160;
/// Largest object (array, struct) in bytes.
pub const MAX_OBJECT_BYTES: u64 = 1 << 32;

/// A struct's layout.
#[derive(Debug, Clone)]
pub struct StructInfo {
    /// Its name.
    pub name: Rc<str>,
    /// `(name, type, byte offset)` in order.
    pub fields: Vec<(Rc<str>, Type, u64)>,
    /// Size in bytes.
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
}

/// An operand: a register, or an immediate.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// A register (`%r3`) or symbol.
    Reg(String),
    /// An integer immediate (two's complement bits).
    Int(i64),
    /// A `float` immediate.
    F32(f32),
    /// A `double` immediate.
    F64(f64),
}

impl Op {
    /// How PTX spells it.
    pub fn text(&self) -> String {
        match self {
            Op::Reg(r) => r.clone(),
            Op::Int(v) => v.to_string(),
            Op::F32(v) => crate::emit::f32_imm(*v),
            Op::F64(v) => crate::emit::f64_imm(*v),
        }
    }

    fn is_const(&self) -> bool {
        !matches!(self, Op::Reg(_))
    }
}

/// A floating product `a*b` not yet consumed, which an add in the same block may fuse.
#[derive(Debug, Clone, PartialEq)]
pub struct Prod {
    /// The `mul`'s result register.
    reg: String,
    versions: Vec<(String, u32)>,
}

/// A value: an operand, its type, and for floating products the factors.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// The operand. For structs and arrays: the generic address of the object.
    pub op: Op,
    /// Its type.
    pub ty: Type,
    prod: Option<Rc<Prod>>,
    /// For `-r`: the register negated (LLVM rewrites `(-a) * b` as `-(a * b)`).
    negated: Option<String>,
}

impl Value {
    fn new(op: Op, ty: Type) -> Self {
        Value {
            op,
            ty,
            prod: None,
            negated: None,
        }
    }
}

/// Floating products already computed and still valid, for reuse (LLVM's GVN merges equal
/// products, which changes how many uses a product has and so what fuses). A scope per
/// branch; a barrier scope at a loop hides what is outside it.
#[derive(Debug, Default, Clone)]
struct CseScope {
    barrier: bool,
    muls: HashMap<MulKey, (String, Vec<(String, u32)>)>,
}

/// A function's state set aside while scratch code is emitted.
struct Scratch {
    b: FnBuilder,
    versions: HashMap<String, u32>,
    var_prod: HashMap<String, (Rc<Prod>, u32)>,
    cse: Vec<CseScope>,
}

/// A product's factors (in order) and PTX type.
type MulKey = (String, String, String);

/// The state spaces memory is addressed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// Generic addresses (pointers).
    Generic,
    /// `.global` (a `__device__` variable)
    Global,
    /// `.shared`
    Shared,
    /// `.const`
    Const,
}

impl Space {
    fn suffix(self) -> &'static str {
        match self {
            Space::Generic => "",
            Space::Global => ".global",
            Space::Shared => ".shared",
            Space::Const => ".const",
        }
    }
}

/// Something that can be assigned: a variable's register, or memory.
#[derive(Debug, Clone, PartialEq)]
pub enum LVal {
    /// A scalar variable kept in a register.
    Reg(String, Type),
    /// An object in memory: `[base+off]` in `space`.
    /// `.x` (`high` false) or `.y` of a `__half2`/`__nv_bfloat162` kept in a register.
    Lane {
        /// The pair's `.b32` register.
        reg: String,
        /// The lane's type (`__half` or `__nv_bfloat16`).
        ty: Type,
        /// `.y`, the high half.
        high: bool,
    },
    Mem {
        /// Base register or symbol.
        base: String,
        /// Byte offset.
        off: i64,
        /// The object's type.
        ty: Type,
        /// Where.
        space: Space,
        /// `volatile`
        vol: bool,
    },
}

impl LVal {
    fn ty(&self) -> &Type {
        match self {
            LVal::Reg(_, t) | LVal::Mem { ty: t, .. } | LVal::Lane { ty: t, .. } => t,
        }
    }
}

#[derive(Debug, Clone)]
enum Bind {
    Var(LVal),
    Const(Value),
    /// A lambda (`auto f = [&](int i) {...};`).
    Lambda(Rc<lambda::Closure>),
}

/// A template argument's value.
#[derive(Debug, Clone, PartialEq)]
pub enum TArg {
    /// A type.
    Type(Type),
    /// A constant.
    Value(i64, Type),
}

/// An inlined call in progress.
struct Frame {
    ret: Type,
    /// Label after the body, for returns that are not the last statement.
    exit: Option<String>,
    /// Register (or memory) the returns write.
    slot: Option<LVal>,
    /// The value of a single final return (kept as is, products included).
    direct: Option<Value>,
    is_kernel: bool,
    tparams: HashMap<Rc<str>, TArg>,
    /// Names whose address is taken in this body (they live in memory).
    addressed: HashSet<Rc<str>>,
    labels: HashMap<Rc<str>, String>,
    name: Rc<str>,
    /// The namespace the function is declared in (outermost first): where an unqualified
    /// call in its body looks first.
    ns: Vec<Rc<str>>,
    /// `__PRETTY_FUNCTION__`'s text (`float g(const float *, unsigned int)`), which `assert`
    /// passes to `__assertfail`; empty outside a function.
    signature: Rc<str>,
    /// A lambda compiled only to learn its return type: `return e` records `e`'s type in
    /// [`Sema::deducing`].
    deduce: bool,
}

/// Per kernel state.
struct FnState {
    b: FnBuilder,
    scopes: Vec<HashMap<Rc<str>, Bind>>,
    loops: Vec<(String, Option<String>)>,
    frames: Vec<Frame>,
    versions: HashMap<String, u32>,
    var_prod: HashMap<String, (Rc<Prod>, u32)>,
    switches: Vec<std::collections::VecDeque<String>>,
    /// Loop nesting depth (across inlined calls).
    depth: usize,
    cse: Vec<CseScope>,
    kernel_mangled: String,
}

/// The compiler's whole state for one translation unit.
pub struct Sema<'a> {
    opts: &'a Options,
    items: Rc<Vec<Item>>,
    structs: Vec<StructInfo>,
    struct_ids: HashMap<Rc<str>, u32>,
    typedefs: HashMap<Rc<str>, Ty>,
    enum_consts: HashMap<Rc<str>, i64>,
    enum_types: HashSet<Rc<str>>,
    globals: HashMap<Rc<str>, (String, Type, Space)>,
    global_consts: HashMap<Rc<str>, Value>,
    funcs: HashMap<Rc<str>, Vec<Rc<Func>>>,
    module: Module,
    math_added: HashSet<String>,
    /// The return types being learned of lambdas written without one, innermost last.
    deducing: Vec<Option<Type>>,
    /// The next inlined body is a lambda's return-type probe.
    deduce_next: bool,
    strings: HashMap<Vec<u8>, String>,
    cur: Option<FnState>,
    fn_count: usize,
    emitted: HashSet<String>,
    /// `(name expression, mangled name)`.
    pub lowered: Vec<(String, String)>,
    typedef_depth: usize,
    depth: usize,
    opaque: HashMap<Rc<str>, &'static str>,
}

fn resolve_err(pos: Pos, name: &str) -> Diag {
    Diag::new(pos, format!("unknown type '{name}'"))
        .note("declare it before use, or #include the header that declares it")
}

impl<'a> Sema<'a> {
    /// A compiler for `items` with `opts`.
    pub fn new(opts: &'a Options, items: Vec<Item>) -> Self {
        let mut s = Sema {
            opts,
            items: Rc::new(items),
            structs: Vec::new(),
            struct_ids: HashMap::new(),
            typedefs: HashMap::new(),
            // The runtime's surface boundary modes, the one enum device code passes.
            enum_consts: [
                ("cudaBoundaryModeZero", 0),
                ("cudaBoundaryModeClamp", 1),
                ("cudaBoundaryModeTrap", 2),
            ]
            .into_iter()
            .map(|(n, v)| (Rc::from(n), v))
            .collect(),
            enum_types: HashSet::new(),
            globals: HashMap::new(),
            global_consts: HashMap::new(),
            funcs: HashMap::new(),
            module: Module::default(),
            math_added: HashSet::new(),
            deducing: Vec::new(),
            deduce_next: false,
            strings: HashMap::new(),
            cur: None,
            fn_count: 0,
            emitted: HashSet::new(),
            lowered: Vec::new(),
            typedef_depth: 0,
            depth: 0,
            opaque: HashMap::new(),
        };
        for v in crate::builtins::VECTOR_TYPES {
            let elem = match v.elem {
                "signed char" => Type::Int(IntKind::SChar),
                "unsigned char" => Type::Int(IntKind::UChar),
                "short" => Type::Int(IntKind::Short),
                "unsigned short" => Type::Int(IntKind::UShort),
                "int" => Type::Int(IntKind::Int),
                "unsigned int" => Type::Int(IntKind::UInt),
                "long" => Type::Int(IntKind::Long),
                "unsigned long" => Type::Int(IntKind::ULong),
                "long long" => Type::Int(IntKind::LongLong),
                "unsigned long long" => Type::Int(IntKind::ULongLong),
                "float" => Type::Float,
                _ => Type::Double,
            };
            let es = u64::from(elem.bits() / 8);
            let fields = ["x", "y", "z", "w"]
                .iter()
                .take(v.len as usize)
                .enumerate()
                .map(|(i, n)| (Rc::from(*n), elem.clone(), i as u64 * es))
                .collect();
            let align = u64::from(v.align);
            let size = (es * u64::from(v.len)).div_ceil(align) * align;
            s.add_struct(StructInfo {
                name: Rc::from(v.name),
                fields,
                size,
                align,
            });
        }
        s
    }

    fn add_struct(&mut self, info: StructInfo) -> u32 {
        let id = self.structs.len() as u32;
        self.struct_ids.insert(info.name.clone(), id);
        self.structs.push(info);
        id
    }

    /// The layout of struct `id`.
    pub fn struct_info(&self, id: u32) -> &StructInfo {
        &self.structs[id as usize]
    }

    /// Size in bytes of a type.
    pub fn size_of(&self, t: &Type) -> u64 {
        match t {
            Type::Void => 1,
            Type::Bool => 1,
            Type::Array(e, n) => self.size_of(e).saturating_mul(*n),
            Type::Struct(id) => self.struct_info(*id).size,
            _ => u64::from(t.bits() / 8),
        }
    }

    /// Alignment in bytes of a type.
    pub fn align_of(&self, t: &Type) -> u64 {
        match t {
            Type::Array(e, _) => self.align_of(e),
            Type::Struct(id) => self.struct_info(*id).align,
            _ => self.size_of(t).max(1),
        }
    }

    /// Compiles everything: declarations first, then each kernel.
    pub fn run(&mut self, name_expressions: &[&str]) -> Result<String> {
        let items = self.items.clone();
        for it in items.iter() {
            self.declare(it)?;
        }
        for it in items.iter() {
            if let Item::Func(f) = it {
                if f.kind == FnKind::Global && f.templ.is_none() && f.body.is_some() {
                    self.kernel(f, HashMap::new())?;
                }
            }
        }
        for it in items.iter() {
            if let Item::Instantiate(name, args, pos) = it {
                self.instantiate(name, args, *pos)?;
            }
        }
        for ne in name_expressions {
            let mangled = self.name_expression(ne)?;
            self.lowered.push((ne.to_string(), mangled));
        }
        Ok(self.module.text(self.opts.arch, self.opts.debug))
    }

    fn name_expression(&mut self, text: &str) -> Result<String> {
        let (path, targs) = crate::parse::parse_name_expression(text, &self.items)?;
        let at = Pos {
            file: u32::MAX,
            offset: 0,
        };
        let name = path.last().cloned().unwrap_or_else(|| Rc::from(""));
        let cands = self.funcs.get(&name).cloned().unwrap_or_default();
        let Some(f) = cands
            .iter()
            .find(|f| f.kind == FnKind::Global && f.body.is_some())
            .cloned()
        else {
            return Err(Diag::new(
                at,
                format!("name expression '{text}': no kernel named '{name}'"),
            )
            .note("name a __global__ function defined in the source"));
        };
        let bound = match (&f.templ, targs) {
            (Some(tp), args) => self.bind_template(&f, tp, &args.unwrap_or_default(), &[], at)?,
            (None, Some(_)) => {
                return Err(Diag::new(at, format!("'{name}' is not a template"))
                    .note("remove the template arguments"))
            }
            (None, None) => HashMap::new(),
        };
        self.kernel(&f, bound)
    }

    fn instantiate(&mut self, name: &Rc<str>, args: &[TemplArg], pos: Pos) -> Result<()> {
        let cands = self.funcs.get(name).cloned().unwrap_or_default();
        let Some(f) = cands
            .iter()
            .find(|f| f.templ.is_some() && f.body.is_some())
            .cloned()
        else {
            return Err(Diag::new(
                pos,
                format!("'{name}' is not a function template defined here"),
            )
            .note("define the template before instantiating it"));
        };
        if f.kind != FnKind::Global {
            return Ok(());
        }
        let tps = f.templ.clone().unwrap_or_default();
        let bound = self.bind_template(&f, &tps, args, &[], pos)?;
        self.kernel(&f, bound)?;
        Ok(())
    }

    fn declare(&mut self, it: &Item) -> Result<()> {
        match it {
            Item::Func(f) => {
                let list = self.funcs.entry(f.name.clone()).or_default();
                // A definition replaces an earlier declaration of the same signature.
                if f.body.is_some() {
                    list.retain(|g| g.body.is_some() || g.params.len() != f.params.len());
                } else if list.iter().any(|g| g.params.len() == f.params.len()) {
                    return Ok(());
                }
                list.push(Rc::new(f.clone()));
            }
            Item::Struct(sd) => {
                let mut fields = Vec::new();
                let mut off = 0u64;
                let mut size_so_far = 0u64;
                let mut align = 1u64;
                // A struct holding one only host code can use (bit-fields, methods) is
                // itself only for host code.
                if let Some(what) = sd.fields.iter().find_map(|(_, ty)| self.opaque_in(ty)) {
                    self.opaque.insert(sd.name.clone(), what);
                    return Ok(());
                }
                for (n, ty) in &sd.fields {
                    let t = self.resolve(ty, &HashMap::new())?;
                    if matches!(t, Type::Void) {
                        return Err(Diag::new(sd.pos, format!("field '{n}' has type void"))
                            .note("give it a complete type"));
                    }
                    let a = self.align_of(&t);
                    off = off.div_ceil(a).saturating_mul(a);
                    if sd.union {
                        off = 0;
                    }
                    fields.push((n.clone(), t.clone(), off));
                    off = if sd.union {
                        off.max(self.size_of(&t)).max(size_so_far)
                    } else {
                        off.saturating_add(self.size_of(&t))
                    };
                    size_so_far = size_so_far.max(off);
                    align = align.max(a);
                }
                let size = off
                    .div_ceil(align)
                    .saturating_mul(align)
                    .max(if fields.is_empty() { 1 } else { 0 });
                self.add_struct(StructInfo {
                    name: sd.name.clone(),
                    fields,
                    size,
                    align,
                });
            }
            Item::Typedef(n, ty, _) => {
                // `typedef struct { ... } Body;`: the struct is mangled as `Body`.
                if let Ty::Named(s, _) = ty {
                    if s.starts_with("__anon") {
                        if let Some(&id) = self.struct_ids.get(s) {
                            self.structs[id as usize].name = n.clone();
                            self.struct_ids.insert(n.clone(), id);
                        }
                    }
                }
                self.typedefs.insert(n.clone(), ty.clone());
            }
            Item::Enum(name, vals) => {
                if let Some(n) = name {
                    self.enum_types.insert(n.clone());
                }
                let mut next = 0i64;
                for (n, e, _) in vals {
                    if let Some(e) = e {
                        next = self.const_int(e, &HashMap::new())?;
                    }
                    self.enum_consts.insert(n.clone(), next);
                    next = next.wrapping_add(1);
                }
            }
            Item::StaticAssert(c, m) => self.static_assert(c, m, &HashMap::new())?,
            Item::Var(v, ns) => self.global_var(v, ns)?,
            Item::Instantiate(..) => {}
            Item::Opaque(n, what, _) => {
                self.opaque.insert(n.clone(), what);
            }
        }
        Ok(())
    }

    /// Why a type as written is one device code cannot use, if it names such a struct.
    fn opaque_in(&self, ty: &Ty) -> Option<&'static str> {
        match ty {
            Ty::Named(n, _) => self.opaque.get(n).copied(),
            Ty::Qual { inner, .. } | Ty::Array(inner, _) => self.opaque_in(inner),
            _ => None,
        }
    }

    fn static_assert(&mut self, c: &Expr, m: &str, tp: &HashMap<Rc<str>, TArg>) -> Result<()> {
        if self.const_int(c, tp)? == 0 {
            let msg = if m.is_empty() {
                "static assertion failed".to_string()
            } else {
                format!("static assertion failed: {m}")
            };
            return Err(Diag::new(c.pos, msg)
                .note("the condition is false for these template arguments or constants"));
        }
        Ok(())
    }

    /// Resolves a type as written to a type, with template parameters bound.
    pub fn resolve(&mut self, ty: &Ty, tp: &HashMap<Rc<str>, TArg>) -> Result<Type> {
        Ok(match ty {
            Ty::Resolved(t) => t.clone(),
            Ty::Base(b) => match b {
                Base::Void => Type::Void,
                Base::Bool => Type::Bool,
                Base::Int(k) => Type::Int(*k),
                Base::Float => Type::Float,
                Base::Double => Type::Double,
                Base::Auto => {
                    return Err(Diag::new(Pos::default(), "'auto' needs an initialiser")
                        .note("write the type, or initialise the variable"))
                }
            },
            Ty::Named(n, pos) => {
                if let Some(TArg::Type(t)) = tp.get(n) {
                    return Ok(t.clone());
                }
                if let Some(id) = self.struct_ids.get(n) {
                    return Ok(Type::Struct(*id));
                }
                if matches!(&**n, "thread_block" | "grid_group" | "thread_group") {
                    return Ok(self.group_type(n));
                }
                if let Some(what) = self.opaque.get(n) {
                    return Err(Diag::unsupported(*pos, &format!("'{n}', {what},")));
                }
                if self.enum_types.contains(n) {
                    return Ok(Type::Int(IntKind::Int));
                }
                match &**n {
                    "size_t" | "uintptr_t" => return Ok(Type::Int(IntKind::ULong)),
                    "ptrdiff_t" | "intptr_t" => return Ok(Type::Int(IntKind::Long)),
                    "uint" => return Ok(Type::Int(IntKind::UInt)),
                    "ushort" => return Ok(Type::Int(IntKind::UShort)),
                    "uchar" => return Ok(Type::Int(IntKind::UChar)),
                    "ulong" => return Ok(Type::Int(IntKind::ULong)),
                    "cudaError_t" => return Ok(Type::Int(IntKind::Int)),
                    // The runtime's handles: pointers to structs only the host sees.
                    "cudaStream_t" | "cudaEvent_t" | "cudaArray_t" => {
                        return Ok(Type::ptr(Type::Void))
                    }
                    "clock_t" => return Ok(Type::Int(IntKind::Long)),
                    "cudaTextureObject_t" | "cudaSurfaceObject_t" => {
                        return Ok(Type::Int(IntKind::ULongLong))
                    }
                    "__half" | "half" => return Ok(Type::Half(HalfKind::F16)),
                    "__half2" | "half2" => return Ok(Type::Half2(HalfKind::F16)),
                    "__nv_bfloat16" | "nv_bfloat16" => return Ok(Type::Half(HalfKind::Bf16)),
                    "__nv_bfloat162" | "nv_bfloat162" => return Ok(Type::Half2(HalfKind::Bf16)),
                    _ => {}
                }
                let Some(t) = self.typedefs.get(n).cloned() else {
                    return Err(resolve_err(*pos, n));
                };
                self.typedef_depth += 1;
                if self.typedef_depth > 64 {
                    self.typedef_depth = 0;
                    return Err(Diag::new(*pos, format!("typedef '{n}' refers to itself"))
                        .note("give it a real type"));
                }
                let r = self.resolve(&t, tp);
                self.typedef_depth -= 1;
                r?
            }
            Ty::Qual { inner, .. } => self.resolve(inner, tp)?,
            Ty::Ptr(inner) => {
                let (konst, vol) = quals(inner);
                Type::Ptr {
                    to: Rc::new(self.resolve(inner, tp)?),
                    konst,
                    vol,
                }
            }
            Ty::Ref(inner) => self.resolve(inner, tp)?,
            Ty::Tile(n) => {
                let n = self.const_int(n, tp)?;
                self.group_type(&format!("thread_block_tile<{n}>"))
            }
            Ty::Array(inner, n) => {
                let e = self.resolve(inner, tp)?;
                let Some(n) = n else {
                    return Ok(Type::Array(Rc::new(e), 0));
                };
                let len = self.const_int(n, tp)?;
                if len < 0 {
                    return Err(Diag::new(n.pos, format!("array size {len} is negative"))
                        .note("an array needs a positive size"));
                }
                let size = self
                    .size_of(&e)
                    .checked_mul(len as u64)
                    .filter(|s| *s <= MAX_OBJECT_BYTES);
                if size.is_none() {
                    return Err(Diag::new(
                        n.pos,
                        format!(
                            "this array of {len} elements is larger than {MAX_OBJECT_BYTES} bytes"
                        ),
                    )
                    .note("make it smaller"));
                }
                Type::Array(Rc::new(e), len as u64)
            }
        })
    }

    /// Evaluates an integer constant expression (array sizes, template arguments, case
    /// labels, enumerators).
    pub fn const_int(&mut self, e: &Expr, tp: &HashMap<Rc<str>, TArg>) -> Result<i64> {
        let v = self.const_value(e, tp)?;
        match v.op {
            Op::Int(i) => Ok(i),
            Op::F32(f) => Ok(f as i64),
            Op::F64(f) => Ok(f as i64),
            Op::Reg(_) => Err(Diag::new(e.pos, "this is not a constant expression").note(
                "use literals, enumerators, constexpr variables, template parameters and sizeof",
            )),
        }
    }

    /// Evaluates a constant expression outside any function, by folding.
    fn const_value(&mut self, e: &Expr, tp: &HashMap<Rc<str>, TArg>) -> Result<Value> {
        let not_const = || {
            Diag::new(e.pos, "this is not a constant expression").note(
                "use literals, enumerators, constexpr variables, template parameters and sizeof",
            )
        };
        if self.cur.as_ref().is_some_and(|s| !s.frames.is_empty()) {
            // Inside a function: its constants are visible; code emitted is thrown away.
            let saved = self.scratch_begin();
            let saved_tp = std::mem::replace(&mut self.frame().tparams, tp.clone());
            let r = self.expr(e);
            self.frame().tparams = saved_tp;
            self.scratch_end(saved);
            let v = r?;
            return if v.op.is_const() {
                Ok(v)
            } else {
                Err(not_const())
            };
        }
        let outer = self.cur.take();
        let mut st = FnState::new(usize::MAX);
        st.frames.push(Frame {
            ret: Type::Void,
            exit: None,
            slot: None,
            direct: None,
            is_kernel: false,
            tparams: tp.clone(),
            addressed: HashSet::new(),
            labels: HashMap::new(),
            name: Rc::from(""),
            ns: Vec::new(),
            signature: Rc::from(""),
            deduce: false,
        });
        self.cur = Some(st);
        let r = self.expr(e);
        self.cur = outer;
        let v = r?;
        if !v.op.is_const() {
            return Err(not_const());
        }
        Ok(v)
    }

    fn global_var(&mut self, v: &VarDecl, ns: &[Rc<str>]) -> Result<()> {
        let ty = self.resolve(&v.ty, &HashMap::new())?;
        if v.storage == Storage::Auto
            && (v.constexpr || matches!(v.ty, Ty::Qual { konst: true, .. }))
            && ty.is_arith()
        {
            if let Some(init) = &v.init {
                let val = self.const_value(init, &HashMap::new())?;
                let val = self.fold_convert(val, &ty, init.pos)?;
                self.global_consts.insert(v.name.clone(), val);
                return Ok(());
            }
        }
        let space = match v.storage {
            Storage::Shared => Space::Shared,
            Storage::Constant => Space::Const,
            Storage::Device | Storage::Managed => Space::Global,
            Storage::Auto => {
                if v.constexpr || matches!(v.ty, Ty::Qual { konst: true, .. }) {
                    Space::Const
                } else {
                    return Err(Diag::new(
                        v.pos,
                        format!("'{}' is a host variable; device code cannot use it", v.name),
                    )
                    .note("mark it __device__, __constant__ or __shared__"));
                }
            }
        };
        let sym = if ns.is_empty() {
            v.name.to_string()
        } else {
            crate::mangle::nested_var(ns, &v.name)
        };
        let align = self
            .align_of(&ty)
            .max(if matches!(ty, Type::Array(..) | Type::Struct(_)) {
                4
            } else {
                1
            });
        let size = self.size_of(&ty);
        let decl = if space == Space::Shared && v.is_extern {
            format!(".extern .shared .align 16 .b8 {sym}[];")
        } else {
            let sp = match space {
                Space::Shared => ".shared",
                Space::Const => ".const",
                _ => ".global",
            };
            let vis = if space == Space::Shared {
                ""
            } else {
                ".visible "
            };
            // As NVRTC declares one: the driver maps it for the host as well.
            let sp = if v.storage == Storage::Managed {
                ".global .attribute(.managed)"
            } else {
                sp
            };
            let init = match &v.init {
                Some(e) if space != Space::Shared => {
                    let bytes = self.const_bytes(e, &ty)?;
                    if bytes.iter().all(|b| *b == 0) {
                        String::new()
                    } else {
                        let list: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
                        format!(" = {{{}}}", list.join(", "))
                    }
                }
                _ => String::new(),
            };
            format!("{vis}{sp} .align {align} .b8 {sym}[{size}]{init};")
        };
        self.module.globals.push(decl);
        self.globals.insert(v.name.clone(), (sym, ty, space));
        Ok(())
    }

    /// The bytes of a constant initialiser for an object of type `ty`.
    fn const_bytes(&mut self, e: &Expr, ty: &Type) -> Result<Vec<u8>> {
        let mut out = vec![0u8; self.size_of(ty) as usize];
        self.fill_bytes(e, ty, 0, &mut out)?;
        Ok(out)
    }

    fn fill_bytes(&mut self, e: &Expr, ty: &Type, at: usize, out: &mut [u8]) -> Result<()> {
        match (ty, &e.kind) {
            (Type::Array(el, n), ExprKind::InitList(items)) => {
                if items.len() as u64 > *n {
                    return Err(Diag::new(
                        e.pos,
                        format!("{} initialisers for an array of {n}", items.len()),
                    )
                    .note("remove the extra values"));
                }
                let es = self.size_of(el) as usize;
                for (i, it) in items.iter().enumerate() {
                    self.fill_bytes(it, el, at + i * es, out)?;
                }
            }
            (Type::Struct(id), ExprKind::InitList(items)) => {
                let fields = self.struct_info(*id).fields.clone();
                if items.len() > fields.len() {
                    return Err(Diag::new(e.pos, "more initialisers than fields")
                        .note("remove the extra values"));
                }
                for (it, (_, ft, off)) in items.iter().zip(fields.iter()) {
                    self.fill_bytes(it, ft, at + *off as usize, out)?;
                }
            }
            (_, ExprKind::InitList(items)) if items.len() <= 1 => {
                if let Some(it) = items.first() {
                    self.fill_bytes(it, ty, at, out)?;
                }
            }
            _ if ty.is_half() => {
                return Err(Diag::new(
                    e.pos,
                    format!(
                        "dynamic initialization is not supported for a variable of type {}",
                        self.type_name(ty)
                    ),
                )
                .note("the headers' constructors are not constant (NVRTC refuses this too); assign it in a kernel"))
            }
            _ if ty.is_arith() => {
                let v = self.const_value(e, &HashMap::new())?;
                let v = self.fold_convert(v, ty, e.pos)?;
                let bytes: Vec<u8> = match v.op {
                    Op::Int(i) => i.to_le_bytes()[..ty.bits().div_ceil(8) as usize].to_vec(),
                    Op::F32(f) => f.to_le_bytes().to_vec(),
                    Op::F64(f) => f.to_le_bytes().to_vec(),
                    Op::Reg(_) => Vec::new(),
                };
                let end = (at + bytes.len()).min(out.len());
                out[at..end].copy_from_slice(&bytes[..end - at]);
            }
            _ => {
                return Err(Diag::new(
                    e.pos,
                    "this initialiser is not a constant this compiler can place in memory",
                )
                .note("initialise globals with numbers or {...} lists of numbers"))
            }
        }
        Ok(())
    }

    /// Emits kernel `f` with template parameters `tp`; returns its mangled name.
    fn kernel(&mut self, f: &Func, tp: HashMap<Rc<str>, TArg>) -> Result<String> {
        let mangled = self.mangled_name(f, &tp)?;
        if self.emitted.contains(&mangled) {
            return Ok(mangled);
        }
        self.emitted.insert(mangled.clone());
        let Some(body) = f.body.clone() else {
            return Err(
                Diag::new(f.pos, format!("kernel '{}' has no body", f.name)).note("define it")
            );
        };
        let index = self.fn_count;
        self.fn_count += 1;
        let mut st = FnState::new(index);
        st.kernel_mangled = mangled.clone();
        let mut addressed = HashSet::new();
        collect_addressed(&body, &mut addressed);
        st.frames.push(Frame {
            ret: Type::Void,
            exit: None,
            slot: None,
            direct: None,
            is_kernel: true,
            tparams: tp.clone(),
            addressed,
            labels: HashMap::new(),
            name: f.name.clone(),
            ns: f.ns.clone(),
            signature: Rc::from(""),
            deduce: false,
        });
        st.scopes.push(HashMap::new());
        self.cur = Some(st);
        let mut params = Vec::new();
        let mut param_types = Vec::new();
        for (i, (pname, pty)) in f.params.iter().enumerate() {
            let t = self.resolve(pty, &tp)?;
            param_types.push(t.clone());
            let pname_ptx = format!("{mangled}_param_{i}");
            let decl = match &t {
                Type::Struct(_) | Type::Array(..) | Type::Half(_) | Type::Half2(_) => format!(
                    "\t.param .align {} .b8 {pname_ptx}[{}]",
                    self.align_of(&t),
                    self.size_of(&t)
                ),
                Type::Bool => format!("\t.param .u8 {pname_ptx}"),
                _ => format!("\t.param .{} {pname_ptx}", param_type(&t)),
            };
            params.push(decl);
            if !pname.is_empty() {
                self.bind_param(pname, &t, &pname_ptx)?;
            }
        }
        self.frame().signature = Rc::from(self.signature(&Type::Void, f, &param_types));
        for s in body.iter() {
            self.stmt(s)?;
        }
        let Some(st) = self.cur.take() else {
            return Ok(mangled);
        };
        let mut head = format!(
            "\t// .globl\t{mangled}\n.visible .entry {mangled}(\n{}\n)\n",
            params.join(",\n")
        );
        if let Some((a, b)) = &f.launch_bounds {
            let n = self.const_int(a, &tp)?;
            head.push_str(&format!(".maxntid {n}, 1, 1\n"));
            if let Some(b) = b {
                let m = self.const_int(b, &tp)?;
                head.push_str(&format!(".minnctapersm {m}\n"));
            }
        }
        self.module.entries.push(st.b.finish(&head));
        Ok(mangled)
    }

    fn bind_param(&mut self, name: &Rc<str>, t: &Type, sym: &str) -> Result<()> {
        let addressed = self.frame().addressed.contains(name);
        if t.is_scalar() && !addressed {
            let reg = self.b().reg(t.class());
            let suffix = if *t == Type::Bool {
                "u8".to_string()
            } else {
                param_type(t)
            };
            self.b().ins(&format!("ld.param.{suffix} \t{reg}, [{sym}]"));
            // A signed char or short arrives zero-extended: sign-extend it here.
            let reg = match t {
                Type::Int(k) if k.signed() && k.bits() < 32 => self.narrow(&reg, *k),
                _ => reg,
            };
            self.bind(name, Bind::Var(LVal::Reg(reg, t.clone())));
            return Ok(());
        }
        // Structs, arrays and parameters whose address is taken are copied to the frame.
        let size = self.size_of(t);
        let align = self.align_of(t);
        let off = self.b().alloc_local(size, align) as i64;
        let dst = LVal::Mem {
            base: "%SP".into(),
            off,
            ty: t.clone(),
            space: Space::Generic,
            vol: false,
        };
        let mut leaves = Vec::new();
        self.leaves(t, 0, &mut leaves);
        for (lt, loff) in leaves {
            let reg = self.b().reg(lt.class());
            let suffix = if lt == Type::Bool {
                "u8".to_string()
            } else {
                lt.mem_suffix().to_string()
            };
            self.b()
                .ins(&format!("ld.param.{suffix} \t{reg}, [{sym}+{loff}]"));
            let d = offset_lval(&dst, loff as i64, lt.clone());
            self.store(&d, Value::new(Op::Reg(reg), lt))?;
        }
        self.bind(name, Bind::Var(dst));
        Ok(())
    }

    /// The scalar leaves of a type with their offsets.
    fn leaves(&self, t: &Type, off: u64, out: &mut Vec<(Type, u64)>) {
        match t {
            Type::Struct(id) => {
                for (_, ft, fo) in &self.struct_info(*id).fields {
                    self.leaves(ft, off + fo, out);
                }
            }
            Type::Array(e, n) => {
                let es = self.size_of(e);
                for i in 0..(*n).min(1 << 16) {
                    self.leaves(e, off + i * es, out);
                }
            }
            _ => out.push((t.clone(), off)),
        }
    }

    fn mangled_name(&mut self, f: &Func, tp: &HashMap<Rc<str>, TArg>) -> Result<String> {
        if f.extern_c && f.templ.is_none() {
            return Ok(f.name.to_string());
        }
        let tnames: Vec<Rc<str>> = f
            .templ
            .iter()
            .flatten()
            .map(|p| match p {
                TemplParam::Type(n, _) | TemplParam::Value(n, _, _) => n.clone(),
            })
            .collect();
        let mut params = Vec::new();
        for (_, t) in &f.params {
            params.push(self.mty(t, &tnames, tp)?);
        }
        let targs = match &f.templ {
            Some(_) => {
                let mut args = Vec::new();
                for n in &tnames {
                    let a = tp.get(n).cloned().ok_or_else(|| {
                        Diag::new(
                            f.pos,
                            format!("template parameter '{n}' of '{}' is not deduced", f.name),
                        )
                        .note("give it explicitly: name<...>")
                    })?;
                    args.push(match a {
                        TArg::Type(t) => crate::mangle::MArg::Type(t),
                        TArg::Value(v, t) => crate::mangle::MArg::Value(v, t),
                    });
                }
                Some(args)
            }
            None => None,
        };
        let structs: Vec<Rc<str>> = self.structs.iter().map(|s| s.name.clone()).collect();
        Ok(crate::mangle::function(
            &f.ns,
            &f.name,
            &params,
            targs.as_deref(),
            &structs,
        ))
    }

    /// A parameter type as the mangler sees it: template parameters stay references.
    fn mty(
        &mut self,
        t: &Ty,
        tnames: &[Rc<str>],
        tp: &HashMap<Rc<str>, TArg>,
    ) -> Result<crate::mangle::MTy> {
        use crate::mangle::MTy;
        Ok(match t {
            Ty::Named(n, _) if tnames.contains(n) => {
                MTy::Param(tnames.iter().position(|x| x == n).unwrap_or(0))
            }
            Ty::Qual { inner, .. } => self.mty(inner, tnames, tp)?,
            Ty::Ptr(inner) => MTy::Ptr(Box::new(self.mty(inner, tnames, tp)?), quals(inner).0),
            Ty::Ref(inner) => MTy::Ref(Box::new(self.mty(inner, tnames, tp)?), quals(inner).0),
            Ty::Array(inner, _) => MTy::Ptr(Box::new(self.mty(inner, tnames, tp)?), quals(inner).0),
            _ => MTy::Ty(self.resolve(t, tp)?),
        })
    }

    // ---- helpers for the current function ----

    fn st(&mut self) -> &mut FnState {
        // Code outside any function (a global's initialiser) goes to a scratch state.
        self.cur.get_or_insert_with(|| FnState::new(usize::MAX))
    }

    fn b(&mut self) -> &mut FnBuilder {
        &mut self.st().b
    }

    fn frame(&mut self) -> &mut Frame {
        let st = self.st();
        if st.frames.is_empty() {
            st.frames.push(Frame::scratch(HashMap::new()));
        }
        let last = st.frames.len() - 1;
        &mut st.frames[last]
    }

    fn tparams(&mut self) -> HashMap<Rc<str>, TArg> {
        self.frame().tparams.clone()
    }

    fn bind(&mut self, name: &Rc<str>, b: Bind) {
        if let Some(s) = self.st().scopes.last_mut() {
            s.insert(name.clone(), b);
        }
    }

    fn lookup_local(&mut self, name: &str) -> Option<Bind> {
        let st = self.cur.as_ref()?;
        st.scopes.iter().rev().find_map(|s| s.get(name).cloned())
    }

    /// Records a write to a variable register (products read from it before are stale).
    fn bump(&mut self, reg: &str) -> u32 {
        let v = self.st().versions.entry(reg.to_string()).or_insert(0);
        *v += 1;
        *v
    }

    /// Starts emitting code that will be thrown away (to learn an expression's type or
    /// constant value): the function's builder and every record of values are set aside.
    fn scratch_begin(&mut self) -> Scratch {
        let st = self.st();
        Scratch {
            b: std::mem::replace(&mut st.b, FnBuilder::new(usize::MAX)),
            versions: st.versions.clone(),
            var_prod: st.var_prod.clone(),
            cse: st.cse.clone(),
        }
    }

    /// Ends scratch emission: the function's state is as it was.
    fn scratch_end(&mut self, s: Scratch) {
        let st = self.st();
        st.b = s.b;
        st.versions = s.versions;
        st.var_prod = s.var_prod;
        st.cse = s.cse;
    }

    /// Opens a scope of reusable products (`barrier`: outer ones are not available).
    fn cse_push(&mut self, barrier: bool) {
        self.st().cse.push(CseScope {
            barrier,
            muls: HashMap::new(),
        });
    }

    fn cse_pop(&mut self) {
        let st = self.st();
        if st.cse.len() > 1 {
            st.cse.pop();
        }
    }

    /// Forgets every reusable product (a label any jump may reach).
    fn cse_clear(&mut self) {
        for s in &mut self.st().cse {
            s.muls.clear();
        }
    }

    fn cse_find(&self, key: &MulKey) -> Option<(String, Vec<(String, u32)>)> {
        let st = self.cur.as_ref()?;
        for s in st.cse.iter().rev() {
            if let Some((r, vers)) = s.muls.get(key) {
                if vers.iter().all(|(reg, v)| self.version(reg) == *v) {
                    return Some((r.clone(), vers.clone()));
                }
                return None;
            }
            if s.barrier {
                break;
            }
        }
        None
    }

    fn version(&self, reg: &str) -> u32 {
        self.cur
            .as_ref()
            .and_then(|s| s.versions.get(reg).copied())
            .unwrap_or(0)
    }
}

impl Frame {
    /// The frame of code outside any function (constant expressions).
    fn scratch(tparams: HashMap<Rc<str>, TArg>) -> Self {
        Frame {
            ret: Type::Void,
            exit: None,
            slot: None,
            direct: None,
            is_kernel: false,
            tparams,
            addressed: HashSet::new(),
            labels: HashMap::new(),
            name: Rc::from(""),
            ns: Vec::new(),
            signature: Rc::from(""),
            deduce: false,
        }
    }
}

impl FnState {
    fn new(index: usize) -> Self {
        FnState {
            b: FnBuilder::new(index),
            scopes: vec![HashMap::new()],
            loops: Vec::new(),
            frames: Vec::new(),
            versions: HashMap::new(),
            var_prod: HashMap::new(),
            switches: Vec::new(),
            depth: 0,
            cse: vec![CseScope::default()],
            kernel_mangled: String::new(),
        }
    }
}

fn quals(t: &Ty) -> (bool, bool) {
    match t {
        Ty::Qual { konst, vol, .. } => (*konst, *vol),
        _ => (false, false),
    }
}

/// The `.param` type of a scalar kernel parameter.
fn param_type(t: &Type) -> String {
    match t {
        Type::Float => "f32".into(),
        Type::Double => "f64".into(),
        Type::Half(_) => "u16".into(),
        Type::Half2(_) => "u32".into(),
        Type::Int(k) => match k.bits() {
            8 => "u8".into(),
            16 => "u16".into(),
            32 => "u32".into(),
            _ => "u64".into(),
        },
        _ => "u64".into(),
    }
}

/// An lvalue `off` bytes into `lv`, of type `ty`.
fn offset_lval(lv: &LVal, off: i64, ty: Type) -> LVal {
    match lv {
        LVal::Mem {
            base,
            off: o,
            space,
            vol,
            ..
        } => LVal::Mem {
            base: base.clone(),
            off: o + off,
            ty,
            space: *space,
            vol: *vol,
        },
        LVal::Reg(r, _) => LVal::Reg(r.clone(), ty),
        LVal::Lane { reg, high, .. } => LVal::Lane {
            reg: reg.clone(),
            ty,
            high: *high,
        },
    }
}

/// Names whose address is taken (`&x`) anywhere in a body: they live in memory.
fn collect_addressed(body: &[Stmt], out: &mut HashSet<Rc<str>>) {
    for s in body {
        stmt_addressed(s, out);
    }
}

fn stmt_addressed(s: &Stmt, out: &mut HashSet<Rc<str>>) {
    match s {
        Stmt::Expr(e) | Stmt::Case(e, _) | Stmt::StaticAssert(e, _) => expr_addressed(e, out),
        Stmt::Decl(ds) => {
            for d in ds {
                if let Some(e) = &d.init {
                    expr_addressed(e, out);
                }
                for e in d.ctor.iter().flatten() {
                    expr_addressed(e, out);
                }
            }
        }
        Stmt::Block(b) => collect_addressed(b, out),
        Stmt::If(c, a, b) => {
            expr_addressed(c, out);
            stmt_addressed(a, out);
            if let Some(b) = b {
                stmt_addressed(b, out);
            }
        }
        Stmt::While(c, b) | Stmt::DoWhile(b, c) | Stmt::Switch(c, b) => {
            expr_addressed(c, out);
            stmt_addressed(b, out);
        }
        Stmt::For(i, c, st, b) => {
            if let Some(i) = i {
                stmt_addressed(i, out);
            }
            for e in [c, st].into_iter().flatten() {
                expr_addressed(e, out);
            }
            stmt_addressed(b, out);
        }
        Stmt::Return(Some(e), _) => expr_addressed(e, out),
        // `"=h"(*(unsigned short*)&h)`: an operand may take a variable's address.
        Stmt::Asm(a) => {
            for (_, e) in a.outputs.iter().chain(&a.inputs) {
                expr_addressed(e, out);
            }
        }
        _ => {}
    }
}

fn expr_addressed(e: &Expr, out: &mut HashSet<Rc<str>>) {
    use ExprKind::*;
    match &e.kind {
        Unary("&", inner) => {
            let mut base = &**inner;
            loop {
                match &base.kind {
                    Index(a, i) => {
                        expr_addressed(i, out);
                        base = a;
                    }
                    Member(a, _, false) => base = a,
                    _ => break,
                }
            }
            if let Name(p, _) = &base.kind {
                if let Some(n) = p.last() {
                    out.insert(n.clone());
                }
            }
            expr_addressed(inner, out);
        }
        Unary(_, a) | Postfix(_, a) | Cast(_, a) | SizeofExpr(a) | Member(a, _, _) => {
            expr_addressed(a, out)
        }
        Binary(_, a, b) | Assign(_, a, b) | Comma(a, b) | Index(a, b) => {
            expr_addressed(a, out);
            expr_addressed(b, out);
        }
        Cond(a, b, c) => {
            expr_addressed(a, out);
            expr_addressed(b, out);
            expr_addressed(c, out);
        }
        Call(f, args) => {
            expr_addressed(f, out);
            for a in args {
                expr_addressed(a, out);
            }
        }
        Construct(_, args) | InitList(args) => {
            for a in args {
                expr_addressed(a, out);
            }
        }
        _ => {}
    }
}
