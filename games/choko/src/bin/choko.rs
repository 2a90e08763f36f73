//! `choko`: the Choko engine on the command line.
//!
//! ```text
//! choko moves [--pos TEXT]
//! choko perft [--pos TEXT] DEPTH
//! choko best  [--pos TEXT] (--level L | --depth D) [--threads N]
//! choko bench [--threads N] [--level L [--depth D]]
//! choko match --a L --b L --games N [--threads N]
//! ```
//!
//! Output formats are interfaces that other tools parse: `moves` prints one
//! legal action per line and nothing else; `perft` prints `D N` for each
//! depth D, then one summary line; `best` prints `info …` lines and, last,
//! `bestaction ACTION` or `bestaction none`; `bench` prints one line per
//! level, then `fingerprint N`; `match` prints one line per game, then the
//! summary lines. Errors: one line on stderr, exit status 2; an error
//! quotes at most a short prefix of any argument.

use choko::search::{Searcher, MAX_DEPTH, WIN, WIN_BOUND};
use choko::{bench, parse_position, perft, Action, Level, Outcome, Position, Side};
use engine_kit::text::excerpt;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

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
  help                                    this text
TEXT  a position: BOARD SIDE HANDS INITIATIVE QUIET TURNS, e.g. the start
      '5/5/5/5/5 x 12/12 - 0 0'; ranks 5 to 1, x o pieces, 1-5 empty points
A     an action: @c3 place, c3-c4 step, c3xc5 b2 jump taking b2 too,
      c3xc5 @ jump taking a piece from the hand, c3xc5 jump with nothing more
L     a level, 1 (looks 1 turn ahead) to 8; D a depth in turns, 1 to 32
Errors: one line on stderr, exit status 2.";

/// Parsed command line: `--name value` options and positional arguments.
struct Args {
    options: Vec<(String, String)>,
    positional: Vec<String>,
}

/// Options that take a value; anything else starting with `--` is an error.
const OPTIONS: [&str; 7] = ["pos", "level", "depth", "threads", "a", "b", "games"];

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
                None => return Err(format!("unknown option --{}", excerpt(opt))),
            };
            if !OPTIONS.contains(&name) {
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
        self.get(name).map(|v| number(name, v, &range)).transpose()
    }

    fn level(&self, name: &str) -> Result<Option<Level>, String> {
        self.get(name)
            .map(|v| v.parse::<Level>().map_err(|e| format!("bad --{name}: {e}")))
            .transpose()
    }

    fn position(&self) -> Result<Position, String> {
        match self.get("pos") {
            None => Ok(Position::start()),
            Some(t) => parse_position(t).map_err(|e| format!("bad --pos: {e}")),
        }
    }
}

/// A decimal number within `range`, ASCII digits only.
fn number(name: &str, v: &str, range: &std::ops::RangeInclusive<u32>) -> Result<u32, String> {
    let n = (!v.is_empty() && v.len() <= 9 && v.bytes().all(|b| b.is_ascii_digit()))
        .then(|| v.parse::<u32>().ok())
        .flatten();
    n.filter(|n| range.contains(n)).ok_or_else(|| {
        format!(
            "bad {name} '{}': expected a number from {} to {}",
            excerpt(v),
            range.start(),
            range.end()
        )
    })
}

/// The thread count `--threads` asks for, if it does (1 to 64).
fn threads_asked(args: &Args) -> Result<Option<usize>, String> {
    Ok(args.number("threads", 1..=64)?.map(|n| n as usize))
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

fn cmd_moves(args: &Args) -> Result<String, String> {
    args.allow(&["pos"])?;
    args.no_positional()?;
    let pos = args.position()?;
    Ok(pos
        .legal_actions()
        .iter()
        .map(|a| format!("{a}\n"))
        .collect())
}

fn cmd_perft(args: &Args) -> Result<String, String> {
    args.allow(&["pos"])?;
    let depth = match args.positional.as_slice() {
        [d] => number("depth", d, &(1..=12))?,
        [] => return Err("perft needs a DEPTH".into()),
        [_, extra, ..] => return Err(format!("unexpected argument {}", excerpt(extra))),
    };
    let pos = args.position()?;
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let mut total = 0u64;
    for d in 1..=depth {
        let n = perft(&pos, d);
        total += n;
        writeln!(out, "{d} {n}").map_err(write_error)?;
        out.flush().map_err(write_error)?;
    }
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    Ok(format!(
        "time {secs:.3} s, {total} nodes, {nps:.0} nodes/s\n"
    ))
}

/// A score as `score N` (hundredths of a piece) or `score win N` /
/// `score loss N` (turns to the end).
fn score_text(score: i32) -> String {
    if score > WIN_BOUND {
        format!("win {}", WIN - score)
    } else if score < -WIN_BOUND {
        format!("loss {}", WIN + score)
    } else {
        score.to_string()
    }
}

/// `--level L` or `--depth D` (one of them) as a depth.
fn depth_of(args: &Args) -> Result<u32, String> {
    match (args.level("level")?, args.number("depth", 1..=MAX_DEPTH)?) {
        (Some(level), None) => Ok(level.depth()),
        (None, Some(d)) => Ok(d),
        (Some(_), Some(_)) => Err("give --level or --depth, not both".into()),
        (None, None) => Err("best needs --level L or --depth D".into()),
    }
}

fn cmd_best(args: &Args) -> Result<String, String> {
    args.allow(&["pos", "level", "depth", "threads"])?;
    args.no_positional()?;
    let pos = args.position()?;
    let depth = depth_of(args)?;
    let result = with_threads(args, || {
        let start = Instant::now();
        let mut out = std::io::stdout();
        Searcher::new().search(&pos, depth, |r| {
            let pv: Vec<String> = r.pv.iter().map(Action::to_string).collect();
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
    Ok(match result.best {
        Some(a) => format!("bestaction {a}\n"),
        None => "bestaction none\n".to_string(),
    })
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

fn cmd_bench(args: &Args) -> Result<String, String> {
    args.allow(&["threads", "level", "depth"])?;
    args.no_positional()?;
    let positions = bench::positions().map_err(|e| format!("bad bench position: {e}"))?;
    let levels: Vec<(Level, u32)> =
        match (args.level("level")?, args.number("depth", 1..=MAX_DEPTH)?) {
            (None, None) => Level::all().map(|l| (l, l.depth())).collect(),
            (Some(l), d) => vec![(l, d.unwrap_or(l.depth()))],
            (None, Some(_)) => return Err("--depth needs --level".into()),
        };
    with_threads(args, || {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "bench: {} positions, {} threads",
            positions.len(),
            rayon::current_num_threads()
        );
        let mut searcher = Searcher::new();
        let mut fingerprint = 0u64;
        for (level, depth) in levels {
            let mut times = Vec::with_capacity(positions.len());
            let mut nodes = 0u64;
            for pos in &positions {
                let start = Instant::now();
                let r = searcher.search(pos, depth, |_| {});
                times.push(start.elapsed());
                nodes += r.nodes;
            }
            fingerprint = fingerprint.wrapping_mul(1_000_003).wrapping_add(nodes);
            let total: Duration = times.iter().sum();
            times.sort();
            let _ = writeln!(
                out,
                "{:<3} depth {:>2}: median {:>7.1} ms, p95 {:>7.1} ms, max {:>7.1} ms, \
                 total {:>8.1} ms, nodes {:>10}, {:>6.2} Mnodes/s",
                level.to_string(),
                depth,
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.95)),
                ms(percentile(&times, 1.0)),
                ms(total),
                nodes,
                nodes as f64 / total.as_secs_f64().max(1e-9) / 1e6
            );
            let _ = out.flush();
        }
        format!("fingerprint {fingerprint}\n")
    })
}

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
            None => break Outcome::Win(pos.to_act().other(), choko::End::NoAction),
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

/// Wins, draws and losses.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn add(&mut self, winner: Option<bool>) {
        match winner {
            Some(true) => self.wins += 1,
            None => self.draws += 1,
            Some(false) => self.losses += 1,
        }
    }

    /// Wins against losses, draws set aside (a sign test): how many
    /// standard deviations the margin is from an even match.
    fn z(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l > 0.0 {
            (w - l) / (w + l).sqrt()
        } else {
            0.0
        }
    }
}

fn cmd_match(args: &Args) -> Result<String, String> {
    args.allow(&["a", "b", "games", "threads"])?;
    args.no_positional()?;
    let a = args.level("a")?.ok_or("match needs --a L")?;
    let b = args.level("b")?.ok_or("match needs --b L")?;
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
    // Games side by side, one per thread, each search on one thread: the
    // games are the same on any thread count.
    let threads = threads_asked(args)?.unwrap_or_else(rayon::current_num_threads);
    let next = AtomicUsize::new(0);
    let run = || -> Result<Vec<(usize, Game)>, String> {
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        Ok(one.install(|| {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Relaxed);
                let Some(&(o, side)) = jobs.get(i) else {
                    break;
                };
                let depths = match side {
                    Side::X => [a.depth(), b.depth()],
                    Side::O => [b.depth(), a.depth()],
                };
                mine.push((i, play_game(&openings[o], depths, side)));
            }
            mine
        }))
    };
    let mut played: Vec<(usize, Game)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.min(n)).map(|_| s.spawn(run)).collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "a game's thread failed".to_string())?)
            .collect::<Result<Vec<Vec<_>>, String>>()
    })?
    .into_iter()
    .flatten()
    .collect();
    played.sort_by_key(|&(i, _)| i);
    Ok(report(&played, a, b, n, start.elapsed()))
}

/// The match's lines: each game, then A's tally and sign test, then the
/// first placer's (X's) tally.
fn report(played: &[(usize, Game)], a: Level, b: Level, n: usize, time: Duration) -> String {
    let mut out = String::new();
    let mut for_a = Tally::default();
    let mut for_first = Tally::default();
    for (i, (_, g)) in played.iter().enumerate() {
        let winner = g.outcome.winner();
        for_a.add(winner.map(|w| w == g.a_side));
        for_first.add(winner.map(|w| w == Side::X));
        let text = match winner {
            Some(w) if w == g.a_side => "A wins",
            Some(_) => "B wins",
            None => "draw",
        };
        out += &format!(
            "game {:>3}: opening {:<13} A ({a}) {}, {text} after {} turns ({})\n",
            i + 1,
            g.opening,
            g.a_side,
            g.turns,
            g.outcome.end()
        );
    }
    let points = f64::from(for_a.wins) + f64::from(for_a.draws) / 2.0;
    out += &format!(
        "A ({a}) vs B ({b}): {} wins, {} draws, {} losses for A; score {points:.1}/{n} = {:.1}%\n",
        for_a.wins,
        for_a.draws,
        for_a.losses,
        100.0 * points / n as f64
    );
    out += &format!(
        "sign test: z = {:.2} (|z| >= 1.96: significant at 5 %)\n",
        for_a.z()
    );
    let decided = for_first.wins + for_first.losses;
    out += &format!(
        "first placer (X): {} wins, {} draws, {} losses; {:.1}% of the {decided} games with a winner\n",
        for_first.wins,
        for_first.draws,
        for_first.losses,
        100.0 * f64::from(for_first.wins) / f64::from(decided.max(1))
    );
    out += &format!("time {:.1} s\n", time.as_secs_f64());
    out
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

fn write_error(e: std::io::Error) -> String {
    format!("cannot write to standard output: {e}")
}

/// Write `text` to standard output; a failed write (a full disk, a closed
/// pipe) is an error, not a panic as in `println!`.
fn print_all(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(write_error)
}

/// Print the error line and give exit status 2. A stderr that cannot be
/// written is ignored: the status still says what happened.
fn fail(msg: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "choko: {}", one_line(msg));
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let argv = match utf8_args() {
        Ok(argv) => argv,
        Err(msg) => return fail(&msg),
    };
    let result = match argv.split_first() {
        None => Err("no command; choko help lists them".to_string()),
        Some((cmd, rest)) => parse_args(rest).and_then(|args| match cmd.as_str() {
            "moves" => cmd_moves(&args),
            "perft" => cmd_perft(&args),
            "best" => cmd_best(&args),
            "bench" => cmd_bench(&args),
            "match" => cmd_match(&args),
            "-h" | "--help" | "help" => Ok(format!("{USAGE}\n")),
            other => Err(format!(
                "unknown command '{}'; choko help lists them",
                excerpt(other)
            )),
        }),
    };
    match result.and_then(|text| print_all(&text)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => fail(&msg),
    }
}
