//! A position: the pieces on the 25 points, both hands, whose turn it is,
//! who holds the initiative, whether the side to act must place, and the
//! two counters of K10.

use crate::action::{Action, Extra};
use crate::point::{Point, Points, Side};
use engine_kit::rng::mix;
use std::fmt;

/// Pieces each side starts with, all in hand (K2).
pub const PIECES: u8 = 12;
/// Turns in a row without a placement or a capture that end the game (K10).
pub const QUIET_LIMIT: u8 = 40;
/// Turns in all that end the game (K10).
pub const TURN_LIMIT: u8 = 200;

/// Everything a position holds, as plain fields: what [`Position::new`]
/// checks and [`Position::setup`] gives back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The points of X's pieces and of O's pieces.
    pub boards: [Points; 2],
    /// The pieces in X's hand and in O's hand.
    pub hands: [u8; 2],
    /// The side to act.
    pub to_act: Side,
    /// The side holding the initiative; `None` until the first placement.
    pub holder: Option<Side>,
    /// Whether the side to act must place (K7): the holder's last action
    /// was a placement and the side to act has pieces in hand.
    pub must_place: bool,
    /// Turns in a row without a placement or a capture, 0 to 40.
    pub quiet: u8,
    /// Turns played since the start, 0 to 200.
    pub turns: u8,
}

/// A consistent Choko position. Every constructor keeps these invariants:
///
/// - the two boards share no point, and each side has at most 12 pieces on
///   the board and in hand together;
/// - nobody holds the initiative exactly when nothing has been placed: the
///   board is empty, both hands are full and no turn has been played (a
///   piece only leaves the board by capture, and the jumper stays, so once
///   a piece is placed the board is never empty again);
/// - the side to act must place only when the other side holds the
///   initiative, the side to act has a piece in hand, and the quiet counter
///   is 0 (the last action was a placement);
/// - the quiet counter is at most 40 and at most the turn count, which is
///   at most 200, and the turn count is at least the number of pieces gone
///   from both hands (each turn takes at most one from a hand).
///
/// A position whose counters reached a limit, or where a side has no
/// piece left, is the end of a game: see [`Position::outcome`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    boards: [Points; 2],
    hands: [u8; 2],
    to_act: Side,
    holder: Option<Side>,
    must_place: bool,
    quiet: u8,
    turns: u8,
}

/// Why a [`Setup`] is not a consistent position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// A point holds a piece of both sides.
    PointTwice(Point),
    /// A side has more than 12 pieces, board and hand together.
    TooManyPieces(Side, u32),
    /// Nobody holds the initiative, yet something was placed or played.
    NoHolderAfterPlay,
    /// Someone holds the initiative, yet the board is empty.
    HolderOnEmptyBoard,
    /// The side to act must place, but the other side does not hold the
    /// initiative.
    MustPlaceWithoutHolder,
    /// The side to act must place, but its hand is empty.
    MustPlaceWithEmptyHand,
    /// The side to act must place, so the last action was a placement, but
    /// the quiet counter is not 0.
    MustPlaceAfterQuietTurn,
    /// The quiet counter is over 40.
    QuietOverLimit(u8),
    /// The turn count is over 200.
    TurnsOverLimit(u8),
    /// The quiet counter is larger than the turn count.
    QuietOverTurns(u8, u8),
    /// Fewer turns played than pieces gone from the hands.
    TooFewTurns(u8, u32),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::PointTwice(p) => write!(f, "point {p} holds pieces of both sides"),
            PositionError::TooManyPieces(s, n) => {
                write!(f, "{s} has {n} pieces; a side has at most 12, board and hand")
            }
            PositionError::NoHolderAfterPlay => write!(
                f,
                "nobody holds the initiative, so nothing has been placed, yet pieces or turns are counted"
            ),
            PositionError::HolderOnEmptyBoard => {
                write!(f, "someone holds the initiative, yet the board is empty")
            }
            PositionError::MustPlaceWithoutHolder => write!(
                f,
                "the side to act must place only when the other side holds the initiative"
            ),
            PositionError::MustPlaceWithEmptyHand => {
                write!(f, "the side to act must place, but its hand is empty")
            }
            PositionError::MustPlaceAfterQuietTurn => write!(
                f,
                "the side to act must place after a placement, but the quiet counter is not 0"
            ),
            PositionError::QuietOverLimit(q) => {
                write!(f, "quiet counter {q} is over {QUIET_LIMIT}")
            }
            PositionError::TurnsOverLimit(t) => write!(f, "turn count {t} is over {TURN_LIMIT}"),
            PositionError::QuietOverTurns(q, t) => {
                write!(f, "quiet counter {q} is over the turn count {t}")
            }
            PositionError::TooFewTurns(t, gone) => write!(
                f,
                "{gone} pieces have left the hands in only {t} turns; a turn takes at most one"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The start (K2): empty board, 12 pieces in each hand, X to act,
    /// nobody holding the initiative.
    pub const fn start() -> Position {
        Position::start_with(Side::X)
    }

    /// The start with `side` to act first.
    pub const fn start_with(side: Side) -> Position {
        Position {
            boards: [Points::EMPTY; 2],
            hands: [PIECES; 2],
            to_act: side,
            holder: None,
            must_place: false,
            quiet: 0,
            turns: 0,
        }
    }

    /// A position from its fields, checking every invariant of
    /// [`Position`].
    pub fn new(s: &Setup) -> Result<Position, PositionError> {
        let [x, o] = s.boards;
        if let Some(p) = (x & o).first() {
            return Err(PositionError::PointTwice(p));
        }
        for side in Side::BOTH {
            let n = s.boards[side.index()].count() + u32::from(s.hands[side.index()]);
            if n > u32::from(PIECES) {
                return Err(PositionError::TooManyPieces(side, n));
            }
        }
        if s.quiet > QUIET_LIMIT {
            return Err(PositionError::QuietOverLimit(s.quiet));
        }
        if s.turns > TURN_LIMIT {
            return Err(PositionError::TurnsOverLimit(s.turns));
        }
        if s.quiet > s.turns {
            return Err(PositionError::QuietOverTurns(s.quiet, s.turns));
        }
        let gone = 2 * u32::from(PIECES) - u32::from(s.hands[0]) - u32::from(s.hands[1]);
        if u32::from(s.turns) < gone {
            return Err(PositionError::TooFewTurns(s.turns, gone));
        }
        let board_empty = (x | o).is_empty();
        match s.holder {
            None if !board_empty || gone > 0 || s.turns > 0 => {
                return Err(PositionError::NoHolderAfterPlay)
            }
            Some(_) if board_empty => return Err(PositionError::HolderOnEmptyBoard),
            _ => {}
        }
        if s.must_place {
            if s.holder != Some(s.to_act.other()) {
                return Err(PositionError::MustPlaceWithoutHolder);
            }
            if s.hands[s.to_act.index()] == 0 {
                return Err(PositionError::MustPlaceWithEmptyHand);
            }
            if s.quiet != 0 {
                return Err(PositionError::MustPlaceAfterQuietTurn);
            }
        }
        Ok(Position {
            boards: s.boards,
            hands: s.hands,
            to_act: s.to_act,
            holder: s.holder,
            must_place: s.must_place,
            quiet: s.quiet,
            turns: s.turns,
        })
    }

    /// The position's fields.
    pub const fn setup(&self) -> Setup {
        Setup {
            boards: self.boards,
            hands: self.hands,
            to_act: self.to_act,
            holder: self.holder,
            must_place: self.must_place,
            quiet: self.quiet,
            turns: self.turns,
        }
    }

    /// The side to act.
    #[inline]
    pub const fn to_act(&self) -> Side {
        self.to_act
    }

    /// The side holding the initiative (K6), `None` before the first
    /// placement.
    #[inline]
    pub const fn holder(&self) -> Option<Side> {
        self.holder
    }

    /// Whether the side to act must place (K7).
    #[inline]
    pub const fn must_place(&self) -> bool {
        self.must_place
    }

    /// The points of one side's pieces.
    #[inline]
    pub const fn board(&self, side: Side) -> Points {
        self.boards[side.index()]
    }

    /// The pieces in one side's hand.
    #[inline]
    pub const fn hand(&self, side: Side) -> u8 {
        self.hands[side.index()]
    }

    /// One side's pieces, board and hand together (what K9 and K10 count).
    #[inline]
    pub const fn pieces(&self, side: Side) -> u32 {
        self.boards[side.index()].count() + self.hands[side.index()] as u32
    }

    /// Every empty point.
    #[inline]
    pub const fn empty(&self) -> Points {
        self.boards[0].union(self.boards[1]).complement()
    }

    /// Turns in a row without a placement or a capture (K10).
    #[inline]
    pub const fn quiet(&self) -> u8 {
        self.quiet
    }

    /// Turns played since the start (K10).
    #[inline]
    pub const fn turns(&self) -> u8 {
        self.turns
    }

    /// What stands on a point.
    pub const fn side_at(&self, p: Point) -> Option<Side> {
        if self.boards[0].contains(p) {
            Some(Side::X)
        } else if self.boards[1].contains(p) {
            Some(Side::O)
        } else {
            None
        }
    }

    /// Play an action known to be legal here (the search's fast path).
    ///
    /// The pieces: a placement takes one from the hand; a step or jump moves
    /// the piece; a jump removes the jumped piece and its extra one, from
    /// the board or from the hand (K4, K5). The counters: a step adds one
    /// to the quiet counter, a placement or a jump sets it to 0; every
    /// action adds one turn (K10). The initiative (K6–K8):
    ///
    /// - the first placement of the game takes it;
    /// - the holder keeps it whatever it does;
    /// - the other side takes it by placing when it was free to act
    ///   otherwise (the holder's last action was a step or a jump), and
    ///   leaves it where it is by moving or by a placement it was forced
    ///   to make.
    ///
    /// The side to act next must place exactly when the new holder's action
    /// was a placement and that side still has pieces in hand.
    #[inline]
    pub fn play_unchecked(&self, action: Action) -> Position {
        let me = self.to_act.index();
        let them = 1 - me;
        let mut next = *self;
        match action {
            Action::Place(p) => {
                next.boards[me] = next.boards[me].with(p);
                next.hands[me] -= 1;
            }
            Action::Step { from, to } => {
                next.boards[me] = next.boards[me].without(from).with(to);
            }
            Action::Jump {
                from,
                over,
                to,
                extra,
            } => {
                next.boards[me] = next.boards[me].without(from).with(to);
                next.boards[them] = next.boards[them].without(over);
                match extra {
                    Extra::Board(p) => next.boards[them] = next.boards[them].without(p),
                    Extra::Hand => next.hands[them] -= 1,
                    Extra::None => {}
                }
            }
        }
        let placing = action.is_place();
        next.quiet = if action.is_quiet() { self.quiet + 1 } else { 0 };
        next.turns = self.turns + 1;
        next.holder = match self.holder {
            Some(h) if h != self.to_act && (!placing || self.must_place) => Some(h),
            _ => Some(self.to_act),
        };
        next.to_act = self.to_act.other();
        next.must_place = placing && next.holder == Some(self.to_act) && next.hands[them] > 0;
        next
    }

    /// A 64-bit key of everything in the position, counters included, for
    /// the search's tables.
    #[inline]
    pub fn key(&self) -> u64 {
        let holder = match self.holder {
            None => 0u64,
            Some(Side::X) => 1,
            Some(Side::O) => 2,
        };
        let lo = u64::from(self.boards[0].bits())
            | u64::from(self.boards[1].bits()) << 25
            | u64::from(self.hands[0]) << 50
            | u64::from(self.hands[1]) << 54
            | (self.to_act.index() as u64) << 58
            | holder << 59
            | u64::from(self.must_place) << 61;
        let hi = u64::from(self.quiet) | u64::from(self.turns) << 8;
        mix(lo ^ mix(hi.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

/// An ASCII diagram, rank 5 at the top, then one line with the hands, the
/// side to act, the initiative and the counters.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..5 {
                let c = Point::at(file, rank)
                    .and_then(|p| self.side_at(p))
                    .map_or('.', Side::letter);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e")?;
        write!(
            f,
            "hands x {} o {}; {} to act; initiative {}{}; quiet {}, turns {}",
            self.hands[0],
            self.hands[1],
            self.to_act,
            self.holder.map_or("nobody".to_string(), |s| s.to_string()),
            if self.must_place { ", must place" } else { "" },
            self.quiet,
            self.turns
        )
    }
}
