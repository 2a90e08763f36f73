//! Move notation: full path with `-` for a step and `x` for a capture
//! (`11-15`, `22x15x6`). The short capture form `22x6` (start and end only)
//! is accepted when exactly one legal move matches.

use crate::movegen::Move;
use crate::{Position, Square};
use std::fmt;

/// What is wrong with a move text.
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
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveError::BadSquare(part.to_string()));
        }
        let n: i64 = part.parse().unwrap_or(i64::MAX);
        squares.push(Square::try_from(n).map_err(|e| MoveError::SquareOutOfRange(e.0))?);
    }
    if squares.len() < 2 {
        return Err(MoveError::TooShort(t.to_string()));
    }
    let moves = pos.legal_moves();
    if let Some(mv) = moves.iter().find(|m| m.path() == squares.as_slice()) {
        return Ok(*mv);
    }
    if squares.len() == 2 {
        let matching: Vec<&Move> = moves
            .iter()
            .filter(|m| m.from() == squares[0] && m.to() == squares[1])
            .collect();
        match matching.as_slice() {
            [one] => return Ok(**one),
            [] => {}
            many => {
                return Err(MoveError::Ambiguous(
                    t.to_string(),
                    many.iter().map(|m| m.to_string()).collect(),
                ))
            }
        }
    }
    Err(MoveError::Illegal(t.to_string()))
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
}
