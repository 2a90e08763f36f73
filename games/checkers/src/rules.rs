//! How a game ends (R7, R8) and the quiet-turn counter behind the draw.

use crate::moves::Move;
use crate::{Color, Position};

/// Turns in a row without a capture and without a man moving after which
/// the game is drawn (R8).
pub const DRAW_QUIET_TURNS: u32 = 50;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// This side won: the other, to move, had no piece or no legal move.
    Win(Color),
    /// 50 quiet turns.
    Draw,
}

/// The result of the position with `quiet` quiet turns behind it, or `None`
/// while the game goes on.
///
/// R7: the side to move with no piece or no legal move has lost. R8: after
/// 50 consecutive turns with no capture and no man moving the game is drawn.
/// The loss is checked first, so a 50th quiet turn that leaves the opponent
/// without a move wins.
pub fn outcome(pos: &Position, quiet: u32) -> Option<Outcome> {
    if pos.count_moves() == 0 {
        Some(Outcome::Win(pos.turn().opposite()))
    } else if quiet >= DRAW_QUIET_TURNS {
        Some(Outcome::Draw)
    } else {
        None
    }
}

/// The quiet-turn counter after `mv` is played in `pos`: back to 0 after any
/// capture or any move of a man, one more otherwise (a king's step).
#[inline]
pub fn next_quiet(pos: &Position, mv: &Move, quiet: u32) -> u32 {
    if mv.is_capture() || pos.moves_man(mv) {
        0
    } else {
        quiet + 1
    }
}
