//! Choko's session in the shell: the game in progress and the ladder (the
//! streak, its level and the best streak, with the last finished games and
//! ended streaks), kept in a [`Slot`] and saved after every action in two
//! documents of their own:
//!
//! - `choko-game`: `{ "gameId": 7, "streakId": 2, "game": <choko::snapshot> }`,
//!   a jump waiting for its extra piece included;
//! - `choko-ladder`: `{ "lastGameId": 6, "streakId": 2, "streak": <choko::history> }`.
//!
//! The ladder's streaks are the slot's epochs: a new streak writes its
//! first game before the ladder that ends the old one, so no crash can
//! leave the abandoned game under the new streak (the slot's module doc
//! says how a start makes the pair whole). The rules stay in the engine:
//! the session, the replay of a save and the score are `choko`'s; this
//! file adapts them to the documents and the commands.
//!
//! A refused request changes nothing, and nothing on disk can stop
//! [`ChokoSession::load`]: what cannot be read is set aside and the player
//! is told once, calmly.

use crate::slot::arg::BadArgument;
use crate::slot::{record_date, refusal, Reply, Slot, SlotError, SlotGame};
use choko::game::{Game, GameError, Input, Legal, Played};
use choko::history::{Ladder, LadderRecords};
use choko::review::Review;
use choko::streak::StreakView;
use choko::view::{ActionView, View};
use choko::{Action, Level, Position};
use serde::Serialize;
use serde_json::Value;
use std::fmt;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use tauri::{AppHandle, Runtime};

/// Why a Choko request from the page was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChokoError {
    /// A refusal every game shares (no game, a stale reply, …).
    Slot(SlotError),
    /// A game of the streak is in progress: continue it, or end the streak.
    GameInProgress,
    /// The game refused the operation (an illegal part, no undo, …).
    Game(GameError),
    /// No kept game has this number.
    NoSuchGame,
    /// The system clipboard could not be written.
    Clipboard,
}

impl ChokoError {
    /// A stable name for the refusal, which the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            ChokoError::Slot(e) => e.code(),
            ChokoError::GameInProgress => "gameInProgress",
            ChokoError::Game(e) => e.code(),
            ChokoError::NoSuchGame => "noSuchGame",
            ChokoError::Clipboard => "clipboard",
        }
    }
}

impl fmt::Display for ChokoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChokoError::Slot(e) => e.fmt(f),
            ChokoError::GameInProgress => {
                f.write_str("a game of the streak is in progress: continue it or end the streak")
            }
            ChokoError::Game(e) => e.fmt(f),
            ChokoError::NoSuchGame => f.write_str("no kept game has this number"),
            ChokoError::Clipboard => f.write_str("the clipboard could not be written"),
        }
    }
}

impl std::error::Error for ChokoError {}

impl Serialize for ChokoError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        refusal(self.code(), self.to_string(), s)
    }
}

impl From<GameError> for ChokoError {
    fn from(e: GameError) -> ChokoError {
        ChokoError::Game(e)
    }
}

impl From<SlotError> for ChokoError {
    fn from(e: SlotError) -> ChokoError {
        ChokoError::Slot(e)
    }
}

impl From<BadArgument> for ChokoError {
    fn from(e: BadArgument) -> ChokoError {
        ChokoError::Slot(SlotError::BadArgument(e))
    }
}

/// A calm sentence the page shows about Choko's saved files.
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

/// A Choko command's answer with its notices.
pub type ChokoReply<T> = Reply<T, ChokoNotice>;

/// The game and its ladder in their documents; the checks are the
/// engine's (the standard start, every action, the waiting jump; every
/// bonus and the best streak, every kept game replayed to its end).
impl SlotGame for Game {
    type Records = Ladder;
    type Notice = ChokoNotice;
    const NAME: &'static str = "choko";
    const GAME_DOC: &'static str = "choko-game";
    const RECORDS_DOC: &'static str = "choko-ladder";
    const RECORDS_KEY: &'static str = "streak";
    const EPOCH_KEY: Option<&'static str> = Some("streakId");
    const NOT_SAVING: ChokoNotice = ChokoNotice::NotSaving;
    const GAME_LOST: ChokoNotice = ChokoNotice::ChokoGameUnreadable;
    const RECORDS_LOST: ChokoNotice = ChokoNotice::ChokoLadderUnreadable;

    fn read_game(value: &Value) -> Result<Game, String> {
        Game::from_value(value).map_err(|e| e.to_string())
    }
    fn write_game(&self) -> Value {
        self.to_value()
    }
    fn read_records(value: &Value) -> Result<Ladder, String> {
        Ladder::from_value(value).map_err(|e| e.to_string())
    }
    fn write_records(ladder: &Ladder) -> Value {
        ladder.to_value()
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    fn is_recorded(&self) -> bool {
        Game::is_recorded(self)
    }
    fn mark_recorded(&mut self) {
        Game::mark_recorded(self);
    }
    fn record(&self, ladder: &mut Ladder, id: u64, now_ms: u64) {
        ladder.record(self, id, now_ms);
    }
    /// A new streak: the current one ends (the best stays, and a streak
    /// with wins is kept among the ended ones).
    fn begin_epoch(ladder: &mut Ladder, now_ms: u64) {
        ladder.end_streak(now_ms);
    }
}

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

/// Choko's state, shared by its commands.
pub struct ChokoSession {
    slot: Mutex<Slot<Game>>,
}

impl ChokoSession {
    /// Load the ladder and the saved game from `dir` ([`Slot::load`]).
    pub fn load<R: Runtime>(app: &AppHandle<R>, dir: &Path) -> ChokoSession {
        ChokoSession {
            slot: Mutex::new(Slot::load(app, dir)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Slot<Game>> {
        // Every operation checks before it changes anything, so the state
        // behind a poisoned lock is whole.
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The game (in progress or just ended), the ladder, and the notices,
    /// given once.
    pub fn state(&self) -> ChokoState {
        let mut s = self.lock();
        let game = s.game.as_ref().map(Game::view);
        let resumable = s.game.as_ref().is_some_and(|g| !g.is_over());
        ChokoState {
            game,
            resumable,
            ladder: s.records.view(),
            notices: s.take_notices(),
        }
    }

    /// The streak's next game, at the ladder's level with its first placer
    /// (L1, L4). Refused while a game goes on: it is continued, or the
    /// streak is ended ([`ChokoSession::new_streak`]).
    pub fn new_game<R: Runtime>(
        &self,
        app: &AppHandle<R>,
    ) -> Result<ChokoReply<Answer>, ChokoError> {
        let mut s = self.lock();
        if s.game.as_ref().is_some_and(|g| !g.is_over()) {
            return Err(ChokoError::GameInProgress);
        }
        let game = Game::new(s.records.level(), s.records.next_first());
        s.start(app, game);
        answer(&mut s)
    }

    /// End the streak (the best stays), abandoning any game in progress,
    /// and start the first game of a new one: the new game is written
    /// before the ladder.
    pub fn new_streak<R: Runtime>(
        &self,
        app: &AppHandle<R>,
    ) -> Result<ChokoReply<Answer>, ChokoError> {
        let mut s = self.lock();
        s.start_epoch(app, |streak| Game::new(streak.level(), streak.next_first()));
        answer(&mut s)
    }

    /// What the player may do now.
    pub fn legal(&self) -> Result<Legal, ChokoError> {
        Ok(game(&self.lock())?.legal())
    }

    /// One part of the player's action; saved after it, counted by the
    /// ladder if it ended the game.
    pub fn play<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        input: Input,
    ) -> Result<ChokoReply<Answer>, ChokoError> {
        let mut s = self.lock();
        let game = s.game.as_mut().ok_or(SlotError::NoGame)?;
        match game.play(input)? {
            Played::Whole(_) => s.after_change(app),
            Played::Waiting(_) => s.save_game(app),
        }
        answer(&mut s)
    }

    /// First half of the machine's turn: what to search, for which
    /// generation. Fails unless the machine is to act.
    pub fn machine_request(&self) -> Result<MachineJob, ChokoError> {
        let s = self.lock();
        let r = game(&s)?.machine_request()?;
        Ok(MachineJob {
            generation: s.generation(),
            position: r.position,
            level: r.level,
        })
    }

    /// Second half: apply the searched action if the game is still the one
    /// it was searched for; otherwise it is stale.
    pub fn machine_apply<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        job: &MachineJob,
        best: Option<Action>,
    ) -> Result<ChokoReply<MachineReply>, ChokoError> {
        let mut s = self.lock();
        if s.generation() != job.generation {
            return Err(SlotError::Stale.into());
        }
        let game = s.game.as_mut().ok_or(SlotError::Stale)?;
        let now = game.machine_request().ok();
        if now.map(|r| (r.position, r.level)) != Some((job.position, job.level)) {
            return Err(SlotError::Stale.into());
        }
        let a = best.ok_or(GameError::NoMachineAction)?;
        game.apply_machine(a)?;
        let action = game.last_action().ok_or(GameError::NoMachineAction)?;
        s.after_change(app);
        let Reply { value, notices } = answer(&mut s)?;
        Ok(Reply {
            value: MachineReply {
                action,
                view: value.view,
                ladder: value.ladder,
            },
            notices,
        })
    }

    /// Back to the start screen: the game stays saved (it is after every
    /// action); a reply still being searched becomes stale. Answers what
    /// the start screen shows.
    pub fn leave(&self) -> ChokoState {
        self.lock().bump();
        self.state()
    }

    /// The records: the best streak, the last ended streaks and the kept
    /// games.
    pub fn records(&self) -> LadderRecords {
        self.lock().records.records()
    }

    /// The game on screen (in progress or just ended), to step through,
    /// its record dated today.
    pub fn review(&self) -> Result<Review, ChokoError> {
        let s = self.lock();
        Ok(game(&s)?.review(Some(&record_date(crate::slot::now_ms()))))
    }

    /// The kept game `id`, to step through, its record dated the day it
    /// ended.
    pub fn history_game(&self, id: u64) -> Result<Review, ChokoError> {
        let s = self.lock();
        let kept = s.records.game(id).ok_or(ChokoError::NoSuchGame)?;
        Ok(kept
            .game()
            .review(Some(&record_date(kept.finished_at_ms()))))
    }

    /// The record's text of the game on screen (`None`) or of the kept game
    /// `id`.
    pub fn record_text(&self, id: Option<u64>) -> Result<String, ChokoError> {
        let s = self.lock();
        match id {
            None => Ok(game(&s)?.record_text(Some(&record_date(crate::slot::now_ms())))),
            Some(id) => {
                let kept = s.records.game(id).ok_or(ChokoError::NoSuchGame)?;
                Ok(kept.record_text(Some(&record_date(kept.finished_at_ms()))))
            }
        }
    }
}

fn game(s: &Slot<Game>) -> Result<&Game, ChokoError> {
    s.game.as_ref().ok_or(SlotError::NoGame.into())
}

/// The view of the game and the ladder, with the notices owed.
fn answer(s: &mut Slot<Game>) -> Result<ChokoReply<Answer>, ChokoError> {
    let view = game(s)?.view();
    let ladder = s.records.view();
    Ok(s.reply(Answer { view, ladder }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::persist::MAX_COUNTER;
    use crate::slot::{validate_game, validate_records};
    use serde_json::json;

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
            let e = validate_game::<Game>(&bad).unwrap_err();
            assert!(e.chars().count() <= 200, "{} characters", e.chars().count());
        }
        for bad in [
            json!({ "lastGameId": 1, "streak": { "version": 1, "bonuses": [long], "best": [] } }),
            json!({ "lastGameId": u64::MAX, "streak": Ladder::new().to_value() }),
            json!({ "lastGameId": 1, "streakId": -1, "streak": Ladder::new().to_value() }),
        ] {
            let e = validate_records::<Game>(&bad).unwrap_err();
            assert!(e.chars().count() <= 200, "{} characters", e.chars().count());
        }
        let ok = json!({ "lastGameId": 3, "streak": { "version": 1, "bonuses": [], "best": [] } });
        let read = validate_records::<Game>(&ok).unwrap();
        assert_eq!((read.last_game_id, read.epoch), (3, 0));
    }
}
