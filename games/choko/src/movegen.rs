//! The legal actions of a position (K3–K8), on 25-bit sets.
//!
//! Placements come from the empty points, steps and jumps from the side's
//! pieces whose neighbour (and, for a jump, the point behind it) is of the
//! right kind, found for all pieces at once by moving whole sets one point
//! along each direction (`Points::before`). A jump's landing
//! point is straight behind the jumped piece on the same rank or file, so
//! a corner piece, which has nothing behind it in either line, is never
//! jumped, and a piece on an edge only along that edge.

use crate::action::{Action, ActionList, Extra};
use crate::point::{Direction, Point, Points, POINTS};
use crate::position::Position;

/// `NEIGHBOUR[d][p]`: the index of `p`'s neighbour in direction `d`
/// (in [`Direction::ALL`] order), or 255 off the board.
const NEIGHBOUR: [[u8; POINTS]; 4] = {
    let mut t = [[255u8; POINTS]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < POINTS {
            if let Some(n) = Point::ALL[i].step(Direction::ALL[d]) {
                t[d][i] = n.index() as u8;
            }
            i += 1;
        }
        d += 1;
    }
    t
};

/// `p`'s neighbour in direction `d`; the caller knows it is on the board.
#[inline]
fn neighbour(p: Point, d: usize) -> Point {
    let n = NEIGHBOUR[d][p.index()];
    debug_assert!(n != 255);
    Point::ALL[n as usize & 31]
}

/// The side to act's pieces that can step in `dir`, and those that can
/// jump in `dir`.
#[inline]
fn movers(mine: Points, theirs: Points, empty: Points, dir: Direction) -> (Points, Points) {
    let steppers = mine & empty.before(dir);
    let jumpers = mine & theirs.before(dir) & empty.before(dir).before(dir);
    (steppers, jumpers)
}

/// Append every legal action of `pos` to `list`, ignoring the ends of the
/// game (the caller checks them): placements on every empty point while
/// the hand has pieces; unless the side must place (K7), a step for every
/// piece and empty neighbour, and a jump for every piece, enemy neighbour
/// and empty point behind, once per extra piece (K5): each other enemy
/// piece on the board; else one taking a piece from the enemy's hand; else
/// one taking nothing more.
pub fn generate(pos: &Position, list: &mut ActionList) {
    let me = pos.to_act();
    let mine = pos.board(me);
    let theirs = pos.board(me.other());
    let empty = pos.empty();
    if pos.hand(me) > 0 {
        list.extend(empty.iter().map(Action::Place));
    }
    if pos.must_place() {
        return;
    }
    for (d, dir) in Direction::ALL.into_iter().enumerate() {
        for from in movers(mine, theirs, empty, dir).0 {
            list.push(Action::Step {
                from,
                to: neighbour(from, d),
            });
        }
    }
    let their_hand = pos.hand(me.other());
    for (d, dir) in Direction::ALL.into_iter().enumerate() {
        for from in movers(mine, theirs, empty, dir).1 {
            let over = neighbour(from, d);
            let to = neighbour(over, d);
            let rest = theirs.without(over);
            let jump = |extra| Action::Jump {
                from,
                over,
                to,
                extra,
            };
            if !rest.is_empty() {
                list.extend(rest.iter().map(|p| jump(Extra::Board(p))));
            } else if their_hand > 0 {
                list.push(jump(Extra::Hand));
            } else {
                list.push(jump(Extra::None));
            }
        }
    }
}

/// The number of actions [`generate`] gives, counted without building them.
pub fn count(pos: &Position) -> u64 {
    let me = pos.to_act();
    let mine = pos.board(me);
    let theirs = pos.board(me.other());
    let empty = pos.empty();
    let mut n = if pos.hand(me) > 0 { empty.count() } else { 0 };
    if pos.must_place() {
        return n.into();
    }
    // A jump over a piece leaves the others as extra choices, or one
    // action when there are none.
    let extras = theirs.count().saturating_sub(1).max(1);
    for dir in Direction::ALL {
        let (steppers, jumpers) = movers(mine, theirs, empty, dir);
        n += steppers.count() + jumpers.count() * extras;
    }
    n.into()
}
