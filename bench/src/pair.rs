//! `search-bench pair`: every position searched on two thread pools in
//! turn, their times compared, their results checked to agree.

use crate::games::{Engine, Searched};
use crate::Options;
use engine_kit::bench::{fingerprint, ms};
use engine_kit::cli::{CliError, Output};
use engine_kit::threads;
use std::time::{Duration, Instant};

/// Searches `pos` to `depth` with `engine` on `pool`, timed.
fn timed<E: Engine>(
    pool: &rayon::ThreadPool,
    engine: &mut E,
    pos: &E::Position,
    depth: u32,
) -> (Searched, Duration) {
    pool.install(|| {
        let start = Instant::now();
        let found = engine.search(pos, depth);
        let t = start.elapsed();
        (E::searched(found), t)
    })
}

/// Searches each level on `--threads` threads and on `--against` K, in
/// turn, and prints each level's times and the fingerprint.
pub fn pair<E: Engine>(o: &Options, positions: &[E::Position]) -> Result<(), CliError> {
    let k = o.against.ok_or("pair needs --against K")?;
    let (main, other) = (threads::pool(o.threads)?, threads::pool(Some(k))?);
    let n = main.current_num_threads();
    let (mut on_main, mut on_other) = (E::new(), E::new());
    let out = &mut Output::new();
    out.line(format_args!(
        "bench: {} positions, {n} threads against {k}",
        positions.len()
    ))?;
    let mut level_nodes = Vec::new();
    for level in &o.levels {
        let depth = level.depth;
        let (mut t_main, mut t_other, mut nodes) = (Duration::ZERO, Duration::ZERO, 0);
        for (i, pos) in positions.iter().enumerate() {
            // Which pool goes first alternates from one position to the next.
            let first = (i % 2 == 1).then(|| timed(&other, &mut on_other, pos, depth));
            let (r, t) = timed(&main, &mut on_main, pos, depth);
            let (q, u) = first.unwrap_or_else(|| timed(&other, &mut on_other, pos, depth));
            if (&r.best, r.score, r.nodes) != (&q.best, q.score, q.nodes) {
                return Err(format!(
                    "bench position {}: {n} threads and {k} threads disagree",
                    i + 1
                )
                .into());
            }
            t_main += t;
            t_other += u;
            nodes += r.nodes;
        }
        level_nodes.push(nodes);
        out.line(format_args!(
            "{} depth {depth}: {n} threads {:.1} ms, {k} threads {:.1} ms, speedup {:.2}x",
            level.label,
            ms(t_main),
            ms(t_other),
            ms(t_other) / ms(t_main).max(1e-9)
        ))?;
    }
    out.line(format_args!("fingerprint {}", fingerprint(level_nodes)))
}
