//! `checkers match`: two levels, depths or sets of evaluation weights
//! play each other from the match openings, each opening with both
//! colours.
//!
//! One line per game, `game G: opening MOVES A (LABEL) COLOUR, RESULT after
//! N turns`, then the summary lines of `engine_kit::arena` (with, between
//! them, how many games reached the turn cap, if any), then the time.

use crate::level;
use checkers::eval::Weights;
use checkers::search::{search_weighted, MAX_DEPTH};
use checkers::{bench, next_quiet, outcome, Color, Level, Move, Outcome, Position};
use engine_kit::arena::{play_games, Tally};
use engine_kit::cli::{Args, CliError, Output};
use std::time::Instant;

/// A game of `match` that reaches this many turns is stopped and counted a
/// draw. The rules end every game anyway (at most 168 man moves and 23
/// captures reset the 50-turn counter, so no game outlasts about 9,600
/// turns); the cap only bounds the run time and is reported when reached.
const MATCH_TURN_CAP: u32 = 1000;

/// One finished match game.
struct Game {
    opening: String,
    a_color: Color,
    /// Whether A won (`Some(true)`), lost, or drew (`None`).
    a_won: Option<bool>,
    turns: u32,
    /// Stopped at [`MATCH_TURN_CAP`] rather than by the rules.
    capped: bool,
}

/// One side of a match: how deep it looks and what it values.
struct Player {
    depth: u32,
    weights: Weights,
    /// `normal`, or `depth 6`, with `, weights 3,8,4` when they are not the
    /// default.
    label: String,
}

impl Player {
    /// A player looking `depth` turns ahead, or as far as `level` does,
    /// valuing what `weights` (or the default weights) say.
    fn new(level: Option<Level>, depth: Option<u32>, weights: Option<Weights>) -> Player {
        let depth_of = depth.or(level.map(Level::depth)).unwrap_or(1);
        let mut label = match (level, depth) {
            (Some(l), None) => l.name().to_string(),
            _ => format!("depth {depth_of}"),
        };
        if let Some(w) = weights {
            label += &format!(", weights {w}");
        }
        Player {
            depth: depth_of,
            weights: weights.unwrap_or_default(),
            label,
        }
    }
}

/// Play out one game from `opening` (turns from the start), A playing
/// `a_color`, under the full rules, the 50-turn draw included.
fn play_game(opening: &[Move], a: &Player, b: &Player, a_color: Color) -> Game {
    let mut pos = Position::start();
    let mut quiet = 0;
    for mv in opening {
        quiet = next_quiet(&pos, mv, quiet);
        pos = pos.play_unchecked(mv);
    }
    let mut turns = opening.len() as u32;
    let names: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
    let result = loop {
        match outcome(&pos, quiet) {
            Some(Outcome::Win(c)) => break Some(Some(c == a_color)),
            Some(Outcome::Draw) => break Some(None),
            None => {}
        }
        if turns >= MATCH_TURN_CAP {
            break None;
        }
        let p = if pos.turn() == a_color { a } else { b };
        let Some(mv) = search_weighted(&pos, quiet, p.depth, &p.weights, |_| {}).best else {
            break Some(None); // unreachable: outcome saw a move
        };
        quiet = next_quiet(&pos, &mv, quiet);
        pos = pos.play_unchecked(&mv);
        turns += 1;
    };
    Game {
        opening: names.join(" "),
        a_color,
        a_won: result.flatten(),
        turns,
        capped: result.is_none(),
    }
}

/// The value of option `--name` as evaluation weights, if given.
fn weights(args: &Args, name: &str) -> Result<Option<Weights>, CliError> {
    args.get(name)
        .map(|v| {
            v.parse::<Weights>()
                .map_err(|e| CliError::Message(format!("bad --{name}: {e}")))
        })
        .transpose()
}

/// `match`: plays the games side by side and prints a line per game, then
/// the summary lines.
pub fn cmd_match(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&[
        "a",
        "b",
        "games",
        "threads",
        "depth",
        "a-weights",
        "b-weights",
    ])?;
    args.no_positional()?;
    let depth = args.number("depth", 1..=MAX_DEPTH)?;
    let side = |name: &str| -> Result<Option<Level>, CliError> {
        match (level(args, name)?, depth) {
            (None, None) => Err(format!("match needs --{name} LEVEL (or --depth D)").into()),
            (l, _) => Ok(l),
        }
    };
    let a = Player::new(side("a")?, depth, weights(args, "a-weights")?);
    let b = Player::new(side("b")?, depth, weights(args, "b-weights")?);
    let n = args
        .number("games", 1..=10_000)?
        .ok_or("match needs --games N")?;
    let all = bench::all_openings().len();
    let pairs = n.div_ceil(2) as usize;
    if pairs > all {
        return Err(format!(
            "--games {n} needs {pairs} openings; there are {all} (at most {} games)",
            2 * all
        )
        .into());
    }
    let openings = bench::openings(pairs);
    let start = Instant::now();
    let threads = args.threads()?.unwrap_or_else(rayon::current_num_threads);
    // Game `g` starts from opening `g / 2`, A playing Black in even games
    // and White in odd ones.
    let games = play_games(n as usize, threads, |g| {
        let color = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        play_game(&openings[g / 2], &a, &b, color)
    })?;
    let mut tally = Tally::default();
    let mut capped = 0;
    for (i, g) in games.iter().enumerate() {
        tally.add(g.a_won);
        let text = match g.a_won {
            Some(true) => "A wins",
            None => "draw",
            Some(false) => "B wins",
        };
        if g.capped {
            capped += 1;
        }
        out.line(format_args!(
            "game {:>3}: opening {:<16} A ({}) {}, {text} after {} turns{}",
            i + 1,
            g.opening,
            a.label,
            g.a_color,
            g.turns,
            if g.capped {
                " (stopped at the turn cap, counted a draw)"
            } else {
                ""
            }
        ))?;
    }
    out.line(tally.score_line(&a.label, &b.label))?;
    if capped > 0 {
        out.line(format_args!(
            "{capped} games reached {MATCH_TURN_CAP} turns and were counted draws"
        ))?;
    }
    out.line(tally.sign_test_line())?;
    out.line(format_args!("time {:.1} s", start.elapsed().as_secs_f64()))
}
