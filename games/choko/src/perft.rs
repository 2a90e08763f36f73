//! Perft: the number of action sequences of a given length.

use crate::position::Position;

/// The number of sequences of `depth` legal actions from `pos`. A game
/// that ends on the way (K9, K10) ends its sequences there: a finished
/// position has no legal action. The last ply is counted without playing
/// its actions.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_actions(),
        _ => pos
            .legal_actions()
            .iter()
            .map(|&a| perft(&pos.play_unchecked(a), depth - 1))
            .sum(),
    }
}
