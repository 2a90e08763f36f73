//! PDN FEN: a position as text, `B:W21,22,…,32:B1,2,…,12`.
//!
//! The side to move comes first; then one section per colour, each a comma
//! list of squares, `K` before a king's square. Input may also use ranges
//! (`1-12`, `K1-3`), wrap the text in `[FEN "…"]` or in quotes, contain
//! spaces, and end with a period. Output is canonical: White's section
//! first, squares in ascending order, no ranges.

use crate::position::PositionError;
use crate::square::SquareTextError;
use crate::text::excerpt;
use crate::{Bitboard, Color, Position, Square};
use std::fmt;

/// What is wrong with a FEN text. Texts are quoted with
/// [`crate::text::excerpt`]: a short, printable prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing to parse.
    Empty,
    /// The side to move is not `B` or `W`.
    BadSide(String),
    /// A section does not start with `W` or `B`.
    BadSection(String),
    /// The pieces of one colour are given in two sections.
    SectionTwice(Color),
    /// A square that is not a number.
    BadSquare(String),
    /// A square number outside 1–32.
    SquareOutOfRange(i64),
    /// A range whose end is below its start.
    BadRange(String),
    /// The pieces form no legal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BadSide(s) => {
                write!(
                    f,
                    "bad side to move '{s}': expected B or W before the first ':'"
                )
            }
            FenError::BadSection(s) => {
                write!(f, "bad section '{s}': each section starts with W or B")
            }
            FenError::SectionTwice(c) => write!(f, "the {c} pieces are given twice"),
            FenError::BadSquare(s) => write!(f, "'{s}' is not a square number"),
            FenError::SquareOutOfRange(n) => write!(f, "square {n} is outside 1-32"),
            FenError::BadRange(s) => write!(f, "bad range '{s}'"),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Strip the wrappers that PDN allows around a FEN: `[FEN "…"]`, quotes,
/// spaces and a trailing period. Works with `strip_prefix` and
/// `split_at_checked` only, so no input can make it cut inside a character.
fn unwrap_fen(text: &str) -> String {
    let mut s = text.trim();
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        s = inner.trim();
        if let Some((name, rest)) = s.split_at_checked(3) {
            if name.eq_ignore_ascii_case("FEN") {
                s = rest.trim();
            }
        }
    }
    let s = s.trim().trim_end_matches('.').trim();
    let s = s
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(s);
    s.trim()
        .trim_end_matches('.')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

fn parse_number(s: &str) -> Result<Square, FenError> {
    s.parse().map_err(|e| match e {
        SquareTextError::NotANumber => FenError::BadSquare(excerpt(s)),
        SquareTextError::OutOfRange(n) => FenError::SquareOutOfRange(n),
    })
}

/// Parse a PDN FEN into a position, or say what is wrong with it. Errors
/// quote at most a short prefix of the text ([`excerpt`]).
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let s = unwrap_fen(text);
    if s.is_empty() {
        return Err(FenError::Empty);
    }
    let mut parts = s.split(':');
    let side = parts.next().unwrap_or("");
    let turn = match side {
        "B" | "b" => Color::Black,
        "W" | "w" => Color::White,
        _ => return Err(FenError::BadSide(excerpt(side))),
    };
    let mut sets: [Option<Bitboard>; 2] = [None, None];
    let mut kings = Bitboard::EMPTY;
    for section in parts {
        let (color, list) = if let Some(list) = section.strip_prefix(['W', 'w']) {
            (Color::White, list)
        } else if let Some(list) = section.strip_prefix(['B', 'b']) {
            (Color::Black, list)
        } else {
            return Err(FenError::BadSection(excerpt(section)));
        };
        let slot = &mut sets[color as usize];
        if slot.is_some() {
            return Err(FenError::SectionTwice(color));
        }
        let mut set = Bitboard::EMPTY;
        for item in list.split(',').filter(|i| !i.is_empty()) {
            let (king, body) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let (lo, hi) = match body.split_once('-') {
                Some((a, b)) => {
                    let (lo, hi) = (parse_number(a)?, parse_number(b)?);
                    if hi < lo {
                        return Err(FenError::BadRange(excerpt(item)));
                    }
                    (lo, hi)
                }
                None => {
                    let sq = parse_number(body)?;
                    (sq, sq)
                }
            };
            for sq in Square::ALL.into_iter().filter(|sq| (lo..=hi).contains(sq)) {
                if set.contains(sq) {
                    return Err(PositionError::SquareTwice(sq).into());
                }
                set = set.with(sq);
                if king {
                    kings = kings.with(sq);
                }
            }
        }
        *slot = Some(set);
    }
    let black = sets[Color::Black as usize].unwrap_or_default();
    let white = sets[Color::White as usize].unwrap_or_default();
    Ok(Position::new(black, white, kings, turn)?)
}

fn write_section(out: &mut String, pos: &Position, color: Color) {
    out.push(color.letter());
    for (i, sq) in pos.pieces(color).squares().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if pos.kings().contains(sq) {
            out.push('K');
        }
        out.push_str(&sq.number().to_string());
    }
}

/// The canonical PDN FEN of a position: side to move, White's pieces, then
/// Black's, squares ascending, `K` before each king.
pub fn to_fen(pos: &Position) -> String {
    let mut out = String::with_capacity(80);
    out.push(pos.turn().letter());
    out.push(':');
    write_section(&mut out, pos, Color::White);
    out.push(':');
    write_section(&mut out, pos, Color::Black);
    out
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        parse_fen(s)
    }
}

/// A position shows itself as its FEN.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", to_fen(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    #[test]
    fn start_round_trips() {
        assert_eq!(to_fen(&Position::start()), START);
        assert_eq!(parse_fen(START).unwrap(), Position::start());
    }

    #[test]
    fn wrappers_ranges_and_spaces_are_accepted() {
        for text in [
            "B:W21-32:B1-12",
            "[FEN \"B:W21-32:B1-12\"]",
            "\"B:W21-32:B1-12\"",
            "  B : W21-24, 25-32 : B1-12.  ",
            "B:B1-12:W21-32",
            "[FEN \"B:W21-32:B1-12.\"]",
        ] {
            assert_eq!(parse_fen(text), Ok(Position::start()), "{text}");
        }
    }

    #[test]
    fn kings_are_marked() {
        let pos = parse_fen("W:WK11:B6,7,14,15").unwrap();
        assert_eq!(pos.turn(), Color::White);
        assert_eq!(to_fen(&pos), "W:WK11:B6,7,14,15");
        let pos = parse_fen("B:WK1-3:BK30").unwrap();
        assert_eq!(to_fen(&pos), "B:WK1,K2,K3:BK30");
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = |t: &str| parse_fen(t).unwrap_err();
        assert_eq!(e(""), FenError::Empty);
        assert_eq!(e("X:W21:B1"), FenError::BadSide("X".into()));
        assert_eq!(e("B:W21:B0"), FenError::SquareOutOfRange(0));
        assert_eq!(e("B:W21:B33"), FenError::SquareOutOfRange(33));
        assert_eq!(e("B:W21:Bx"), FenError::BadSquare("x".into()));
        assert_eq!(e("B:W21:Q1"), FenError::BadSection("Q1".into()));
        assert_eq!(e("B:W21:W22"), FenError::SectionTwice(Color::White));
        assert_eq!(e("B:W21:B5-3"), FenError::BadRange("5-3".into()));
        let sq = |n: u8| Square::try_from(n).unwrap();
        assert_eq!(
            e("B:W21,21:B1"),
            FenError::Position(PositionError::SquareTwice(sq(21)))
        );
        assert_eq!(
            e("B:W21:B21"),
            FenError::Position(PositionError::SquareTwice(sq(21)))
        );
        assert_eq!(
            e("B:W2:B5"),
            FenError::Position(PositionError::ManOnCrowningRow(Color::White, sq(2)))
        );
        assert_eq!(
            e("B:W21:B30"),
            FenError::Position(PositionError::ManOnCrowningRow(Color::Black, sq(30)))
        );
        assert_eq!(
            e("B:W13-25:B1"),
            FenError::Position(PositionError::TooManyPieces(Color::White, 13))
        );
        assert_eq!(
            e("B:W21:B99999999999999999999999"),
            FenError::SquareOutOfRange(i64::MAX)
        );
        // Every error has a message.
        assert!(e("B:W2:B5").to_string().contains("crowning row"));
    }
    /// Regression: brackets around text with a multi-byte
    /// character across byte 3 panicked in `unwrap_fen` (`s[..3]`).
    #[test]
    fn bracketed_multibyte_text_is_an_error_not_a_panic() {
        for text in ["[aaé]", "[FE€]", "[𝄞]", "[é]", "[FEN€]", "[ab\u{301}c]"] {
            assert!(parse_fen(text).is_err(), "{text}");
        }
        // A real FEN after a multi-byte tag name is still refused cleanly.
        assert!(parse_fen("[FÉN \"B:W21-32:B1-12\"]").is_err());
    }

    /// Regression: an error echoed its input whole.
    #[test]
    fn errors_quote_only_a_short_prefix() {
        let long = "x".repeat(10_000_000);
        let e = parse_fen(&long).unwrap_err();
        assert_eq!(e, FenError::BadSide(format!("{}…", "x".repeat(24))));
        assert!(e.to_string().len() < 120, "{e}");
        let e = parse_fen(&format!("B:W21:Q{long}")).unwrap_err();
        assert!(matches!(&e, FenError::BadSection(s) if s.chars().count() == 25));
        let e = parse_fen(&format!("B:W21:B{long}")).unwrap_err();
        assert!(matches!(&e, FenError::BadSquare(s) if s.chars().count() == 25));
        let e = parse_fen(&format!("B:W21:B5-3{long}")).unwrap_err();
        assert!(matches!(&e, FenError::BadSquare(_)), "{e:?}");
        let e = parse_fen(&format!("B:W21:B5-3,{long}")).unwrap_err();
        assert_eq!(e, FenError::BadRange("5-3".into()));
        // Cut at a char boundary, never inside a multi-byte character.
        let e = parse_fen(&"é".repeat(100)).unwrap_err();
        assert_eq!(e, FenError::BadSide(format!("{}…", "é".repeat(24))));
    }

    /// An error message is one printable line whatever the input holds.
    #[test]
    fn control_characters_are_escaped_in_errors() {
        let e = parse_fen("\u{1b}[2J:W21:B1").unwrap_err();
        let shown = e.to_string();
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        assert!(shown.contains("\\u{1b}"), "{shown}");
    }
}
