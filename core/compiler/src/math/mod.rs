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
//! One table row per function, in `table`; the bodies, PTX text with placeholders for what the
//! mode changes, live in one file per family of functions; `func` turns a body into a `.func`.
//! `README.md` beside this file says how the bodies were derived and how they are tested.

mod func;
mod table;

// The bodies, by family.

mod classify;
mod decompose;
mod double_exp_log;
mod double_extra;
mod double_simple;
mod double_special;
mod double_trig;
mod exp_log;
mod float_extra;
mod float_simple;
mod rare;
mod special;
mod trig;

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
    /// those whose C form also writes through pointers. For the `sincos` family (`sincosf`,
    /// `sincos`, `__sincosf`, `sincospif`, `sincospi`: C returns `void`) the two results are what
    /// C writes through its two pointer arguments, in order; otherwise the first result is the C
    /// return value and the others are what C writes through its trailing pointer arguments
    /// (`frexpf`'s exponent, `modff`'s integral part, `remquof`'s quotient bits).
    pub rets: Vec<Scalar>,
    /// The complete PTX text to put at module scope: the `.func` definition, preceded by any
    /// read-only table it reads (a `.global` named after the function, so it is unique too).
    pub definition: String,
    /// The names of other math functions its body calls, for [`lookup`] in the same mode: their
    /// definitions must be emitted too, before this one. Most bodies call nothing (NVRTC inlines
    /// them whole); a few double-precision ones call a helper NVRTC keeps out of line.
    pub calls: Vec<String>,
}

/// The math function `c_name` (`"sinf"`, `"sin"` for `double`, `"__expf"`, ...) compiled for
/// `mode`, or `None` if the library has no such function.
///
/// Besides the names [`names`] lists, it finds the out-of-line helpers other functions'
/// [`MathFunction::calls`] name (`__internal_accurate_pow`, ...).
pub fn lookup(c_name: &str, mode: &MathMode) -> Option<MathFunction> {
    let row = table::ROWS.iter().find(|row| row.name == c_name)?;
    Some(build(row, mode))
}

/// The function of `row` compiled for `mode`.
fn build(row: &table::Row, mode: &MathMode) -> MathFunction {
    let mode = mode.effective();
    let ptx_name = ptx_name(row.name, &mode);
    let mut body = row.body.text(&mode);
    let calls = called(&body);
    for callee in &calls {
        body = body.replace(
            &format!("{{call:{callee}}}"),
            &self::ptx_name(callee, &mode),
        );
    }
    MathFunction {
        definition: func::definition(&ptx_name, row.params, row.rets, &body, &mode),
        ptx_name,
        params: row.params.to_vec(),
        rets: row.rets.to_vec(),
        calls,
    }
}

/// [`lookup`] for a target architecture (`52` for `sm_52`): the same function, except where
/// the architecture changes what NVRTC emits. [`lookup`] gives the bodies for `sm_75` and newer.
///
/// Two functions differ: `tanhf` under fast math is the `tanh.approx.f32` instruction, which
/// needs `sm_75`; below it NVRTC computes `tanhf` as without fast math (flushing subnormals).
/// `llrintf` before `sm_60` is computed in 32-bit halves (a different answer out of range).
/// Elsewhere NVRTC picks other instructions for older targets (`bfe` for a shift and a mask, a
/// branch for a select) that give the same bits.
pub fn lookup_for_arch(c_name: &str, mode: &MathMode, arch: u32) -> Option<MathFunction> {
    if arch < 60 {
        if let Some(row) = table::BEFORE_SM_60.iter().find(|row| row.name == c_name) {
            let mut f = build(row, mode);
            // Its own name: a module for one target never holds both, but a reader of the
            // PTX should see which it is.
            f.definition = f
                .definition
                .replace(&f.ptx_name, &format!("{}_before_sm60", f.ptx_name));
            f.ptx_name.push_str("_before_sm60");
            return Some(f);
        }
    }
    let f = lookup(c_name, mode)?;
    if arch < 75 && f.definition.contains("tanh.approx.f32") {
        let without_fast_math = MathMode {
            fast_math: false,
            ..mode.effective()
        };
        return lookup(c_name, &without_fast_math);
    }
    Some(f)
}

/// The `.func` name of function `c_name` in `mode`: `__cl_` and the C name, then the mode's
/// suffix.
fn ptx_name(c_name: &str, mode: &MathMode) -> String {
    format!("__cl_{c_name}{}", mode.suffix())
}

/// The functions a body calls, each once, in the order first called: its `{call:NAME}`
/// placeholders.
fn called(body: &str) -> Vec<String> {
    let mut calls: Vec<String> = Vec::new();
    let mut rest = body;
    while let Some(at) = rest.find("{call:") {
        let after = &rest[at + "{call:".len()..];
        let Some(end) = after.find('}') else {
            break;
        };
        let name = &after[..end];
        if !calls.iter().any(|c| c == name) {
            calls.push(name.to_string());
        }
        rest = &after[end..];
    }
    calls
}

/// The C names of every function [`lookup`] knows, in table order.
pub fn names() -> &'static [&'static str] {
    table::names()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of the options that change a body, once each after fast math's
    /// implications (18 of the 32).
    fn modes() -> Vec<MathMode> {
        let mut modes: Vec<MathMode> = Vec::new();
        for bits in 0u32..32 {
            let mode = MathMode {
                ftz: bits & 1 != 0,
                fast_math: bits & 2 != 0,
                prec_div: bits & 4 == 0,
                prec_sqrt: bits & 8 == 0,
                fmad: bits & 16 == 0,
            }
            .effective();
            if !modes.contains(&mode) {
                modes.push(mode);
            }
        }
        assert_eq!(modes.len(), 18);
        modes
    }

    #[test]
    fn every_function_is_one_complete_func_in_every_mode() {
        let placeholders = ["{ftz}", "{rn}", "{p", "{ret", "{call:", "{i2opi", "{sincos"];
        for mode in modes() {
            for name in names() {
                let f = lookup(name, &mode).unwrap_or_else(|| panic!("{name} is listed"));
                let text = &f.definition;
                assert_eq!(text.matches(".func").count(), 1, "{name} {mode:?}");
                assert_eq!(
                    text.matches('{').count(),
                    text.matches('}').count(),
                    "{name}"
                );
                for p in placeholders {
                    assert!(!text.contains(p), "{name} {mode:?} keeps {p}");
                }
                assert!(text.contains(&format!(") {}(", f.ptx_name)), "{name}");
                for callee in &f.calls {
                    let helper = lookup(callee, &mode).unwrap_or_else(|| panic!("{callee}"));
                    assert!(text.contains(&helper.ptx_name), "{name} calls {callee}");
                    assert!(helper.calls.is_empty(), "{callee} calls further");
                    assert!(!names().contains(&callee.as_str()), "{callee} is internal");
                }
            }
        }
    }

    #[test]
    fn names_are_unique_and_ptx_names_differ_by_mode() {
        let mut seen = std::collections::HashSet::new();
        for name in names() {
            assert!(seen.insert(*name), "{name} listed twice");
        }
        let default = lookup("sinf", &MathMode::default()).map(|f| f.ptx_name);
        let ftz = MathMode {
            ftz: true,
            ..MathMode::default()
        };
        assert_eq!(default.as_deref(), Some("__cl_sinf"));
        assert_eq!(
            lookup("sinf", &ftz).map(|f| f.ptx_name).as_deref(),
            Some("__cl_sinf_ftz")
        );
    }

    #[test]
    fn fast_tanhf_needs_sm_75() {
        let fast = MathMode {
            fast_math: true,
            ..MathMode::default()
        };
        let new = lookup_for_arch("tanhf", &fast, 90).map(|f| f.definition);
        assert!(new.unwrap_or_default().contains("tanh.approx.f32"));
        let old = lookup_for_arch("tanhf", &fast, 52).map(|f| f.definition);
        let old = old.unwrap_or_default();
        assert!(
            !old.contains("tanh.approx") && old.contains("ex2.approx.ftz.f32"),
            "{old}"
        );
        assert_eq!(lookup_for_arch("expf", &fast, 52), lookup("expf", &fast));
    }

    #[test]
    fn unknown_names_are_not_found() {
        for name in ["", "sinff", "printf", "sin f", "{call:sinf}", "__cl_sinf"] {
            assert!(lookup(name, &MathMode::default()).is_none(), "{name}");
        }
    }

    #[test]
    fn fast_math_maps_functions_onto_their_intrinsics() {
        let fast = MathMode {
            fast_math: true,
            ..MathMode::default()
        };
        let sinf = lookup("sinf", &fast)
            .map(|f| f.definition)
            .unwrap_or_default();
        assert!(sinf.contains("sin.approx.ftz.f32"), "{sinf}");
        let precise = lookup("sinf", &MathMode::default()).map(|f| f.definition);
        assert!(!precise.unwrap_or_default().contains("sin.approx"));
        let sqrtf = lookup("sqrtf", &fast)
            .map(|f| f.definition)
            .unwrap_or_default();
        assert!(sqrtf.contains("sqrt.approx.ftz.f32"), "{sqrtf}");
        // Fast math implies -ftz, approximate division and square root, whatever they say.
        assert_eq!(fast.effective().suffix(), "_fast");
        let no_fma = MathMode {
            fmad: false,
            ..fast
        };
        assert_eq!(no_fma.effective().suffix(), "_fast_nofma");
        assert_eq!(MathMode::default().suffix(), "");
    }
}
