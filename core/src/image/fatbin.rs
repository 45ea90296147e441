//! Reading fat binaries: the container, LZ4- and zstd-compressed entries, and choosing the
//! entry the driver would load.
//!
//! Container: `u32 0xBA55ED50, u16 version, u16 header size, u64 payload size`, then
//! entries. Entry header (little-endian): `u16 kind` (1 PTX, 2 ELF, 8 LTO-IR), `u16`,
//! `u32 header size`, `u64 padded payload size`, `u32 compressed size` (0x10),
//! `u16 minor, u16 major` (0x18, the PTX ISA or ELF version), `u32 sm` (0x1c),
//! `u64 flags` (0x28: 0x2000 an LZ4 block, 0x8000 a zstd frame), `u64 uncompressed size`
//! (0x38). The payload follows the header.

use std::io::Read;

use super::table::{FatbinEntryRow, LibraryTable};
use super::{check_fatbin, cubin, le16, le32, le64, ptx, ImageKind};
use crate::error::{Error, Result};

const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;
/// No entry of a real fatbin is this large; a header claiming more is hostile.
const MAX_UNCOMPRESSED: u64 = 1 << 30;

fn bad(detail: impl std::fmt::Display) -> Error {
    Error::InvalidArgument(format!("the image is not a valid fatbin: {detail}"))
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

/// Splits a fatbin into its entries, decompressing each.
pub fn entries(b: &[u8]) -> Result<Vec<FatbinEntry>> {
    check_fatbin(b)?;
    let header = le16(b, 6) as usize;
    let end = header + le64(b, 8) as usize;
    let mut off = header;
    let mut out = Vec::new();
    while off < end {
        let e = &b[off..end];
        let kind = match le16(e, 0) {
            1 => ImageKind::Ptx,
            2 => ImageKind::Cubin,
            8 => ImageKind::Ltoir,
            other => return Err(bad(format!("entry {} has unknown kind {other}", out.len()))),
        };
        let hsize = le32(e, 4) as usize;
        let padded = le64(e, 8) as usize;
        let compressed = le32(e, 0x10) as usize;
        let arch = le32(e, 0x1c);
        let flags = le64(e, 0x28);
        let uncompressed = le64(e, 0x38);
        let payload = &e[hsize..hsize + padded];
        let (compression, data) = if flags & (FLAG_LZ4 | FLAG_ZSTD) != 0 {
            if uncompressed == 0 || uncompressed > MAX_UNCOMPRESSED {
                return Err(bad(format!(
                    "entry {} claims {uncompressed} uncompressed bytes",
                    out.len()
                )));
            }
            let input = if compressed > 0 && compressed <= payload.len() {
                &payload[..compressed]
            } else {
                payload
            };
            if flags & FLAG_LZ4 != 0 {
                // An LZ4 block expands at most about 255 times: a larger claim is hostile.
                if uncompressed > (input.len() as u64 + 16) * 256 {
                    return Err(bad(format!(
                        "entry {} claims {uncompressed} bytes from a {}-byte LZ4 block",
                        out.len(),
                        input.len()
                    )));
                }
                let data = lz4_flex::block::decompress(input, uncompressed as usize)
                    .map_err(|e| bad(format!("entry {}: LZ4: {e}", out.len())))?;
                ("lz4", data)
            } else {
                let mut dec = ruzstd::decoding::StreamingDecoder::new(input)
                    .map_err(|e| bad(format!("entry {}: zstd: {e}", out.len())))?;
                let mut data = Vec::new();
                (&mut dec)
                    .take(uncompressed + 1)
                    .read_to_end(&mut data)
                    .map_err(|e| bad(format!("entry {}: zstd: {e}", out.len())))?;
                ("zstd", data)
            }
        } else {
            ("none", payload.to_vec())
        };
        if compression != "none" && data.len() as u64 != uncompressed {
            return Err(bad(format!(
                "entry {} decompressed to {} bytes, its header says {uncompressed}",
                out.len(),
                data.len()
            )));
        }
        out.push(FatbinEntry {
            kind,
            arch,
            compression,
            data,
        });
        off += hsize + padded;
    }
    Ok(out)
}

/// The entry the driver would load on a device of architecture `device_arch`: SASS built
/// for exactly that architecture (the same major with a minor no higher also runs), else
/// the newest PTX not newer than the device, which the driver compiles.
pub fn choose(entries: &[FatbinEntry], device_arch: u32) -> Option<usize> {
    let sass = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            e.kind == ImageKind::Cubin
                && e.arch / 10 == device_arch / 10
                && e.arch % 10 <= device_arch % 10
        })
        .max_by_key(|(_, e)| e.arch)
        .map(|(i, _)| i);
    sass.or_else(|| {
        entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.kind == ImageKind::Ptx && e.arch <= device_arch)
            .max_by_key(|(_, e)| e.arch)
            .map(|(i, _)| i)
    })
}

/// The table of the entry chosen for `device_arch`, with every entry listed.
pub fn read_table(b: &[u8], device_arch: u32) -> Result<LibraryTable> {
    let entries = entries(b)?;
    let chosen = choose(&entries, device_arch).ok_or_else(|| {
        let archs: Vec<String> = entries
            .iter()
            .map(|e| format!("{} sm_{}", e.kind, e.arch))
            .collect();
        Error::InvalidArgument(format!(
            "the fatbin has no code for sm_{device_arch}: it holds {}",
            archs.join(", ")
        ))
    })?;
    let e = &entries[chosen];
    let mut table = match e.kind {
        ImageKind::Cubin => cubin::read(&e.data)?,
        _ => {
            let text = std::str::from_utf8(&e.data)
                .map_err(|err| bad(format!("its PTX entry is not UTF-8: {err}")))?;
            ptx::read_table(text.trim_end_matches('\0'))?
        }
    };
    table.fatbin_entries = entries
        .iter()
        .map(|e| FatbinEntryRow {
            kind: match e.kind {
                ImageKind::Ptx => "ptx",
                ImageKind::Cubin => "cubin",
                _ => "ltoir",
            }
            .to_string(),
            arch: e.arch,
            compression: e.compression.to_string(),
            size: e.data.len() as u64,
        })
        .collect();
    table.chosen_entry = Some(chosen);
    Ok(table)
}
