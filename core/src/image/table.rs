//! The library table: what an image says about its kernels and variables, as plain data.
//!
//! [`LibraryTable::read`] builds it from a cubin, a fatbin or PTX without any NVIDIA library,
//! with the values the driver reports for the same image (`cuLibraryEnumerateKernels`,
//! `cuKernelGetParamInfo`, `cuKernelGetAttribute`, `cuLibraryGetGlobal`). What an image cannot
//! tell (the registers of PTX that no one has compiled yet) is `None`, never a guess.

use std::collections::BTreeMap;

use super::ImageKind;
use crate::error::{Error, Result};

/// The architecture the simulated device reports, as `10 * major + minor` (sm_90).
pub const SIM_ARCH: u32 = 90;

pub use crate::info::{KernelRow, ParamRow};
pub(crate) use cuda_library_engine::limits::VariableBudget;
pub(crate) use cuda_library_engine::ptx::{nul_tail_start, without_trailing_nuls};
pub use cuda_library_engine::ptx::{volume, GlobalKind};

/// Sorts rows by symbol name: the order every reader gives its table in (one function, so the
/// sort is compiled once for all of them).
pub(crate) fn sort_by_name(kernels: &mut [KernelRow]) {
    kernels.sort_by(|a, b| a.name.cmp(&b.name));
}

/// One module-scope variable.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GlobalRow {
    /// Size in bytes.
    pub size: u64,
    /// Initial contents (`size` bytes; zeros where the image gives none). `None` when the
    /// initialiser holds addresses, which exist only once the driver has placed the symbols.
    pub init: Option<Vec<u8>>,
    /// Device, constant or managed.
    pub kind: GlobalKind,
}

/// One entry of a fatbin container.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FatbinEntryRow {
    /// `ptx`, `cubin` or `ltoir`.
    pub kind: String,
    /// The architecture, `10 * major + minor`.
    pub arch: u32,
    /// How the payload was stored: `none`, `lz4` or `zstd`.
    pub compression: String,
    /// Payload bytes after decompression.
    pub size: u64,
}

/// Everything an image tells about its kernels and variables.
///
/// The [`images`](crate::guide::images) guide says how it is read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LibraryTable {
    /// The format the table was read from (for a fatbin: the chosen entry's).
    pub source_kind: ImageKind,
    /// The architecture of the code read (`sm_90`, or the PTX `.target`).
    pub arch: String,
    /// Kernels, sorted by name.
    pub kernels: Vec<KernelRow>,
    /// Variables by name.
    pub globals: BTreeMap<String, GlobalRow>,
    /// For a fatbin: every entry, and the index of the one chosen for the simulated device.
    pub fatbin_entries: Vec<FatbinEntryRow>,
    /// Index into `fatbin_entries` of the entry the table was read from.
    pub chosen_entry: Option<usize>,
}

impl LibraryTable {
    /// The `__managed__` variables' names.
    pub fn managed(&self) -> Vec<&str> {
        self.globals
            .iter()
            .filter(|(_, g)| g.kind == GlobalKind::Managed)
            .map(|(n, _)| n.as_str())
            .collect()
    }

    /// A kernel's row by symbol name.
    pub fn kernel(&self, name: &str) -> Option<&KernelRow> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// The table in `culib inspect --json` form. With the `serde` feature it serialises to
    /// `{"kernels":[{"name","demangled","params":[[offset,size],...],"num_regs",
    /// "shared_bytes","const_bytes","local_bytes","max_threads"}],
    /// "globals":{"<name>":{"size","init_hex","init_truncated","kind"}},
    /// "managed":["<name>",...]}`, with `null` for what the image cannot tell.
    ///
    /// `init_hex` shows at most [`Limits::shown_bytes`](crate::Limits::shown_bytes) of a
    /// variable's contents (4 KiB unless changed); `init_truncated` is `true` when it shows
    /// fewer than `size` bytes.
    ///
    /// ```
    /// let ptx = b".version 8.0\n.target sm_80\n.address_size 64\n\
    ///     .global .align 4 .u32 counter = 7;\n\
    ///     .visible .entry k(.param .u64 p) { ret; }\n";
    /// let t = cuda_library::LibraryTable::read(ptx).unwrap().inspect();
    /// let p = &t.kernels[0].params[0];
    /// assert_eq!((p.offset, p.size), (0, 8));
    /// assert_eq!(t.globals["counter"].init_hex.as_deref(), Some("07000000"));
    /// ```
    pub fn inspect(&self) -> Inspect {
        Inspect {
            kernels: self.kernels.iter().map(reported).collect(),
            globals: self
                .globals
                .iter()
                .map(|(n, g)| {
                    let (init_hex, init_truncated) = match g.init.as_deref() {
                        Some(b) => {
                            let (shown, cut) = shown(b);
                            (Some(hex(shown)), cut)
                        }
                        None => (None, false),
                    };
                    let row = InspectGlobal {
                        size: g.size,
                        init_hex,
                        init_truncated,
                        kind: g.kind,
                    };
                    (n.clone(), row)
                })
                .collect(),
            managed: self.managed().into_iter().map(str::to_string).collect(),
        }
    }
}

/// [`LibraryTable`] in the shape of `culib inspect --json` (see [`LibraryTable::inspect`]):
/// the kernels' rows, the variables with their contents as hex, and the managed ones.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Inspect {
    /// Kernels, sorted by name, with what the driver also reports. In JSON each is
    /// `{"name","demangled","params":[[offset,size],...],"num_regs","shared_bytes",
    /// "const_bytes","local_bytes","max_threads"}` (no PTX types, block shapes or occupancy).
    #[cfg_attr(feature = "serde", serde(with = "inspect_json"))]
    pub kernels: Vec<KernelRow>,
    /// Variables by name.
    pub globals: BTreeMap<String, InspectGlobal>,
    /// The `__managed__` variables' names.
    pub managed: Vec<String>,
}

/// A row with what the driver also reports: no PTX types, declared block shapes or
/// occupancy (the kernels of [`Inspect`], as its JSON has them).
fn reported(k: &KernelRow) -> KernelRow {
    KernelRow {
        params: k
            .params
            .iter()
            .map(|p| ParamRow {
                ptx_type: None,
                ..p.clone()
            })
            .collect(),
        reqntid: None,
        maxntid: None,
        blocks_per_sm: None,
        ..k.clone()
    }
}

/// The kernels of `culib inspect --json`: each [`KernelRow`] with its parameters as
/// `[offset, size]` pairs and the fields the driver also reports, in that order.
#[cfg(feature = "serde")]
mod inspect_json {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{KernelRow, ParamRow};

    #[derive(Serialize, Deserialize)]
    struct Shape {
        name: String,
        demangled: String,
        params: Vec<[u32; 2]>,
        num_regs: Option<u32>,
        shared_bytes: Option<u32>,
        const_bytes: Option<u32>,
        local_bytes: Option<u32>,
        max_threads: Option<u32>,
    }

    pub fn serialize<S: Serializer>(rows: &[KernelRow], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(rows.iter().map(|k| Shape {
            name: k.name.clone(),
            demangled: k.demangled.clone(),
            params: k.params.iter().map(|p| [p.offset, p.size]).collect(),
            num_regs: k.num_regs,
            shared_bytes: k.shared_bytes,
            const_bytes: k.const_bytes,
            local_bytes: k.local_bytes,
            max_threads: k.max_threads,
        }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<KernelRow>, D::Error> {
        let shapes = Vec::<Shape>::deserialize(d)?;
        Ok(shapes
            .into_iter()
            .map(|k| KernelRow {
                name: k.name,
                demangled: k.demangled,
                params: k
                    .params
                    .into_iter()
                    .map(|[offset, size]| ParamRow {
                        offset,
                        size,
                        ptx_type: None,
                    })
                    .collect(),
                num_regs: k.num_regs,
                shared_bytes: k.shared_bytes,
                const_bytes: k.const_bytes,
                local_bytes: k.local_bytes,
                max_threads: k.max_threads,
                reqntid: None,
                maxntid: None,
                blocks_per_sm: None,
            })
            .collect())
    }
}

/// A variable in [`Inspect`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InspectGlobal {
    /// Size in bytes.
    pub size: u64,
    /// Initial contents as lower-case hex (`None` when they hold addresses): at most the
    /// first [`Limits::shown_bytes`](crate::Limits::shown_bytes) bytes.
    pub init_hex: Option<String>,
    /// Whether `init_hex` stops before the end of the contents (they are longer than
    /// [`Limits::shown_bytes`](crate::Limits::shown_bytes)).
    #[cfg_attr(feature = "serde", serde(default))]
    pub init_truncated: bool,
    /// Device, constant or managed.
    pub kind: GlobalKind,
}

/// The part of a variable's contents that text output shows: at most
/// [`Limits::shown_bytes`](crate::Limits::shown_bytes) bytes, and whether that cut it short.
pub(crate) fn shown(bytes: &[u8]) -> (&[u8], bool) {
    let most = usize::try_from(crate::limits().shown_bytes).unwrap_or(usize::MAX);
    if bytes.len() > most {
        (&bytes[..most], true)
    } else {
        (bytes, false)
    }
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Static shared memory one block may have on sm_90, the simulated device: 227 KiB, what
/// the driver's PTX JIT accepts (checked on an H100, driver 580: with 232,448 bytes a
/// kernel loads, with 232,464 the driver lists none). Offline `ptxas` allows only 48 KiB (0xc000) of static shared memory;
/// more than that is meant to be dynamic. Both wrap sizes of 2 GiB and more to 32 bits
/// (a 4 GiB array loads and reports 0 bytes), so the table refuses them instead.
pub const MAX_SHARED_BYTES: u64 = 232_448;

/// Bytes of parameters a kernel may take: 32,764 (0x7ffc) since CUDA 12.1 on Volta and
/// later, 4,096 before (`ptxas`: "uses too much parameter space (0x8000 bytes, 0x7ffc max)").
pub const MAX_PARAM_BYTES: u64 = 32_764;

/// Bytes of the user constant bank (`.const`, `__constant__`): 64 KiB (`ptxas`: "File uses
/// too much global constant data (0x10004 bytes, 0x10000 max)").
pub const MAX_CONST_BYTES: u64 = 65_536;

/// The text of a PTX image: UTF-8, without its terminating NULs.
pub(crate) fn ptx_image_text(bytes: &[u8]) -> Result<&str> {
    let text = std::str::from_utf8(bytes).map_err(|e| Error::InvalidImage {
        kind: Some(ImageKind::Ptx.name()),
        detail: format!("it is not UTF-8 text ({e})"),
    })?;
    Ok(without_trailing_nuls(text))
}

/// The most threads per block a kernel using `regs` registers per thread can be launched
/// with on an sm_90 device (64K registers per block, allocated per warp in units of 256),
/// capped by 1024 and by a declared `.maxntid`/`.reqntid` volume.
pub fn max_threads(regs: Option<u32>, declared: Option<u32>) -> u32 {
    let mut limit = 1024u32;
    if let Some(r) = regs.filter(|&r| r > 0) {
        let per_warp = (r as u64 * 32).div_ceil(256) * 256;
        let warps = 65536 / per_warp;
        limit = limit.min((warps * 32) as u32);
    }
    if let Some(d) = declared.filter(|&d| d > 0) {
        limit = limit.min(d);
    }
    limit
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::LibraryTable;

    /// `culib inspect --json` reads back as the same [`super::Inspect`]: the view drops
    /// what its JSON leaves out.
    #[test]
    fn inspect_json_reads_back_as_the_same_view() {
        let ptx = b".version 8.0\n.target sm_80\n.address_size 64\n\
            .visible .entry k(.param .u64 p, .param .f32 x) .reqntid 64, 1, 1 { ret; }\n";
        let table = LibraryTable::read(ptx).unwrap();
        assert_eq!(table.kernels[0].params[1].ptx_type.as_deref(), Some(".f32"));
        let view = table.inspect();
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.contains(r#""params":[[0,8],[8,4]]"#), "{json}");
        assert!(
            !json.contains("reqntid") && !json.contains(".f32"),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<super::Inspect>(&json).unwrap(), view);
    }
}
