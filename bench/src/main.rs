//! `search-bench`: the measurement harness behind `docs/search.md`, for
//! development only (the player's tool is `checkers`).
//!
//! ```text
//! search-bench step [--threads N] [--level LEVEL [--depth D]] [--ideal]
//! search-bench pair --against K [--threads N] [--level LEVEL [--depth D]]
//! ```
//!
//! Both search the bench positions (`checkers::bench`) at each level's
//! depth, or LEVEL's, or D.
//!
//! `step` lets another program pace the searches: before each it waits for
//! a line on standard input, and right after it prints `step I T ms`
//! (position I of the level, searched in T ms), with `--ideal` followed by
//! the speedups that search's task tree allows on 2, 4 and 8 threads
//! (`step I T ms A B C`). Several such processes, each on its own thread
//! count or build, can so take turns search by search and see the machine
//! alike (`scripts/ab-threads`). The first line is `bench: P positions, N
//! threads`, the last `fingerprint F` (the bench's, as `checkers bench`
//! prints it).
//!
//! `pair` searches every position on a pool of `--threads` threads and on
//! one of K, in turn (which goes first alternates), and prints per level
//! `LEVEL depth D: N threads T ms, K threads U ms, speedup Rx` (R = U / T),
//! then the fingerprint. It fails if the two pools disagree on a move, a
//! score or a node count.
//!
//! Errors: one line on standard error, exit status 2.

use checkers::search::SearchResult;
use checkers::{bench, Level, Position};
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: search-bench step [--threads N] [--level LEVEL [--depth D]] [--ideal] \
| search-bench pair --against K [--threads N] [--level LEVEL [--depth D]]";

/// The options of either command.
#[derive(Default)]
struct Options {
    threads: Option<usize>,
    against: Option<usize>,
    level: Option<Level>,
    depth: Option<u32>,
    ideal: bool,
}

/// The value of option `--name`: a number from 1 to `max`.
fn number<T>(name: &str, text: Option<&String>, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
{
    let text = text.ok_or(format!("--{name} needs a value"))?;
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) && n <= max => Ok(n),
        _ => Err(format!(
            "--{name}: not a number in range: {}",
            excerpt(text)
        )),
    }
}

/// At most a short prefix of `text`, for an error message.
fn excerpt(text: &str) -> String {
    checkers::text::excerpt(text)
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--threads" => o.threads = Some(number("threads", it.next(), 256)?),
            "--against" => o.against = Some(number("against", it.next(), 256)?),
            "--depth" => o.depth = Some(number("depth", it.next(), checkers::search::MAX_DEPTH)?),
            "--level" => {
                let text = it.next().ok_or("--level needs a value")?;
                o.level = Some(text.parse().map_err(|_| {
                    format!("--level: easy, normal or hard, not {}", excerpt(text))
                })?);
            }
            "--ideal" => o.ideal = true,
            other => return Err(format!("unknown argument {}; {USAGE}", excerpt(other))),
        }
    }
    if o.depth.is_some() && o.level.is_none() {
        return Err("--depth needs --level".into());
    }
    Ok(o)
}

impl Options {
    /// The levels to search, each with its depth.
    fn levels(&self) -> Vec<(Level, u32)> {
        match self.level {
            None => Level::ALL.iter().map(|l| (*l, l.depth())).collect(),
            Some(l) => vec![(l, self.depth.unwrap_or(l.depth()))],
        }
    }
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        b = b.num_threads(n);
    }
    b.build()
        .map_err(|e| format!("cannot start the threads: {e}"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn timed(pos: &Position, depth: u32) -> (SearchResult, Duration) {
    let start = Instant::now();
    let r = checkers::search(pos, 0, depth);
    (r, start.elapsed())
}

/// One line of standard input (its text is ignored): an error at its end,
/// or for a line of more than 4 KiB, so that no input is held whole.
fn wait_for_line(stdin: &std::io::Stdin) -> Result<(), String> {
    const LIMIT: u64 = 4096;
    let mut line = Vec::new();
    let n = stdin
        .lock()
        .take(LIMIT)
        .read_until(b'\n', &mut line)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    match (n, line.last()) {
        (0, _) => Err("standard input ended before the last search".into()),
        (_, Some(b'\n')) => Ok(()),
        _ if n as u64 == LIMIT => Err("a line of standard input is longer than 4 KiB".into()),
        // The last line, without its newline: it still counts.
        _ => Ok(()),
    }
}

fn out(text: &str) -> Result<(), String> {
    let mut o = std::io::stdout().lock();
    o.write_all(text.as_bytes())
        .and_then(|()| o.flush())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}

fn step(o: &Options, positions: &[Position]) -> Result<(), String> {
    let stdin = std::io::stdin();
    pool(o.threads)?.install(|| {
        out(&format!(
            "bench: {} positions, {} threads\n",
            positions.len(),
            rayon::current_num_threads()
        ))?;
        let mut level_nodes = Vec::new();
        for (_, depth) in o.levels() {
            let mut nodes = 0;
            for (i, pos) in positions.iter().enumerate() {
                wait_for_line(&stdin)?;
                let (r, t) = timed(pos, depth);
                let mut line = format!("step {} {:.3} ms", i + 1, ms(t));
                if o.ideal {
                    for n in r.ideal {
                        line += &format!(" {:.3}", r.nodes as f64 / n.max(1) as f64);
                    }
                }
                out(&(line + "\n"))?;
                nodes += r.nodes;
            }
            level_nodes.push(nodes);
        }
        out(&format!(
            "fingerprint {}\n",
            engine_kit::bench::fingerprint(level_nodes)
        ))
    })
}

fn pair(o: &Options, positions: &[Position]) -> Result<(), String> {
    let k = o.against.ok_or("pair needs --against K")?;
    let (main, other) = (pool(o.threads)?, pool(Some(k))?);
    let n = main.current_num_threads();
    out(&format!(
        "bench: {} positions, {n} threads against {k}\n",
        positions.len()
    ))?;
    let mut level_nodes = Vec::new();
    for (level, depth) in o.levels() {
        let (mut t_main, mut t_other, mut nodes) = (Duration::ZERO, Duration::ZERO, 0);
        for (i, pos) in positions.iter().enumerate() {
            let on_other = || other.install(|| timed(pos, depth));
            let first = (i % 2 == 1).then(on_other);
            let (r, t) = main.install(|| timed(pos, depth));
            let (q, u) = first.unwrap_or_else(on_other);
            if (r.best, r.score, r.nodes) != (q.best, q.score, q.nodes) {
                return Err(format!(
                    "bench position {}: {n} threads and {k} threads disagree",
                    i + 1
                ));
            }
            t_main += t;
            t_other += u;
            nodes += r.nodes;
        }
        level_nodes.push(nodes);
        out(&format!(
            "{} depth {depth}: {n} threads {:.1} ms, {k} threads {:.1} ms, speedup {:.2}x\n",
            level.name(),
            ms(t_main),
            ms(t_other),
            ms(t_other) / ms(t_main).max(1e-9)
        ))?;
    }
    out(&format!(
        "fingerprint {}\n",
        engine_kit::bench::fingerprint(level_nodes)
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let result = bench::positions()
        .map_err(|e| format!("bad bench position: {e}"))
        .and_then(|positions| match args.split_first() {
            Some((cmd, rest)) if cmd == "step" => parse(rest).and_then(|o| step(&o, &positions)),
            Some((cmd, rest)) if cmd == "pair" => parse(rest).and_then(|o| pair(&o, &positions)),
            _ => Err(USAGE.to_string()),
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("search-bench: {msg}");
            ExitCode::from(2)
        }
    }
}
