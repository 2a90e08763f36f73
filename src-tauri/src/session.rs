//! The shell's state: the game in progress, the records and the settings,
//! kept in memory and saved through [`crate::persist`] after every change.
//!
//! Every operation here validates its input before touching anything: a
//! refused request returns a [`ShellError`] and leaves the state exactly as
//! it was. The Tauri commands in [`crate::commands`] are thin wrappers.

use crate::persist::{Document, Loaded};
use crate::settings::Settings;
use checkers::game::{First, Game, GameError, Hop, Movable, Records, Snapshot, View};
use checkers::{Level, Move, Position, Square, SquareOutOfRange, UnknownLevel};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tauri::{AppHandle, Runtime};

/// File stems of the three documents in the app data directory.
pub const GAME_DOC: &str = "game";
pub const RECORDS_DOC: &str = "records";
pub const SETTINGS_DOC: &str = "settings";

/// The longest gap between two of the player's interactions that counts as
/// playing time (G4): an app left open and idle does not add up.
pub const MAX_PLAY_GAP: Duration = Duration::from_secs(120);

/// Why a request from the page was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShellError {
    /// No game has been started (or loaded).
    NoGame,
    /// A square number outside 1–32.
    Square(SquareOutOfRange),
    /// A level name that is not easy, normal or hard.
    Level(UnknownLevel),
    /// A first-player name that is not player or cpu.
    First(String),
    /// The game refused the operation (illegal hop, nothing to undo, …).
    Game(GameError),
    /// The CPU's reply was for a game that has since changed (undo, new
    /// game): it was discarded.
    Stale,
    /// The search could not be run.
    Search(String),
}

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShellError::NoGame => f.write_str("no game in progress"),
            ShellError::Square(e) => e.fmt(f),
            ShellError::Level(e) => e.fmt(f),
            ShellError::First(name) => {
                write!(f, "unknown first player '{name}': expected player or cpu")
            }
            ShellError::Game(e) => e.fmt(f),
            ShellError::Stale => f.write_str("stale"),
            ShellError::Search(e) => write!(f, "the CPU could not think: {e}"),
        }
    }
}

impl std::error::Error for ShellError {}

/// Errors reach the page as their message: the rejected promise's value.
impl Serialize for ShellError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl From<GameError> for ShellError {
    fn from(e: GameError) -> ShellError {
        ShellError::Game(e)
    }
}

/// Parse a square number from the page: 1..=32.
pub fn parse_square(n: i64) -> Result<Square, ShellError> {
    Square::try_from(n).map_err(ShellError::Square)
}

/// Parse a level name from the page: easy, normal or hard.
pub fn parse_level(name: &str) -> Result<Level, ShellError> {
    Level::from_str(name).map_err(ShellError::Level)
}

/// Parse who starts, from the page: exactly `player` or `cpu`.
pub fn parse_first(name: &str) -> Result<First, ShellError> {
    match name {
        "player" => Ok(First::Player),
        "cpu" => Ok(First::Cpu),
        _ => Err(ShellError::First(name.to_string())),
    }
}

/// The one calm sentence the start screen shows when a saved file could not
/// be read and was moved aside (the page translates the id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Notice {
    SavedGameUnreadable,
    RecordsUnreadable,
    SettingsUnreadable,
}

/// What the page gets on startup.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppState {
    /// The saved game in progress; `None` if there is none or it has ended.
    pub game: Option<View>,
    pub records: Records,
    pub settings: Settings,
    pub notice: Option<Notice>,
}

/// The CPU's move as hops to animate, and the view after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CpuReply {
    pub hops: Vec<Hop>,
    pub view: View,
}

/// What the CPU must search, tagged with the game generation it was taken
/// from. Applying the result checks the generation first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuJob {
    pub generation: u64,
    pub position: Position,
    pub quiet: u32,
    pub level: Level,
}

/// The saved-game document: the game and its number. Numbers grow with each
/// new game; the records remember the last number they counted, so a game is
/// counted once even if the app dies between writing the two files.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedGame {
    game_id: u64,
    game: Snapshot,
}

/// The records document: the records and the number of the last game they
/// counted.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedRecords {
    last_game_id: u64,
    records: Value,
}

/// Check a saved-game document fully: shape, then the engine's own checks
/// (version, legal position, chain in progress).
pub fn validate_game(value: &Value) -> Result<(u64, Game), String> {
    let saved = SavedGame::deserialize(value).map_err(|e| e.to_string())?;
    let game = Game::restore(&saved.game).map_err(|e| e.to_string())?;
    Ok((saved.game_id, game))
}

/// Check a records document fully: shape, then the engine's checks
/// (version, possible totals).
pub fn validate_records(value: &Value) -> Result<(u64, Records), String> {
    let saved = SavedRecords::deserialize(value).map_err(|e| e.to_string())?;
    let records = Records::from_json(&saved.records.to_string()).map_err(|e| e.to_string())?;
    Ok((saved.last_game_id, records))
}

/// Playing time between two interactions, in ms, capped at [`MAX_PLAY_GAP`]
/// (G4). Nothing before the first interaction.
pub fn play_gap_ms(previous: Option<Instant>, now: Instant) -> u64 {
    previous.map_or(0, |p| {
        let gap = now.saturating_duration_since(p).min(MAX_PLAY_GAP);
        u64::try_from(gap.as_millis()).unwrap_or(u64::MAX)
    })
}

struct Inner {
    game: Option<Game>,
    /// Number of the current game (0 before the first).
    game_id: u64,
    /// Bumped by every new game and undo: a CPU reply searched for an older
    /// generation is discarded.
    generation: u64,
    records: Records,
    /// Number of the last game counted in `records`.
    last_recorded_id: u64,
    settings: Settings,
    notice: Option<Notice>,
    game_doc: Document,
    records_doc: Document,
    settings_doc: Document,
    /// The player's last interaction with the game in progress.
    clock: Option<Instant>,
}

/// The shell's state, shared by the commands.
pub struct Shell {
    inner: Mutex<Inner>,
}

/// Log what could not be read; the player is told by the notice.
fn report<T>(loaded: &Loaded<T>) {
    for s in &loaded.set_aside {
        match &s.moved_to {
            Some(to) => eprintln!(
                "checkers: {} is unusable ({}); moved to {}",
                s.path.display(),
                s.reason,
                to.display()
            ),
            None => eprintln!(
                "checkers: {} is unusable ({}) and could not be moved aside; it will not be written",
                s.path.display(),
                s.reason
            ),
        }
    }
}

impl Shell {
    /// Load settings, records and the saved game from `dir`.
    ///
    /// Unusable copies are moved aside by [`Document::load`]; if a whole
    /// document is lost the player gets one notice (records first, then the
    /// game, then settings). A saved game that ended but was not yet counted
    /// (the app stopped between the two writes) is counted now.
    pub fn load<R: Runtime>(app: &AppHandle<R>, dir: &Path) -> Shell {
        let settings = Document::load(dir, SETTINGS_DOC, Settings::from_value);
        let records = Document::load(dir, RECORDS_DOC, validate_records);
        let game = Document::load(dir, GAME_DOC, validate_game);
        report(&settings);
        report(&records);
        report(&game);
        let notice = if records.lost() {
            Some(Notice::RecordsUnreadable)
        } else if game.lost() {
            Some(Notice::SavedGameUnreadable)
        } else if settings.lost() {
            Some(Notice::SettingsUnreadable)
        } else {
            None
        };
        let (last_recorded_id, records_value) = records.value.unwrap_or_default();
        let (game_id, game_value) = match game.value {
            Some((id, g)) => (id, Some(g)),
            None => (0, None),
        };
        let mut inner = Inner {
            game: game_value,
            game_id,
            generation: 0,
            records: records_value,
            last_recorded_id,
            settings: settings.value.unwrap_or_default(),
            notice,
            game_doc: game.doc,
            records_doc: records.doc,
            settings_doc: settings.doc,
            clock: None,
        };
        inner.record_if_ended(app);
        Shell {
            inner: Mutex::new(inner),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave a half-made change:
        // every operation validates before it mutates.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Startup state for the page. The notice is given once.
    pub fn app_state(&self) -> AppState {
        let mut s = self.lock();
        AppState {
            game: s
                .game
                .as_ref()
                .filter(|g| g.result().is_none())
                .map(Game::view),
            records: s.records.clone(),
            settings: s.settings.clone(),
            notice: s.notice.take(),
        }
    }

    /// Start a new game, replacing the one in progress without recording it
    /// (G5). Any CPU reply still being searched becomes stale.
    pub fn new_game<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        level: &str,
        first: &str,
    ) -> Result<View, ShellError> {
        let level = parse_level(level)?;
        let first = parse_first(first)?;
        let mut s = self.lock();
        s.generation += 1;
        s.game_id = s.game_id.max(s.last_recorded_id) + 1;
        let game = Game::new(level, first);
        let view = game.view();
        s.game = Some(game);
        s.clock = Some(Instant::now());
        s.save_game(app);
        Ok(view)
    }

    /// The pieces the player may lift and their next hops (as `view.movable`).
    pub fn legal_moves(&self) -> Result<Vec<Movable>, ShellError> {
        let s = self.lock();
        s.game.as_ref().map(Game::movable).ok_or(ShellError::NoGame)
    }

    /// The current view.
    pub fn view(&self) -> Result<View, ShellError> {
        let s = self.lock();
        s.game.as_ref().map(Game::view).ok_or(ShellError::NoGame)
    }

    /// One hop of the player's move. The game is saved after it; if it ended
    /// the game, the result is recorded.
    pub fn play<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        from: i64,
        to: i64,
    ) -> Result<View, ShellError> {
        let from = parse_square(from)?;
        let to = parse_square(to)?;
        let mut s = self.lock();
        s.game
            .as_mut()
            .ok_or(ShellError::NoGame)?
            .play_hop(from, to)?;
        s.tick();
        s.after_move(app);
        s.view()
    }

    /// Undo to the player's last decision (U1, U3). Any CPU reply still being
    /// searched becomes stale.
    pub fn undo<R: Runtime>(&self, app: &AppHandle<R>) -> Result<View, ShellError> {
        let mut s = self.lock();
        s.game.as_mut().ok_or(ShellError::NoGame)?.undo()?;
        s.generation += 1;
        s.tick();
        s.save_game(app);
        s.view()
    }

    /// First half of the CPU's turn: what to search, and for which
    /// generation. Fails unless the CPU is to move.
    pub fn cpu_request(&self) -> Result<CpuJob, ShellError> {
        let s = self.lock();
        let game = s.game.as_ref().ok_or(ShellError::NoGame)?;
        let (position, quiet, level) = game.cpu_request()?;
        Ok(CpuJob {
            generation: s.generation,
            position,
            quiet,
            level,
        })
    }

    /// Second half: apply the searched move if the game is still the one it
    /// was searched for (same generation, same position); otherwise discard
    /// it with [`ShellError::Stale`]. The game is saved, and recorded if it
    /// ended.
    pub fn cpu_apply<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        job: &CpuJob,
        reply: Option<Move>,
    ) -> Result<CpuReply, ShellError> {
        let mut s = self.lock();
        if s.generation != job.generation {
            return Err(ShellError::Stale);
        }
        let game = s.game.as_mut().ok_or(ShellError::Stale)?;
        if game.cpu_request().ok() != Some((job.position, job.quiet, job.level)) {
            return Err(ShellError::Stale);
        }
        let mv = reply.ok_or(GameError::NoCpuMove)?;
        let hops = game.apply_cpu_move(&mv)?;
        s.tick();
        s.after_move(app);
        Ok(CpuReply {
            hops,
            view: s.view()?,
        })
    }

    /// The records.
    pub fn records(&self) -> Records {
        self.lock().records.clone()
    }

    /// Replace the settings and save them.
    pub fn set_settings<R: Runtime>(&self, app: &AppHandle<R>, settings: Settings) -> Settings {
        let mut s = self.lock();
        s.settings = settings;
        let value = s.settings.to_value();
        if let Err(e) = s.settings_doc.save(app, value) {
            eprintln!("checkers: {e}");
        }
        s.settings.clone()
    }

    /// Back to the start screen: the game stays saved, with its playing time
    /// up to now; the clock stops until the player's next interaction.
    pub fn leave_game<R: Runtime>(&self, app: &AppHandle<R>) {
        let mut s = self.lock();
        if s.game.is_some() {
            s.tick();
            s.clock = None;
            s.save_game(app);
        }
    }
}

impl Inner {
    fn view(&self) -> Result<View, ShellError> {
        self.game.as_ref().map(Game::view).ok_or(ShellError::NoGame)
    }

    /// Count the time since the player's last interaction (capped) as
    /// playing time of the game in progress, and restart the clock.
    fn tick(&mut self) {
        let now = Instant::now();
        let gap = play_gap_ms(self.clock, now);
        if let Some(game) = self.game.as_mut() {
            if game.result().is_none() || !game.is_recorded() {
                game.add_play_time(gap);
            }
        }
        self.clock = Some(now);
    }

    /// After a hop: save the game; if the game has just ended, record it.
    fn after_move<R: Runtime>(&mut self, app: &AppHandle<R>) {
        self.save_game(app);
        self.record_if_ended(app);
    }

    /// Add an ended game to the records, exactly once: the game's own flag
    /// and the records' last game number both guard it. The records are
    /// saved first, then the game with its flag set; if the app dies between
    /// the two, the number keeps the game from being counted twice.
    fn record_if_ended<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.result().is_none() || game.is_recorded() {
            return;
        }
        if self.game_id > self.last_recorded_id {
            if self.records.record(game) {
                self.last_recorded_id = self.game_id;
                let value = json!({
                    "lastGameId": self.last_recorded_id,
                    "records": self.records,
                });
                if let Err(e) = self.records_doc.save(app, value) {
                    eprintln!("checkers: {e}");
                }
            }
        } else {
            // Already counted before the app stopped: only mark it.
            let mut scratch = Records::default();
            scratch.record(game);
        }
        self.save_game(app);
    }

    fn save_game<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let value = json!({ "gameId": self.game_id, "game": game.snapshot() });
        if let Err(e) = self.game_doc.save(app, value) {
            eprintln!("checkers: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_time_counts_gaps_up_to_the_cap() {
        let t0 = Instant::now();
        assert_eq!(play_gap_ms(None, t0), 0);
        assert_eq!(
            play_gap_ms(Some(t0), t0 + Duration::from_millis(1500)),
            1500
        );
        assert_eq!(play_gap_ms(Some(t0), t0 + MAX_PLAY_GAP), 120_000);
        assert_eq!(
            play_gap_ms(Some(t0), t0 + Duration::from_secs(3600)),
            120_000
        );
        // A clock that went backwards counts nothing.
        assert_eq!(play_gap_ms(Some(t0 + Duration::from_secs(5)), t0), 0);
    }

    #[test]
    fn page_arguments_are_parsed_strictly() {
        assert_eq!(parse_square(1).unwrap().number(), 1);
        assert_eq!(parse_square(32).unwrap().number(), 32);
        for bad in [0, 33, -1, 256, i64::MAX] {
            assert!(parse_square(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_level("hard").unwrap(), Level::Hard);
        assert!(parse_level("expert").is_err());
        assert_eq!(parse_first("cpu").unwrap(), First::Cpu);
        assert_eq!(parse_first("player").unwrap(), First::Player);
        for bad in ["", "CPU", "you", "player "] {
            assert!(parse_first(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            ShellError::First("x".into()).to_string(),
            "unknown first player 'x': expected player or cpu"
        );
        assert_eq!(
            serde_json::to_value(ShellError::Stale).unwrap(),
            serde_json::json!("stale")
        );
    }
}
