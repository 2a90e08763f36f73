//! The CPU's choice of move.

use checkers::{Level, Move, Position};

/// The CPU's move in `pos` with `quiet` quiet turns behind it, at `level`;
/// `None` when it has no legal move. The engine's search depends on nothing
/// else: not the thread count, not the time, not earlier searches (U2).
pub fn best_move(pos: &Position, quiet: u32, level: Level) -> Option<Move> {
    checkers::search::best_move(pos, quiet, level)
}
