//! Quoting text a caller gave in an error message, whatever it holds: the
//! engine kit's excerpt, which every game's errors share.

pub use engine_kit::text::{excerpt, EXCERPT_CHARS};
