//! Random valid CUDA C programs, Csmith-style: each a `__device__` function (its body, run
//! by a kernel of its own or by a batch's kernel, [`batch_source`]) for [`BLOCKS`] blocks of
//! [`THREADS`] threads that reads [`IN_WORDS`] random words per thread, computes
//! with expressions over every integer width and `float`/`double` (with the conversions
//! between them), loops, branches, `switch`, helper functions, function templates with
//! type and integer parameters, shared memory, warp shuffles and votes, integer atomics and
//! the math library, and writes every variable's bits to its slice of the output buffer.
//!
//! Every program is free of undefined behaviour, so any two correct compilers give the same
//! bits: signed arithmetic that could overflow goes through the unsigned type of its width;
//! division and remainder go through helpers that refuse a zero divisor and `MIN / -1`;
//! shift counts are masked below the width and only unsigned values shift left; a float
//! becomes an integer only through a helper that checks the range (NaN gives 0) and a
//! `double` a `float` only in range; arrays are indexed with masked indices; shared memory
//! is written and read on opposite sides of a barrier; warp operations run with the whole
//! warp converged; atomics only combine values whose order does not matter (integer add,
//! and, or, xor, min, max) and their old values are not used.

use std::fmt::Write;

/// Threads per block (two warps).
pub const THREADS: u32 = 64;
/// Blocks.
pub const BLOCKS: u32 = 2;
/// Input words per thread.
pub const IN_WORDS: usize = 8;
/// Output words per thread.
pub const OUT_WORDS: usize = 64;
/// Output words per block written by atomics, after every thread's slice.
pub const ATOMIC_WORDS: usize = 8;

/// The kernel every program defines.
pub const KERNEL: &str = "gen_kernel";

/// Constructs a run leaves out: those the built-in compiler does not take yet, so that the
/// rest is still compared (each is a finding in `FINDINGS.md`; the full language is
/// [`Avoid::NOTHING`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Avoid {
    /// `float(x)`: functional casts.
    pub functional_casts: bool,
    /// The math library (`sqrtf`, `fmaf`, `sin`, `__expf`, ...).
    pub math: bool,
    /// `__noinline__` helpers (NVRTC keeps their calls: parameters move through
    /// `ld.param`/`st.param`, FINDINGS.md S1 and S2).
    pub noinline: bool,
}

impl Avoid {
    /// The whole language the generator knows.
    pub const NOTHING: Avoid = Avoid {
        functional_casts: false,
        math: false,
        noinline: false,
    };

    /// The constructs the names (`functional-casts`, `math`) in `list` (comma-separated).
    pub fn parse(list: &str) -> Result<Avoid, String> {
        let mut a = Avoid::NOTHING;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "functional-casts" => a.functional_casts = true,
                "math" => a.math = true,
                "noinline" => a.noinline = true,
                other => {
                    return Err(format!(
                        "unknown construct `{other}` (functional-casts, math, noinline)"
                    ))
                }
            }
        }
        Ok(a)
    }
}

/// A generated program.
#[derive(Debug, Clone)]
pub struct Program {
    pub seed: u64,
    /// The program alone: [`PRELUDE`], [`Program::body`] and a kernel [`KERNEL`] that calls
    /// its body.
    pub source: String,
    /// The program's own definitions: its helpers and `__device__ void gen_body(in, out,
    /// bid)`, the body of its kernel for block `bid` of [`BLOCKS`] (a batch puts each
    /// program's body in a namespace of its own, [`batch_source`]).
    pub body: String,
}

/// The function `seed`'s program's body is. Its name, like its helpers', holds the seed:
/// the built-in compiler does not yet tell apart functions of one name and signature in
/// different namespaces (FINDINGS.md F16), and a batch puts many programs in one unit.
pub fn body_name(seed: u64) -> String {
    format!("gen_body_{seed}")
}

/// The kernel of a batch of programs ([`batch_source`]).
pub const BATCH_KERNEL: &str = "gen_batch";

/// One translation unit holding `programs`: the prelude once, each program's body in
/// `namespace p<seed>`, and one kernel [`BATCH_KERNEL`] whose blocks `BLOCKS * i ..
/// BLOCKS * (i + 1)` run program `i` on its slice of the input ([`batch_input`]) and of the
/// output ([`output_bytes`] each). Launch it with `BLOCKS * programs.len()` blocks of
/// [`THREADS`].
pub fn batch_source(programs: &[Program]) -> String {
    let mut out = String::from(PRELUDE);
    for p in programs {
        let _ = writeln!(out, "namespace p{} {{\n{}}}\n", p.seed, p.body);
    }
    let in_words = input_words();
    let out_words = output_bytes() / 4;
    let _ = writeln!(
        out,
        "extern \"C\" __global__ void __launch_bounds__({THREADS}) {BATCH_KERNEL}(const unsigned* __restrict__ in, unsigned* __restrict__ out) {{\n    const unsigned bid = blockIdx.x % {BLOCKS}u;\n    switch (blockIdx.x / {BLOCKS}u) {{"
    );
    for (i, p) in programs.iter().enumerate() {
        let _ = writeln!(
            out,
            "    case {i}u: p{}::{}(in + {}u, out + {}u, bid); break;",
            p.seed,
            body_name(p.seed),
            i * in_words,
            i * out_words
        );
    }
    out.push_str("    default: break;\n    }\n}\n");
    out
}

/// The input of a batch: each program's [`input`] in turn.
pub fn batch_input(programs: &[Program]) -> Vec<u32> {
    programs.iter().flat_map(|p| input(p.seed)).collect()
}

/// Words of one program's input buffer.
pub fn input_words() -> usize {
    (THREADS * BLOCKS) as usize * IN_WORDS
}

/// The words of the input buffer for `seed`.
pub fn input(seed: u64) -> Vec<u32> {
    let mut r = Rng::new(seed ^ 0x5eed_1234_abcd_0001);
    (0..input_words()).map(|_| r.word()).collect()
}

/// Bytes of the output buffer.
pub fn output_bytes() -> usize {
    4 * ((THREADS * BLOCKS) as usize * OUT_WORDS + BLOCKS as usize * ATOMIC_WORDS)
}

/// splitmix64: small, seedable, the same everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn word(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The types expressions have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Bool,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

const INTS: [Ty; 8] = [
    Ty::I8,
    Ty::U8,
    Ty::I16,
    Ty::U16,
    Ty::I32,
    Ty::U32,
    Ty::I64,
    Ty::U64,
];
const ALL: [Ty; 11] = [
    Ty::Bool,
    Ty::I8,
    Ty::U8,
    Ty::I16,
    Ty::U16,
    Ty::I32,
    Ty::U32,
    Ty::I64,
    Ty::U64,
    Ty::F32,
    Ty::F64,
];

impl Ty {
    /// The type's C name (aliases from `<stdint.h>` and the program's typedefs too).
    fn c(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::I8 => "signed char",
            Ty::U8 => "unsigned char",
            Ty::I16 => "short",
            Ty::U16 => "unsigned short",
            Ty::I32 => "int",
            Ty::U32 => "unsigned",
            Ty::I64 => "long long",
            Ty::U64 => "unsigned long long",
            Ty::F32 => "float",
            Ty::F64 => "double",
        }
    }

    /// Another spelling of the type, to exercise typedefs and `<stdint.h>`.
    fn alias(self, r: &mut Rng) -> &'static str {
        let names: &[&str] = match self {
            Ty::I8 => &["signed char", "int8_t", "i8_t"],
            Ty::U8 => &["unsigned char", "uint8_t"],
            Ty::I16 => &["short", "int16_t", "short int"],
            Ty::U16 => &["unsigned short", "uint16_t"],
            Ty::I32 => &["int", "int32_t", "signed"],
            Ty::U32 => &["unsigned", "uint32_t", "unsigned int", "u32_t"],
            Ty::I64 => &["long long", "int64_t", "long long int"],
            Ty::U64 => &["unsigned long long", "uint64_t", "u64_t"],
            Ty::F32 => &["float", "real_t"],
            _ => &[],
        };
        if names.is_empty() {
            self.c()
        } else {
            names[r.below(names.len())]
        }
    }

    fn bits(self) -> u32 {
        match self {
            Ty::Bool | Ty::I8 | Ty::U8 => 8,
            Ty::I16 | Ty::U16 => 16,
            Ty::I32 | Ty::U32 | Ty::F32 => 32,
            Ty::I64 | Ty::U64 | Ty::F64 => 64,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }

    fn is_int(self) -> bool {
        !self.is_float() && self != Ty::Bool
    }

    fn signed(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }

    /// The integer promotion.
    fn promoted(self) -> Ty {
        match self {
            Ty::Bool | Ty::I8 | Ty::U8 | Ty::I16 | Ty::U16 => Ty::I32,
            t => t,
        }
    }

    fn unsigned(self) -> Ty {
        match self {
            Ty::I32 | Ty::U32 => Ty::U32,
            Ty::I64 | Ty::U64 => Ty::U64,
            Ty::I8 | Ty::U8 => Ty::U8,
            Ty::I16 | Ty::U16 => Ty::U16,
            t => t,
        }
    }
}

/// The usual arithmetic conversions of two integer types.
fn common(a: Ty, b: Ty) -> Ty {
    let (a, b) = (a.promoted(), b.promoted());
    if a == b {
        return a;
    }
    if a.signed() == b.signed() {
        return if a.bits() >= b.bits() { a } else { b };
    }
    let (s, u) = if a.signed() { (a, b) } else { (b, a) };
    if u.bits() >= s.bits() {
        u
    } else {
        // A signed type wider than the unsigned one holds all its values.
        s
    }
}

/// A local variable in scope.
#[derive(Debug, Clone)]
struct Var {
    name: String,
    ty: Ty,
    /// May be assigned (loop counters and parameters of helpers may not... parameters may).
    writable: bool,
}

/// What the program generator is building.
struct Gen {
    /// The program's seed (in its file-scope names).
    seed: u64,
    r: Rng,
    vars: Vec<Var>,
    /// Local arrays: (name, element type, length a power of two).
    arrays: Vec<(String, Ty, usize)>,
    /// Helper functions: (name, return type, parameter types).
    helpers: Vec<(String, Ty, Vec<Ty>)>,
    next_id: usize,
    out: String,
    indent: usize,
    /// Statement budget left (bounds the program's size).
    budget: usize,
    avoid: Avoid,
}

const MATH_F32_1: &[&str] = &[
    "sqrtf",
    "expf",
    "exp2f",
    "logf",
    "log2f",
    "sinf",
    "cosf",
    "tanhf",
    "fabsf",
    "floorf",
    "ceilf",
    "roundf",
    "truncf",
    "rsqrtf",
    "erff",
    "__expf",
    "__logf",
    "__sinf",
    "__cosf",
    "__saturatef",
    "cbrtf",
    "atanf",
    "expm1f",
    "log1pf",
    "rintf",
];
const MATH_F32_2: &[&str] = &[
    "fminf",
    "fmaxf",
    "powf",
    "fmodf",
    "__fdividef",
    "atan2f",
    "hypotf",
    "copysignf",
    "__fadd_rn",
    "__fmul_rn",
    "__fdiv_rn",
    "fdimf",
];
const MATH_F64_1: &[&str] = &[
    "sqrt", "exp", "log", "sin", "cos", "tanh", "fabs", "floor", "ceil", "round", "trunc", "rsqrt",
    "erf", "exp2", "log2", "cbrt", "atan", "rint",
];
const MATH_F64_2: &[&str] = &[
    "fmin",
    "fmax",
    "pow",
    "fmod",
    "atan2",
    "hypot",
    "copysign",
    "__dadd_rn",
];

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn vars_of(&self, ty: Ty) -> Vec<&Var> {
        self.vars.iter().filter(|v| v.ty == ty).collect()
    }

    /// A literal of `ty`.
    fn literal(&mut self, ty: Ty) -> String {
        match ty {
            Ty::Bool => if self.r.chance(50) { "true" } else { "false" }.into(),
            Ty::F32 => {
                let v = self.float_value();
                format!("{:e}f", v as f32)
            }
            Ty::F64 => format!("{:e}", self.float_value()),
            t => {
                let bits = self.int_value() & mask(t.bits());
                match self.r.below(3) {
                    0 if bits < 1000 => format!("(({}){bits})", t.c()),
                    1 => format!("({})0x{bits:x}ull", t.c()),
                    _ => {
                        let v = if t.signed() {
                            sign_extend(bits, t.bits())
                        } else {
                            bits as i128
                        };
                        if v < 0 {
                            // `-N` of a positive literal: the literal's type holds N.
                            format!("(({})(-{}ll))", t.c(), (-v).min(i64::MAX as i128))
                        } else {
                            format!("(({}){v}ull)", t.c())
                        }
                    }
                }
            }
        }
    }

    fn int_value(&mut self) -> u64 {
        match self.r.below(6) {
            0 => self.r.below(8) as u64,
            1 => (self.r.below(8) as u64).wrapping_neg(),
            2 => *self.r.pick(&[
                0x7f,
                0x80,
                0xff,
                0x7fff,
                0x8000,
                0xffff,
                0x7fff_ffff,
                0x8000_0000,
                0xffff_ffff,
            ]),
            3 => 1u64 << self.r.below(64),
            _ => self.r.next(),
        }
    }

    fn float_value(&mut self) -> f64 {
        match self.r.below(5) {
            0 => *self
                .r
                .pick(&[0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 1e-3, 100.0, 0.1]),
            1 => (self.r.below(2001) as f64 - 1000.0) / 8.0,
            2 => f64::from_bits(self.r.next() & 0x3fff_ffff_ffff_ffff).min(1e30),
            _ => (self.r.next() >> 11) as f64 / (1u64 << 53) as f64 * 8.0 - 4.0,
        }
    }

    /// An expression whose type is exactly `ty`.
    fn expr(&mut self, ty: Ty, depth: usize) -> String {
        if depth == 0 || self.r.chance(25) {
            return self.leaf(ty);
        }
        let d = depth - 1;
        match ty {
            Ty::Bool => self.bool_expr(d),
            Ty::F32 | Ty::F64 => self.float_expr(ty, d),
            _ => self.int_expr(ty, d),
        }
    }

    fn leaf(&mut self, ty: Ty) -> String {
        let same: Vec<String> = self.vars_of(ty).iter().map(|v| v.name.clone()).collect();
        if !same.is_empty() && self.r.chance(70) {
            return same[self.r.below(same.len())].clone();
        }
        let arrays: Vec<(String, usize)> = self
            .arrays
            .iter()
            .filter(|a| a.1 == ty)
            .map(|a| (a.0.clone(), a.2))
            .collect();
        if !arrays.is_empty() && self.r.chance(30) {
            let (name, len) = arrays[self.r.below(arrays.len())].clone();
            let idx = self.index(len);
            return format!("{name}[{idx}]");
        }
        if !self.vars.is_empty() && self.r.chance(50) {
            let v = self.vars[self.r.below(self.vars.len())].clone();
            return self.convert(&v.name, v.ty, ty);
        }
        self.literal(ty)
    }

    /// An index in `0..len` (`len` a power of two).
    fn index(&mut self, len: usize) -> String {
        let ints: Vec<String> = self
            .vars
            .iter()
            .filter(|v| v.ty.is_int())
            .map(|v| v.name.clone())
            .collect();
        if ints.is_empty() || self.r.chance(30) {
            return format!("{}", self.r.below(len));
        }
        let v = &ints[self.r.below(ints.len())];
        format!("(({v}) & {})", len - 1)
    }

    /// `e` (of type `from`) converted to `to` without undefined behaviour.
    fn convert(&mut self, e: &str, from: Ty, to: Ty) -> String {
        if from == to {
            return e.to_string();
        }
        match (from.is_float(), to) {
            (true, Ty::Bool) => format!("(({e}) != 0)"),
            (true, t) if t.is_int() => {
                let (lo, hi) = range(t);
                format!("f2i<{}>({e}, {lo}, {hi})", t.c())
            }
            (true, Ty::F32) => format!("d2f({e})"),
            _ => {
                if self.r.chance(20) && to != Ty::Bool && !self.avoid.functional_casts {
                    // An implicit conversion through a variable's initialisation is in
                    // `stmt`; here a functional cast now and then.
                    let alias = to.c();
                    if !alias.contains(' ') {
                        return format!("{alias}({e})");
                    }
                }
                format!("(({})({e}))", to.c())
            }
        }
    }

    fn int_operand(&mut self, depth: usize) -> (String, Ty) {
        let t = *self.r.pick(&INTS);
        (self.expr(t, depth), t)
    }

    fn int_expr(&mut self, ty: Ty, d: usize) -> String {
        match self.r.below(12) {
            0..=2 => {
                // + - * in the usual arithmetic conversions; through unsigned where a signed
                // result could overflow.
                let (a, at) = self.int_operand(d);
                let (b, bt) = self.int_operand(d);
                let op = *self.r.pick(&["+", "-", "*"]);
                let c = common(at, bt);
                let small = |t: Ty| t.bits() <= if op == "*" { 8 } else { 16 };
                if !c.signed() || (small(at) && small(bt)) {
                    format!("(({})(({a}) {op} ({b})))", ty.c())
                } else {
                    let u = c.unsigned().c();
                    format!("(({})(({u})({a}) {op} ({u})({b})))", ty.c())
                }
            }
            3 => {
                let (a, _) = self.int_operand(d);
                let (b, _) = self.int_operand(d);
                let op = *self.r.pick(&["&", "|", "^"]);
                format!("(({})(({a}) {op} ({b})))", ty.c())
            }
            4 => {
                let (a, at) = self.int_operand(d);
                let (b, _) = self.int_operand(d);
                let p = at.promoted();
                let w = p.bits() - 1;
                if self.r.chance(50) {
                    let u = p.unsigned().c();
                    format!("(({})(({u})({a}) << (({b}) & {w})))", ty.c())
                } else {
                    format!("(({})(({a}) >> (({b}) & {w})))", ty.c())
                }
            }
            5 => {
                let (a, at) = self.int_operand(d);
                let (b, bt) = self.int_operand(d);
                let c = common(at, bt);
                let f = if self.r.chance(50) { "sdiv" } else { "srem" };
                format!("(({})({f}(({})({a}), ({})({b}))))", ty.c(), c.c(), c.c())
            }
            6 => {
                let (a, at) = self.int_operand(d);
                let p = at.promoted();
                if self.r.chance(50) {
                    format!("(({})(~({a})))", ty.c())
                } else {
                    let u = p.unsigned().c();
                    format!("(({})(-({u})({a})))", ty.c())
                }
            }
            7 => {
                let c = self.bool_expr(d);
                let x = self.expr(ty, d);
                let y = self.expr(ty, d);
                format!("(({c}) ? ({x}) : ({y}))")
            }
            8 => self.call(ty, d),
            9 => {
                // Integer intrinsics and templates.
                let u = self.expr(Ty::U32, d);
                let e = match self.r.below(8) {
                    0 => format!("__popc({u})"),
                    1 => format!("__clz({u})"),
                    2 => format!("__ffs({u})"),
                    3 => format!("__brev({u})"),
                    4 => format!("__umulhi({u}, {})", self.expr(Ty::U32, d)),
                    5 => format!("rotl<{}>({u})", 1 + self.r.below(31)),
                    6 => format!("__popcll({})", self.expr(Ty::U64, d)),
                    _ => format!("max({}, {})", self.expr(Ty::I32, d), self.expr(Ty::I32, d)),
                };
                format!("(({})({e}))", ty.c())
            }
            10 => {
                let t = *self.r.pick(&[Ty::I32, Ty::U32, Ty::I64, Ty::U64]);
                let a = self.expr(t, d);
                let b = self.expr(t, d);
                format!("(({})(mix<{}>({a}, {b})))", ty.c(), t.c())
            }
            _ => {
                let from = *self.r.pick(&ALL);
                let e = self.expr(from, d);
                self.convert(&e, from, ty)
            }
        }
    }

    fn float_expr(&mut self, ty: Ty, d: usize) -> String {
        let f32 = ty == Ty::F32;
        let mut choice = self.r.below(9);
        if self.avoid.math && matches!(choice, 4 | 5 | 7) {
            choice = 0;
        }
        match choice {
            0..=2 => {
                let a = self.expr(ty, d);
                let b = if self.r.chance(80) {
                    self.expr(ty, d)
                } else {
                    let t = *self.r.pick(&INTS);
                    self.expr(t, d)
                };
                let op = *self.r.pick(&["+", "-", "*", "/"]);
                format!("(({}) ({a}) {op} ({b}))", ty.c())
            }
            3 => {
                // a * b + c: where NVRTC contracts into fma (-fmad=true).
                let a = self.expr(ty, d);
                let b = self.expr(ty, d);
                let c = self.expr(ty, d);
                format!("(({a}) * ({b}) + ({c}))")
            }
            4 => {
                let f = *self.r.pick(if f32 { MATH_F32_1 } else { MATH_F64_1 });
                let a = self.expr(ty, d);
                format!("{f}({a})")
            }
            5 => {
                let f = *self.r.pick(if f32 { MATH_F32_2 } else { MATH_F64_2 });
                let a = self.expr(ty, d);
                let b = self.expr(ty, d);
                format!("{f}({a}, {b})")
            }
            6 => {
                let c = self.bool_expr(d);
                let x = self.expr(ty, d);
                let y = self.expr(ty, d);
                format!("(({c}) ? ({x}) : ({y}))")
            }
            7 => {
                let a = self.expr(ty, d);
                if self.r.chance(50) {
                    format!("(-({a}))")
                } else {
                    let f = if f32 { "fmaf" } else { "fma" };
                    let b = self.expr(ty, d);
                    let c = self.expr(ty, d);
                    format!("{f}({a}, {b}, {c})")
                }
            }
            _ => {
                let from = *self.r.pick(&ALL);
                let e = self.expr(from, d);
                self.convert(&e, from, ty)
            }
        }
    }

    fn bool_expr(&mut self, d: usize) -> String {
        let choice = if d == 0 {
            *self.r.pick(&[0, 3])
        } else {
            self.r.below(4)
        };
        match choice {
            0 | 1 => {
                let at = *self.r.pick(&ALL);
                let bt = if self.r.chance(50) {
                    at
                } else {
                    *self.r.pick(&ALL)
                };
                let a = self.expr(at, d);
                let b = self.expr(bt, d);
                let op = *self.r.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("(({a}) {op} ({b}))")
            }
            2 => {
                let a = self.bool_expr(d - 1);
                let b = self.bool_expr(d - 1);
                let op = *self.r.pick(&["&&", "||"]);
                format!("(({a}) {op} ({b}))")
            }
            _ => {
                let t = *self.r.pick(&ALL);
                let a = self.expr(t, d);
                format!("(!({a}))")
            }
        }
    }

    /// A call of a helper function returning `ty` (converted) or, with none, a leaf.
    fn call(&mut self, ty: Ty, d: usize) -> String {
        if self.helpers.is_empty() {
            return self.leaf(ty);
        }
        let (name, ret, params) = self.helpers[self.r.below(self.helpers.len())].clone();
        let args: Vec<String> = params.iter().map(|&p| self.expr(p, d)).collect();
        let e = format!("{name}({})", args.join(", "));
        self.convert(&e, ret, ty)
    }

    /// A writable variable's assignment, an `if`, a loop or a `switch`.
    fn stmt(&mut self, depth: usize) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let writable: Vec<Var> = self.vars.iter().filter(|v| v.writable).cloned().collect();
        match self.r.below(10) {
            0..=4 if !writable.is_empty() => {
                let v = writable[self.r.below(writable.len())].clone();
                let e = self.expr(v.ty, 3);
                if v.ty.is_int() && self.r.chance(30) {
                    let op = *self.r.pick(&["^=", "|=", "&="]);
                    self.line(&format!("{} {op} {e};", v.name));
                } else if v.ty.is_float() && self.r.chance(30) {
                    let op = *self.r.pick(&["+=", "-=", "*="]);
                    self.line(&format!("{} {op} {e};", v.name));
                } else {
                    self.line(&format!("{} = {e};", v.name));
                }
            }
            5 if depth > 0 => {
                let c = self.bool_expr(2);
                self.line(&format!("if ({c}) {{"));
                self.block(depth - 1, 3);
                if self.r.chance(50) {
                    self.line("} else {");
                    self.block(depth - 1, 3);
                }
                self.line("}");
            }
            6 if depth > 0 => {
                let i = self.fresh("i");
                let n = 1 + self.r.below(6);
                if self.r.chance(30) {
                    self.line("#pragma unroll");
                }
                self.line(&format!("for (int {i} = 0; {i} < {n}; ++{i}) {{"));
                self.vars.push(Var {
                    name: i.clone(),
                    ty: Ty::I32,
                    writable: false,
                });
                self.block(depth - 1, 3);
                self.vars.retain(|v| v.name != i);
                self.line("}");
            }
            7 if depth > 0 => {
                let s = self.expr(Ty::U32, 2);
                self.line(&format!("switch (({s}) & 3u) {{"));
                for case in 0..3 {
                    self.line(&format!("case {case}u: {{"));
                    self.block(depth - 1, 2);
                    if self.r.chance(80) {
                        self.line("    break;");
                    }
                    self.line("}");
                }
                self.line("default: {");
                self.block(depth - 1, 2);
                self.line("}");
                self.line("}");
            }
            8 if depth > 0 => {
                let k = self.fresh("k");
                let n = 1 + self.r.below(4);
                self.line(&format!("{{ int {k} = 0; while ({k} < {n}) {{"));
                self.block(depth - 1, 2);
                self.line(&format!("    ++{k};"));
                self.line("} }");
            }
            _ => {
                // A new local, initialised from an expression of another type (an
                // implicit conversion where it has no undefined behaviour).
                let ty = *self.r.pick(&ALL);
                let name = self.fresh("v");
                let e = self.expr(ty, 3);
                let alias = ty.alias(&mut self.r);
                self.line(&format!("{alias} {name} = {e};"));
                self.vars.push(Var {
                    name,
                    ty,
                    writable: true,
                });
            }
        }
    }

    /// A braced block of up to `n` statements; its new locals go out of scope after it.
    fn block(&mut self, depth: usize, n: usize) {
        let scope = self.vars.len();
        self.indent += 1;
        for _ in 0..1 + self.r.below(n) {
            self.stmt(depth);
        }
        self.indent -= 1;
        self.vars.truncate(scope);
    }

    /// A helper `__device__` function of a few parameters.
    fn helper(&mut self) -> (String, Ty, Vec<Ty>) {
        let name = format!("{}_{}", self.fresh("helper"), self.seed);
        let ret = *self.r.pick(&ALL);
        let params: Vec<Ty> = (0..1 + self.r.below(3))
            .map(|_| *self.r.pick(&ALL))
            .collect();
        let saved = std::mem::take(&mut self.vars);
        let args: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let n = format!("p{i}");
                self.vars.push(Var {
                    name: n.clone(),
                    ty: *t,
                    writable: true,
                });
                format!("{} {n}", t.c())
            })
            .collect();
        let mut inline = *self
            .r
            .pick(&["", "__forceinline__ ", "__noinline__ ", "inline "]);
        if self.avoid.noinline && inline == "__noinline__ " {
            inline = "";
        }
        self.line(&format!(
            "__device__ {inline}{} {name}({}) {{",
            ret.c(),
            args.join(", ")
        ));
        self.budget = 6;
        self.block(2, 4);
        self.indent += 1;
        let e = self.expr(ret, 3);
        self.line(&format!("return {e};"));
        self.indent -= 1;
        self.line("}");
        self.vars = saved;
        (name, ret, params)
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sign_extend(v: u64, bits: u32) -> i128 {
    let shift = 64 - bits;
    (((v << shift) as i64) >> shift) as i128
}

/// The doubles a float-to-integer conversion into `t` accepts: every value in them
/// truncates to one `t` holds.
fn range(t: Ty) -> (&'static str, &'static str) {
    match t {
        Ty::I8 => ("-128.0", "127.0"),
        Ty::U8 => ("0.0", "255.0"),
        Ty::I16 => ("-32768.0", "32767.0"),
        Ty::U16 => ("0.0", "65535.0"),
        Ty::I32 => ("-2147483648.0", "2147483647.0"),
        Ty::U32 => ("0.0", "4294967295.0"),
        Ty::I64 => ("-9.2e18", "9.2e18"),
        _ => ("0.0", "1.8e19"),
    }
}

/// The helpers every program has: UB-free division, conversions and a few templates.
const PRELUDE: &str = r#"#include <stdint.h>

typedef signed char i8_t;
typedef unsigned int u32_t;
using u64_t = unsigned long long;
typedef float real_t;

__device__ int sdiv(int a, int b) { return (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? a : a / b; }
__device__ int srem(int a, int b) { return (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? a : a % b; }
__device__ long long sdiv(long long a, long long b) { return (b == 0 || (a == (-9223372036854775807ll - 1) && b == -1)) ? a : a / b; }
__device__ long long srem(long long a, long long b) { return (b == 0 || (a == (-9223372036854775807ll - 1) && b == -1)) ? a : a % b; }
__device__ unsigned sdiv(unsigned a, unsigned b) { return b == 0 ? a : a / b; }
__device__ unsigned srem(unsigned a, unsigned b) { return b == 0 ? a : a % b; }
__device__ unsigned long long sdiv(unsigned long long a, unsigned long long b) { return b == 0 ? a : a / b; }
__device__ unsigned long long srem(unsigned long long a, unsigned long long b) { return b == 0 ? a : a % b; }

// A float to an integer type in range (NaN and out of range give 0).
template <typename T>
__device__ T f2i(double x, double lo, double hi) { return (x >= lo && x <= hi) ? (T)x : (T)0; }

// A double to float in range (NaN passes: its conversion is defined).
__device__ float d2f(double x) { return (x > 3.4e38 || x < -3.4e38) ? 0.0f : (float)x; }

template <int N>
__device__ unsigned rotl(unsigned x) { return (x << N) | (x >> (32 - N)); }

template <typename T>
__device__ T mix(T a, T b) { return (T)((unsigned long long)(a ^ (b >> 3)) + sizeof(T) * 8); }

"#;

/// The program for `seed`, in the whole language.
pub fn generate(seed: u64) -> Program {
    generate_avoiding(seed, Avoid::NOTHING)
}

/// The program for `seed` without the constructs `avoid` names.
pub fn generate_avoiding(seed: u64, avoid: Avoid) -> Program {
    let mut g = Gen {
        seed,
        r: Rng::new(seed),
        vars: Vec::new(),
        arrays: Vec::new(),
        helpers: Vec::new(),
        next_id: 0,
        out: String::new(),
        indent: 0,
        budget: 0,
        avoid,
    };
    for _ in 0..g.r.below(3) {
        let h = g.helper();
        g.helpers.push(h);
        g.out.push('\n');
    }
    let _ = writeln!(
        g.out,
        "__device__ __noinline__ void {}(const unsigned* __restrict__ in, unsigned* __restrict__ out, const unsigned bid) {{",
        body_name(seed)
    );
    g.indent = 1;
    g.line("const unsigned tid = bid * blockDim.x + threadIdx.x;");
    g.line("const unsigned lane = threadIdx.x & 31u;");
    let _ = writeln!(g.out, "    const unsigned* w = in + tid * {IN_WORDS}u;");
    g.vars.push(Var {
        name: "lane".into(),
        ty: Ty::U32,
        writable: false,
    });
    // Locals from the input words.
    for (i, ty) in [
        Ty::I32,
        Ty::U32,
        Ty::I64,
        Ty::F32,
        Ty::F64,
        Ty::I16,
        Ty::U8,
        Ty::F32,
    ]
    .into_iter()
    .enumerate()
    {
        let name = format!("x{i}");
        let k = i % IN_WORDS;
        let k2 = (i + 3) % IN_WORDS;
        let init = match ty {
            Ty::I64 | Ty::U64 => {
                format!("({})(((unsigned long long)w[{k}] << 32) | w[{k2}])", ty.c())
            }
            // Random bits, with the quiet bit set: a signalling NaN is quieted by the
            // simulator where NVRTC's `-G` code passes it through a `.f32` parameter
            // (FINDINGS.md S1), which a GPU would not do.
            Ty::F32 if g.r.chance(50) => format!("__uint_as_float(w[{k}] | 0x00400000u)"),
            Ty::F32 => format!("(float)(int)(w[{k}] & 0xffffu) * 0.0078125f - 256.0f"),
            Ty::F64 if g.r.chance(50) => format!(
                "__longlong_as_double((long long)(((unsigned long long)(w[{k}] | 0x00080000u) << 32) | w[{k2}]))"
            ),
            Ty::F64 => format!("(double)(int)w[{k}] * 1.0e-6"),
            t => format!("({})w[{k}]", t.c()),
        };
        g.line(&format!("{} {name} = {init};", ty.c()));
        g.vars.push(Var {
            name,
            ty,
            writable: true,
        });
    }
    // A local array.
    let at = *g.r.pick(&[Ty::U32, Ty::I32, Ty::F32, Ty::I64, Ty::F64]);
    let an = g.fresh("arr");
    let alen = 4;
    let inits: Vec<String> = (0..alen).map(|_| g.literal(at)).collect();
    g.line(&format!(
        "{} {an}[{alen}] = {{{}}};",
        at.c(),
        inits.join(", ")
    ));
    g.arrays.push((an.clone(), at, alen));
    g.budget = 14 + g.r.below(10);
    for _ in 0..3 + g.r.below(5) {
        g.stmt(2);
    }
    // Array writes with masked indices.
    let idx = g.index(alen);
    let e = g.expr(at, 2);
    g.line(&format!("{an}[{idx}] = {e};"));

    // Shared memory, written and read on opposite sides of barriers.
    let st = *g.r.pick(&[Ty::U32, Ty::F32, Ty::I64, Ty::F64, Ty::I16]);
    let e = g.expr(st, 2);
    g.line(&format!("__shared__ {} sh[{THREADS}];", st.c()));
    g.line(&format!("sh[threadIdx.x] = {e};"));
    g.line("__syncthreads();");
    let off = 1 + g.r.below(THREADS as usize - 1);
    let sv = g.fresh("s");
    g.line(&format!(
        "{} {sv} = sh[(threadIdx.x + {off}u) % {THREADS}u];",
        st.c()
    ));
    g.line("__syncthreads();");
    g.vars.push(Var {
        name: sv,
        ty: st,
        writable: true,
    });

    // Warp operations, the whole warp converged.
    for _ in 0..1 + g.r.below(3) {
        let t =
            *g.r.pick(&[Ty::I32, Ty::U32, Ty::I64, Ty::U64, Ty::F32, Ty::F64]);
        let e = g.expr(t, 2);
        let name = g.fresh("wv");
        let m = 1u32 << g.r.below(5);
        let op = match g.r.below(4) {
            0 => format!("__shfl_sync(0xffffffffu, {e}, (lane + {m}u) & 31u)"),
            1 => format!("__shfl_xor_sync(0xffffffffu, {e}, {m})"),
            2 => format!("__shfl_down_sync(0xffffffffu, {e}, {m})"),
            _ => format!("__shfl_up_sync(0xffffffffu, {e}, {m})"),
        };
        g.line(&format!("{} {name} = {op};", t.c()));
        g.vars.push(Var {
            name,
            ty: t,
            writable: true,
        });
    }
    let c = g.bool_expr(2);
    let bal = g.fresh("ballot");
    g.line(&format!(
        "unsigned {bal} = __ballot_sync(0xffffffffu, {c});"
    ));
    let c2 = g.bool_expr(1);
    g.line(&format!(
        "{bal} ^= (unsigned)__any_sync(0xffffffffu, {c2}) << 1;"
    ));
    let c3 = g.bool_expr(1);
    g.line(&format!(
        "{bal} ^= (unsigned)__all_sync(0xffffffffu, {c3}) << 2;"
    ));
    g.vars.push(Var {
        name: bal,
        ty: Ty::U32,
        writable: true,
    });

    // Atomics whose order does not matter, in shared and global memory.
    g.line("__shared__ unsigned acc[4];");
    g.line("__shared__ int iacc[2];");
    g.line("if (threadIdx.x < 4) acc[threadIdx.x] = threadIdx.x == 3 ? 0xffffffffu : 0u;");
    g.line("if (threadIdx.x < 2) iacc[threadIdx.x] = threadIdx.x == 0 ? (-2147483647 - 1) : 2147483647;");
    g.line("__syncthreads();");
    let a = g.expr(Ty::U32, 2);
    let b = g.expr(Ty::U32, 2);
    let c = g.expr(Ty::I32, 2);
    g.line(&format!("atomicAdd(&acc[0], {a});"));
    g.line(&format!("atomicXor(&acc[1], {b});"));
    g.line(&format!("atomicOr(&acc[2], {a} & 0x0f0f0f0fu);"));
    g.line(&format!("atomicAnd(&acc[3], {b} | 0x00ff00ffu);"));
    g.line(&format!("atomicMax(&iacc[0], {c});"));
    g.line(&format!("atomicMin(&iacc[1], {c});"));
    let base = (THREADS * BLOCKS) as usize * OUT_WORDS;
    let d = g.expr(Ty::U64, 2);
    let _ = writeln!(
        g.out,
        "    atomicAdd((unsigned long long*)&out[{base}u + bid * {ATOMIC_WORDS}u + 4u], (unsigned long long)({d}));"
    );
    let e = g.expr(Ty::U32, 2);
    let _ = writeln!(
        g.out,
        "    atomicOr(&out[{base}u + bid * {ATOMIC_WORDS}u + 6u], {e} & 0x00ff00ffu);"
    );
    g.line("__syncthreads();");
    let _ = writeln!(
        g.out,
        "    if (threadIdx.x < 4) out[{base}u + bid * {ATOMIC_WORDS}u + threadIdx.x] = acc[threadIdx.x];\n    if (threadIdx.x == 4) out[{base}u + bid * {ATOMIC_WORDS}u + 7u] = (unsigned)(iacc[0] ^ iacc[1]);"
    );

    // Every variable's bits to this thread's slice.
    let _ = writeln!(g.out, "    unsigned* o = out + tid * {OUT_WORDS}u;");
    let mut slot = 0usize;
    let vars = g.vars.clone();
    let elements: Vec<Var> = (0..alen)
        .map(|i| Var {
            name: format!("{an}[{i}]"),
            ty: at,
            writable: false,
        })
        .collect();
    for v in vars.iter().chain(&elements) {
        let words: Vec<String> = match v.ty {
            Ty::F32 => vec![format!("__float_as_uint({})", v.name)],
            Ty::F64 => {
                let bits = format!("(unsigned long long)__double_as_longlong({})", v.name);
                vec![
                    format!("(unsigned)({bits})"),
                    format!("(unsigned)(({bits}) >> 32)"),
                ]
            }
            Ty::I64 | Ty::U64 => vec![
                format!("(unsigned)({})", v.name),
                format!("(unsigned)((unsigned long long)({}) >> 32)", v.name),
            ],
            _ => vec![format!("(unsigned)({})", v.name)],
        };
        for wd in words {
            if slot < OUT_WORDS {
                let _ = writeln!(g.out, "    o[{slot}] = {wd};");
                slot += 1;
            }
        }
    }
    g.out.push_str("}\n");
    let source = format!(
        "// generated program, seed {seed}\n{PRELUDE}{}\nextern \"C\" __global__ void __launch_bounds__({THREADS}) {KERNEL}(const unsigned* __restrict__ in, unsigned* __restrict__ out) {{\n    {}(in, out, blockIdx.x);\n}}\n",
        g.out,
        body_name(seed)
    );
    Program {
        seed,
        source,
        body: g.out,
    }
}

#[test]
fn the_usual_arithmetic_conversions() {
    assert_eq!(common(Ty::I8, Ty::U16), Ty::I32);
    assert_eq!(common(Ty::I32, Ty::U32), Ty::U32);
    assert_eq!(common(Ty::I64, Ty::U32), Ty::I64);
    assert_eq!(common(Ty::U64, Ty::I32), Ty::U64);
    assert_eq!(common(Ty::I64, Ty::U64), Ty::U64);
}

#[test]
fn programs_are_deterministic_and_differ_by_seed() {
    assert_eq!(generate(7).source, generate(7).source);
    assert_ne!(generate(7).source, generate(8).source);
    let p = generate(11);
    assert!(p.source.contains(KERNEL));
    assert!(p.source.contains("__syncthreads();"));
    assert!(p.source.contains("__ballot_sync"));
}
