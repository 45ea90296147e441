//! The CUDA math library (written on the `cc-math` branch). Until it lands this answers
//! no function, so a math call is a clear compile error.

/// Floating-point mode a math function is generated for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MathMode {
    /// `-ftz=true`
    pub ftz: bool,
    /// `--use_fast_math`
    pub fast_math: bool,
    /// `-prec-div=true`
    pub prec_div: bool,
    /// `-prec-sqrt=true`
    pub prec_sqrt: bool,
    /// `-fmad=true`
    pub fmad: bool,
}

/// A scalar parameter or result type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    /// `float`
    F32,
    /// `double`
    F64,
    /// `int`
    S32,
    /// `unsigned int`
    U32,
    /// `long long`
    S64,
    /// `unsigned long long`
    U64,
}

/// One math function as a PTX `.func`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MathFunction {
    /// Unique per function and mode.
    pub ptx_name: String,
    /// Parameter types.
    pub params: Vec<Scalar>,
    /// Result types (more than one for sincosf, frexpf, modff, remquof).
    pub rets: Vec<Scalar>,
    /// A complete PTX `.func` definition.
    pub definition: String,
    /// C names of other math functions its body calls.
    pub calls: Vec<String>,
}

/// The function `c_name` in `mode`, if the library has it.
pub fn lookup(c_name: &str, mode: &MathMode) -> Option<MathFunction> {
    let _ = (c_name, mode);
    None
}

/// Every C name the library answers.
pub fn names() -> &'static [&'static str] {
    &[]
}
