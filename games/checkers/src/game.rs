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
//! - The CPU's move comes whole from a search; the board plays it hop by
//!   hop (C5, D5).
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
//! ([`crate::snapshot`]) and the records ([`crate::records`]); the page
//! offers what [`Game::legal_moves`] allows and draws the view built from
//! the game ([`crate::view`]). The sides and the result are
//! [`crate::sides`]'s.

use crate::line::Line;
use crate::moves::Move;
use crate::rules::{next_quiet, DRAW_QUIET_TURNS};
use crate::sides::{First, GameResult, CPU, PLAYER};
use crate::{Bitboard, Level, Position, Square};
use serde::Serialize;
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

/// A piece the player may lift now and the squares its next hop may
/// reach (C2, C3).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Movable {
    pub from: Square,
    /// In square order; never empty.
    pub to: Vec<Square>,
}

/// What the player may do now: the one source of what the page offers
/// (C2-C4, U5). Only the session makes one ([`Game::legal_moves`]), so its
/// parts always agree:
///
/// - the pieces that may be lifted, in square order, each with its next-hop
///   destinations: only pieces that can move; while a capture exists only
///   those that can jump (R3); mid-chain only the jumping piece, whose
///   destinations are its next jumps (R4);
/// - whether a capture is forced, which is why only jumping pieces are
///   offered;
/// - mid-chain, the piece that must jump again (C4), then the only one
///   offered.
///
/// Empty while the CPU is to move and once the game is over. In JSON:
/// `{ "movable": [{ "from": 22, "to": [17, 18] }, ...], "captureForced":
/// false, "mustContinue": null }`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LegalMoves {
    movable: Vec<Movable>,
    capture_forced: bool,
    must_continue: Option<Square>,
}

impl LegalMoves {
    /// The pieces the player may lift, in square order, with their
    /// destinations.
    pub fn movable(&self) -> &[Movable] {
        &self.movable
    }

    /// Where the piece on `from` may hop next; empty if it may not be
    /// lifted.
    pub fn destinations(&self, from: Square) -> &[Square] {
        self.movable
            .iter()
            .find(|m| m.from == from)
            .map_or(&[], |m| m.to.as_slice())
    }

    /// Whether a capture is available, so only jumps are offered (R3).
    pub fn capture_forced(&self) -> bool {
        self.capture_forced
    }

    /// Mid-chain, the piece that must jump again (C4, R4).
    pub fn must_continue(&self) -> Option<Square> {
        self.must_continue
    }

    /// Whether nothing is offered: the CPU is to move or the game is over.
    pub fn is_empty(&self) -> bool {
        self.movable.is_empty()
    }
}

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

    /// What the player may do now (see [`LegalMoves`]): nothing unless the
    /// player is to decide.
    pub fn legal_moves(&self) -> LegalMoves {
        if self.result.is_some() || self.position.turn() != PLAYER {
            return LegalMoves::default();
        }
        let depth = self.chain.len().max(1);
        let mut movable: Vec<Movable> = Vec::new();
        for m in self.continuing_moves() {
            let from = m.path()[depth - 1];
            let to = m.path()[depth];
            match movable.iter_mut().find(|e| e.from == from) {
                Some(e) => {
                    if !e.to.contains(&to) {
                        e.to.push(to);
                    }
                }
                None => movable.push(Movable { from, to: vec![to] }),
            }
        }
        movable.sort_by_key(|e| e.from);
        for e in &mut movable {
            e.to.sort_unstable();
        }
        LegalMoves {
            movable,
            capture_forced: self.position.has_capture(),
            must_continue: self.lifted(),
        }
    }

    /// Quiet turns left before the 50-turn draw (R8), once
    /// [`DRAW_WARNING_TURNS`] or fewer remain and the game goes on.
    pub fn draw_in(&self) -> Option<u32> {
        let left = DRAW_QUIET_TURNS.saturating_sub(self.quiet);
        (self.result.is_none() && left <= DRAW_WARNING_TURNS).then_some(left)
    }

    /// The pieces the chain in progress has jumped so far; none outside a
    /// chain. (They stay on the board of [`Game::position`] until the
    /// chain ends.)
    pub fn chain_captures(&self) -> Bitboard {
        if self.chain.len() < 2 {
            return Bitboard::default();
        }
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

    /// Apply the CPU's whole move (a search result). The move is checked.
    pub fn apply_cpu_move(&mut self, m: &Move) -> Result<(), GameError> {
        self.cpu_request()?;
        if !self.position.legal_moves().contains(m) {
            return Err(GameError::IllegalCpuMove(m.to_string()));
        }
        self.apply(m);
        Ok(())
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
