//! Matches between two players: games played side by side on threads, a
//! tally of their results, and the sign test that says whether a margin
//! is more than chance.
//!
//! The summary lines are an interface other tools read:
//!
//! ```text
//! A (LABEL) vs B (LABEL): W wins, D draws, L losses for A; score P/N = S%
//! sign test: z = Z (|z| >= 1.96: significant at 5 %)
//! ```

use crate::threads::{self, ThreadsError};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Why a match could not be played.
#[derive(Debug)]
pub enum ArenaError {
    /// A game's thread or its one-thread pool could not be started.
    Threads(ThreadsError),
    /// A game panicked on its thread.
    GameFailed,
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Threads(e) => e.fmt(f),
            ArenaError::GameFailed => f.write_str("a game's thread failed"),
        }
    }
}

impl std::error::Error for ArenaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ArenaError::Threads(e) => Some(e),
            ArenaError::GameFailed => None,
        }
    }
}

/// Plays games `0..games` side by side, `play(g)` playing game `g`, on
/// `threads` threads (at most one per game), each game's searches on a
/// pool of one thread: no search waits for another's tasks, and none of
/// a parallel search's overhead is paid where whole games keep every core
/// busy. The games do not depend on the thread count; they come back in
/// order.
pub fn play_games<G: Send>(
    games: usize,
    threads: usize,
    play: impl Fn(usize) -> G + Sync,
) -> Result<Vec<G>, ArenaError> {
    let next = AtomicUsize::new(0);
    let player = || -> Result<Vec<(usize, G)>, ArenaError> {
        let one = threads::pool(Some(1)).map_err(ArenaError::Threads)?;
        Ok(one.install(|| {
            let mut mine = Vec::new();
            loop {
                let g = next.fetch_add(1, Relaxed);
                if g >= games {
                    break mine;
                }
                mine.push((g, play(g)));
            }
        }))
    };
    let mut played: Vec<(usize, G)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.min(games)).map(|_| s.spawn(player)).collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| ArenaError::GameFailed)?)
            .collect::<Result<Vec<Vec<_>>, ArenaError>>()
    })?
    .into_iter()
    .flatten()
    .collect();
    played.sort_by_key(|&(g, _)| g);
    Ok(played.into_iter().map(|(_, game)| game).collect())
}

/// Wins, draws and losses, from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Counts one game: won (`Some(true)`), lost (`Some(false)`) or drawn
    /// (`None`).
    pub fn add(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.wins += 1,
            None => self.draws += 1,
            Some(false) => self.losses += 1,
        }
    }

    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A point a win, half a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The sign test: wins against losses, draws set aside, as the number
    /// of standard deviations the margin is from an even match (0 with
    /// no decided game).
    pub fn z(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l > 0.0 {
            (w - l) / (w + l).sqrt()
        } else {
            0.0
        }
    }

    /// `A (a) vs B (b): W wins, D draws, L losses for A; score P/N = S%`.
    pub fn score_line(&self, a: &str, b: &str) -> String {
        let n = self.games();
        format!(
            "A ({a}) vs B ({b}): {} wins, {} draws, {} losses for A; score {:.1}/{n} = {:.1}%",
            self.wins,
            self.draws,
            self.losses,
            self.points(),
            100.0 * self.points() / f64::from(n.max(1))
        )
    }

    /// `sign test: z = Z (|z| >= 1.96: significant at 5 %)`.
    pub fn sign_test_line(&self) -> String {
        format!(
            "sign test: z = {:.2} (|z| >= 1.96: significant at 5 %)",
            self.z()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_back_in_order_on_any_thread_count() {
        for threads in [1, 2, 5, 64] {
            let games = play_games(11, threads, |g| (g, rayon::current_num_threads())).unwrap();
            assert_eq!(games.len(), 11);
            for (i, (g, pool)) in games.into_iter().enumerate() {
                assert_eq!((g, pool), (i, 1));
            }
        }
        assert!(play_games(0, 4, |g| g).unwrap().is_empty());
    }

    #[test]
    fn a_game_that_panics_fails_the_match() {
        let r = play_games(3, 2, |g| assert_ne!(g, 1));
        assert_eq!(
            r.map(|_| ()).unwrap_err().to_string(),
            "a game's thread failed"
        );
    }

    #[test]
    fn tally_lines_and_the_sign_test() {
        let mut t = Tally::default();
        for won in [
            Some(true),
            Some(true),
            Some(true),
            Some(true),
            None,
            Some(false),
        ] {
            t.add(won);
        }
        assert_eq!((t.wins, t.draws, t.losses, t.games()), (4, 1, 1, 6));
        assert_eq!(
            t.score_line("normal", "easy"),
            "A (normal) vs B (easy): 4 wins, 1 draws, 1 losses for A; score 4.5/6 = 75.0%"
        );
        assert!((t.z() - 3.0 / 5f64.sqrt()).abs() < 1e-12);
        assert_eq!(
            t.sign_test_line(),
            "sign test: z = 1.34 (|z| >= 1.96: significant at 5 %)"
        );
        assert_eq!(Tally::default().z(), 0.0);
    }
}
