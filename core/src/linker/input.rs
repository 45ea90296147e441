//! What a linker is given and what it makes, as plain data: shared by the PTX linker here
//! and the driver side's nvJitLink and `cuLink*` (which import this file, not the
//! `Linker` that calls them through the seam).

use crate::image::ImageKind;

/// One input as a linker gets it: its kind, its bytes (PTX NUL-terminated for nvJitLink and
/// the driver; as given for the PTX linker, which reads text) and its name.
pub(crate) struct LinkInput<'a> {
    pub kind: ImageKind,
    pub bytes: &'a [u8],
    pub name: &'a str,
}

/// What a linker made: the cubin or PTX, and its info log.
pub(crate) struct Linked {
    pub bytes: Vec<u8>,
    pub info_log: String,
}
