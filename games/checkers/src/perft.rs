//! Perft: the number of move sequences of a given length, the standard test
//! of a move generator. Game ends are not applied (a position with no move
//! simply has no continuations), and the 50-turn rule is ignored.

use crate::movegen::for_each_child;
use crate::Position;

/// Leaf count at `depth` plies, bulk-counting the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut n = 0;
            for_each_child(pos, |child| n += perft(child, depth - 1));
            n
        }
    }
}
