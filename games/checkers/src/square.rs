//! Squares and colours.
//!
//! Standard English-draughts numbering: only the 32 dark squares are
//! numbered, 1 to 32, four to a row, from Black's back row at the top of the
//! diagram to White's back row at the bottom. In each row the numbers run
//! from left to right as White sees the board.
//!
//! ```text
//!        a   b   c   d   e   f   g   h
//!      +---+---+---+---+---+---+---+---+
//!  8   |   | 1 |   | 2 |   | 3 |   | 4 |   Black's back row
//!  7   | 5 |   | 6 |   | 7 |   | 8 |   |
//!  6   |   | 9 |   | 10|   | 11|   | 12|
//!  5   | 13|   | 14|   | 15|   | 16|   |
//!  4   |   | 17|   | 18|   | 19|   | 20|
//!  3   | 21|   | 22|   | 23|   | 24|   |
//!  2   |   | 25|   | 26|   | 27|   | 28|
//!  1   | 29|   | 30|   | 31|   | 32|   |   White's back row
//!      +---+---+---+---+---+---+---+---+
//! ```
//!
//! Black starts on 1–12 and moves down, towards 32; White starts on 21–32 and
//! moves up, towards 1. The player of the app is always White, at the bottom.

use std::fmt;

/// One of the 32 playable squares. Internally an index 0..=31 (square
/// number minus one), which is also its bit in a bitboard.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

/// A square number outside 1..=32.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareOutOfRange(pub i64);

impl fmt::Display for SquareOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "square {} is outside 1-32", self.0)
    }
}

impl std::error::Error for SquareOutOfRange {}

impl Square {
    /// All 32 squares in numeric order.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this 0-based index; `None` past 31.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this 0-based index. The caller guarantees `index < 32`.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 32);
        Square(index)
    }

    /// 0-based index, 0..=31.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Standard square number, 1..=32.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Row on the diagram, 0 (Black's back row, top) to 7 (White's back row).
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// Column on the diagram, 0 (file a) to 7 (file h).
    #[inline]
    pub const fn column(self) -> u8 {
        let in_row = self.0 % 4;
        if self.row().is_multiple_of(2) {
            2 * in_row + 1
        } else {
            2 * in_row
        }
    }

    /// The dark square at (row, column) of the diagram, if there is one.
    pub const fn at(row: i8, column: i8) -> Option<Square> {
        if row < 0 || row > 7 || column < 0 || column > 7 {
            return None;
        }
        if (row + column) % 2 == 0 {
            return None; // a light square
        }
        Some(Square((row * 4 + column / 2) as u8))
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareOutOfRange;
    /// From a standard square number 1..=32.
    fn try_from(number: u8) -> Result<Square, SquareOutOfRange> {
        if (1..=32).contains(&number) {
            Ok(Square(number - 1))
        } else {
            Err(SquareOutOfRange(number.into()))
        }
    }
}

impl TryFrom<i64> for Square {
    type Error = SquareOutOfRange;
    fn try_from(number: i64) -> Result<Square, SquareOutOfRange> {
        if (1..=32).contains(&number) {
            Ok(Square(number as u8 - 1))
        } else {
            Err(SquareOutOfRange(number))
        }
    }
}

/// What is wrong with a square number written as text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SquareTextError {
    /// Not a run of ASCII digits.
    NotANumber,
    /// A number outside 1–32 (`i64::MAX` for one too long to read).
    OutOfRange(i64),
}

/// A square from its standard number in text: ASCII digits only, no sign,
/// no spaces, 1 to 32. The one place the FEN and move readers turn text
/// into squares.
impl std::str::FromStr for Square {
    type Err = SquareTextError;
    fn from_str(text: &str) -> Result<Square, SquareTextError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SquareTextError::NotANumber);
        }
        let n: i64 = text.parse().unwrap_or(i64::MAX);
        Square::try_from(n).map_err(|e| SquareTextError::OutOfRange(e.0))
    }
}

/// In JSON a square is its standard number.
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

/// From JSON, a whole number from 1 to 32; anything else (0, 33, -1, 2.5,
/// text) is refused.
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        d.deserialize_any(SquareVisitor)
    }
}

struct SquareVisitor;

impl serde::de::Visitor<'_> for SquareVisitor {
    type Value = Square;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square number from 1 to 32")
    }

    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Square, E> {
        self.visit_i64(i64::try_from(n).unwrap_or(i64::MAX))
    }

    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Square, E> {
        Square::try_from(n).map_err(E::custom)
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Square, E> {
        Err(E::custom(
            "a square number must be a whole number from 1 to 32",
        ))
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Square, E> {
        Err(E::custom(
            "a square number must be a number from 1 to 32, not text",
        ))
    }

    fn visit_bytes<E: serde::de::Error>(self, _: &[u8]) -> Result<Square, E> {
        Err(E::custom("a square number must be a number from 1 to 32"))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A side. Black moves first from the standard start and moves down the
/// diagram; White moves up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The PDN letter, `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_the_standard_diagram() {
        let sq = |n: u8| Square::try_from(n).unwrap();
        assert_eq!((sq(1).row(), sq(1).column()), (0, 1));
        assert_eq!((sq(4).row(), sq(4).column()), (0, 7));
        assert_eq!((sq(5).row(), sq(5).column()), (1, 0));
        assert_eq!((sq(29).row(), sq(29).column()), (7, 0));
        assert_eq!((sq(32).row(), sq(32).column()), (7, 6));
        for s in Square::ALL {
            assert_eq!(Square::at(s.row() as i8, s.column() as i8), Some(s));
        }
        assert_eq!(Square::at(0, 0), None);
        assert_eq!(Square::at(8, 1), None);
    }

    #[test]
    fn squares_from_json_are_1_to_32_only() {
        let from = |j: &str| serde_json::from_str::<Square>(j);
        assert_eq!(from("1").unwrap().number(), 1);
        assert_eq!(from("32").unwrap().number(), 32);
        for bad in [
            "0",
            "33",
            "-1",
            "2.5",
            "22.0",
            "\"22\"",
            "null",
            "[22]",
            "18446744073709551615",
        ] {
            assert!(from(bad).is_err(), "{bad}");
        }
        let long = format!("\"{}\"", "9".repeat(100_000));
        assert!(from(&long).unwrap_err().to_string().len() < 100);
        assert_eq!(serde_json::to_string(&Square::ALL[21]).unwrap(), "22");
    }

    #[test]
    fn square_numbers_outside_range_are_errors() {
        assert!(Square::try_from(0u8).is_err());
        assert!(Square::try_from(33u8).is_err());
        assert_eq!(Square::try_from(32u8).unwrap().index(), 31);
        assert_eq!(Square::try_from(-4i64), Err(SquareOutOfRange(-4)));
    }
}
