//! Arguments of the right size and the wrong kind. The core checks each launch argument's
//! size against the kernel's parameter, as the driver does; a `float` where the PTX declares
//! `.u32` has the right size and passes, and the kernel reads its bits as an integer (1024.0
//! arrives as 1149239296), which often faults much later "outside every allocation". A PTX
//! image declares each parameter's type, so the playground warns about such an argument
//! before the launch, naming the argument and the method that passes the declared type.
//!
//! Integers of either sign are one kind here: NVRTC declares an `int` parameter `.u32`, so a
//! signedness check would warn about correct code. `.b32`/`.b64` parameters take anything of
//! their size.

use std::cell::RefCell;

use crate::session::Arg;

thread_local! {
    static WARNINGS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// A tensor map's size, as a `Kind` holds it.
const MAP_BYTES: u8 = 128;
const _: () = assert!(MAP_BYTES as usize == cuda_library::TENSOR_MAP_BYTES);

/// What a value is, as far as a parameter's type can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An integer or an address, of this many bytes.
    Int(u8),
    /// A floating-point number, of this many bytes.
    Float(u8),
    /// Opaque bytes of this size (a tensor map), which only an untyped parameter takes.
    Opaque(u8),
}

impl Kind {
    fn of_arg(a: &Arg) -> Kind {
        match a {
            Arg::I32(_) | Arg::U32(_) => Kind::Int(4),
            Arg::I64(_) | Arg::U64(_) | Arg::Ptr(_) | Arg::Managed(_) => Kind::Int(8),
            Arg::F32(_) => Kind::Float(4),
            Arg::F64(_) => Kind::Float(8),
            Arg::TensorMap(_) => Kind::Opaque(MAP_BYTES),
        }
    }

    /// The kind a PTX parameter type declares; `None` for untyped bits (`.b32`), arrays and
    /// aggregates, which take any argument of their size.
    fn of_ptx(ty: &str) -> Option<Kind> {
        Some(match ty.trim_start_matches('.') {
            "u8" | "s8" => Kind::Int(1),
            "u16" | "s16" => Kind::Int(2),
            "u32" | "s32" => Kind::Int(4),
            "u64" | "s64" => Kind::Int(8),
            "f32" => Kind::Float(4),
            "f64" => Kind::Float(8),
            _ => return None,
        })
    }

    fn size(self) -> u8 {
        match self {
            Kind::Int(n) | Kind::Float(n) | Kind::Opaque(n) => n,
        }
    }
}

/// How the argument was given, as the snippet wrote it (`.f32(1024)`).
fn written(a: &Arg) -> String {
    match a {
        Arg::I32(v) => format!(".i32({v})"),
        Arg::U32(v) => format!(".u32({v})"),
        Arg::I64(v) => format!(".i64({v})"),
        Arg::U64(v) => format!(".u64({v})"),
        Arg::F32(v) => format!(".f32({v})"),
        Arg::F64(v) => format!(".f64({v})"),
        Arg::Ptr(_) => ".buffer(…)".to_string(),
        Arg::Managed(_) => ".managed(…)".to_string(),
        Arg::TensorMap(_) => ".tensorMap(…)".to_string(),
    }
}

/// What the kernel reads from the argument's bytes as the declared kind.
fn read_as(a: &Arg, declared: Kind) -> String {
    match (a, declared) {
        (Arg::F32(v), Kind::Int(_)) => v.to_bits().to_string(),
        (Arg::F64(v), Kind::Int(_)) => v.to_bits().to_string(),
        (Arg::I32(v), Kind::Float(_)) => f32::from_bits(*v as u32).to_string(),
        (Arg::U32(v), Kind::Float(_)) => f32::from_bits(*v).to_string(),
        (Arg::I64(v), Kind::Float(_)) => f64::from_bits(*v as u64).to_string(),
        (Arg::U64(v), Kind::Float(_)) => f64::from_bits(*v).to_string(),
        (Arg::Ptr(p) | Arg::Managed(p), Kind::Float(_)) => f64::from_bits(p.0).to_string(),
        _ => "the same value".to_string(),
    }
}

/// The `Args` methods that pass a parameter of the declared type.
fn methods_for(declared: &str) -> &'static str {
    match declared.trim_start_matches('.') {
        "u32" => ".u32(…) or .i32(…)",
        "s32" => ".i32(…)",
        "u64" => ".u64(…), .buffer(…) or .address(…)",
        "s64" => ".i64(…)",
        "f32" => ".f32(…)",
        "f64" => ".f64(…)",
        _ => "the method of its type",
    }
}

/// The warnings for a launch of `kernel` with `args`, given the parameters' PTX types
/// (`None` where the image does not say): one per argument of the parameter's size and
/// another kind. Arguments of another size are the core's error, not a warning.
pub fn mismatches(kernel: &str, declared: &[Option<String>], args: &[Arg]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (arg, ty)) in args.iter().zip(declared).enumerate() {
        let Some(ty) = ty else { continue };
        let Some(want) = Kind::of_ptx(ty) else {
            continue;
        };
        let given = Kind::of_arg(arg);
        if given == want || given.size() != want.size() {
            continue;
        }
        let (given_kind, want_kind) = match want {
            Kind::Int(_) => ("a floating-point number", "an integer"),
            Kind::Float(_) => ("an integer", "a floating-point number"),
            // No PTX type declares opaque bytes: arrays take any argument of their size.
            Kind::Opaque(_) => continue,
        };
        out.push(format!(
            "warning: argument {i} of kernel `{kernel}` is {given_kind} ({}) but the PTX \
             declares the parameter `{ty}`: the kernel reads its {} bytes as {want_kind}, \
             {}; pass it with {}",
            written(arg),
            want.size(),
            read_as(arg, want),
            methods_for(ty)
        ));
    }
    out
}

/// Keeps `warnings` for the page, which shows them after the call that made them.
pub fn warn(warnings: Vec<String>) {
    if !warnings.is_empty() {
        WARNINGS.with(|w| w.borrow_mut().extend(warnings));
    }
}

/// The warnings since the last call (taken: a second call returns none).
pub fn take_warnings() -> Vec<String> {
    WARNINGS.with(|w| std::mem::take(&mut *w.borrow_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cuda_library::DevicePtr;

    fn types(ts: &[&str]) -> Vec<Option<String>> {
        ts.iter().map(|t| Some(t.to_string())).collect()
    }

    #[test]
    fn a_float_for_an_integer_parameter_is_named_with_the_bits_the_kernel_reads() {
        let w = mismatches(
            "fill",
            &types(&[".u64", ".u32"]),
            &[Arg::Ptr(DevicePtr(0x1000)), Arg::F32(1024.0)],
        );
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(
            w[0],
            "warning: argument 1 of kernel `fill` is a floating-point number (.f32(1024)) but \
             the PTX declares the parameter `.u32`: the kernel reads its 4 bytes as an integer, \
             1149239296; pass it with .u32(…) or .i32(…)"
        );
    }

    #[test]
    fn an_integer_for_a_float_parameter_is_named() {
        let w = mismatches("scale", &types(&[".f64"]), &[Arg::U64(1)]);
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("is an integer (.u64(1))"), "{}", w[0]);
        assert!(w[0].contains("pass it with .f64(…)"), "{}", w[0]);
    }

    #[test]
    fn matching_kinds_untyped_bits_other_sizes_and_unknown_types_pass_silently() {
        let args = [
            Arg::I32(-1),                // .u32: NVRTC's `int`
            Arg::Ptr(DevicePtr(0x2000)), // .u64
            Arg::F32(1.0),               // .b32: any 4 bytes
            Arg::F64(2.0),               // .f32: another size, the core's error
        ];
        let declared = vec![
            Some(".u32".to_string()),
            Some(".u64".to_string()),
            Some(".b32".to_string()),
            Some(".f32".to_string()),
        ];
        assert!(mismatches("k", &declared, &args).is_empty());
        assert!(mismatches("k", &[None], &[Arg::F32(1.0)]).is_empty());
    }

    #[test]
    fn warnings_are_taken_once() {
        warn(vec!["one".to_string()]);
        warn(Vec::new());
        assert_eq!(take_warnings(), vec!["one".to_string()]);
        assert!(take_warnings().is_empty());
    }
}
