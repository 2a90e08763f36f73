//! A game's bench: its search timed over a fixed set of positions, level
//! by level, with the percentiles of the think times and a fingerprint of
//! the node counts.
//!
//! The lines it prints are an interface other tools read:
//!
//! ```text
//! bench: P positions, N threads
//! LEVEL depth D: median T ms, p95 T ms, max T ms, total T ms, nodes N, R Mnodes/s
//! fingerprint F
//! ```

use crate::cli::{CliError, Output};
use std::time::{Duration, Instant};

/// The value at fraction `q` (0 to 1) of `sorted`, by nearest rank; the
/// default (zero) for an empty slice.
pub fn percentile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The position lines of a bench file: each line up to any `#` (a
/// comment), trimmed, the empty ones left out.
pub fn position_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
}

/// A duration in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The bench's node-count fingerprint: the nodes each level searched over
/// the bench positions, in level order, folded into one number. It
/// depends only on the search's tree, so a build gives the same number on
/// any machine and thread count, and a change that moves any node count
/// moves it. A single level's fingerprint is its node count.
pub fn fingerprint(level_nodes: impl IntoIterator<Item = u64>) -> u64 {
    level_nodes
        .into_iter()
        .fold(0, |f, n| f.wrapping_mul(1_000_003).wrapping_add(n))
}

/// One level's searches over the bench positions.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelTimes {
    /// Each search's time, shortest first.
    pub times: Vec<Duration>,
    /// Their sum.
    pub total: Duration,
    /// The nodes of all the searches.
    pub nodes: u64,
}

impl LevelTimes {
    /// Times `search` on each of `positions` in turn. `search` returns
    /// the nodes it searched and whatever else the caller keeps of each
    /// search, which comes back in position order.
    pub fn measure<P, R>(
        positions: &[P],
        mut search: impl FnMut(&P) -> (u64, R),
    ) -> (LevelTimes, Vec<R>) {
        let mut times = Vec::with_capacity(positions.len());
        let mut kept = Vec::with_capacity(positions.len());
        let mut nodes = 0u64;
        for pos in positions {
            let start = Instant::now();
            let (n, extra) = search(pos);
            times.push(start.elapsed());
            nodes += n;
            kept.push(extra);
        }
        let total = times.iter().sum();
        times.sort();
        let level = LevelTimes {
            times,
            total,
            nodes,
        };
        (level, kept)
    }

    /// The level's line: `LABEL depth D: median …, p95 …, max …, total …,
    /// nodes N, R Mnodes/s`, the label padded to `width` characters.
    pub fn line(&self, label: &str, width: usize, depth: u32) -> String {
        format!(
            "{label:<width$} depth {depth:>2}: median {:>7.1} ms, p95 {:>7.1} ms, max {:>7.1} ms, \
             total {:>8.1} ms, nodes {:>10}, {:>6.2} Mnodes/s",
            ms(percentile(&self.times, 0.5)),
            ms(percentile(&self.times, 0.95)),
            ms(percentile(&self.times, 1.0)),
            ms(self.total),
            self.nodes,
            self.nodes as f64 / self.total.as_secs_f64().max(1e-9) / 1e6
        )
    }
}

/// A level the bench searches: its label and depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLevel {
    pub label: String,
    pub depth: u32,
}

/// Runs the bench on the current thread pool and prints its lines to
/// `out`: the header, one line per level (labels padded to `width`), and
/// the fingerprint. `search(position, depth)` searches and returns its
/// nodes and what the caller keeps of it; `after_level` gets each level's
/// times and those kept values, and may print more after the level's
/// line. Stops at the first failed write.
pub fn run<P, R>(
    out: &mut Output,
    positions: &[P],
    levels: &[BenchLevel],
    width: usize,
    mut search: impl FnMut(&P, u32) -> (u64, R),
    mut after_level: impl FnMut(&mut Output, &BenchLevel, &LevelTimes, Vec<R>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    out.line(format_args!(
        "bench: {} positions, {} threads",
        positions.len(),
        rayon::current_num_threads()
    ))?;
    let mut level_nodes = Vec::with_capacity(levels.len());
    for level in levels {
        let (times, kept) = LevelTimes::measure(positions, |pos| search(pos, level.depth));
        out.line(times.line(&level.label, width, level.depth))?;
        after_level(out, level, &times, kept)?;
        level_nodes.push(times.nodes);
    }
    out.line(format_args!("fingerprint {}", fingerprint(level_nodes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<u64> = (1..=20).collect();
        assert_eq!(percentile(&v, 0.5), 10);
        assert_eq!(percentile(&v, 0.95), 19);
        assert_eq!(percentile(&v, 1.0), 20);
        assert_eq!(percentile(&v, 0.0), 1);
        assert_eq!(percentile(&[7u64], 0.95), 7);
        assert_eq!(percentile::<Duration>(&[], 0.5), Duration::ZERO);
    }

    #[test]
    fn position_lines_leave_out_comments_and_blanks() {
        let text = "# the start\nB:W21-32:B1-12\n\n  W:W22:B18 # a capture\n#\n";
        let lines: Vec<&str> = position_lines(text).collect();
        assert_eq!(lines, ["B:W21-32:B1-12", "W:W22:B18"]);
    }

    #[test]
    fn the_fingerprint_folds_levels_in_order() {
        assert_eq!(fingerprint([4_717_190]), 4_717_190);
        // Easy, Normal and Hard of the checkers bench.
        assert_eq!(
            fingerprint([7_609, 740_924, 80_828_654]),
            7_609_786_661_119_907
        );
        assert_ne!(fingerprint([1, 2]), fingerprint([2, 1]));
    }

    #[test]
    fn a_level_line_has_the_fields_other_tools_read() {
        let times = LevelTimes {
            times: vec![Duration::from_millis(1), Duration::from_millis(3)],
            total: Duration::from_millis(4),
            nodes: 8000,
        };
        assert_eq!(
            times.line("easy", 6, 2),
            "easy   depth  2: median     1.0 ms, p95     3.0 ms, max     3.0 ms, \
             total      4.0 ms, nodes       8000,   2.00 Mnodes/s"
        );
        let (measured, kept) = LevelTimes::measure(&[3u64, 1, 2], |&n| (n * 10, n));
        assert_eq!(measured.nodes, 60);
        assert_eq!(kept, [3, 1, 2]);
        assert_eq!(measured.times.len(), 3);
        assert!(measured.times.windows(2).all(|w| w[0] <= w[1]));
    }
}
