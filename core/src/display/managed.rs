//! Managed buffers: their values, as a device buffer's, and under them where the pages are
//! and what moving them cost (the simulator's migration model; a GPU keeps no such count).

use cuda_library_notebook::html::{document, escape};

use super::render_result;
use super::variables::{parts, Shown};
use crate::element::ElementType;
use crate::error::Result;
use crate::info::Migration;
use crate::managed::ManagedBuffer;
use crate::memory::{as_bytes, DeviceRepr};

/// One line on where the pages are and what moving them was charged.
fn migration_line(m: &Migration) -> String {
    let at = match (m.on_host, m.on_device) {
        (true, Some(d)) => format!("pages on the host and device {d} (read-mostly copies)"),
        (false, Some(d)) => format!("pages on device {d}"),
        (true, None) => "pages on the host".to_string(),
        (false, None) => "no page touched yet".to_string(),
    };
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    format!(
        "{at} · {} page faults ({:.2} MiB to the device, {:.2} MiB to the host) · {:.2} MiB \
         prefetched · {:.3} ms simulated for migration",
        m.faults,
        mib(m.faulted_to_device),
        mib(m.faulted_to_host),
        mib(m.prefetched),
        m.charged_ns / 1e6
    )
}

impl<T: DeviceRepr> ManagedBuffer<T> {
    /// Its values (a host read, under the buffer's rule) and, on the simulator, the
    /// migration line.
    fn display_parts(&self) -> Result<(Vec<String>, String)> {
        let values = self.to_vec()?;
        let shown = Shown {
            kind: "managed buffer",
            name: None,
            addr: self.as_raw(),
        };
        let (mut html, mut text) = parts(&shown, as_bytes(&values), ElementType::of::<T>());
        if let Some(m) = self.migration() {
            let line = migration_line(&m);
            html.push(format!("<div class=\"caption\">{}</div>", escape(&line)));
            text = format!("{text}\n{line}");
        }
        Ok((html, text))
    }

    /// The buffer as HTML: its values titled by element type (`f32[1000]`) and, on the
    /// simulator, where its pages are and what migrating them cost. Reading it is a host
    /// access: refused while a kernel that takes the buffer may run.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let x = ctx.alloc_managed::<f32>(3)?;
    /// x.copy_from(&[1.0, 2.0, 3.0])?;
    /// let html = x.to_html()?;
    /// assert!(html.contains("managed buffer `f32[3]`: 12 bytes"));
    /// assert!(html.contains("pages on the host"));
    /// # Ok(()) }
    /// ```
    pub fn to_html(&self) -> Result<String> {
        Ok(document(&self.display_parts()?.0))
    }

    /// Shows the buffer's current contents in a notebook cell (or the error that says why
    /// the host may not read it now).
    pub fn evcxr_display(&self) {
        render_result(self.display_parts());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migration_line_says_where_the_pages_are_and_what_moved() {
        let m = Migration {
            on_host: false,
            on_device: Some(0),
            faulted_to_device: 1 << 20,
            faults: 16,
            charged_ns: 2.5e5,
            ..Migration::default()
        };
        let line = migration_line(&m);
        assert!(line.starts_with("pages on device 0 · 16 page faults (1.00 MiB to the device"));
        assert!(line.ends_with("0.250 ms simulated for migration"), "{line}");
        assert_eq!(
            migration_line(&Migration::default()).split(" · ").next(),
            Some("no page touched yet")
        );
    }
}
