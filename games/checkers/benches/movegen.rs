//! Move-generation benchmark: the move lists the search builds, every move
//! with its whole path and captured set (`movegen::generate`), walked to a
//! fixed depth from each bench position, single thread. Run with
//! `cargo bench -p checkers --bench movegen` (add a depth as argument:
//! `cargo bench --bench movegen -- 8`).
//!
//! The perft bench times the fast counter, which builds no move; this one
//! times the generator the search calls at every node, in positions rich
//! in kings and capture chains. Each run's leaf count is asserted against
//! the fast counter's, so two independent walks must agree.

use checkers::movegen::generate;
use checkers::{bench, perft, MoveList, Position};
use std::time::Instant;

/// Leaves `depth` plies below `pos`, building every move list on the way.
fn walk(pos: &Position, depth: u32) -> u64 {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|mv| walk(&pos.play_unchecked(mv), depth - 1))
        .sum()
}

fn main() {
    let depth: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .filter(|d| (1..=9).contains(d))
        .unwrap_or(7);
    let positions = bench::positions().expect("the bench positions parse");
    let expected: u64 = positions.iter().map(|p| perft(p, depth)).sum();
    let runs = 7;
    let mut times = Vec::with_capacity(runs);
    for run in 1..=runs {
        let t = Instant::now();
        let leaves: u64 = positions.iter().map(|p| walk(p, depth)).sum();
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(leaves, expected, "the generator and the counter disagree");
        println!(
            "run {run}: {} positions, depth {depth}: {leaves} leaves in {secs:.3} s, {:.1} Mleaves/s",
            positions.len(),
            leaves as f64 / secs / 1e6
        );
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "median: depth {depth} {median:.3} s, {:.1} Mleaves/s (single thread, every move built)",
        expected as f64 / median / 1e6
    );
}
