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
    // Only names starting with `_` can parse (`_Z`, `__Z`, `_GLOBAL_`), and only they recurse;
    // a short one cannot recurse deep (each level takes at least a byte, an expression two).
    if !name.starts_with('_') {
        return name.to_string();
    }
    if name.len() <= INLINE_NAME_BYTES {
        return demangle_here(name);
    }
    on_large_stack(|| demangle_here(name)).unwrap_or_else(|| name.to_string())
}

/// Stack for demangling: the parser recurses up to its limit of 96 levels, and nested call
/// expressions (`_Z1fDTclcl…`) take over 2 MiB of stack at 47 levels in a debug build,
/// past a test thread's 2 MiB: the process aborts. Real names need at most 512 KiB.
const DEMANGLE_STACK_BYTES: usize = 32 << 20;

/// Names up to this long are demangled on the caller's stack (at most 13 levels of
/// expressions, under 1 MiB in a debug build); a thread costs some 40 µs.
const INLINE_NAME_BYTES: usize = 32;

/// `f` on a thread of its own with [`DEMANGLE_STACK_BYTES`] of stack (`None` when no thread
/// can be started); where there are no threads (WebAssembly), here.
fn on_large_stack(f: impl FnOnce() -> String + Send) -> Option<String> {
    if cfg!(target_family = "wasm") {
        return Some(f());
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("demangle".into())
            .stack_size(DEMANGLE_STACK_BYTES)
            .spawn_scoped(scope, f)
            .ok()?
            .join()
            .ok()
    })
}

/// [`demangle`] on the current thread's stack.
fn demangle_here(name: &str) -> String {
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

    /// Nested call expressions: 105 bytes took over 2 MiB of stack in a debug build.
    #[test]
    fn deeply_nested_expressions_do_not_overflow_the_stack() {
        for levels in [10, 13, 47, 60, 95, 96, 200, 10_000] {
            let name = format!("_Z1fDT{}fp_EE", "cl".repeat(levels));
            // On a thread with half a test thread's stack, where the abort would come sooner.
            let kept = std::thread::Builder::new()
                .stack_size(1 << 20)
                .spawn(move || demangle(&name) == name)
                .map(|t| t.join());
            assert!(matches!(kept, Ok(Ok(true))), "{levels} levels");
        }
        let cutlass = "_ZN7cutlass6KernelINS_4gemm6kernel4GemmIiEEEEvNT_6ParamsE";
        assert_eq!(
            demangle(cutlass),
            "void cutlass::Kernel<cutlass::gemm::kernel::Gemm<int> >(cutlass::gemm::kernel::Gemm<int>::Params)"
        );
    }
}
