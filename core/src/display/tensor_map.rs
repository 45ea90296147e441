//! Tensor maps: a table of what the map describes (shape, strides, box, element type,
//! swizzle, fill) and the swizzle as a picture: the box's first rows in shared memory, one
//! cell per 16-byte chunk, each labelled with the chunk of its row that lands there.

use cuda_library_notebook::html::{document, escape, Align, Cell, Column, Table};

use super::{chart_box, render};
use crate::tensor_map::{TensorMap, TensorMapDesc, TensorMapSwizzle};

/// Rows of 128 bytes the picture shows: one repeat of the 128-byte pattern.
const PICTURE_ROWS: u64 = 8;
/// Pixels per chunk cell.
const CELL: u64 = 34;

/// Where chunk `chunk` of box row `row` lands in shared memory, as (line of 128 bytes,
/// chunk in the line), for rows of `row_bytes` bytes from an aligned address.
fn lands_at(swizzle: TensorMapSwizzle, row_bytes: u64, row: u64, chunk: u64) -> (u64, u64) {
    let at = swizzle.apply(row * row_bytes + chunk * 16);
    (at / 128, at % 128 / 16)
}

/// The swizzle picture: 8 lines of shared memory (128 bytes, 8 chunks each); each cell
/// says which box row and which 16-byte chunk of it lands there, coloured by the chunk.
fn swizzle_svg(d: &TensorMapDesc) -> String {
    let row_bytes = d.row_bytes().max(16);
    let chunks = row_bytes.div_ceil(16);
    let rows = (PICTURE_ROWS * 128 / row_bytes).max(1);
    let (w, h) = (8 * CELL + 70, PICTURE_ROWS * CELL + 40);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" font-family=\"ui-monospace,monospace\" \
         font-size=\"10\"><title>{}: where each 16-byte chunk of the box lands in shared \
         memory</title>",
        escape(&swizzle_name(d.swizzle))
    );
    for c in 0..8 {
        s += &format!(
            "<text x=\"{}\" y=\"12\" text-anchor=\"middle\" fill=\"currentColor\">+{}</text>",
            60 + c * CELL + CELL / 2,
            c * 16
        );
    }
    for line in 0..PICTURE_ROWS {
        s += &format!(
            "<text x=\"4\" y=\"{}\" fill=\"currentColor\">{:#06x}</text>",
            20 + line * CELL + CELL / 2 + 3,
            line * 128
        );
    }
    for row in 0..rows {
        for chunk in 0..chunks {
            let (line, at) = lands_at(d.swizzle, row_bytes, row, chunk);
            if line >= PICTURE_ROWS {
                continue;
            }
            let hue = (chunk * 360 / chunks.max(1)) % 360;
            s += &format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"hsl({hue},60%,70%)\" \
                 stroke=\"currentColor\" stroke-opacity=\".3\"/><text x=\"{}\" y=\"{}\" \
                 text-anchor=\"middle\" fill=\"#111\">r{row}c{chunk}</text>",
                60 + at * CELL,
                20 + line * CELL,
                CELL,
                CELL,
                60 + at * CELL + CELL / 2,
                20 + line * CELL + CELL / 2 + 3
            );
        }
    }
    s + "</svg>"
}

fn swizzle_name(s: TensorMapSwizzle) -> String {
    match s {
        TensorMapSwizzle::None => "no swizzle".into(),
        s => format!("{}-byte swizzle", s.span()),
    }
}

fn list(v: &[u64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" × ")
}

/// The table and the picture, and a line of plain text.
fn parts(d: &TensorMapDesc) -> (Vec<String>, String) {
    let r = d.rank;
    let row = |what: &str, value: String| vec![Cell::text(what), Cell::text(&value)];
    let mut rows = vec![
        row("element type", d.data_type.name().to_string()),
        row("tensor (innermost first)", list(&d.dims[..r])),
        row("strides (bytes)", list(&d.strides[..r.saturating_sub(1)])),
    ];
    match d.im2col {
        Some(i) => {
            rows.push(row(
                "im2col",
                format!(
                    "{} channels × {} pixels, corners {:?} / {:?}",
                    i.channels_per_pixel,
                    i.pixels_per_column,
                    &i.lower[..r - 2],
                    &i.upper[..r - 2]
                ),
            ));
        }
        None => {
            let boxes: Vec<u64> = d.box_dims[..r].iter().map(|&b| b as u64).collect();
            rows.push(row("box", list(&boxes)));
            let es: Vec<u64> = d.element_strides[..r].iter().map(|&b| b as u64).collect();
            if es.iter().any(|&e| e != 1) {
                rows.push(row("element strides", list(&es)));
            }
        }
    }
    rows.push(row("box bytes", d.box_bytes().to_string()));
    rows.push(row("swizzle", swizzle_name(d.swizzle)));
    rows.push(row("interleave", format!("{:?}", d.interleave)));
    rows.push(row("out-of-bounds fill", format!("{:?}", d.oob_fill)));
    rows.push(row("L2 promotion", format!("{:?}", d.l2_promotion)));
    rows.push(row("address", format!("{:#x}", d.global_address)));
    let table = Table {
        caption: Some(format!(
            "tensor map: {} {}",
            d.data_type.name(),
            list(&d.dims[..r])
        )),
        columns: vec![
            Column {
                name: "".into(),
                align: Align::Left,
            },
            Column {
                name: "".into(),
                align: Align::Left,
            },
        ],
        rows,
        row_header: true,
    };
    let plain = format!(
        "TensorMap {} {} box {} bytes, {}",
        d.data_type.name(),
        list(&d.dims[..r]),
        d.box_bytes(),
        swizzle_name(d.swizzle)
    );
    (vec![table.to_html(), chart_box(&swizzle_svg(d))], plain)
}

impl TensorMap {
    /// The map as HTML: what it describes, and where each 16-byte chunk of a box's rows
    /// lands in shared memory under its swizzle.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// use cuda_library::{DeviceBuffer, TensorMap, TensorMapDataType, TensorMapSwizzle};
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let a = DeviceBuffer::<u16>::zeroed(&ctx, 128 * 64)?;
    /// let mut desc = *TensorMap::tiled(&a, TensorMapDataType::F16, &[128, 64], &[64, 64])?.desc();
    /// desc.swizzle = TensorMapSwizzle::B128;
    /// let html = TensorMap::new(&a, &desc)?.to_html();
    /// assert!(html.contains("128-byte swizzle") && html.contains("<svg"));
    /// # Ok(()) }
    /// ```
    pub fn to_html(&self) -> String {
        document(&parts(self.desc()).0)
    }

    /// Shows the map in a notebook cell.
    pub fn evcxr_display(&self) {
        let (parts, plain) = parts(self.desc());
        render(parts, plain);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor_map::TensorMapDataType;

    #[test]
    fn the_picture_puts_each_chunk_where_the_swizzle_does() {
        // 128-byte rows: row 1's chunk 0 lands at chunk 1 of line 1, row 3's chunk 2 at 1.
        assert_eq!(lands_at(TensorMapSwizzle::B128, 128, 1, 0), (1, 1));
        assert_eq!(lands_at(TensorMapSwizzle::B128, 128, 3, 2), (3, 1));
        assert_eq!(lands_at(TensorMapSwizzle::None, 128, 3, 2), (3, 2));
        let mut d = TensorMapDesc::tiled(TensorMapDataType::F16, 0, &[64, 64], &[64, 64]).unwrap();
        d.swizzle = TensorMapSwizzle::B128;
        let svg = swizzle_svg(&d);
        // 8 rows of 8 chunks, every label once.
        assert_eq!(svg.matches("<rect").count(), 64);
        assert!(svg.contains(">r7c0<"));
        let (parts, plain) = parts(&d);
        assert!(
            parts[0].contains("64 × 64") && plain.contains("128-byte swizzle"),
            "{plain}"
        );
    }
}
