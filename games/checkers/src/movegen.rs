//! Move generation: complete moves, a jump chain being one move.
//!
//! Whole-board "jumpers" and "steppers" sets are computed with shifts, so
//! the mandatory-capture rule (R3) is one test; the chains themselves are
//! walked square by square with precomputed tables, without allocating.

use crate::bitboard::{neighbor, Direction};
pub use crate::moves::{Move, MoveList, MAX_MOVES, MAX_PATH};
use crate::position::{IllegalMove, Position, Role};
use crate::{Bitboard, Square};

const NONE: u8 = 0xFF;

/// `NEIGHBOR[sq][dir]`: the index of the adjacent square, or `NONE`.
static NEIGHBOR: [[u8; 4]; 32] = {
    let mut t = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            let sq = Square::from_index_unchecked(i as u8);
            if let Some(n) = neighbor(sq, Direction::ALL[d]) {
                t[i][d] = n.index() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// `JUMP[sq][dir]`: the square two steps away (the landing square), or
/// `NONE`. The jumped square is `NEIGHBOR[sq][dir]`.
static JUMP: [[u8; 4]; 32] = {
    let mut t = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            let n = NEIGHBOR[i][d];
            if n != NONE {
                t[i][d] = NEIGHBOR[n as usize][d];
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// The side to move's pieces split for the whole-board tests.
#[derive(Clone, Copy)]
struct Sides {
    us: Bitboard,
    them: Bitboard,
    kings: Bitboard,
    empty: Bitboard,
    forward: [Direction; 2],
    backward: [Direction; 2],
}

impl Sides {
    #[inline(always)]
    fn of(pos: &Position) -> Sides {
        let turn = pos.turn();
        let us = pos.pieces(turn);
        Sides {
            us,
            them: pos.pieces(turn.opposite()),
            kings: us & pos.kings(),
            empty: pos.empty(),
            forward: *turn.forward(),
            backward: *turn.opposite().forward(),
        }
    }

    /// Pieces of `movers` that can jump in `dir`: an enemy next to them and
    /// an empty square right behind it.
    #[inline(always)]
    fn jump_sources(&self, movers: Bitboard, dir: Direction) -> Bitboard {
        let back = dir.reverse();
        (self.empty.step(back) & self.them).step(back) & movers
    }

    /// Every piece that can capture: men forward, kings both ways. The
    /// backward tests are skipped when there is no king.
    #[inline(always)]
    fn jumpers(&self) -> Bitboard {
        let [f1, f2] = self.forward;
        let mut found = self.jump_sources(self.us, f1) | self.jump_sources(self.us, f2);
        if self.kings.any() {
            let [b1, b2] = self.backward;
            found |= self.jump_sources(self.kings, b1) | self.jump_sources(self.kings, b2);
        }
        found
    }
}

/// The pieces of the side to move that can capture now (R2, R6): a man
/// jumps forward only, a king in all four directions, over an adjacent
/// enemy piece onto the empty square right behind it.
#[inline]
pub fn jumpers(pos: &Position) -> Bitboard {
    Sides::of(pos).jumpers()
}

/// The pieces of the side to move that have a non-capturing step.
#[inline]
pub fn steppers(pos: &Position) -> Bitboard {
    let s = Sides::of(pos);
    let [f1, f2] = s.forward;
    let [b1, b2] = s.backward;
    ((s.empty.step(f1.reverse()) | s.empty.step(f2.reverse())) & s.us)
        | ((s.empty.step(b1.reverse()) | s.empty.step(b2.reverse())) & s.kings)
}

/// The state of one chain being walked.
struct Chain<'a, F> {
    them: Bitboard,
    empty: Bitboard,
    crowning: Bitboard,
    dirs: &'a [Direction],
    king: bool,
    path: [Square; MAX_PATH],
    emit: F,
}

impl<F: FnMut(&[Square; MAX_PATH], usize, Bitboard)> Chain<'_, F> {
    /// Extend the chain from the piece's current square `path[len - 1]`. A
    /// chain goes on while a jump is available (R4), never over a piece
    /// already taken, and ends at once when a man lands on its crowning row
    /// (R5). Captured pieces stay on the board until the move ends; they
    /// could never be a landing square anyway, as landing squares keep the
    /// parity of the start square and jumped squares do not.
    ///
    /// `path[len..]` holds square index 0 on entry and again on return, so
    /// that every chain is emitted as a whole array with a clean tail.
    fn walk(&mut self, len: usize, captured: Bitboard) {
        let at = self.path[len - 1].index();
        let mut extended = false;
        for &dir in self.dirs {
            let land = JUMP[at][dir as usize];
            if land == NONE {
                continue;
            }
            let over = Bitboard(1 << NEIGHBOR[at][dir as usize]);
            let land_bb = Bitboard(1 << land);
            if (over & self.them & !captured).is_empty() || (land_bb & self.empty).is_empty() {
                continue;
            }
            extended = true;
            self.path[len] = Square::from_index_unchecked(land);
            let taken = captured | over;
            if !self.king && (land_bb & self.crowning).any() {
                (self.emit)(&self.path, len + 1, taken);
            } else {
                self.walk(len + 1, taken);
            }
            self.path[len] = Square::from_index_unchecked(0);
        }
        if !extended && len > 1 {
            (self.emit)(&self.path, len, captured);
        }
    }
}

/// Walk every capture chain of the piece on `from`.
#[inline]
fn chains<F: FnMut(&[Square; MAX_PATH], usize, Bitboard)>(pos: &Position, from: Square, emit: F) {
    let turn = pos.turn();
    let king = pos.kings().contains(from);
    let role = if king { Role::King } else { Role::Man };
    let mut chain = Chain {
        them: pos.pieces(turn.opposite()),
        // The moving piece's own square is free during its chain: a king
        // may come back to where it started.
        empty: pos.empty().with(from),
        crowning: turn.crowning_row(),
        dirs: Position::directions(turn, role),
        king,
        path: [Square::from_index_unchecked(0); MAX_PATH],
        emit,
    };
    chain.path[0] = from;
    chain.walk(1, Bitboard::EMPTY);
}

/// Add a move to a list that [`MAX_MOVES`] makes large enough for any
/// legal position (see there).
#[inline]
fn push(list: &mut MoveList, mv: Move) {
    let overflow = list.try_push(mv).is_err();
    debug_assert!(!overflow, "more than {MAX_MOVES} legal moves");
}

/// Fill `list` with every legal move of `pos`, in a fixed order: by
/// starting square, then by direction (up-left, up-right, down-left,
/// down-right) at each hop.
pub fn generate(pos: &Position, list: &mut MoveList) {
    list.clear();
    let jumping = jumpers(pos);
    if jumping.any() {
        for from in jumping {
            chains(pos, from, |path, len, captured| {
                push(list, Move::chain(path, len, captured));
            });
        }
        return;
    }
    let turn = pos.turn();
    let empty = pos.empty();
    for from in steppers(pos) {
        let role = if pos.kings().contains(from) {
            Role::King
        } else {
            Role::Man
        };
        for &dir in Position::directions(turn, role) {
            let to = NEIGHBOR[from.index()][dir as usize];
            if to != NONE && empty.contains(Square::from_index_unchecked(to)) {
                push(
                    list,
                    Move::new(&[from, Square::from_index_unchecked(to)], Bitboard::EMPTY),
                );
            }
        }
    }
}

/// Call `f` with the position after each legal move of `pos`, in no
/// particular order, without building the moves: perft's fast path.
#[inline]
pub fn for_each_child(pos: &Position, mut f: impl FnMut(&Position)) {
    let jumping = jumpers(pos);
    if jumping.any() {
        for from in jumping {
            chains(pos, from, |path, len, captured| {
                f(&pos.play_parts(path[0], path[len - 1], captured))
            });
        }
        return;
    }
    let turn = pos.turn();
    let us = pos.pieces(turn);
    let kings = us & pos.kings();
    let empty = pos.empty();
    for dir in Direction::ALL {
        let movers = if turn.forward().contains(&dir) {
            us
        } else {
            kings
        };
        for to in movers.step(dir) & empty {
            let from = NEIGHBOR[to.index()][dir.reverse() as usize];
            f(&pos.play_parts(Square::from_index_unchecked(from), to, Bitboard::EMPTY));
        }
    }
}

/// The number of legal moves of `pos`, counted without building them:
/// steps are counted a direction at a time over the whole board.
pub fn count(pos: &Position) -> u64 {
    let s = Sides::of(pos);
    let jumping = s.jumpers();
    if jumping.any() {
        let mut n = 0u64;
        for from in jumping {
            chains(pos, from, |_, _, _| n += 1);
        }
        return n;
    }
    let [f1, f2] = s.forward;
    let mut n = (s.us.step(f1) & s.empty).count() + (s.us.step(f2) & s.empty).count();
    if s.kings.any() {
        let [b1, b2] = s.backward;
        n += (s.kings.step(b1) & s.empty).count() + (s.kings.step(b2) & s.empty).count();
    }
    n as u64
}

/// The moves of a position, as the rules give them.
impl Position {
    /// Every legal move of the side to move (R2–R6), each a complete move:
    /// a step, or a whole jump chain. When any capture exists only captures
    /// are returned (R3).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut list);
        list
    }

    /// The number of legal moves, without building them.
    pub fn count_moves(&self) -> u64 {
        count(self)
    }

    /// Whether the side to move has any capture (and so must capture, R3).
    pub fn has_capture(&self) -> bool {
        jumpers(self).any()
    }

    /// The pieces of the side to move that can move at all; while a capture
    /// exists, only those that can jump (C2).
    pub fn movable_pieces(&self) -> Bitboard {
        let jumpers = jumpers(self);
        if jumpers.any() {
            jumpers
        } else {
            steppers(self)
        }
    }

    /// Play a move after checking that it is legal here.
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        if self.legal_moves().contains(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove(mv.to_string()))
        }
    }
}
