//! Builds a math function's PTX `.func` text from its body.
//!
//! A body is PTX written with NVRTC's register names (`%f`, `%fd`, `%r`, `%rd`, `%p`); the
//! declarations are counted from what it uses. It may use these placeholders:
//!
//! | placeholder | becomes |
//! |---|---|
//! | `{p0}`, `{p1}`, ... | the parameters' `.param` names |
//! | `{ret}`, `{ret1}` | the results' `.param` names (`func_retval0`, `func_retval1`) |
//! | `{ftz}` | `.ftz` where the mode flushes single-precision subnormals, else nothing |
//! | `{rn}` | `.rn` where the mode forbids contraction (`-fmad=false`), else nothing: NVRTC writes a plain `mul.f32`/`add.f32` that `ptxas` may fuse only when contraction is allowed |
//! | `{i2opi_f}`, `{i2opi_d}`, `{sincos_coeffs}` | the name of a read-only table this function reads (2/π's bits, the double sine and cosine coefficients), declared before the `.func` under a name of its own |
//!
//! Parameters and results move with `ld.param.b32`/`st.param.b32` (`.b64`), not `.f32`: they
//! are bit patterns, and a typed float move may not keep a signalling NaN's payload (the
//! simulator's `ld.param.f32`/`st.param.f32` quiet it, which NVRTC's inlined code never meets).

use super::{MathMode, Scalar};

/// 2/π's bits as 32-bit words, least significant first: the table the single-precision
/// Payne–Hanek argument reduction multiplies by (a mathematical constant).
const TWO_OVER_PI_32: [u32; 6] = [
    0x3C43_9041,
    0xDB62_9599,
    0xF534_DDC0,
    0xFC27_57D1,
    0x4E44_1529,
    0xA2F9_836E,
];

/// 2/π's bits as 64-bit words, least significant first: the table the double-precision
/// Payne–Hanek argument reduction multiplies by (its top three words are `TWO_OVER_PI_32`'s).
const TWO_OVER_PI_64: [u64; 18] = [
    0x6BFB_5FB1_1F8D_5D08,
    0x3D07_39F7_8A52_92EA,
    0x7527_BAC7_EBE5_F17B,
    0x4F46_3F66_9E5F_EA2D,
    0x6D36_7ECF_27CB_09B7,
    0xEF2F_118B_5A0A_6D1F,
    0x1FF8_97FF_DE05_980F,
    0x9C84_5F8B_BDF9_283B,
    0x3991_D639_8353_39F4,
    0xE99C_7026_B45F_7E41,
    0xE882_35F5_2EBB_4484,
    0xFE1D_EB1C_B129_A73E,
    0x0649_2EEA_09D1_921C,
    0xB724_6E3A_424D_D2E0,
    0xFE51_63AB_DEBB_C561,
    0xDB62_9599_3C43_9041,
    0xFC27_57D1_F534_DDC0,
    0xA2F9_836E_4E44_1529,
];

/// The double-precision sine and cosine polynomials' coefficients as `f64` bits, in the
/// order the polynomial evaluation reads them: the sine's seven (highest degree first, the
/// last two zero), then the cosine's eight, then a zero word of padding.
const SIN_COS_COEFFICIENTS: [u64; 16] = [
    0xBE5A_E5F1_2CB0_D246,
    0x3EC7_1DE3_69AC_E392,
    0xBF2A_01A0_19DB_62A1,
    0x3F81_1111_1111_0818,
    0xBFC5_5555_5555_5554,
    0x0000_0000_0000_0000,
    0x0000_0000_0000_0000,
    0xBDA8_FF83_20FD_8164,
    0x3E21_EEA7_C1EF_8528,
    0xBE92_7E4F_8E06_E6D9,
    0x3EFA_01A0_19DD_BCE9,
    0xBF56_C16C_16C1_5D47,
    0x3FA5_5555_5555_5551,
    0xBFE0_0000_0000_0000,
    0x3FF0_0000_0000_0000,
    0x0000_0000_0000_0000,
];

/// The read-only tables a body may name by placeholder: the placeholder, the suffix of the
/// table's name, its alignment and its bytes.
fn tables() -> [(&'static str, &'static str, u32, Vec<u8>); 3] {
    [
        (
            "{i2opi_f}",
            "_i2opi",
            4,
            TWO_OVER_PI_32
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect(),
        ),
        (
            "{i2opi_d}",
            "_i2opi",
            8,
            TWO_OVER_PI_64
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect(),
        ),
        (
            "{sincos_coeffs}",
            "_coeffs",
            16,
            SIN_COS_COEFFICIENTS
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect(),
        ),
    ]
}

/// The highest index plus one of each register family `body` uses, as declarations.
fn register_declarations(body: &str) -> String {
    // (prefix, declared type); longer prefixes first so `%fd1` is not read as `%f`.
    const FAMILIES: [(&str, &str); 6] = [
        ("%fd", ".f64"),
        ("%rd", ".b64"),
        ("%rs", ".b16"),
        ("%f", ".f32"),
        ("%r", ".b32"),
        ("%p", ".pred"),
    ];
    let mut counts = [0usize; FAMILIES.len()];
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let rest = &body[i..];
            if let Some(k) = FAMILIES.iter().position(|(p, _)| {
                rest.starts_with(p) && rest[p.len()..].starts_with(|c: char| c.is_ascii_digit())
            }) {
                let digits_start = i + FAMILIES[k].0.len();
                let digits_len = body[digits_start..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(body.len() - digits_start);
                if let Ok(n) = body[digits_start..digits_start + digits_len].parse::<usize>() {
                    counts[k] = counts[k].max(n.saturating_add(1));
                }
                i = digits_start + digits_len;
                continue;
            }
        }
        i += 1;
    }
    let mut out = String::new();
    for (k, (prefix, ty)) in FAMILIES.iter().enumerate() {
        if counts[k] > 0 {
            out.push_str(&format!("\t.reg {ty} \t{prefix}<{}>;\n", counts[k]));
        }
    }
    out
}

/// The `.param` declaration of one parameter or result.
fn param_decl(ty: Scalar, name: &str) -> String {
    format!(".param .b{} {name}", ty.bits())
}

/// The complete module-scope text of the function `ptx_name` with `body` (see the module's
/// placeholders) for `mode`.
pub(super) fn definition(
    ptx_name: &str,
    params: &[Scalar],
    rets: &[Scalar],
    body: &str,
    mode: &MathMode,
) -> String {
    let mut text = body
        .replace("{ftz}", if mode.ftz { ".ftz" } else { "" })
        .replace("{rn}", if mode.fmad { "" } else { ".rn" })
        .replace("{ret}", "func_retval0");
    for i in 1..rets.len() {
        text = text.replace(&format!("{{ret{i}}}"), &format!("func_retval{i}"));
    }
    for i in 0..params.len() {
        text = text.replace(&format!("{{p{i}}}"), &format!("{ptx_name}_param_{i}"));
    }
    let mut prefix = String::new();
    for (placeholder, suffix, align, bytes) in tables() {
        if text.contains(placeholder) {
            let name = format!("{ptx_name}{suffix}");
            let bytes: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
            prefix.push_str(&format!(
                ".global .align {align} .b8 {name}[{}] = {{{}}};\n",
                bytes.len(),
                bytes.join(", ")
            ));
            text = text.replace(placeholder, &name);
        }
    }
    let ret_decls: Vec<String> = rets
        .iter()
        .enumerate()
        .map(|(i, ty)| param_decl(*ty, &format!("func_retval{i}")))
        .collect();
    let param_decls: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(i, ty)| format!("\t{}", param_decl(*ty, &format!("{ptx_name}_param_{i}"))))
        .collect();
    format!(
        "{prefix}.func ({}) {ptx_name}(\n{}\n)\n{{\n{}{}\n}}\n",
        ret_decls.join(", "),
        param_decls.join(",\n"),
        register_declarations(&text),
        text.trim_end()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_are_declared_from_their_highest_use() {
        let decls = register_declarations("mov.f32 %f3, %f12; setp.eq.f64 %p2, %fd1, %fd4; %rd7");
        assert!(decls.contains(".reg .f32 \t%f<13>;"), "{decls}");
        assert!(decls.contains(".reg .f64 \t%fd<5>;"), "{decls}");
        assert!(decls.contains(".reg .pred \t%p<3>;"), "{decls}");
        assert!(decls.contains(".reg .b64 \t%rd<8>;"), "{decls}");
        assert!(!decls.contains("%r<"), "{decls}");
    }

    #[test]
    fn placeholders_follow_the_mode() {
        let body = "ld.param.b32 %f1, [{p0}];\nmul{rn}{ftz}.f32 %f2, %f1, %f1;\nst.param.b32 [{ret}], %f2;\nret;";
        let default = definition(
            "__cl_sq",
            &[Scalar::F32],
            &[Scalar::F32],
            body,
            &MathMode::default(),
        );
        assert!(default.contains("mul.f32 %f2"), "{default}");
        assert!(default.contains("[__cl_sq_param_0]"), "{default}");
        assert!(
            default.contains(".func (.param .b32 func_retval0) __cl_sq("),
            "{default}"
        );
        let strict = MathMode {
            ftz: true,
            fmad: false,
            ..MathMode::default()
        };
        let strict = definition("__cl_sq", &[Scalar::F32], &[Scalar::F32], body, &strict);
        assert!(strict.contains("mul.rn.ftz.f32 %f2"), "{strict}");
    }

    #[test]
    fn the_two_over_pi_table_is_declared_under_the_functions_name() {
        let body = "mov.u64 %rd1, {i2opi_f};\nret;";
        let text = definition(
            "__cl_t",
            &[Scalar::F32],
            &[Scalar::F32],
            body,
            &MathMode::default(),
        );
        assert!(
            text.starts_with(".global .align 4 .b8 __cl_t_i2opi[24] = {65, 144, 67, 60,"),
            "{text}"
        );
        assert!(text.contains("mov.u64 %rd1, __cl_t_i2opi;"), "{text}");
    }
}
