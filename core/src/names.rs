//! Symbol names: C++ demangling.

use std::fmt;

/// The longest demangled name kept: a name whose substitutions nest double at each level
/// demangles to 2^n times its length (245 bytes gave 54 MB in 10 s), so writing stops here
/// and the mangled name is kept. Real template-heavy kernels (CUTLASS, CUB) stay well below.
pub(crate) const DEMANGLED_MAX_BYTES: usize = 16 << 10;

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
    let Ok(sym) = cpp_demangle::Symbol::new(name) else {
        return name.to_string();
    };
    // Longer than DEMANGLED_MAX_BYTES: kept mangled, like a name that cannot be printed.
    let mut out = Capped(String::new());
    match sym.structured_demangle(&mut out, &Default::default()) {
        Ok(()) => out.0,
        Err(fmt::Error) => name.to_string(),
    }
}

/// Text that refuses to grow past [`DEMANGLED_MAX_BYTES`].
struct Capped(String);

impl fmt::Write for Capped {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.0.len().saturating_add(s.len()) > DEMANGLED_MAX_BYTES {
            return Err(fmt::Error);
        }
        self.0.push_str(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `f(a, b<a, a>, b<S1, S1>, ...)`: each argument doubles the one before it.
    fn doubling(levels: usize) -> String {
        let base36 = |mut n: usize| {
            let mut digits = Vec::new();
            while n > 0 {
                digits.push(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 36]);
                n /= 36;
            }
            digits.reverse();
            String::from_utf8(digits).unwrap_or_default()
        };
        let mut name = String::from("_Z1f1a1bIS_S_E");
        for i in 1..levels {
            let prev = format!("S{}_", base36(i));
            name.push_str(&format!("S0_I{prev}{prev}E"));
        }
        name
    }

    #[test]
    fn a_name_that_demangles_exponentially_is_kept_mangled() {
        assert_eq!(
            demangle(&doubling(2)),
            "f(a, b<a, a>, b<b<a, a>, b<a, a> >)"
        );
        let start = std::time::Instant::now();
        for levels in [22, 40, 200] {
            let name = doubling(levels);
            assert_eq!(demangle(&name), name);
        }
        assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
    }
}
