//! Symbol names: C++ demangling.

/// Demangles a C++ symbol (`_Z5scaleIfEvPT_S0_i` → `void scale<float>(float*, float, int)`);
/// returns the name unchanged when it is not mangled, or when it parses but cannot be
/// printed (a hostile name: `cpp_demangle`'s `Display` fails on some, and `to_string` would
/// panic).
///
/// ```
/// assert_eq!(cuda_library::demangle("_ZN2ns10namespacedEPi"), "ns::namespaced(int*)");
/// assert_eq!(cuda_library::demangle("saxpy"), "saxpy");
/// // Parses, but its length prefix runs past the name: not printable, so kept as is.
/// assert_eq!(cuda_library::demangle("_Z8scaleIdEvPT_S0_i"), "_Z8scaleIdEvPT_S0_i");
/// ```
pub fn demangle(name: &str) -> String {
    cpp_demangle::Symbol::new(name)
        .ok()
        .and_then(|sym| sym.demangle(&Default::default()).ok())
        .unwrap_or_else(|| name.to_string())
}
