//! The record against each level and the last finished games, kept on the
//! device (G4, G5).
//!
//! Only a game that really ended is recorded: an abandoned game never is,
//! and a finished one is added once ([`Records::add`] takes an
//! [`ArchivedGame`], which only a finished [`Game`] yields; the shell keeps
//! it from being added twice). Per level the records count wins, draws and
//! losses, the pieces each side had left, and the playing time. The last
//! [`HISTORY_LEN`] finished games are kept whole (their moves), newest
//! first, so each can be reviewed and copied as PDN.
//!
//! Reading is parsing: every kept game is replayed under the rules and its
//! stated result must be the one its final position gives.

use crate::fen::to_fen;
use crate::game::Game;
use crate::line::Line;
use crate::sides::{First, GameResult, PlayerOutcome};
use crate::snapshot::{malformed, read_line, SnapshotError};
use crate::Level;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

/// The records format version this build writes. Version 1 (no history)
/// is still read.
pub const RECORDS_VERSION: u32 = 2;

/// How many finished games the history keeps.
pub const HISTORY_LEN: usize = 50;

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

    fn add(&mut self, result: &GameResult, play_time_ms: u64) {
        let count = match result.outcome {
            PlayerOutcome::Win => &mut self.wins,
            PlayerOutcome::Loss => &mut self.losses,
            PlayerOutcome::Draw => &mut self.draws,
        };
        *count = count.saturating_add(1);
        self.player_pieces_left = self.player_pieces_left.saturating_add(result.player_pieces);
        self.cpu_pieces_left = self.cpu_pieces_left.saturating_add(result.cpu_pieces);
        self.play_time_ms = self.play_time_ms.saturating_add(play_time_ms);
    }
}

/// A finished game, kept whole.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArchivedGame {
    /// The game's number, given by the shell; unique among kept games.
    pub id: u64,
    /// When it ended, ms since 1970 (UTC).
    pub finished_at_ms: u64,
    /// When it began, if known.
    pub started_at_ms: Option<u64>,
    pub level: Level,
    pub first: First,
    pub result: GameResult,
    pub play_time_ms: u64,
    line: Line,
}

/// An archived game as stored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ArchivedDoc {
    id: u64,
    finished_at_ms: u64,
    #[serde(default)]
    started_at_ms: Option<u64>,
    level: Level,
    first: First,
    result: GameResult,
    play_time_ms: u64,
    start: String,
    start_quiet: u32,
    moves: Vec<String>,
}

impl ArchivedGame {
    /// `game` as kept in the history, numbered `id`, ended at
    /// `finished_at_ms`; `None` while it goes on.
    pub fn of(game: &Game, id: u64, finished_at_ms: u64) -> Option<ArchivedGame> {
        Some(ArchivedGame {
            id,
            finished_at_ms,
            started_at_ms: game.started_at_ms(),
            level: game.level(),
            first: game.first(),
            result: game.result()?,
            play_time_ms: game.play_time_ms(),
            line: game.line().clone(),
        })
    }

    /// Every move of the game.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// The number of turns played.
    pub fn turns(&self) -> usize {
        self.line.len()
    }

    fn doc(&self) -> ArchivedDoc {
        ArchivedDoc {
            id: self.id,
            finished_at_ms: self.finished_at_ms,
            started_at_ms: self.started_at_ms,
            level: self.level,
            first: self.first,
            result: self.result,
            play_time_ms: self.play_time_ms,
            start: to_fen(self.line.start()),
            start_quiet: self.line.start_quiet(),
            moves: self.line.texts(),
        }
    }

    /// A stored game, replayed; its result must be the one the rules give.
    fn from_doc(d: ArchivedDoc) -> Result<ArchivedGame, RecordsError> {
        let line = read_line(&d.start, d.start_quiet, &d.moves).map_err(RecordsError::Game)?;
        let (pos, quiet) = line.end();
        if GameResult::of(&pos, quiet) != Some(d.result) {
            return Err(RecordsError::WrongResult(d.id));
        }
        Ok(ArchivedGame {
            id: d.id,
            finished_at_ms: d.finished_at_ms,
            started_at_ms: d.started_at_ms,
            level: d.level,
            first: d.first,
            result: d.result,
            play_time_ms: d.play_time_ms,
            line,
        })
    }
}

/// One line of the history, as the records screen lists it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub id: u64,
    pub finished_at_ms: u64,
    pub level: Level,
    pub first: First,
    pub result: GameResult,
    pub turns: usize,
}

/// The records as the page shows them: the counts per level and the
/// history, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordsView {
    pub easy: LevelRecord,
    pub normal: LevelRecord,
    pub hard: LevelRecord,
    pub history: Vec<HistoryEntry>,
}

/// The record against each level and the last finished games.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Records {
    easy: LevelRecord,
    normal: LevelRecord,
    hard: LevelRecord,
    /// Newest first, at most [`HISTORY_LEN`].
    history: VecDeque<ArchivedGame>,
}

/// The records document as stored.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RecordsDoc {
    version: u32,
    easy: LevelRecord,
    normal: LevelRecord,
    hard: LevelRecord,
    /// Absent in version 1.
    #[serde(default)]
    history: Vec<ArchivedDoc>,
}

/// Why a records document cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordsError {
    /// Not JSON of the right shape.
    Malformed(String),
    /// Written by another version of the app.
    UnsupportedVersion(u32),
    /// More pieces left than the games at a level allow (12 a side each).
    ImpossibleTotals(Level),
    /// More kept games than the history holds, or two with one number.
    BadHistory,
    /// A kept game that is not a game under the rules.
    Game(SnapshotError),
    /// A kept game whose stated result is not the one it ended with.
    WrongResult(u64),
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordsError::Malformed(e) => write!(f, "malformed records: {e}"),
            RecordsError::UnsupportedVersion(v) => write!(f, "unsupported records version {v}"),
            RecordsError::ImpossibleTotals(l) => {
                write!(f, "{l}: more pieces left than the games allow")
            }
            RecordsError::BadHistory => write!(
                f,
                "the history keeps more than {HISTORY_LEN} games or one number twice"
            ),
            RecordsError::Game(e) => write!(f, "a kept game is unusable: {e}"),
            RecordsError::WrongResult(id) => {
                write!(f, "kept game {id} did not end as its result says")
            }
        }
    }
}

impl std::error::Error for RecordsError {}

impl Records {
    /// One level's record.
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

    /// Count a finished game (G5) and keep it at the head of the history,
    /// dropping the oldest beyond [`HISTORY_LEN`]. A kept game with the
    /// same number is replaced.
    pub fn add(&mut self, game: ArchivedGame) {
        self.level_mut(game.level)
            .add(&game.result, game.play_time_ms);
        self.history.retain(|g| g.id != game.id);
        self.history.push_front(game);
        self.history.truncate(HISTORY_LEN);
    }

    /// The kept games, newest first.
    pub fn history(&self) -> impl Iterator<Item = &ArchivedGame> {
        self.history.iter()
    }

    /// The kept game numbered `id`.
    pub fn game(&self, id: u64) -> Option<&ArchivedGame> {
        self.history.iter().find(|g| g.id == id)
    }

    /// The records as the page shows them.
    pub fn view(&self) -> RecordsView {
        RecordsView {
            easy: self.easy,
            normal: self.normal,
            hard: self.hard,
            history: self
                .history
                .iter()
                .map(|g| HistoryEntry {
                    id: g.id,
                    finished_at_ms: g.finished_at_ms,
                    level: g.level,
                    first: g.first,
                    result: g.result,
                    turns: g.turns(),
                })
                .collect(),
        }
    }

    /// The records as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_value()).unwrap_or_default()
    }

    /// The records as a JSON value.
    pub fn to_value(&self) -> serde_json::Value {
        let doc = RecordsDoc {
            version: RECORDS_VERSION,
            easy: self.easy,
            normal: self.normal,
            hard: self.hard,
            history: self.history.iter().map(ArchivedGame::doc).collect(),
        };
        serde_json::to_value(doc).unwrap_or_default()
    }

    /// Records from JSON text. See [`Records::from_value`].
    pub fn from_json(text: &str) -> Result<Records, RecordsError> {
        serde_json::from_str(text)
            .map_err(|e| RecordsError::Malformed(malformed(e)))
            .and_then(Records::from_value)
    }

    /// Records from parsed JSON, version 1 or 2, checked: possible totals
    /// (at most 12 pieces left per side per game), at most
    /// [`HISTORY_LEN`] kept games with distinct numbers, each replayed
    /// under the rules to the result it states.
    pub fn from_value(value: serde_json::Value) -> Result<Records, RecordsError> {
        let doc: RecordsDoc =
            serde_json::from_value(value).map_err(|e| RecordsError::Malformed(malformed(e)))?;
        if doc.version != 1 && doc.version != RECORDS_VERSION {
            return Err(RecordsError::UnsupportedVersion(doc.version));
        }
        if doc.history.len() > HISTORY_LEN {
            return Err(RecordsError::BadHistory);
        }
        let mut records = Records {
            easy: doc.easy,
            normal: doc.normal,
            hard: doc.hard,
            history: VecDeque::with_capacity(doc.history.len()),
        };
        for level in Level::ALL {
            let l = records.level(level);
            let max = 12 * l.games();
            if u64::from(l.player_pieces_left) > max || u64::from(l.cpu_pieces_left) > max {
                return Err(RecordsError::ImpossibleTotals(level));
            }
        }
        for d in doc.history {
            let game = ArchivedGame::from_doc(d)?;
            if records.game(game.id).is_some() {
                return Err(RecordsError::BadHistory);
            }
            records.history.push_back(game);
        }
        Ok(records)
    }
}
