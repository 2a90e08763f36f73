//! `search-bench`: the measurement harness behind `docs/search.md`, for
//! development only (the players' tools are `checkers` and `choko`).
//!
//! ```text
//! search-bench step [--game GAME] [--threads N] [--level LEVEL [--depth D]] [--ideal]
//! search-bench pair --against K [--game GAME] [--threads N] [--level LEVEL [--depth D]]
//! ```
//!
//! Both search the bench positions of GAME (`checkers`, the default, or
//! `choko`: `checkers::bench`, `choko::bench`) at each level's depth, or
//! LEVEL's, or D, with the search that game's `bench` command times.
//!
//! `step` lets another program pace the searches: before each it waits for
//! a line on standard input, and right after it prints `step I T ms`
//! (position I of the level, searched in T ms), with `--ideal` (checkers
//! only) followed by the speedups that search's task tree allows on 2, 4
//! and 8 threads (`step I T ms A B C`). Several such processes, each on
//! its own thread count or build, can so take turns search by search and
//! see the machine alike (`scripts/ab-threads`). The first line is `bench:
//! P positions, N threads`, the last `fingerprint F` (the bench's, as the
//! game's `bench` command prints it).
//!
//! `pair` searches every position on a pool of `--threads` threads and on
//! one of K, in turn (which goes first alternates), and prints per level
//! `LEVEL depth D: N threads T ms, K threads U ms, speedup Rx` (R = U / T),
//! then the fingerprint. It fails if the two pools disagree on a move, a
//! score or a node count.
//!
//! The command line follows `engine_kit::cli`: thread counts are 1 to 256;
//! an error is one line on standard error and exit status 2; a closed
//! standard output ends the program quietly with exit status 141.

mod games;
mod pair;
mod step;

use engine_kit::cli::{self, Args, CliError};
use engine_kit::text::excerpt;
use games::{Checkers, Choko, Engine};
use std::process::ExitCode;

const USAGE: &str = "usage: search-bench step [--game checkers|choko] [--threads N] \
[--level LEVEL [--depth D]] [--ideal] | search-bench pair --against K [--game checkers|choko] \
[--threads N] [--level LEVEL [--depth D]]";

/// Options that take a value.
const OPTIONS: [&str; 5] = ["game", "threads", "against", "level", "depth"];

/// Options that take no value.
const FLAGS: [&str; 1] = ["ideal"];

/// What both commands are asked to search, and on how many threads.
pub struct Options {
    pub threads: Option<usize>,
    pub against: Option<usize>,
    pub levels: Vec<engine_kit::bench::BenchLevel>,
    pub ideal: bool,
}

/// The options of either command, for game `E`.
fn options<E: Engine>(args: &Args) -> Result<Options, CliError> {
    args.no_positional()?;
    let depth = args.number("depth", 1..=E::MAX_DEPTH)?;
    if depth.is_some() && args.get("level").is_none() {
        return Err("--depth needs --level".into());
    }
    let ideal = args.flag("ideal");
    if ideal && !E::IDEAL {
        return Err(format!("--ideal is for checkers; {} has no task tree", E::NAME).into());
    }
    Ok(Options {
        threads: args.threads()?,
        against: args.thread_count("against")?,
        levels: E::levels(args.get("level"), depth)?,
        ideal,
    })
}

/// Runs `cmd` for game `E`.
fn run<E: Engine>(cmd: &str, args: &Args) -> Result<(), CliError> {
    match cmd {
        "step" => {
            args.allow(&["game", "threads", "level", "depth", "ideal"])?;
            step::step::<E>(&options::<E>(args)?, &E::positions()?)
        }
        _ => {
            args.allow(&["game", "threads", "against", "level", "depth"])?;
            pair::pair::<E>(&options::<E>(args)?, &E::positions()?)
        }
    }
}

/// Runs the command `argv` names.
fn command(argv: &[String]) -> Result<(), CliError> {
    let (cmd, rest) = match argv.split_first() {
        Some((cmd, rest)) if cmd == "step" || cmd == "pair" => (cmd, rest),
        _ => return Err(USAGE.into()),
    };
    let args = Args::parse(rest, &OPTIONS, &FLAGS)?;
    match args.get("game") {
        None | Some("checkers") => run::<Checkers>(cmd, &args),
        Some("choko") => run::<Choko>(cmd, &args),
        Some(other) => Err(format!(
            "bad --game '{}': expected checkers or choko",
            excerpt(other)
        )
        .into()),
    }
}

/// Runs the harness on its command line; the exit status is
/// `engine_kit::cli`'s.
fn main() -> ExitCode {
    cli::run("search-bench", command)
}
