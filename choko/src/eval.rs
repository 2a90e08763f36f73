//! The evaluation: how good a position looks to the side to act, in
//! hundredths of a piece, when the search looks no further.
//!
//! Terms, each "mine minus theirs" unless said:
//!
//! - **Material**: 100 per piece, board and hand together: what K9 and
//!   K10 count, and what every capture changes by two.
//! - **A jump in hand**: when the side to act may jump now (it is not bound
//!   to place by K7), it is about to take two pieces: [`JUMP_NOW`]. It
//!   cannot take them all at once, so one is enough.
//! - **Threats against it**: enemy pieces that could jump its pieces if the
//!   enemy were to act. One can be parried (a placement behind the piece,
//!   a step away, or a capture); two or more different pieces of its own
//!   under threat cost [`DOUBLE_THREAT`].
//! - **Pieces in hand**: [`HAND`] each. They cannot be jumped, and they
//!   answer placements (K7) and plug holes.
//! - **Corners**: [`CORNER`] each. A corner piece can never be jumped.
//! - **The initiative**: [`INITIATIVE`] to its holder (K6–K8).

use crate::movegen;
use crate::point::{Direction, Points, Side};
use crate::position::Position;

/// One piece, board or hand.
pub const PIECE: i32 = 100;
/// The side to act may jump now.
pub const JUMP_NOW: i32 = 140;
/// Two or more of the side to act's pieces can be jumped.
pub const DOUBLE_THREAT: i32 = 60;
/// Each piece in hand, on top of its material.
pub const HAND: i32 = 4;
/// Each piece in a corner.
pub const CORNER: i32 = 8;
/// Holding the initiative.
pub const INITIATIVE: i32 = 15;

/// The pieces of `theirs` that a piece of `mine` could jump now.
#[inline]
fn jumpable(mine: Points, theirs: Points, empty: Points) -> Points {
    let mut out = Points::EMPTY;
    for dir in Direction::ALL {
        // Points of `theirs` with a piece of `mine` on one side and an
        // empty point on the other, along `dir`.
        let behind_empty = empty.before(dir);
        let mine_before = mine.before(opposite(dir));
        out = out | (theirs & behind_empty & mine_before);
    }
    out
}

#[inline]
const fn opposite(dir: Direction) -> Direction {
    match dir {
        Direction::North => Direction::South,
        Direction::South => Direction::North,
        Direction::East => Direction::West,
        Direction::West => Direction::East,
    }
}

/// The position's value to the side to act (see the module doc). Only
/// used while the game goes on; the search scores the ends itself.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_act();
    let them = me.other();
    let (mine, theirs, empty) = (pos.board(me), pos.board(them), pos.empty());
    let mut score = PIECE * (pos.pieces(me) as i32 - pos.pieces(them) as i32);
    if !pos.must_place() && !jumpable(mine, theirs, empty).is_empty() {
        score += JUMP_NOW;
    }
    if jumpable(theirs, mine, empty).count() >= 2 {
        score -= DOUBLE_THREAT;
    }
    score += HAND * (i32::from(pos.hand(me)) - i32::from(pos.hand(them)));
    score += CORNER
        * ((mine & Points::CORNERS).count() as i32 - (theirs & Points::CORNERS).count() as i32);
    match pos.holder() {
        Some(h) if h == me => score += INITIATIVE,
        Some(_) => score -= INITIATIVE,
        None => {}
    }
    score
}

/// Whether `side`'s pieces could jump some enemy piece if it were to act,
/// rules of K7 aside.
pub fn can_jump(pos: &Position, side: Side) -> bool {
    movegen::jumpers(pos.board(side), pos.board(side.other()), pos.empty()) > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_position;

    fn eval(text: &str) -> i32 {
        evaluate(&parse_position(text).unwrap())
    }

    #[test]
    fn jumpable_agrees_with_the_generator() {
        // X on c3, O on c4 with c5 empty: X can jump c4.
        let pos = parse_position("5/2o2/2x2/5/5 x 11/11 x 0 2").unwrap();
        let set = jumpable(pos.board(Side::X), pos.board(Side::O), pos.empty());
        assert_eq!(
            set.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["c4"]
        );
        assert!(can_jump(&pos, Side::X));
        assert!(can_jump(&pos, Side::O));
        // A corner piece is never jumpable.
        let corner = parse_position("5/5/5/o4/x4 o 11/11 x 0 2").unwrap();
        assert!(jumpable(corner.board(Side::O), corner.board(Side::X), corner.empty()).is_empty());
    }

    #[test]
    fn material_and_the_jump_about_to_be_made_count() {
        // Symmetric but for the side to act: the jump in hand counts for it.
        let x = eval("5/2o2/2x2/5/5 x 11/11 x 0 2");
        let o = eval("5/2o2/2x2/5/5 o 11/11 x 0 2");
        assert_eq!(x - INITIATIVE, JUMP_NOW);
        assert_eq!(o + INITIATIVE, JUMP_NOW);
        // Bound to place (K7), the side to act cannot cash its jump now.
        let bound = eval("5/2o2/2x2/5/5 o 11/11 x! 0 2");
        assert_eq!(bound, -INITIATIVE);
        // A piece more, in hand.
        assert_eq!(eval("x4/5/5/5/o4 x 11/10 o 0 3"), PIECE + HAND - INITIATIVE);
    }
}
