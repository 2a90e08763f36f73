//! How a game ends (K9, K10).

use crate::action::{Action, ActionError, ActionList};
use crate::movegen;
use crate::point::Side;
use crate::position::{Position, QUIET_LIMIT, TURN_LIMIT};
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// A side lost its twelfth piece, board and hand together (K9).
    AllCaptured,
    /// The side to act had no legal action (K9).
    NoAction,
    /// 40 turns in a row without a placement or a capture (K10).
    QuietTurns,
    /// 200 turns in all (K10).
    TurnLimit,
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win(Side, End),
    Draw(End),
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s, _) => Some(s),
            Outcome::Draw(_) => None,
        }
    }

    /// Why the game ended.
    pub const fn end(self) -> End {
        match self {
            Outcome::Win(_, e) | Outcome::Draw(e) => e,
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::AllCaptured => "all twelve pieces captured",
            End::NoAction => "no legal action",
            End::QuietTurns => "40 turns without a placement or a capture",
            End::TurnLimit => "200 turns",
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(s, e) => write!(f, "{s} wins ({e})"),
            Outcome::Draw(e) => write!(f, "draw ({e})"),
        }
    }
}

/// The ends that need no look at the legal actions, in this order:
///
/// 1. a side with no piece left, board and hand, has lost (K9); only the
///    side that just acted can have captured, so the side to act is the
///    one with none;
/// 2. the turn count at 200 or the quiet counter at 40 (K10): the side with
///    more pieces, board and hand, wins; the same number is a draw.
///
/// The order decides only the reason given: a side with no piece has fewer
/// than the other, so both rules name the same winner when the last capture
/// is also the 40th quiet turn (it cannot be: a capture resets the counter)
/// or the 200th turn.
pub fn counted_end(pos: &Position) -> Option<Outcome> {
    let me = pos.to_act();
    if pos.pieces(me) == 0 {
        return Some(Outcome::Win(me.other(), End::AllCaptured));
    }
    let end = if pos.turns() >= TURN_LIMIT {
        End::TurnLimit
    } else if pos.quiet() >= QUIET_LIMIT {
        End::QuietTurns
    } else {
        return None;
    };
    let (mine, theirs) = (pos.pieces(me), pos.pieces(me.other()));
    Some(match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Win(me, end),
        std::cmp::Ordering::Less => Outcome::Win(me.other(), end),
        std::cmp::Ordering::Equal => Outcome::Draw(end),
    })
}

/// How the game has ended, or `None` while it goes on: first the ends of
/// [`counted_end`], then the side to act with no legal action, which loses
/// (K9). So when the 200th turn (or the 40th quiet one) leaves the next
/// side without a legal action, K10 decides: the game was over before that
/// side had to act. When both counters reach their limit on the same turn,
/// the end is named after the turn limit; the result is the same.
pub fn outcome(pos: &Position) -> Option<Outcome> {
    if let Some(o) = counted_end(pos) {
        return Some(o);
    }
    if movegen::count(pos) == 0 {
        return Some(Outcome::Win(pos.to_act().other(), End::NoAction));
    }
    None
}

/// An action that is not legal in the position it was played in, or a
/// game that is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// Not among the position's legal actions.
    Illegal(Action),
    /// The game has ended; no action may follow.
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(a) => write!(f, "{a} is not a legal action here"),
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// What the rules allow in a position, and how its game has ended.
impl Position {
    /// How the game has ended, or `None` while it goes on (K9, K10; see
    /// [`outcome`] for the order when several ends coincide).
    pub fn outcome(&self) -> Option<Outcome> {
        outcome(self)
    }

    /// Every legal action of the side to act (K3–K8), in a fixed order:
    /// placements, steps, then jumps, each jump once per choice of its extra
    /// piece (K5). Empty when the game is over (K9, K10).
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        if counted_end(self).is_none() {
            movegen::generate(self, &mut list);
        }
        list
    }

    /// The number of legal actions, without building them.
    pub fn count_actions(&self) -> u64 {
        if counted_end(self).is_some() {
            0
        } else {
            movegen::count(self)
        }
    }

    /// Play an action after checking that the game goes on and that the
    /// action is legal here.
    pub fn play(&self, action: Action) -> Result<Position, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if self.legal_actions().contains(&action) {
            Ok(self.play_unchecked(action))
        } else {
            Err(PlayError::Illegal(action))
        }
    }

    /// Read an action in the notation of [`crate::action`] and check that it
    /// is legal here.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let action: Action = text.parse()?;
        if self.legal_actions().contains(&action) {
            Ok(action)
        } else {
            Err(ActionError::Illegal(action.to_string()))
        }
    }
}
