//! Actions and their notation.
//!
//! A turn is exactly one action (K3):
//!
//! | text        | action                                                      |
//! |-------------|-------------------------------------------------------------|
//! | `@c3`       | place a piece from the hand on c3                           |
//! | `c3-c4`     | step from c3 to the empty neighbour c4                      |
//! | `c3xc5 b2`  | jump from c3 over c4 to c5, and take the extra piece on b2  |
//! | `c3xc5 @`   | jump, and take the extra piece from the enemy's hand        |
//! | `c3xc5`     | jump with nothing more to take (the enemy's hand is empty)  |
//!
//! The jumped point is not written: it is the one between the two ends.
//! [`Action::from_str`] reads this text into an action without looking at
//! a position; [`crate::Position::parse_action`] also checks that it is
//! legal there.

use crate::point::{Point, POINTS};
use arrayvec::ArrayVec;
use engine_kit::text::excerpt;
use std::fmt;
use std::str::FromStr;

/// The extra piece a jump removes besides the jumped one (K5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Extra {
    /// An enemy piece on the board, any but the jumped one.
    Board(Point),
    /// A piece from the enemy's hand: the enemy had no other piece on the
    /// board.
    Hand,
    /// Nothing: the enemy had no other piece on the board and an empty hand.
    /// In a game from the start this never happens: each side's count,
    /// board and hand, starts at 12 and every capture takes two, so it
    /// stays even, and taking a single last piece needs an odd one. Set-up
    /// positions can have it.
    None,
}

/// One action (K3). Built by the generator or read from text; only
/// [`crate::Position::play`] and the generator say whether it is legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// A piece from the hand onto an empty point.
    Place(Point),
    /// A piece to an empty neighbouring point.
    Step { from: Point, to: Point },
    /// A piece over the enemy piece on `over` to the empty point `to`
    /// straight behind it, removing it and `extra` (K4, K5).
    Jump {
        from: Point,
        over: Point,
        to: Point,
        extra: Extra,
    },
}

/// The most legal actions a position can have, with room to spare: at most
/// 25 placements, 4 steps for each of 12 pieces, and for each of at most
/// 4 × 12 jumps at most 11 extra pieces: 25 + 48 + 528 = 601.
pub const MAX_ACTIONS: usize = 608;

/// A list of actions on the stack.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

impl Action {
    /// Whether the action takes a piece from the hand.
    #[inline]
    pub const fn is_place(self) -> bool {
        matches!(self, Action::Place(_))
    }

    /// Whether the action is a jump (a capture).
    #[inline]
    pub const fn is_jump(self) -> bool {
        matches!(self, Action::Jump { .. })
    }

    /// Whether the action is a step: neither a placement nor a capture, so
    /// it adds one to the quiet counter of K10.
    #[inline]
    pub const fn is_quiet(self) -> bool {
        matches!(self, Action::Step { .. })
    }

    /// The point the action ends on.
    #[inline]
    pub const fn to(self) -> Point {
        match self {
            Action::Place(to) | Action::Step { to, .. } | Action::Jump { to, .. } => to,
        }
    }

    /// The point a piece leaves, `None` for a placement.
    #[inline]
    pub const fn from(self) -> Option<Point> {
        match self {
            Action::Place(_) => None,
            Action::Step { from, .. } | Action::Jump { from, .. } => Some(from),
        }
    }

    /// How many enemy pieces the action removes (board and hand together):
    /// 0, or 2 for a jump with an extra piece, 1 for a jump without.
    #[inline]
    pub const fn captures(self) -> u32 {
        match self {
            Action::Jump {
                extra: Extra::None, ..
            } => 1,
            Action::Jump { .. } => 2,
            _ => 0,
        }
    }

    /// A compact code, unique per action: 17 bits.
    #[inline]
    pub(crate) const fn code(self) -> u32 {
        match self {
            Action::Place(p) => p.index() as u32,
            Action::Step { from, to } => 1 << 15 | (from.index() as u32) << 5 | to.index() as u32,
            Action::Jump {
                from, to, extra, ..
            } => {
                let e = match extra {
                    Extra::Board(p) => p.index() as u32,
                    Extra::Hand => POINTS as u32,
                    Extra::None => POINTS as u32 + 1,
                };
                2 << 15 | e << 10 | (from.index() as u32) << 5 | to.index() as u32
            }
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place(p) => write!(f, "@{p}"),
            Action::Step { from, to } => write!(f, "{from}-{to}"),
            Action::Jump {
                from, to, extra, ..
            } => match extra {
                Extra::Board(p) => write!(f, "{from}x{to} {p}"),
                Extra::Hand => write!(f, "{from}x{to} @"),
                Extra::None => write!(f, "{from}x{to}"),
            },
        }
    }
}

/// What is wrong with an action text. Texts are quoted with [`excerpt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// Nothing to read.
    Empty,
    /// A part that is not a point name `a1`–`e5`.
    BadPoint(String),
    /// Text that is none of the action forms.
    BadForm(String),
    /// A step whose ends are not neighbours.
    NotNeighbours(Point, Point),
    /// A jump whose ends are not two points apart on a rank or a file.
    NotAJumpLine(Point, Point),
    /// An action that is well written but not legal in the position.
    Illegal(String),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Empty => write!(f, "empty action"),
            ActionError::BadPoint(s) => write!(f, "'{s}' is not a point a1-e5"),
            ActionError::BadForm(s) => write!(
                f,
                "'{s}' is not an action: expected @c3, c3-c4, c3xc5, c3xc5 b2 or c3xc5 @"
            ),
            ActionError::NotNeighbours(a, b) => {
                write!(
                    f,
                    "a step goes to a neighbouring point; {a} and {b} are not"
                )
            }
            ActionError::NotAJumpLine(a, b) => write!(
                f,
                "a jump lands two points away on the same rank or file; {a} to {b} does not"
            ),
            ActionError::Illegal(s) => write!(f, "{s} is not a legal action here"),
        }
    }
}

impl std::error::Error for ActionError {}

fn point(text: &str) -> Result<Point, ActionError> {
    Point::from_name(text).ok_or_else(|| ActionError::BadPoint(excerpt(text)))
}

/// The point between two points two apart on a rank or a file.
fn between(from: Point, to: Point) -> Option<Point> {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    match (df.abs(), dr.abs()) {
        (2, 0) | (0, 2) => Point::at(from.file() + df / 2, from.rank() + dr / 2),
        _ => None,
    }
}

/// Reads the notation of the module doc. Spaces around the text and
/// between a jump and its extra piece may be any whitespace; nothing else
/// is accepted. Steps must join neighbours and jumps must span two points
/// on a rank or a file; legality is not checked.
impl FromStr for Action {
    type Err = ActionError;
    fn from_str(text: &str) -> Result<Action, ActionError> {
        let mut parts = text.split_whitespace();
        let Some(head) = parts.next() else {
            return Err(ActionError::Empty);
        };
        let tail = parts.next();
        if parts.next().is_some() {
            return Err(ActionError::BadForm(excerpt(text.trim())));
        }
        if let Some(p) = head.strip_prefix('@') {
            if tail.is_some() {
                return Err(ActionError::BadForm(excerpt(text.trim())));
            }
            return Ok(Action::Place(point(p)?));
        }
        if let Some((a, b)) = head.split_once('-') {
            if tail.is_some() {
                return Err(ActionError::BadForm(excerpt(text.trim())));
            }
            let (from, to) = (point(a)?, point(b)?);
            let d = (to.file() - from.file()).abs() + (to.rank() - from.rank()).abs();
            if d != 1 {
                return Err(ActionError::NotNeighbours(from, to));
            }
            return Ok(Action::Step { from, to });
        }
        if let Some((a, b)) = head.split_once('x') {
            let (from, to) = (point(a)?, point(b)?);
            let over = between(from, to).ok_or(ActionError::NotAJumpLine(from, to))?;
            let extra = match tail {
                None => Extra::None,
                Some("@") => Extra::Hand,
                Some(p) => Extra::Board(point(p)?),
            };
            return Ok(Action::Jump {
                from,
                over,
                to,
                extra,
            });
        }
        Err(ActionError::BadForm(excerpt(text.trim())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        Point::from_name(name).unwrap()
    }

    #[test]
    fn every_form_reads_and_writes_back() {
        for text in [
            "@c3", "c3-c4", "a1-b1", "c3xc5 b2", "c3xc5 @", "e3xc3", "a5xa3 e1",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
        assert_eq!(
            "c3xc5 b2".parse(),
            Ok(Action::Jump {
                from: p("c3"),
                over: p("c4"),
                to: p("c5"),
                extra: Extra::Board(p("b2"))
            })
        );
        assert_eq!("  @a1\t".parse(), Ok(Action::Place(p("a1"))));
    }

    #[test]
    fn malformed_text_gets_its_error() {
        let err = |t: &str| t.parse::<Action>().unwrap_err();
        assert_eq!(err(""), ActionError::Empty);
        assert_eq!(err("   "), ActionError::Empty);
        assert_eq!(err("@f1"), ActionError::BadPoint("f1".into()));
        assert_eq!(err("c3-d4"), ActionError::NotNeighbours(p("c3"), p("d4")));
        assert_eq!(err("c3-c3"), ActionError::NotNeighbours(p("c3"), p("c3")));
        assert_eq!(err("c3xe5"), ActionError::NotAJumpLine(p("c3"), p("e5")));
        assert_eq!(err("c3xc4"), ActionError::NotAJumpLine(p("c3"), p("c4")));
        assert!(matches!(err("c3"), ActionError::BadForm(_)));
        assert!(matches!(err("@c3 b2"), ActionError::BadForm(_)));
        assert!(matches!(err("c3-c4 b2"), ActionError::BadForm(_)));
        assert!(matches!(err("c3xc5 b2 b3"), ActionError::BadForm(_)));
        assert_eq!(err("c3xc5 @@"), ActionError::BadPoint("@@".into()));
    }

    #[test]
    fn codes_are_distinct() {
        let mut codes = std::collections::HashSet::new();
        for a in Point::ALL {
            codes.insert(Action::Place(a).code());
            for b in Point::ALL {
                codes.insert(Action::Step { from: a, to: b }.code());
                for e in Point::ALL
                    .map(Extra::Board)
                    .into_iter()
                    .chain([Extra::Hand, Extra::None])
                {
                    codes.insert(
                        Action::Jump {
                            from: a,
                            over: a,
                            to: b,
                            extra: e,
                        }
                        .code(),
                    );
                }
            }
        }
        assert_eq!(codes.len(), 25 + 625 + 625 * 27);
        assert!(codes.iter().all(|&c| c < 1 << 17));
    }
}
