//! What every game's tests share, used only as a dev-dependency: a game
//! calls these runners with its own parsers, positions and binaries.
//!
//! - [`text`]: random text from a format's alphabet mixed with
//!   multi-byte, zero-width and control characters; mutations of valid
//!   documents; every cut at a character and at a byte.
//! - [`json`]: structural mutations of JSON documents, and their text
//!   written in several ways.
//! - [`fuzz`]: the fuzz-run harness (inputs and panics counted, panicking
//!   inputs shown), the `FUZZ_INPUTS` and `FUZZ_SEED` settings, and a long
//!   run over every core.
//! - [`perft`]: a perft table (`depth nodes` rows under each position)
//!   read from a data file and compared with a game's perft.
//! - [`cli`]: a game's command-line tool run as a program: its contract
//!   (exit status 0, or 2 with one line on standard error) on any command
//!   line, and its quiet end when its reader goes away.
//! - [`crosscheck`]: seeded random playouts and the comparison of two
//!   move lists, for checking an engine against a plain reference.
//! - `checkers_documents` (feature `checkers`): checkers' saved games and
//!   records as the app writes them.
//!
//! [`Rng`] is engine-kit's seeded generator: a seed gives the same inputs
//! on every machine, so a failure can be replayed.

pub mod cli;
pub mod crosscheck;
pub mod fuzz;
pub mod json;
pub mod perft;
pub mod text;

#[cfg(feature = "checkers")]
pub mod checkers_documents;

pub use engine_kit::rng::Rng;
