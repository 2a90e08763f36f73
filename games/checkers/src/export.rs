//! A game of the app as PDN and as a review: the player is White ("You"),
//! the CPU Black ("CPU (Hard)"), the date is the day the game began (UTC),
//! and the result is the one the rules gave, or `*` while the game goes on.

use crate::game::Game;
use crate::line::Line;
use crate::pdn::{PdnGame, PdnResult};
use crate::records::ArchivedGame;
use crate::sides::{GameResult, PlayerOutcome};
use crate::view::Review;
use crate::Level;

/// The `Event` tag of every game.
pub const EVENT: &str = "Checkers against the CPU";

/// `YYYY.MM.DD` for a moment in ms since 1970 (UTC); PDN's unknown date
/// `????.??.??` when there is none.
pub fn pdn_date(ms: Option<u64>) -> String {
    let day = ms
        .and_then(|ms| i64::try_from(ms / 1000).ok())
        .and_then(|secs| time::OffsetDateTime::from_unix_timestamp(secs).ok());
    match day {
        Some(t) => format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day()),
        None => "????.??.??".to_string(),
    }
}

/// The PDN result of a game of the app, where the player is White and
/// the CPU Black.
fn pdn_result(result: Option<GameResult>) -> PdnResult {
    match result.map(|r| r.outcome) {
        None => PdnResult::Unfinished,
        Some(PlayerOutcome::Draw) => PdnResult::Draw,
        Some(PlayerOutcome::Loss) => PdnResult::BlackWins,
        Some(PlayerOutcome::Win) => PdnResult::WhiteWins,
    }
}

/// The PDN of a game played in the app.
pub fn pdn(
    line: &Line,
    level: Level,
    started_at_ms: Option<u64>,
    result: Option<GameResult>,
) -> String {
    let level_name = match level {
        Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Hard => "Hard",
    };
    let tags = [
        ("Event", EVENT.to_string()),
        ("Date", pdn_date(started_at_ms)),
        ("Black", format!("CPU ({level_name})")),
        ("White", "You".to_string()),
    ];
    PdnGame {
        tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        start: *line.start(),
        moves: line.moves().to_vec(),
        result: pdn_result(result),
    }
    .to_pdn()
}

impl Game {
    /// The game as PDN, finished or not.
    pub fn pdn(&self) -> String {
        pdn(
            self.line(),
            self.level(),
            self.started_at_ms(),
            self.result(),
        )
    }

    /// The whole game to step through, from its first position.
    pub fn review(&self) -> Review {
        Review::of(
            self.line(),
            self.level(),
            self.first(),
            self.result(),
            self.pdn(),
        )
    }
}

impl ArchivedGame {
    /// The kept game as PDN.
    pub fn pdn(&self) -> String {
        pdn(
            self.line(),
            self.level,
            self.started_at_ms,
            Some(self.result),
        )
    }

    /// The kept game to step through.
    pub fn review(&self) -> Review {
        Review::of(
            self.line(),
            self.level,
            self.first,
            Some(self.result),
            self.pdn(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_days() {
        assert_eq!(pdn_date(Some(0)), "1970.01.01");
        assert_eq!(pdn_date(Some(951_868_799_999)), "2000.02.29");
        assert_eq!(pdn_date(Some(1_798_675_200_000)), "2026.12.31");
        assert_eq!(pdn_date(None), "????.??.??");
        assert_eq!(pdn_date(Some(u64::MAX)), "????.??.??");
    }
}
