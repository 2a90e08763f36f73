//! `checkers`: the engine on the command line.
//!
//! ```text
//! checkers moves [--fen FEN]
//! checkers perft [--fen FEN] DEPTH
//! checkers best  [--fen FEN] [--quiet N] (--level LEVEL | --depth D) [--threads N]
//! checkers bench [--threads N] [--level LEVEL [--depth D]] [--ideal]
//! checkers match (--a LEVEL --b LEVEL | --depth D) [--a-weights W] [--b-weights W] --games N [--threads N]
//! checkers pdn FILE
//! ```
//!
//! Output formats are interfaces that other tools parse: `moves` prints one
//! legal move per line in full-path notation and nothing else; `perft`
//! prints `D N` for each depth D, then one summary line; `best` prints
//! `info …` lines and, last, `bestmove MOVE` or `bestmove none`; `bench`
//! and `match` print the lines their modules describe; `pdn` checks the
//! first game of a PDN file (`-` for standard input) move by move and
//! prints exactly three lines, `moves N`, `result R` (the result token) and
//! `fen FEN` (the final position).
//!
//! The command line follows `engine_kit::cli`: `--threads` takes 1 to 256;
//! an error is one line on stderr and exit status 2, quoting at most a
//! short prefix of any argument or input; a standard output whose reader
//! has gone away ends the program quietly with exit status 141.

mod bench;
mod matches;

use checkers::search::{MATE, MATE_BOUND, MAX_DEPTH};
use checkers::text::excerpt;
use checkers::{parse_fen, parse_pdn, pdn, perft, search_with_info, to_fen, Level, Position};
use engine_kit::cli::{self, Args, CliError, Output};
use engine_kit::report;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: checkers moves [--fen FEN] | checkers perft [--fen FEN] DEPTH \
| checkers best [--fen FEN] [--quiet N] (--level easy|normal|hard | --depth D) [--threads N] \
| checkers bench [--threads N] [--level LEVEL [--depth D]] [--ideal] | checkers match (--a LEVEL --b LEVEL | --depth D) [--a-weights ADVANCE,BACK_ROW,EDGE] \
[--b-weights ADVANCE,BACK_ROW,EDGE] --games N [--threads N] | checkers pdn FILE (- for standard input)";

/// What `checkers --help` prints: every command on one screen.
const HELP: &str = "\
checkers: English draughts (checkers) on the command line

  checkers moves [--fen FEN]
      every legal move, one per line, in full-path notation
  checkers perft [--fen FEN] DEPTH
      leaf counts from 1 to DEPTH turns, then the time
  checkers best [--fen FEN] [--quiet N] (--level LEVEL | --depth D)
                [--threads N]
      the CPU's search, one info line per depth, then its move
  checkers bench [--threads N] [--level LEVEL [--depth D]] [--ideal]
      think times over the bench positions, and their node fingerprint
  checkers match (--a LEVEL --b LEVEL | --depth D) --games N
                 [--a-weights W] [--b-weights W] [--threads N]
      two levels (or two sets of weights) play each other, with a sign test
  checkers pdn FILE
      check the first game of a PDN file (- reads standard input)

LEVEL: easy, normal or hard. FEN: PDN FEN, e.g. B:W21-32:B1-12 (the start).
W: the evaluation's bonuses ADVANCE,BACK_ROW,EDGE. N of --quiet: quiet turns
behind the position. --threads: 1 to 256 (default: all cores); the reply
never depends on it. Errors: one line on standard error, exit status 2.
A closed standard output ends the program quietly, exit status 141.
";

/// Options that take a value; any other `--name` is an error unless it is
/// one of [`FLAGS`].
const OPTIONS: [&str; 10] = [
    "fen",
    "quiet",
    "level",
    "depth",
    "threads",
    "a",
    "b",
    "games",
    "a-weights",
    "b-weights",
];

/// Options that take no value.
const FLAGS: [&str; 1] = ["ideal"];

/// The value of option `--name` as a level, if given.
fn level(args: &Args, name: &str) -> Result<Option<Level>, CliError> {
    args.get(name)
        .map(|v| {
            v.parse::<Level>().map_err(|_| {
                CliError::Message(format!(
                    "bad --{name} '{}': expected easy, normal or hard",
                    excerpt(v)
                ))
            })
        })
        .transpose()
}

/// The position `--fen` gives, or the start.
fn position(args: &Args) -> Result<Position, CliError> {
    match args.get("fen") {
        None => Ok(Position::start()),
        Some(f) => parse_fen(f).map_err(|e| CliError::Message(format!("bad FEN: {e}"))),
    }
}

/// `moves`: every legal move of the position, one a line.
fn cmd_moves(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["fen"])?;
    args.no_positional()?;
    report::print_moves(out, position(args)?.legal_moves().iter())
}

/// `perft DEPTH`: the leaf counts of the position to each depth, then the
/// time.
fn cmd_perft(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["fen"])?;
    let depth = cli::number("depth", args.one_positional("perft needs a DEPTH")?, 1..=20)?;
    let pos = position(args)?;
    report::print_perft(out, depth, |d| perft(&pos, d))
}

/// `best`: the CPU's search of the position, an `info` line per depth,
/// then `bestmove MOVE` (or `bestmove none`).
fn cmd_best(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["fen", "quiet", "level", "depth", "threads"])?;
    args.no_positional()?;
    let pos = position(args)?;
    let quiet = args
        .number("quiet", 0..=checkers::DRAW_QUIET_TURNS)?
        .unwrap_or(0);
    let depth = match (level(args, "level")?, args.number("depth", 1..=MAX_DEPTH)?) {
        (Some(level), None) => level.depth(),
        (None, Some(d)) => d,
        (Some(_), Some(_)) => return Err("give --level or --depth, not both".into()),
        (None, None) => return Err("best needs --level LEVEL or --depth D".into()),
    };
    let result = args.with_threads(|| {
        let start = Instant::now();
        search_with_info(&pos, quiet, depth, |r| {
            if r.best.is_some() {
                let score = report::score_text(r.score, MATE, MATE_BOUND);
                out.print_deferred(&report::info_line(r.depth, &score, r.nodes, start, &r.pv));
            }
        })
    })?;
    out.check()?;
    match result.best {
        Some(mv) => out.line(format_args!("bestmove {mv}")),
        None => out.line("bestmove none"),
    }
}

/// `pdn FILE`: checks the first game of a PDN file move by move and
/// prints its move count, result token and final position.
fn cmd_pdn(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&[])?;
    let path = args.one_positional("pdn needs a FILE, or - for standard input")?;
    let bytes = cli::read_bounded(path, pdn::MAX_PDN_BYTES, "a PDN game")?;
    let game = parse_pdn(&pdn::decode(&bytes)).map_err(|e| format!("{}: {e}", excerpt(path)))?;
    out.print(&format!(
        "moves {}\nresult {}\nfen {}\n",
        game.moves.len(),
        game.result,
        to_fen(&game.final_position())
    ))
}

/// Runs the command `argv` names.
fn command(argv: &[String]) -> Result<(), CliError> {
    let Some((cmd, rest)) = argv.split_first() else {
        return Err(USAGE.into());
    };
    let args = Args::parse(rest, &OPTIONS, &FLAGS)?;
    let out = &mut Output::new();
    match cmd.as_str() {
        "moves" => cmd_moves(&args, out),
        "perft" => cmd_perft(&args, out),
        "best" => cmd_best(&args, out),
        "bench" => bench::cmd_bench(&args, out),
        "match" => matches::cmd_match(&args, out),
        "pdn" => cmd_pdn(&args, out),
        "-h" | "--help" | "help" => out.print(HELP),
        other => Err(format!("unknown command '{}'; {USAGE}", excerpt(other)).into()),
    }
}

/// Runs the tool on its command line; the exit status is `engine_kit::cli`'s.
fn main() -> ExitCode {
    cli::run("checkers", command)
}
