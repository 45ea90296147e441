//! Every CUDA C kernel the crate shows its users, compiled by NVRTC and by the built-in
//! compiler and run both ways on the simulator: `tests/fixtures/corpus.cu` with the inputs
//! of `tests/common/cases.rs`, and the sources in the README, the examples, the notebooks
//! and the guides (string literals holding `__global__`, found where they are written, so a
//! new one is compared without anyone listing it) with generated inputs.

use crate::common::cases;
use crate::common::nvrtc;
use crate::harness::{self, Mode, Outcome, Source};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cuda_library::Error;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The corpus cases' kernels (symbols or name expressions) that agree under every mode
/// tried, at least: the floor rises as the built-in compiler grows.
const CORPUS_AGREE_FLOOR: usize = 27;

/// corpus.cu cases that differ from NVRTC under a mode for a reason in `FINDINGS.md`: (case,
/// mode, finding). One that agrees fails the test until it is taken off.
const CORPUS_KNOWN: &[(&str, Mode, &str)] = &[("precise_math", Mode::FastMath, "F12")];

/// Sources in the docs, examples and notebooks the built-in compiler compiles and agrees
/// on, at least.
const DOCS_AGREE_FLOOR: usize = 13;

/// `tests/fixtures/corpus.cu`'s 27+ cases, each run on NVRTC's and the built-in compiler's
/// PTX with the same inputs; every output buffer compared.
#[test]
fn corpus_cu_agrees_with_nvrtc() {
    let src = Source {
        name: "corpus.cu".into(),
        text: std::fs::read_to_string(root().join("tests/fixtures/corpus.cu")).unwrap(),
        names: cases::NAME_EXPRESSIONS
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ..Default::default()
    };
    let _turn = harness::turn();
    let ctx = harness::context();
    let stream = ctx.create_stream().unwrap();
    let all = cases::all();
    assert!(all.len() >= 27, "corpus.cu has {} cases", all.len());
    let mut agree = 0;
    let mut wrong = Vec::new();
    let mut refused = Vec::new();
    for mode in harness::modes() {
        let (nv_ptx, nv_map) = match harness::nvrtc(&src, mode) {
            Ok(x) => x,
            Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
            Err(e) => panic!("NVRTC rejects corpus.cu under {}: {e}", mode.flag()),
        };
        let nv_lib = harness::load(&nv_ptx, &nv_map).unwrap();
        let (ptx, map) = match harness::builtin(&src, mode) {
            Ok(x) => x,
            Err(r) => {
                assert!(
                    !r.is_crash(),
                    "corpus.cu under {}: {}",
                    mode.flag(),
                    r.summary()
                );
                refused.push(format!("{}: {}", mode.flag(), r.summary()));
                continue;
            }
        };
        let lib = match harness::load(&ptx, &map) {
            Ok(l) => l,
            Err(e) => {
                wrong.push(format!("{}: the PTX does not load: {e}", mode.flag()));
                continue;
            }
        };
        for c in &all {
            let want = cases::run_case(&nv_lib, &ctx, &stream, c)
                .unwrap_or_else(|e| panic!("{} on NVRTC's PTX: {e}", c.name));
            match cases::run_case(&lib, &ctx, &stream, c) {
                Ok(got) => match harness::first_difference(&want, &got) {
                    None if known(c.name, mode) => wrong.push(format!(
                        "{} {}: agrees now: take it off `CORPUS_KNOWN`",
                        c.name,
                        mode.flag()
                    )),
                    None => agree += 1,
                    Some(d) if known(c.name, mode) => {
                        println!("known difference, {} {}: {d}", c.name, mode.flag())
                    }
                    Some(d) => {
                        wrong.push(format!("{} ({}) {}: {d}", c.name, c.kernel, mode.flag()))
                    }
                },
                Err(e) => wrong.push(format!("{} ({}) {}: {e}", c.name, c.kernel, mode.flag())),
            }
        }
    }
    println!("corpus.cu: {agree} case runs agree; refused: {refused:?}");
    assert!(
        wrong.is_empty(),
        "corpus.cu differs from NVRTC:\n{}",
        wrong.join("\n")
    );
    assert!(
        agree >= CORPUS_AGREE_FLOOR,
        "{agree} corpus.cu case runs agree, the floor is {CORPUS_AGREE_FLOOR}"
    );
}

fn known(case: &str, mode: Mode) -> bool {
    CORPUS_KNOWN
        .iter()
        .any(|(c, m, _)| *c == case && *m == mode)
}

/// A CUDA C source found in a document, with the name expressions its compile asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// `file:line` of the literal.
    pub place: String,
    pub text: String,
    pub names: Vec<String>,
}

/// Every string literal in `text` (Rust code, or Markdown or a notebook holding it) that
/// holds `__global__`: raw strings `r"..."`/`r#"..."#` and ordinary `"..."` with escapes.
pub fn literals(file: &str, text: &str) -> Vec<Found> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let (body, end) = if bytes[i] == b'r'
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric() && bytes[i - 1] != b'_')
            && matches!(bytes.get(i + 1), Some(b'"' | b'#'))
        {
            let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
            let open = i + 1 + hashes;
            if bytes.get(open) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            match text[open + 1..].find(&close) {
                Some(n) => (
                    text[open + 1..open + 1 + n].to_string(),
                    open + 1 + n + close.len(),
                ),
                None => break,
            }
        } else if bytes[i] == b'"' {
            let mut s = String::new();
            let mut j = i + 1;
            let mut closed = false;
            while j < bytes.len() {
                match bytes[j] {
                    b'\\' if j + 1 < bytes.len() => {
                        match bytes[j + 1] {
                            b'n' => s.push('\n'),
                            b't' => s.push('\t'),
                            b'\n' => {
                                // A line continuation: the next line's indent goes too.
                                j += 2;
                                while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t') {
                                    j += 1;
                                }
                                continue;
                            }
                            c => s.push(c as char),
                        }
                        j += 2;
                    }
                    b'"' => {
                        closed = true;
                        break;
                    }
                    b'\n' => break,
                    _ => {
                        let ch = text[j..].chars().next().unwrap_or(' ');
                        s.push(ch);
                        j += ch.len_utf8();
                        continue;
                    }
                }
            }
            if !closed {
                i += 1;
                continue;
            }
            (s, j + 1)
        } else {
            i += 1;
            continue;
        };
        if body.contains("__global__") {
            let line = text[..i].matches('\n').count() + 1;
            out.push(Found {
                place: format!("{file}:{line}"),
                names: name_expressions(&text[end..]),
                text: body,
            });
        }
        i = end;
    }
    out
}

/// The name expressions of the `compile(kind, &[...])` call right after a literal.
fn name_expressions(after: &str) -> Vec<String> {
    let window: String = after.chars().take(400).collect();
    let Some(at) = window.find(".compile(") else {
        return Vec::new();
    };
    let rest = &window[at..];
    let (Some(open), Some(close)) = (rest.find("&["), rest.find(']')) else {
        return Vec::new();
    };
    if close < open {
        return Vec::new();
    }
    rest[open + 2..close]
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The files users read CUDA C in: the README, the examples, the notebooks, the guides.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for (dir, ext) in [
        ("core/examples", "rs"),
        ("notebooks", "ipynb"),
        ("core/guide", "md"),
    ] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

/// A document's text as a reader sees its code: a notebook's cells joined.
fn document_text(path: &Path) -> String {
    let raw = std::fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|e| e == "ipynb") {
        let nb: serde_json::Value = serde_json::from_str(&raw).unwrap();
        let cells = nb["cells"].as_array().cloned().unwrap_or_default();
        return cells
            .iter()
            .map(|c| match &c["source"] {
                serde_json::Value::Array(lines) => {
                    lines.iter().filter_map(|l| l.as_str()).collect::<String>()
                }
                serde_json::Value::String(s) => s.clone(),
                _ => String::new(),
            })
            .collect::<Vec<_>>()
            .join("\n");
    }
    raw
}

/// Every CUDA C source in the crate's documents.
pub fn doc_sources() -> Vec<Found> {
    documents()
        .iter()
        .flat_map(|p| {
            let rel = p.strip_prefix(root()).unwrap_or(p).display().to_string();
            literals(&rel, &document_text(p))
        })
        .collect()
}

#[test]
fn literals_are_found_with_their_name_expressions() {
    let text = concat!(
        "let a = Program::new(r#\"extern \"C\" __global__ void k() {}\"#, o)\n",
        "    .compile(ImageKind::Ptx, &[\"scale<float>\", \"f<2>\"])?;\n",
        "let b = \"__global__ void \\\"q\\\"() {}\\n\";\n",
        "let c = r\"no kernel here\";\n"
    );
    let found = literals("x.rs", text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].text, "extern \"C\" __global__ void k() {}");
    assert_eq!(found[0].names, ["scale<float>", "f<2>"]);
    assert_eq!(found[0].place, "x.rs:1");
    assert_eq!(found[1].text, "__global__ void \"q\"() {}\n");
    assert_eq!(found[1].place, "x.rs:3");
}

/// The README's quickstart saxpy, the examples', the notebooks' and the guides' kernels:
/// each compiled both ways and run with generated inputs. A source NVRTC rejects (a
/// notebook shows a compile error on purpose) must be rejected by the built-in compiler
/// too.
#[test]
fn documented_kernels_agree_with_nvrtc() {
    let found = doc_sources();
    assert!(
        found
            .iter()
            .any(|f| f.place.starts_with("README.md") && f.text.contains("saxpy")),
        "the README's saxpy is found: {found:?}"
    );
    assert!(found.len() >= 6, "{} sources found", found.len());
    let _turn = harness::turn();
    let ctx = harness::context();
    let mut reports = Vec::new();
    let mut problems = Vec::new();
    let mut both_reject = 0;
    for f in &found {
        let src = Source {
            name: f.place.replace(['/', ':'], "_"),
            text: f.text.clone(),
            names: f.names.clone(),
            ..Default::default()
        };
        for mode in harness::modes() {
            match harness::compare(&ctx, &src, mode) {
                Ok(r) => reports.push((f.place.clone(), r)),
                Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
                Err(nv) => match harness::builtin(&src, mode) {
                    Err(r) if !r.is_crash() => both_reject += 1,
                    Err(r) => problems.push(format!("{}: {}", f.place, r.summary())),
                    Ok(_) => problems.push(format!(
                        "{}: NVRTC rejects it ({}), the built-in compiler accepts it",
                        f.place,
                        nv.to_string().lines().next().unwrap_or("")
                    )),
                },
            }
        }
    }
    let mut agree = 0;
    let mut per_place: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for (place, r) in &reports {
        let e = per_place.entry(place.clone()).or_default();
        e.0 += r.kernels.len();
        e.1 += r.compiled();
        e.2 += r.agreeing();
        agree += r.agreeing();
        if let Err(refusal) = &r.result {
            if refusal.is_crash() {
                problems.push(format!("{place}: {}", refusal.summary()));
            }
        }
        for (k, why) in r.wrong() {
            problems.push(format!("{place} {k} {}: {why}", r.mode.flag()));
        }
        if let Ok(ks) = &r.result {
            for (k, o) in ks {
                if *o == Outcome::NotRun {
                    println!("{place} {k}: not run (no generated launch finishes)");
                }
            }
        }
    }
    println!(
        "{:<40} {:>7} {:>8} {:>6}",
        "source", "kernels", "compiled", "agree"
    );
    for (place, (k, c, a)) in &per_place {
        println!("{place:<40} {k:>7} {c:>8} {a:>6}");
    }
    println!("{agree} kernels agree; {both_reject} sources both compilers reject");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        agree >= DOCS_AGREE_FLOOR,
        "{agree} agree, the floor is {DOCS_AGREE_FLOOR}"
    );
}
