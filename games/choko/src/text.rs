//! A position as one line of text.
//!
//! Six fields separated by spaces:
//!
//! ```text
//! x1o2/5/2x2/5/o4 o 9/10 x! 0 7
//! ^board          ^ ^    ^  ^ ^turns played (0-200)
//!                 | |    |  quiet turns in a row (0-40)
//!                 | |    initiative: - nobody, x or o the holder;
//!                 | |    a final ! when the side to act must place (K7)
//!                 | pieces in hand: X's / O's
//!                 side to act, x or o
//! ```
//!
//! The board lists ranks 5 down to 1, separated by `/`, each from file `a`
//! to `e`: `x` and `o` for pieces, a digit 1–5 for that many empty points
//! in a row; each rank covers exactly five points. In the example X has
//! pieces on a5 and c3, O on b5 and a1.
//! The start is `5/5/5/5/5 x 12/12 - 0 0`.
//!
//! [`to_text`] writes the canonical form (runs of empty points merged).
//! [`parse_position`] reads it back, accepting any whitespace between
//! fields, and turns any other text into a [`TextError`]; the position must
//! also meet every invariant of [`Position::new`].

use crate::point::{Point, Points, Side};
use crate::position::{Position, PositionError, Setup};
use engine_kit::text::excerpt;
use std::fmt;

/// What is wrong with a position text. Texts are quoted with [`excerpt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// Nothing to read.
    Empty,
    /// Not six fields.
    FieldCount(usize),
    /// The board does not have five ranks.
    RankCount(usize),
    /// A rank with a character other than `x`, `o` or 1–5, or that does not
    /// cover exactly five points (the rank's number, 1–5, and its text).
    BadRank(u8, String),
    /// The side to act is not `x` or `o`.
    BadSide(String),
    /// The hands are not two numbers `X/O`, each 0–12.
    BadHands(String),
    /// The initiative is not `-`, `x`, `o`, `x!` or `o!`.
    BadInitiative(String),
    /// A counter that is not a number from 0 to 255 (the field's name).
    BadCounter(&'static str, String),
    /// The fields form no consistent position.
    Position(PositionError),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Empty => write!(f, "empty position text"),
            TextError::FieldCount(n) => write!(
                f,
                "{n} fields; a position has 6: board, side to act, hands, initiative, quiet turns, turns"
            ),
            TextError::RankCount(n) => write!(f, "{n} ranks; the board has 5, separated by /"),
            TextError::BadRank(r, s) => write!(
                f,
                "bad rank {r} '{s}': x, o and digits 1-5 covering exactly five points"
            ),
            TextError::BadSide(s) => write!(f, "bad side to act '{s}': expected x or o"),
            TextError::BadHands(s) => {
                write!(f, "bad hands '{s}': expected two numbers 0-12 as X/O")
            }
            TextError::BadInitiative(s) => {
                write!(f, "bad initiative '{s}': expected -, x, o, x! or o!")
            }
            TextError::BadCounter(name, s) => write!(f, "bad {name} '{s}': expected a number"),
            TextError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TextError {}

impl From<PositionError> for TextError {
    fn from(e: PositionError) -> TextError {
        TextError::Position(e)
    }
}

/// The canonical text of a position.
pub fn to_text(pos: &Position) -> String {
    let mut out = String::with_capacity(40);
    for rank in (0..5).rev() {
        let mut run = 0u8;
        for file in 0..5 {
            match Point::at(file, rank).and_then(|p| pos.side_at(p)) {
                None => run += 1,
                Some(s) => {
                    if run > 0 {
                        out.push((b'0' + run) as char);
                        run = 0;
                    }
                    out.push(s.letter());
                }
            }
        }
        if run > 0 {
            out.push((b'0' + run) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let initiative = match pos.holder() {
        None => "-".to_string(),
        Some(s) => format!("{}{}", s.letter(), if pos.must_place() { "!" } else { "" }),
    };
    out += &format!(
        " {} {}/{} {} {} {}",
        pos.to_act().letter(),
        pos.hand(Side::X),
        pos.hand(Side::O),
        initiative,
        pos.quiet(),
        pos.turns()
    );
    out
}

fn side(text: &str) -> Option<Side> {
    match text {
        "x" => Some(Side::X),
        "o" => Some(Side::O),
        _ => None,
    }
}

/// A number of at most three ASCII digits (no sign, no spaces).
fn small_number(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The board field: the two sides' points.
fn board(text: &str) -> Result<[Points; 2], TextError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 5 {
        return Err(TextError::RankCount(ranks.len()));
    }
    let mut boards = [Points::EMPTY; 2];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 4 - i as i8;
        let bad = || TextError::BadRank(rank as u8 + 1, excerpt(rank_text));
        let mut file = 0i8;
        for b in rank_text.bytes() {
            match b {
                b'1'..=b'5' => file += (b - b'0') as i8,
                b'x' | b'o' => {
                    let p = Point::at(file, rank).ok_or_else(bad)?;
                    let s = usize::from(b == b'o');
                    boards[s] = boards[s].with(p);
                    file += 1;
                }
                _ => return Err(bad()),
            }
            if file > 5 {
                return Err(bad());
            }
        }
        if file != 5 {
            return Err(bad());
        }
    }
    Ok(boards)
}

/// Read a position text (see the module doc) into a position, or say what
/// is wrong with it.
pub fn parse_position(text: &str) -> Result<Position, TextError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [b, s, h, i, q, t] = fields.as_slice() else {
        return Err(if fields.is_empty() {
            TextError::Empty
        } else {
            TextError::FieldCount(fields.len())
        });
    };
    let boards = board(b)?;
    let to_act = side(s).ok_or_else(|| TextError::BadSide(excerpt(s)))?;
    let bad_hands = || TextError::BadHands(excerpt(h));
    let (hx, ho) = h.split_once('/').ok_or_else(bad_hands)?;
    let hands = [
        small_number(hx)
            .filter(|&n| n <= 12)
            .ok_or_else(bad_hands)?,
        small_number(ho)
            .filter(|&n| n <= 12)
            .ok_or_else(bad_hands)?,
    ];
    let (holder, must_place) = match *i {
        "-" => (None, false),
        _ => {
            let (who, must) = match i.strip_suffix('!') {
                Some(who) => (who, true),
                None => (*i, false),
            };
            let who = side(who).ok_or_else(|| TextError::BadInitiative(excerpt(i)))?;
            (Some(who), must)
        }
    };
    let quiet = small_number(q).ok_or_else(|| TextError::BadCounter("quiet turns", excerpt(q)))?;
    let turns = small_number(t).ok_or_else(|| TextError::BadCounter("turns", excerpt(t)))?;
    Ok(Position::new(&Setup {
        boards,
        hands,
        to_act,
        holder,
        must_place,
        quiet,
        turns,
    })?)
}

impl std::str::FromStr for Position {
    type Err = TextError;
    fn from_str(text: &str) -> Result<Position, TextError> {
        parse_position(text)
    }
}

/// A position shows itself as its text.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", to_text(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_and_the_doc_example_round_trip() {
        assert_eq!(to_text(&Position::start()), "5/5/5/5/5 x 12/12 - 0 0");
        assert_eq!(
            parse_position("5/5/5/5/5 x 12/12 - 0 0"),
            Ok(Position::start())
        );
        let text = "xo3/5/2x2/5/o4 o 9/10 x! 0 7";
        let pos = parse_position(text).unwrap();
        assert_eq!(to_text(&pos), text);
        let p = |n: &str| Point::from_name(n).unwrap();
        assert_eq!(pos.side_at(p("a5")), Some(Side::X));
        assert_eq!(pos.side_at(p("b5")), Some(Side::O));
        assert_eq!(pos.side_at(p("c3")), Some(Side::X));
        assert_eq!(pos.side_at(p("a1")), Some(Side::O));
        assert!(pos.must_place());
        // Runs may be split; the writer merges them.
        let split = parse_position(" xo111/32/2x11/5/o4\to  9/10 x!  0 7 ").unwrap();
        assert_eq!(split, pos);
    }

    #[test]
    fn every_field_is_checked() {
        let err = |t: &str| parse_position(t).unwrap_err();
        assert_eq!(err(""), TextError::Empty);
        assert_eq!(err("5/5/5/5/5 x 12/12 - 0"), TextError::FieldCount(5));
        assert_eq!(err("5/5/5/5 x 12/12 - 0 0"), TextError::RankCount(4));
        assert_eq!(
            err("6/5/5/5/5 x 12/12 - 0 0"),
            TextError::BadRank(5, "6".into())
        );
        assert_eq!(
            err("5/5/5/5/4 x 12/12 - 0 0"),
            TextError::BadRank(1, "4".into())
        );
        assert_eq!(
            err("5/5/5/5/xxxxxx x 6/12 x 0 6"),
            TextError::BadRank(1, "xxxxxx".into())
        );
        assert_eq!(
            err("5/5/5/5/5 X 12/12 - 0 0"),
            TextError::BadSide("X".into())
        );
        assert_eq!(
            err("5/5/5/5/5 x 13/12 - 0 0"),
            TextError::BadHands("13/12".into())
        );
        assert_eq!(
            err("5/5/5/5/5 x 12-12 - 0 0"),
            TextError::BadHands("12-12".into())
        );
        assert_eq!(
            err("5/5/5/5/5 x 12/12 -! 0 0"),
            TextError::BadInitiative("-!".into())
        );
        assert_eq!(
            err("5/5/5/5/5 x 12/12 - +0 0"),
            TextError::BadCounter("quiet turns", "+0".into())
        );
        assert_eq!(
            err("5/5/5/5/5 x 12/12 - 0 9999"),
            TextError::BadCounter("turns", "9999".into())
        );
    }

    #[test]
    fn inconsistent_positions_are_refused() {
        let err = |t: &str| parse_position(t).unwrap_err();
        use PositionError::*;
        let pe = |e| TextError::Position(e);
        assert_eq!(
            err("x4/5/5/5/5 o 12/12 x 0 1"),
            pe(TooManyPieces(Side::X, 13))
        );
        assert_eq!(err("x4/5/5/5/5 o 11/12 - 0 1"), pe(NoHolderAfterPlay));
        assert_eq!(err("5/5/5/5/5 o 12/12 - 0 1"), pe(NoHolderAfterPlay));
        assert_eq!(err("5/5/5/5/5 o 12/12 x 0 1"), pe(HolderOnEmptyBoard));
        assert_eq!(err("x4/5/5/5/5 o 11/12 o! 0 1"), pe(MustPlaceWithoutHolder));
        assert_eq!(err("x4/5/5/5/5 o 11/0 x! 0 13"), pe(MustPlaceWithEmptyHand));
        assert_eq!(
            err("x4/5/5/5/5 o 11/12 x! 1 1"),
            pe(MustPlaceAfterQuietTurn)
        );
        assert_eq!(err("x4/5/5/5/5 o 11/12 x 41 100"), pe(QuietOverLimit(41)));
        assert_eq!(err("x4/5/5/5/5 o 11/12 x 0 201"), pe(TurnsOverLimit(201)));
        assert_eq!(err("x4/5/5/5/5 o 11/12 x 2 1"), pe(QuietOverTurns(2, 1)));
        assert_eq!(err("x4/5/5/5/5 o 11/10 x 0 2"), pe(TooFewTurns(2, 3)));
    }
}
