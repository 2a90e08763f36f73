//! Perft benchmark: the start position at depth 11, single thread, bulk
//! counting at the last ply. Run with `cargo bench -p checkers --bench perft`
//! (add a depth as argument: `cargo bench --bench perft -- 12`).
//!
//! Prints each run's time and the median nodes per second. The node count
//! is asserted against the published table, so a fast wrong generator
//! cannot pass.

use checkers::{perft, Position};
use std::time::Instant;

const TABLE: [u64; 13] = [
    1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673,
];

fn main() {
    let depth: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .filter(|d| (1..TABLE.len()).contains(d))
        .unwrap_or(11);
    let runs = if depth >= 12 { 3 } else { 7 };
    let start = Position::start();
    let mut times = Vec::with_capacity(runs);
    for run in 1..=runs {
        let t = Instant::now();
        let nodes = perft(&start, depth as u32);
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(nodes, TABLE[depth], "perft({depth}) is wrong");
        println!(
            "run {run}: perft({depth}) = {nodes} in {secs:.3} s, {:.1} Mnodes/s",
            nodes as f64 / secs / 1e6
        );
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "median: perft({depth}) {median:.3} s, {:.1} Mnodes/s (single thread, bulk counting)",
        TABLE[depth] as f64 / median / 1e6
    );
}
