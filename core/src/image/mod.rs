//! Recognising image formats and refusing malformed ones before the driver sees them.
//!
//! The driver trusts its input: a truncated cubin or a PTX string without its terminating
//! NUL makes it read past the end of the buffer. These checks are structural only (headers,
//! tables and entries lie inside the bytes); they do not interpret the code.

use std::borrow::Cow;

use crate::error::{Error, Result};

pub use file::read_image_file;

pub(crate) mod archive;
pub mod cubin;
pub mod fatbin;
mod file;
pub mod ptx;
pub mod table;

/// What kind of code an image holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ImageKind {
    /// A CUDA ELF (`.cubin`), SASS for one architecture.
    Cubin,
    /// A fat binary container (`.fatbin`): SASS and/or PTX for several architectures.
    Fatbin,
    /// PTX assembly text.
    Ptx,
    /// LTO-IR for nvJitLink.
    Ltoir,
    /// A relocatable device object (`nvcc -dc`), for the device linker.
    Object,
    /// A static library (`.a`, an `ar` archive of relocatable device objects, such as
    /// `libcudadevrt.a`), for the device linker, which takes the members it needs.
    Library,
}

impl ImageKind {
    /// The conventional file extension.
    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Cubin => "cubin",
            ImageKind::Fatbin => "fatbin",
            ImageKind::Ptx => "ptx",
            ImageKind::Ltoir => "ltoir",
            ImageKind::Object => "o",
            ImageKind::Library => "a",
        }
    }
}

impl ImageKind {
    /// The kind in words, as messages write it: `cubin`, `fatbin`, `PTX`, `LTO-IR`,
    /// `relocatable object`, `static library`.
    pub fn name(self) -> &'static str {
        match self {
            ImageKind::Cubin => "cubin",
            ImageKind::Fatbin => "fatbin",
            ImageKind::Ptx => "PTX",
            ImageKind::Ltoir => "LTO-IR",
            ImageKind::Object => "relocatable object",
            ImageKind::Library => "static library",
        }
    }
}

impl std::fmt::Display for ImageKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

const ELF_MAGIC: [u8; 4] = [0x7f, b'E', b'L', b'F'];
const FATBIN_MAGIC: u32 = 0xBA55_ED50;
const EM_CUDA: u16 = 190;
const ET_REL: u16 = 1;

/// Bytes read as an image of `kind` that are not a valid one.
fn bad(kind: ImageKind, detail: impl std::fmt::Display) -> Error {
    Error::InvalidImage {
        kind: Some(kind.name()),
        detail: detail.to_string(),
    }
}

fn u16_at(b: &[u8], off: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(off..off + 2)?.try_into().ok()?))
}
fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(off..off + 4)?.try_into().ok()?))
}
fn u64_at(b: &[u8], off: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(off..off + 8)?.try_into().ok()?))
}

/// Little-endian fields of headers, 0 where the bytes run out (callers check bounds).
pub(crate) fn le16(b: &[u8], off: usize) -> u16 {
    u16_at(b, off).unwrap_or(0)
}
pub(crate) fn le32(b: &[u8], off: usize) -> u32 {
    u32_at(b, off).unwrap_or(0)
}
pub(crate) fn le64(b: &[u8], off: usize) -> u64 {
    u64_at(b, off).unwrap_or(0)
}

/// Guesses the kind from the first bytes: ELF, fatbin magic, an `ar` archive's magic, or
/// PTX-looking text.
pub fn detect(bytes: &[u8]) -> Option<ImageKind> {
    if bytes.starts_with(archive::MAGIC) {
        return Some(ImageKind::Library);
    }
    if bytes.starts_with(&ELF_MAGIC) {
        return Some(if u16_at(bytes, 16) == Some(ET_REL) {
            ImageKind::Object
        } else {
            ImageKind::Cubin
        });
    }
    if u32_at(bytes, 0) == Some(FATBIN_MAGIC) {
        return Some(ImageKind::Fatbin);
    }
    let head = &bytes[..bytes.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    if text.contains(".version") || text.contains(".target") {
        return Some(ImageKind::Ptx);
    }
    None
}

/// Checks a cubin's ELF structure: 64-bit little-endian, `EM_CUDA`, and section and
/// program header tables inside the bytes.
pub fn check_cubin(b: &[u8]) -> Result<()> {
    const WHAT: ImageKind = ImageKind::Cubin;
    if b.len() < 64 {
        return Err(bad(
            WHAT,
            format!("{} bytes is shorter than an ELF64 header", b.len()),
        ));
    }
    if !b.starts_with(&ELF_MAGIC) {
        return Err(bad(WHAT, "it does not start with the ELF magic"));
    }
    if b[4] != 2 || b[5] != 1 {
        return Err(bad(WHAT, "it is not a 64-bit little-endian ELF"));
    }
    let machine = u16_at(b, 18).unwrap_or(0);
    if machine != EM_CUDA {
        return Err(bad(
            WHAT,
            format!("e_machine is {machine}, not {EM_CUDA} (NVIDIA CUDA)"),
        ));
    }
    let table = |off: usize, entsize_off: usize, num_off: usize, name: &str| -> Result<()> {
        let start = u64_at(b, off).unwrap_or(0);
        let entsize = u16_at(b, entsize_off).unwrap_or(0) as u64;
        let num = u16_at(b, num_off).unwrap_or(0) as u64;
        if num == 0 {
            return Ok(());
        }
        let end = start
            .checked_add(entsize.saturating_mul(num))
            .ok_or_else(|| bad(WHAT, format!("the {name} table overflows")))?;
        if end > b.len() as u64 {
            return Err(bad(
                WHAT,
                format!(
                    "the {name} table ends at byte {end} but the image has {} bytes (truncated?)",
                    b.len()
                ),
            ));
        }
        Ok(())
    };
    table(0x20, 0x36, 0x38, "program header")?;
    table(0x28, 0x3A, 0x3C, "section header")?;
    // Every section's contents must lie inside the image too.
    let shoff = u64_at(b, 0x28).unwrap_or(0) as usize;
    let shentsize = u16_at(b, 0x3A).unwrap_or(0) as usize;
    let shnum = u16_at(b, 0x3C).unwrap_or(0) as usize;
    if shentsize >= 64 {
        for i in 0..shnum {
            let h = shoff + i * shentsize;
            let kind = u32_at(b, h + 4).unwrap_or(0);
            const SHT_NOBITS: u32 = 8;
            if kind == SHT_NOBITS {
                continue;
            }
            let off = u64_at(b, h + 0x18).unwrap_or(0);
            let size = u64_at(b, h + 0x20).unwrap_or(0);
            if off.checked_add(size).is_none_or(|e| e > b.len() as u64) {
                return Err(bad(
                    WHAT,
                    format!("section {i} lies outside the image (truncated?)"),
                ));
            }
        }
    }
    Ok(())
}

/// Checks a fatbin container: header and every entry inside the bytes.
pub fn check_fatbin(b: &[u8]) -> Result<()> {
    const WHAT: ImageKind = ImageKind::Fatbin;
    if u32_at(b, 0) != Some(FATBIN_MAGIC) {
        return Err(bad(
            WHAT,
            "it does not start with the fatbin magic 0xBA55ED50",
        ));
    }
    let header = u16_at(b, 6).ok_or_else(|| bad(WHAT, "truncated header"))? as u64;
    let size = u64_at(b, 8).ok_or_else(|| bad(WHAT, "truncated header"))?;
    let end = header
        .checked_add(size)
        .ok_or_else(|| bad(WHAT, "its size overflows"))?;
    if end > b.len() as u64 {
        return Err(bad(
            WHAT,
            format!(
                "it declares {end} bytes but the image has {} (truncated?)",
                b.len()
            ),
        ));
    }
    // Walk the entries: u16 kind, u16 version, u32 header size, u64 padded payload size.
    let mut off = header;
    let mut entries = 0;
    while off < end {
        let o = off as usize;
        let entry_header = u32_at(b, o + 4).ok_or_else(|| bad(WHAT, "truncated entry"))? as u64;
        let payload = u64_at(b, o + 8).ok_or_else(|| bad(WHAT, "truncated entry"))?;
        if entry_header < 16 {
            return Err(bad(
                WHAT,
                format!("entry {entries} has a header of {entry_header} bytes"),
            ));
        }
        let next = off
            .checked_add(entry_header)
            .and_then(|x| x.checked_add(payload))
            .ok_or_else(|| bad(WHAT, format!("entry {entries} overflows")))?;
        if next > end {
            return Err(bad(
                WHAT,
                format!("entry {entries} runs past the end of the container (truncated?)"),
            ));
        }
        off = next;
        entries += 1;
    }
    if entries == 0 {
        return Err(bad(WHAT, "it holds no entries"));
    }
    Ok(())
}

/// An image that passed the structural checks ([`prepare`]): the bytes a backend loads
/// and, for PTX, its text, checked for UTF-8 here, once, and carried onward so that no later
/// step checks the bytes again.
pub(crate) struct Prepared<'a> {
    /// The image's kind.
    pub kind: ImageKind,
    /// The bytes the driver should get: PTX gains its terminating NUL if it lacks one.
    pub bytes: Cow<'a, [u8]>,
    /// A PTX image's text, without its terminating NULs (borrowed from the input).
    pub ptx: Option<&'a str>,
}

/// Checks an image of the given kind: what a backend loads ([`Prepared`]).
pub(crate) fn prepare(kind: ImageKind, bytes: &[u8]) -> Result<Prepared<'_>> {
    let whole = |checked| Prepared {
        kind,
        bytes: Cow::Borrowed(bytes),
        ptx: checked,
    };
    match kind {
        ImageKind::Cubin => check_cubin(bytes).map(|_| whole(None)),
        ImageKind::Fatbin => check_fatbin(bytes).map(|_| whole(None)),
        ImageKind::Ptx => {
            let body = &bytes[..table::nul_tail_start(bytes)];
            if let Some(n) = body.iter().position(|&b| b == 0) {
                return Err(bad(
                    ImageKind::Ptx,
                    format!("it contains a NUL byte at offset {n} before the end"),
                ));
            }
            let text = std::str::from_utf8(body)
                .map_err(|_| bad(ImageKind::Ptx, "it is not UTF-8 text"))?;
            let bytes = if body.len() < bytes.len() {
                Cow::Borrowed(&bytes[..body.len() + 1])
            } else {
                let mut v = Vec::with_capacity(body.len() + 1);
                v.extend_from_slice(body);
                v.push(0);
                Cow::Owned(v)
            };
            Ok(Prepared {
                kind,
                bytes,
                ptx: Some(text),
            })
        }
        ImageKind::Ltoir => Err(Error::Unsupported(
            "LTO-IR cannot be loaded as a library directly: link it with nvJitLink first \
             (cuda_library::Linker, which also turns it into PTX the simulator runs)"
                .into(),
        )),
        ImageKind::Object => Err(Error::Unsupported(
            "a relocatable device object (nvcc -dc) cannot be loaded as a library: link it first \
             (cuda_library::Linker, or nvcc -dlink) into a cubin"
                .into(),
        )),
        ImageKind::Library => Err(Error::Unsupported(
            "a static library (.a) cannot be loaded as a library: it is linker input (link it \
             with the code that uses it, cuda_library::Linker, into a cubin)"
                .into(),
        )),
    }
}

// Reading a table dispatches to the readers; it lives here, beside them, so that `table`
// (the data) does not import the readers that import it.
impl table::LibraryTable {
    /// Reads a cubin, fatbin or PTX image (recognised from its bytes).
    ///
    /// ```
    /// let ptx = b".version 8.0\n.target sm_80\n.address_size 64\n\
    ///     .visible .entry k(.param .u64 p, .param .f32 a) { ret; }\n";
    /// let t = cuda_library::LibraryTable::read(ptx).unwrap();
    /// assert_eq!(t.kernels[0].name, "k");
    /// assert_eq!(t.kernels[0].params.len(), 2);
    /// assert_eq!((t.kernels[0].params[1].offset, t.kernels[0].params[1].size), (8, 4));
    /// assert_eq!(t.kernels[0].num_regs, None); // unknown until compiled
    /// ```
    pub fn read(bytes: &[u8]) -> Result<table::LibraryTable> {
        match detect(bytes) {
            Some(ImageKind::Cubin) => cubin::read(bytes),
            Some(ImageKind::Fatbin) => fatbin::read_table(bytes, table::SIM_ARCH),
            Some(ImageKind::Ptx) => ptx::read_table(table::ptx_image_text(bytes)?),
            Some(other) => Err(Error::Unsupported(format!(
                "a {other} has no kernel table until it is linked"
            ))),
            None => Err(Error::InvalidImage {
                kind: None,
                detail: format!(
                    "{} bytes that are neither a cubin, a fatbin nor PTX text",
                    bytes.len()
                ),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimal_cubin() -> Vec<u8> {
        let mut b = vec![0u8; 64];
        b[..4].copy_from_slice(&ELF_MAGIC);
        b[4] = 2;
        b[5] = 1;
        b[16] = 2; // ET_EXEC
        b[18..20].copy_from_slice(&EM_CUDA.to_le_bytes());
        b
    }

    #[test]
    fn detects_kinds() {
        assert_eq!(detect(&minimal_cubin()), Some(ImageKind::Cubin));
        let mut rel = minimal_cubin();
        rel[16] = 1;
        assert_eq!(detect(&rel), Some(ImageKind::Object));
        assert_eq!(detect(b"!<arch>\nmembers"), Some(ImageKind::Library));
        assert_eq!(
            detect(&0xBA55_ED50u32.to_le_bytes()),
            Some(ImageKind::Fatbin)
        );
        assert_eq!(
            detect(b"//\n.version 8.5\n.target sm_90\n"),
            Some(ImageKind::Ptx)
        );
        assert_eq!(detect(b"hello"), None);
        assert_eq!(detect(b""), None);
    }

    #[test]
    fn truncated_and_foreign_elves_are_refused() {
        assert!(check_cubin(&minimal_cubin()).is_ok());
        let e = check_cubin(&minimal_cubin()[..40]).unwrap_err().to_string();
        assert!(e.contains("shorter than an ELF64 header"), "{e}");
        let mut x86 = minimal_cubin();
        x86[18] = 62;
        assert!(check_cubin(&x86)
            .unwrap_err()
            .to_string()
            .contains("e_machine is 62"));
        let mut sh = minimal_cubin();
        sh[0x28..0x30].copy_from_slice(&1000u64.to_le_bytes());
        sh[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
        sh[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        assert!(check_cubin(&sh)
            .unwrap_err()
            .to_string()
            .contains("truncated"));
        let mut huge = minimal_cubin();
        huge[0x28..0x30].copy_from_slice(&u64::MAX.to_le_bytes());
        huge[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
        huge[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        assert!(check_cubin(&huge).is_err());
    }

    #[test]
    fn fatbin_entries_must_fit() {
        let mut f = Vec::new();
        f.extend_from_slice(&FATBIN_MAGIC.to_le_bytes());
        f.extend_from_slice(&1u16.to_le_bytes());
        f.extend_from_slice(&16u16.to_le_bytes());
        f.extend_from_slice(&24u64.to_le_bytes());
        // one entry: kind 2, version 1, header 16, payload 8
        f.extend_from_slice(&2u16.to_le_bytes());
        f.extend_from_slice(&1u16.to_le_bytes());
        f.extend_from_slice(&16u32.to_le_bytes());
        f.extend_from_slice(&8u64.to_le_bytes());
        f.extend_from_slice(&[0; 8]);
        assert!(check_fatbin(&f).is_ok());
        assert!(check_fatbin(&f[..30])
            .unwrap_err()
            .to_string()
            .contains("truncated"));
        let mut lying = f.clone();
        lying[32 - 8..32].copy_from_slice(&1000u64.to_le_bytes());
        assert!(check_fatbin(&lying).is_err());
        let mut empty = f[..16].to_vec();
        empty[8..16].copy_from_slice(&0u64.to_le_bytes());
        assert!(check_fatbin(&empty)
            .unwrap_err()
            .to_string()
            .contains("no entries"));
    }

    #[test]
    fn ptx_gets_its_nul_and_bad_text_is_refused() {
        let p = prepare(ImageKind::Ptx, b".version 8.0").unwrap();
        assert_eq!(p.bytes.last(), Some(&0));
        assert_eq!(p.ptx, Some(".version 8.0"));
        let q = prepare(ImageKind::Ptx, b".version 8.0\0\0").unwrap();
        assert_eq!(&*q.bytes, b".version 8.0\0");
        assert_eq!(q.ptx, Some(".version 8.0"));
        for bad in [&b".ver\0sion"[..], &[0xff, 0xfe]] {
            assert!(matches!(
                prepare(ImageKind::Ptx, bad).err(),
                Some(Error::InvalidImage {
                    kind: Some("PTX"),
                    ..
                })
            ));
        }
        assert!(prepare(ImageKind::Ltoir, b"x").is_err());
        match prepare(ImageKind::Library, b"!<arch>\n") {
            Err(e) => assert!(e.to_string().contains("linker input"), "{e}"),
            Ok(_) => panic!("a static library was prepared for loading"),
        }
    }
}
