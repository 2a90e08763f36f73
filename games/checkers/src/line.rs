//! A game's moves from the position it began in.
//!
//! A line is that first position, the quiet-turn counter it began with, and
//! every complete move played since, each legal where it was played and
//! none after the game ended. Everything else about a game's course comes
//! from it: the position now, who played each move (the sides alternate,
//! starting with the first position's side to move), the positions a review
//! steps through, and the numbers PDN gives the moves.

use crate::moves::Move;
use crate::notation::{parse_move, MoveError};
use crate::pdn::move_number;
use crate::rules::{next_quiet, outcome};
use crate::{Color, Position};
use std::fmt;

/// No game lasts this many turns: between two captures or man moves at
/// most 50 quiet turns pass (R8), and a game has at most 24 captures and
/// 168 man moves (each of 24 men advances at most 7 rows).
pub const MAX_TURNS: usize = 10_000;

/// A game's first position and its moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    start: Position,
    start_quiet: u32,
    moves: Vec<Move>,
}

/// Why a list of moves is not a line from its first position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// More moves than any game can have.
    TooLong(usize),
    /// Move `index` (0-based) is not legal after the ones before it.
    Move { index: usize, error: MoveError },
    /// Move `index` was played after the game had already ended.
    AfterTheEnd { index: usize },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong(n) => write!(f, "{n} moves: no game lasts more than {MAX_TURNS}"),
            LineError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
            LineError::AfterTheEnd { index } => {
                write!(f, "move {} comes after the end of the game", index + 1)
            }
        }
    }
}

impl std::error::Error for LineError {}

impl Line {
    /// A line with no moves yet from `start`, `start_quiet` quiet turns
    /// already behind it.
    pub fn new(start: Position, start_quiet: u32) -> Line {
        Line {
            start,
            start_quiet,
            moves: Vec::new(),
        }
    }

    /// Read a line from its moves in notation (`11-15`, `22x15x6`), each
    /// checked against the position the ones before it lead to.
    pub fn replay<S: AsRef<str>>(
        start: Position,
        start_quiet: u32,
        moves: &[S],
    ) -> Result<Line, LineError> {
        if moves.len() > MAX_TURNS {
            return Err(LineError::TooLong(moves.len()));
        }
        let mut line = Line::new(start, start_quiet);
        let (mut pos, mut quiet) = (start, start_quiet);
        for (index, text) in moves.iter().enumerate() {
            if outcome(&pos, quiet).is_some() {
                return Err(LineError::AfterTheEnd { index });
            }
            let mv = parse_move(&pos, text.as_ref())
                .map_err(|error| LineError::Move { index, error })?;
            quiet = next_quiet(&pos, &mv, quiet);
            pos = pos.play_unchecked(&mv);
            line.moves.push(mv);
        }
        Ok(line)
    }

    /// The position the game began in.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The quiet-turn counter the game began with.
    pub fn start_quiet(&self) -> u32 {
        self.start_quiet
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves in full-path notation.
    pub fn texts(&self) -> Vec<String> {
        self.moves.iter().map(Move::to_string).collect()
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Add a move that the caller has checked is legal where the line ends.
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }

    /// Keep only the first `len` moves.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// The side that played move `index`: the first position's side to
    /// move, then the other, in turn.
    pub fn mover(&self, index: usize) -> Color {
        move_number(self.start.turn(), index).1
    }

    /// The PDN number of move `index` ([`move_number`]): a line that begins
    /// with White to move opens with `1...`, and Black's first move is
    /// then number 2.
    pub fn number(&self, index: usize) -> u32 {
        move_number(self.start.turn(), index).0
    }

    /// The position and quiet-turn counter after the first `n` moves.
    pub fn after(&self, n: usize) -> (Position, u32) {
        self.moves[..n.min(self.moves.len())]
            .iter()
            .fold((self.start, self.start_quiet), |(pos, quiet), mv| {
                (pos.play_unchecked(mv), next_quiet(&pos, mv, quiet))
            })
    }

    /// The position and quiet-turn counter after every move.
    pub fn end(&self) -> (Position, u32) {
        self.after(self.moves.len())
    }

    /// Every position of the game: the first, then the one after each move.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start;
        out.push(pos);
        for mv in &self.moves {
            pos = pos.play_unchecked(mv);
            out.push(pos);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;

    #[test]
    fn replay_checks_every_move_and_the_end() {
        let start = Position::start();
        let line = Line::replay(start, 0, &["11-15", "23-19", "8-11"]).unwrap();
        assert_eq!(line.texts(), ["11-15", "23-19", "8-11"]);
        assert_eq!(line.mover(0), Color::Black);
        assert_eq!(line.mover(1), Color::White);
        assert_eq!([line.number(0), line.number(1), line.number(2)], [1, 1, 2]);
        assert_eq!(line.positions().len(), 4);
        assert_eq!(line.end().0, line.positions()[3]);
        assert!(matches!(
            Line::replay(start, 0, &["11-15", "11-15"]),
            Err(LineError::Move { index: 1, .. })
        ));
        // White's only man is taken: nothing may follow.
        let won = parse_fen("B:W18:B14").unwrap();
        assert_eq!(
            Line::replay(won, 0, &["14x23", "1-5"]),
            Err(LineError::AfterTheEnd { index: 1 })
        );
        let too_long = vec!["1-5"; MAX_TURNS + 1];
        assert_eq!(
            Line::replay(start, 0, &too_long),
            Err(LineError::TooLong(MAX_TURNS + 1))
        );
    }

    #[test]
    fn white_first_lines_are_numbered_from_1_dots() {
        let line = Line::replay(Position::start().with_turn(Color::White), 0, &["22-18"]).unwrap();
        assert_eq!(line.mover(0), Color::White);
        assert_eq!(line.number(0), 1);
        assert_eq!(line.number(1), 2);
        assert_eq!(line.number(2), 2);
    }

    #[test]
    fn the_quiet_counter_follows_the_moves() {
        let kings = parse_fen("W:WK32:BK1").unwrap();
        let line = Line::replay(kings, 10, &["32-27", "1-6"]).unwrap();
        assert_eq!(line.end().1, 12);
        assert_eq!(line.after(1).1, 11);
    }
}
