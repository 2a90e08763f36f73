//! Perft: the number of move sequences of a given length, the standard test
//! of a move generator. Game ends are not applied (a position with no move
//! simply has no continuations), and the 50-turn rule is ignored.

use crate::movegen::{generate, MoveList};
use crate::Position;

/// Leaf count at `depth` plies, bulk-counting the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut list = MoveList::new();
            generate(pos, &mut list);
            list.iter()
                .map(|mv| perft(&pos.play_unchecked(mv), depth - 1))
                .sum()
        }
    }
}
