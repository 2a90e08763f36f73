//! Choko's state in the shell: the game in progress and the ladder (the
//! streak, its level and the best streak), kept in memory and saved through
//! [`crate::app::persist`] after every action, in two documents of their own
//! beside the checkers ones:
//!
//! - `choko-game`: `{ "gameId": 7, "streakId": 2, "game": <choko::snapshot> }`,
//!   a jump waiting for its extra piece included;
//! - `choko-ladder`: `{ "lastGameId": 6, "streakId": 2, "streak": <choko::streak> }`.
//!
//! The two are written one at a time, so every change that touches both is
//! ordered so that a crash between the two writes leaves a pair the next
//! start reads as either the old state or the new one, whole:
//!
//! - counting a finished game writes the ladder first, then the game with
//!   its flag set. Numbers grow with each new game and the ladder
//!   remembers the last one it counted, so a game the ladder has counted
//!   is never counted again, whatever its flag says;
//! - a new streak writes its first game first, then the ladder with the
//!   streak ended. Each streak has a number, which both documents carry:
//!   a game of a newer streak than the ladder's means the app stopped
//!   between the two writes, and the start ends the ladder's streak then,
//!   as the player asked; a game of an older streak was abandoned with it,
//!   and is neither offered nor counted.
//!
//! The rules stay in the engine: the session, the replay of a save and the
//! score are `choko`'s; this file adapts them to the documents and the
//! commands.
//!
//! As in [`crate::checkers::session`], a refused request changes nothing, and
//! nothing on disk can stop [`ChokoShell::load`]: what cannot be read is
//! set aside and the player is told once, calmly.

use crate::slot::arg::BadArgument;
use crate::app::persist::{counter_with_room, next_counter, Document, Loaded, SaveError};
use choko::game::{Game, GameError, Input, Legal, Played};
use choko::snapshot::short;
use choko::streak::{Streak, StreakView};
use choko::view::{ActionView, View};
use choko::{Action, Level, Position};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::fmt;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use tauri::{AppHandle, Runtime};

/// File stems of Choko's two documents in the app data directory.
pub const CHOKO_GAME_DOC: &str = "choko-game";
pub const CHOKO_LADDER_DOC: &str = "choko-ladder";

/// Why a Choko request from the page was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChokoError {
    /// No game has been started (or loaded).
    NoGame,
    /// A game of the streak is in progress: continue it, or end the streak.
    GameInProgress,
    /// The game refused the operation (an illegal part, no undo, …).
    Game(GameError),
    /// The machine's reply was for a game that has since changed (a new
    /// game or streak, leaving): it was discarded.
    Stale,
    /// The search could not be run (only a panic in the search, which
    /// release builds turn into an abort, could cause this).
    Search,
    /// An argument of the command is missing or malformed.
    BadArgument(BadArgument),
}

impl ChokoError {
    /// A stable name for the error, which the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            ChokoError::NoGame => "noGame",
            ChokoError::GameInProgress => "gameInProgress",
            ChokoError::Game(e) => e.code(),
            ChokoError::Stale => "stale",
            ChokoError::Search => "search",
            ChokoError::BadArgument(_) => "badArgument",
        }
    }
}

impl fmt::Display for ChokoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChokoError::NoGame => f.write_str("no Choko game in progress"),
            ChokoError::GameInProgress => {
                f.write_str("a game of the streak is in progress: continue it or end the streak")
            }
            ChokoError::Game(e) => e.fmt(f),
            ChokoError::Stale => f.write_str("the game changed while the machine was thinking"),
            ChokoError::Search => f.write_str("the machine could not think"),
            ChokoError::BadArgument(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ChokoError {}

/// Refusals reach the page as `{ "code": "illegalMove", "message": "…" }`.
impl Serialize for ChokoError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        json!({ "code": self.code(), "message": self.to_string() }).serialize(s)
    }
}

impl From<GameError> for ChokoError {
    fn from(e: GameError) -> ChokoError {
        ChokoError::Game(e)
    }
}

impl From<BadArgument> for ChokoError {
    fn from(e: BadArgument) -> ChokoError {
        ChokoError::BadArgument(e)
    }
}

/// A calm sentence the page shows about Choko's saved files; the player is
/// owed one for every document lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ChokoNotice {
    /// The saved Choko game could not be read and was moved aside.
    ChokoGameUnreadable,
    /// The ladder could not be read and was moved aside.
    ChokoLadderUnreadable,
    /// Something cannot be written: progress is not being kept.
    NotSaving,
}

/// A command's answer and the Choko notices the player has not been given
/// yet.
pub type ChokoReply<T> = crate::checkers::session::Reply<T, ChokoNotice>;

/// What the page gets when it opens Choko.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChokoState {
    /// The game in progress, or the one that has just ended (its final
    /// position stays on the board); `None` before the first game.
    pub game: Option<View>,
    /// Whether `game` goes on, so that Continue resumes it.
    pub resumable: bool,
    pub ladder: StreakView,
    /// Every notice the player has not been given yet, in the order told.
    pub notices: Vec<ChokoNotice>,
}

/// The machine's whole action, in parts to show, and the view after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineReply {
    pub action: ActionView,
    pub view: View,
    /// The ladder after the action (changed if it ended the game).
    pub ladder: StreakView,
}

/// The player's part played, and the ladder after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    pub view: View,
    pub ladder: StreakView,
}

/// What the machine must search, tagged with the generation it was taken
/// from; applying the result checks it first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MachineJob {
    pub generation: u64,
    pub position: Position,
    pub level: Level,
}

/// The saved game's document; `streakId` is 0 in a save from a build that
/// did not number streaks, as in its ladder.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedGame {
    game_id: u64,
    #[serde(default)]
    streak_id: u64,
    game: Value,
}

/// The ladder's document; `streakId` is 0 in a ladder from a build that
/// did not number streaks.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedLadder {
    last_game_id: u64,
    #[serde(default)]
    streak_id: u64,
    streak: Value,
}

/// A saved Choko game: its number, its streak's number, and the game.
#[derive(Clone, Debug, PartialEq)]
pub struct ChokoSavedGame {
    pub game_id: u64,
    pub streak_id: u64,
    pub game: Game,
}

/// A saved ladder: the number of the last game it counted, its streak's
/// number, and the streak.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChokoSavedLadder {
    pub last_game_id: u64,
    pub streak_id: u64,
    pub streak: Streak,
}

fn number(n: u64) -> Result<u64, String> {
    counter_with_room(n).map_err(|_| format!("number {n} is out of range"))
}

/// Check a saved Choko game fully: the envelope, its numbers, then the
/// engine's replay (version, the standard start, every action, the waiting
/// jump).
pub fn validate_choko_game(value: &Value) -> Result<ChokoSavedGame, String> {
    let saved = SavedGame::deserialize(value).map_err(short)?;
    let game = Game::from_value(&saved.game).map_err(|e| e.to_string())?;
    Ok(ChokoSavedGame {
        game_id: number(saved.game_id)?,
        streak_id: number(saved.streak_id)?,
        game,
    })
}

/// Check a saved ladder fully: the envelope, its numbers, the streak's
/// bonuses and its best.
pub fn validate_choko_ladder(value: &Value) -> Result<ChokoSavedLadder, String> {
    let saved = SavedLadder::deserialize(value).map_err(short)?;
    let streak = Streak::from_value(&saved.streak).map_err(|e| e.to_string())?;
    Ok(ChokoSavedLadder {
        last_game_id: number(saved.last_game_id)?,
        streak_id: number(saved.streak_id)?,
        streak,
    })
}

struct Inner {
    game: Option<Game>,
    game_id: u64,
    /// The game in progress could not be given a number (the counter has
    /// no room left): it is neither saved nor counted, and the player has
    /// been told that progress is not being kept.
    unnumbered: bool,
    /// The number of the ladder's current streak, which its games carry.
    streak_id: u64,
    /// Bumped by every new game or streak and by leaving: a machine reply
    /// searched for an older generation is discarded.
    generation: u64,
    streak: Streak,
    last_recorded_id: u64,
    notices: Vec<ChokoNotice>,
    told_not_saving: bool,
    game_doc: Document,
    ladder_doc: Document,
}

/// Choko's state, shared by its commands.
pub struct ChokoShell {
    inner: Mutex<Inner>,
}

fn report<T>(loaded: &Loaded<T>) {
    for s in &loaded.set_aside {
        match &s.moved_to {
            Some(to) => eprintln!(
                "choko: {} is unusable ({}); moved to {}",
                s.path.display(),
                s.reason,
                to.display()
            ),
            None => eprintln!(
                "choko: {} is unusable ({}) and could not be moved aside; it will not be written",
                s.path.display(),
                s.reason
            ),
        }
    }
}

impl ChokoShell {
    /// Load the ladder and the saved game from `dir`. The player is told
    /// of every document lost (the ladder, then the game), after being told
    /// that progress is not being kept when a document cannot be written.
    /// Then the pair is made whole (see the module doc): a new streak that
    /// the ladder missed is ended in it now, a game of an ended streak is
    /// dropped, and a game that ended but was not yet counted (the app
    /// stopped between the two writes) is counted.
    pub fn load<R: Runtime>(app: &AppHandle<R>, dir: &Path) -> ChokoShell {
        let ladder = Document::load(dir, CHOKO_LADDER_DOC, validate_choko_ladder);
        let game = Document::load(dir, CHOKO_GAME_DOC, validate_choko_game);
        report(&ladder);
        report(&game);
        let blocked = ladder.blocked() || game.blocked();
        let notices = [
            (blocked, ChokoNotice::NotSaving),
            (ladder.lost(), ChokoNotice::ChokoLadderUnreadable),
            (game.lost(), ChokoNotice::ChokoGameUnreadable),
        ]
        .into_iter()
        .filter_map(|(owed, notice)| owed.then_some(notice))
        .collect();
        let saved = ladder.value.unwrap_or_default();
        let mut inner = Inner {
            game: None,
            game_id: 0,
            unnumbered: false,
            streak_id: saved.streak_id,
            generation: 0,
            streak: saved.streak,
            last_recorded_id: saved.last_game_id,
            notices,
            told_not_saving: blocked,
            game_doc: game.doc,
            ladder_doc: ladder.doc,
        };
        if let Some(saved) = game.value {
            inner.game_id = saved.game_id;
            let streak_id = saved.streak_id;
            if streak_id > inner.streak_id {
                // The new streak's first game was written, the ladder not.
                inner.streak.end();
                inner.streak_id = streak_id;
                inner.save_ladder(app);
            }
            if streak_id == inner.streak_id {
                inner.game = Some(saved.game);
            }
        }
        inner.record_if_ended(app);
        ChokoShell {
            inner: Mutex::new(inner),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Every operation checks before it changes anything, so the state
        // behind a poisoned lock is whole.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The game (in progress or just ended), the ladder, and the notice,
    /// given once.
    pub fn state(&self) -> ChokoState {
        let mut s = self.lock();
        let game = s.game.as_ref().map(Game::view);
        let resumable = s.game.as_ref().is_some_and(|g| !g.is_over());
        ChokoState {
            game,
            resumable,
            ladder: s.streak.view(),
            notices: std::mem::take(&mut s.notices),
        }
    }

    /// The streak's next game, at the ladder's level with its first placer
    /// (L1, L4). Refused while a game goes on: it is continued, or the
    /// streak is ended ([`ChokoShell::new_streak`]).
    pub fn new_game<R: Runtime>(
        &self,
        app: &AppHandle<R>,
    ) -> Result<ChokoReply<Answer>, ChokoError> {
        let mut s = self.lock();
        if s.game.as_ref().is_some_and(|g| !g.is_over()) {
            return Err(ChokoError::GameInProgress);
        }
        Ok(s.start_game(app))
    }

    /// End the streak (the best stays), abandoning any game in progress,
    /// and start the first game of a new one. The new game is written
    /// before the ladder (see the module doc), so that no crash can leave
    /// the abandoned game under the new streak.
    pub fn new_streak<R: Runtime>(&self, app: &AppHandle<R>) -> ChokoReply<Answer> {
        let mut s = self.lock();
        s.streak.end();
        s.streak_id = next_counter(s.streak_id).unwrap_or(s.streak_id);
        let reply = s.start_game(app);
        s.save_ladder(app);
        reply
    }

    /// What the player may do now.
    pub fn legal(&self) -> Result<Legal, ChokoError> {
        let s = self.lock();
        s.game.as_ref().map(Game::legal).ok_or(ChokoError::NoGame)
    }

    /// One part of the player's action; saved after it, counted by the
    /// ladder if it ended the game.
    pub fn play<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        input: Input,
    ) -> Result<ChokoReply<Answer>, ChokoError> {
        let mut s = self.lock();
        let played = s.game.as_mut().ok_or(ChokoError::NoGame)?.play(input)?;
        match played {
            Played::Whole(_) => s.after_action(app),
            Played::Waiting(_) => s.save_game(app),
        }
        let answer = s.answer()?;
        Ok(s.reply(answer))
    }

    /// First half of the machine's turn: what to search, for which
    /// generation. Fails unless the machine is to act.
    pub fn machine_request(&self) -> Result<MachineJob, ChokoError> {
        let s = self.lock();
        let r = s
            .game
            .as_ref()
            .ok_or(ChokoError::NoGame)?
            .machine_request()?;
        Ok(MachineJob {
            generation: s.generation,
            position: r.position,
            level: r.level,
        })
    }

    /// Second half: apply the searched action if the game is still the one
    /// it was searched for; otherwise [`ChokoError::Stale`].
    pub fn machine_apply<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        job: &MachineJob,
        best: Option<Action>,
    ) -> Result<ChokoReply<MachineReply>, ChokoError> {
        let mut s = self.lock();
        if s.generation != job.generation {
            return Err(ChokoError::Stale);
        }
        let game = s.game.as_mut().ok_or(ChokoError::Stale)?;
        let now = game.machine_request().ok();
        if now.map(|r| (r.position, r.level)) != Some((job.position, job.level)) {
            return Err(ChokoError::Stale);
        }
        let a = best.ok_or(GameError::NoMachineAction)?;
        game.apply_machine(a)?;
        let action = game.last_action().ok_or(GameError::NoMachineAction)?;
        s.after_action(app);
        let Answer { view, ladder } = s.answer()?;
        Ok(s.reply(MachineReply {
            action,
            view,
            ladder,
        }))
    }

    /// Back to the start screen: the game stays saved (it is after every
    /// action); a reply still being searched becomes stale. Answers what
    /// the start screen shows.
    pub fn leave(&self) -> ChokoState {
        self.lock().generation += 1;
        self.state()
    }
}

impl Inner {
    fn answer(&self) -> Result<Answer, ChokoError> {
        let view = self
            .game
            .as_ref()
            .map(Game::view)
            .ok_or(ChokoError::NoGame)?;
        Ok(Answer {
            view,
            ladder: self.streak.view(),
        })
    }

    fn reply<T>(&mut self, value: T) -> ChokoReply<T> {
        ChokoReply {
            value,
            notices: std::mem::take(&mut self.notices),
        }
    }

    /// A new game at the ladder's level and first placer, numbered and
    /// saved; any reply still being searched becomes stale. A counter with
    /// no room left (only a file at the limit can bring one) leaves the
    /// game unnumbered rather than stored under a number that could not be
    /// read back.
    fn start_game<R: Runtime>(&mut self, app: &AppHandle<R>) -> ChokoReply<Answer> {
        self.generation += 1;
        match next_counter(self.game_id.max(self.last_recorded_id)) {
            Some(id) => {
                self.game_id = id;
                self.unnumbered = false;
            }
            None => self.unnumbered = true,
        }
        let game = Game::new(self.streak.level(), self.streak.next_first());
        let view = game.view();
        self.game = Some(game);
        self.save_game(app);
        let answer = Answer {
            view,
            ladder: self.streak.view(),
        };
        self.reply(answer)
    }

    fn after_action<R: Runtime>(&mut self, app: &AppHandle<R>) {
        self.save_game(app);
        self.record_if_ended(app);
    }

    /// Count an ended game in the ladder exactly once: the game's flag and
    /// the ladder's last game number both guard it. The ladder is saved
    /// first, then the game with its flag set.
    fn record_if_ended<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if game.is_recorded() || self.unnumbered {
            return;
        }
        let Some(result) = game.result() else {
            return;
        };
        if self.game_id > self.last_recorded_id {
            self.streak.record(&result);
            self.last_recorded_id = self.game_id;
            self.save_ladder(app);
        }
        if let Some(game) = self.game.as_mut() {
            game.mark_recorded();
        }
        self.save_game(app);
    }

    fn save_ladder<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let value = json!({
            "lastGameId": self.last_recorded_id,
            "streakId": self.streak_id,
            "streak": self.streak.to_value(),
        });
        let saved = self.ladder_doc.save(app, value);
        self.check_saved(saved);
    }

    fn save_game<R: Runtime>(&mut self, app: &AppHandle<R>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if self.unnumbered {
            self.check_saved(Err(SaveError::Counter));
            return;
        }
        let value = json!({
            "gameId": self.game_id,
            "streakId": self.streak_id,
            "game": game.to_value(),
        });
        let saved = self.game_doc.save(app, value);
        self.check_saved(saved);
    }

    fn check_saved(&mut self, saved: Result<(), SaveError>) {
        if let Err(e) = saved {
            eprintln!("choko: {e}");
            if !self.told_not_saving {
                self.told_not_saving = true;
                self.notices.push(ChokoNotice::NotSaving);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::persist::MAX_COUNTER;

    #[test]
    fn refusals_reach_the_page_as_a_code_and_a_message() {
        assert_eq!(
            serde_json::to_value(ChokoError::Game(GameError::NoUndo)).unwrap(),
            json!({ "code": "noUndo", "message": "Choko has no undo: a streak is a score" })
        );
        assert_eq!(ChokoError::GameInProgress.code(), "gameInProgress");
    }

    #[test]
    fn envelopes_are_checked_and_their_errors_are_short() {
        let long = "é".repeat(1 << 18);
        for bad in [
            json!({ "gameId": long, "game": {} }),
            json!({ "gameId": 1, "game": {}, long.clone(): 1 }),
            json!({ "gameId": MAX_COUNTER, "game": Game::new(Level::top(), choko::game::Who::Player).to_value() }),
        ] {
            let e = validate_choko_game(&bad).unwrap_err();
            assert!(e.chars().count() <= 200, "{} characters", e.chars().count());
        }
        for bad in [
            json!({ "lastGameId": 1, "streak": { "version": 1, "bonuses": [long], "best": [] } }),
            json!({ "lastGameId": u64::MAX, "streak": Streak::new().to_value() }),
        ] {
            let e = validate_choko_ladder(&bad).unwrap_err();
            assert!(e.chars().count() <= 200, "{} characters", e.chars().count());
        }
        let ok = json!({ "lastGameId": 3, "streak": Streak::new().to_value() });
        assert_eq!(validate_choko_ladder(&ok).unwrap().last_game_id, 3);
        assert_eq!(validate_choko_ladder(&ok).unwrap().streak_id, 0);
    }
}
