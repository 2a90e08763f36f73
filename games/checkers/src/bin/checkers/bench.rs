//! `checkers bench`: think times over the bench positions.
//!
//! One line per level (only LEVEL with `--level`, searched to D with
//! `--depth`), as `engine_kit::bench` writes them, each followed with
//! `--ideal` by a line of the speedups its task trees allow on 2, 4 and 8
//! threads and the median, p95 and max over the positions of a search's
//! ideal length on 2 threads, in nodes (divide by one thread's nodes per
//! second for a time no load disturbs); then the fingerprint.

use crate::level;
use checkers::search::{IDEAL_THREADS, MAX_DEPTH};
use checkers::{bench, Level};
use engine_kit::bench::{percentile, BenchLevel};
use engine_kit::cli::{Args, CliError, Output};

/// The width of the level names in the bench's lines.
const LABEL_WIDTH: usize = 6;

/// `bench`: think times over the bench positions, a line per level (and
/// with `--ideal` the line of what its task trees allow), then the
/// fingerprint.
pub fn cmd_bench(args: &Args, out: &mut Output) -> Result<(), CliError> {
    args.allow(&["threads", "level", "depth", "ideal"])?;
    args.no_positional()?;
    let positions = bench::positions().map_err(|e| format!("bad bench position: {e}"))?;
    let levels: Vec<BenchLevel> =
        match (level(args, "level")?, args.number("depth", 1..=MAX_DEPTH)?) {
            (None, None) => Level::ALL.iter().map(|l| bench_level(*l, None)).collect(),
            (Some(l), d) => vec![bench_level(l, d)],
            (None, Some(_)) => return Err("--depth needs --level".into()),
        };
    let ideal = args.flag("ideal");
    args.with_threads(|| {
        engine_kit::bench::run(
            out,
            &positions,
            &levels,
            LABEL_WIDTH,
            |pos, depth| {
                let r = checkers::search(pos, 0, depth);
                (r.nodes, r.ideal)
            },
            |out, level, times, ideal_nodes| {
                if ideal {
                    out.line(ideal_line(&level.label, times.nodes, &ideal_nodes))?;
                }
                Ok(())
            },
        )
    })?
}

/// The bench's entry for `level`, searched to `depth` or its own depth.
fn bench_level(level: Level, depth: Option<u32>) -> BenchLevel {
    BenchLevel {
        label: level.name().to_string(),
        depth: depth.unwrap_or(level.depth()),
    }
}

/// The `--ideal` line of a level: the speedups its task trees allow on
/// [`IDEAL_THREADS`] threads, and the median, p95 and max over the
/// positions of a search's ideal length on 2 threads, in nodes.
fn ideal_line(label: &str, nodes: u64, searches: &[[u64; 3]]) -> String {
    let mut totals = [0u64; 3];
    for ideal in searches {
        for (t, i) in totals.iter_mut().zip(ideal) {
            *t += i;
        }
    }
    let speedups: Vec<String> = IDEAL_THREADS
        .iter()
        .zip(totals)
        .map(|(t, n)| format!("{t} threads {:.2}", nodes as f64 / n.max(1) as f64))
        .collect();
    let mut two: Vec<u64> = searches.iter().map(|ideal| ideal[0]).collect();
    two.sort_unstable();
    format!(
        "{label:<LABEL_WIDTH$} ideal speedup: {}; on 2 threads, nodes per search: \
         median {}, p95 {}, max {}",
        speedups.join(", "),
        percentile(&two, 0.5),
        percentile(&two, 0.95),
        percentile(&two, 1.0)
    )
}
