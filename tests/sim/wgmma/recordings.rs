//! The tensor-core probe's recordings (`tests/hopper/probe/mma/`, run on an H100): their
//! manifest, the subset checked in under `tests/fixtures/hopper/mma/` (LZ4 blocks, size
//! prepended), and replaying them through the same kernels.

#![allow(dead_code)]

use super::harness::{self, Layout, WgParams};
use cuda_library::{Context, Library, Stream};
use std::path::Path;

/// What a probe kernel is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `mma.sync`: 32 threads a case.
    Mma,
    /// `wgmma`: a warpgroup a case, with its parameters.
    Wgmma(WgParams),
    /// A conversion: one output word per input pair (`.f32` forms) or word.
    Cvt,
}

/// One line of `manifest.csv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    pub name: String,
    pub kind: Kind,
    /// Cases (conversions: outputs).
    pub cases: usize,
    /// Words a case reads and writes (conversions: 0).
    pub words_in: usize,
    pub words_out: usize,
}

impl Recording {
    /// Parses a manifest line (`None` for comments and lines it does not know).
    pub fn parse(line: &str) -> Option<Recording> {
        if line.starts_with('#') {
            return None;
        }
        let f: Vec<&str> = line.trim().split(',').collect();
        let num = |i: usize| f.get(i).and_then(|v| v.parse::<usize>().ok());
        let kind = match *f.get(1)? {
            "mma" => Kind::Mma,
            "cvt" => Kind::Cvt,
            "wgmma" => {
                let get = |key: &str| -> Option<u32> {
                    f.iter()
                        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
                        .and_then(|v| v.parse().ok())
                };
                let layout = |p: &str| -> Option<Layout> {
                    Some(Layout {
                        start: get(&format!("{p}_start"))?,
                        lbo: get(&format!("{p}_lbo"))?,
                        sbo: get(&format!("{p}_sbo"))?,
                        swizzle: get(&format!("{p}_swizzle"))?,
                    })
                };
                Kind::Wgmma(WgParams {
                    a_bytes: get("a_bytes")?,
                    b_bytes: get("b_bytes")?,
                    a_regs: get("a_regs")?,
                    c_regs: get("c_regs")?,
                    a: layout("a")?,
                    b: layout("b")?,
                    scale_d: get("scale_d")?,
                })
            }
            _ => return None,
        };
        Some(Recording {
            name: f.first()?.to_string(),
            kind,
            cases: num(2)?,
            words_in: num(3).unwrap_or(0),
            words_out: num(4).unwrap_or(0),
        })
    }

    /// The manifest line for this recording with `cases` cases.
    pub fn line(&self, cases: usize) -> String {
        match self.kind {
            Kind::Cvt => format!("{},cvt,{cases}", self.name),
            Kind::Mma => format!(
                "{},mma,{cases},{},{}",
                self.name, self.words_in, self.words_out
            ),
            Kind::Wgmma(p) => format!(
                "{},wgmma,{cases},{},{},a_bytes={},b_bytes={},a_regs={},c_regs={},a_start={},\
                 a_lbo={},a_sbo={},a_swizzle={},b_start={},b_lbo={},b_sbo={},b_swizzle={},\
                 scale_d={}",
                self.name,
                self.words_in,
                self.words_out,
                p.a_bytes,
                p.b_bytes,
                p.a_regs,
                p.c_regs,
                p.a.start,
                p.a.lbo,
                p.a.sbo,
                p.a.swizzle,
                p.b.start,
                p.b.lbo,
                p.b.sbo,
                p.b.swizzle,
                p.scale_d
            ),
        }
    }

    /// Input words for `cases` cases (conversions: outputs), of the probe's layout.
    fn words_in_for(&self, cases: usize) -> usize {
        match self.kind {
            Kind::Cvt if self.name.ends_with("_f32") => 2 * cases,
            Kind::Cvt => cases,
            _ => cases * self.words_in,
        }
    }

    fn words_out_for(&self, cases: usize) -> usize {
        match self.kind {
            Kind::Cvt => cases,
            _ => cases * self.words_out,
        }
    }

    /// The cases the checked-in subset keeps: a few of each input mode (the modes cycle
    /// case by case), one of each descriptor layout, every value of the exhaustive
    /// conversions and a third of the f32 ones.
    pub fn kept(&self) -> usize {
        let keep = match self.kind {
            Kind::Mma => 22,
            Kind::Wgmma(_) if self.name.starts_with("layout_") => 1,
            Kind::Wgmma(_) => 11,
            Kind::Cvt if self.name.ends_with("_f32") => 10_000,
            Kind::Cvt => self.cases,
        };
        keep.min(self.cases)
    }

    /// The kernel that made the recording: the layout recordings and the scale-d 0 one
    /// ran kernels of other names.
    pub fn kernel(&self) -> String {
        let n = &self.name;
        let layout = |width: &str| {
            let mn = n.contains("_mn_");
            format!("wg_m64n{width}k16_f32_f16{}", if mn { "_tnsp" } else { "" })
        };
        if n.starts_with("layout_n32_") {
            layout("32")
        } else if n.starts_with("layout_n64_") {
            layout("64")
        } else if let Some(k) = n.strip_suffix("_scale_d0") {
            k.to_string()
        } else {
            n.clone()
        }
    }

    /// Runs the kernel on `input` for `cases` cases and returns the words it wrote.
    pub fn run(
        &self,
        ctx: &Context,
        lib: &Library,
        s: &Stream,
        input: &[u32],
        cases: usize,
    ) -> Result<Vec<u32>, cuda_library::Error> {
        match self.kind {
            Kind::Mma => {
                harness::run_mma(ctx, lib, s, &self.kernel(), input, (cases, self.words_out))
            }
            Kind::Wgmma(p) => harness::run_wgmma(ctx, lib, s, &self.kernel(), &p, input, cases),
            Kind::Cvt => harness::run_cvt(ctx, lib, s, &self.kernel(), input, cases as u32),
        }
    }
}

/// Little-endian words of `bytes`.
pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The recordings of a manifest.
pub fn manifest(dir: &Path) -> std::io::Result<Vec<Recording>> {
    let text = std::fs::read_to_string(dir.join("manifest.csv"))?;
    Ok(text.lines().filter_map(Recording::parse).collect())
}

/// The device line of a manifest (`# device,NAME,sm_XX`).
pub fn device(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("manifest.csv")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("# device,"))
        .map(str::to_string)
}

/// Writes the checked-in subset of the probe's output directory `from` into `to`.
pub fn pack(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    let mut lines = Vec::new();
    let text = std::fs::read_to_string(from.join("manifest.csv"))?;
    lines.extend(
        text.lines()
            .filter(|l| l.starts_with('#'))
            .map(str::to_string),
    );
    for r in manifest(from)? {
        let keep = r.kept();
        let input = words(&std::fs::read(from.join(format!("{}.in", r.name)))?);
        let output = words(&std::fs::read(from.join(format!("{}.out", r.name)))?);
        let (ni, no) = (r.words_in_for(keep), r.words_out_for(keep));
        if input.len() < ni || output.len() < no {
            return Err(std::io::Error::other(format!(
                "{}: recording too short",
                r.name
            )));
        }
        for (ext, w) in [("in", &input[..ni]), ("out", &output[..no])] {
            let packed = lz4_flex::block::compress_prepend_size(&bytes(w));
            std::fs::write(to.join(format!("{}.{ext}.lz4", r.name)), packed)?;
        }
        lines.push(r.line(keep));
    }
    lines.push(String::new());
    std::fs::write(to.join("manifest.csv"), lines.join("\n"))
}

/// The words of a packed file.
pub fn unpack(path: &Path) -> Result<Vec<u32>, String> {
    let packed = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let raw = lz4_flex::block::decompress_size_prepended(&packed)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(words(&raw))
}
