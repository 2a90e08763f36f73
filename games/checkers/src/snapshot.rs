//! The saved game: everything needed to continue a game after the app
//! stops, an unfinished chain included (C7), as versioned JSON.
//!
//! Version 2 keeps the game's whole line (its first position and every
//! move), so the move list and the review survive a restart; undo still
//! starts where the game is resumed. Version 1, written by earlier builds,
//! kept only the position at the start of the current turn: it is still
//! read, as a game whose line begins there (its last-move mark is not
//! carried over).
//!
//! Reading is parsing: the text becomes a [`Game`] whose every move has
//! been replayed under the rules, or a [`SnapshotError`] that says what is
//! wrong. Nothing in a file can make it panic.

use crate::fen::{parse_fen, to_fen, FenError};
use crate::game::Game;
use crate::line::{Line, LineError};
use crate::rules::{outcome, DRAW_QUIET_TURNS};
use crate::sides::First;
use crate::text::excerpt;
use crate::{Level, Square};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The saved-game format version this build writes.
pub const SNAPSHOT_VERSION: u32 = 2;

/// A saved game, version 2.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Snapshot {
    pub version: u32,
    pub level: Level,
    pub first: First,
    /// The position the game began in, PDN FEN.
    pub start: String,
    /// The quiet-turn counter it began with.
    pub start_quiet: u32,
    /// Every complete move since, in full-path notation.
    pub moves: Vec<String>,
    /// The player's chain in progress, start square included; empty if none.
    #[serde(default)]
    pub chain: Vec<Square>,
    pub play_time_ms: u64,
    /// When the game began, ms since 1970 (UTC).
    #[serde(default)]
    pub started_at_ms: Option<u64>,
    #[serde(default)]
    pub recorded: bool,
}

/// A saved game as version 1 wrote it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SnapshotV1 {
    #[allow(dead_code)]
    version: u32,
    level: Level,
    first: First,
    /// The position at the start of the current turn.
    fen: String,
    quiet: u32,
    #[serde(default)]
    chain: Vec<Square>,
    /// Dropped: a version-1 save has no line to take it from.
    #[allow(dead_code)]
    last_move: Option<Value>,
    play_time_ms: u64,
    #[serde(default)]
    recorded: bool,
}

/// Why a saved game cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SnapshotError {
    /// Not JSON of the right shape.
    Malformed(String),
    /// Written by another version of the app.
    UnsupportedVersion(u64),
    /// The first position is not a legal position.
    Position(FenError),
    /// A quiet-turn counter past the draw.
    Quiet(u32),
    /// The moves are not a game from the first position.
    Line(LineError),
    /// The first position is already the end of a game and no move
    /// follows it: its result is one that nobody played.
    OverAtStart,
    /// A chain in progress that no legal move continues.
    Chain(String),
    /// Marked as recorded but not finished.
    RecordedUnfinished,
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Malformed(e) => write!(f, "malformed file: {e}"),
            SnapshotError::UnsupportedVersion(v) => write!(f, "unsupported version {v}"),
            SnapshotError::Position(e) => write!(f, "bad position: {e}"),
            SnapshotError::Quiet(q) => write!(f, "quiet-turn counter {q} is past the draw"),
            SnapshotError::Line(e) => write!(f, "bad moves: {e}"),
            SnapshotError::OverAtStart => f.write_str("the game is over before its first move"),
            SnapshotError::Chain(c) => write!(f, "chain {c} is not part of a legal move"),
            SnapshotError::RecordedUnfinished => {
                write!(f, "an unfinished game is marked as recorded")
            }
        }
    }
}

impl std::error::Error for SnapshotError {}

/// A JSON error as one short line: serde's messages can quote the input.
pub(crate) fn malformed(e: serde_json::Error) -> String {
    let text = e.to_string();
    if text.chars().count() <= 160 {
        text
    } else {
        format!("{}…", text.chars().take(160).collect::<String>())
    }
}

/// The line a save describes: its first position, counter and moves. A
/// first position that already ends the game (no move for the side to
/// move, or the 50-turn draw reached) with no move after it is refused: a
/// game counts only a result that was played.
pub(crate) fn read_line(
    start: &str,
    start_quiet: u32,
    moves: &[String],
) -> Result<Line, SnapshotError> {
    let start = parse_fen(start).map_err(SnapshotError::Position)?;
    if start_quiet > DRAW_QUIET_TURNS {
        return Err(SnapshotError::Quiet(start_quiet));
    }
    if moves.is_empty() && outcome(&start, start_quiet).is_some() {
        return Err(SnapshotError::OverAtStart);
    }
    Line::replay(start, start_quiet, moves).map_err(SnapshotError::Line)
}

impl Game {
    /// The saved form (C7): everything needed to continue, an unfinished
    /// chain included.
    pub fn snapshot(&self) -> Snapshot {
        let line = self.line();
        Snapshot {
            version: SNAPSHOT_VERSION,
            level: self.level(),
            first: self.first(),
            start: to_fen(line.start()),
            start_quiet: line.start_quiet(),
            moves: line.texts(),
            chain: self.chain().to_vec(),
            play_time_ms: self.play_time_ms(),
            started_at_ms: self.started_at_ms(),
            recorded: self.is_recorded(),
        }
    }

    /// The snapshot as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.snapshot()).unwrap_or_default()
    }

    /// Continue a saved game, checking everything in it: the first
    /// position, every move, the chain in progress, the recorded flag.
    pub fn restore(s: &Snapshot) -> Result<Game, SnapshotError> {
        if s.version != SNAPSHOT_VERSION {
            return Err(SnapshotError::UnsupportedVersion(s.version.into()));
        }
        let line = read_line(&s.start, s.start_quiet, &s.moves)?;
        finish(
            Game::from_line(s.level, s.first, line),
            s.chain.clone(),
            s.play_time_ms,
            s.started_at_ms,
            s.recorded,
        )
    }

    /// A saved game from JSON (version 1 or 2), checked as [`Game::restore`]
    /// does.
    pub fn from_json(text: &str) -> Result<Game, SnapshotError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| SnapshotError::Malformed(malformed(e)))?;
        Game::from_value(value)
    }

    /// A saved game from parsed JSON (version 1 or 2).
    pub fn from_value(value: Value) -> Result<Game, SnapshotError> {
        let version = value.get("version").and_then(Value::as_u64);
        let shape = |e| SnapshotError::Malformed(malformed(e));
        match version {
            Some(1) => {
                let s: SnapshotV1 = serde_json::from_value(value).map_err(shape)?;
                let line = read_line(&s.fen, s.quiet, &[] as &[String])?;
                finish(
                    Game::from_line(s.level, s.first, line),
                    s.chain,
                    s.play_time_ms,
                    None,
                    s.recorded,
                )
            }
            Some(2) => Game::restore(&serde_json::from_value(value).map_err(shape)?),
            Some(v) => Err(SnapshotError::UnsupportedVersion(v)),
            None => Err(SnapshotError::Malformed("no version number".to_string())),
        }
    }
}

/// The checks common to both versions, after the line.
fn finish(
    game: Game,
    chain: Vec<Square>,
    play_time_ms: u64,
    started_at_ms: Option<u64>,
    recorded: bool,
) -> Result<Game, SnapshotError> {
    let game = game.with_chain(chain).map_err(|chain| {
        let text: Vec<String> = chain.iter().map(Square::to_string).collect();
        SnapshotError::Chain(excerpt(&text.join("x")))
    })?;
    if recorded && game.result().is_none() {
        return Err(SnapshotError::RecordedUnfinished);
    }
    Ok(game.with_saved(play_time_ms, started_at_ms, recorded))
}
