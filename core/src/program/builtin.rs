//! The bridge from [`Program`](crate::Program) to the built-in compiler
//! (`cuda-library-compiler`): NVRTC-style options in, an [`ObjectCode`] or
//! [`Error::Compile`] out.

use crate::compiler::{Compiler, COMPILER_ENV};
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::nvrtc_options::{self, UnknownOption};
use crate::object_code::ObjectCode;

/// The choice `options` leave: `options` unless it is `Auto`, then `CUDA_LIBRARY_COMPILER`
/// (an unknown value is an error rather than a silent default).
pub(super) fn requested(options: Compiler) -> Result<Compiler> {
    if options != Compiler::Auto {
        return Ok(options);
    }
    match std::env::var(COMPILER_ENV) {
        Ok(v) => v.parse().map_err(|_| {
            Error::InvalidArgument(format!(
                "{COMPILER_ENV}=`{v}` is not a compiler: set it to auto, nvrtc or builtin"
            ))
        }),
        Err(_) => Ok(Compiler::Auto),
    }
}

/// The built-in compiler's name and version, as logs and displays show it.
pub(super) fn builtin_identity() -> String {
    format!("built-in compiler {}", cuda_library_compiler::VERSION)
}

/// The built-in compiler's options for NVRTC-style `args` (`-arch=compute_90`, `-D..`,
/// `-I..`, `-include=`/`--pre-include=`, `--use_fast_math`, `-ftz=`, `-prec-div=`,
/// `-prec-sqrt=`, `-fmad=`, `-G`), read by the same reader as the compile cache's. Options
/// that change no PTX the built-in compiler writes (`-std=`, `-lineinfo`) are accepted; any
/// other is refused by name, so a compile never silently means something else.
fn builtin_options(
    args: &[String],
    headers: &[(&str, &str)],
) -> std::result::Result<cuda_library_compiler::Options, String> {
    let mut o = cuda_library_compiler::Options {
        headers: headers
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
        ..Default::default()
    };
    let options = nvrtc_options::read(args).map_err(|e| match e {
        UnknownOption::NotAnOption(a) | UnknownOption::Undocumented(a) => {
            format!("`{a}` is not an option NVRTC 12.9 documents")
        }
    })?;
    for option in options {
        let text = option.text;
        let value = || {
            option
                .value
                .map(str::to_string)
                .ok_or_else(|| format!("`{text}` needs a value"))
        };
        let flag = || match option.value {
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            _ => Err(format!(
                "`{text}`: write `-{}=true` or `-{}=false`",
                option.name, option.name
            )),
        };
        match option.name {
            "gpu-architecture" => {
                let arch = value()?;
                let digits: String = arch
                    .trim_start_matches("compute_")
                    .trim_start_matches("sm_")
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                o.arch = digits
                    .parse()
                    .map_err(|_| format!("`{arch}` is not an architecture"))?;
            }
            "define-macro" => {
                let d = value()?;
                o.defines.push(match d.split_once('=') {
                    Some((k, v)) => (k.to_string(), Some(v.to_string())),
                    None => (d, None),
                });
            }
            "pre-include" => o.pre_includes.push(value()?),
            "include-path" => o.include_paths.push(value()?.into()),
            "use_fast_math" => o.fast_math = true,
            "ftz" => o.ftz = flag()?,
            "prec-div" => o.prec_div = flag()?,
            "prec-sqrt" => o.prec_sqrt = flag()?,
            "fmad" => o.fmad = flag()?,
            "device-debug" => o.debug = true,
            // Nothing the built-in compiler writes depends on these.
            "std" | "generate-line-info" => {}
            _ => {
                return Err(format!(
                    "the built-in compiler does not take the option `{text}`; NVRTC does \
                     (ProgramOptions::compiler = Compiler::Nvrtc)"
                ))
            }
        }
    }
    Ok(o)
}

/// Compiles `source` with the built-in compiler: PTX, or [`Error::Compile`] with its log.
pub(super) fn compile_builtin(
    source: &str,
    name: &str,
    target: ImageKind,
    args: Vec<String>,
    headers: &[(&str, &str)],
    name_expressions: &[&str],
) -> Result<ObjectCode> {
    if target != ImageKind::Ptx {
        return Err(Error::Unsupported(format!(
            "the built-in compiler makes PTX, not a {target}: compile to ImageKind::Ptx (it \
             runs on both backends), or use NVRTC (Compiler::Nvrtc) for cubin and LTO-IR"
        )));
    }
    let fail = |log: String, args: Vec<String>| Error::Compile {
        compiler: format!("The {}", builtin_identity()),
        program: name.to_string(),
        options: args,
        log,
    };
    let options = match builtin_options(&args, headers) {
        Ok(o) => o,
        Err(why) => return Err(fail(format!("error: {why}"), args)),
    };
    match cuda_library_compiler::compile(source, name, name_expressions, &options) {
        Ok(out) => {
            let mut code = ObjectCode::from_ptx(out.ptx.into_bytes())
                .with_name(name.to_string())
                .with_symbol_mapping(
                    out.lowered_names
                        .into_iter()
                        .collect::<std::collections::BTreeMap<_, _>>(),
                )
                .with_compiler(builtin_identity());
            code.log = out.log;
            Ok(code)
        }
        Err(e) => Err(fail(e.log, args)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn nvrtc_style_options_map_onto_the_builtin_compiler() {
        let o = builtin_options(
            &args(&[
                "-arch=compute_80",
                "-DN=4",
                "-DFLAG",
                "--use_fast_math",
                "-fmad=false",
                "-G",
                "-std=c++17",
            ]),
            &[],
        )
        .unwrap();
        assert_eq!(o.arch, 80);
        assert_eq!(
            o.defines,
            vec![("N".into(), Some("4".into())), ("FLAG".into(), None)]
        );
        assert!(o.fast_math && !o.fmad && o.debug);
    }

    #[test]
    fn an_unknown_option_is_refused_by_name() {
        let e = builtin_options(&args(&["-rdc=true"]), &[]).unwrap_err();
        assert!(e.contains("-rdc=true") && e.contains("NVRTC"), "{e}");
        let e = builtin_options(&args(&["-fmad=maybe"]), &[]).unwrap_err();
        assert!(e.contains("-fmad=true") && e.contains("-fmad=false"), "{e}");
        let e = builtin_options(&args(&["--no-such-option"]), &[]).unwrap_err();
        assert!(
            e.contains("--no-such-option") && e.contains("NVRTC 12.9"),
            "{e}"
        );
        let e = builtin_options(&args(&["-arch"]), &[]).unwrap_err();
        assert!(e.contains("needs a value"), "{e}");
    }

    #[test]
    fn a_pre_included_header_comes_first_and_moves_no_line() {
        let headers = [("pre.h", "#define V 7\n")];
        let kernel = "extern \"C\" __global__ void k(int* p) { *p = V; }\n";
        for spelling in [
            &["-include=pre.h"][..],
            &["-include", "pre.h"],
            &["--pre-include=pre.h"],
        ] {
            let code = compile_builtin(
                kernel,
                "p.cu",
                ImageKind::Ptx,
                args(spelling),
                &headers,
                &[],
            )
            .unwrap();
            assert!(code.ptx_text().unwrap().contains(", 7;"), "{spelling:?}");
        }
        let broken = format!("{kernel}\nint x = ;\n");
        let e = compile_builtin(
            &broken,
            "p.cu",
            ImageKind::Ptx,
            args(&["-include=pre.h"]),
            &headers,
            &[],
        )
        .unwrap_err();
        assert!(e.to_string().contains("p.cu:3:"), "{e}");
    }

    #[test]
    fn cubin_is_refused_with_what_to_do() {
        let e = compile_builtin("", "p.cu", ImageKind::Cubin, vec![], &[], &[]).unwrap_err();
        assert!(e.to_string().contains("ImageKind::Ptx"), "{e}");
    }
}
