//! Scores: hundredths of a man, and wins and losses counted in turns from
//! the root.

/// The score of a win on the spot; a win `n` turns from the root scores
/// `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores beyond this (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// Above every score: the bound of a full window.
pub(super) const INF: i32 = MATE + 1;

/// A score as a table stores it: wins and losses relative to the node
/// `ply` turns from the root, not to the root.
#[inline]
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score from a table, back to the root's point of view at `ply`.
#[inline]
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
