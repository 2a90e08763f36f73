//! The shell's state: the game in progress, the records and the settings,
//! kept in memory and saved through [`crate::app::persist`] after every change.
//!
//! Every operation here takes typed arguments (the commands' deserializers
//! have already refused anything malformed) and leaves the state exactly as
//! it was when it refuses a request with a [`ShellError`]. Nothing on disk
//! can stop [`Shell::load`]: whatever it meets, the app starts, and the
//! player is told once, calmly, what was set aside or that progress cannot
//! be kept.

use crate::slot::arg::BadArgument;
use crate::app::persist::{counter_with_room, next_counter, Document, Loaded, SaveError, MAX_COUNTER};
use crate::app::settings::Settings;
use checkers::game::{Game, GameError, LegalMoves};
use checkers::records::{ArchivedGame, Records, RecordsView};
use checkers::sides::First;
use checkers::view::{hops, Hop, Review, View};
use checkers::{Level, Move, Position, Square};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::fmt;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
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
    /// No kept game has this number.
    NoSuchGame,
    /// The game refused the operation (illegal hop, nothing to undo, …).
    Game(GameError),
    /// The CPU's reply was for a game that has since changed (undo, new
    /// game, leaving): it was discarded.
    Stale,
    /// The search could not be run. Only a panic in the search can cause
    /// this, and release builds abort on a panic, so there it never happens.
    Search,
    /// The system clipboard could not be written.
    Clipboard,
    /// An argument of the command is missing or malformed.
    BadArgument(BadArgument),
}

impl ShellError {
    /// A stable name for the error, which the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            ShellError::NoGame => "noGame",
            ShellError::NoSuchGame => "noSuchGame",
            ShellError::Game(e) => e.code(),
            ShellError::Stale => "stale",
            ShellError::Search => "search",
            ShellError::Clipboard => "clipboard",
            ShellError::BadArgument(_) => "badArgument",
        }
    }
}

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShellError::NoGame => f.write_str("no game in progress"),
            ShellError::NoSuchGame => f.write_str("no kept game has this number"),
            ShellError::Game(e) => e.fmt(f),
            ShellError::Stale => f.write_str("the game changed while the CPU was thinking"),
            ShellError::Search => f.write_str("the CPU could not think"),
            ShellError::Clipboard => f.write_str("the clipboard could not be written"),
            ShellError::BadArgument(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ShellError {}

/// Errors reach the page as `{ "code": "illegalHop", "message": "…" }`: the
/// page shows its own sentence for the code; the message is for logs.
impl Serialize for ShellError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        json!({ "code": self.code(), "message": self.to_string() }).serialize(s)
    }
}

impl From<GameError> for ShellError {
    fn from(e: GameError) -> ShellError {
        ShellError::Game(e)
    }
}

impl From<BadArgument> for ShellError {
    fn from(e: BadArgument) -> ShellError {
        ShellError::BadArgument(e)
    }
}

/// A calm sentence the page shows about the saved files (it translates the
/// id); the player is owed one for every document lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Notice {
    /// The saved game could not be read and was moved aside.
    SavedGameUnreadable,
    /// The records could not be read and were moved aside.
    RecordsUnreadable,
    /// The settings could not be read and were moved aside.
    SettingsUnreadable,
    /// Something cannot be written: progress is not being kept.
    NotSaving,
}

/// What the page gets on startup.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppState {
    /// The saved game in progress; `None` if there is none or it has ended.
    pub game: Option<View>,
    pub records: RecordsView,
    pub settings: Settings,
    /// Every notice the player has not been given yet, in the order told.
    pub notices: Vec<Notice>,
}

/// A command's answer and the notices the player has not been given yet
/// (checkers' [`Notice`]s, or Choko's), omitted when there are none.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reply<T, N = Notice> {
    #[serde(flatten)]
    pub value: T,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<N>,
}

/// The CPU's move as hops to animate, and the view after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CpuReply {
    pub hops: Vec<Hop>,
    pub view: View,
}

/// What undo withdrew, and the view after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Undone {
    /// The moves withdrawn, oldest first, in notation; empty when only a
    /// chain in progress was.
    pub withdrawn: Vec<String>,
    pub view: View,
}

/// The game left behind on the start screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Left {
    /// The game that Continue resumes; `None` if there is none or it ended.
    pub saved: Option<View>,
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
    game: Value,
}

/// The records document: the records and the number of the last game they
/// counted.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedRecords {
    last_game_id: u64,
    records: Value,
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

/// A game number as read from a file: below [`MAX_COUNTER`], so the next
/// one can always be made and read back.
fn game_number(n: u64) -> Result<u64, String> {
    counter_with_room(n).map_err(|_| format!("game number {n} is out of range"))
}

/// A JSON error as a short message: serde's messages quote what they were
/// given (an unknown key, a text where a number belongs), which in a file
/// can be a megabyte long.
fn shape_error(e: serde_json::Error) -> String {
    let text = e.to_string();
    if text.chars().count() <= 160 {
        text
    } else {
        format!("{}…", text.chars().take(160).collect::<String>())
    }
}

/// Check a saved-game document fully: shape, number, then the engine's own
/// checks (version, legal position, every move, chain in progress).
pub fn validate_game(value: &Value) -> Result<(u64, Game), String> {
    let saved = SavedGame::deserialize(value).map_err(shape_error)?;
    let game = Game::from_value(saved.game).map_err(|e| e.to_string())?;
    Ok((game_number(saved.game_id)?, game))
}

/// Check a records document fully: shape, number, then the engine's
/// checks (version, possible totals, every kept game).
pub fn validate_records(value: &Value) -> Result<(u64, Records), String> {
    let saved = SavedRecords::deserialize(value).map_err(shape_error)?;
    let records = Records::from_value(saved.records).map_err(|e| e.to_string())?;
    Ok((game_number(saved.last_game_id)?, records))
}

/// Playing time between two interactions, in ms, capped at [`MAX_PLAY_GAP`]
/// (G4). Nothing before the first interaction.
pub fn play_gap_ms(previous: Option<Instant>, now: Instant) -> u64 {
    previous.map_or(0, |p| {
        let gap = now.saturating_duration_since(p).min(MAX_PLAY_GAP);
        u64::try_from(gap.as_millis()).unwrap_or(u64::MAX)
    })
}

/// Now, in ms since 1970 (UTC).
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

struct Inner {
    game: Option<Game>,
    /// Number of the current game (0 before the first).
    game_id: u64,
    /// Bumped by every new game, undo and leave: a CPU reply searched for
    /// an older generation is discarded.
    generation: u64,
    records: Records,
    /// Number of the last game counted in `records`.
    last_recorded_id: u64,
    /// The game in progress could not be given a number (the counter has
    /// no room left): it is neither saved nor counted, and the player has
    /// been told that progress is not being kept.
    unnumbered: bool,
    settings: Settings,
    /// The notices the player has not been given yet.
    notices: Vec<Notice>,
    /// The player has been told that progress is not being kept.
    told_not_saving: bool,
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
    /// Unusable copies are moved aside by [`Document::load`]; the player
    /// gets a notice for every document lost (records, then the game, then
    /// settings), after one that progress is not being kept when a document
    /// cannot be written at all. A saved game that ended but was not yet
    /// counted (the app stopped between the two writes) is counted now.
    pub fn load<R: Runtime>(app: &AppHandle<R>, dir: &Path) -> Shell {
        let settings = Document::load(dir, SETTINGS_DOC, Settings::from_value);
        let records = Document::load(dir, RECORDS_DOC, validate_records);
        let game = Document::load(dir, GAME_DOC, validate_game);
        report(&settings);
        report(&records);
        report(&game);
        let blocked = settings.blocked() || records.blocked() || game.blocked();
        let notices = [
            (blocked, Notice::NotSaving),
            (records.lost(), Notice::RecordsUnreadable),
            (game.lost(), Notice::SavedGameUnreadable),
            (settings.lost(), Notice::SettingsUnreadable),
        ]
        .into_iter()
        .filter_map(|(owed, notice)| owed.then_some(notice))
        .collect();
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
            unnumbered: false,
            settings: settings.value.unwrap_or_default(),
            notices,
            told_not_saving: blocked,
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
        // Poisoning needs a panic while the lock is held: every operation
        // validates before it mutates, and release builds abort on a panic
        // anyway, so the state behind a poisoned lock is still whole.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Startup state for the page. The notices are given once.
    pub fn app_state(&self) -> AppState {
        let mut s = self.lock();
        AppState {
            game: s.resumable(),
            records: s.records.view(),
            settings: s.settings.clone(),
            notices: std::mem::take(&mut s.notices),
        }
    }

    /// Start a new game, replacing the one in progress without recording it
    /// (G5). Any CPU reply still being searched becomes stale.
    pub fn new_game<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        level: Level,
        first: First,
    ) -> Reply<View> {
        let mut s = self.lock();
        s.generation += 1;
        s.number_new_game();
        let game = Game::new(level, first).started_at(now_ms());
        let view = game.view();
        s.game = Some(game);
        s.clock = Some(Instant::now());
        s.save_game(app);
        s.reply(view)
    }

    /// One hop of the player's move. The game is saved after it; if it ended
    /// the game, the result is recorded.
    pub fn play<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        from: Square,
        to: Square,
    ) -> Result<Reply<View>, ShellError> {
        let mut s = self.lock();
        s.game
            .as_mut()
            .ok_or(ShellError::NoGame)?
            .play_hop(from, to)?;
        s.tick();
        s.after_move(app);
        let view = s.view()?;
        Ok(s.reply(view))
    }

    /// Undo to the player's last decision (U1, U3). Any CPU reply still being
    /// searched becomes stale.
    pub fn undo<R: Runtime>(&self, app: &AppHandle<R>) -> Result<Reply<Undone>, ShellError> {
        let mut s = self.lock();
        let withdrawn = s.game.as_mut().ok_or(ShellError::NoGame)?.undo()?;
        s.generation += 1;
        s.tick();
        s.save_game(app);
        let undone = Undone {
            withdrawn: withdrawn.iter().map(Move::to_string).collect(),
            view: s.view()?,
        };
        Ok(s.reply(undone))
    }

    /// First half of the CPU's turn: what to search, and for which
    /// generation. Fails unless the CPU is to move.
    pub fn cpu_request(&self) -> Result<CpuJob, ShellError> {
        let s = self.lock();
        let game = s.game.as_ref().ok_or(ShellError::NoGame)?;
        let r = game.cpu_request()?;
        Ok(CpuJob {
            generation: s.generation,
            position: r.position,
            quiet: r.quiet,
            level: r.level,
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
    ) -> Result<Reply<CpuReply>, ShellError> {
        let mut s = self.lock();
        if s.generation != job.generation {
            return Err(ShellError::Stale);
        }
        let game = s.game.as_mut().ok_or(ShellError::Stale)?;
        let now = game.cpu_request().ok();
        if now.map(|r| (r.position, r.quiet, r.level)) != Some((job.position, job.quiet, job.level))
        {
            return Err(ShellError::Stale);
        }
        let mv = reply.ok_or(GameError::NoCpuMove)?;
        game.apply_cpu_move(&mv)?;
        s.tick();
        s.after_move(app);
        let view = s.view()?;
        Ok(s.reply(CpuReply {
            hops: hops(&mv),
            view,
        }))
    }

    /// What the player may do in the game in progress; empty while the CPU
    /// is to move or once the game is over.
    pub fn legal_moves(&self) -> Result<LegalMoves, ShellError> {
        let s = self.lock();
        s.game
            .as_ref()
            .map(Game::legal_moves)
            .ok_or(ShellError::NoGame)
    }

    /// The records as the page shows them.
    pub fn records(&self) -> RecordsView {
        self.lock().records.view()
    }

    /// The game in progress or just finished, to step through.
    pub fn review(&self) -> Result<Review, ShellError> {
        let s = self.lock();
        s.game.as_ref().map(Game::review).ok_or(ShellError::NoGame)
    }

    /// A kept game of the history, to step through.
    pub fn history_game(&self, id: u64) -> Result<Review, ShellError> {
        let s = self.lock();
        s.records
            .game(id)
            .map(ArchivedGame::review)
            .ok_or(ShellError::NoSuchGame)
    }

    /// The PDN of the game on screen (`None`) or of the kept game `id`.
    pub fn pdn(&self, id: Option<u64>) -> Result<String, ShellError> {
        let s = self.lock();
        match id {
            None => s.game.as_ref().map(Game::pdn).ok_or(ShellError::NoGame),
            Some(id) => s
                .records
                .game(id)
                .map(ArchivedGame::pdn)
                .ok_or(ShellError::NoSuchGame),
        }
    }

    /// Replace the settings and save them.
    pub fn set_settings<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        settings: Settings,
    ) -> Reply<Settings> {
        let mut s = self.lock();
        s.settings = settings;
        let value = s.settings.to_value();
        let saved = s.settings_doc.save(app, value);
        s.check_saved(saved);
        let settings = s.settings.clone();
        s.reply(settings)
    }

    /// Back to the start screen: the game stays saved, with its playing time
    /// up to now; the clock stops until the player's next interaction. A CPU
    /// reply still being searched becomes stale, so the game left behind is
    /// the one Continue resumes, never one that ended meanwhile.
    pub fn leave_game<R: Runtime>(&self, app: &AppHandle<R>) -> Reply<Left> {
        let mut s = self.lock();
        s.generation += 1;
        if s.game.is_some() {
            s.tick();
            s.clock = None;
            s.save_game(app);
        }
        let left = Left {
            saved: s.resumable(),
        };
        s.reply(left)
    }
}

impl Inner {
    fn view(&self) -> Result<View, ShellError> {
        self.game.as_ref().map(Game::view).ok_or(ShellError::NoGame)
    }

    /// The game that Continue would resume: one that has not ended.
    fn resumable(&self) -> Option<View> {
        self.game
            .as_ref()
            .filter(|g| g.result().is_none())
            .map(Game::view)
    }

    /// `value` with the notices the player has not been given yet.
    fn reply<T>(&mut self, value: T) -> Reply<T> {
        Reply {
            value,
            notices: std::mem::take(&mut self.notices),
        }
    }

    /// The next game's number: one more than any game saved or counted. A
    /// counter with no room left (only a file at the limit can bring one)
    /// leaves the game unnumbered rather than stored under a number that
    /// could not be read back.
    fn number_new_game(&mut self) {
        match next_counter(self.game_id.max(self.last_recorded_id)) {
            Some(id) => {
                self.game_id = id;
                self.unnumbered = false;
            }
            None => self.unnumbered = true,
        }
    }

    /// Count the time since the player's last interaction (capped) as
    /// playing time of the game in progress, and restart the clock.
    fn tick(&mut self) {
        let now = Instant::now();
        let gap = play_gap_ms(self.clock, now);
        if let Some(game) = self.game.as_mut() {
            if !game.is_recorded() {
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
        if game.is_recorded() || self.unnumbered {
            return;
        }
        let Some(archived) = ArchivedGame::of(game, self.game_id, now_ms()) else {
            return;
        };
        if self.game_id > self.last_recorded_id {
            self.records.add(archived);
            self.last_recorded_id = self.game_id;
            let value = json!({
                "lastGameId": self.last_recorded_id,
                "records": self.records.to_value(),
            });
            let saved = self.records_doc.save(app, value);
            self.check_saved(saved);
        }
        // Counted now, or already before the app stopped: mark it.
        if let Some(game) = self.game.as_mut() {
            game.mark_recorded();
        }
        self.save_game(app);
    }

    fn save_game<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if self.unnumbered {
            self.check_saved(Err(SaveError::Counter));
            return;
        }
        let value = json!({ "gameId": self.game_id, "game": game.snapshot() });
        let saved = self.game_doc.save(app, value);
        self.check_saved(saved);
    }

    /// A failed save is logged, and the first one tells the player that
    /// progress is not being kept; play goes on.
    fn check_saved(&mut self, saved: Result<(), SaveError>) {
        if let Err(e) = saved {
            eprintln!("checkers: {e}");
            if !self.told_not_saving {
                self.told_not_saving = true;
                self.notices.push(Notice::NotSaving);
            }
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
    fn errors_reach_the_page_as_a_code_and_a_message() {
        assert_eq!(
            serde_json::to_value(ShellError::Stale).unwrap()["code"],
            json!("stale")
        );
        let e = ShellError::Game(GameError::IllegalHop { from: 22, to: 19 });
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({ "code": "illegalHop", "message": "22 to 19 is not a legal hop" })
        );
    }

    #[test]
    fn a_huge_key_or_text_in_an_envelope_gives_a_short_error() {
        let long = "é".repeat(1 << 19);
        for bad in [
            json!({ "gameId": long, "game": {} }),
            json!({ "gameId": 1, "game": {}, long.clone(): 1 }),
        ] {
            let e = validate_game(&bad).unwrap_err();
            assert!(e.chars().count() <= 161, "{} characters", e.chars().count());
        }
        for bad in [
            json!({ "lastGameId": long, "records": {} }),
            json!({ "lastGameId": 1, "records": {}, long.clone(): 1 }),
        ] {
            let e = validate_records(&bad).unwrap_err();
            assert!(e.chars().count() <= 161, "{} characters", e.chars().count());
        }
    }

    #[test]
    fn absurd_game_numbers_are_refused() {
        assert!(game_number(MAX_COUNTER - 1).is_ok());
        assert!(
            game_number(MAX_COUNTER).is_err(),
            "no room for the next game"
        );
        assert!(game_number(MAX_COUNTER + 1).is_err());
        assert!(game_number(u64::MAX).is_err());
    }
}
