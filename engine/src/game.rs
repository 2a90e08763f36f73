//! A game in progress: the player against the CPU, played hop by hop.
//!
//! The player is always White, drawn at the bottom and moving up; the CPU
//! is Black. Whoever starts (C6), the game begins from the standard
//! position. The player's move is entered one hop at a time (C3, C4); the
//! CPU's move comes whole from a search and is handed back as hops for the
//! board to play one by one (C5, D5). Undo goes back to the player's last
//! decision (U1, U3). Everything here is pure: the shell persists
//! [`Game::to_json`] and the [`Records`], the page renders [`Game::view`].

use crate::movegen::Move;
use crate::rules::{next_quiet, outcome, Outcome, DRAW_QUIET_TURNS};
use crate::{parse_fen, to_fen, Bitboard, Color, FenError, Level, Position, Role, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The player's colour: White, at the bottom of the board.
pub const PLAYER: Color = Color::White;
/// The CPU's colour: Black, at the top.
pub const CPU: Color = Color::Black;

/// Who moves first (C6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    Player,
    Cpu,
}

/// A side, as the page sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Player,
    Cpu,
}

impl Side {
    fn of(color: Color) -> Side {
        if color == PLAYER {
            Side::Player
        } else {
            Side::Cpu
        }
    }
}

/// How a finished game went, for the player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerOutcome {
    Win,
    Loss,
    Draw,
}

/// A result: win, loss or draw, and the pieces left on each side (G3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    pub outcome: PlayerOutcome,
    pub player_pieces: u32,
    pub cpu_pieces: u32,
}

/// The last move made, for the mark on the board (C5).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LastMove {
    pub side: Side,
    /// Square numbers from start to end.
    pub path: Vec<u8>,
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

/// A piece the player may lift now and where its next hop may land.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Movable {
    pub from: u8,
    pub to: Vec<u8>,
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

/// A piece on the board, as the page draws it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardPiece {
    pub side: Side,
    pub king: bool,
}

/// Everything the page needs to draw the game, ready to render.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub level: Level,
    pub first: First,
    /// Index 0 is square 1. Mid-chain the jumping piece is shown where it
    /// has landed and the pieces it has taken are gone.
    pub board: Vec<Option<BoardPiece>>,
    pub status: Status,
    /// Empty unless the player is to decide.
    pub movable: Vec<Movable>,
    /// The piece that must jump again (C4).
    pub lifted: Option<u8>,
    pub last_move: Option<LastMove>,
    pub can_undo: bool,
    pub result: Option<GameResult>,
}

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

/// The state that undo returns to: a point where the player decided.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Stop {
    position: Position,
    quiet: u32,
    last_move: Option<LastMove>,
}

/// A game against the CPU.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    level: Level,
    first: First,
    /// The position at the start of the current turn: during a chain the
    /// hops made so far are in `chain`, not here.
    position: Position,
    quiet: u32,
    /// The player's chain in progress: the squares visited so far, start
    /// included (at least two: a chain exists only after a first jump).
    chain: Vec<Square>,
    last_move: Option<LastMove>,
    /// Undo stops, oldest first. Not saved (C7).
    history: Vec<Stop>,
    play_time_ms: u64,
    result: Option<GameResult>,
    /// Whether this game's result is already in the records.
    recorded: bool,
}

impl Game {
    /// A new game from the standard start (G2) against `level`, with the
    /// chosen side moving first (C6).
    pub fn new(level: Level, first: First) -> Game {
        let turn = match first {
            First::Player => PLAYER,
            First::Cpu => CPU,
        };
        Game {
            level,
            first,
            position: Position::start().with_turn(turn),
            quiet: 0,
            chain: Vec::new(),
            last_move: None,
            history: Vec::new(),
            play_time_ms: 0,
            result: None,
            recorded: false,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn first(&self) -> First {
        self.first
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

    /// Whether undo would change anything.
    pub fn can_undo(&self) -> bool {
        self.result.is_none() && (!self.chain.is_empty() || !self.history.is_empty())
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

    /// The board as shown: mid-chain, with the jumping piece on its landing
    /// square and the pieces it has taken removed.
    pub fn view(&self) -> View {
        let (moving_from, at, taken) = match self.lifted() {
            Some(at) => (Some(self.chain[0]), Some(at), self.chain_captures()),
            None => (None, None, Bitboard::EMPTY),
        };
        let board = Square::ALL
            .iter()
            .map(|&sq| {
                let piece = if Some(sq) == at {
                    moving_from.and_then(|f| self.position.piece_at(f))
                } else if Some(sq) == moving_from || taken.contains(sq) {
                    None
                } else {
                    self.position.piece_at(sq)
                };
                piece.map(|p| BoardPiece {
                    side: Side::of(p.color),
                    king: p.role == Role::King,
                })
            })
            .collect();
        View {
            level: self.level,
            first: self.first,
            board,
            status: self.status(),
            movable: self.movable(),
            lifted: self.lifted().map(Square::number),
            last_move: self.last_move.clone(),
            can_undo: self.can_undo(),
            result: self.result,
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

    /// One hop of the player's move (C3, C4). A step, or a jump that ends
    /// the chain (no further jump, or a man crowned: R5), ends the turn; a
    /// jump after which the same piece can jump again keeps the turn, and
    /// only that piece may go on. Returns whether the turn ended. An illegal
    /// hop changes nothing.
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
                self.history.push(Stop {
                    position: self.position,
                    quiet: self.quiet,
                    last_move: self.last_move.clone(),
                });
                self.chain.clear();
                self.apply(&m, Side::Player);
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

    /// Apply a complete move: position, quiet counter, last-move mark, and
    /// the game end check after the completed turn (R7, R8).
    fn apply(&mut self, m: &Move, side: Side) {
        self.quiet = next_quiet(&self.position, m, self.quiet);
        self.position = self.position.play_unchecked(m);
        self.last_move = Some(LastMove {
            side,
            path: m.path().iter().map(|s| s.number()).collect(),
        });
        self.update_result();
    }

    fn update_result(&mut self) {
        self.result = outcome(&self.position, self.quiet).map(|o| GameResult {
            outcome: match o {
                Outcome::Draw => PlayerOutcome::Draw,
                Outcome::Win(c) if c == PLAYER => PlayerOutcome::Win,
                Outcome::Win(_) => PlayerOutcome::Loss,
            },
            player_pieces: self.position.pieces(PLAYER).count(),
            cpu_pieces: self.position.pieces(CPU).count(),
        });
    }

    /// What the CPU must search now: the position, its quiet-turn counter
    /// and the level. An error when the game is over or it is the player's
    /// turn.
    pub fn cpu_request(&self) -> Result<(Position, u32, Level), GameError> {
        if self.result.is_some() {
            Err(GameError::GameOver)
        } else if self.position.turn() != CPU {
            Err(GameError::NotCpuTurn)
        } else {
            Ok((self.position, self.quiet, self.level))
        }
    }

    /// Apply the CPU's whole move (a search result), returned as its hops so
    /// the board can play them one by one (C5, D5). The move is checked.
    pub fn apply_cpu_move(&mut self, m: &Move) -> Result<Vec<Hop>, GameError> {
        self.cpu_request()?;
        if !self.position.legal_moves().contains(m) {
            return Err(GameError::IllegalCpuMove(m.to_string()));
        }
        self.apply(m, Side::Cpu);
        Ok(hops(m))
    }

    /// The CPU's turn: one search, its move applied and returned as hops.
    pub fn cpu_move(
        &mut self,
        search: impl FnOnce(&Position, u32, Level) -> Option<Move>,
    ) -> Result<Vec<Hop>, GameError> {
        let (pos, quiet, level) = self.cpu_request()?;
        let m = search(&pos, quiet, level).ok_or(GameError::NoCpuMove)?;
        self.apply_cpu_move(&m)
    }

    /// Back to the player's last decision (U1): the player's move and the
    /// CPU's reply are withdrawn together; mid-chain, back to before the
    /// chain began (U3). A position where the CPU is to move is never a
    /// stop. A finished game cannot be undone: it is in the records.
    pub fn undo(&mut self) -> Result<(), GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        if !self.chain.is_empty() {
            self.chain.clear();
            return Ok(());
        }
        let stop = self.history.pop().ok_or(GameError::NothingToUndo)?;
        self.position = stop.position;
        self.quiet = stop.quiet;
        self.last_move = stop.last_move;
        self.update_result();
        Ok(())
    }

    /// The saved form (C7): everything needed to continue, an unfinished
    /// chain included, without the undo history.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            version: SNAPSHOT_VERSION,
            level: self.level,
            first: self.first,
            fen: to_fen(&self.position),
            quiet: self.quiet,
            chain: self.chain.iter().map(|s| s.number()).collect(),
            last_move: self.last_move.clone(),
            play_time_ms: self.play_time_ms,
            recorded: self.recorded,
        }
    }

    /// Continue a saved game, validating everything in it.
    pub fn restore(s: &Snapshot) -> Result<Game, SnapshotError> {
        if s.version != SNAPSHOT_VERSION {
            return Err(SnapshotError::UnsupportedVersion(s.version));
        }
        let position = parse_fen(&s.fen).map_err(SnapshotError::Position)?;
        if s.quiet > DRAW_QUIET_TURNS {
            return Err(SnapshotError::Quiet(s.quiet));
        }
        let squares = |v: &[u8]| -> Result<Vec<Square>, SnapshotError> {
            v.iter()
                .map(|&n| Square::try_from(n).map_err(|_| SnapshotError::Square(n)))
                .collect()
        };
        let chain = squares(&s.chain)?;
        if let Some(lm) = &s.last_move {
            if lm.path.len() < 2 {
                return Err(SnapshotError::LastMove);
            }
            squares(&lm.path)?;
        }
        let mut game = Game {
            level: s.level,
            first: s.first,
            position,
            quiet: s.quiet,
            chain: Vec::new(),
            last_move: s.last_move.clone(),
            history: Vec::new(),
            play_time_ms: s.play_time_ms,
            result: None,
            recorded: s.recorded,
        };
        game.update_result();
        if !chain.is_empty() {
            // A chain in progress: the player's turn, at least one jump made,
            // the prefix of a legal move and not a whole one.
            let ok = game.result.is_none()
                && position.turn() == PLAYER
                && chain.len() >= 2
                && position
                    .legal_moves()
                    .iter()
                    .any(|m| m.path().starts_with(&chain) && m.path().len() > chain.len());
            if !ok {
                return Err(SnapshotError::Chain(
                    chain
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join("x"),
                ));
            }
            game.chain = chain;
        }
        if game.recorded && game.result.is_none() {
            return Err(SnapshotError::RecordedUnfinished);
        }
        Ok(game)
    }

    /// The snapshot as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.snapshot()).unwrap_or_default()
    }

    /// A saved game from JSON, validated.
    pub fn from_json(text: &str) -> Result<Game, SnapshotError> {
        let snapshot: Snapshot =
            serde_json::from_str(text).map_err(|e| SnapshotError::Malformed(e.to_string()))?;
        Game::restore(&snapshot)
    }

    /// Whether this game's result has been added to the records.
    pub fn is_recorded(&self) -> bool {
        self.recorded
    }
}

/// A CPU move as hops, each with the piece it jumped.
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

/// The saved-game format version this build writes and reads.
pub const SNAPSHOT_VERSION: u32 = 1;

/// A saved game (C7), versioned.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Snapshot {
    pub version: u32,
    pub level: Level,
    pub first: First,
    /// The position at the start of the current turn, PDN FEN.
    pub fen: String,
    pub quiet: u32,
    /// The player's chain in progress, square numbers, empty if none.
    #[serde(default)]
    pub chain: Vec<u8>,
    pub last_move: Option<LastMove>,
    pub play_time_ms: u64,
    #[serde(default)]
    pub recorded: bool,
}

/// Why a saved game or records file cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SnapshotError {
    /// Not JSON of the right shape.
    Malformed(String),
    /// Written by another version of the app.
    UnsupportedVersion(u32),
    /// Not a legal position.
    Position(FenError),
    /// A quiet-turn counter past the draw.
    Quiet(u32),
    /// A square number outside 1–32.
    Square(u8),
    /// A chain in progress that no legal move continues.
    Chain(String),
    /// A last move with fewer than two squares.
    LastMove,
    /// Marked as recorded but not finished.
    RecordedUnfinished,
    /// Records with impossible totals.
    Records(String),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Malformed(e) => write!(f, "malformed file: {e}"),
            SnapshotError::UnsupportedVersion(v) => write!(f, "unsupported version {v}"),
            SnapshotError::Position(e) => write!(f, "bad position: {e}"),
            SnapshotError::Quiet(q) => write!(f, "quiet-turn counter {q} is past the draw"),
            SnapshotError::Square(n) => write!(f, "square {n} is outside 1-32"),
            SnapshotError::Chain(c) => write!(f, "chain {c} is not part of a legal move"),
            SnapshotError::LastMove => write!(f, "the last move has fewer than two squares"),
            SnapshotError::RecordedUnfinished => {
                write!(f, "an unfinished game is marked as recorded")
            }
            SnapshotError::Records(e) => write!(f, "bad records: {e}"),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// One level's record (G4, G5).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LevelRecord {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Pieces the player had left, summed over the recorded games.
    pub player_pieces_left: u32,
    /// Pieces the CPU had left, summed over the recorded games.
    pub cpu_pieces_left: u32,
    pub play_time_ms: u64,
}

impl LevelRecord {
    pub fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.losses) + u64::from(self.draws)
    }
}

/// The records format version this build writes and reads.
pub const RECORDS_VERSION: u32 = 1;

/// The record against each level, kept on the device (G5).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Records {
    pub version: u32,
    pub easy: LevelRecord,
    pub normal: LevelRecord,
    pub hard: LevelRecord,
}

impl Default for Records {
    fn default() -> Records {
        Records {
            version: RECORDS_VERSION,
            easy: LevelRecord::default(),
            normal: LevelRecord::default(),
            hard: LevelRecord::default(),
        }
    }
}

impl Records {
    pub fn level(&self, level: Level) -> &LevelRecord {
        match level {
            Level::Easy => &self.easy,
            Level::Normal => &self.normal,
            Level::Hard => &self.hard,
        }
    }

    fn level_mut(&mut self, level: Level) -> &mut LevelRecord {
        match level {
            Level::Easy => &mut self.easy,
            Level::Normal => &mut self.normal,
            Level::Hard => &mut self.hard,
        }
    }

    /// Add a game that really ended (G5), once: an unfinished or already
    /// recorded game changes nothing. Returns whether it was added.
    pub fn record(&mut self, game: &mut Game) -> bool {
        let Some(result) = game.result else {
            return false;
        };
        if game.recorded {
            return false;
        }
        let r = self.level_mut(game.level);
        match result.outcome {
            PlayerOutcome::Win => r.wins = r.wins.saturating_add(1),
            PlayerOutcome::Loss => r.losses = r.losses.saturating_add(1),
            PlayerOutcome::Draw => r.draws = r.draws.saturating_add(1),
        }
        r.player_pieces_left = r.player_pieces_left.saturating_add(result.player_pieces);
        r.cpu_pieces_left = r.cpu_pieces_left.saturating_add(result.cpu_pieces);
        r.play_time_ms = r.play_time_ms.saturating_add(game.play_time_ms);
        game.recorded = true;
        true
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Records from JSON, validated: the right version and possible totals
    /// (at most 12 pieces left per side per game).
    pub fn from_json(text: &str) -> Result<Records, SnapshotError> {
        let r: Records =
            serde_json::from_str(text).map_err(|e| SnapshotError::Malformed(e.to_string()))?;
        if r.version != RECORDS_VERSION {
            return Err(SnapshotError::UnsupportedVersion(r.version));
        }
        for level in Level::ALL {
            let l = r.level(level);
            let max = 12 * l.games();
            if u64::from(l.player_pieces_left) > max || u64::from(l.cpu_pieces_left) > max {
                return Err(SnapshotError::Records(format!(
                    "{level}: more pieces left than {} games allow",
                    l.games()
                )));
            }
        }
        Ok(r)
    }
}
