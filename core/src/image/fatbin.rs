//! Reading fat binaries: the container, LZ4- and zstd-compressed entries, and choosing the
//! entry the driver would load.
//!
//! Container: `u32 0xBA55ED50, u16 version, u16 header size, u64 payload size`, then
//! entries. Entry header (little-endian): `u16 kind` (1 PTX, 2 ELF, 8 LTO-IR), `u16`,
//! `u32 header size`, `u64 padded payload size`, `u32 compressed size` (0x10),
//! `u16 minor, u16 major` (0x18, the PTX ISA or ELF version), `u32 sm` (0x1c),
//! `u64 flags` (0x28: 0x2000 an LZ4 block, 0x8000 a zstd frame), `u64 uncompressed size`
//! (0x38). The payload follows the header.
//!
//! # What decompressing may cost
//!
//! The uncompressed sizes that the entry headers claim are summed and checked against
//! [`Limits::image_bytes`](crate::Limits::image_bytes) before anything is decompressed;
//! each entry is then decompressed into a buffer of exactly its claimed size and refused
//! the moment it would produce more. Entries stored uncompressed are borrowed from the
//! image, not copied (they are not counted: the caller already holds them). The zstd
//! decoder also keeps up to its window of recent output while it works; a frame whose
//! window is larger than the entry it decompresses to (nothing a real encoder writes) is
//! refused, so decoding one entry costs at most about twice its size, transiently.

use std::borrow::Cow;
use std::io::Read;

use super::ptx::ast::Module;
use super::table::{FatbinEntryRow, LibraryTable};
use super::{check_fatbin, cubin, le16, le32, le64, ptx, ImageKind};
use crate::error::{Error, Result};

const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;

fn bad(detail: impl std::fmt::Display) -> Error {
    Error::InvalidImage {
        kind: Some(ImageKind::Fatbin.name()),
        detail: detail.to_string(),
    }
}

/// One entry of a fatbin, its payload decompressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FatbinEntry {
    /// PTX, cubin or LTO-IR.
    pub kind: ImageKind,
    /// Architecture, `10 * major + minor`.
    pub arch: u32,
    /// `none`, `lz4` or `zstd`.
    pub compression: &'static str,
    /// The payload, decompressed.
    pub data: Vec<u8>,
}

/// An entry's header and its payload as stored.
struct Header<'a> {
    kind: ImageKind,
    arch: u32,
    compression: &'static str,
    /// The stored payload (for a compressed entry, the compressed bytes).
    payload: &'a [u8],
    /// Bytes after decompression (the header's claim; the payload's length when stored).
    size: u64,
}

/// Reads every entry header, checks the compressed entries' claims against
/// [`Limits::image_bytes`](crate::Limits::image_bytes) (summed), and decompresses nothing.
fn headers(b: &[u8]) -> Result<Vec<Header<'_>>> {
    check_fatbin(b)?;
    let header = le16(b, 6) as usize;
    let end = header + le64(b, 8) as usize;
    let mut off = header;
    let mut out = Vec::new();
    while off < end {
        let i = out.len();
        let e = &b[off..end];
        let kind = match le16(e, 0) {
            1 => ImageKind::Ptx,
            2 => ImageKind::Cubin,
            8 => ImageKind::Ltoir,
            other => return Err(bad(format!("entry {i} has unknown kind {other}"))),
        };
        // check_fatbin has checked that header and padded payload lie inside the container.
        let hsize = le32(e, 4) as usize;
        let padded = le64(e, 8) as usize;
        let compressed = le32(e, 0x10) as usize;
        let arch = le32(e, 0x1c);
        let flags = le64(e, 0x28);
        let uncompressed = le64(e, 0x38);
        let payload = &e[hsize..hsize + padded];
        let h = if flags & (FLAG_LZ4 | FLAG_ZSTD) != 0 {
            if uncompressed == 0 {
                return Err(bad(format!("entry {i} claims 0 uncompressed bytes")));
            }
            let input = if compressed > 0 && compressed <= payload.len() {
                &payload[..compressed]
            } else {
                payload
            };
            let compression = if flags & FLAG_LZ4 != 0 {
                // An LZ4 block expands at most about 255 times: a larger claim is hostile.
                if uncompressed > (input.len() as u64 + 16) * 256 {
                    return Err(bad(format!(
                        "entry {i} claims {uncompressed} bytes from a {}-byte LZ4 block",
                        input.len()
                    )));
                }
                "lz4"
            } else {
                "zstd"
            };
            Header {
                kind,
                arch,
                compression,
                payload: input,
                size: uncompressed,
            }
        } else {
            Header {
                kind,
                arch,
                compression: "none",
                payload,
                size: payload.len() as u64,
            }
        };
        out.push(h);
        off += hsize + padded;
    }
    // Every claim is known: refuse before decompressing anything.
    let limit = crate::limits().image_bytes;
    let mut total = 0u64;
    for (i, h) in out.iter().enumerate() {
        if h.compression == "none" {
            continue;
        }
        total = total.saturating_add(h.size);
        if total > limit {
            let before = total - h.size;
            let what = if before == 0 {
                format!(
                    "decompressing the fatbin (entry {i} claims {} bytes)",
                    h.size
                )
            } else {
                format!(
                    "decompressing the fatbin (entry {i} claims {} bytes, the entries before it {before})",
                    h.size
                )
            };
            return Err(crate::limits::exceeded(what, total, "image_bytes", limit).into());
        }
    }
    Ok(out)
}

/// The payload of entry `i`, decompressed (borrowed when stored uncompressed). Never
/// produces more than the header claims.
fn payload<'a>(i: usize, h: &Header<'a>) -> Result<Cow<'a, [u8]>> {
    let n = h.size as usize;
    let data = match h.compression {
        "none" => return Ok(Cow::Borrowed(h.payload)),
        // Allocates exactly `n` bytes and fails if the block holds more or fewer.
        "lz4" => lz4_flex::block::decompress(h.payload, n)
            .map_err(|e| bad(format!("entry {i}: LZ4: {e}")))?,
        _ => zstd(i, h.payload, h.size)?,
    };
    if data.len() != n {
        return Err(bad(format!(
            "entry {i} decompressed to {} bytes, its header says {n}",
            data.len()
        )));
    }
    Ok(Cow::Owned(data))
}

/// The window a zstd frame asks its decoder to keep (RFC 8878, 3.1.1.1): the
/// Window_Descriptor, or for a single-segment frame its content size.
fn zstd_window(frame: &[u8]) -> Option<u64> {
    if frame.get(..4)? != [0x28, 0xb5, 0x2f, 0xfd] {
        return None; // ruzstd reports the bad magic
    }
    let fhd = *frame.get(4)?;
    let single_segment = fhd & 0x20 != 0;
    if !single_segment {
        let wd = *frame.get(5)?;
        let base = 1u64 << (10 + (wd >> 3));
        return Some(base + (base / 8) * (wd & 7) as u64);
    }
    let dict_bytes = [0usize, 1, 2, 4][(fhd & 3) as usize];
    let fcs_at = 5 + dict_bytes;
    Some(match fhd >> 6 {
        0 => *frame.get(fcs_at)? as u64,
        1 => le16(frame.get(fcs_at..fcs_at + 2)?, 0) as u64 + 256,
        2 => le32(frame.get(fcs_at..fcs_at + 4)?, 0) as u64,
        _ => le64(frame.get(fcs_at..fcs_at + 8)?, 0),
    })
}

/// Decompresses a zstd frame that must hold exactly `size` bytes into a buffer of exactly
/// that size, reading in small steps so the decoder never runs far past the claim.
fn zstd(i: usize, input: &[u8], size: u64) -> Result<Vec<u8>> {
    // A real encoder's window is at most the content rounded up to a power of two (or the
    // 1 KiB minimum); a larger one would let the decoder hold more than the claim.
    if let Some(window) = zstd_window(input) {
        let most = size.next_power_of_two().max(1 << 10);
        if window > most {
            return Err(bad(format!(
                "entry {i}: its zstd window of {window} bytes is larger than the {size} bytes it claims"
            )));
        }
    }
    let mut dec = ruzstd::decoding::StreamingDecoder::new(input)
        .map_err(|e| bad(format!("entry {i}: zstd: {e}")))?;
    // Zeroed memory costs nothing until written; it is written once, by the decoder.
    let mut data = vec![0u8; size as usize];
    let mut filled = 0;
    const STEP: usize = 1 << 16;
    while filled < data.len() {
        let to = (filled + STEP).min(data.len());
        match dec.read(&mut data[filled..to]) {
            Ok(0) => break,
            Ok(k) => filled += k,
            Err(e) => return Err(bad(format!("entry {i}: zstd: {e}"))),
        }
    }
    if filled < data.len() {
        return Err(bad(format!(
            "entry {i} decompressed to {filled} bytes, its header says {size}"
        )));
    }
    // One byte more would be past the claim.
    match dec.read(&mut [0u8]) {
        Ok(0) => Ok(data),
        Ok(_) => Err(bad(format!(
            "entry {i} decompresses to more than the {size} bytes its header says"
        ))),
        Err(e) => Err(bad(format!("entry {i}: zstd: {e}"))),
    }
}

/// Splits a fatbin into its entries, decompressing each (their sum bounded by
/// [`Limits::image_bytes`](crate::Limits::image_bytes)).
pub fn entries(b: &[u8]) -> Result<Vec<FatbinEntry>> {
    let hs = headers(b)?;
    let mut out = Vec::with_capacity(hs.len());
    for (i, h) in hs.iter().enumerate() {
        out.push(FatbinEntry {
            kind: h.kind,
            arch: h.arch,
            compression: h.compression,
            data: payload(i, h)?.into_owned(),
        });
    }
    Ok(out)
}

/// [`choose`] over kinds and architectures.
fn choose_by(entries: &[(ImageKind, u32)], device_arch: u32) -> Option<usize> {
    let sass = entries
        .iter()
        .enumerate()
        .filter(|(_, (kind, arch))| {
            *kind == ImageKind::Cubin
                && arch / 10 == device_arch / 10
                && arch % 10 <= device_arch % 10
        })
        .max_by_key(|(_, (_, arch))| *arch)
        .map(|(i, _)| i);
    sass.or_else(|| newest_ptx(entries, device_arch))
}

/// The newest PTX entry not newer than `device_arch`.
fn newest_ptx(entries: &[(ImageKind, u32)], device_arch: u32) -> Option<usize> {
    entries
        .iter()
        .enumerate()
        .filter(|(_, (kind, arch))| *kind == ImageKind::Ptx && *arch <= device_arch)
        .max_by_key(|(_, (_, arch))| *arch)
        .map(|(i, _)| i)
}

/// The entry the driver would load on a device of architecture `device_arch`: SASS built
/// for exactly that architecture (the same major with a minor no higher also runs), else
/// the newest PTX not newer than the device, which the driver compiles.
pub fn choose(entries: &[FatbinEntry], device_arch: u32) -> Option<usize> {
    let ka: Vec<(ImageKind, u32)> = entries.iter().map(|e| (e.kind, e.arch)).collect();
    choose_by(&ka, device_arch)
}

/// PTX text from bytes: UTF-8, without the terminating NULs. Borrowed bytes stay
/// borrowed and owned ones are reused, never copied.
pub(crate) fn ptx_text(
    data: Cow<'_, [u8]>,
) -> std::result::Result<Cow<'_, str>, std::str::Utf8Error> {
    Ok(match data {
        Cow::Borrowed(b) => {
            Cow::Borrowed(super::table::without_trailing_nuls(std::str::from_utf8(b)?))
        }
        Cow::Owned(v) => {
            let mut s = String::from_utf8(v).map_err(|e| e.utf8_error())?;
            let keep = super::table::without_trailing_nuls(&s).len();
            s.truncate(keep);
            Cow::Owned(s)
        }
    })
}

/// The table of the entry chosen for `device_arch`, with every entry listed.
pub fn read_table(b: &[u8], device_arch: u32) -> Result<LibraryTable> {
    read(b, device_arch, false).map(|(table, _)| table)
}

/// The PTX a simulator runs: its text, and its module when the table was read from it
/// (parsed once for both).
pub(crate) struct RunnablePtx<'a> {
    pub text: Cow<'a, str>,
    pub module: Option<Module>,
}

/// The table of the entry chosen for `device_arch` and the newest PTX entry the device
/// can run (what the simulator executes), from one decompression of each.
pub(crate) fn read_with_ptx(
    b: &[u8],
    device_arch: u32,
) -> Result<(LibraryTable, Option<RunnablePtx<'_>>)> {
    read(b, device_arch, true)
}

fn read(
    b: &[u8],
    device_arch: u32,
    want_ptx: bool,
) -> Result<(LibraryTable, Option<RunnablePtx<'_>>)> {
    let hs = headers(b)?;
    let ka: Vec<(ImageKind, u32)> = hs.iter().map(|h| (h.kind, h.arch)).collect();
    let chosen = choose_by(&ka, device_arch).ok_or_else(|| {
        let archs: Vec<String> = hs
            .iter()
            .map(|h| format!("{} sm_{}", h.kind, h.arch))
            .collect();
        Error::InvalidArgument(format!(
            "the fatbin has no code for sm_{device_arch}: it holds {}",
            archs.join(", ")
        ))
    })?;
    let ptx_entry = if want_ptx {
        newest_ptx(&ka, device_arch)
    } else {
        None
    };
    // Every entry is decompressed once (a corrupt one is an error, as the driver's would
    // be); only the chosen one and the PTX one are kept.
    let mut table_data = None;
    let mut ptx_data = None;
    for (i, h) in hs.iter().enumerate() {
        let data = payload(i, h)?;
        if Some(i) == ptx_entry && i != chosen {
            ptx_data = Some(data);
        } else if i == chosen {
            table_data = Some(data);
        }
    }
    let not_utf8 = |e| bad(format!("its PTX entry is not UTF-8: {e}"));
    let data = table_data.unwrap_or_default();
    fn other_ptx(data: Option<Cow<'_, [u8]>>) -> Result<Option<RunnablePtx<'_>>> {
        let text = data
            .map(ptx_text)
            .transpose()
            .map_err(|e| bad(format!("its PTX entry is not UTF-8: {e}")))?;
        Ok(text.map(|text| RunnablePtx { text, module: None }))
    }
    let (mut table, ptx) = match hs[chosen].kind {
        ImageKind::Cubin => (cubin::read(&data)?, other_ptx(ptx_data)?),
        _ => {
            let text = ptx_text(data).map_err(not_utf8)?;
            let module = ptx::parse(&text)?;
            let table = ptx::read_module_table(&module)?;
            // The chosen entry is the newest runnable PTX when there is no SASS for the
            // device, which is also what the simulator runs.
            let ptx = if ptx_entry == Some(chosen) {
                Some(RunnablePtx {
                    text,
                    module: Some(module),
                })
            } else {
                other_ptx(ptx_data)?
            };
            (table, ptx)
        }
    };
    table.fatbin_entries = hs
        .iter()
        .map(|h| FatbinEntryRow {
            kind: match h.kind {
                ImageKind::Ptx => "ptx",
                ImageKind::Cubin => "cubin",
                _ => "ltoir",
            }
            .to_string(),
            arch: h.arch,
            compression: h.compression.to_string(),
            size: h.size,
        })
        .collect();
    table.chosen_entry = Some(chosen);
    Ok((table, ptx))
}
