//! NVRTC's command-line options, read the way NVRTC reads them, in one place: the compile
//! cache asks which files an option makes a compile read, the built-in compiler what an option
//! means, and both must see the same option in the same spelling.
//!
//! An option is written `--long-name` or `-short` (either with one dash), with its value after
//! `=` or as the next argument; `-D`, `-U` and `-I` also take their value glued on (`-DN=4`).

/// NVRTC's options (12.9's `nvrtc.h`): the long name first, then any short names, without
/// their dashes; `true` where the option takes a value.
const OPTIONS: &[(&[&str], bool)] = &[
    (&["gpu-architecture", "arch"], true),
    (&["device-c", "dc"], false),
    (&["device-w", "dw"], false),
    (&["relocatable-device-code", "rdc"], true),
    (&["extensible-whole-program", "ewp"], false),
    (&["device-debug", "G"], false),
    (&["generate-line-info", "lineinfo"], false),
    (&["dopt"], true),
    (&["Ofast-compile", "Ofc"], true),
    (&["ptxas-options", "Xptxas"], true),
    (&["maxrregcount"], true),
    (&["ftz"], true),
    (&["prec-sqrt"], true),
    (&["prec-div"], true),
    (&["fmad"], true),
    (&["use_fast_math"], false),
    (&["extra-device-vectorization"], false),
    (&["modify-stack-limit"], true),
    (&["dlink-time-opt", "dlto"], false),
    (&["gen-opt-lto"], false),
    (&["optix-ir"], false),
    (&["jump-table-density", "jtd"], true),
    (&["device-stack-protector"], true),
    (&["no-cache"], false),
    (&["frandom-seed"], true),
    (&["define-macro", "D"], true),
    (&["undefine-macro", "U"], true),
    (&["include-path", "I"], true),
    (&["pre-include", "include"], true),
    (&["no-source-include"], false),
    (&["std"], true),
    (&["builtin-move-forward"], true),
    (&["builtin-initializer-list"], true),
    (&["pch"], false),
    (&["create-pch"], true),
    (&["use-pch"], true),
    (&["pch-dir"], true),
    (&["pch-verbose"], true),
    (&["pch-messages"], true),
    (&["instantiate-templates-in-pch"], true),
    (&["disable-warnings", "w"], false),
    (&["restrict"], false),
    (
        &["device-as-default-execution-space", "default-device"],
        false,
    ),
    (&["device-int128"], false),
    (&["device-float128"], false),
    (&["optimization-info", "opt-info"], true),
    (&["display-error-number", "err-no"], false),
    (&["no-display-error-number", "no-err-no"], false),
    (&["diag-error"], true),
    (&["diag-suppress"], true),
    (&["diag-warn"], true),
    (&["brief-diagnostics", "brief-diag"], true),
    (&["time"], true),
    (&["split-compile"], true),
    (&["fdevice-syntax-only"], false),
    (&["minimal"], false),
    (&["fdevice-time-trace"], true),
];

/// One option as it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NvrtcOption<'a> {
    /// Its long name, without dashes (`include-path` for `-I`).
    pub name: &'static str,
    /// Its value, for an option that takes one (`None` when the arguments ended first).
    pub value: Option<&'a str>,
    /// The argument as written (the option's, not its value's when that came next).
    pub text: &'a str,
}

/// An argument that is not one of NVRTC's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum UnknownOption {
    /// It does not start with a dash.
    NotAnOption(String),
    /// NVRTC 12.9 does not document it.
    Undocumented(String),
}

/// The long name and whether it takes a value, for a name in any spelling.
fn option(name: &str) -> Option<(&'static str, bool)> {
    OPTIONS
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|&(names, takes_value)| (names[0], takes_value))
}

/// Reads `args` into NVRTC's options, in order.
pub(crate) fn read(args: &[String]) -> Result<Vec<NvrtcOption<'_>>, UnknownOption> {
    let mut out = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let text = arg.as_str();
        let body = text
            .strip_prefix("--")
            .or_else(|| text.strip_prefix('-'))
            .ok_or_else(|| UnknownOption::NotAnOption(arg.clone()))?;
        let (name, value) = if let Some((name, takes_value)) = option(body) {
            let value = if takes_value {
                rest.next().map(String::as_str)
            } else {
                None
            };
            (name, value)
        } else if let Some((name, v)) = body
            .split_once('=')
            .and_then(|(name, v)| Some((option(name)?, v)))
            .filter(|((_, takes_value), _)| *takes_value)
        {
            (name.0, Some(v))
        } else if let Some((name, _)) = body
            .get(..1)
            .filter(|first| matches!(*first, "D" | "U" | "I"))
            .and_then(option)
        {
            (name, body.get(1..))
        } else {
            return Err(UnknownOption::Undocumented(arg.clone()));
        };
        out.push(NvrtcOption { name, value, text });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    fn named(a: &[&str]) -> Vec<(&'static str, Option<String>)> {
        read(&args(a))
            .unwrap()
            .into_iter()
            .map(|o| (o.name, o.value.map(str::to_string)))
            .collect()
    }

    #[test]
    fn every_spelling_reads_as_the_long_name_and_its_value() {
        let value = |v: &str| Some(v.to_string());
        assert_eq!(
            named(&[
                "-Ia",
                "-I",
                "b",
                "-I=c",
                "--include-path=d",
                "-DN=4",
                "-D",
                "M",
                "--define-macro=K",
                "-arch=compute_80",
                "--gpu-architecture",
                "sm_90",
                "-G",
                "--use_fast_math",
                "-use_fast_math",
                "-fmad=false",
            ]),
            vec![
                ("include-path", value("a")),
                ("include-path", value("b")),
                ("include-path", value("c")),
                ("include-path", value("d")),
                ("define-macro", value("N=4")),
                ("define-macro", value("M")),
                ("define-macro", value("K")),
                ("gpu-architecture", value("compute_80")),
                ("gpu-architecture", value("sm_90")),
                ("device-debug", None),
                ("use_fast_math", None),
                ("use_fast_math", None),
                ("fmad", value("false")),
            ]
        );
    }

    #[test]
    fn a_value_given_to_an_option_that_takes_none_is_not_an_option() {
        assert_eq!(
            read(&args(&["-G=1"])),
            Err(UnknownOption::Undocumented("-G=1".into()))
        );
        assert_eq!(
            read(&args(&["x.h"])),
            Err(UnknownOption::NotAnOption("x.h".into()))
        );
    }

    #[test]
    fn an_option_missing_its_value_at_the_end_reads_as_none() {
        assert_eq!(named(&["-I"]), vec![("include-path", None)]);
    }
}
