//! Move notation: full path with `-` for a step and `x` for a capture
//! (`11-15`, `22x15x6`). The short capture form `22x6` (start and end only)
//! is accepted when exactly one legal move matches.
//!
//! Errors quote at most a short, printable prefix of the text they were
//! given ([`crate::text::excerpt`]), so a hostile or huge input never comes back whole.

use crate::moves::{Move, MAX_PATH};
use crate::square::SquareTextError;
use crate::text::excerpt;
use crate::{Position, Square};
use std::fmt;

/// What is wrong with a move text. Texts are quoted with
/// [`crate::text::excerpt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing to parse.
    Empty,
    /// A part that is not a square number.
    BadSquare(String),
    /// A square number outside 1–32.
    SquareOutOfRange(i64),
    /// Fewer than two squares.
    TooShort(String),
    /// No legal move has this path.
    Illegal(String),
    /// More than one legal move matches the short form.
    Ambiguous(String, Vec<String>),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => write!(f, "empty move"),
            MoveError::BadSquare(s) => write!(f, "'{s}' is not a square number"),
            MoveError::SquareOutOfRange(n) => write!(f, "square {n} is outside 1-32"),
            MoveError::TooShort(s) => write!(f, "'{s}' needs at least two squares"),
            MoveError::Illegal(s) => write!(f, "{s} is not a legal move in this position"),
            MoveError::Ambiguous(s, all) => {
                write!(f, "{s} is ambiguous: it could be {}", all.join(" or "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Parse a move in the notation of the field and find it among the legal
/// moves of `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let t = text.trim().trim_end_matches('.').trim();
    if t.is_empty() {
        return Err(MoveError::Empty);
    }
    let mut squares: Vec<Square> = Vec::new();
    for part in t.split(['-', 'x', 'X']) {
        let part = part.trim();
        squares.push(part.parse().map_err(|e| match e {
            SquareTextError::NotANumber => MoveError::BadSquare(excerpt(part)),
            SquareTextError::OutOfRange(n) => MoveError::SquareOutOfRange(n),
        })?);
        if squares.len() > MAX_PATH {
            // No legal move visits more squares: stop reading.
            return Err(MoveError::Illegal(excerpt(t)));
        }
    }
    if squares.len() < 2 {
        return Err(MoveError::TooShort(excerpt(t)));
    }
    let moves = pos.legal_moves();
    if let Some(mv) = moves.iter().find(|m| m.path() == squares.as_slice()) {
        return Ok(*mv);
    }
    if let [from, to] = squares.as_slice() {
        let matching: Vec<&Move> = moves
            .iter()
            .filter(|m| m.from() == *from && m.to() == *to)
            .collect();
        match matching.as_slice() {
            [one] => return Ok(**one),
            [] => {}
            many => {
                return Err(MoveError::Ambiguous(
                    excerpt(t),
                    many.iter().map(|m| m.to_string()).collect(),
                ))
            }
        }
    }
    Err(MoveError::Illegal(excerpt(t)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn steps_and_captures_parse() {
        let start = Position::start();
        assert_eq!(parse_move(&start, "11-15").unwrap().to_string(), "11-15");
        assert_eq!(
            parse_move(&start, "11-14").unwrap_err(),
            MoveError::Illegal("11-14".into())
        );
        let pos = parse_fen("W:W22:B18,10").unwrap();
        assert_eq!(parse_move(&pos, "22x15x6").unwrap().to_string(), "22x15x6");
        assert_eq!(parse_move(&pos, "22x6").unwrap().to_string(), "22x15x6");
    }

    #[test]
    fn the_same_loop_both_ways_is_ambiguous_in_short_form() {
        let pos = parse_fen("W:WK11:B6,7,14,15").unwrap();
        match parse_move(&pos, "11x11") {
            Err(MoveError::Ambiguous(_, all)) => {
                let mut all = all;
                all.sort();
                assert_eq!(all, ["11x18x9x2x11", "11x2x9x18x11"]);
            }
            other => panic!("expected ambiguity, got {other:?}"),
        }
        assert!(parse_move(&pos, "11x2x9x18x11").is_ok());
    }

    #[test]
    fn malformed_moves_are_typed_errors() {
        let start = Position::start();
        assert_eq!(parse_move(&start, ""), Err(MoveError::Empty));
        assert_eq!(
            parse_move(&start, "11"),
            Err(MoveError::TooShort("11".into()))
        );
        assert_eq!(
            parse_move(&start, "11-a"),
            Err(MoveError::BadSquare("a".into()))
        );
        assert_eq!(
            parse_move(&start, "11-40"),
            Err(MoveError::SquareOutOfRange(40))
        );
    }
    /// Regression: errors echoed their input whole.
    #[test]
    fn errors_quote_only_a_short_prefix() {
        let start = Position::start();
        let long = "1".repeat(10_000_000);
        let e = parse_move(&start, &format!("11-{long}")).unwrap_err();
        assert_eq!(e, MoveError::SquareOutOfRange(i64::MAX));
        let e = parse_move(&start, &format!("11-a{long}")).unwrap_err();
        assert_eq!(e, MoveError::BadSquare(format!("a{}…", "1".repeat(23))));
        let path = vec!["11"; 5_000_000].join("-");
        let e = parse_move(&start, &path).unwrap_err();
        assert_eq!(e, MoveError::Illegal(format!("{}…", &path[..24])));
        let e = parse_move(&start, &"é".repeat(50)).unwrap_err();
        assert_eq!(e, MoveError::BadSquare(format!("{}…", "é".repeat(24))));
        assert!(e.to_string().len() < 120);
    }

    #[test]
    fn multibyte_and_control_text_is_an_error_not_a_panic() {
        let start = Position::start();
        for text in [
            "[aaé]",
            "11-𝄞",
            "1\u{200b}1-15",
            "11\u{301}-15",
            "\u{1b}11-15",
            "11–15",
        ] {
            let e = parse_move(&start, text).unwrap_err();
            let shown = e.to_string();
            assert!(!shown.chars().any(char::is_control), "{shown:?}");
        }
    }

    #[test]
    fn excerpt_cuts_at_a_char_boundary_and_escapes() {
        assert_eq!(excerpt("11-15"), "11-15");
        assert_eq!(excerpt(&"a".repeat(24)), "a".repeat(24));
        assert_eq!(excerpt(&"a".repeat(25)), format!("{}…", "a".repeat(24)));
        assert_eq!(excerpt(&"𝄞".repeat(30)), format!("{}…", "𝄞".repeat(24)));
        assert_eq!(excerpt("a\nb"), "a\\u{a}b");
        assert_eq!(excerpt("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(excerpt("a\u{feff}b"), "a\\u{feff}b");
    }
}
