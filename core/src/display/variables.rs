//! Variables and buffers: one view of their current contents, typed when the element type
//! is known (a table of values), otherwise a hex dump of the bytes.

use cuda_library_notebook::html::{
    document, escape, hex_dump, hex_text, Align, Cell, Column, Table,
};

use super::render_result;
use crate::element::ElementType;
use crate::error::Result;
use crate::global::{Global, Managed};
use crate::memory::{as_bytes, DeviceBuffer, DeviceRepr};

/// Values a typed view shows per row.
const PER_ROW: usize = 8;
/// Rows a typed view shows at most (the rest is counted in the caption).
const MAX_ROWS: usize = 8;
/// Lines of a hex dump (16 bytes each).
const HEX_LINES: usize = 16;

/// What is shown: `global`, `managed` or `buffer`, its name and where it is.
pub(super) struct Shown<'a> {
    pub kind: &'a str,
    /// The variable's name; `None` for a buffer, which is named by its type.
    pub name: Option<&'a str>,
    pub addr: u64,
}

impl Shown<'_> {
    /// `global `table`: 16 bytes at 0x… · f32[4]` or `buffer `f32[1000]`: 4000 bytes at
    /// 0x…` (a buffer is named by its type).
    fn caption(&self, ty: Option<ElementType>, bytes: usize) -> String {
        // One element reads as its type (`u32`), more as an array (`f32[4]`).
        let typed = ty.map(|t| match bytes / t.size() {
            1 if self.name.is_some() => t.to_string(),
            n => format!("{t}[{n}]"),
        });
        let at = format!("{bytes} bytes at {:#x}", self.addr);
        match (self.name, typed) {
            (Some(n), Some(t)) => format!("{} `{n}`: {at} · {t}", self.kind),
            (Some(n), None) => format!("{} `{n}`: {at}", self.kind),
            (None, Some(t)) => format!("{} `{t}`: {at}", self.kind),
            (None, None) => format!("{}: {at}", self.kind),
        }
    }
}

/// One view of `bytes`: a table of values of `ty` (first [`MAX_ROWS`] rows of
/// [`PER_ROW`], each row headed by its first index) or, with no type, a hex dump.
pub(super) fn parts(shown: &Shown, bytes: &[u8], ty: Option<ElementType>) -> (Vec<String>, String) {
    let caption = shown.caption(ty, bytes.len());
    let values = ty.map(|t| t.format(bytes)).unwrap_or_default();
    if values.is_empty() {
        let why = if shown.name.is_some() {
            " · element type unknown, shown as bytes (`.typed(ElementType::F32)` views them \
             as floats; in the playground, `.typed(\"f32\")`)"
        } else {
            " · shown as bytes"
        };
        let title = format!("{caption}{why}");
        let html = format!(
            "<div class=\"caption\">{}</div>{}",
            escape(&title),
            hex_dump(bytes, shown.addr, HEX_LINES)
        );
        let plain = format!("{title}\n{}", hex_text(bytes, shown.addr, HEX_LINES));
        return (vec![html], plain);
    }
    if let [one] = values.as_slice() {
        let table = Table {
            caption: Some(caption),
            columns: vec![Column::new("value", Align::Right)],
            rows: vec![vec![Cell::text(one.as_str())]],
            row_header: false,
        };
        return (vec![table.to_html()], table.to_text());
    }
    let shown_n = values.len().min(PER_ROW * MAX_ROWS);
    let more = if shown_n < values.len() {
        format!(" (first {shown_n} of {})", values.len())
    } else {
        String::new()
    };
    let width = values.len().min(PER_ROW);
    let mut columns = vec![Column::new("index", Align::Right)];
    columns.extend((0..width).map(|i| Column::new(format!("+{i}"), Align::Right)));
    let rows = values[..shown_n]
        .chunks(PER_ROW)
        .enumerate()
        .map(|(r, chunk)| {
            let mut row = vec![Cell::text((r * PER_ROW).to_string())];
            row.extend(chunk.iter().map(|v| Cell::text(v.as_str())));
            row
        })
        .collect();
    let table = Table {
        caption: Some(format!("{caption}{more}")),
        columns,
        rows,
        row_header: true,
    };
    (vec![table.to_html()], table.to_text())
}

/// The displays of [`Global`] and [`Managed`], the same for both but for the word that
/// names the kind (`global`, `managed`).
macro_rules! variable_display {
    ($ty:ident, $kind:literal) => {
        impl $ty {
            fn shown(&self) -> Shown<'_> {
                Shown {
                    kind: $kind,
                    name: Some(self.name()),
                    addr: self.device_ptr().0,
                }
            }

            /// The variable as HTML: its current values as a table when its
            /// [element type](Self::element_type) is known, otherwise a hex dump.
            pub fn to_html(&self) -> Result<String> {
                let bytes = self.read_bytes()?;
                Ok(document(
                    &parts(&self.shown(), &bytes, self.element_type()).0,
                ))
            }

            /// Shows the variable's current contents in a notebook cell.
            pub fn evcxr_display(&self) {
                let shown = self.shown();
                let ty = self.element_type();
                render_result(self.read_bytes().map(|b| parts(&shown, &b, ty)));
            }
        }
    };
}

variable_display!(Global, "global");
variable_display!(Managed, "managed");

impl<T: DeviceRepr + Default> DeviceBuffer<T> {
    fn shown(&self) -> Shown<'static> {
        Shown {
            kind: "buffer",
            name: None,
            addr: self.as_raw(),
        }
    }

    fn bytes(&self) -> Result<Vec<u8>> {
        self.to_vec().map(|v| as_bytes(&v).to_vec())
    }

    /// The buffer as HTML: its values, titled by element type (`f32[1000]`), or
    /// a hex dump when `T` is not a number type.
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
        self.to_html_as(ElementType::of::<T>())
    }

    /// The buffer's bytes as HTML, viewed as elements of `ty` (a buffer of bytes that holds
    /// floats, say), or as a hex dump for `None`.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// use cuda_library::ElementType;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let raw = ctx.htod(&[0u8, 0, 128, 63])?;     // the bytes of 1.0f32
    /// assert!(raw.to_html_as(Some(ElementType::F32))?.contains("buffer `f32[1]`"));
    /// assert!(raw.to_html_as(None)?.contains("00 00 80 3f"));
    /// # Ok(()) }
    /// ```
    pub fn to_html_as(&self, ty: Option<ElementType>) -> Result<String> {
        Ok(document(&parts(&self.shown(), &self.bytes()?, ty).0))
    }

    /// Shows the buffer's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        let shown = self.shown();
        render_result(
            self.bytes()
                .map(|b| parts(&shown, &b, ElementType::of::<T>())),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(n: usize) -> Vec<u8> {
        (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect()
    }

    #[test]
    fn a_typed_view_shows_values_titled_by_type_and_nothing_else() {
        let buffer = Shown {
            kind: "buffer",
            name: None,
            addr: 0x1000,
        };
        let (html, text) = parts(&buffer, &floats(1000), Some(ElementType::F32));
        let html = html.concat();
        assert!(text.starts_with("buffer `f32[1000]`: 4000 bytes at 0x1000 (first 64 of 1000)"));
        assert!(html.contains("<th scope=\"row\" class=\"r\">56</th>") && html.contains(">63<"));
        assert!(
            !html.contains("f64") && !html.contains("class=\"hex\""),
            "one view"
        );
    }

    #[test]
    fn untyped_bytes_are_a_hex_dump_and_one_value_is_a_value() {
        let global = Shown {
            kind: "global",
            name: Some("table"),
            addr: 0x100,
        };
        let (html, _) = parts(&global, &floats(4), None);
        let html = html.concat();
        assert!(html.contains("global `table`: 16 bytes at 0x100 · element type unknown"));
        assert!(html.contains("00 00 80 3f") && !html.contains("<table"));
        let (_, text) = parts(&global, &42u32.to_le_bytes(), Some(ElementType::U32));
        assert_eq!(
            text,
            "global `table`: 4 bytes at 0x100 · u32\nvalue\n   42\n"
        );
    }
}
