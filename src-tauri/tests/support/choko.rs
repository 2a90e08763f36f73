//! Choko's documents as the shell writes them, made by playing: games
//! through the session's own API (the player's parts from what
//! `Game::legal` offers, the machine's actions from the legal ones), saved
//! at any point (a jump waiting for its extra piece, the machine to act,
//! the end) and ladders that counted finished games. The fuzz tests
//! mutate them.

use choko::game::{Game, Input, Who};
use choko::history::Ladder;
use choko::Level;
use serde_json::{json, Value};
use test_kit::Rng;

/// The keys of Choko's documents and their near misses.
#[rustfmt::skip]
pub const CHOKO_KEYS: &[&str] = &[
    "gameId", "streakId", "game", "lastGameId", "streak", "version", "level", "first", "start",
    "actions", "waiting", "recorded", "bonuses", "best", "games", "streaks", "id",
    "finishedAtMs", "endedAtMs", "streak_id", "Actions",
];

/// Texts of Choko's documents and their near misses.
#[rustfmt::skip]
pub const CHOKO_STRINGS: &[&str] = &[
    "player", "machine", "cpu", "5/5/5/5/5 x 12/12 - 0 0", "5/5/5/5/5 o 12/12 - 0 0",
    "@c3", "c3-c4", "c3xc5 b2", "c3xc5 @", "b3xd3", "@z9", "", "x", "o", "1", "9",
];

/// One part of play: the machine's action (any legal one), or the
/// player's part among those offered. False once the game has ended.
fn step(rng: &mut Rng, g: &mut Game) -> bool {
    if g.is_over() {
        return false;
    }
    if g.machine_to_act() {
        let actions = g.position().legal_actions();
        let a = *rng.pick(&actions);
        g.apply_machine(a).expect("a legal action is applied");
        return true;
    }
    let legal = g.legal();
    let input = if let Some(extra) = &legal.extra {
        Input::Extra(*rng.pick(&extra.choices))
    } else if !legal.pieces.is_empty() && (legal.place.is_empty() || rng.chance(1, 2)) {
        let m = rng.pick(&legal.pieces);
        let to: Vec<_> = m.steps.iter().chain(&m.jumps).copied().collect();
        Input::Move {
            from: m.from,
            to: *rng.pick(&to),
        }
    } else {
        Input::Place(*rng.pick(&legal.place))
    };
    g.play(input).expect("an offered part is legal");
    true
}

fn level(rng: &mut Rng) -> Level {
    Level::new(1 + rng.below(8) as u8).expect("a level 1 to 8")
}

fn first(rng: &mut Rng) -> Who {
    if rng.chance(1, 2) {
        Who::Player
    } else {
        Who::Machine
    }
}

/// A game as the app saves it: played for a random number of parts, so
/// it may stop waiting for an extra piece, on the machine's turn or at
/// its end; an ended one is marked counted half of the time.
pub fn random_choko_game(rng: &mut Rng) -> Game {
    let mut g = Game::new(level(rng), first(rng));
    let most = if rng.chance(1, 4) { 300 } else { 40 };
    for _ in 0..rng.below(most) {
        if !step(rng, &mut g) {
            break;
        }
    }
    if rng.chance(1, 2) {
        g.mark_recorded();
    }
    g
}

/// A game played to its end.
pub fn finished_choko_game(rng: &mut Rng) -> Game {
    let mut g = Game::new(level(rng), first(rng));
    while step(rng, &mut g) {}
    g
}

/// A number as the envelopes carry it.
fn number(rng: &mut Rng) -> u64 {
    rng.below(1000) as u64
}

/// A saved game's document: `{ gameId, streakId, game }`.
pub fn choko_game_document(rng: &mut Rng) -> Value {
    let g = random_choko_game(rng);
    json!({ "gameId": number(rng), "streakId": number(rng), "game": g.to_value() })
}

/// A ladder's document: `{ lastGameId, streakId, streak }`, the ladder
/// having counted some of `finished`, and ended a streak now and then.
pub fn choko_ladder_document(rng: &mut Rng, finished: &[Game]) -> Value {
    let mut ladder = Ladder::new();
    for (id, g) in finished
        .iter()
        .enumerate()
        .take(rng.below(finished.len() + 1))
    {
        ladder.record(g, id as u64 + 1, rng.below(1 << 40) as u64);
        if rng.chance(1, 8) {
            ladder.end_streak(rng.below(1 << 40) as u64);
        }
    }
    json!({ "lastGameId": number(rng), "streakId": number(rng), "streak": ladder.to_value() })
}
