//! `choko match`: level A against level B from the seeded openings.
//!
//! One line per game, `game G: opening ACTIONS A (L) SIDE, RESULT after N
//! turns (END)`, then the summary lines of `engine_kit::arena`, then the
//! first placer's (X's) tally, then the time.

use crate::level;
use choko::search::Searcher;
use choko::{bench, Action, End, Level, Outcome, Position, Side};
use engine_kit::arena::{play_games, Tally};
use engine_kit::cli::{Args, CliError, Output};
use std::time::Instant;

/// One finished match game.
struct Game {
    opening: String,
    /// The side A played.
    a_side: Side,
    outcome: Outcome,
    turns: u8,
}

/// Play one game from `opening` (placements from the start, X first), the
/// searches to `depth[0]` for X and `depth[1]` for O, to its end under the
/// rules (K9, K10 end every game within 200 turns).
fn play_game(opening: &[Action], depths: [u32; 2], a_side: Side) -> Game {
    let mut searcher = Searcher::new();
    let mut pos = Position::start();
    for &a in opening {
        pos = pos.play_unchecked(a);
    }
    let outcome = loop {
        if let Some(o) = pos.outcome() {
            break o;
        }
        let depth = depths[pos.to_act().index()];
        match searcher.search(&pos, depth, |_| {}).best {
            Some(a) => pos = pos.play_unchecked(a),
            // Unreachable: the game goes on, so there is an action.
            None => break Outcome::Win(pos.to_act().other(), End::NoAction),
        }
    };
    let names: Vec<String> = opening.iter().map(Action::to_string).collect();
    Game {
        opening: names.join(" "),
        a_side,
        outcome,
        turns: pos.turns(),
    }
}

/// `match`: plays the games side by side and prints a line per game, then
/// the summary lines.
pub fn cmd_match(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["a", "b", "games", "threads"])?;
    args.no_positional()?;
    let a = level(args, "a")?.ok_or("match needs --a L")?;
    let b = level(args, "b")?.ok_or("match needs --b L")?;
    let n = args
        .number("games", 1..=1000)?
        .ok_or("match needs --games N")? as usize;
    // Two equal players would play the same game from an opening with the
    // sides swapped, so then every game has an opening of its own.
    let same = a == b;
    let openings = bench::openings(if same { n } else { n.div_ceil(2) });
    let jobs: Vec<(usize, Side)> = (0..n)
        .map(|g| {
            if same {
                (g, Side::X)
            } else {
                (g / 2, if g % 2 == 0 { Side::X } else { Side::O })
            }
        })
        .collect();
    let start = Instant::now();
    let threads = args.threads()?.unwrap_or_else(rayon::current_num_threads);
    let games = play_games(n, threads, |g| {
        let (o, side) = jobs[g];
        let depths = match side {
            Side::X => [a.depth(), b.depth()],
            Side::O => [b.depth(), a.depth()],
        };
        play_game(&openings[o], depths, side)
    })?;
    report(out, &games, a, b)?;
    out.line(format_args!("time {:.1} s", start.elapsed().as_secs_f64()))
}

/// The match's lines: each game, then A's tally and sign test, then the
/// first placer's (X's) tally.
fn report(out: &mut Output, games: &[Game], a: Level, b: Level) -> Result<(), CliError> {
    let mut for_a = Tally::default();
    let mut for_first = Tally::default();
    for (i, g) in games.iter().enumerate() {
        let winner = g.outcome.winner();
        for_a.add(winner.map(|w| w == g.a_side));
        for_first.add(winner.map(|w| w == Side::X));
        let text = match winner {
            Some(w) if w == g.a_side => "A wins",
            Some(_) => "B wins",
            None => "draw",
        };
        out.line(format_args!(
            "game {:>3}: opening {:<13} A ({a}) {}, {text} after {} turns ({})",
            i + 1,
            g.opening,
            g.a_side,
            g.turns,
            g.outcome.end()
        ))?;
    }
    out.line(for_a.score_line(&a.to_string(), &b.to_string()))?;
    out.line(for_a.sign_test_line())?;
    let decided = for_first.wins + for_first.losses;
    out.line(format_args!(
        "first placer (X): {} wins, {} draws, {} losses; {:.1}% of the {decided} games with a winner",
        for_first.wins,
        for_first.draws,
        for_first.losses,
        100.0 * f64::from(for_first.wins) / f64::from(decided.max(1))
    ))
}
