//! What every game's engine shares with the others: the parts of their
//! command-line tools, benches and tests that are the same logic whatever
//! the game. Only `std` and `rayon`.
//!
//! - [`cli`]: the command line (options with values, flags, positional
//!   arguments, whole numbers in a range, the thread count, UTF-8
//!   arguments), one-line errors with exit status 2, and standard output
//!   written through a check, so that a reader that goes away ends the
//!   program quietly ([`cli::CLOSED_OUTPUT_STATUS`]).
//! - [`threads`]: running work on a pool of a given number of threads.
//! - [`mod@bench`]: think times over a set of positions, their percentiles,
//!   and the node-count fingerprint.
//! - [`arena`]: games played side by side on threads, their tally and the
//!   sign test.
//! - [`report`]: the lines every tool prints for its moves, its perft
//!   counts and its search's progress.
//! - [`text`]: quoting an excerpt of bad input in an error message.
//! - [`rng`]: the seeded generator behind match openings and test inputs.
//!
//! What is only alike between games (the searches, perft, views and saved
//! documents) stays with each game.

pub mod arena;
pub mod bench;
pub mod cli;
pub mod report;
pub mod rng;
pub mod text;
pub mod threads;
