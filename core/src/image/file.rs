//! Reading an image file: a regular file (after symlinks) of at most
//! [`Limits::image_bytes`](crate::Limits::image_bytes), checked before a byte is read.
//!
//! `std::fs::read` reads whatever the path names until it ends: `/dev/zero` never ends, a
//! FIFO blocks the open until a writer comes, and a sparse file of gigabytes is read (and
//! allocated) whole. Every place the crate reads an image or linker input from a path goes
//! through [`read_image_file`] instead.

use std::io::Read;
use std::path::Path;

use crate::error::{Error, Result};

/// The bytes of the image file at `path`.
///
/// Refuses, before reading, anything that is not a regular file (a device such as
/// `/dev/zero`, a FIFO, a socket, a directory; a symlink is followed to what it names) and
/// a file larger than [`Limits::image_bytes`](crate::Limits::image_bytes), which no image
/// can be (it bounds what an image decompresses to, and a cubin or PTX text is its own
/// content) — [`Error::LimitExceeded`] then. The read itself stops one byte past the limit,
/// so a file that grows while it is read, or one whose size the system reports as 0
/// (`/proc`), is bounded too.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// let dir = std::env::temp_dir().join(format!("read-image-file-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("k.ptx");
/// std::fs::write(&path, ".version 8.0\n.target sm_80\n.address_size 64\n").unwrap();
/// assert_eq!(cuda_library::read_image_file(&path)?.len(), 44);
/// # #[cfg(unix)]
/// assert!(cuda_library::read_image_file("/dev/zero")
///     .unwrap_err()
///     .to_string()
///     .contains("not a regular file"));
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok(()) }
/// ```
pub fn read_image_file(path: impl AsRef<Path>) -> Result<Vec<u8>> {
    let path = path.as_ref();
    let limit = crate::limits().image_bytes;
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    // Checked before opening: opening a FIFO for reading waits for a writer.
    let before = std::fs::metadata(path).map_err(io)?;
    regular_and_bounded(path, &before, limit)?;
    let file = std::fs::File::open(path).map_err(io)?;
    // Checked again on what was opened: the path may have changed in between.
    let opened = file.metadata().map_err(io)?;
    regular_and_bounded(path, &opened, limit)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if (before.dev(), before.ino()) != (opened.dev(), opened.ino()) {
            return Err(Error::InvalidArgument(format!(
                "{} changed while it was opened: read it again",
                path.display()
            )));
        }
    }
    let capacity = usize::try_from(opened.len()).unwrap_or(0);
    let mut bytes = Vec::with_capacity(capacity);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(path, bytes.len() as u64, limit));
    }
    Ok(bytes)
}

/// Refuses what is not a regular file, and a regular file larger than `limit` bytes.
fn regular_and_bounded(path: &Path, meta: &std::fs::Metadata, limit: u64) -> Result<()> {
    if !meta.is_file() {
        return Err(Error::InvalidArgument(format!(
            "{} is not a regular file ({}): an image or linker input is read from a file",
            path.display(),
            describe(meta.file_type())
        )));
    }
    if meta.len() > limit {
        return Err(too_large(path, meta.len(), limit));
    }
    Ok(())
}

fn too_large(path: &Path, bytes: u64, limit: u64) -> Error {
    crate::limits::exceeded(
        format!("the image file {}", path.display()),
        bytes,
        "image_bytes",
        limit,
    )
    .into()
}

/// What kind of file this is, for messages.
fn describe(t: std::fs::FileType) -> &'static str {
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("image-file-unit-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_regular_file_is_read_whole() {
        let p = dir().join("small.ptx");
        std::fs::write(&p, b"abc").unwrap();
        assert_eq!(read_image_file(&p).unwrap(), b"abc");
    }

    #[test]
    fn a_directory_and_a_missing_file_are_refused() {
        let d = dir();
        let e = read_image_file(&d).unwrap_err().to_string();
        assert!(e.contains("not a regular file (a directory)"), "{e}");
        let e = read_image_file(d.join("absent")).unwrap_err();
        assert!(matches!(e, Error::Io { .. }), "{e}");
    }

    #[test]
    fn a_sparse_file_past_the_limit_is_refused_unread() {
        let p = dir().join("sparse.bin");
        let f = std::fs::File::create(&p).unwrap();
        f.set_len(crate::limits().image_bytes + 1).unwrap();
        drop(f);
        let e = read_image_file(&p).unwrap_err();
        assert!(
            matches!(&e, Error::LimitExceeded { limit, .. } if limit == "image_bytes"),
            "{e}"
        );
        std::fs::remove_file(&p).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_that_reports_no_size_is_still_bounded() {
        // /proc files report 0 bytes and are regular: the read's own bound applies.
        let bytes = read_image_file("/proc/self/status").unwrap();
        assert!(!bytes.is_empty());
    }
}
