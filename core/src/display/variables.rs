//! Variables and buffers: a typed preview of their current contents and a hex dump.

use cuda_library_notebook::html::{document, escape, hex_dump, Align, Cell, Column, Table};

use super::{plot, render_result};
use crate::error::Result;
use crate::global::{Global, Managed};
use crate::memory::{as_bytes, DeviceBuffer, DeviceRepr};

/// A preview of a variable's bytes: 32-bit words as hex, integers and floats (and 64-bit
/// floats when the size allows), then a hex dump.
fn variable_parts(kind: &str, name: &str, addr: u64, bytes: &[u8]) -> (Vec<String>, String) {
    let words: Vec<[u8; 4]> = bytes
        .chunks_exact(4)
        .take(16)
        .map(|c| [c[0], c[1], c[2], c[3]])
        .collect();
    let show_f64 = bytes.len() % 8 == 0 && !bytes.is_empty();
    let mut columns = vec![
        Column::new("index", Align::Right),
        Column::new("u32 (hex)", Align::Right),
        Column::new("i32", Align::Right),
        Column::new("f32", Align::Right),
    ];
    if show_f64 {
        columns.push(Column::new("f64 (pairs)", Align::Right));
    }
    let rows = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let mut r = vec![
                Cell::text(i.to_string()),
                Cell::mono(format!("{:#010x}", u32::from_le_bytes(*w))),
                Cell::text(i32::from_le_bytes(*w).to_string()),
                Cell::text(format!("{}", f32::from_le_bytes(*w))),
            ];
            if show_f64 {
                r.push(Cell::text(if i % 2 == 0 {
                    bytes
                        .get(4 * i..4 * i + 8)
                        .and_then(|b| b.try_into().ok())
                        .map(|b: [u8; 8]| format!("{}", f64::from_le_bytes(b)))
                        .unwrap_or_default()
                } else {
                    String::new()
                }));
            }
            r
        })
        .collect();
    let more = if bytes.len() > 64 {
        format!(" (first 16 of {} words)", bytes.len() / 4)
    } else {
        String::new()
    };
    let table = Table {
        caption: Some(format!(
            "{kind} `{name}`: {} bytes at {addr:#x}{more}",
            bytes.len()
        )),
        columns,
        rows,
    };
    let plain = format!(
        "{}{}",
        table.to_text(),
        cuda_library_notebook::html::hex_text(bytes, addr, 16)
    );
    let parts = if words.is_empty() {
        vec![
            format!(
                "<div>{kind} <code>{}</code>: {} bytes at {addr:#x}</div>",
                escape(name),
                bytes.len()
            ),
            hex_dump(bytes, addr, 16),
        ]
    } else {
        vec![table.to_html(), hex_dump(bytes, addr, 16)]
    };
    (parts, plain)
}

/// How many elements a buffer's preview shows.
const BUFFER_PREVIEW: usize = 32;

/// The first elements of `bytes` read as `N`-byte values and written by `show`.
fn preview<const N: usize>(bytes: &[u8], show: fn([u8; N]) -> String) -> Vec<String> {
    bytes
        .chunks_exact(N)
        .take(BUFFER_PREVIEW)
        .map(|c| {
            let mut a = [0u8; N];
            a.copy_from_slice(c);
            show(a)
        })
        .collect()
}

/// The preview of a buffer whose element type is the number type `ty`: its first values as
/// that type (bytes also in hex), or `None` for other element types (arrays, structs), which
/// get a variable's untyped preview.
fn buffer_columns(ty: &str, bytes: &[u8]) -> Option<Vec<(Column, Vec<String>)>> {
    let one = |values: Vec<String>| Some(vec![(Column::new(ty, Align::Right), values)]);
    match ty {
        "u8" => Some(vec![
            (
                Column::new("hex", Align::Right),
                preview(bytes, |[b]: [u8; 1]| format!("{b:#04x}")),
            ),
            (
                Column::new("u8", Align::Right),
                preview(bytes, |[b]: [u8; 1]| b.to_string()),
            ),
        ]),
        "i8" => one(preview(bytes, |b| i8::from_le_bytes(b).to_string())),
        "u16" => one(preview(bytes, |b| u16::from_le_bytes(b).to_string())),
        "i16" => one(preview(bytes, |b| i16::from_le_bytes(b).to_string())),
        "u32" => one(preview(bytes, |b| u32::from_le_bytes(b).to_string())),
        "i32" => one(preview(bytes, |b| i32::from_le_bytes(b).to_string())),
        "u64" => one(preview(bytes, |b| u64::from_le_bytes(b).to_string())),
        "i64" => one(preview(bytes, |b| i64::from_le_bytes(b).to_string())),
        "f32" => one(preview(bytes, |b| f32::from_le_bytes(b).to_string())),
        "f64" => one(preview(bytes, |b| f64::from_le_bytes(b).to_string())),
        _ => None,
    }
}

/// How many values a row of a buffer's preview holds (a buffer of numbers: a grid).
const PER_ROW: usize = 8;

/// The preview's columns and rows: one typed column is laid out as a grid of [`PER_ROW`]
/// values a row, each row labelled with its first index; several (bytes: hex and u8) as one
/// row per value.
fn buffer_rows(values: Vec<(Column, Vec<String>)>) -> (Vec<Column>, Vec<Vec<Cell>>) {
    let shown = values.first().map_or(0, |(_, v)| v.len());
    let mut columns = vec![Column::new("index", Align::Right)];
    if let [(_, one)] = values.as_slice() {
        columns.extend((0..PER_ROW.min(shown)).map(|i| Column::new(format!("+{i}"), Align::Right)));
        let rows = one
            .chunks(PER_ROW)
            .enumerate()
            .map(|(r, chunk)| {
                let mut row = vec![Cell::text((r * PER_ROW).to_string())];
                row.extend(chunk.iter().map(|v| Cell::mono(v.clone())));
                row.resize_with(columns.len(), || Cell::text(""));
                row
            })
            .collect();
        return (columns, rows);
    }
    columns.extend(values.iter().map(|(c, _)| c.clone()));
    let rows = (0..shown)
        .map(|i| {
            let mut r = vec![Cell::text(i.to_string())];
            r.extend(
                values
                    .iter()
                    .map(|(_, v)| Cell::mono(v.get(i).cloned().unwrap_or_default())),
            );
            r
        })
        .collect();
    (columns, rows)
}

/// A buffer of `len` elements of `ty`: one table of its first values in their own type.
/// Buffers of other element types are shown as a variable is.
fn buffer_parts(ty: &str, len: usize, addr: u64, bytes: &[u8]) -> (Vec<String>, String) {
    let name = format!("{ty}[{len}]");
    let Some(values) = buffer_columns(ty, bytes).filter(|c| len > 0 && !c.is_empty()) else {
        return variable_parts("buffer", &name, addr, bytes);
    };
    let shown = values.first().map_or(0, |(_, v)| v.len());
    let more = if len > shown {
        format!(" (first {shown} of {len} values)")
    } else {
        String::new()
    };
    let (columns, rows) = buffer_rows(values);
    let table = Table {
        caption: Some(format!(
            "buffer `{name}`: {} bytes at {addr:#x}{more}",
            bytes.len()
        )),
        columns,
        rows,
    };
    (vec![table.to_html()], table.to_text())
}

/// A buffer's current contents as one HTML document (see [`buffer_parts`]).
fn buffer_html<T>(len: usize, addr: u64, bytes: Result<Vec<u8>>) -> Result<String> {
    let ty = plot::type_name::<T>();
    Ok(document(&buffer_parts(ty, len, addr, &bytes?).0))
}

/// A variable's current contents as one HTML document.
fn variable_html(kind: &str, name: &str, addr: u64, bytes: Result<Vec<u8>>) -> Result<String> {
    Ok(document(&variable_parts(kind, name, addr, &bytes?).0))
}

/// Shows a variable's current contents in a notebook cell, or why they cannot be read.
fn show_variable(kind: &str, name: &str, addr: u64, bytes: Result<Vec<u8>>) {
    render_result(bytes.map(|b| variable_parts(kind, name, addr, &b)));
}

impl Global {
    /// The variable as HTML: a typed preview and a hex dump of its current contents.
    pub fn to_html(&self) -> Result<String> {
        variable_html(
            "global",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        )
    }

    /// Shows the variable's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        show_variable(
            "global",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        );
    }
}

impl Managed {
    /// The variable as HTML: a typed preview and a hex dump of its current contents.
    pub fn to_html(&self) -> Result<String> {
        variable_html(
            "managed",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        )
    }

    /// Shows the variable's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        show_variable(
            "managed",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        );
    }
}

impl<T: DeviceRepr + Default> DeviceBuffer<T> {
    /// The buffer as HTML: its first values in their own type (a buffer of bytes: in hex
    /// and decimal; of arrays or structs: a variable's untyped preview and hex dump).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let x = ctx.htod(&[1.0f32, 2.5, 3.0])?;
    /// let html = x.to_html()?;
    /// assert!(html.contains("buffer `f32[3]`: 12 bytes"));
    /// assert!(html.contains("2.5") && !html.contains("i32"));
    /// # Ok(()) }
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let bytes = self.to_vec().map(|v| as_bytes(&v).to_vec());
        buffer_html::<T>(self.len(), self.as_raw(), bytes)
    }

    /// Shows the buffer's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        let bytes = self.to_vec().map(|v| as_bytes(&v).to_vec());
        let ty = plot::type_name::<T>();
        render_result(bytes.map(|b| buffer_parts(ty, self.len(), self.as_raw(), &b)));
    }
}
