//! What any input to the built-in compiler must give, shared by the `cuda_c` fuzz target
//! (`fuzz/fuzz_targets/cuda_c.rs`, through `#[path]`) and the `hostile` tests here: the
//! first byte picks the options (fast math, `-G`, `-fmad=false`, a `-D`, name expressions)
//! and the rest is the source. A refusal is fine and must say what failed (`error:` in its
//! log); a panic, a compile slower than [`DEADLINE`], or PTX the crate's own PTX parser cannot
//! read is not. It names nothing else of `tests/`.

use std::time::{Duration, Instant};

use cuda_library_compiler::{compile, Options};

/// The longest one compile of a hostile input may take (inputs are at most a few hundred KB).
pub const DEADLINE: Duration = Duration::from_secs(5);

/// The options the first byte of a fuzz input picks.
pub fn options(flags: u8) -> Options {
    let mut options = Options {
        fast_math: flags & 1 != 0,
        debug: flags & 2 != 0,
        fmad: flags & 4 == 0,
        ..Options::default()
    };
    if options.fast_math {
        options.ftz = true;
        options.prec_div = false;
        options.prec_sqrt = false;
    }
    if flags & 8 != 0 {
        options.defines.push(("N".into(), Some("4".into())));
    }
    options
}

/// Compiles `data` (options byte, then source) and checks the answer; panics with what was
/// wrong.
pub fn check(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let source = String::from_utf8_lossy(rest);
    let names: &[&str] = if flags & 16 != 0 {
        &["k<int>", "k<4>"]
    } else {
        &[]
    };
    let start = Instant::now();
    let result = compile(&source, "fuzz.cu", names, &options(flags));
    let took = start.elapsed();
    assert!(took < DEADLINE, "one compile took {took:?}");
    match result {
        Ok(out) => {
            if let Err(e) = cuda_library::ptx::parse(&out.ptx) {
                panic!(
                    "the built-in compiler wrote PTX the crate cannot read: {e:?}\n{}",
                    out.ptx
                );
            }
        }
        Err(e) => assert!(
            e.log.contains("error"),
            "a refusal without an error: {:?}",
            e.log
        ),
    }
}
