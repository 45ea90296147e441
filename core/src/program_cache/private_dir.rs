//! The cache directory as a place only its owner writes, and the bounded, link-refusing file
//! operations the cache does in it.
//!
//! Whoever can write the cache directory decides what code a compile returns, so the cache
//! trusts a directory only when this user owns it, no one else can write it and it is not a
//! symbolic link (as ccache, sccache and cargo's target directory are trusted: a directory of
//! one's own). A new directory is made with mode 0700. Inside it, an entry is opened without
//! following a symbolic link and without waiting on a FIFO's writer, must be a regular file of
//! this user of at most the size bound, and is read no further than that bound; temporary
//! files are made anew (never opened if something already has the name) with mode 0600.
//! Listing, eviction and clearing see only regular files of this user whose names the cache
//! gives its own files.
//!
//! The directories above the cache directory are trusted as they are (they are the user's
//! cache or temporary directory); on systems other than Unix, ownership and modes are not
//! checked, and links are refused by looking before opening.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Says why `path` is not a directory the cache may use, as an I/O error of kind
/// `PermissionDenied` (or `NotFound` when it does not exist).
pub(super) fn check_dir(path: &Path) -> io::Result<()> {
    let meta = std::fs::symlink_metadata(path)?;
    if meta.file_type().is_symlink() {
        return Err(refused(
            "the compile cache directory is a symbolic link, which the cache does not follow: \
             name the directory it points to instead",
        ));
    }
    if !meta.is_dir() {
        return Err(refused("the compile cache directory is not a directory"));
    }
    os::check_owner_and_mode(&meta)
}

/// Makes `path` (and missing parents) with mode 0700 when it does not exist, then checks it
/// as [`check_dir`] does.
pub(super) fn prepare_dir(path: &Path) -> io::Result<()> {
    match check_dir(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            os::create_private_dir(path)?;
            check_dir(path)
        }
        other => other,
    }
}

/// The bytes of the entry at `path` when it is a regular file of this user of at most
/// `max_len` bytes, with the open file (to mark it used); `None` when it is missing, a
/// link, another kind of file, another user's, or larger than `max_len`. Never blocks on a
/// FIFO, never reads past `max_len`.
pub(super) fn read_entry(path: &Path, max_len: u64) -> Option<(Vec<u8>, File)> {
    let file = os::open_no_follow(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || !os::is_mine(&meta) || meta.len() > max_len {
        return None;
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).ok()?);
    // The file may grow after the check: read one byte past the bound at most.
    (&file)
        .take(max_len.saturating_add(1))
        .read_to_end(&mut bytes)
        .ok()?;
    if u64::try_from(bytes.len()).ok()? > max_len {
        return None;
    }
    Some((bytes, file))
}

/// Reads a header the compile may include: `path` (links followed, as the compiler follows
/// them) when it is a regular file of at most `max_len` bytes. `Ok(None)` when it is missing;
/// an error of kind `InvalidData` for a FIFO, a device or a file over the bound (the cache
/// cannot know what the compiler would read from it). Never blocks on a FIFO.
pub(super) fn read_header(path: &Path, max_len: u64) -> io::Result<Option<Vec<u8>>> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "not a regular file",
        ));
    }
    let file = os::open_nonblocking(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() || meta.len() > max_len {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not a regular file of at most {max_len} bytes"),
        ));
    }
    let mut bytes = Vec::new();
    file.take(max_len.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > max_len {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("grew past {max_len} bytes while read"),
        ));
    }
    Ok(Some(bytes))
}

/// Creates the file `path` for writing, failing if anything (a file, a link) already has
/// the name; mode 0600.
pub(super) fn create_new(path: &Path) -> io::Result<File> {
    os::create_new_private(path)
}

/// A file of the cache's own in the directory: its path and metadata.
pub(super) struct OwnFile {
    pub path: PathBuf,
    pub meta: Metadata,
}

/// The regular files of this user in `dir` whose names satisfy `is_ours` (links and other
/// users' files are left out). The directory must have passed [`check_dir`].
pub(super) fn own_files(dir: &Path, is_ours: impl Fn(&str) -> bool) -> io::Result<Vec<OwnFile>> {
    let mut out = Vec::new();
    for item in std::fs::read_dir(dir)?.flatten() {
        let name = item.file_name();
        if !name.to_str().is_some_and(&is_ours) {
            continue;
        }
        // `DirEntry::metadata` does not follow a link.
        let Ok(meta) = item.metadata() else { continue };
        if meta.is_file() && os::is_mine(&meta) {
            out.push(OwnFile {
                path: item.path(),
                meta,
            });
        }
    }
    Ok(out)
}

fn refused(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::PermissionDenied, why.to_string())
}

#[cfg(unix)]
mod os {
    use super::*;
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};

    fn euid() -> u32 {
        // SAFETY: takes no argument and cannot fail.
        unsafe { libc::geteuid() }
    }

    pub(super) fn check_owner_and_mode(meta: &Metadata) -> io::Result<()> {
        let me = euid();
        if meta.uid() != me {
            return Err(refused(&format!(
                "the compile cache directory is owned by user {}, not by this user ({me}): \
                 anyone who can write it decides what code a compile returns, so the cache \
                 uses only a directory of your own",
                meta.uid()
            )));
        }
        if meta.mode() & 0o022 != 0 {
            return Err(refused(&format!(
                "the compile cache directory can be written by other users (mode {:o}): \
                 anyone who can write it decides what code a compile returns; \
                 `chmod 700` it or use another directory",
                meta.mode() & 0o7777
            )));
        }
        Ok(())
    }

    pub(super) fn create_private_dir(path: &Path) -> io::Result<()> {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(path)
    }

    pub(super) fn is_mine(meta: &Metadata) -> bool {
        meta.uid() == euid()
    }

    pub(super) fn open_no_follow(path: &Path) -> io::Result<File> {
        OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(path)
    }

    pub(super) fn open_nonblocking(path: &Path) -> io::Result<File> {
        OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
    }

    pub(super) fn create_new_private(path: &Path) -> io::Result<File> {
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW)
            .open(path)
    }
}

#[cfg(not(unix))]
mod os {
    use super::*;

    pub(super) fn check_owner_and_mode(_meta: &Metadata) -> io::Result<()> {
        Ok(())
    }

    pub(super) fn create_private_dir(path: &Path) -> io::Result<()> {
        std::fs::create_dir_all(path)
    }

    pub(super) fn is_mine(_meta: &Metadata) -> bool {
        true
    }

    pub(super) fn open_no_follow(path: &Path) -> io::Result<File> {
        if std::fs::symlink_metadata(path)?.file_type().is_symlink() {
            return Err(refused("a symbolic link"));
        }
        // Write access lets a hit mark the entry used.
        OpenOptions::new().read(true).write(true).open(path)
    }

    pub(super) fn open_nonblocking(path: &Path) -> io::Result<File> {
        File::open(path)
    }

    pub(super) fn create_new_private(path: &Path) -> io::Result<File> {
        OpenOptions::new().write(true).create_new(true).open(path)
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::time::Instant;

    fn temp(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "culib-private-{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_new_directory_is_private_and_accepted() {
        let dir = temp("new").join("a/b");
        prepare_dir(&dir).unwrap();
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "mode {mode:o}");
        std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap()).unwrap();
    }

    #[test]
    fn a_directory_others_can_write_or_a_link_is_refused() {
        let dir = temp("refused");
        prepare_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        let e = check_dir(&dir).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert!(e.to_string().contains("chmod 700"), "{e}");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        check_dir(&dir).unwrap();
        let link = dir.with_extension("link");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&dir, &link).unwrap();
        let e = check_dir(&link).unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        std::fs::remove_file(&link).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn entries_that_are_fifos_links_or_too_large_are_not_read() {
        let dir = temp("entries");
        prepare_dir(&dir).unwrap();
        let t = Instant::now();
        // A FIFO nobody writes: opening it must not wait.
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        assert!(read_entry(&fifo, 1 << 20).is_none());
        assert!(read_header(&fifo, 1 << 20).is_err());
        // A link to /dev/zero, and to a good file.
        let zero = dir.join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(read_entry(&zero, 1 << 20).is_none());
        assert!(read_header(&zero, 1 << 20).is_err());
        let good = dir.join("good");
        std::fs::write(&good, b"12345").unwrap();
        let link = dir.join("link");
        std::os::unix::fs::symlink(&good, &link).unwrap();
        assert!(read_entry(&link, 1 << 20).is_none());
        assert_eq!(read_entry(&good, 5).unwrap().0, b"12345");
        // One byte over the bound: not read.
        assert!(read_entry(&good, 4).is_none());
        // A sparse 1 GiB file is refused by its size, without reading it.
        let sparse = dir.join("sparse");
        File::create(&sparse).unwrap().set_len(1 << 30).unwrap();
        assert!(read_entry(&sparse, 256 << 20).is_none());
        assert!(read_header(&sparse, 16 << 20).is_err());
        assert!(t.elapsed().as_secs_f64() < 1.0, "{:?}", t.elapsed());
        // Nothing is created through a link that has the name.
        assert!(create_new(&link).is_err());
        assert_eq!(std::fs::read(&good).unwrap(), b"12345");
        let names: Vec<String> = own_files(&dir, |_| true)
            .unwrap()
            .into_iter()
            .map(|f| f.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}"); // good and sparse: not the FIFO or the links
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
