//! The evcxr kernel's output protocol: a block of `EVCXR_BEGIN_CONTENT <mime>` ...
//! `EVCXR_END_CONTENT` lines on stdout becomes that cell's output of that MIME type. Per
//! cell the last block of each type wins, so show a table and a chart together as one HTML
//! document.

use std::io::Write;

/// The block evcxr reads for `mime` with `content`.
///
/// ```
/// let b = cuda_library_notebook::evcxr::block("text/html", "<b>hi</b>");
/// assert_eq!(b, "EVCXR_BEGIN_CONTENT text/html\n<b>hi</b>\nEVCXR_END_CONTENT\n");
/// ```
pub fn block(mime: &str, content: &str) -> String {
    format!("EVCXR_BEGIN_CONTENT {mime}\n{content}\nEVCXR_END_CONTENT\n")
}

/// Prints `html` as the cell's HTML output, with `plain` as its text/plain form (shown by
/// front ends that do not render HTML). Errors writing to stdout are ignored: there is
/// nobody to report them to.
pub fn show_html(html: &str, plain: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(block("text/plain", plain).as_bytes());
    let _ = out.write_all(block("text/html", html).as_bytes());
    let _ = out.flush();
}
