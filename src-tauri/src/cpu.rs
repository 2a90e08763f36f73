//! The CPU's choice of move.

use checkers::{Level, Move, Position};

/// The CPU's move in `pos` with `quiet` quiet turns behind it, at `level`;
/// `None` when it has no legal move. Depends on nothing else (U2).
///
/// TEMPORARY: the engine's search (`checkers::search::best_move`) is not on
/// `main` yet. Until it is, the CPU plays the first legal move in the
/// engine's generation order, which is deterministic but does not think.
/// Replace the body with `checkers::search::best_move(pos, quiet, level)`.
pub fn best_move(pos: &Position, quiet: u32, level: Level) -> Option<Move> {
    let _ = (quiet, level);
    temporary_first_legal_move(pos)
}

/// Stand-in for the search: the first legal move.
fn temporary_first_legal_move(pos: &Position) -> Option<Move> {
    pos.legal_moves().into_iter().next()
}
