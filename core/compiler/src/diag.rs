//! Source positions and diagnostics: every error the compiler reports is a [`Diag`] with a
//! position, printed as `file:line:col: error: what`, the source line, a caret under the
//! column, and a note saying what to do.

use std::fmt::Write as _;

/// A position in one of the files the compile read: the file's index in [`Sources`] and a
/// byte offset into its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    /// Index into [`Sources::files`].
    pub file: u32,
    /// Byte offset into that file's text.
    pub offset: u32,
}

/// The texts of every file the compile read (the main source, headers), so a diagnostic can
/// show the line it points at.
#[derive(Debug, Default)]
pub struct Sources {
    /// `(name shown in diagnostics, text)`.
    pub files: Vec<(String, String)>,
}

impl Sources {
    /// Adds a file and returns its index.
    pub fn add(&mut self, name: &str, text: String) -> u32 {
        self.files.push((name.to_string(), text));
        u32::try_from(self.files.len() - 1).unwrap_or(u32::MAX)
    }

    /// Renders a diagnostic: `file:line:col: error: message`, the line, a caret, the note.
    pub fn render(&self, d: &Diag) -> String {
        let mut out = String::new();
        let Some((name, text)) = self.files.get(d.pos.file as usize) else {
            let _ = writeln!(out, "error: {}", d.message);
            return out;
        };
        let offset = (d.pos.offset as usize).min(text.len());
        let before = &text[..offset];
        let line_no = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        let col = text[line_start..offset].chars().count() + 1;
        let line: String = text[line_start..line_end].chars().take(300).collect();
        let _ = writeln!(out, "{name}:{line_no}:{col}: error: {}", d.message);
        let _ = writeln!(out, "  {line}");
        let pad: String = text[line_start..offset]
            .chars()
            .take(300)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "  {pad}^");
        if !d.note.is_empty() {
            let _ = writeln!(out, "  note: {}", d.note);
        }
        out
    }
}

/// One error: where, what is wrong, what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diag {
    /// Where the problem is.
    pub pos: Pos,
    /// What is wrong.
    pub message: String,
    /// What to do about it (may be empty).
    pub note: String,
}

impl Diag {
    /// An error at `pos`.
    pub fn new(pos: Pos, message: impl Into<String>) -> Self {
        Diag {
            pos,
            message: message.into(),
            note: String::new(),
        }
    }

    /// Adds what to do.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.note = note.into();
        self
    }

    /// The error for a construct the built-in compiler does not take (NVRTC does).
    pub fn unsupported(pos: Pos, what: &str) -> Self {
        Diag::new(pos, format!("{what} is not supported by the built-in compiler"))
            .note("NVRTC compiles it: use the NVRTC compiler (CUDA_LIBRARY_COMPILER=nvrtc), or rewrite it")
    }
}

/// Results inside the compiler.
pub type Result<T> = std::result::Result<T, Diag>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_line_col_and_caret() {
        let mut s = Sources::default();
        s.add("k.cu", "int a;\n  int b = ;\n".into());
        let d = Diag::new(
            Pos {
                file: 0,
                offset: 15,
            },
            "expected an expression",
        )
        .note("write one");
        let r = s.render(&d);
        assert!(
            r.starts_with("k.cu:2:9: error: expected an expression\n"),
            "{r}"
        );
        assert!(r.contains("    int b = ;\n          ^\n"), "{r}");
        assert!(r.contains("note: write one"));
    }
}
