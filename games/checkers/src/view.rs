//! What the page is given to draw: plain data, ready to render, in the
//! page's terms (the player and the CPU rather than White and Black,
//! square numbers rather than squares), built from the game
//! ([`crate::game`]). The page decides nothing: what the turn line says and
//! how the game ended come from here, which pieces may be lifted and where
//! they may go from [`Game::legal_moves`].

use crate::game::Game;
use crate::line::Line;
use crate::moves::Move;
use crate::sides::{First, GameResult, Side, CPU};
use crate::{Level, Position, Role, Square};
use serde::{Deserialize, Serialize};

/// A piece as the page draws it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardPiece {
    pub side: Side,
    pub king: bool,
}

/// The 32 squares, index 0 being square 1.
pub type Board = Vec<Option<BoardPiece>>;

/// The board of a position.
pub fn board(pos: &Position) -> Board {
    Square::ALL
        .iter()
        .map(|&sq| {
            pos.piece_at(sq).map(|p| BoardPiece {
                side: Side::of(p.color),
                king: p.role == Role::King,
            })
        })
        .collect()
}

/// What the turn line says (U4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// «Tu turno».
    YourTurn,
    /// «Hay una captura disponible: solo pueden moverse las fichas que pueden saltar».
    CaptureAvailable,
    /// «Salta otra vez con la misma ficha».
    JumpAgain,
    /// The CPU is thinking.
    CpuThinking,
    /// The game has ended.
    Over,
}

/// The last move made, for its marks on the board (C5): every square the
/// piece touched and every piece it took.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LastMove {
    pub side: Side,
    /// Square numbers from start to end.
    pub path: Vec<u8>,
    /// Square numbers of the pieces it took, in the order they were
    /// jumped; empty for a step.
    pub captured: Vec<u8>,
}

/// The squares of the pieces `m` jumps, hop by hop.
fn taken(m: &Move) -> Vec<u8> {
    (0..m.path().len().saturating_sub(1))
        .filter_map(|i| m.jumped_on_hop(i))
        .map(Square::number)
        .collect()
}

/// One hop of a move: a step, or one jump of a chain.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hop {
    pub from: u8,
    pub to: u8,
    /// The piece jumped by this hop.
    pub captured: Option<u8>,
}

/// A move as hops, each with the piece it jumps, for the board to play
/// one by one (C5).
pub fn hops(m: &Move) -> Vec<Hop> {
    m.path()
        .windows(2)
        .enumerate()
        .map(|(i, w)| Hop {
            from: w[0].number(),
            to: w[1].number(),
            captured: m.jumped_on_hop(i).map(Square::number),
        })
        .collect()
}

/// One line of the move list.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveEntry {
    /// The move's number as PDN gives it.
    pub number: u32,
    pub side: Side,
    /// Standard notation: `11-15`, `22x15x6`.
    pub text: String,
    /// Square numbers from start to end.
    pub path: Vec<u8>,
    /// Square numbers of the pieces it took, in the order they were
    /// jumped; empty for a step.
    pub captured: Vec<u8>,
}

/// The move list of a line.
pub fn move_list(line: &Line) -> Vec<MoveEntry> {
    line.moves()
        .iter()
        .enumerate()
        .map(|(i, m)| MoveEntry {
            number: line.number(i),
            side: Side::of(line.mover(i)),
            text: m.to_string(),
            path: m.path().iter().map(|s| s.number()).collect(),
            captured: taken(m),
        })
        .collect()
}

/// Everything the page needs to draw the game in progress but what the
/// player may do, which [`Game::legal_moves`] answers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub level: Level,
    pub first: First,
    /// Mid-chain the jumping piece is shown where it has landed and the
    /// pieces it has taken are gone.
    pub board: Board,
    pub status: Status,
    pub last_move: Option<LastMove>,
    /// Mid-chain, the player's chain so far: where the piece started, each
    /// square it has landed on, and the pieces it has taken. `None`
    /// otherwise.
    pub chain: Option<LastMove>,
    pub can_undo: bool,
    pub result: Option<GameResult>,
    /// Every move of the game so far.
    pub moves: Vec<MoveEntry>,
    /// Turns left before the 50-turn draw, once 10 or fewer remain.
    pub draw_in: Option<u32>,
}

impl Game {
    /// What the turn line says (U4).
    pub fn status(&self) -> Status {
        if self.result().is_some() {
            Status::Over
        } else if self.position().turn() == CPU {
            Status::CpuThinking
        } else if self.lifted().is_some() {
            Status::JumpAgain
        } else if self.position().has_capture() {
            Status::CaptureAvailable
        } else {
            Status::YourTurn
        }
    }

    /// The last complete move, for its mark on the board (C5).
    pub fn last_move(&self) -> Option<LastMove> {
        let line = self.line();
        let i = line.len().checked_sub(1)?;
        let m = &line.moves()[i];
        Some(LastMove {
            side: Side::of(line.mover(i)),
            path: m.path().iter().map(|s| s.number()).collect(),
            captured: taken(m),
        })
    }

    /// The player's chain in progress, for its marks on the board; `None`
    /// outside a chain.
    pub fn chain_so_far(&self) -> Option<LastMove> {
        self.lifted()?;
        Some(LastMove {
            side: Side::Player,
            path: self.chain().iter().map(|s| s.number()).collect(),
            captured: self
                .chain_captures()
                .into_iter()
                .map(Square::number)
                .collect(),
        })
    }

    /// The game as the page draws it. Mid-chain the board shows the jumping
    /// piece on its landing square and the pieces it has taken removed.
    pub fn view(&self) -> View {
        let mut board = board(self.position());
        if let (Some(at), Some(from)) = (self.lifted(), self.chain().first()) {
            board[at.index()] = board[from.index()].take();
            for sq in self.chain_captures() {
                board[sq.index()] = None;
            }
        }
        View {
            level: self.level(),
            first: self.first(),
            board,
            status: self.status(),
            last_move: self.last_move(),
            chain: self.chain_so_far(),
            can_undo: self.can_undo(),
            result: self.result(),
            moves: move_list(self.line()),
            draw_in: self.draw_in(),
        }
    }
}

/// A whole game to step through: its moves and every position, from the
/// first (index 0) to the one after the last move. Positions and moves
/// only: no evaluation, no best move (U5).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub level: Level,
    pub first: First,
    pub moves: Vec<MoveEntry>,
    /// `moves.len() + 1` boards.
    pub boards: Vec<Board>,
    pub result: Option<GameResult>,
    /// The game as PDN.
    pub pdn: String,
}

impl Review {
    /// The review of `line`.
    pub fn of(
        line: &Line,
        level: Level,
        first: First,
        result: Option<GameResult>,
        pdn: String,
    ) -> Review {
        Review {
            level,
            first,
            moves: move_list(line),
            boards: line.positions().iter().map(board).collect(),
            result,
            pdn,
        }
    }
}
