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
    /// The buffer as HTML: a typed preview and a hex dump of its current contents.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let x = ctx.htod(&[1.0f32, 2.0, 3.0])?;
    /// assert!(x.to_html()?.contains("buffer `f32[3]`: 12 bytes"));
    /// # Ok(()) }
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let bytes = self.to_vec().map(|v| as_bytes(&v).to_vec());
        variable_html(
            "buffer",
            &plot::buffer_name::<T>(self.len()),
            self.as_raw(),
            bytes,
        )
    }

    /// Shows the buffer's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        let bytes = self.to_vec().map(|v| as_bytes(&v).to_vec());
        show_variable(
            "buffer",
            &plot::buffer_name::<T>(self.len()),
            self.as_raw(),
            bytes,
        );
    }
}
