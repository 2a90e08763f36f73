//! A set of squares as a 32-bit word: bit `i` is square `i + 1`.
//!
//! Diagonal steps are shifts with edge masks. Rows alternate between two
//! shapes, so a step in one diagonal direction is a shift by 4 from one kind
//! of row and by 3 or 5 from the other:
//!
//! ```text
//! even row (0,2,4,6):   . 0 . 1 . 2 . 3      down-left +4, down-right +5
//! odd row  (1,3,5,7):   4 . 5 . 6 . 7 .      down-left +3, down-right +4
//! ```

use crate::{Color, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u32);

const EVEN_ROWS: u32 = 0x0F0F_0F0F;
const ODD_ROWS: u32 = 0xF0F0_F0F0;
const TOP_ROW: u32 = 0x0000_000F;
const BOTTOM_ROW: u32 = 0xF000_0000;
/// First dark square of each row (the leftmost on odd rows is on file a).
const FIRST_IN_ROW: u32 = 0x1111_1111;
/// Last dark square of each row (the rightmost on even rows is on file h).
const LAST_IN_ROW: u32 = 0x8888_8888;

/// The four diagonal directions. "Up" is towards square 1 (White's forward),
/// "down" towards square 32 (Black's forward); left and right as White sees
/// the diagram.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    UpLeft = 0,
    UpRight = 1,
    DownLeft = 2,
    DownRight = 3,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The direction pointing back.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }

    /// (row, column) delta on the diagram.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest-numbered square of the set.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Every square of the set moved one step in `dir`; squares that would
    /// leave the board drop out.
    #[inline]
    pub const fn step(self, dir: Direction) -> Bitboard {
        let b = self.0;
        Bitboard(match dir {
            Direction::DownLeft => {
                ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !BOTTOM_ROW & !FIRST_IN_ROW) << 3)
            }
            Direction::DownRight => {
                ((b & ODD_ROWS & !BOTTOM_ROW) << 4) | ((b & EVEN_ROWS & !LAST_IN_ROW) << 5)
            }
            Direction::UpLeft => {
                ((b & EVEN_ROWS & !TOP_ROW) >> 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) >> 5)
            }
            Direction::UpRight => {
                ((b & ODD_ROWS) >> 4) | ((b & EVEN_ROWS & !TOP_ROW & !LAST_IN_ROW) >> 3)
            }
        })
    }

    /// Iterate the squares in numeric order.
    #[inline]
    pub fn squares(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
pub struct Squares(u32);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.squares().map(|s| s.number()))
            .finish()
    }
}

/// The square one step from `sq` in `dir`, if it is on the board.
#[inline]
pub const fn neighbor(sq: Square, dir: Direction) -> Option<Square> {
    let (dr, dc) = dir.delta();
    Square::at(sq.row() as i8 + dr, sq.column() as i8 + dc)
}

const WHITE_FORWARD: [Direction; 2] = [Direction::UpLeft, Direction::UpRight];
const BLACK_FORWARD: [Direction; 2] = [Direction::DownLeft, Direction::DownRight];

/// A side's directions and rows on the board.
impl Color {
    /// The two directions this side's men move and jump in (R2): up the
    /// diagram (towards square 1) for White, down for Black.
    #[inline]
    pub const fn forward(self) -> &'static [Direction; 2] {
        match self {
            Color::White => &WHITE_FORWARD,
            Color::Black => &BLACK_FORWARD,
        }
    }

    /// The row where this side's men are crowned: row 7 for Black, row 0 for
    /// White, as a bitboard mask.
    #[inline]
    pub const fn crowning_row(self) -> Bitboard {
        match self {
            Color::Black => Bitboard(0xF000_0000),
            Color::White => Bitboard(0x0000_000F),
        }
    }

    /// The side's own back row (where its men start), the opposite side's
    /// crowning row.
    #[inline]
    pub const fn back_row(self) -> Bitboard {
        self.opposite().crowning_row()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_geometry() {
        for sq in Square::ALL {
            for dir in Direction::ALL {
                let shifted = Bitboard::from_square(sq).step(dir);
                let expected = neighbor(sq, dir).map_or(Bitboard::EMPTY, Bitboard::from_square);
                assert_eq!(shifted, expected, "{sq} {dir:?}");
            }
        }
    }

    #[test]
    fn known_neighbours() {
        let sq = |n: u8| Square::try_from(n).unwrap();
        assert_eq!(neighbor(sq(11), Direction::DownLeft), Some(sq(15)));
        assert_eq!(neighbor(sq(11), Direction::DownRight), Some(sq(16)));
        assert_eq!(neighbor(sq(5), Direction::DownLeft), None);
        assert_eq!(neighbor(sq(4), Direction::UpRight), None);
        assert_eq!(neighbor(sq(12), Direction::DownRight), None);
        assert_eq!(neighbor(sq(22), Direction::UpLeft), Some(sq(17)));
        assert_eq!(neighbor(sq(22), Direction::UpRight), Some(sq(18)));
    }
}
