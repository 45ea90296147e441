//! [`ElementType`]: what the bytes of a variable or a buffer hold, for views that show
//! values rather than bytes.

use crate::error::{Error, Result};

/// The type of a variable's or a buffer's elements, for typed views: a [`DeviceBuffer<T>`]
/// knows it from `T`; a [`Global`] from its PTX declaration when that names a scalar type
/// (`.f32`, `.u32`, ...) or from [`Global::typed`]. Bytes whose type nobody knows are shown
/// as bytes.
///
/// nvcc declares an initialised array as bytes (`__device__ float t[4] = {...}` becomes
/// `.b8 t[16] = {...}`), so only the program knows that `t` holds floats.
///
/// ```
/// use cuda_library::ElementType;
/// let t: ElementType = "f32".parse()?;
/// assert_eq!(t, ElementType::F32);
/// assert_eq!(t.format(&[0, 0, 128, 63, 0, 0, 0, 64]), vec!["1", "2"]);
/// assert_eq!(ElementType::from_ptx(".s32"), Some(ElementType::I32));
/// assert_eq!(ElementType::from_ptx(".b8"), None); // bytes of anything
/// # Ok::<(), cuda_library::Error>(())
/// ```
///
/// [`DeviceBuffer<T>`]: crate::DeviceBuffer
/// [`Global`]: crate::Global
/// [`Global::typed`]: crate::Global::typed
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ElementType {
    /// `u8`
    U8,
    /// `i8`
    I8,
    /// `u16`
    U16,
    /// `i16`
    I16,
    /// `u32`
    U32,
    /// `i32`
    I32,
    /// `u64`
    U64,
    /// `i64`
    I64,
    /// `f32`
    F32,
    /// `f64`
    F64,
}

/// Every element type, in [`ElementType`]'s order.
const ALL: [ElementType; 10] = [
    ElementType::U8,
    ElementType::I8,
    ElementType::U16,
    ElementType::I16,
    ElementType::U32,
    ElementType::I32,
    ElementType::U64,
    ElementType::I64,
    ElementType::F32,
    ElementType::F64,
];

impl ElementType {
    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            ElementType::U8 | ElementType::I8 => 1,
            ElementType::U16 | ElementType::I16 => 2,
            ElementType::U32 | ElementType::I32 | ElementType::F32 => 4,
            ElementType::U64 | ElementType::I64 | ElementType::F64 => 8,
        }
    }

    /// The Rust name: `f32`, `i32`, ...
    pub fn name(self) -> &'static str {
        match self {
            ElementType::U8 => "u8",
            ElementType::I8 => "i8",
            ElementType::U16 => "u16",
            ElementType::I16 => "i16",
            ElementType::U32 => "u32",
            ElementType::I32 => "i32",
            ElementType::U64 => "u64",
            ElementType::I64 => "i64",
            ElementType::F32 => "f32",
            ElementType::F64 => "f64",
        }
    }

    /// The element type of a PTX scalar type (`.f32`, `.s32`, `.u64`, ...); `None` for the
    /// untyped `.b8` to `.b64`, `.f16`, `.pred` and anything else.
    pub fn from_ptx(ty: &str) -> Option<ElementType> {
        Some(match ty {
            ".u8" => ElementType::U8,
            ".s8" => ElementType::I8,
            ".u16" => ElementType::U16,
            ".s16" => ElementType::I16,
            ".u32" => ElementType::U32,
            ".s32" => ElementType::I32,
            ".u64" => ElementType::U64,
            ".s64" => ElementType::I64,
            ".f32" => ElementType::F32,
            ".f64" => ElementType::F64,
            _ => return None,
        })
    }

    /// The element type of the Rust type `T` (`f32` → [`ElementType::F32`]); `None` for
    /// any other type (a struct, an array).
    pub fn of<T>() -> Option<ElementType> {
        let full = std::any::type_name::<T>();
        ALL.into_iter().find(|t| t.name() == full)
    }

    /// Each whole element of `bytes` (little-endian) as text; a partial element at the end
    /// is left out. Floats print as Rust prints them (`1`, `0.5`, `NaN`).
    pub fn format(self, bytes: &[u8]) -> Vec<String> {
        bytes
            .chunks_exact(self.size())
            .map(|c| self.format_one(c))
            .collect()
    }

    /// One element of exactly `size()` bytes.
    fn format_one(self, c: &[u8]) -> String {
        let mut b = [0u8; 8];
        b[..c.len()].copy_from_slice(c);
        let u = u64::from_le_bytes(b);
        // Each arm reinterprets the element's own bytes, so the narrowing casts keep them.
        match self {
            ElementType::U8 => (u as u8).to_string(),
            ElementType::I8 => (u as u8 as i8).to_string(),
            ElementType::U16 => (u as u16).to_string(),
            ElementType::I16 => (u as u16 as i16).to_string(),
            ElementType::U32 => (u as u32).to_string(),
            ElementType::I32 => (u as u32 as i32).to_string(),
            ElementType::U64 => u.to_string(),
            ElementType::I64 => (u as i64).to_string(),
            ElementType::F32 => f32::from_bits(u as u32).to_string(),
            ElementType::F64 => f64::from_bits(u).to_string(),
        }
    }

    /// An error unless `bytes` is a whole number of elements.
    pub(crate) fn check_whole(self, what: &str, bytes: usize) -> Result<()> {
        if bytes % self.size() != 0 {
            return Err(Error::SizeMismatch {
                what: format!("{what} (not a whole number of {self})"),
                expected: bytes,
                got: self.size(),
            });
        }
        Ok(())
    }
}

impl std::fmt::Display for ElementType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ElementType {
    type Err = Error;

    /// `"f32"`, `"i32"`, ... (the Rust names).
    fn from_str(s: &str) -> Result<ElementType> {
        ALL.into_iter().find(|t| t.name() == s).ok_or_else(|| {
            let names: Vec<&str> = ALL.iter().map(|t| t.name()).collect();
            Error::InvalidArgument(format!(
                "no element type {s:?}: use one of {}",
                names.join(", ")
            ))
        })
    }
}
