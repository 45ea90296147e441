//! Hostile input to the built-in compiler, without libFuzzer: the `cuda_c` fuzz target's
//! seeds (`fuzz/seeds/cuda_c/`: deep nesting, recursive macros, a 100 KB line, a huge array
//! left unclosed, templates) and a fixed set of their mutations, each checked as the fuzz
//! target checks it (`hostile_input::check`), every compile on a thread with a deadline.

use crate::gen::Rng;
use crate::hostile_input;

use std::path::PathBuf;
use std::sync::mpsc;

fn seeds() -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/cuda_c");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// `check` on a thread of its own: a panic is reported with the input's name, and a hang
/// past twice the deadline fails the test instead of blocking it.
fn checked(name: &str, data: Vec<u8>) -> Result<(), String> {
    let saved = crate::common::realworld::target_dir().join(format!(
        "compiler-hostile-{}.bin",
        name.replace([' ', '/'], "_")
    ));
    let keep = data.clone();
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let r = std::panic::catch_unwind(|| hostile_input::check(&data));
            let _ = tx.send(r.is_ok());
        })
        .map_err(|e| e.to_string())?;
    let outcome = match rx.recv_timeout(hostile_input::DEADLINE * 2) {
        Ok(true) => return Ok(()),
        Ok(false) => "panicked (message above)".to_string(),
        Err(_) => format!("no answer in {:?}", hostile_input::DEADLINE * 2),
    };
    // The input, for the fuzz target (`cargo fuzz run cuda_c FILE`) and for reducing.
    let _ = std::fs::write(&saved, keep);
    Err(format!("{name}: {outcome} (input in {})", saved.display()))
}

/// One mutation of `data`: a byte changed, a span removed or repeated, or a token inserted.
fn mutate(r: &mut Rng, data: &[u8]) -> Vec<u8> {
    let mut d = data.to_vec();
    if d.len() < 2 {
        return d;
    }
    const TOKENS: &[&str] = &[
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "<",
        ">",
        "#define X X\n",
        "#if 1\n",
        "#endif\n",
        "\\\n",
        "template <",
        "\"",
        "'",
        "/*",
        "*/",
        "__shared__ ",
        "atomicAdd(",
        "0x",
        "1e9999",
        "sizeof(",
        "::",
        "...",
        ";",
        ",",
        "#include \"fuzz.cu\"\n",
    ];
    let at = 1 + r.below(d.len() - 1);
    match r.below(4) {
        0 => d[at] = r.next() as u8,
        1 => {
            let end = (at + r.below(64)).min(d.len());
            d.drain(at..end);
        }
        2 => {
            let end = (at + r.below(64)).min(d.len());
            let span: Vec<u8> = d[at..end].to_vec();
            for _ in 0..1 + r.below(50) {
                d.splice(at..at, span.iter().copied());
            }
        }
        _ => {
            let t = TOKENS[r.below(TOKENS.len())];
            d.splice(at..at, t.bytes());
        }
    }
    d
}

#[test]
fn fuzz_seeds_and_their_mutations_are_answered() {
    let seeds = seeds();
    assert!(seeds.len() >= 5, "{} seeds", seeds.len());
    let mut problems = Vec::new();
    let mut r = Rng::new(0xf022);
    for (name, data) in &seeds {
        if let Err(e) = checked(name, data.clone()) {
            problems.push(e);
        }
        let mut current = data.clone();
        for i in 0..20 {
            current = mutate(&mut r, &current);
            if let Err(e) = checked(&format!("{name} mutation {i}"), current.clone()) {
                problems.push(e);
                current = data.clone();
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
