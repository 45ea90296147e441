//! C++'s types as the compiler sees them, and the type rules in one place: sizes and
//! alignments, the integer promotions, the usual arithmetic conversions, what pointer
//! arithmetic scales by, and the PTX register class and type suffix each type uses.

use std::rc::Rc;

/// The integer types, each width signed and unsigned (`char` is its own type, signed as
/// on x86-64 Linux, where NVRTC runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IntKind {
    /// `char`
    Char,
    /// `signed char`
    SChar,
    /// `unsigned char`
    UChar,
    /// `short`
    Short,
    /// `unsigned short`
    UShort,
    /// `int`
    Int,
    /// `unsigned int`
    UInt,
    /// `long` (64 bits, LP64)
    Long,
    /// `unsigned long`
    ULong,
    /// `long long`
    LongLong,
    /// `unsigned long long`
    ULongLong,
}

impl IntKind {
    /// Width in bits.
    pub fn bits(self) -> u32 {
        use IntKind::*;
        match self {
            Char | SChar | UChar => 8,
            Short | UShort => 16,
            Int | UInt => 32,
            Long | ULong | LongLong | ULongLong => 64,
        }
    }

    /// Whether it is signed.
    pub fn signed(self) -> bool {
        use IntKind::*;
        matches!(self, Char | SChar | Short | Int | Long | LongLong)
    }

    /// The conversion rank (C++ [conv.rank]).
    pub fn rank(self) -> u8 {
        use IntKind::*;
        match self {
            Char | SChar | UChar => 1,
            Short | UShort => 2,
            Int | UInt => 3,
            Long | ULong => 4,
            LongLong | ULongLong => 5,
        }
    }

    /// The unsigned type of the same rank.
    pub fn to_unsigned(self) -> IntKind {
        use IntKind::*;
        match self {
            Char | SChar | UChar => UChar,
            Short | UShort => UShort,
            Int | UInt => UInt,
            Long | ULong => ULong,
            LongLong | ULongLong => ULongLong,
        }
    }

    /// The Itanium ABI's code for it.
    pub fn mangle(self) -> &'static str {
        use IntKind::*;
        match self {
            Char => "c",
            SChar => "a",
            UChar => "h",
            Short => "s",
            UShort => "t",
            Int => "i",
            UInt => "j",
            Long => "l",
            ULong => "m",
            LongLong => "x",
            ULongLong => "y",
        }
    }

    /// Its C spelling.
    pub fn name(self) -> &'static str {
        use IntKind::*;
        match self {
            Char => "char",
            SChar => "signed char",
            UChar => "unsigned char",
            Short => "short",
            UShort => "unsigned short",
            Int => "int",
            UInt => "unsigned int",
            Long => "long",
            ULong => "unsigned long",
            LongLong => "long long",
            ULongLong => "unsigned long long",
        }
    }
}

/// The two 16-bit floating-point formats of `cuda_fp16.h` and `cuda_bf16.h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HalfKind {
    /// IEEE binary16: `__half`
    F16,
    /// bfloat16: `__nv_bfloat16`
    Bf16,
}

impl HalfKind {
    /// The PTX type of one value: `f16`, `bf16`.
    pub fn ptx(self) -> &'static str {
        match self {
            HalfKind::F16 => "f16",
            HalfKind::Bf16 => "bf16",
        }
    }

    /// The bits of 1.0 (what `++` adds).
    pub fn one_bits(self) -> i64 {
        match self {
            HalfKind::F16 => 0x3C00,
            HalfKind::Bf16 => 0x3F80,
        }
    }
}

/// A type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `void`
    Void,
    /// `bool`
    Bool,
    /// An integer type.
    Int(IntKind),
    /// `float`
    Float,
    /// `double`
    Double,
    /// A pointer; the flags qualify what it points to (`const float*`: `konst`).
    Ptr {
        /// The pointee.
        to: Rc<Type>,
        /// Pointee is `const`.
        konst: bool,
        /// Pointee is `volatile`.
        vol: bool,
    },
    /// An array of a known length.
    Array(Rc<Type>, u64),
    /// A struct, by its index in the struct table.
    Struct(u32),
    /// `__half` or `__nv_bfloat16`: a class in C++, one 16-bit register (`%rs`) in PTX.
    Half(HalfKind),
    /// `__half2` or `__nv_bfloat162`: two of them in one 32-bit register (low half `.x`).
    Half2(HalfKind),
}

/// The register a value of a type lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegClass {
    /// `.pred` (%p)
    Pred,
    /// `.b32` (%r): every integer of 32 bits or fewer, `bool`, `__half2`.
    B32,
    /// `.b16` (%rs): `__half` and `__nv_bfloat16`.
    B16,
    /// `.b64` (%rd): 64-bit integers and pointers.
    B64,
    /// `.f32` (%f)
    F32,
    /// `.f64` (%fd)
    F64,
}

impl RegClass {
    /// The register name prefix and declaration type.
    pub fn prefix(self) -> (&'static str, &'static str) {
        match self {
            RegClass::Pred => ("%p", ".pred"),
            RegClass::B32 => ("%r", ".b32"),
            RegClass::B16 => ("%rs", ".b16"),
            RegClass::B64 => ("%rd", ".b64"),
            RegClass::F32 => ("%f", ".f32"),
            RegClass::F64 => ("%fd", ".f64"),
        }
    }
}

/// `int`
pub const INT: Type = Type::Int(IntKind::Int);
/// `unsigned int`
pub const UINT: Type = Type::Int(IntKind::UInt);
/// `long` (the type of `ptrdiff_t`)
pub const LONG: Type = Type::Int(IntKind::Long);
/// `unsigned long` (the type of `size_t`)
pub const ULONG: Type = Type::Int(IntKind::ULong);

impl Type {
    /// A pointer to `t` with no qualifiers.
    pub fn ptr(t: Type) -> Type {
        Type::Ptr {
            to: Rc::new(t),
            konst: false,
            vol: false,
        }
    }

    /// Whether it is an integer type (not `bool`).
    pub fn is_int(&self) -> bool {
        matches!(self, Type::Int(_))
    }

    /// Whether it is `float` or `double`.
    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float | Type::Double)
    }

    /// Whether arithmetic applies to it (integers, `bool`, floating types).
    pub fn is_arith(&self) -> bool {
        matches!(self, Type::Int(_) | Type::Bool | Type::Float | Type::Double)
    }

    /// Whether it is a scalar (arithmetic, pointer, or one of the 16-bit float types, which
    /// live in a register however C++ classes them).
    pub fn is_scalar(&self) -> bool {
        self.is_arith() || matches!(self, Type::Ptr { .. }) || self.is_half()
    }

    /// The header's class name of a 16-bit float type (`__half`, `__nv_bfloat162`, ...);
    /// empty for other types.
    pub fn half_name(&self) -> &'static str {
        match self {
            Type::Half(HalfKind::F16) => "__half",
            Type::Half(HalfKind::Bf16) => "__nv_bfloat16",
            Type::Half2(HalfKind::F16) => "__half2",
            Type::Half2(HalfKind::Bf16) => "__nv_bfloat162",
            _ => "",
        }
    }

    /// Whether it is `__half`, `__nv_bfloat16` or a pair of them.
    pub fn is_half(&self) -> bool {
        matches!(self, Type::Half(_) | Type::Half2(_))
    }

    /// Whether a signed integer.
    pub fn is_signed(&self) -> bool {
        matches!(self, Type::Int(k) if k.signed())
    }

    /// What a pointer or array points to.
    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Ptr { to, .. } | Type::Array(to, _) => Some(to),
            _ => None,
        }
    }

    /// The register class of a scalar of this type.
    pub fn class(&self) -> RegClass {
        match self {
            Type::Float => RegClass::F32,
            Type::Double => RegClass::F64,
            Type::Int(k) if k.bits() == 64 => RegClass::B64,
            Type::Ptr { .. } | Type::Array(..) => RegClass::B64,
            Type::Half(_) => RegClass::B16,
            _ => RegClass::B32,
        }
    }

    /// The PTX type for arithmetic on it: `s32`, `u64`, `f32`, ...
    pub fn arith_suffix(&self) -> &'static str {
        match self {
            Type::Float => "f32",
            Type::Double => "f64",
            Type::Int(k) if k.bits() == 64 => {
                if k.signed() {
                    "s64"
                } else {
                    "u64"
                }
            }
            Type::Ptr { .. } | Type::Array(..) => "u64",
            Type::Half(HalfKind::F16) => "f16",
            Type::Half(HalfKind::Bf16) => "bf16",
            Type::Half2(HalfKind::F16) => "f16x2",
            Type::Half2(HalfKind::Bf16) => "bf16x2",
            Type::Int(k) if k.signed() => "s32",
            _ => "u32",
        }
    }

    /// The PTX type for loading or storing it: `u8`, `s16`, `f32`, `u64`, ...
    pub fn mem_suffix(&self) -> &'static str {
        match self {
            Type::Bool => "u8",
            Type::Int(k) => match (k.bits(), k.signed()) {
                (8, true) => "s8",
                (8, false) => "u8",
                (16, true) => "s16",
                (16, false) => "u16",
                (32, true) => "s32",
                (32, false) => "u32",
                (_, true) => "s64",
                _ => "u64",
            },
            Type::Float => "f32",
            Type::Double => "f64",
            Type::Half(_) => "u16",
            Type::Half2(_) => "u32",
            _ => "u64",
        }
    }

    /// Width in bits of a scalar.
    pub fn bits(&self) -> u32 {
        match self {
            Type::Bool => 8,
            Type::Int(k) => k.bits(),
            Type::Float => 32,
            Type::Double | Type::Ptr { .. } => 64,
            Type::Half(_) => 16,
            Type::Half2(_) => 32,
            _ => 0,
        }
    }
}

/// The integer promotions: `bool`, `char`, `short` (signed or not) become `int`.
pub fn promote(t: &Type) -> Type {
    match t {
        Type::Bool => INT,
        Type::Int(k) if k.rank() < 3 => INT,
        _ => t.clone(),
    }
}

/// The usual arithmetic conversions: the common type of two arithmetic operands.
pub fn usual_arith(a: &Type, b: &Type) -> Type {
    if *a == Type::Double || *b == Type::Double {
        return Type::Double;
    }
    if *a == Type::Float || *b == Type::Float {
        return Type::Float;
    }
    let (Type::Int(x), Type::Int(y)) = (promote(a), promote(b)) else {
        return INT;
    };
    if x == y {
        return Type::Int(x);
    }
    if x.signed() == y.signed() {
        return Type::Int(if x.rank() >= y.rank() { x } else { y });
    }
    let (s, u) = if x.signed() { (x, y) } else { (y, x) };
    if u.rank() >= s.rank() {
        Type::Int(u)
    } else if s.bits() > u.bits() {
        Type::Int(s)
    } else {
        Type::Int(s.to_unsigned())
    }
}

/// The type of an integer literal (C++ [lex.icon]): the first of the candidate types that
/// holds the value. Decimal literals without `u` never become unsigned.
pub fn int_literal_type(value: u64, unsigned: bool, longs: u8, decimal: bool) -> Type {
    use IntKind::*;
    let cands: &[IntKind] = match (unsigned, longs, decimal) {
        (false, 0, true) => &[Int, Long, LongLong],
        (false, 0, false) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
        (true, 0, _) => &[UInt, ULong, ULongLong],
        (false, 1, true) => &[Long, LongLong],
        (false, 1, false) => &[Long, ULong, LongLong, ULongLong],
        (true, 1, _) => &[ULong, ULongLong],
        (false, _, true) => &[LongLong],
        (false, _, false) => &[LongLong, ULongLong],
        (true, _, _) => &[ULongLong],
    };
    for k in cands {
        let max = match (k.bits(), k.signed()) {
            (32, true) => i32::MAX as u64,
            (32, false) => u32::MAX as u64,
            (_, true) => i64::MAX as u64,
            _ => u64::MAX,
        };
        if value <= max {
            return Type::Int(*k);
        }
    }
    // A decimal literal too big for long long is an extension that makes it unsigned.
    Type::Int(ULongLong)
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntKind::*;

    #[test]
    fn usual_arithmetic_conversions() {
        let t = |k| Type::Int(k);
        assert_eq!(usual_arith(&t(Char), &t(Short)), INT);
        assert_eq!(usual_arith(&t(Int), &t(UInt)), UINT);
        assert_eq!(usual_arith(&t(Long), &t(UInt)), t(Long));
        assert_eq!(usual_arith(&t(LongLong), &t(ULong)), t(ULongLong));
        assert_eq!(usual_arith(&t(UChar), &t(UShort)), INT);
        assert_eq!(usual_arith(&Type::Float, &t(LongLong)), Type::Float);
        assert_eq!(usual_arith(&Type::Float, &Type::Double), Type::Double);
    }

    #[test]
    fn literal_types() {
        assert_eq!(int_literal_type(5, false, 0, true), INT);
        assert_eq!(int_literal_type(0xffff_ffff, false, 0, false), UINT);
        assert_eq!(int_literal_type(0xffff_ffff, false, 0, true), LONG);
        assert_eq!(int_literal_type(1, true, 2, true), Type::Int(ULongLong));
    }
}
