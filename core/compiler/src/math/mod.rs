//! The CUDA math library: for each CUDA math function (`sinf`, `expf`, `__expf`, `sqrt`, ...),
//! the PTX `.func` it compiles to, written so that a kernel calling it gives exactly the bits
//! NVRTC's PTX gives (NVRTC inlines libdevice; each function here follows the operation
//! sequence, constants and special-case branches NVRTC emits for it, mode by mode).
//!
//! The compiler asks [`lookup`] for a C name and the compile's [`MathMode`], emits the returned
//! [`MathFunction::definition`] once at module scope (with those of its
//! [`MathFunction::calls`]), and calls it by [`MathFunction::ptx_name`] with NVRTC's ABI: every
//! argument and result in `.param` space, `.b32` for 32-bit and `.b64` for 64-bit values.
//!
//! One table row per function, in [`table`]; the PTX text is built by [`func`].

mod func;
mod table;

mod float_simple;

/// The compile options that change what a math function compiles to (NVRTC's
/// `--use_fast_math`, `-ftz`, `-prec-div`, `-prec-sqrt`, `-fmad`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MathMode {
    /// `-ftz=true`: single-precision subnormal inputs and results flush to zero.
    pub ftz: bool,
    /// `--use_fast_math`: implies `ftz`, `!prec_div`, `!prec_sqrt`, and maps `sinf`, `expf`, ...
    /// onto their fast intrinsics (`__sinf`, `__expf`, ...).
    pub fast_math: bool,
    /// `-prec-div=true` (the default): IEEE round-to-nearest single-precision division.
    pub prec_div: bool,
    /// `-prec-sqrt=true` (the default): IEEE round-to-nearest single-precision square root.
    pub prec_sqrt: bool,
    /// `-fmad=true` (the default): multiplies and adds may be contracted into `fma`.
    pub fmad: bool,
}

impl Default for MathMode {
    /// NVRTC's defaults: no flushing, no fast math, precise division and square root, `fmad`.
    fn default() -> Self {
        MathMode {
            ftz: false,
            fast_math: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: true,
        }
    }
}

impl MathMode {
    /// The mode with `--use_fast_math`'s implications applied (fast math forces `ftz`, approximate
    /// division and square root), as NVRTC applies them.
    pub fn effective(&self) -> MathMode {
        if self.fast_math {
            MathMode {
                ftz: true,
                fast_math: true,
                prec_div: false,
                prec_sqrt: false,
                fmad: self.fmad,
            }
        } else {
            *self
        }
    }

    /// A suffix naming this mode in a PTX name: empty for the defaults, else `_ftz`, `_fast`,
    /// `_divapx`, `_sqrtapx`, `_nofma` in that order for each option that differs.
    pub fn suffix(&self) -> String {
        let m = self.effective();
        let mut s = String::new();
        if m.fast_math {
            s.push_str("_fast");
        } else {
            if m.ftz {
                s.push_str("_ftz");
            }
            if !m.prec_div {
                s.push_str("_divapx");
            }
            if !m.prec_sqrt {
                s.push_str("_sqrtapx");
            }
        }
        if !m.fmad {
            s.push_str("_nofma");
        }
        s
    }
}

/// A parameter's or result's C type, as far as the PTX calling convention cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `float`: a `.b32` parameter read as `.f32`.
    F32,
    /// `double`: a `.b64` parameter read as `.f64`.
    F64,
    /// `int`.
    S32,
    /// `unsigned int`.
    U32,
    /// `long long`.
    S64,
    /// `unsigned long long`.
    U64,
}

impl Scalar {
    /// The width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Scalar::F32 | Scalar::S32 | Scalar::U32 => 32,
            Scalar::F64 | Scalar::S64 | Scalar::U64 => 64,
        }
    }

    /// The PTX type a value of this type is loaded and stored as (`f32`, `s32`, ...).
    pub fn ptx_type(self) -> &'static str {
        match self {
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::S32 => "s32",
            Scalar::U32 => "u32",
            Scalar::S64 => "s64",
            Scalar::U64 => "u64",
        }
    }
}

/// One math function compiled for one [`MathMode`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MathFunction {
    /// The `.func`'s name, unique per function and mode (e.g. `__cl_sinf_ftz`).
    pub ptx_name: String,
    /// The parameters' types, in order (`.param` names `<ptx_name>_param_<i>`).
    pub params: Vec<Scalar>,
    /// The results' types (`.param` names `func_retval<i>`): one for most functions, more for
    /// those that give several values (`sincosf` gives the sine and the cosine).
    pub rets: Vec<Scalar>,
    /// The complete PTX text to put at module scope: the `.func` definition, preceded by any
    /// read-only table it reads (a `.global` named after the function, so it is unique too).
    pub definition: String,
    /// The C names of other math functions its body calls (their definitions must be emitted
    /// too, before this one, for the same mode).
    pub calls: Vec<String>,
}

/// The math function `c_name` (`"sinf"`, `"sin"` for `double`, `"__expf"`, ...) compiled for
/// `mode`, or `None` if the library has no such function.
pub fn lookup(c_name: &str, mode: &MathMode) -> Option<MathFunction> {
    let row = table::ROWS.iter().find(|row| row.name == c_name)?;
    let mode = mode.effective();
    let ptx_name = format!("__cl_{}{}", row.name, mode.suffix());
    let body = row.body.text(&mode);
    Some(MathFunction {
        definition: func::definition(&ptx_name, row.params, row.rets, &body, &mode),
        ptx_name,
        params: row.params.to_vec(),
        rets: row.rets.to_vec(),
        calls: Vec::new(),
    })
}

/// The C names of every function [`lookup`] knows, in table order.
pub fn names() -> &'static [&'static str] {
    table::names()
}
