//! The evaluation: how good a position looks to the side to act, in
//! hundredths of a piece, when the search looks no further.
//!
//! It counts material only: [`PIECE`] per piece, board and hand together,
//! mine minus theirs. That is what K9 and K10 decide by, and what every
//! capture changes by two. Everything else (jumps in the air, safe
//! corners, pieces kept in hand, the initiative) is left to the search,
//! which sees it as material won or lost a few turns on.
//!
//! Terms that guessed it instead (a jump in the air, pieces under threat,
//! pieces in hand, corners, the initiative) made the ladder flatter and
//! the first placer stronger; `docs/choko.md` gives the `choko match`
//! figures.

use crate::position::Position;

/// One piece, board or hand.
pub const PIECE: i32 = 100;

/// The position's value to the side to act (see the module doc). Only
/// used while the game goes on; the search scores the ends itself.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_act();
    PIECE * (pos.pieces(me) as i32 - pos.pieces(me.other()) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_position;

    fn eval(text: &str) -> i32 {
        evaluate(&parse_position(text).unwrap())
    }

    #[test]
    fn material_counts_board_and_hand_for_the_side_to_act() {
        assert_eq!(evaluate(&Position::start()), 0);
        assert_eq!(eval("5/2o2/2x2/5/5 x 11/11 x 0 2"), 0);
        // X: one on the board and 11 in hand; O: one and 10.
        assert_eq!(eval("x4/5/5/5/o4 x 11/10 o 0 3"), PIECE);
        assert_eq!(eval("x4/5/5/5/o4 o 11/10 o 0 3"), -PIECE);
        // Two on the board count as two in hand.
        assert_eq!(eval("xx3/5/5/5/o4 o 10/10 o 0 4"), -PIECE);
    }
}
