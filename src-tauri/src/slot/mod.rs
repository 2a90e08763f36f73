//! What every game's session does, written once: a game's place in the
//! shell.
//!
//! A game keeps two documents through [`crate::app::persist`]: the game in
//! progress (or just ended) and its records (checkers' counts and kept
//! games, Choko's ladder):
//!
//! - game: `{ "gameId": 7, "game": <the game's save> }`;
//! - records: `{ "lastGameId": 6, "<records key>": <the records> }`.
//!
//! A game whose records run in epochs (Choko's streaks) also writes
//! `"<epoch key>": n` in both.
//!
//! The slot gives every game:
//!
//! - **Game numbers.** Each new game takes the next number; a number is
//!   stored only below the counters' limit, so a number read can always
//!   be followed by another ([`crate::app::persist::next_counter`]).
//! - **Counted once.** The records remember the number of the last game
//!   they counted. An ended game is counted by writing the records first,
//!   then the game marked counted: a crash between the two writes leaves a
//!   game that the records already hold, which the next start marks
//!   without counting it again, or one they miss, which it counts.
//! - **Epochs.** A new epoch writes its first game first, then the records
//!   that begin the epoch; a start that finds a game of a newer epoch than
//!   its records begins it in them then, and a game of an older epoch is
//!   dropped, neither offered nor counted.
//! - **Stale replies.** Every change that makes a reply being searched
//!   meaningless (a new game, undo, leaving) bumps a generation; the
//!   machine's reply is applied only to the generation it was asked for.
//! - **Notices.** The player is told of every document lost, after a
//!   notice that progress is not being kept when a document cannot be
//!   written, and of the first save that fails; each notice once.
//! - **Refusals.** `{ code, message }` for the page ([`SlotError`],
//!   [`arg`]).

pub mod arg;

use crate::app::persist::{
    counter_with_room, next_counter, Document, Loaded, SaveError, MAX_COUNTER,
};
use arg::BadArgument;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::fmt;
use std::path::Path;
use tauri::{AppHandle, Runtime};

/// What a game gives its slot: its documents' names and keys, its save
/// and its records read and written, and how an ended game is counted.
pub trait SlotGame: Sized {
    /// The game's records.
    type Records: Default;
    /// The game's notices, which the page translates.
    type Notice: Copy + PartialEq + Serialize;

    /// The game's name, in logs.
    const NAME: &'static str;
    /// File stems of the game's two documents.
    const GAME_DOC: &'static str;
    const RECORDS_DOC: &'static str;
    /// The key of the records in their document.
    const RECORDS_KEY: &'static str;
    /// The key of the epoch in both documents, for a game whose records
    /// run in epochs.
    const EPOCH_KEY: Option<&'static str>;
    /// The notices: progress is not being kept; the game, or the records,
    /// could not be read.
    const NOT_SAVING: Self::Notice;
    const GAME_LOST: Self::Notice;
    const RECORDS_LOST: Self::Notice;

    /// A saved game, checked whole by the engine.
    fn read_game(value: &Value) -> Result<Self, String>;
    /// The game's save.
    fn write_game(&self) -> Value;
    /// Saved records, checked whole by the engine.
    fn read_records(value: &Value) -> Result<Self::Records, String>;
    /// The records' save.
    fn write_records(records: &Self::Records) -> Value;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// Whether the records have counted this game.
    fn is_recorded(&self) -> bool;
    /// Marks the game counted.
    fn mark_recorded(&mut self);
    /// Counts the ended game, numbered `id`, in `records`, at `now_ms`
    /// (ms since 1970, UTC).
    fn record(&self, records: &mut Self::Records, id: u64, now_ms: u64);
    /// What the records do when a new epoch begins, at `now_ms`.
    fn begin_epoch(_records: &mut Self::Records, _now_ms: u64) {}
}

/// A command's answer and the notices the player has not been given yet,
/// omitted when there are none.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reply<T, N> {
    #[serde(flatten)]
    pub value: T,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<N>,
}

/// The refusals every game's commands share. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotError {
    /// No game has been started (or loaded).
    NoGame,
    /// The machine's reply was for a game that has since changed: it was
    /// discarded.
    Stale,
    /// The search could not be run. Only a panic in the search can cause
    /// this, and release builds abort on a panic.
    Search,
    /// An argument of the command is missing or malformed.
    BadArgument(BadArgument),
}

impl SlotError {
    /// A stable name for the refusal, which the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            SlotError::NoGame => "noGame",
            SlotError::Stale => "stale",
            SlotError::Search => "search",
            SlotError::BadArgument(_) => "badArgument",
        }
    }
}

impl fmt::Display for SlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlotError::NoGame => f.write_str("no game in progress"),
            SlotError::Stale => f.write_str("the game changed while the machine was thinking"),
            SlotError::Search => f.write_str("the machine could not think"),
            SlotError::BadArgument(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SlotError {}

/// A refusal as the page receives it: `{ "code": "illegalHop", "message":
/// "…" }`. The page shows its own sentence for the code; the message is
/// for logs.
pub fn refusal<S: serde::Serializer>(code: &str, message: String, s: S) -> Result<S::Ok, S::Error> {
    json!({ "code": code, "message": message }).serialize(s)
}

/// Now, in ms since 1970 (UTC).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The date of `ms` (since 1970, UTC) as a game record writes it:
/// `2026.12.07`.
pub fn record_date(ms: u64) -> String {
    let t = i64::try_from(ms / 1000)
        .ok()
        .and_then(|s| time::OffsetDateTime::from_unix_timestamp(s).ok())
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day())
}

/// A game's number, as the page names a kept game: a whole number from 0
/// to [`MAX_COUNTER`]. Anything else is refused without being quoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameNumber(pub u64);

impl<'de> Deserialize<'de> for GameNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameNumber, D::Error> {
        struct Number;
        impl serde::de::Visitor<'_> for Number {
            type Value = GameNumber;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a game number from 0 to {MAX_COUNTER}")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<GameNumber, E> {
                if n <= MAX_COUNTER {
                    Ok(GameNumber(n))
                } else {
                    Err(E::custom(format!("game number {n} is out of range")))
                }
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<GameNumber, E> {
                let n =
                    u64::try_from(n).map_err(|_| E::custom("a game number is never negative"))?;
                self.visit_u64(n)
            }
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<GameNumber, E> {
                Err(E::custom("a game number is a whole number"))
            }
            fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<GameNumber, E> {
                Err(E::custom("a game number is a number, not text"))
            }
        }
        d.deserialize_any(Number)
    }
}

/// A saved game as its document holds it: its number, its epoch, the game.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame<G> {
    pub game_id: u64,
    pub epoch: u64,
    pub game: G,
}

/// Saved records: the number of the last game they counted, their epoch,
/// the records.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SavedRecords<T> {
    pub last_game_id: u64,
    pub epoch: u64,
    pub records: T,
}

/// A number of an envelope: a whole number below the counters' limit.
fn number(map: &mut Map<String, Value>, key: &str) -> Result<u64, String> {
    match map.remove(key) {
        Some(Value::Number(n)) => {
            let n = n
                .as_u64()
                .ok_or_else(|| format!("{key} is not a whole number"))?;
            counter_with_room(n).map_err(|_| format!("{key} {n} is out of range"))
        }
        Some(_) => Err(format!("{key} is not a number")),
        None => Err(format!("no {key}")),
    }
}

/// The keys of an envelope: a number, the epoch when the game has one
/// (0 when a file from before epochs leaves it out), and the content.
fn envelope<G: SlotGame>(
    value: &Value,
    number_key: &str,
    content_key: &str,
) -> Result<(u64, u64, Value), String> {
    let Value::Object(map) = value else {
        return Err("the document is not a JSON object".into());
    };
    let mut map = map.clone();
    let n = number(&mut map, number_key)?;
    let epoch = match G::EPOCH_KEY {
        Some(key) if map.contains_key(key) => number(&mut map, key)?,
        _ => 0,
    };
    let content = map
        .remove(content_key)
        .ok_or_else(|| format!("no {content_key}"))?;
    if let Some(extra) = map.keys().next() {
        let extra: String = extra.chars().take(40).collect();
        return Err(format!("unknown key {extra}"));
    }
    Ok((n, epoch, content))
}

/// Check a game's document fully: the envelope, its numbers, then the
/// engine's own checks of the game.
pub fn validate_game<G: SlotGame>(value: &Value) -> Result<SavedGame<G>, String> {
    let (game_id, epoch, game) = envelope::<G>(value, "gameId", "game")?;
    Ok(SavedGame {
        game_id,
        epoch,
        game: G::read_game(&game)?,
    })
}

/// Check a records document fully: the envelope, its numbers, then the
/// engine's own checks of the records.
pub fn validate_records<G: SlotGame>(value: &Value) -> Result<SavedRecords<G::Records>, String> {
    let (last_game_id, epoch, records) = envelope::<G>(value, "lastGameId", G::RECORDS_KEY)?;
    Ok(SavedRecords {
        last_game_id,
        epoch,
        records: G::read_records(&records)?,
    })
}

/// Log what could not be read; the player is told by the notices.
pub fn report<T>(name: &str, loaded: &Loaded<T>) {
    for s in &loaded.set_aside {
        match &s.moved_to {
            Some(to) => eprintln!(
                "{name}: {} is unusable ({}); moved to {}",
                s.path.display(),
                s.reason,
                to.display()
            ),
            None => eprintln!(
                "{name}: {} is unusable ({}) and could not be moved aside; it will not be written",
                s.path.display(),
                s.reason
            ),
        }
    }
}

/// A game's place in the shell: the game, its records, their documents,
/// and what the player has not been told yet.
pub struct Slot<G: SlotGame> {
    /// The game in progress or just ended; `None` before the first.
    pub game: Option<G>,
    /// The game's records.
    pub records: G::Records,
    /// The number of the game (0 before the first).
    game_id: u64,
    /// The game could not be given a number (the counter has no room
    /// left): it is neither saved nor counted, and the player has been
    /// told that progress is not being kept.
    unnumbered: bool,
    /// The records' epoch, which their games carry.
    epoch: u64,
    /// Bumped by every change a reply being searched cannot survive.
    generation: u64,
    /// The number of the last game counted in the records.
    last_recorded_id: u64,
    notices: Vec<G::Notice>,
    told_not_saving: bool,
    game_doc: Document,
    records_doc: Document,
}

impl<G: SlotGame> Slot<G> {
    /// Load the records and the game from `dir`, and make the pair whole:
    /// a newer epoch that the records missed begins in them, a game of an
    /// older epoch is dropped, and an ended game not yet counted (the app
    /// stopped between the two writes) is counted.
    pub fn load<R: Runtime>(app: &AppHandle<R>, dir: &Path) -> Slot<G> {
        let records = Document::load(dir, G::RECORDS_DOC, validate_records::<G>);
        let game = Document::load(dir, G::GAME_DOC, validate_game::<G>);
        report(G::NAME, &records);
        report(G::NAME, &game);
        let blocked = records.blocked() || game.blocked();
        let notices = [
            (blocked, G::NOT_SAVING),
            (records.lost(), G::RECORDS_LOST),
            (game.lost(), G::GAME_LOST),
        ]
        .into_iter()
        .filter_map(|(owed, notice)| owed.then_some(notice))
        .collect();
        let saved = records.value.unwrap_or_default();
        let mut slot = Slot {
            game: None,
            records: saved.records,
            game_id: 0,
            unnumbered: false,
            epoch: saved.epoch,
            generation: 0,
            last_recorded_id: saved.last_game_id,
            notices,
            told_not_saving: blocked,
            game_doc: game.doc,
            records_doc: records.doc,
        };
        if let Some(saved) = game.value {
            slot.game_id = saved.game_id;
            if saved.epoch > slot.epoch {
                // The epoch's first game was written, its records not.
                G::begin_epoch(&mut slot.records, now_ms());
                slot.epoch = saved.epoch;
                slot.save_records(app);
            }
            if saved.epoch == slot.epoch {
                slot.game = Some(saved.game);
            }
        }
        slot.record_if_ended(app);
        slot
    }

    /// The generation a reply asked for now belongs to.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Makes every reply being searched stale.
    pub fn bump(&mut self) {
        self.generation += 1;
    }

    /// The notices the player has not been given yet, given now.
    pub fn take_notices(&mut self) -> Vec<G::Notice> {
        std::mem::take(&mut self.notices)
    }

    /// `value` with the notices the player has not been given yet.
    pub fn reply<T>(&mut self, value: T) -> Reply<T, G::Notice> {
        Reply {
            value,
            notices: self.take_notices(),
        }
    }

    /// `game` becomes the game in progress, with the next number, and is
    /// saved; any reply being searched becomes stale. A counter with no
    /// room left (only a file at the limit brings one) leaves the game
    /// unnumbered rather than saved under a number that could not be read
    /// back.
    pub fn start<R: Runtime>(&mut self, app: &AppHandle<R>, game: G) {
        self.bump();
        match next_counter(self.game_id.max(self.last_recorded_id)) {
            Some(id) => {
                self.game_id = id;
                self.unnumbered = false;
            }
            None => self.unnumbered = true,
        }
        self.game = Some(game);
        self.save_game(app);
    }

    /// A new epoch, whose first game is `game` (see the module doc): the
    /// records begin it in memory, the game is written, then the records.
    pub fn start_epoch<R: Runtime>(
        &mut self,
        app: &AppHandle<R>,
        game: impl FnOnce(&G::Records) -> G,
    ) {
        G::begin_epoch(&mut self.records, now_ms());
        self.epoch = next_counter(self.epoch).unwrap_or(self.epoch);
        let game = game(&self.records);
        self.start(app, game);
        self.save_records(app);
    }

    /// After the game changed: it is saved, and counted if it has ended.
    pub fn after_change<R: Runtime>(&mut self, app: &AppHandle<R>) {
        self.save_game(app);
        self.record_if_ended(app);
    }

    /// Count an ended game exactly once: its own flag and the records'
    /// last game number both guard it. The records are saved first, then
    /// the game marked counted.
    fn record_if_ended<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if !game.is_over() || game.is_recorded() || self.unnumbered {
            return;
        }
        if self.game_id > self.last_recorded_id {
            game.record(&mut self.records, self.game_id, now_ms());
            self.last_recorded_id = self.game_id;
            self.save_records(app);
        }
        // Counted now, or already before the app stopped: mark it.
        if let Some(game) = self.game.as_mut() {
            game.mark_recorded();
        }
        self.save_game(app);
    }

    /// Save the game in progress.
    pub fn save_game<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if self.unnumbered {
            self.check_saved(Err(SaveError::Counter));
            return;
        }
        let mut value = json!({ "gameId": self.game_id, "game": game.write_game() });
        if let Some(key) = G::EPOCH_KEY {
            value[key] = json!(self.epoch);
        }
        let saved = self.game_doc.save(app, value);
        self.check_saved(saved);
    }

    fn save_records<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let mut value = json!({ "lastGameId": self.last_recorded_id });
        value[G::RECORDS_KEY] = G::write_records(&self.records);
        if let Some(key) = G::EPOCH_KEY {
            value[key] = json!(self.epoch);
        }
        let saved = self.records_doc.save(app, value);
        self.check_saved(saved);
    }

    /// A failed save is logged, and the first one tells the player that
    /// progress is not being kept; play goes on.
    pub fn check_saved(&mut self, saved: Result<(), SaveError>) {
        if let Err(e) = saved {
            eprintln!("{}: {e}", G::NAME);
            if !self.told_not_saving {
                self.told_not_saving = true;
                self.notices.push(G::NOT_SAVING);
            }
        }
    }
}
