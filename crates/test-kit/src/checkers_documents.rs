//! Checkers' saved games and records as the app writes them, to mutate:
//! random games played through the session API, random endgames, finished
//! games and the records they make, and the version-1 shapes. Only with
//! the `checkers` feature.

use crate::Rng;
use checkers::game::Game;
use checkers::records::{ArchivedGame, Records};
use checkers::sides::First;
use checkers::{to_fen, Bitboard, Color, Level, Position, Square};
use serde_json::{json, Value};

/// The keys of both saved-game versions, and near misses.
#[rustfmt::skip]
pub const GAME_KEYS: &[&str] = &[
    "version", "level", "first", "start", "startQuiet", "moves", "chain", "playTimeMs",
    "startedAtMs", "recorded", "fen", "quiet", "lastMove", "Version", "start_quiet", "",
    "path", "side",
];

/// The keys of both records versions and their kept games, and near misses.
#[rustfmt::skip]
pub const RECORDS_KEYS: &[&str] = &[
    "version", "easy", "normal", "hard", "history", "wins", "losses", "draws",
    "playerPiecesLeft", "cpuPiecesLeft", "playTimeMs", "id", "finishedAtMs", "startedAtMs",
    "level", "first", "result", "outcome", "playerPieces", "cpuPieces", "start", "startQuiet",
    "moves", "Easy", "turns", "",
];

/// Texts of the formats: names (right and nearly right), positions
/// (standard, either side to move, endgames, empty sides, bracketed
/// multi-byte text), moves.
#[rustfmt::skip]
pub const STRINGS: &[&str] = &[
    "easy", "normal", "hard", "Easy", " easy", "expert", "player", "cpu", "Player", "both",
    "win", "loss", "draw", "Win", "B:W21-32:B1-12", "W:W21-32:B1-12", "W:W22:B18",
    "W:WK11:B6,7,14,15", "B:W18:B14", "W:W:B1", "B:W1:B", "[FEN \"B:W21-32:B1-12\"]",
    "[aaé]", "[FE€]", "[𝄞]", "11-15", "22-18", "22x15", "15x22", "9-14", "24-20", "22x15x6",
    "11x18x25", "1-5", "32-27", "x", "-", "0-0", "33-29", "", " ", "11-15 ", "１１-１５",
];

/// Square `n`, 1 to 32.
pub fn sq(n: u8) -> Square {
    Square::try_from(n).expect("a square number from 1 to 32")
}

/// A level, at random.
pub fn level(rng: &mut Rng) -> Level {
    *rng.pick(&Level::ALL)
}

/// Who starts, at random.
pub fn first(rng: &mut Rng) -> First {
    *rng.pick(&[First::Player, First::Cpu])
}

/// A random legal position with few pieces, so games end soon.
pub fn sparse_position(rng: &mut Rng) -> Position {
    loop {
        let mask = |rng: &mut Rng| rng.next_u64() as u32 & rng.next_u64() as u32;
        let b = mask(rng) & mask(rng) & 0x0FFF_FFFF;
        let w = mask(rng) & mask(rng) & !b & 0xFFFF_FFF0;
        let k = rng.next_u64() as u32;
        let turn = *rng.pick(&[Color::Black, Color::White]);
        if let Ok(p) = Position::new(Bitboard(b), Bitboard(w), Bitboard(k), turn) {
            return p;
        }
    }
}

/// A saved game in the version-1 shape: the position at the start of the
/// current turn, its counter and the chain in progress.
pub fn v1_value(rng: &mut Rng, g: &Game) -> Value {
    let chain: Vec<u8> = g.chain().iter().map(|s| s.number()).collect();
    let last_move = if rng.chance(1, 2) {
        Value::Null
    } else {
        json!({ "side": "cpu", "path": [9, 14] })
    };
    json!({
        "version": 1,
        "level": g.level(),
        "first": g.first(),
        "fen": to_fen(g.position()),
        "quiet": g.quiet(),
        "chain": chain,
        "lastMove": last_move,
        "playTimeMs": g.play_time_ms(),
        "recorded": g.is_recorded(),
    })
}

/// A game at `pos` through the version-1 path, as an older build saved it.
pub fn game_at(rng: &mut Rng, pos: &Position) -> Game {
    let doc = json!({
        "version": 1, "level": level(rng), "first": first(rng), "fen": to_fen(pos),
        "quiet": rng.below(40), "chain": [], "playTimeMs": rng.below(1 << 20),
    });
    Game::from_value(doc).expect("a legal position reads as a saved game")
}

/// One step of random play through the session API: the CPU's move (any
/// legal one), the player's hop (one of those offered, rarely any squares
/// at all), or an undo. False once the game has ended.
pub fn step(rng: &mut Rng, g: &mut Game) -> bool {
    if g.result().is_some() {
        return false;
    }
    if g.cpu_to_move() {
        let moves = g.position().legal_moves();
        let mv = *rng.pick(&moves);
        g.apply_cpu_move(&mv).expect("a legal CPU move is applied");
    } else if rng.chance(1, 10) {
        let _ = g.undo();
    } else if rng.chance(1, 20) {
        let _ = g.play_hop(sq(1 + rng.below(32) as u8), sq(1 + rng.below(32) as u8));
    } else {
        let legal = g.legal_moves();
        let m = rng.pick(legal.movable());
        let to = *rng.pick(&m.to);
        g.play_hop(m.from, to).expect("an offered hop is legal");
    }
    if rng.chance(1, 4) {
        g.add_play_time(rng.below(200_000) as u64);
    }
    true
}

/// A game as the app saves it: new or from a random endgame, played for a
/// random number of steps (so it may stop mid-chain, on the CPU's turn,
/// or at its end), and, when it ended, marked recorded half of the time.
pub fn random_game(rng: &mut Rng) -> Game {
    let mut g = if rng.chance(1, 3) {
        // A saved game never begins at the end of a game.
        let pos = loop {
            let pos = sparse_position(rng);
            if pos.count_moves() > 0 {
                break pos;
            }
        };
        game_at(rng, &pos)
    } else {
        let g = Game::new(level(rng), first(rng));
        if rng.chance(3, 4) {
            g.started_at(rng.next_u64() >> rng.below(64))
        } else {
            g
        }
    };
    let most = if rng.chance(1, 4) { 400 } else { 60 };
    let steps = rng.below(most);
    for _ in 0..steps {
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
pub fn finished_game(rng: &mut Rng) -> Game {
    loop {
        let mut g = random_game(rng);
        for _ in 0..2_000 {
            if !step(rng, &mut g) {
                break;
            }
        }
        if g.result().is_some() {
            return g;
        }
    }
}

/// Records built as the shell builds them: finished games added with
/// `Records::add` (numbers sometimes repeated, so one replaces another),
/// up to past the history's length.
pub fn random_records(rng: &mut Rng, finished: &[Game]) -> Records {
    let mut records = Records::default();
    let n = match rng.below(4) {
        0 => 0,
        1 | 2 => rng.below(6),
        _ => rng.below(60),
    };
    for _ in 0..n {
        let g = rng.pick(finished);
        let id = if rng.chance(1, 2) {
            rng.below(80) as u64
        } else {
            rng.next_u64() >> rng.below(64)
        };
        let at = rng.next_u64() >> rng.below(64);
        records.add(ArchivedGame::of(g, id, at).expect("a finished game is archived"));
    }
    records
}

/// Records in the version-1 shape: counts only, some near their limits.
pub fn v1_records(rng: &mut Rng) -> Value {
    let counts = |rng: &mut Rng| {
        let count = |rng: &mut Rng| {
            if rng.chance(1, 8) {
                u32::MAX - rng.below(3) as u32
            } else {
                rng.below(100) as u32
            }
        };
        let (w, l, d) = (count(rng), count(rng), count(rng));
        let games = u64::from(w) + u64::from(l) + u64::from(d);
        let pieces = |rng: &mut Rng| (rng.next_u64() % (12 * games + 1)).min(u32::MAX.into());
        json!({
            "wins": w, "losses": l, "draws": d,
            "playerPiecesLeft": pieces(rng), "cpuPiecesLeft": pieces(rng),
            "playTimeMs": rng.next_u64() >> rng.below(64),
        })
    };
    json!({
        "version": 1,
        "easy": counts(rng),
        "normal": counts(rng),
        "hard": counts(rng),
    })
}
