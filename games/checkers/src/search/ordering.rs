//! Killer moves and history: what the search learns about move order,
//! handed from task to task.

use super::params::MAX_PLY;
use crate::moves::Move;
use crate::Position;

/// Move-ordering key of the second killer; the first is one more, the hash
/// move and captures above, history scores below.
pub(super) const KEY_KILLER: u32 = 1 << 22;

/// Killer moves and history: what the search learns about move order and
/// hands from task to task.
#[derive(Clone, Copy)]
pub(super) struct Ordering {
    /// Two killer moves per ply, as `from * 32 + to + 1` (0 = none).
    pub(super) killers: [[u16; 2]; MAX_PLY],
    /// History of quiet moves that caused a cut-off, per side, from
    /// square and direction of the step (see [`step`]).
    pub(super) history: [[[u32; 4]; 32]; 2],
}

impl Ordering {
    /// A move's place in the search order at `ply` (higher first): the
    /// table's move, then captures (more pieces first, kings counting
    /// extra), then the two killers, then quiet moves by history.
    #[inline]
    pub(super) fn key(
        &self,
        pos: &Position,
        mv: &Move,
        tt_move: bool,
        capture: bool,
        ply: usize,
    ) -> u32 {
        if tt_move {
            u32::MAX
        } else if capture {
            1 << 24 | mv.captured().count() << 8 | (mv.captured() & pos.kings()).count()
        } else {
            let code = quiet_code(mv);
            let [first, second] = self.killers[ply];
            if code == first {
                KEY_KILLER + 1
            } else if code == second {
                KEY_KILLER
            } else {
                self.history[pos.turn() as usize][mv.from().index()][step(mv)].min(KEY_KILLER - 1)
            }
        }
    }
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering {
            killers: [[0; 2]; MAX_PLY],
            history: [[[0; 4]; 32]; 2],
        }
    }
}

/// Selection of the next move to search: the move with the highest key
/// among `order[i..]` goes to `order[i]` (the first of equals).
#[inline]
pub(super) fn select(order: &mut [u8], keys: &[u32], i: usize) {
    let mut pick = i;
    for j in i + 1..order.len() {
        if keys[order[j] as usize] > keys[order[pick] as usize] {
            pick = j;
        }
    }
    order.swap(i, pick);
}

/// Which of the four diagonal steps a quiet move is (a move that takes
/// nothing is one step, R3): the history's last index, so that the
/// ordering every task copies is 1.4 KiB, not the 8.4 KiB a table by
/// source and destination square took.
#[inline]
pub(super) fn step(mv: &Move) -> usize {
    let (from, to) = (mv.from(), mv.to());
    debug_assert_eq!(from.row().abs_diff(to.row()), 1, "{mv:?} is not a step");
    usize::from(to.row() > from.row()) << 1 | usize::from(to.column() > from.column())
}

/// A compact identity for a non-capturing move: its two squares.
#[inline]
pub(super) fn quiet_code(mv: &Move) -> u16 {
    (mv.from().index() * 32 + mv.to().index() + 1) as u16
}
