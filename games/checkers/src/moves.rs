//! A move: the squares a piece visits and the pieces it captures, and
//! its full-path notation.

use crate::{Bitboard, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// The most squares a move's path can hold: a start square and one landing
/// square per captured piece, and a side has at most 12 pieces.
pub const MAX_PATH: usize = 13;

/// Room for every legal move of any legal position. The cross-check tests
/// assert that every position they generate (random playouts, and random
/// placements rich in kings and capture nets: 110 thousand in the suite,
/// 3 million in its long run) has fewer than half as many; the largest
/// count the long run met was 35. A list that would overflow is a bug: it panics in
/// debug builds (the test profile) and drops the extra moves in release.
pub const MAX_MOVES: usize = 256;

/// A complete move: the squares the piece visits, in order, and the pieces
/// it captures. A step has a path of two squares and captures nothing; a
/// jump chain lists every landing square.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    path: [Square; MAX_PATH],
    len: u8,
    captured: Bitboard,
}

impl Move {
    /// A step or a chain from its path and captured set. The caller vouches
    /// that `path` has 2..=MAX_PATH squares; legality is checked by
    /// [`crate::Position::play`], not here.
    pub(crate) fn new(path: &[Square], captured: Bitboard) -> Move {
        debug_assert!((2..=MAX_PATH).contains(&path.len()));
        let mut p = [Square::from_index_unchecked(0); MAX_PATH];
        p[..path.len()].copy_from_slice(path);
        Move {
            path: p,
            len: path.len() as u8,
            captured,
        }
    }

    /// A jump chain from the first `len` squares of `path`, whose other
    /// squares the caller vouches are square index 0, as [`Move::new`]
    /// leaves them (moves compare whole arrays). Copying the whole array,
    /// a fixed size, costs a few stores where a copy of `len` squares is a
    /// call to `memmove`: the chains' walk is on the search's path.
    #[inline]
    pub(crate) fn chain(path: &[Square; MAX_PATH], len: usize, captured: Bitboard) -> Move {
        debug_assert!((2..=MAX_PATH).contains(&len));
        debug_assert!(path[len..].iter().all(|s| s.index() == 0));
        Move {
            path: *path,
            len: len as u8,
            captured,
        }
    }

    /// The square the piece starts on.
    #[inline]
    pub fn from(&self) -> Square {
        self.path[0]
    }

    /// The square the piece ends on.
    #[inline]
    pub fn to(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// Every square the piece visits, start and end included.
    #[inline]
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// The pieces this move removes.
    #[inline]
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// The piece jumped by the hop from `path[i]` to `path[i + 1]`, if that
    /// hop is a jump.
    pub fn jumped_on_hop(&self, i: usize) -> Option<Square> {
        if !self.is_capture() || i + 1 >= self.len as usize {
            return None;
        }
        let (a, b) = (self.path[i], self.path[i + 1]);
        Square::at(
            ((a.row() + b.row()) / 2) as i8,
            ((a.column() + b.column()) / 2) as i8,
        )
    }
}

/// Full-path notation: `11-15` for a step, `22x15x6` for a capture.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        for (i, sq) in self.path().iter().enumerate() {
            if i > 0 {
                write!(f, "{sep}")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
