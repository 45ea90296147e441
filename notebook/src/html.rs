//! HTML building blocks: tables, cards, error boxes, hex dumps, and the document that holds
//! them with its stylesheet.
//!
//! Every string given to these types is escaped. Colours come from the page (`inherit`,
//! `currentColor`) with translucent greys for rules and headers, so the output reads in
//! light and dark Jupyter themes alike.

/// Escapes text for HTML element content and attribute values.
///
/// ```
/// assert_eq!(
///     cuda_library_notebook::html::escape(r#"void f<int>(a&b, "c")"#),
///     "void f&lt;int&gt;(a&amp;b, &quot;c&quot;)"
/// );
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The stylesheet every document carries, scoped to `.culib`. A `.chart` box keeps its chart's
/// drawn size and scrolls sideways where the page is narrower (its maker gives it
/// `tabindex="0"`: a scrolling region must be reachable by keyboard).
pub const STYLE: &str = r#"<style>
.culib{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;font-size:13px;line-height:1.4;color:inherit;max-width:100%;overflow-x:auto}
.culib table{border-collapse:collapse;margin:4px 0 10px 0;color:inherit;background:transparent}
.culib figure{margin:4px 0 10px 0}
.culib figure table{margin:0}
.culib caption,.culib .caption{caption-side:top;text-align:left;font-weight:600;padding:2px 0 6px 0;color:inherit}
.culib th,.culib td{border:1px solid rgba(128,128,128,.35);padding:3px 8px;vertical-align:top;color:inherit;background:transparent}
.culib th{background:rgba(128,128,128,.14);font-weight:600}
.culib tr:nth-child(even) td{background:rgba(128,128,128,.05)}
.culib tbody th{background:transparent;font-weight:normal}
.culib th.r,.culib td.r{text-align:right!important;font-variant-numeric:tabular-nums;white-space:nowrap}
.culib th.l,.culib td.l{text-align:left!important}
.culib .mono,.culib code,.culib pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.culib .sub{display:block;opacity:.65;font-size:11px}
.culib .card{border:1px solid rgba(128,128,128,.4);border-radius:6px;padding:8px 12px;margin:4px 0 10px 0;display:inline-block;min-width:320px}
.culib .card h3{margin:0 0 6px 0;font-size:14px}
.culib .card dl{display:grid;grid-template-columns:max-content auto;gap:2px 14px;margin:0}
.culib .card dt{opacity:.7;white-space:nowrap;float:none;width:auto;text-align:left;font-weight:normal;margin:0}
.culib .card dd{margin:0;padding:0}
.culib .badge{display:inline-block;border-radius:9px;padding:0 8px;margin-left:6px;font-size:11px;font-weight:600;vertical-align:middle}
.culib .badge.gpu{background:rgba(46,160,67,.22)}
.culib .badge.sim{background:rgba(210,153,34,.28)}
.culib .badge.info{background:rgba(56,139,253,.22)}
.culib .note{opacity:.75;font-size:12px;margin-top:6px;white-space:pre-wrap}
.culib .note .sub{opacity:1}
.culib details.note summary{cursor:pointer;white-space:normal}
.culib .error{border-left:4px solid rgba(248,81,73,.85);background:rgba(248,81,73,.10);padding:6px 10px;margin:4px 0 10px 0;border-radius:3px}
.culib .error .what{font-weight:600;white-space:pre-wrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.culib .error .hint{margin-top:4px;opacity:.85;white-space:pre-wrap}
.culib pre.hex{margin:4px 0;padding:6px 8px;border:1px solid rgba(128,128,128,.3);border-radius:3px;background:rgba(128,128,128,.06);overflow-x:auto}
.culib svg{max-width:100%;height:auto;color:inherit}
.culib .chart{margin:4px 0 10px 0;max-width:100%;overflow-x:auto}
.culib .chart svg{max-width:none}
</style>"#;

/// One HTML document holding `parts` (the output of the `to_html` methods) with the
/// stylesheet: what a notebook cell shows.
pub fn document(parts: &[String]) -> String {
    let mut s = String::from(STYLE);
    s.push_str("<div class=\"culib\">");
    for p in parts {
        s.push_str(p);
    }
    s.push_str("</div>");
    s
}

/// Whether this process has shown the stylesheet in a notebook cell ([`cell_document`]).
static STYLE_SHOWN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// One HTML document holding `parts` as a notebook cell shows it: as [`document`], but the
/// stylesheet comes only with the first such document of the process. A `<style>` in one
/// cell's output applies to the whole notebook page (Jupyter, JupyterLab, VS Code), so one
/// copy styles every output; nine copies in one notebook were nine times the bytes.
/// Where each output is a page of its own (Colab) or that first output was cleared, call
/// [`resend_style`] and the next document carries it again.
///
/// ```
/// use cuda_library_notebook::html::{cell_document, resend_style};
/// resend_style();
/// assert!(cell_document(&["<b>1</b>".into()]).starts_with("<style>"));
/// assert!(cell_document(&["<b>2</b>".into()]).starts_with("<div class=\"culib\">"));
/// ```
pub fn cell_document(parts: &[String]) -> String {
    if STYLE_SHOWN.swap(true, std::sync::atomic::Ordering::Relaxed) {
        let mut s = String::from("<div class=\"culib\">");
        for p in parts {
            s.push_str(p);
        }
        s.push_str("</div>");
        s
    } else {
        document(parts)
    }
}

/// Makes the next [`cell_document`] carry the stylesheet again.
pub fn resend_style() {
    STYLE_SHOWN.store(false, std::sync::atomic::Ordering::Relaxed);
}

/// Column alignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// A table column.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Column {
    /// Header text.
    pub name: String,
    /// Alignment of its cells.
    pub align: Align,
}

impl Column {
    /// A column.
    pub fn new(name: impl Into<String>, align: Align) -> Self {
        Column {
            name: name.into(),
            align,
        }
    }
}

/// A table cell: text, an optional second line in smaller type, optionally monospaced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// The text.
    pub text: String,
    /// A second, quieter line (e.g. a mangled name under its demangled form).
    pub sub: Option<String>,
    /// Monospaced.
    pub mono: bool,
}

impl Cell {
    /// Plain text.
    pub fn text(s: impl Into<String>) -> Self {
        Cell {
            text: s.into(),
            ..Default::default()
        }
    }

    /// Monospaced text (names, code).
    pub fn mono(s: impl Into<String>) -> Self {
        Cell {
            text: s.into(),
            mono: true,
            ..Default::default()
        }
    }

    /// Adds a second, quieter line.
    pub fn with_sub(mut self, sub: impl Into<String>) -> Self {
        self.sub = Some(sub.into());
        self
    }
}

/// A table with a caption, aligned columns and rows of cells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Table {
    /// Shown above the table.
    pub caption: Option<String>,
    /// Columns.
    pub columns: Vec<Column>,
    /// Rows; a row shorter than the columns is padded with empty cells.
    pub rows: Vec<Vec<Cell>>,
    /// Whether the first column names its row (a kernel's name, an index): its cells are
    /// row headers (`<th scope="row">`) for screen readers.
    pub row_header: bool,
}

impl Table {
    /// The table as HTML.
    ///
    /// A caption is a `<figcaption>` of a `<figure>` holding the table, rather than the
    /// table's `<caption>`: a `<caption>` is exactly as wide as its table, so the caption of
    /// a narrow table wrapped into a tall column of short lines. The figure's caption takes
    /// the width of the output instead.
    pub fn to_html(&self) -> String {
        let mut s = String::new();
        if let Some(c) = &self.caption {
            s.push_str(&format!(
                "<figure><figcaption class=\"caption\">{}</figcaption>",
                escape(c)
            ));
        }
        s.push_str("<table>");
        s.push_str("<thead><tr>");
        for c in &self.columns {
            let class = match c.align {
                Align::Left => "l",
                Align::Right => "r",
            };
            s.push_str(&format!(
                "<th scope=\"col\" class=\"{class}\">{}</th>",
                escape(&c.name)
            ));
        }
        s.push_str("</tr></thead><tbody>");
        for row in &self.rows {
            s.push_str("<tr>");
            for (i, col) in self.columns.iter().enumerate() {
                let empty = Cell::default();
                let cell = row.get(i).unwrap_or(&empty);
                let mut class = String::from(match col.align {
                    Align::Left => "l",
                    Align::Right => "r",
                });
                if cell.mono {
                    class.push_str(" mono");
                }
                let (tag, scope) = if i == 0 && self.row_header {
                    ("th", " scope=\"row\"")
                } else {
                    ("td", "")
                };
                s.push_str(&format!(
                    "<{tag}{scope} class=\"{class}\">{}",
                    escape(&cell.text)
                ));
                if let Some(sub) = &cell.sub {
                    s.push_str(&format!("<span class=\"sub\">{}</span>", escape(sub)));
                }
                s.push_str(&format!("</{tag}>"));
            }
            s.push_str("</tr>");
        }
        s.push_str("</tbody></table>");
        if self.caption.is_some() {
            s.push_str("</figure>");
        }
        s
    }

    /// The table as aligned plain text (the text/plain form of an output).
    ///
    /// ```
    /// use cuda_library_notebook::html::{Align, Cell, Column, Table};
    /// let t = Table {
    ///     caption: None,
    ///     columns: vec![Column::new("k", Align::Left), Column::new("n", Align::Right)],
    ///     rows: vec![vec![Cell::text("ab"), Cell::text("7")]],
    ///     row_header: false,
    /// };
    /// assert_eq!(t.to_text(), "k   n\nab  7\n");
    /// ```
    pub fn to_text(&self) -> String {
        let ncol = self.columns.len();
        let mut width: Vec<usize> = self
            .columns
            .iter()
            .map(|c| c.name.chars().count())
            .collect();
        for row in &self.rows {
            for (i, w) in width.iter_mut().enumerate().take(ncol) {
                let n = row.get(i).map_or(0, |c| c.text.chars().count());
                *w = (*w).max(n);
            }
        }
        let mut s = String::new();
        if let Some(c) = &self.caption {
            s.push_str(c);
            s.push('\n');
        }
        let line = |cells: Vec<(&str, Align)>| -> String {
            let mut l = String::new();
            for (i, (t, a)) in cells.into_iter().enumerate() {
                if i > 0 {
                    l.push_str("  ");
                }
                let pad = width[i].saturating_sub(t.chars().count());
                match a {
                    Align::Left => {
                        l.push_str(t);
                        l.push_str(&" ".repeat(pad));
                    }
                    Align::Right => {
                        l.push_str(&" ".repeat(pad));
                        l.push_str(t);
                    }
                }
            }
            l.trim_end().to_string() + "\n"
        };
        s.push_str(&line(
            self.columns
                .iter()
                .map(|c| (c.name.as_str(), Align::Left))
                .collect(),
        ));
        for row in &self.rows {
            s.push_str(&line(
                self.columns
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (row.get(i).map_or("", |x| x.text.as_str()), c.align))
                    .collect(),
            ));
        }
        s
    }
}

/// The kind of a card's badge, which sets its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BadgeKind {
    /// Real hardware.
    Gpu,
    /// Simulated.
    Sim,
    /// Neutral information.
    Info,
}

/// A small label next to a card's title.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Badge {
    /// The text.
    pub text: String,
    /// Its kind.
    pub kind: BadgeKind,
}

/// A card: a title with an optional badge, label/value pairs and a note.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Card {
    /// Title.
    pub title: String,
    /// Badge after the title.
    pub badge: Option<Badge>,
    /// Label and value pairs.
    pub fields: Vec<(String, String)>,
    /// A note under the fields (kept on its lines).
    pub note: Option<String>,
    /// Shows the note folded: its first line as a summary, the rest on demand
    /// (`<details>`), and only the first line in the text form.
    pub folded: bool,
}

impl Card {
    /// The card as HTML.
    ///
    /// ```
    /// use cuda_library_notebook::html::{Badge, BadgeKind, Card};
    /// let c = Card {
    ///     title: "kernels.ptx".into(),
    ///     badge: Some(Badge { text: "simulated".into(), kind: BadgeKind::Sim }),
    ///     fields: vec![("kernels".into(), "7".into())],
    ///     note: None,
    ///     folded: false,
    /// };
    /// assert!(c.to_html().contains("badge sim"));
    /// ```
    pub fn to_html(&self) -> String {
        let mut s = format!("<div class=\"card\"><h3>{}", escape(&self.title));
        if let Some(b) = &self.badge {
            let class = match b.kind {
                BadgeKind::Gpu => "gpu",
                BadgeKind::Sim => "sim",
                BadgeKind::Info => "info",
            };
            s.push_str(&format!(
                "<span class=\"badge {class}\">{}</span>",
                escape(&b.text)
            ));
        }
        s.push_str("</h3><dl>");
        for (k, v) in &self.fields {
            s.push_str(&format!("<dt>{}</dt><dd>{}</dd>", escape(k), escape(v)));
        }
        s.push_str("</dl>");
        match (&self.note, self.folded) {
            (Some(n), true) => {
                let (summary, rest) = n.split_once('\n').unwrap_or((n, ""));
                s.push_str(&format!(
                    "<details class=\"note\"><summary>{}</summary>{}</details>",
                    escape(summary),
                    escape(rest)
                ));
            }
            (Some(n), false) => {
                s.push_str(&format!("<div class=\"note\">{}</div>", escape(n)));
            }
            (None, _) => {}
        }
        s.push_str("</div>");
        s
    }

    /// The card as plain text.
    pub fn to_text(&self) -> String {
        let mut s = self.title.clone();
        if let Some(b) = &self.badge {
            s.push_str(&format!(" [{}]", b.text));
        }
        s.push('\n');
        let w = self
            .fields
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        for (k, v) in &self.fields {
            s.push_str(&format!("  {k:<w$}  {v}\n"));
        }
        if let Some(n) = &self.note {
            let shown = if self.folded {
                n.lines().next().unwrap_or_default()
            } else {
                n
            };
            s.push_str(shown);
            s.push('\n');
        }
        s
    }
}

/// An error: what failed, and what to do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ErrorBox {
    /// What failed.
    pub what: String,
    /// What to do, when known.
    pub hint: Option<String>,
}

impl ErrorBox {
    /// The error as HTML.
    pub fn to_html(&self) -> String {
        let mut s = format!(
            "<div class=\"error\"><div class=\"what\">{}</div>",
            escape(&self.what)
        );
        if let Some(h) = &self.hint {
            s.push_str(&format!("<div class=\"hint\">hint: {}</div>", escape(h)));
        }
        s.push_str("</div>");
        s
    }
}

/// A hex dump of `bytes` (16 per line, with their ASCII) labelled from `base`, at most
/// `max_lines` lines (the rest summarised).
///
/// ```
/// let h = cuda_library_notebook::html::hex_dump(&[0x41, 0x42, 0, 0xff], 0x1000, 8);
/// assert!(h.contains("00001000  41 42 00 ff"));
/// assert!(h.contains("|AB..|"));
/// ```
pub fn hex_dump(bytes: &[u8], base: u64, max_lines: usize) -> String {
    let mut s = String::from("<pre class=\"hex\">");
    s.push_str(&escape(&hex_text(bytes, base, max_lines)));
    s.push_str("</pre>");
    s
}

/// The text of a hex dump (see [`hex_dump`]).
pub fn hex_text(bytes: &[u8], base: u64, max_lines: usize) -> String {
    let mut s = String::new();
    for (i, chunk) in bytes.chunks(16).enumerate() {
        if i == max_lines {
            s.push_str(&format!(
                "... {} more bytes\n",
                bytes.len().saturating_sub(16 * max_lines)
            ));
            break;
        }
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02x}")).collect();
        let ascii: String = chunk
            .iter()
            .map(|&b| {
                if b.is_ascii_graphic() || b == b' ' {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        s.push_str(&format!(
            "{:08x}  {:<47}  |{ascii}|\n",
            base.wrapping_add(16 * i as u64),
            hex.join(" ")
        ));
    }
    s
}
