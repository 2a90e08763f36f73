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
//! prints one line per level (only LEVEL with `--level`, searched to D
//! with `--depth`), each followed with `--ideal` by a line of the speedups
//! its task trees allow on 2, 4 and 8 threads and the median, p95 and max
//! over the positions of a search's ideal length on 2 threads, in nodes
//! (divide by one thread's nodes per second for a time no load disturbs),
//! then the fingerprint (`engine_kit::bench::fingerprint`); `pdn` checks the first game of
//! a PDN file (`-` for standard input) move by move and prints exactly
//! three lines, `moves N`, `result R` (the result token) and `fen FEN`
//! (the final position).
//! Errors: one line on stderr, exit status 2; an error quotes at most a
//! short prefix of any argument or input.

use checkers::eval::Weights;
use checkers::search::search_weighted;
use checkers::search::{IDEAL_THREADS, MATE, MATE_BOUND, MAX_DEPTH};
use checkers::text::excerpt;
use checkers::{
    bench, next_quiet, outcome, parse_fen, parse_pdn, pdn, perft, search_with_info, to_fen, Color,
    Level, Outcome, Position,
};
use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

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
behind the position. The reply never depends on --threads.
Errors: one line on standard error, exit status 2.
";

/// A game of `match` that reaches this many turns is stopped and counted a
/// draw. The rules end every game anyway (at most 168 man moves and 23
/// captures reset the 50-turn counter, so no game outlasts about 9,600
/// turns); the cap only bounds the run time and is reported when reached.
const MATCH_TURN_CAP: u32 = 1000;

/// Parsed command line: `--name value` options and positional arguments.
struct Args {
    options: Vec<(String, String)>,
    positional: Vec<String>,
}

/// Options that take a value; anything else starting with `--` is an error
/// unless it is one of [`FLAGS`].
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

/// Options that take no value (they stand for `--name=yes`).
const FLAGS: [&str; 1] = ["ideal"];

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut out = Args {
        options: Vec::new(),
        positional: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(opt) = a.strip_prefix("--") {
            let (name, value) = match opt.split_once('=') {
                Some((n, v)) => (n, v.to_string()),
                None if OPTIONS.contains(&opt) => {
                    let v = it.next().ok_or(format!("--{opt} needs a value"))?;
                    (opt, v.clone())
                }
                None if FLAGS.contains(&opt) => (opt, "yes".to_string()),
                None => return Err(format!("unknown option --{}", excerpt(opt))),
            };
            if !OPTIONS.contains(&name) && !FLAGS.contains(&name) {
                return Err(format!("unknown option --{}", excerpt(name)));
            }
            out.options.push((name.to_string(), value));
        } else {
            out.positional.push(a.clone());
        }
    }
    Ok(out)
}

impl Args {
    /// Refuse options the command does not take and repeated options.
    fn allow(&self, allowed: &[&str]) -> Result<(), String> {
        for (i, (name, _)) in self.options.iter().enumerate() {
            if !allowed.contains(&name.as_str()) {
                return Err(format!("unknown option --{name}"));
            }
            if self.options[..i].iter().any(|(n, _)| n == name) {
                return Err(format!("--{name} is given twice"));
            }
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn no_positional(&self) -> Result<(), String> {
        match self.positional.first() {
            Some(a) => Err(format!("unexpected argument {}", excerpt(a))),
            None => Ok(()),
        }
    }

    fn number(
        &self,
        name: &str,
        range: std::ops::RangeInclusive<u32>,
    ) -> Result<Option<u32>, String> {
        self.get(name)
            .map(|v| {
                v.parse().ok().filter(|n| range.contains(n)).ok_or_else(|| {
                    format!(
                        "bad --{name} '{}': expected a number from {} to {}",
                        excerpt(v),
                        range.start(),
                        range.end()
                    )
                })
            })
            .transpose()
    }

    fn level(&self, name: &str) -> Result<Option<Level>, String> {
        self.get(name)
            .map(|v| {
                v.parse::<Level>().map_err(|_| {
                    format!(
                        "bad --{name} '{}': expected easy, normal or hard",
                        excerpt(v)
                    )
                })
            })
            .transpose()
    }
}

fn position(args: &Args) -> Result<Position, String> {
    match args.get("fen") {
        None => Ok(Position::start()),
        Some(f) => parse_fen(f).map_err(|e| format!("bad FEN: {e}")),
    }
}

/// The thread count `--threads` asks for, if it does (1 to 256).
fn threads_asked(args: &Args) -> Result<Option<usize>, String> {
    Ok(args.number("threads", 1..=256)?.map(|n| n as usize))
}

/// Run `f` on a pool of `--threads` threads, or on rayon's global pool
/// (all cores, or `RAYON_NUM_THREADS`) when the option is absent.
fn with_threads<T: Send>(args: &Args, f: impl FnOnce() -> T + Send) -> Result<T, String> {
    match threads_asked(args)? {
        None => Ok(f()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(f))
            .map_err(|e| format!("cannot start {n} threads: {e}")),
    }
}

fn cmd_moves(args: &Args) -> Result<(), String> {
    args.allow(&["fen"])?;
    args.no_positional()?;
    let pos = position(args)?;
    let mut out = std::io::stdout().lock();
    for mv in pos.legal_moves() {
        let _ = writeln!(out, "{mv}");
    }
    Ok(())
}

fn cmd_perft(args: &Args) -> Result<(), String> {
    args.allow(&["fen"])?;
    let depth: u32 = match args.positional.as_slice() {
        [d] => d
            .parse()
            .ok()
            .filter(|d| (1..=20).contains(d))
            .ok_or_else(|| format!("bad depth '{}': expected a number from 1 to 20", excerpt(d)))?,
        [] => return Err("perft needs a DEPTH".into()),
        [_, extra, ..] => return Err(format!("unexpected argument {}", excerpt(extra))),
    };
    let pos = position(args)?;
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let mut total = 0u64;
    for d in 1..=depth {
        let n = perft(&pos, d);
        total += n;
        let _ = writeln!(out, "{d} {n}");
        let _ = out.flush();
    }
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    let _ = writeln!(out, "time {secs:.3} s, {total} nodes, {:.0} nodes/s", nps);
    Ok(())
}

/// A score as `score N` (hundredths of a man) or `score win N` /
/// `score loss N` (turns to the end).
fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("loss {}", MATE + score)
    } else {
        score.to_string()
    }
}

fn cmd_best(args: &Args) -> Result<(), String> {
    args.allow(&["fen", "quiet", "level", "depth", "threads"])?;
    args.no_positional()?;
    let pos = position(args)?;
    let quiet = args
        .number("quiet", 0..=checkers::DRAW_QUIET_TURNS)?
        .unwrap_or(0);
    let depth = match (args.level("level")?, args.number("depth", 1..=MAX_DEPTH)?) {
        (Some(level), None) => level.depth(),
        (None, Some(d)) => d,
        (Some(_), Some(_)) => return Err("give --level or --depth, not both".into()),
        (None, None) => return Err("best needs --level LEVEL or --depth D".into()),
    };
    let result = with_threads(args, || {
        let start = Instant::now();
        let mut out = std::io::stdout();
        search_with_info(&pos, quiet, depth, |r| {
            if r.best.is_none() {
                return;
            }
            let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
            let _ = writeln!(
                out,
                "info depth {} score {} nodes {} time {} pv {}",
                r.depth,
                score_text(r.score),
                r.nodes,
                start.elapsed().as_millis(),
                pv.join(" ")
            );
            let _ = out.flush();
        })
    })?;
    match result.best {
        Some(mv) => println!("bestmove {mv}"),
        None => println!("bestmove none"),
    }
    Ok(())
}

/// The value at fraction `q` (0..=1) of sorted durations, nearest rank.
fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn cmd_bench(args: &Args) -> Result<(), String> {
    args.allow(&["threads", "level", "depth", "ideal"])?;
    args.no_positional()?;
    let positions = bench::positions().map_err(|e| format!("bad bench position: {e}"))?;
    let levels: Vec<(Level, u32)> =
        match (args.level("level")?, args.number("depth", 1..=MAX_DEPTH)?) {
            (None, None) => Level::ALL.iter().map(|l| (*l, l.depth())).collect(),
            (Some(l), d) => vec![(l, d.unwrap_or(l.depth()))],
            (None, Some(_)) => return Err("--depth needs --level".into()),
        };
    let ideal = args.get("ideal").is_some();
    with_threads(args, || {
        println!(
            "bench: {} positions, {} threads",
            positions.len(),
            rayon::current_num_threads()
        );
        let mut level_nodes = Vec::new();
        for (level, depth) in levels {
            let mut times = Vec::with_capacity(positions.len());
            let mut nodes = 0u64;
            let mut ideal_nodes = [0u64; 3];
            let mut ideal_two = Vec::with_capacity(positions.len());
            for pos in &positions {
                let start = Instant::now();
                let r = checkers::search(pos, 0, depth);
                times.push(start.elapsed());
                nodes += r.nodes;
                for (t, i) in ideal_nodes.iter_mut().zip(r.ideal) {
                    *t += i;
                }
                ideal_two.push(r.ideal[0]);
            }
            level_nodes.push(nodes);
            let total: Duration = times.iter().sum();
            times.sort();
            println!(
                "{:<6} depth {:>2}: median {:>7.1} ms, p95 {:>7.1} ms, max {:>7.1} ms, \
                 total {:>8.1} ms, nodes {:>10}, {:>6.2} Mnodes/s",
                level.name(),
                depth,
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.95)),
                ms(percentile(&times, 1.0)),
                ms(total),
                nodes,
                nodes as f64 / total.as_secs_f64().max(1e-9) / 1e6
            );
            if ideal {
                print_ideal(level, nodes, ideal_nodes, &mut ideal_two);
            }
        }
        println!(
            "fingerprint {}",
            engine_kit::bench::fingerprint(level_nodes)
        );
    })
}

/// The `--ideal` line of a level: the speedups its task trees allow on
/// [`IDEAL_THREADS`] threads, and the median, p95 and max over the
/// positions of a search's ideal length on 2 threads, in nodes.
fn print_ideal(level: Level, nodes: u64, ideal_nodes: [u64; 3], ideal_two: &mut [u64]) {
    let speedups: Vec<String> = IDEAL_THREADS
        .iter()
        .zip(ideal_nodes)
        .map(|(t, n)| format!("{t} threads {:.2}", nodes as f64 / n.max(1) as f64))
        .collect();
    ideal_two.sort_unstable();
    let rank = |q: f64| {
        let n = ideal_two.len();
        ideal_two[((q * n as f64).ceil() as usize).clamp(1, n) - 1]
    };
    println!(
        "{:<6} ideal speedup: {}; on 2 threads, nodes per search: \
         median {}, p95 {}, max {}",
        level.name(),
        speedups.join(", "),
        rank(0.5),
        rank(0.95),
        rank(1.0)
    );
}

/// How one game of a match ended, from A's side.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GameResult {
    Win,
    Draw,
    Loss,
}

/// One finished match game.
struct Game {
    opening: String,
    a_color: Color,
    result: GameResult,
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
fn play_game(opening: &[checkers::Move], a: &Player, b: &Player, a_color: Color) -> Game {
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
            Some(Outcome::Win(c)) if c == a_color => break Some(GameResult::Win),
            Some(Outcome::Win(_)) => break Some(GameResult::Loss),
            Some(Outcome::Draw) => break Some(GameResult::Draw),
            None => {}
        }
        if turns >= MATCH_TURN_CAP {
            break None;
        }
        let p = if pos.turn() == a_color { a } else { b };
        let Some(mv) = search_weighted(&pos, quiet, p.depth, &p.weights, |_| {}).best else {
            break Some(GameResult::Draw); // unreachable: outcome saw a move
        };
        quiet = next_quiet(&pos, &mv, quiet);
        pos = pos.play_unchecked(&mv);
        turns += 1;
    };
    Game {
        opening: names.join(" "),
        a_color,
        result: result.unwrap_or(GameResult::Draw),
        turns,
        capped: result.is_none(),
    }
}

fn weights(args: &Args, name: &str) -> Result<Option<Weights>, String> {
    args.get(name)
        .map(|v| {
            v.parse::<Weights>()
                .map_err(|e| format!("bad --{name}: {e}"))
        })
        .transpose()
}

fn cmd_match(args: &Args) -> Result<(), String> {
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
    let level = |name: &str| -> Result<Option<Level>, String> {
        match (args.level(name)?, depth) {
            (None, None) => Err(format!("match needs --{name} LEVEL (or --depth D)")),
            (l, _) => Ok(l),
        }
    };
    let a = Player::new(level("a")?, depth, weights(args, "a-weights")?);
    let b = Player::new(level("b")?, depth, weights(args, "b-weights")?);
    let n = args
        .number("games", 1..=10_000)?
        .ok_or("match needs --games N")?;
    let all = bench::all_openings().len();
    let pairs = n.div_ceil(2) as usize;
    if pairs > all {
        return Err(format!(
            "--games {n} needs {pairs} openings; there are {all} (at most {} games)",
            2 * all
        ));
    }
    let openings = bench::openings(pairs);
    let start = Instant::now();
    let threads = threads_asked(args)?.unwrap_or_else(rayon::current_num_threads);
    let games = play_match(&openings, &a, &b, n as usize, threads)?;
    let (a, b) = (&a.label, &b.label);
    let mut out = std::io::stdout().lock();
    let (mut w, mut d, mut l, mut capped) = (0, 0, 0, 0);
    for (i, g) in games.iter().enumerate() {
        let text = match g.result {
            GameResult::Win => {
                w += 1;
                "A wins"
            }
            GameResult::Draw => {
                d += 1;
                "draw"
            }
            GameResult::Loss => {
                l += 1;
                "B wins"
            }
        };
        if g.capped {
            capped += 1;
        }
        let _ = writeln!(
            out,
            "game {:>3}: opening {:<16} A ({a}) {}, {text} after {} turns{}",
            i + 1,
            g.opening,
            g.a_color,
            g.turns,
            if g.capped {
                " (stopped at the turn cap, counted a draw)"
            } else {
                ""
            }
        );
    }
    let points = w as f64 + d as f64 / 2.0;
    let _ = writeln!(
        out,
        "A ({a}) vs B ({b}): {w} wins, {d} draws, {l} losses for A; score {points:.1}/{n} = {:.1}%",
        100.0 * points / n as f64
    );
    if capped > 0 {
        let _ = writeln!(
            out,
            "{capped} games reached {MATCH_TURN_CAP} turns and were counted draws"
        );
    }
    // Wins against losses, draws set aside (a sign test): how many
    // standard deviations A's margin is from an even match.
    let z = if w + l > 0 {
        (w as f64 - l as f64) / ((w + l) as f64).sqrt()
    } else {
        0.0
    };
    let _ = writeln!(
        out,
        "sign test: z = {z:.2} (|z| >= 1.96: significant at 5 %)"
    );
    let _ = writeln!(out, "time {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Plays `n` games of a match side by side, one per thread, each search on
/// one thread: no search waits for another's tasks, and none of the
/// parallel search's overhead is paid where whole games keep every core
/// busy. Game `g` starts from opening `g / 2`, A playing Black in even
/// games and White in odd ones; the games are the same on any thread
/// count, and come back in that order.
fn play_match(
    openings: &[Vec<checkers::Move>],
    a: &Player,
    b: &Player,
    n: usize,
    threads: usize,
) -> Result<Vec<Game>, String> {
    let jobs: Vec<(usize, Color)> = (0..n)
        .map(|g| {
            let color = if g % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            (g / 2, color)
        })
        .collect();
    let next = AtomicUsize::new(0);
    let mut played: Vec<(usize, Game)> = std::thread::scope(|s| {
        let players: Vec<_> = (0..threads.min(jobs.len()))
            .map(|_| {
                s.spawn(|| {
                    let one = rayon::ThreadPoolBuilder::new()
                        .num_threads(1)
                        .build()
                        .map_err(|e| format!("cannot start a thread: {e}"))?;
                    Ok::<_, String>(one.install(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Relaxed);
                            let Some(&(o, color)) = jobs.get(i) else {
                                break mine;
                            };
                            mine.push((i, play_game(&openings[o], a, b, color)));
                        }
                    }))
                })
            })
            .collect();
        players
            .into_iter()
            .map(|p| p.join().map_err(|_| "a game's thread failed".to_string())?)
            .collect::<Result<Vec<Vec<_>>, String>>()
    })?
    .into_iter()
    .flatten()
    .collect();
    played.sort_by_key(|&(i, _)| i);
    Ok(played.into_iter().map(|(_, g)| g).collect())
}

/// The command line as UTF-8 strings, or an error naming the first
/// argument that is not UTF-8 (`std::env::args` would panic on it).
fn utf8_args() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                format!(
                    "argument {} is not valid UTF-8: '{}'",
                    i + 1,
                    excerpt(&a.to_string_lossy())
                )
            })
        })
        .collect()
}

/// `msg` with every control character and line or paragraph separator
/// escaped: an error is always one line on stderr.
fn one_line(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    for c in msg.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// The bytes of `path` (`-`: standard input), at most
/// [`pdn::MAX_PDN_BYTES`]; a larger input is an error, never loaded whole.
fn read_bounded(path: &str) -> Result<Vec<u8>, String> {
    let limit = pdn::MAX_PDN_BYTES;
    let name = excerpt(path);
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .lock()
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "{name} is larger than {} MiB: not a PDN game",
            limit >> 20
        ));
    }
    Ok(bytes)
}

fn cmd_pdn(args: &Args) -> Result<(), String> {
    args.allow(&[])?;
    let path = match args.positional.as_slice() {
        [path] => path,
        [] => return Err("pdn needs a FILE, or - for standard input".into()),
        [_, extra, ..] => return Err(format!("unexpected argument {}", excerpt(extra))),
    };
    let bytes = read_bounded(path)?;
    let game = parse_pdn(&pdn::decode(&bytes)).map_err(|e| format!("{}: {e}", excerpt(path)))?;
    let text = format!(
        "moves {}\nresult {}\nfen {}\n",
        game.moves.len(),
        game.result,
        to_fen(&game.final_position())
    );
    print_all(&text)
}

/// Write `text` to standard output; a failed write (a full disk, a closed
/// pipe) is an error, not a panic as in `println!`.
fn print_all(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}

/// Print the error line and give exit status 2. A stderr that cannot be
/// written is ignored (`eprintln!` would panic on it): the status still
/// says what happened.
fn fail(msg: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "checkers: {}", one_line(msg));
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let argv = match utf8_args() {
        Ok(argv) => argv,
        Err(msg) => return fail(&msg),
    };
    let result = match argv.split_first() {
        None => Err(USAGE.to_string()),
        Some((cmd, rest)) => parse_args(rest).and_then(|args| match cmd.as_str() {
            "moves" => cmd_moves(&args),
            "perft" => cmd_perft(&args),
            "best" => cmd_best(&args),
            "bench" => cmd_bench(&args),
            "match" => cmd_match(&args),
            "pdn" => cmd_pdn(&args),
            "-h" | "--help" | "help" => print_all(HELP),
            other => Err(format!("unknown command '{}'; {USAGE}", excerpt(other))),
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => fail(&msg),
    }
}
