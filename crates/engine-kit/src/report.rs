//! The lines both tools print for the commands every game has: its legal
//! moves, its perft counts, and its search's progress.
//!
//! ```text
//! MOVE                                        (moves: one a line)
//! D N                                         (perft: one a depth)
//! time T s, N nodes, R nodes/s
//! info depth D score S nodes N time MS pv MOVES   (best: one an iteration)
//! ```

use crate::cli::{CliError, Output};
use std::fmt::Display;
use std::time::Instant;

/// Prints each of `moves` on a line of its own.
pub fn print_moves<M: Display>(
    out: &mut Output,
    moves: impl IntoIterator<Item = M>,
) -> Result<(), CliError> {
    let text: String = moves.into_iter().map(|m| format!("{m}\n")).collect();
    out.print(&text)
}

/// Prints `D N` for each depth from 1 to `depth`, N being `count(D)`, as
/// each is counted, then `time T s, N nodes, R nodes/s` over them all.
pub fn print_perft(
    out: &mut Output,
    depth: u32,
    mut count: impl FnMut(u32) -> u64,
) -> Result<(), CliError> {
    let start = Instant::now();
    let mut total = 0u64;
    for d in 1..=depth {
        let n = count(d);
        total += n;
        out.line(format_args!("{d} {n}"))?;
    }
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    out.line(format_args!(
        "time {secs:.3} s, {total} nodes, {nps:.0} nodes/s"
    ))
}

/// A search's score as the tools print it: `N` (hundredths of a piece),
/// or `win N` / `loss N` (turns to the end) past `win_bound`, where `win`
/// is the score of a game won now.
pub fn score_text(score: i32, win: i32, win_bound: i32) -> String {
    if score > win_bound {
        format!("win {}", win - score)
    } else if score < -win_bound {
        format!("loss {}", win + score)
    } else {
        score.to_string()
    }
}

/// One iteration of a search, as `best` prints it: `info depth D score S
/// nodes N time MS pv MOVES`, the time in milliseconds since `start`.
pub fn info_line<M: Display>(
    depth: u32,
    score: &str,
    nodes: u64,
    start: Instant,
    pv: &[M],
) -> String {
    let pv: Vec<String> = pv.iter().map(M::to_string).collect();
    format!(
        "info depth {depth} score {score} nodes {nodes} time {} pv {}\n",
        start.elapsed().as_millis(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_hundredths_or_turns_to_the_end() {
        assert_eq!(score_text(-35, 1000, 900), "-35");
        assert_eq!(score_text(999, 1000, 900), "win 1");
        assert_eq!(score_text(-996, 1000, 900), "loss 4");
        assert_eq!(score_text(900, 1000, 900), "900");
    }

    #[test]
    fn an_info_line_lists_its_fields_and_line() {
        let line = info_line(3, "win 1", 172, Instant::now(), &["9-13", "22-17"]);
        let (head, rest) = line.split_once(" time ").unwrap();
        assert_eq!(head, "info depth 3 score win 1 nodes 172");
        let (ms, pv) = rest.split_once(' ').unwrap();
        assert!(ms.parse::<u128>().is_ok(), "{line}");
        assert_eq!(pv, "pv 9-13 22-17\n");
        let empty: [&str; 0] = [];
        assert!(info_line(1, "0", 1, Instant::now(), &empty).ends_with(" pv \n"));
    }
}
