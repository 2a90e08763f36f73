//! Checkers' session in the shell: the game in progress and the records,
//! kept in a [`Slot`] (two documents, `game` and `records`, saved after
//! every hop), and the playing time (G4).
//!
//! Every operation here takes typed arguments and leaves the state exactly
//! as it was when it refuses a request with a [`CheckersError`]. Nothing on
//! disk can stop [`CheckersSession::load`]: whatever it meets, the app
//! starts, and the player is told once, calmly, what was set aside or that
//! progress cannot be kept.

use crate::slot::arg::BadArgument;
use crate::slot::{now_ms, refusal, Reply, Slot, SlotError, SlotGame};
use checkers::game::{Game, GameError, LegalMoves};
use checkers::records::{ArchivedGame, Records, RecordsView};
use checkers::sides::First;
use checkers::view::{hops, Hop, Review, View};
use checkers::{Level, Move, Position, Square};
use serde::Serialize;
use serde_json::Value;
use std::fmt;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tauri::{AppHandle, Runtime};

/// The longest gap between two of the player's interactions that counts as
/// playing time (G4): an app left open and idle does not add up.
pub const MAX_PLAY_GAP: Duration = Duration::from_secs(120);

/// Why a checkers request from the page was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckersError {
    /// A refusal every game shares (no game, a stale reply, …).
    Slot(SlotError),
    /// No kept game has this number.
    NoSuchGame,
    /// The game refused the operation (illegal hop, nothing to undo, …).
    Game(GameError),
    /// The system clipboard could not be written.
    Clipboard,
}

impl CheckersError {
    /// A stable name for the refusal, which the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            CheckersError::Slot(e) => e.code(),
            CheckersError::NoSuchGame => "noSuchGame",
            CheckersError::Game(e) => e.code(),
            CheckersError::Clipboard => "clipboard",
        }
    }
}

impl fmt::Display for CheckersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckersError::Slot(e) => e.fmt(f),
            CheckersError::NoSuchGame => f.write_str("no kept game has this number"),
            CheckersError::Game(e) => e.fmt(f),
            CheckersError::Clipboard => f.write_str("the clipboard could not be written"),
        }
    }
}

impl std::error::Error for CheckersError {}

impl Serialize for CheckersError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        refusal(self.code(), self.to_string(), s)
    }
}

impl From<GameError> for CheckersError {
    fn from(e: GameError) -> CheckersError {
        CheckersError::Game(e)
    }
}

impl From<SlotError> for CheckersError {
    fn from(e: SlotError) -> CheckersError {
        CheckersError::Slot(e)
    }
}

impl From<BadArgument> for CheckersError {
    fn from(e: BadArgument) -> CheckersError {
        CheckersError::Slot(SlotError::BadArgument(e))
    }
}

/// A calm sentence the page shows about checkers' saved files (it
/// translates the id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CheckersNotice {
    /// The saved game could not be read and was moved aside.
    SavedGameUnreadable,
    /// The records could not be read and were moved aside.
    RecordsUnreadable,
    /// Something cannot be written: progress is not being kept.
    NotSaving,
}

/// A checkers command's answer with its notices.
pub type CheckersReply<T> = Reply<T, CheckersNotice>;

/// The game and its records in their documents: `{ "gameId", "game" }`
/// and `{ "lastGameId", "records" }`; the game's and the records' own
/// checks are the engine's (every move replayed, every kept game replayed
/// to its result).
impl SlotGame for Game {
    type Records = Records;
    type Notice = CheckersNotice;
    const NAME: &'static str = "checkers";
    const GAME_DOC: &'static str = "game";
    const RECORDS_DOC: &'static str = "records";
    const RECORDS_KEY: &'static str = "records";
    const EPOCH_KEY: Option<&'static str> = None;
    const NOT_SAVING: CheckersNotice = CheckersNotice::NotSaving;
    const GAME_LOST: CheckersNotice = CheckersNotice::SavedGameUnreadable;
    const RECORDS_LOST: CheckersNotice = CheckersNotice::RecordsUnreadable;

    fn read_game(value: &Value) -> Result<Game, String> {
        Game::from_value(value.clone()).map_err(|e| e.to_string())
    }
    fn write_game(&self) -> Value {
        serde_json::to_value(self.snapshot()).unwrap_or(Value::Null)
    }
    fn read_records(value: &Value) -> Result<Records, String> {
        Records::from_value(value.clone()).map_err(|e| e.to_string())
    }
    fn write_records(records: &Records) -> Value {
        records.to_value()
    }
    fn is_over(&self) -> bool {
        self.result().is_some()
    }
    fn is_recorded(&self) -> bool {
        Game::is_recorded(self)
    }
    fn mark_recorded(&mut self) {
        Game::mark_recorded(self);
    }
    fn record(&self, records: &mut Records, id: u64, now_ms: u64) {
        if let Some(archived) = ArchivedGame::of(self, id, now_ms) {
            records.add(archived);
        }
    }
}

/// What the page gets when it opens checkers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckersState {
    /// The saved game in progress; `None` if there is none or it has ended.
    pub game: Option<View>,
    pub records: RecordsView,
    /// Every notice the player has not been given yet, in the order told.
    pub notices: Vec<CheckersNotice>,
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

/// Playing time between two interactions, in ms, capped at [`MAX_PLAY_GAP`]
/// (G4). Nothing before the first interaction.
pub fn play_gap_ms(previous: Option<Instant>, now: Instant) -> u64 {
    previous.map_or(0, |p| {
        let gap = now.saturating_duration_since(p).min(MAX_PLAY_GAP);
        u64::try_from(gap.as_millis()).unwrap_or(u64::MAX)
    })
}

struct Inner {
    slot: Slot<Game>,
    /// The player's last interaction with the game in progress.
    clock: Option<Instant>,
}

/// Checkers' state, shared by its commands.
pub struct CheckersSession {
    inner: Mutex<Inner>,
}

impl CheckersSession {
    /// Load the records and the saved game from `dir` ([`Slot::load`]).
    pub fn load<R: Runtime>(app: &AppHandle<R>, dir: &Path) -> CheckersSession {
        CheckersSession {
            inner: Mutex::new(Inner {
                slot: Slot::load(app, dir),
                clock: None,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Poisoning needs a panic while the lock is held: every operation
        // validates before it mutates, and release builds abort on a panic
        // anyway, so the state behind a poisoned lock is still whole.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the start screen shows of checkers. The notices are given once.
    pub fn state(&self) -> CheckersState {
        let mut s = self.lock();
        CheckersState {
            game: s.resumable(),
            records: s.slot.records.view(),
            notices: s.slot.take_notices(),
        }
    }

    /// Start a new game, replacing the one in progress without recording it
    /// (G5). Any CPU reply still being searched becomes stale.
    pub fn new_game<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        level: Level,
        first: First,
    ) -> CheckersReply<View> {
        let mut s = self.lock();
        let game = Game::new(level, first).started_at(now_ms());
        let view = game.view();
        s.slot.start(app, game);
        s.clock = Some(Instant::now());
        s.slot.reply(view)
    }

    /// One hop of the player's move. The game is saved after it; if it ended
    /// the game, the result is recorded.
    pub fn play<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        from: Square,
        to: Square,
    ) -> Result<CheckersReply<View>, CheckersError> {
        let mut s = self.lock();
        s.game_mut()?.play_hop(from, to)?;
        s.tick();
        s.slot.after_change(app);
        let view = s.view()?;
        Ok(s.slot.reply(view))
    }

    /// Undo to the player's last decision (U1, U3). Any CPU reply still being
    /// searched becomes stale.
    pub fn undo<R: Runtime>(
        &self,
        app: &AppHandle<R>,
    ) -> Result<CheckersReply<Undone>, CheckersError> {
        let mut s = self.lock();
        let withdrawn = s.game_mut()?.undo()?;
        s.slot.bump();
        s.tick();
        s.slot.save_game(app);
        let undone = Undone {
            withdrawn: withdrawn.iter().map(Move::to_string).collect(),
            view: s.view()?,
        };
        Ok(s.slot.reply(undone))
    }

    /// First half of the CPU's turn: what to search, and for which
    /// generation. Fails unless the CPU is to move.
    pub fn cpu_request(&self) -> Result<CpuJob, CheckersError> {
        let s = self.lock();
        let r = s.game()?.cpu_request()?;
        Ok(CpuJob {
            generation: s.slot.generation(),
            position: r.position,
            quiet: r.quiet,
            level: r.level,
        })
    }

    /// Second half: apply the searched move if the game is still the one it
    /// was searched for (same generation, same position); otherwise discard
    /// it as stale. The game is saved, and recorded if it ended.
    pub fn cpu_apply<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        job: &CpuJob,
        reply: Option<Move>,
    ) -> Result<CheckersReply<CpuReply>, CheckersError> {
        let mut s = self.lock();
        let stale = CheckersError::Slot(SlotError::Stale);
        if s.slot.generation() != job.generation {
            return Err(stale);
        }
        let game = s.slot.game.as_mut().ok_or(stale.clone())?;
        let now = game.cpu_request().ok();
        if now.map(|r| (r.position, r.quiet, r.level)) != Some((job.position, job.quiet, job.level))
        {
            return Err(stale);
        }
        let mv = reply.ok_or(GameError::NoCpuMove)?;
        game.apply_cpu_move(&mv)?;
        s.tick();
        s.slot.after_change(app);
        let view = s.view()?;
        Ok(s.slot.reply(CpuReply {
            hops: hops(&mv),
            view,
        }))
    }

    /// What the player may do in the game in progress; empty while the CPU
    /// is to move or once the game is over.
    pub fn legal_moves(&self) -> Result<LegalMoves, CheckersError> {
        Ok(self.lock().game()?.legal_moves())
    }

    /// The records as the page shows them.
    pub fn records(&self) -> RecordsView {
        self.lock().slot.records.view()
    }

    /// The game in progress or just finished, to step through.
    pub fn review(&self) -> Result<Review, CheckersError> {
        Ok(self.lock().game()?.review())
    }

    /// A kept game of the history, to step through.
    pub fn history_game(&self, id: u64) -> Result<Review, CheckersError> {
        let s = self.lock();
        s.slot
            .records
            .game(id)
            .map(ArchivedGame::review)
            .ok_or(CheckersError::NoSuchGame)
    }

    /// The PDN of the game on screen (`None`) or of the kept game `id`.
    pub fn pdn(&self, id: Option<u64>) -> Result<String, CheckersError> {
        let s = self.lock();
        match id {
            None => Ok(s.game()?.pdn()),
            Some(id) => s
                .slot
                .records
                .game(id)
                .map(ArchivedGame::pdn)
                .ok_or(CheckersError::NoSuchGame),
        }
    }

    /// Back to the start screen: the game stays saved, with its playing time
    /// up to now; the clock stops until the player's next interaction. A CPU
    /// reply still being searched becomes stale, so the game left behind is
    /// the one Continue resumes, never one that ended meanwhile.
    pub fn leave<R: Runtime>(&self, app: &AppHandle<R>) -> CheckersReply<Left> {
        let mut s = self.lock();
        s.slot.bump();
        if s.slot.game.is_some() {
            s.tick();
            s.clock = None;
            s.slot.save_game(app);
        }
        let left = Left {
            saved: s.resumable(),
        };
        s.slot.reply(left)
    }
}

impl Inner {
    fn game(&self) -> Result<&Game, CheckersError> {
        self.slot.game.as_ref().ok_or(SlotError::NoGame.into())
    }

    fn game_mut(&mut self) -> Result<&mut Game, CheckersError> {
        self.slot.game.as_mut().ok_or(SlotError::NoGame.into())
    }

    fn view(&self) -> Result<View, CheckersError> {
        self.game().map(Game::view)
    }

    /// The game that Continue would resume: one that has not ended.
    fn resumable(&self) -> Option<View> {
        self.slot
            .game
            .as_ref()
            .filter(|g| g.result().is_none())
            .map(Game::view)
    }

    /// Count the time since the player's last interaction (capped) as
    /// playing time of the game in progress, and restart the clock.
    fn tick(&mut self) {
        let now = Instant::now();
        let gap = play_gap_ms(self.clock, now);
        if let Some(game) = self.slot.game.as_mut() {
            if !game.is_recorded() {
                game.add_play_time(gap);
            }
        }
        self.clock = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::persist::MAX_COUNTER;
    use crate::slot::{validate_game, validate_records};
    use serde_json::json;

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
            serde_json::to_value(CheckersError::Slot(SlotError::Stale)).unwrap()["code"],
            json!("stale")
        );
        let e = CheckersError::Game(GameError::IllegalHop { from: 22, to: 19 });
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
            let e = validate_game::<Game>(&bad).unwrap_err();
            assert!(e.chars().count() <= 161, "{} characters", e.chars().count());
        }
        for bad in [
            json!({ "lastGameId": long, "records": {} }),
            json!({ "lastGameId": 1, "records": {}, long.clone(): 1 }),
        ] {
            let e = validate_records::<Game>(&bad).unwrap_err();
            assert!(e.chars().count() <= 161, "{} characters", e.chars().count());
        }
    }

    #[test]
    fn absurd_game_numbers_are_refused() {
        let doc = |id: u64| json!({ "gameId": id, "game": Game::new(Level::Easy, First::Player).snapshot() });
        assert!(validate_game::<Game>(&doc(MAX_COUNTER - 1)).is_ok());
        assert!(
            validate_game::<Game>(&doc(MAX_COUNTER)).is_err(),
            "no room for the next game"
        );
        assert!(validate_game::<Game>(&doc(u64::MAX)).is_err());
    }
}
