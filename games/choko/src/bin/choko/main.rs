//! `choko`: the Choko engine on the command line.
//!
//! ```text
//! choko moves [--pos TEXT]
//! choko perft [--pos TEXT] DEPTH
//! choko best  [--pos TEXT] (--level L | --depth D) [--threads N]
//! choko bench [--threads N] [--level L [--depth D]]
//! choko match --a L --b L --games N [--threads N]
//! choko game FILE
//! ```
//!
//! Output formats are interfaces that other tools parse: `moves` prints one
//! legal action per line and nothing else; `perft` prints `D N` for each
//! depth D, then one summary line; `best` prints `info …` lines and, last,
//! `bestaction ACTION` or `bestaction none`; `bench` prints the lines of
//! `engine_kit::bench`, one per level, then `fingerprint N`; `match` prints
//! the lines its module describes; `game` checks a game's record
//! (`choko::record`, the text the app copies; `-` reads standard input)
//! action by action and prints exactly three lines, `actions N`, `result
//! R` (`1-0`, `0-1`, `1/2-1/2` or `*`) and `position TEXT` (the last).
//!
//! The command line follows `engine_kit::cli`: `--threads` takes 1 to 256;
//! an error is one line on stderr and exit status 2, quoting at most a
//! short prefix of any argument; a standard output whose reader has gone
//! away ends the program quietly with exit status 141.

mod matches;

use choko::search::{Searcher, MAX_DEPTH, WIN, WIN_BOUND};
use choko::{bench, parse_position, perft, record, Level, Position};
use engine_kit::bench::BenchLevel;
use engine_kit::cli::{self, Args, CliError, Output};
use engine_kit::report;
use engine_kit::text::excerpt;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: choko COMMAND [OPTIONS]
  moves [--pos TEXT]                      every legal action, one a line
  perft [--pos TEXT] DEPTH                action sequences of each length 1..DEPTH
  best  [--pos TEXT] (--level L | --depth D) [--threads N]
                                          search like the machine; last line bestaction A
  bench [--threads N] [--level L [--depth D]]
                                          think times over the bench positions, per level
  match --a L --b L --games N [--threads N]
                                          level A against level B from seeded openings
  game FILE                               check a game's record (- reads standard input)
  help                                    this text
TEXT  a position: BOARD SIDE HANDS INITIATIVE QUIET TURNS, e.g. the start
      '5/5/5/5/5 x 12/12 - 0 0'; ranks 5 to 1, x o pieces, 1-5 empty points
A     an action: @c3 place, c3-c4 step, c3xc5 b2 jump taking b2 too,
      c3xc5 @ jump taking a piece from the hand, c3xc5 jump with nothing more
L     a level, 1 (looks 1 turn ahead) to 8; D a depth in turns, 1 to 32
N     threads, 1 to 256 (default: all cores); the answer never depends on it
Errors: one line on stderr, exit status 2. A closed standard output ends
the program quietly, exit status 141.";

/// Options that take a value; any other `--name` is an error.
const OPTIONS: [&str; 7] = ["pos", "level", "depth", "threads", "a", "b", "games"];

/// The width of the level names in the bench's lines.
const LABEL_WIDTH: usize = 3;

/// The value of option `--name` as a level, if given.
fn level(args: &Args, name: &str) -> Result<Option<Level>, CliError> {
    args.get(name)
        .map(|v| {
            v.parse::<Level>()
                .map_err(|e| CliError::Message(format!("bad --{name}: {e}")))
        })
        .transpose()
}

/// The position `--pos` gives, or the start.
fn position(args: &Args) -> Result<Position, CliError> {
    match args.get("pos") {
        None => Ok(Position::start()),
        Some(t) => parse_position(t).map_err(|e| CliError::Message(format!("bad --pos: {e}"))),
    }
}

/// `moves`: every legal action of the position, one a line.
fn cmd_moves(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["pos"])?;
    args.no_positional()?;
    report::print_moves(out, position(args)?.legal_actions().iter())
}

/// `perft DEPTH`: the action sequences of the position of each length to
/// DEPTH, then the time.
fn cmd_perft(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["pos"])?;
    let depth = cli::number("depth", args.one_positional("perft needs a DEPTH")?, 1..=12)?;
    let pos = position(args)?;
    report::print_perft(out, depth, |d| perft(&pos, d))
}

/// `--level L` or `--depth D` (one of them) as a depth.
fn depth_of(args: &Args) -> Result<u32, CliError> {
    match (level(args, "level")?, args.number("depth", 1..=MAX_DEPTH)?) {
        (Some(level), None) => Ok(level.depth()),
        (None, Some(d)) => Ok(d),
        (Some(_), Some(_)) => Err("give --level or --depth, not both".into()),
        (None, None) => Err("best needs --level L or --depth D".into()),
    }
}

/// `best`: the machine's search of the position, an `info` line per
/// depth, then `bestaction ACTION` (or `bestaction none`).
fn cmd_best(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["pos", "level", "depth", "threads"])?;
    args.no_positional()?;
    let pos = position(args)?;
    let depth = depth_of(args)?;
    let result = args.with_threads(|| {
        let start = Instant::now();
        Searcher::new().search(&pos, depth, |r| {
            let score = report::score_text(r.score, WIN, WIN_BOUND);
            out.print_deferred(&report::info_line(r.depth, &score, r.nodes, start, &r.pv));
        })
    })?;
    out.check()?;
    match result.best {
        Some(a) => out.line(format_args!("bestaction {a}")),
        None => out.line("bestaction none"),
    }
}

/// `bench`: think times over the bench positions, a line per level, then
/// the fingerprint.
fn cmd_bench(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["threads", "level", "depth"])?;
    args.no_positional()?;
    let positions = bench::positions().map_err(|e| format!("bad bench position: {e}"))?;
    let bench_level = |level: Level, depth: Option<u32>| BenchLevel {
        label: level.to_string(),
        depth: depth.unwrap_or(level.depth()),
    };
    let levels: Vec<BenchLevel> =
        match (level(args, "level")?, args.number("depth", 1..=MAX_DEPTH)?) {
            (None, None) => Level::all().map(|l| bench_level(l, None)).collect(),
            (Some(l), d) => vec![bench_level(l, d)],
            (None, Some(_)) => return Err("--depth needs --level".into()),
        };
    args.with_threads(|| {
        let mut searcher = Searcher::new();
        engine_kit::bench::run(
            out,
            &positions,
            &levels,
            LABEL_WIDTH,
            |pos, depth| (searcher.search(pos, depth, |_| {}).nodes, ()),
            |_, _, _, _| Ok(()),
        )
    })?
}

/// `game FILE`: checks a game's record action by action and prints its
/// action count, result and last position.
fn cmd_game(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&[])?;
    let path = args.one_positional("game needs a FILE, or - for standard input")?;
    let bytes = cli::read_bounded(path, record::MAX_TEXT_BYTES, "a game of Choko")?;
    let text = String::from_utf8(bytes)
        .map_err(|_| CliError::Message(format!("{}: not UTF-8 text", excerpt(path))))?;
    let game = record::read_record(&text)
        .map_err(|e| CliError::Message(format!("{}: {e}", excerpt(path))))?;
    out.print(&format!(
        "actions {}\nresult {}\nposition {}\n",
        game.record.actions.len(),
        record::result_token(game.outcome),
        choko::to_text(&game.position)
    ))
}

/// Runs the command `argv` names.
fn command(argv: &[String]) -> Result<(), CliError> {
    let Some((cmd, rest)) = argv.split_first() else {
        return Err("no command; choko help lists them".into());
    };
    let args = Args::parse(rest, &OPTIONS, &[])?;
    let out = &mut Output::new();
    match cmd.as_str() {
        "moves" => cmd_moves(&args, out),
        "perft" => cmd_perft(&args, out),
        "best" => cmd_best(&args, out),
        "bench" => cmd_bench(&args, out),
        "match" => matches::cmd_match(&args, out),
        "game" => cmd_game(&args, out),
        "-h" | "--help" | "help" => out.line(USAGE),
        other => Err(format!(
            "unknown command '{}'; choko help lists them",
            excerpt(other)
        )
        .into()),
    }
}

/// Runs the tool on its command line; the exit status is `engine_kit::cli`'s.
fn main() -> ExitCode {
    cli::run("choko", command)
}
