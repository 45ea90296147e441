//! Symbol names: C++ demangling.

/// Demangles a C++ symbol (`_Z5scaleIfEvPT_S0_i` → `void scale<float>(float*, float, int)`);
/// returns the name unchanged when it is not mangled.
///
/// ```
/// assert_eq!(cuda_library::demangle("_ZN2ns10namespacedEPi"), "ns::namespaced(int*)");
/// assert_eq!(cuda_library::demangle("saxpy"), "saxpy");
/// ```
pub fn demangle(name: &str) -> String {
    match cpp_demangle::Symbol::new(name) {
        Ok(sym) => sym.to_string(),
        Err(_) => name.to_string(),
    }
}
