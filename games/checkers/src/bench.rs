//! Fixed positions for `checkers bench` and the search tests, and the
//! opening set of `checkers match`.

use crate::{parse_fen, FenError, Move, MoveList, Position};
use engine_kit::bench::position_lines;

/// The bench set, one PDN FEN per line: openings, middlegames, endgames
/// with kings and forced-capture tangles. `#` starts a comment.
pub const POSITIONS: &str = include_str!("bench_positions.txt");

/// The bench positions, in file order.
pub fn positions() -> Result<Vec<Position>, FenError> {
    position_lines(POSITIONS).map(parse_fen).collect()
}

/// How many turns from the start the match openings play.
pub const OPENING_TURNS: usize = 3;

/// Every sequence of [`OPENING_TURNS`] legal moves from the standard start,
/// in generation order, keeping only the first of the sequences that lead
/// to the same position.
pub fn all_openings() -> Vec<Vec<Move>> {
    fn walk(
        pos: &Position,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
        seen: &mut Vec<Position>,
    ) {
        if line.len() == OPENING_TURNS {
            if !seen.contains(pos) {
                seen.push(*pos);
                out.push(line.clone());
            }
            return;
        }
        let moves: MoveList = pos.legal_moves();
        for mv in &moves {
            line.push(*mv);
            walk(&pos.play_unchecked(mv), line, out, seen);
            line.pop();
        }
    }
    let mut out = Vec::new();
    walk(
        &Position::start(),
        &mut Vec::new(),
        &mut out,
        &mut Vec::new(),
    );
    out
}

/// `n` openings spread evenly over [`all_openings`] (all of them, in order,
/// when `n` is larger).
pub fn openings(n: usize) -> Vec<Vec<Move>> {
    let all = all_openings();
    if n >= all.len() {
        return all;
    }
    (0..n).map(|i| all[i * all.len() / n].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_parse_and_are_playable() {
        let ps = positions().unwrap();
        assert!(ps.len() >= 30, "{} positions", ps.len());
        for p in &ps {
            assert!(!p.legal_moves().is_empty(), "{p:?}");
        }
    }

    #[test]
    fn openings_are_distinct() {
        let all = all_openings();
        assert!(all.len() >= 100, "{}", all.len());
        let some = openings(20);
        assert_eq!(some.len(), 20);
        for i in 0..some.len() {
            for j in i + 1..some.len() {
                assert_ne!(some[i], some[j]);
            }
        }
    }
}
