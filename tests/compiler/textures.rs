//! Textures and surfaces through the built-in compiler: the cases of
//! `tests/common/textures.rs` (`tests/fixtures/textures.cu`'s fetches and surface accesses,
//! and five cuda-samples texture programs, set up as their hosts set them up) run on NVRTC's
//! PTX and on the built-in compiler's, every output word compared (the default options).
//! The learner corpus's texture and surface kernels (these five samples, `simpleTexture3D`,
//! `boxFilter`, `convolutionTexture`, Packt's `calculateHistogram`) are compared again in
//! the learner test under each of its modes, with the textures their hosts make
//! (`hosts.rs`), and count there. `textures.cu` kernels the built-in compiler refuses
//! (layered and cubemap geometries, surfaces of vectors) are left out of its library; their
//! cases are counted as not compiled.

use crate::common::{nvrtc, textures};
use crate::harness::{self, Mode, Source};
use crate::learners;

use cuda_library::Library;

/// Cases whose results agree, at least (the count reached).
const AGREE_FLOOR: usize = 153;

/// `textures.cu` cut into its preamble and one piece per kernel.
fn kernels_of(source: &str) -> (String, Vec<String>) {
    let marker = "extern \"C\" __global__";
    let mut pieces = source.split(marker);
    let preamble = pieces.next().unwrap_or_default().to_string();
    (preamble, pieces.map(|p| format!("{marker}{p}")).collect())
}

/// The built-in compiler's library of the `textures.cu` kernels it compiles.
fn builtin_textures_library() -> Library {
    let (preamble, kernels) = kernels_of(&textures::source());
    let mut kept = preamble.clone();
    for k in kernels {
        let one = Source::new("textures.cu", format!("{preamble}{k}"));
        if harness::builtin(&one, Mode::Default).is_ok() {
            kept.push_str(&k);
        }
    }
    let src = Source::new("textures.cu", kept);
    let (ptx, map) = harness::builtin(&src, Mode::Default).unwrap_or_else(|r| {
        panic!(
            "the kernels that compile alone compile together: {}",
            r.summary()
        )
    });
    harness::load(&ptx, &map).unwrap()
}

/// The cuda-samples units of [`textures::SAMPLES`] compiled by the built-in compiler; a
/// unit it refuses keeps NVRTC's library (its cases then do not count).
fn builtin_samples(nvrtc_samples: Vec<Library>) -> (Vec<Library>, Vec<bool>) {
    let units = learners::units();
    let mut libs = Vec::new();
    let mut compiled = Vec::new();
    for (id, theirs) in textures::SAMPLES.iter().zip(nvrtc_samples) {
        let unit = units
            .iter()
            .find(|u| u.source.name == *id)
            .unwrap_or_else(|| panic!("{id} is not in the learner corpus"));
        match harness::builtin(&unit.source, Mode::Default) {
            Ok((ptx, map)) => {
                libs.push(harness::load(&ptx, &map).unwrap());
                compiled.push(true);
            }
            Err(r) => {
                println!("{id}: refused by the built-in compiler: {}", r.summary());
                libs.push(theirs);
                compiled.push(false);
            }
        }
    }
    (libs, compiled)
}

#[test]
fn texture_and_surface_cases_agree_with_nvrtc() {
    let _turn = harness::turn();
    let ctx = harness::context();
    if nvrtc::ptx_or_skip("extern \"C\" __global__ void k() {}", "compute_80").is_none() {
        return;
    }
    let (nv_lib, nv_samples) = textures::libraries().unwrap();
    let lib = builtin_textures_library();
    // NVRTC's sample libraries again: the fallbacks for units the built-in compiler refuses.
    let (samples, compiled) = builtin_samples(textures::libraries().unwrap().1);
    let stream = ctx.create_stream().unwrap();
    let (mut agree, mut not_compiled, mut wrong) = (0, Vec::new(), Vec::new());
    for name in textures::names() {
        let program = name
            .strip_prefix("samples/")
            .and_then(|n| n.split('/').next());
        let sample = program.and_then(|p| {
            textures::SAMPLES
                .iter()
                .position(|id| id.contains(&format!("/{p}/")))
        });
        if sample.is_some_and(|i| !compiled[i]) {
            not_compiled.push(name);
            continue;
        }
        let want = textures::run(&ctx, &nv_lib, &nv_samples, &stream, &name)
            .unwrap_or_else(|e| panic!("{name} on NVRTC's PTX: {e}"));
        match textures::run(&ctx, &lib, &samples, &stream, &name) {
            Ok(got) if got == want => agree += 1,
            Ok(got) => {
                let at = got.iter().zip(&want).position(|(g, w)| g != w);
                wrong.push(format!("{name}: first difference at word {at:?}"));
            }
            // A kernel left out of the built-in compiler's `textures.cu`.
            Err(e) if e.contains("has no kernel named") => not_compiled.push(name),
            Err(e) => wrong.push(format!("{name}: {e}")),
        }
    }
    println!(
        "texture and surface cases: {agree} agree; not compiled by the built-in compiler: {not_compiled:?}"
    );
    assert!(
        wrong.is_empty(),
        "cases differ from NVRTC:\n{}",
        wrong.join("\n")
    );
    assert!(
        agree >= AGREE_FLOOR,
        "{agree} agree, the floor is {AGREE_FLOOR}"
    );
}
