//! A position: where every piece stands and whose turn it is.

use crate::bitboard::Direction;
use crate::moves::Move;
use crate::{Bitboard, Color, Square};
use std::fmt;

/// A man or a king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    Man,
    King,
}

/// A piece: its colour and role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

/// A legal arrangement of pieces and the side to move.
///
/// Invariants (kept by every constructor): the two colours never share a
/// square, kings are a subset of the occupied squares, no man stands on its
/// own crowning row, and each side has at most 12 pieces. The quiet-turn
/// counter for the 50-turn draw is not part of the position; see
/// [`crate::rules`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    black: Bitboard,
    white: Bitboard,
    kings: Bitboard,
    turn: Color,
}

/// Why a set of pieces is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The same square holds two pieces.
    SquareTwice(Square),
    /// A man stands on the row where it would already have been crowned.
    ManOnCrowningRow(Color, Square),
    /// More than 12 pieces of one colour.
    TooManyPieces(Color, u32),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SquareTwice(sq) => write!(f, "square {sq} is given twice"),
            PositionError::ManOnCrowningRow(c, sq) => write!(
                f,
                "a {c} man cannot stand on {sq}: it is on its own crowning row and would be a king"
            ),
            PositionError::TooManyPieces(c, n) => {
                write!(f, "{c} has {n} pieces; a side has at most 12")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// The standard start: Black men on 1–12, White men on 21–32, Black to
    /// move.
    pub const fn start() -> Position {
        Position {
            black: Bitboard(0x0000_0FFF),
            white: Bitboard(0xFFF0_0000),
            kings: Bitboard::EMPTY,
            turn: Color::Black,
        }
    }

    /// Build a position from piece sets, checking every invariant.
    pub fn new(
        black: Bitboard,
        white: Bitboard,
        kings: Bitboard,
        turn: Color,
    ) -> Result<Position, PositionError> {
        if let Some(sq) = (black & white).first() {
            return Err(PositionError::SquareTwice(sq));
        }
        // Kings must stand on occupied squares: ignore any stray king bits.
        let kings = kings & (black | white);
        for (color, set) in [(Color::Black, black), (Color::White, white)] {
            if let Some(sq) = (set & !kings & color.crowning_row()).first() {
                return Err(PositionError::ManOnCrowningRow(color, sq));
            }
            if set.count() > 12 {
                return Err(PositionError::TooManyPieces(color, set.count()));
            }
        }
        Ok(Position {
            black,
            white,
            kings,
            turn,
        })
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The same pieces with the other side to move.
    pub const fn with_turn(self, turn: Color) -> Position {
        Position { turn, ..self }
    }

    /// All pieces of one colour.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The kings of both colours.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The men of one colour.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces(color) & !self.kings
    }

    /// The kings of one colour.
    #[inline]
    pub fn kings_of(&self, color: Color) -> Bitboard {
        self.pieces(color) & self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.black | self.white
    }

    /// Every empty square.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        !self.occupied()
    }

    /// What stands on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.black.contains(sq) {
            Color::Black
        } else if self.white.contains(sq) {
            Color::White
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Play a move known to be legal here (the search's fast path). The
    /// moving piece leaves its square, every captured piece is removed, and a
    /// man that ends on its crowning row becomes a king (R5).
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        self.play_parts(mv.from(), mv.to(), mv.captured())
    }

    /// The position after the piece on `from` ends on `to` having captured
    /// `captured`: the rule of [`Position::play_unchecked`] without a
    /// [`Move`], for the generator's fast paths.
    #[inline]
    pub(crate) fn play_parts(&self, from: Square, to: Square, captured: Bitboard) -> Position {
        let from = Bitboard::from_square(from);
        let to = Bitboard::from_square(to);
        let was_king = (self.kings & from).any();
        let mut next = *self;
        let (us, them) = match self.turn {
            Color::Black => (&mut next.black, &mut next.white),
            Color::White => (&mut next.white, &mut next.black),
        };
        *us = (*us & !from) | to;
        *them &= !captured;
        next.kings &= !captured;
        if was_king {
            next.kings = (next.kings & !from) | to;
        } else if (to & self.turn.crowning_row()).any() {
            next.kings |= to;
        }
        next.turn = self.turn.opposite();
        next
    }

    /// Whether the move moves a man (as opposed to a king): with captures,
    /// this is what resets the quiet-turn counter (R8).
    #[inline]
    pub fn moves_man(&self, mv: &Move) -> bool {
        !self.kings.contains(mv.from())
    }

    /// The directions a piece of this colour and role moves and jumps in:
    /// a man forward only (R2), a king all four ways (R6).
    #[inline]
    pub(crate) const fn directions(color: Color, role: Role) -> &'static [Direction] {
        match (role, color) {
            (Role::King, _) => &Direction::ALL,
            (Role::Man, color) => color.forward(),
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

/// An ASCII diagram, Black at the top: `b`/`w` men, `B`/`W` kings, `.` an
/// empty dark square.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8i8 {
            for col in 0..8i8 {
                let c = match Square::at(row, col) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::Man,
                        }) => 'b',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::King,
                        }) => 'B',
                        Some(Piece {
                            color: Color::White,
                            role: Role::Man,
                        }) => 'w',
                        Some(Piece {
                            color: Color::White,
                            role: Role::King,
                        }) => 'W',
                    },
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.turn)
    }
}
