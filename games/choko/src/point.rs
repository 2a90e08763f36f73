//! Points, sides and sets of points.
//!
//! The board is a 5×5 grid of points (K1). Files `a`–`e` run left to right,
//! ranks `1`–`5` bottom to top, rank 1 on side X's edge of the board:
//!
//! ```text
//!      a  b  c  d  e
//!  5   20 21 22 23 24    side O's edge
//!  4   15 16 17 18 19
//!  3   10 11 12 13 14
//!  2    5  6  7  8  9
//!  1    0  1  2  3  4    side X's edge
//! ```
//!
//! The number beside each point is its index, `rank × 5 + file`, which is
//! also its bit in a [`Points`] set. Two points are neighbours when they
//! are next to each other along a rank or a file, never diagonally (K1).

use std::fmt;

/// Number of points on the board.
pub const POINTS: usize = 25;

/// One of the 25 points: an index 0..25 (`rank × 5 + file`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u8);

/// A point index outside 0..25.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointOutOfRange(pub u8);

impl fmt::Display for PointOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "point index {} is outside 0-24", self.0)
    }
}

impl std::error::Error for PointOutOfRange {}

impl TryFrom<u8> for Point {
    type Error = PointOutOfRange;
    /// From an index 0..25.
    fn try_from(index: u8) -> Result<Point, PointOutOfRange> {
        if usize::from(index) < POINTS {
            Ok(Point(index))
        } else {
            Err(PointOutOfRange(index))
        }
    }
}

/// One of the four directions along a rank or a file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Towards rank 5.
    North,
    /// Towards rank 1.
    South,
    /// Towards file `e`.
    East,
    /// Towards file `a`.
    West,
}

impl Direction {
    /// All four, in the order the generator uses.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// (file, rank) change of one step.
    const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
        }
    }
}

impl Point {
    /// All 25 points in index order (a1, b1, …, e1, a2, …, e5).
    pub const ALL: [Point; POINTS] = {
        let mut all = [Point(0); POINTS];
        let mut i = 0;
        while i < POINTS {
            all[i] = Point(i as u8);
            i += 1;
        }
        all
    };

    /// The point at `file` (0 = `a`) and `rank` (0 = rank 1), if on the
    /// board.
    pub const fn at(file: i8, rank: i8) -> Option<Point> {
        if file < 0 || file > 4 || rank < 0 || rank > 4 {
            None
        } else {
            Some(Point((rank * 5 + file) as u8))
        }
    }

    /// The index 0..25, also the point's bit in a [`Points`] set.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 (`a`) to 4 (`e`).
    #[inline]
    pub const fn file(self) -> i8 {
        (self.0 % 5) as i8
    }

    /// Rank, 0 (rank 1) to 4 (rank 5).
    #[inline]
    pub const fn rank(self) -> i8 {
        (self.0 / 5) as i8
    }

    /// The neighbour one step away in `dir`, if on the board.
    pub const fn step(self, dir: Direction) -> Option<Point> {
        let (df, dr) = dir.delta();
        Point::at(self.file() + df, self.rank() + dr)
    }

    /// The file letter and the rank digit, for example `c3`.
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.0 % 5, b'1' + self.0 / 5]
    }

    /// A point from its two-character name (`a1`–`e5`); `None` for any
    /// other text.
    pub fn from_name(text: &str) -> Option<Point> {
        match text.as_bytes() {
            [f @ b'a'..=b'e', r @ b'1'..=b'5'] => Point::at((f - b'a') as i8, (r - b'1') as i8),
            _ => None,
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.name();
        write!(f, "{}{}", file as char, rank as char)
    }
}

/// One of the two sides. X acts first from the standard start and has its
/// edge of the board at rank 1; O has rank 5. Which side places first in a
/// game of the app is the app's choice (L4): either may act first in a
/// position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    X,
    O,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for X, 1 for O.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Side::X => 0,
            Side::O => 1,
        }
    }

    /// The letter of the side's pieces in the notation, `x` or `o`.
    pub const fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::X => "X",
            Side::O => "O",
        })
    }
}

/// A set of points: bit `i` is the point of index `i`; only the low 25
/// bits are ever set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Points(u32);

/// A set given with bits beyond the 25 points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BitsOffBoard(pub u32);

impl fmt::Display for BitsOffBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bits {:#x} lie beyond the 25 points", self.0)
    }
}

impl std::error::Error for BitsOffBoard {}

impl TryFrom<u32> for Points {
    type Error = BitsOffBoard;
    /// From a 25-bit mask; any higher bit is an error.
    fn try_from(bits: u32) -> Result<Points, BitsOffBoard> {
        if bits & !Points::ALL.0 == 0 {
            Ok(Points(bits))
        } else {
            Err(BitsOffBoard(bits & !Points::ALL.0))
        }
    }
}

impl Points {
    pub const EMPTY: Points = Points(0);
    /// All 25 points.
    pub const ALL: Points = Points((1 << POINTS) - 1);
    /// File `a`, and file `e`.
    pub(crate) const FILE_A: Points = Points(0b00001_00001_00001_00001_00001);
    pub(crate) const FILE_E: Points = Points(0b10000_10000_10000_10000_10000);
    /// The four corners, which no jump can pass over.
    pub const CORNERS: Points = Points(1 | 1 << 4 | 1 << 20 | 1 << 24);

    /// The 25-bit mask.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set holding only `p`.
    #[inline]
    pub const fn single(p: Point) -> Points {
        Points(1 << p.0)
    }

    #[inline]
    pub const fn contains(self, p: Point) -> bool {
        self.0 & (1 << p.0) != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn with(self, p: Point) -> Points {
        Points(self.0 | 1 << p.0)
    }

    #[inline]
    pub const fn without(self, p: Point) -> Points {
        Points(self.0 & !(1 << p.0))
    }

    #[inline]
    pub const fn union(self, other: Points) -> Points {
        Points(self.0 | other.0)
    }

    #[inline]
    pub const fn intersection(self, other: Points) -> Points {
        Points(self.0 & other.0)
    }

    /// The points of the board not in the set.
    #[inline]
    pub const fn complement(self) -> Points {
        Points(!self.0 & Points::ALL.0)
    }

    /// The lowest point of the set.
    #[inline]
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Some(Point(self.0.trailing_zeros() as u8))
        }
    }

    /// The points in index order.
    #[inline]
    pub fn iter(self) -> PointsIter {
        PointsIter(self.0)
    }

    /// Every point whose neighbour in `dir` is in the set: the set moved
    /// one step against `dir`, edges masked.
    #[inline]
    pub(crate) const fn before(self, dir: Direction) -> Points {
        Points(match dir {
            Direction::North => self.0 >> 5,
            Direction::South => (self.0 << 5) & Points::ALL.0,
            Direction::East => (self.0 >> 1) & !Points::FILE_E.0,
            Direction::West => (self.0 << 1) & !Points::FILE_A.0,
        })
    }
}

impl std::ops::BitOr for Points {
    type Output = Points;
    #[inline]
    fn bitor(self, rhs: Points) -> Points {
        Points(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for Points {
    type Output = Points;
    #[inline]
    fn bitand(self, rhs: Points) -> Points {
        Points(self.0 & rhs.0)
    }
}

impl IntoIterator for Points {
    type Item = Point;
    type IntoIter = PointsIter;
    fn into_iter(self) -> PointsIter {
        PointsIter(self.0)
    }
}

impl FromIterator<Point> for Points {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Points {
        iter.into_iter().fold(Points::EMPTY, Points::with)
    }
}

/// The points of a set, lowest index first.
pub struct PointsIter(u32);

impl Iterator for PointsIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Point(i as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_index_by_rank_then_file() {
        for p in Point::ALL {
            let name = p.to_string();
            assert_eq!(Point::from_name(&name), Some(p));
        }
        assert_eq!(Point::from_name("a1").map(Point::index), Some(0));
        assert_eq!(Point::from_name("e1").map(Point::index), Some(4));
        assert_eq!(Point::from_name("a2").map(Point::index), Some(5));
        assert_eq!(Point::from_name("e5").map(Point::index), Some(24));
        for bad in ["", "a", "f1", "a0", "a6", "A1", "a1 ", "1a", "é1"] {
            assert_eq!(Point::from_name(bad), None, "{bad}");
        }
        assert_eq!(Point::try_from(25), Err(PointOutOfRange(25)));
    }

    #[test]
    fn neighbours_are_orthogonal_and_stay_on_the_board() {
        let a1 = Point::from_name("a1").unwrap();
        assert_eq!(a1.step(Direction::West), None);
        assert_eq!(a1.step(Direction::South), None);
        assert_eq!(a1.step(Direction::North), Point::from_name("a2"));
        assert_eq!(a1.step(Direction::East), Point::from_name("b1"));
        let e3 = Point::from_name("e3").unwrap();
        assert_eq!(e3.step(Direction::East), None);
        // The shifted sets agree with the point-by-point steps.
        for dir in Direction::ALL {
            for p in Point::ALL {
                let want = p.step(dir).is_some_and(|n| n == Point(12));
                assert_eq!(
                    Points::single(Point(12)).before(dir).contains(p),
                    want,
                    "{p} {dir:?}"
                );
                for q in Point::ALL {
                    let from = Points::single(q).before(dir);
                    assert_eq!(from.contains(p), p.step(dir) == Some(q), "{p} {q} {dir:?}");
                }
            }
        }
    }

    #[test]
    fn sets_refuse_bits_off_the_board() {
        assert_eq!(Points::try_from(1 << 25), Err(BitsOffBoard(1 << 25)));
        assert_eq!(Points::try_from(Points::ALL.bits()), Ok(Points::ALL));
        assert_eq!(Points::ALL.complement(), Points::EMPTY);
        let set: Points = [Point(3), Point(7)].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Point(3), Point(7)]);
    }
}
