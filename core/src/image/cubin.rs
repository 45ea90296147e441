//! Reading a cubin (CUDA ELF) with the `object` crate.
//!
//! Layout, as `cuobjdump -elf` shows it and checked against the driver:
//! - kernels are `STT_FUNC` symbols with `st_other & 0x10`;
//! - `.nv.info.<kernel>` holds `EIATTR_KPARAM_INFO` (0x17) records: `u32 index, u16
//!   ordinal, u16 offset, u32 w` with the size in `w >> 18`; `EIATTR_MAX_THREADS` (0x05) and
//!   `EIATTR_REQNTID` (0x10) give declared block shapes;
//! - `.nv.info` holds `EIATTR_REGCOUNT` (0x2f) and `EIATTR_FRAME_SIZE` (0x11) records keyed
//!   by symbol index;
//! - `.nv.shared.<kernel>` is the kernel's static shared memory, `.nv.constant3` the user
//!   constant bank; variables are `STT_OBJECT` symbols in `.nv.global` (zeroed),
//!   `.nv.global.init` or `.nv.constant3` (initial bytes at the symbol's offset), with
//!   `st_other & 0x04` for `__managed__`.

use std::collections::{BTreeMap, HashMap};

use object::elf::{FileHeader64, SHT_NOBITS, SHT_RELA, SHT_SYMTAB, STT_FUNC, STT_OBJECT};
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::LittleEndian as LE;

use super::table::{
    max_threads, volume, GlobalKind, GlobalRow, KernelRow, LibraryTable, ParamRow, VariableBudget,
    MAX_CONST_BYTES, MAX_PARAM_BYTES, MAX_SHARED_BYTES,
};
use super::{check_cubin, le16, le32, ImageKind};
use crate::error::{Error, Result};
use crate::names::demangle;

const STO_CUDA_ENTRY: u8 = 0x10;
const STO_CUDA_MANAGED: u8 = 0x04;
/// Shared memory sm_90 modules reserve per kernel (see `read`).
const RESERVED_SHARED: u64 = 1024;

const EIFMT_SVAL: u8 = 0x04;
const EIATTR_MAX_THREADS: u8 = 0x05;
const EIATTR_REQNTID: u8 = 0x10;
const EIATTR_FRAME_SIZE: u8 = 0x11;
const EIATTR_KPARAM_INFO: u8 = 0x17;
const EIATTR_REGCOUNT: u8 = 0x2f;

fn bad(detail: impl std::fmt::Display) -> Error {
    Error::InvalidImage {
        kind: Some(crate::ImageKind::Cubin.name()),
        detail: detail.to_string(),
    }
}

/// One `.nv.info` record.
struct Attr<'a> {
    attr: u8,
    /// The payload for `EIFMT_SVAL` records; empty otherwise.
    payload: &'a [u8],
}

/// Splits an `.nv.info` section into records; a record that runs past the end is an error.
fn attrs(data: &[u8]) -> Result<Vec<Attr<'_>>> {
    let mut out = Vec::new();
    let mut off = 0usize;
    while off + 4 <= data.len() {
        let (fmt, attr) = (data[off], data[off + 1]);
        let len = u16::from_le_bytes([data[off + 2], data[off + 3]]) as usize;
        off += 4;
        if fmt == EIFMT_SVAL {
            let payload = data
                .get(off..off + len)
                .ok_or_else(|| bad(format!("an .nv.info record of {len} bytes is truncated")))?;
            out.push(Attr { attr, payload });
            off += len;
        } else {
            // EIFMT_NVAL / EIFMT_BVAL / EIFMT_HVAL carry their value in the length field.
            out.push(Attr { attr, payload: &[] });
        }
    }
    Ok(out)
}

/// A block shape from a MAX_THREADS / REQNTID payload (`x, y, z`, possibly after a symbol).
fn dims(payload: &[u8]) -> Option<[u32; 3]> {
    let base = match payload.len() {
        12 => 0,
        16 => 4,
        _ => return None,
    };
    Some([
        le32(payload, base),
        le32(payload, base + 4),
        le32(payload, base + 8),
    ])
}

/// The SM architecture from the ELF header (`EI_ABIVERSION` 7: bits 0-7; 8: bits 8-15).
pub fn arch(bytes: &[u8]) -> Option<u32> {
    let flags = le32(bytes, 0x30);
    match bytes.get(8)? {
        0..=7 => Some(flags & 0xff),
        _ => Some((flags >> 8) & 0xff),
    }
}

/// Reads a cubin's kernel and variable table.
pub fn read(bytes: &[u8]) -> Result<LibraryTable> {
    check_cubin(bytes)?;
    let header = FileHeader64::<LE>::parse(bytes).map_err(bad)?;
    let endian = header.endian().map_err(bad)?;
    let sections = header.sections(endian, bytes).map_err(bad)?;
    let symbols = sections.symbols(endian, bytes, SHT_SYMTAB).map_err(bad)?;

    // Sections by name, with their data (NOBITS sections have a size but no data).
    let mut by_name: HashMap<String, (usize, u64, &[u8])> = HashMap::new();
    for (i, sh) in sections.iter().enumerate() {
        let name = sections.section_name(endian, sh).map_err(bad)?;
        let name = String::from_utf8_lossy(name).into_owned();
        let size: u64 = sh.sh_size(endian);
        let data = if sh.sh_type(endian) == SHT_NOBITS {
            &[][..]
        } else {
            sh.data(endian, bytes).map_err(bad)?
        };
        by_name.insert(name, (i, size, data));
    }
    let section_name_of: HashMap<usize, String> = by_name
        .iter()
        .map(|(n, (i, _, _))| (*i, n.clone()))
        .collect();

    // Module-wide per-symbol records.
    let mut regs: HashMap<u32, u32> = HashMap::new();
    let mut frame: HashMap<u32, u32> = HashMap::new();
    if let Some((_, _, data)) = by_name.get(".nv.info") {
        for a in attrs(data)? {
            match a.attr {
                EIATTR_REGCOUNT => {
                    regs.insert(le32(a.payload, 0), le32(a.payload, 4));
                }
                EIATTR_FRAME_SIZE => {
                    frame.insert(le32(a.payload, 0), le32(a.payload, 4));
                }
                _ => {}
            }
        }
    }
    // sm_90 modules reserve 1 KiB of shared memory for the system in every kernel's
    // `.nv.shared.<kernel>` section (alongside an empty `.nv.shared.reserved.0`); the driver
    // reports the kernel's own bytes, without it.
    let kernel_shared: Vec<u64> = by_name
        .iter()
        .filter(|(n, _)| n.starts_with(".nv.shared.") && *n != ".nv.shared.reserved.0")
        .map(|(_, (_, size, _))| *size)
        .collect();
    let reserved_shared = if by_name.contains_key(".nv.shared.reserved.0")
        && !kernel_shared.is_empty()
        && kernel_shared.iter().all(|&s| s >= RESERVED_SHARED)
    {
        RESERVED_SHARED
    } else {
        0
    };
    // Bytes of data sections that relocations patch at load time (a global initialised with
    // another's address): their initial value is known only after loading.
    let mut relocated: HashMap<usize, Vec<u64>> = HashMap::new();
    for sh in sections.iter() {
        if sh.sh_type(endian) != SHT_RELA {
            continue;
        }
        let target = sh.sh_info(endian) as usize;
        let data = sh.data(endian, bytes).map_err(bad)?;
        for r in data.chunks_exact(24) {
            relocated
                .entry(target)
                .or_default()
                .push(u64::from_le_bytes([
                    r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
                ]));
        }
    }
    let const_bytes = by_name
        .get(".nv.constant3")
        .map(|(_, size, _)| *size)
        .unwrap_or(0);
    if const_bytes > MAX_CONST_BYTES {
        return Err(bad(format!(
            "its constant bank .nv.constant3 claims {const_bytes} bytes, more than the {MAX_CONST_BYTES} a device has"
        )));
    }
    let const_bytes = const_bytes as u32;

    let strings = symbols.strings();
    let mut kernels = Vec::new();
    let mut globals = BTreeMap::new();
    let mut budget = VariableBudget::new();
    for (index, sym) in symbols.iter().enumerate() {
        let name = sym.name(endian, strings).map_err(bad)?;
        let name = String::from_utf8_lossy(name).into_owned();
        let other = sym.st_other().0;
        let ty = sym.st_type();
        let Some(shndx) = sym.st_shndx(endian).index() else {
            continue;
        };
        if ty == STT_FUNC && other & STO_CUDA_ENTRY != 0 {
            kernels.push(kernel_row(
                &name,
                index as u32,
                &by_name,
                &regs,
                &frame,
                const_bytes,
                reserved_shared,
            )?);
        } else if ty == STT_OBJECT {
            let Some(section) = section_name_of.get(&(shndx as usize)) else {
                continue;
            };
            let kind = if other & STO_CUDA_MANAGED != 0 {
                GlobalKind::Managed
            } else if section.starts_with(".nv.constant3") {
                GlobalKind::Constant
            } else if section.starts_with(".nv.global") {
                GlobalKind::Device
            } else {
                continue; // shared-memory and other symbols are not library globals
            };
            let (_, _, data) = by_name[section];
            let value: u64 = sym.st_value(endian);
            let size: u64 = sym.st_size(endian);
            budget.add(|| format!("the cubin's variable `{name}`"), size)?;
            let patched = relocated.get(&(shndx as usize)).is_some_and(|offs| {
                offs.iter()
                    .any(|&o| o >= value && o < value.saturating_add(size))
            });
            let init = if patched {
                None
            } else if data.is_empty() {
                // Zeroed memory is not touched until it is written: a large `.nv.global`
                // variable costs address space, not memory.
                Some(vec![0; size as usize])
            } else {
                let start = value as usize;
                Some(
                    data.get(start..start.saturating_add(size as usize))
                        .ok_or_else(|| {
                            bad(format!(
                                "the initial value of `{name}` lies outside its section"
                            ))
                        })?
                        .to_vec(),
                )
            };
            globals.insert(name, GlobalRow { size, init, kind });
        }
    }
    super::table::sort_by_name(&mut kernels);
    Ok(LibraryTable {
        source_kind: ImageKind::Cubin,
        arch: format!("sm_{}", arch(bytes).unwrap_or(0)),
        kernels,
        globals,
        fatbin_entries: Vec::new(),
        chosen_entry: None,
    })
}

fn kernel_row(
    name: &str,
    sym_index: u32,
    by_name: &HashMap<String, (usize, u64, &[u8])>,
    regs: &HashMap<u32, u32>,
    frame: &HashMap<u32, u32>,
    const_bytes: u32,
    reserved_shared: u64,
) -> Result<KernelRow> {
    let mut params: Vec<(u16, ParamRow)> = Vec::new();
    let (mut maxntid, mut reqntid) = (None, None);
    if let Some((_, _, data)) = by_name.get(&format!(".nv.info.{name}")) {
        for a in attrs(data)? {
            match a.attr {
                EIATTR_KPARAM_INFO if a.payload.len() >= 12 => {
                    let ordinal = le16(a.payload, 4);
                    let offset = le16(a.payload, 6) as u32;
                    let size = (le32(a.payload, 8) >> 18) & 0x3fff;
                    params.push((
                        ordinal,
                        ParamRow {
                            offset,
                            size,
                            ptx_type: None,
                        },
                    ));
                }
                EIATTR_MAX_THREADS => maxntid = dims(a.payload),
                EIATTR_REQNTID => reqntid = dims(a.payload),
                _ => {}
            }
        }
    }
    params.sort_by_key(|(ordinal, _)| *ordinal);
    let param_end = params
        .iter()
        .map(|(_, p)| p.offset as u64 + p.size as u64)
        .max()
        .unwrap_or(0);
    if param_end > MAX_PARAM_BYTES {
        return Err(bad(format!(
            "kernel `{name}` has {param_end} bytes of parameters, more than the {MAX_PARAM_BYTES} CUDA allows"
        )));
    }
    let shared = by_name
        .get(&format!(".nv.shared.{name}"))
        .map(|(_, size, _)| size.saturating_sub(reserved_shared))
        .unwrap_or(0);
    if shared > MAX_SHARED_BYTES {
        return Err(bad(format!(
            "kernel `{name}` claims {shared} bytes of static shared memory, more than the {MAX_SHARED_BYTES} (227 KiB) a block can have on sm_90"
        )));
    }
    let shared = shared as u32;
    let num_regs = regs.get(&sym_index).copied();
    let declared = reqntid.or(maxntid).map(volume);
    Ok(KernelRow {
        name: name.to_string(),
        demangled: demangle(name),
        params: params.into_iter().map(|(_, p)| p).collect(),
        num_regs,
        shared_bytes: Some(shared),
        const_bytes: Some(const_bytes),
        local_bytes: Some(frame.get(&sym_index).copied().unwrap_or(0)),
        max_threads: Some(max_threads(num_regs, declared)),
        reqntid,
        maxntid,
        blocks_per_sm: None,
    })
}
