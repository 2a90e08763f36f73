//! A game against the CPU, played hop by hop.
//!
//! The player is always White, drawn at the bottom and moving up; the CPU
//! is Black. Whoever starts (C6), a new game begins from the standard
//! position. The rules of a session:
//!
//! - The player's move is entered one hop at a time (C3). A jump after
//!   which the same piece can jump again keeps the turn, and only that
//!   piece may go on (C4, R4); a step, or a jump that ends the chain (no
//!   further jump, or a man crowned: R5), ends it. An illegal hop changes
//!   nothing.
//! - The CPU's move comes whole from a search and is handed back as hops
//!   for the board to play one by one (C5, D5).
//! - Undo goes back to the player's last decision (U1): the player's move
//!   and the CPU's reply are withdrawn together, a chain in progress is
//!   withdrawn whole (U3), and a position where the CPU is to move is never
//!   a stop. A game resumed from a save cannot be undone past the point
//!   where it was resumed (C7), and a finished game cannot be undone at
//!   all: it is in the records.
//! - The game ends when the side to move has no piece or no legal move
//!   (R7) or after 50 quiet turns (R8), checked after every complete move.
//!
//! Everything here is pure: the shell persists the game
//! ([`crate::snapshot`]) and the records ([`crate::records`]), and the page
//! draws [`Game::view`] ([`crate::view`]). The sides and the result are
//! [`crate::sides`]'s.

use crate::line::Line;
use crate::movegen::Move;
use crate::rules::{next_quiet, DRAW_QUIET_TURNS};
use crate::sides::{First, GameResult, Side, CPU, PLAYER};
use crate::view::{self, Hop, LastMove, Movable, Status, View};
use crate::{Bitboard, Level, Position, Square};
use std::fmt;

/// The draw warning starts when this many quiet turns or fewer remain.
pub const DRAW_WARNING_TURNS: u32 = 10;

/// Why an operation on a game was refused. The game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The game has ended.
    GameOver,
    /// It is the CPU's turn, not the player's.
    NotYourTurn,
    /// It is the player's turn, not the CPU's.
    NotCpuTurn,
    /// No legal move goes from `from` to `to` from here.
    IllegalHop { from: u8, to: u8 },
    /// Mid-chain only the jumping piece may move (R4).
    MustContinueChain { with: u8 },
    /// There is no earlier decision of the player's to go back to.
    NothingToUndo,
    /// The search returned a move that is not legal here.
    IllegalCpuMove(String),
    /// The CPU has no move (the game should already have ended).
    NoCpuMove,
}

impl GameError {
    /// A stable name for the error, for the page to translate.
    pub const fn code(&self) -> &'static str {
        match self {
            GameError::GameOver => "gameOver",
            GameError::NotYourTurn => "notYourTurn",
            GameError::NotCpuTurn => "notCpuTurn",
            GameError::IllegalHop { .. } => "illegalHop",
            GameError::MustContinueChain { .. } => "mustContinueChain",
            GameError::NothingToUndo => "nothingToUndo",
            GameError::IllegalCpuMove(_) => "illegalCpuMove",
            GameError::NoCpuMove => "noCpuMove",
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver => write!(f, "the game is over"),
            GameError::NotYourTurn => write!(f, "it is the CPU's turn"),
            GameError::NotCpuTurn => write!(f, "it is the player's turn"),
            GameError::IllegalHop { from, to } => write!(f, "{from} to {to} is not a legal hop"),
            GameError::MustContinueChain { with } => {
                write!(f, "the piece on {with} must jump again")
            }
            GameError::NothingToUndo => write!(f, "nothing to undo"),
            GameError::IllegalCpuMove(m) => write!(f, "the CPU's move {m} is not legal"),
            GameError::NoCpuMove => write!(f, "the CPU has no legal move"),
        }
    }
}

impl std::error::Error for GameError {}

/// What the CPU must search: the position, its quiet-turn counter and the
/// level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CpuRequest {
    pub position: Position,
    pub quiet: u32,
    pub level: Level,
}

/// A game against the CPU.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    level: Level,
    first: First,
    /// Every complete move since the game began.
    line: Line,
    /// Undo never withdraws the first `undo_floor` moves (C7).
    undo_floor: usize,
    /// Where the line ends: the position at the start of the current turn
    /// (during a chain the hops made so far are in `chain`, not here).
    position: Position,
    quiet: u32,
    /// The player's chain in progress: the squares visited so far, start
    /// included (at least two: a chain exists only after a first jump).
    chain: Vec<Square>,
    play_time_ms: u64,
    /// When the game began (ms since 1970, UTC), if known.
    started_at_ms: Option<u64>,
    result: Option<GameResult>,
    /// Whether this game's result has been added to the records.
    recorded: bool,
}

impl Game {
    /// A new game from the standard start (G2) against `level`, with the
    /// chosen side moving first (C6).
    pub fn new(level: Level, first: First) -> Game {
        let start = Position::start().with_turn(first.color());
        Game::from_line(level, first, Line::new(start, 0))
    }

    /// The game that `line` leads to. Undo starts from its end: nothing of
    /// the line can be withdrawn (C7).
    pub(crate) fn from_line(level: Level, first: First, line: Line) -> Game {
        let (position, quiet) = line.end();
        Game {
            level,
            first,
            undo_floor: line.len(),
            line,
            position,
            quiet,
            chain: Vec::new(),
            play_time_ms: 0,
            started_at_ms: None,
            result: GameResult::of(&position, quiet),
            recorded: false,
        }
    }

    /// The same game with the player's `chain` in progress (C7: a saved
    /// chain comes back lifted). An error, giving the chain back, unless it
    /// is the player's turn, at least one jump has been made, and the chain
    /// is the beginning of a legal move and not a whole one.
    pub(crate) fn with_chain(mut self, chain: Vec<Square>) -> Result<Game, Vec<Square>> {
        if chain.is_empty() {
            return Ok(self);
        }
        let continues = self.result.is_none()
            && self.position.turn() == PLAYER
            && chain.len() >= 2
            && self
                .position
                .legal_moves()
                .iter()
                .any(|m| m.path().starts_with(&chain) && m.path().len() > chain.len());
        if !continues {
            return Err(chain);
        }
        self.chain = chain;
        Ok(self)
    }

    /// The same game, begun at `ms` (ms since 1970, UTC).
    pub fn started_at(mut self, ms: u64) -> Game {
        self.started_at_ms = Some(ms);
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn first(&self) -> First {
        self.first
    }

    /// Every complete move since the game began.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// The position at the start of the current turn.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Turns in a row without a capture or a man's move (R8).
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Accumulated playing time in milliseconds (G4).
    pub fn play_time_ms(&self) -> u64 {
        self.play_time_ms
    }

    /// Add playing time (G4).
    pub fn add_play_time(&mut self, ms: u64) {
        self.play_time_ms = self.play_time_ms.saturating_add(ms);
    }

    /// When the game began, if known.
    pub fn started_at_ms(&self) -> Option<u64> {
        self.started_at_ms
    }

    /// Whether this game's result has been added to the records.
    pub fn is_recorded(&self) -> bool {
        self.recorded
    }

    /// Note that this game's result is in the records. Only a finished game
    /// can be; an unfinished one is left as it is. Returns whether the flag
    /// is now set.
    pub fn mark_recorded(&mut self) -> bool {
        self.recorded = self.result.is_some();
        self.recorded
    }

    /// Whether the CPU is to move (and the game goes on).
    pub fn cpu_to_move(&self) -> bool {
        self.result.is_none() && self.position.turn() == CPU
    }

    /// The piece that must jump again, mid-chain.
    pub fn lifted(&self) -> Option<Square> {
        if self.chain.len() >= 2 {
            self.chain.last().copied()
        } else {
            None
        }
    }

    /// The squares of the chain in progress, start included; empty if none.
    pub fn chain(&self) -> &[Square] {
        &self.chain
    }

    /// How many moves undo would keep: the player's last move at or after
    /// the undo floor is withdrawn with everything after it.
    fn undo_stop(&self) -> Option<usize> {
        (self.undo_floor..self.line.len())
            .rev()
            .find(|&i| self.line.mover(i) == PLAYER)
    }

    /// Whether undo would change anything.
    pub fn can_undo(&self) -> bool {
        self.result.is_none() && (!self.chain.is_empty() || self.undo_stop().is_some())
    }

    /// The legal moves that continue the player's chain (all of them
    /// outside a chain).
    fn continuing_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let prefix = &self.chain;
        self.position
            .legal_moves()
            .into_iter()
            .filter(move |m| m.path().starts_with(prefix))
    }

    /// The pieces the player may lift now and their next-hop destinations
    /// (C2): only pieces that can move; while a capture exists only those
    /// that can jump; mid-chain only the jumping piece. Empty unless the
    /// player is to decide.
    pub fn movable(&self) -> Vec<Movable> {
        if self.result.is_some() || self.position.turn() != PLAYER {
            return Vec::new();
        }
        let depth = self.chain.len().max(1);
        let mut out: Vec<Movable> = Vec::new();
        for m in self.continuing_moves() {
            let from = m.path()[depth - 1].number();
            let to = m.path()[depth].number();
            match out.iter_mut().find(|e| e.from == from) {
                Some(e) => {
                    if !e.to.contains(&to) {
                        e.to.push(to);
                    }
                }
                None => out.push(Movable { from, to: vec![to] }),
            }
        }
        out.sort_by_key(|e| e.from);
        for e in &mut out {
            e.to.sort_unstable();
        }
        out
    }

    /// What the turn line says (U4).
    pub fn status(&self) -> Status {
        if self.result.is_some() {
            Status::Over
        } else if self.position.turn() == CPU {
            Status::CpuThinking
        } else if self.lifted().is_some() {
            Status::JumpAgain
        } else if self.position.has_capture() {
            Status::CaptureAvailable
        } else {
            Status::YourTurn
        }
    }

    /// The last complete move, for its mark on the board (C5).
    pub fn last_move(&self) -> Option<LastMove> {
        let i = self.line.len().checked_sub(1)?;
        Some(LastMove {
            side: Side::of(self.line.mover(i)),
            path: self.line.moves()[i]
                .path()
                .iter()
                .map(|s| s.number())
                .collect(),
        })
    }

    /// Quiet turns left before the 50-turn draw (R8), once
    /// [`DRAW_WARNING_TURNS`] or fewer remain and the game goes on.
    pub fn draw_in(&self) -> Option<u32> {
        let left = DRAW_QUIET_TURNS.saturating_sub(self.quiet);
        (self.result.is_none() && left <= DRAW_WARNING_TURNS).then_some(left)
    }

    /// The board as shown: mid-chain, with the jumping piece on its landing
    /// square and the pieces it has taken removed.
    pub fn view(&self) -> View {
        let mut board = view::board(&self.position);
        if let Some(at) = self.lifted() {
            let from = self.chain[0].index();
            board[at.index()] = board[from].take();
            for sq in self.chain_captures() {
                board[sq.index()] = None;
            }
        }
        View {
            level: self.level,
            first: self.first,
            board,
            status: self.status(),
            movable: self.movable(),
            lifted: self.lifted().map(Square::number),
            last_move: self.last_move(),
            can_undo: self.can_undo(),
            result: self.result,
            moves: view::move_list(&self.line),
            draw_in: self.draw_in(),
        }
    }

    /// The pieces the chain in progress has jumped so far.
    fn chain_captures(&self) -> Bitboard {
        self.continuing_moves()
            .next()
            .map(|m| {
                (0..self.chain.len() - 1)
                    .filter_map(|i| m.jumped_on_hop(i))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// One hop of the player's move (see the module doc). Returns whether
    /// the turn ended. An illegal hop changes nothing.
    pub fn play_hop(&mut self, from: Square, to: Square) -> Result<bool, GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        if self.position.turn() != PLAYER {
            return Err(GameError::NotYourTurn);
        }
        if let Some(at) = self.lifted() {
            if at != from {
                return Err(GameError::MustContinueChain { with: at.number() });
            }
        }
        let mut path = if self.chain.is_empty() {
            vec![from]
        } else {
            self.chain.clone()
        };
        path.push(to);
        let mut continues = false;
        let mut complete = None;
        for m in self.position.legal_moves() {
            if m.path() == path.as_slice() {
                complete = Some(m);
            } else if m.path().starts_with(&path) {
                continues = true;
            }
        }
        match (complete, continues) {
            (Some(m), _) => {
                self.chain.clear();
                self.apply(&m);
                Ok(true)
            }
            (None, true) => {
                self.chain = path;
                Ok(false)
            }
            (None, false) => Err(GameError::IllegalHop {
                from: from.number(),
                to: to.number(),
            }),
        }
    }

    /// Apply a complete legal move: the line, the position, the quiet
    /// counter, and the end check after the completed turn (R7, R8).
    fn apply(&mut self, m: &Move) {
        self.quiet = next_quiet(&self.position, m, self.quiet);
        self.position = self.position.play_unchecked(m);
        self.line.push(*m);
        self.result = GameResult::of(&self.position, self.quiet);
    }

    /// What the CPU must search now. An error when the game is over or it
    /// is the player's turn.
    pub fn cpu_request(&self) -> Result<CpuRequest, GameError> {
        if self.result.is_some() {
            Err(GameError::GameOver)
        } else if self.position.turn() != CPU {
            Err(GameError::NotCpuTurn)
        } else {
            Ok(CpuRequest {
                position: self.position,
                quiet: self.quiet,
                level: self.level,
            })
        }
    }

    /// Apply the CPU's whole move (a search result), returned as its hops so
    /// the board can play them one by one (C5, D5). The move is checked.
    pub fn apply_cpu_move(&mut self, m: &Move) -> Result<Vec<Hop>, GameError> {
        self.cpu_request()?;
        if !self.position.legal_moves().contains(m) {
            return Err(GameError::IllegalCpuMove(m.to_string()));
        }
        self.apply(m);
        Ok(view::hops(m))
    }

    /// Back to the player's last decision (see the module doc). Returns the
    /// moves withdrawn (none when only a chain in progress was).
    pub fn undo(&mut self) -> Result<Vec<Move>, GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        if !self.chain.is_empty() {
            self.chain.clear();
            return Ok(Vec::new());
        }
        let stop = self.undo_stop().ok_or(GameError::NothingToUndo)?;
        let withdrawn = self.line.moves()[stop..].to_vec();
        self.line.truncate(stop);
        (self.position, self.quiet) = self.line.end();
        self.result = None;
        Ok(withdrawn)
    }

    /// Set the fields a save keeps beside the line and the chain.
    pub(crate) fn with_saved(
        mut self,
        play_time_ms: u64,
        started_at_ms: Option<u64>,
        recorded: bool,
    ) -> Game {
        self.play_time_ms = play_time_ms;
        self.started_at_ms = started_at_ms;
        self.recorded = recorded;
        self
    }
}
