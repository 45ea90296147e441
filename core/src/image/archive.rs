//! Static libraries (`.a`): `ar` archives of relocatable device objects, such as
//! `libcudadevrt.a`, handed whole to the device linker (`NVJITLINK_INPUT_LIBRARY`,
//! `CU_JIT_INPUT_LIBRARY`), which takes the members it needs.
//!
//! The archive is read here only to check it before a linker written in C sees it: every
//! member's header and bytes must lie inside the archive, so a truncated or garbage archive
//! is an error that says so rather than whatever the linker does with it. The reading is
//! the `object` crate's (already this crate's ELF reader), not a parser of our own.

use object::read::archive::ArchiveFile;

/// The first bytes of every `ar` archive.
pub(crate) const MAGIC: &[u8] = b"!<arch>\n";

/// What a check of an archive found: its members' names, in archive order (the symbol
/// table and the long-name table, which the format keeps as members, left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Members {
    pub names: Vec<String>,
}

/// Checks that `bytes` are a whole `ar` archive (GNU or BSD layout, not thin: a thin
/// archive names files the linker would read from elsewhere) with at least one member,
/// each inside the archive. The error says what is wrong, for a message that names the
/// input.
pub(crate) fn check(bytes: &[u8]) -> Result<Members, String> {
    if !bytes.starts_with(MAGIC) {
        return Err(format!(
            "not a static library: an `ar` archive starts with `!<arch>\\n`, and these {} bytes \
             do not",
            bytes.len()
        ));
    }
    let archive = ArchiveFile::parse(bytes).map_err(|e| format!("a damaged archive: {e}"))?;
    if archive.is_thin() {
        return Err(
            "a thin archive (its members are files named elsewhere): give the linker a \
             regular static library"
                .to_string(),
        );
    }
    let mut names = Vec::new();
    for (i, member) in archive.members().enumerate() {
        let member = member.map_err(|e| format!("member {i} is damaged: {e}"))?;
        member
            .data(bytes)
            .map_err(|e| format!("member {i} runs past the end of the archive: {e}"))?;
        names.push(String::from_utf8_lossy(member.name()).into_owned());
    }
    if names.is_empty() {
        return Err("an archive with no members: there is nothing to link".to_string());
    }
    Ok(Members { names })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A GNU-style archive of `members` (name, bytes), as `ar rc` writes one: the global
    /// header, then per member a 60-byte header and its bytes padded to an even length.
    fn archive(members: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for (name, data) in members {
            let header = format!(
                "{:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
                format!("{name}/"),
                0,
                0,
                0,
                644,
                data.len()
            );
            assert_eq!(header.len(), 60);
            out.extend_from_slice(header.as_bytes());
            out.extend_from_slice(data);
            if data.len() % 2 == 1 {
                out.push(b'\n');
            }
        }
        out
    }

    #[test]
    fn a_whole_archive_lists_its_members() {
        let a = archive(&[("a.o", b"\x7fELF one"), ("b.o", b"two")]);
        assert_eq!(check(&a).unwrap().names, ["a.o", "b.o"]);
    }

    #[test]
    fn damaged_archives_are_errors_never_panics() {
        let a = archive(&[("a.o", b"\x7fELF one"), ("b.o", b"two bytes and more")]);
        // Cut anywhere past the magic but where the first member ends (a whole archive of
        // one member): a member's header or bytes run out.
        let first_end = MAGIC.len() + 60 + 8;
        for cut in (MAGIC.len() + 1..a.len() - 1).filter(|&c| c != first_end) {
            assert!(check(&a[..cut]).is_err(), "cut at {cut} of {}", a.len());
        }
        assert_eq!(check(&a[..first_end]).unwrap().names, ["a.o"]);
        assert!(check(b"garbage")
            .unwrap_err()
            .contains("not a static library"));
        let junk = [MAGIC, &[b'x'; 80]].concat();
        assert!(check(&junk).unwrap_err().contains("damaged"));
        assert!(check(MAGIC).unwrap_err().contains("no members"));
        let mut bad_size = a.clone();
        bad_size[MAGIC.len() + 48..MAGIC.len() + 58].copy_from_slice(b"999999999 ");
        assert!(check(&bad_size).is_err());
        let mut not_digits = a;
        not_digits[MAGIC.len() + 48..MAGIC.len() + 58].copy_from_slice(b"xyz       ");
        assert!(check(&not_digits).is_err());
    }
}
