//! What only development builds have.

/// The soak mode of `scripts/soak`, only in a build with the feature
/// `soak`.
#[cfg(feature = "soak")]
pub mod soak;
