//! Fuzzing the saved documents: the saved game (`Game::from_json`,
//! `Game::from_value`, versions 1 and 2) and the records
//! (`Records::from_json`, `Records::from_value`, versions 1 and 2 with the
//! history of finished games). Nothing a file holds may panic the engine.
//!
//! The inputs start from documents the real code writes: random games
//! played through the session API (player hops, CPU moves, undo; stopped
//! anywhere, mid-chain included, or played to the end and marked recorded),
//! random endgames, and records of finished games added with
//! `Records::add`, written with `to_json` or rebuilt in the version-1
//! shape. They are then edited as text (`test_kit::text::mutate`, every
//! truncation at every character and byte of a few of them) and as JSON
//! (`test_kit::json::mutate_json`: wrong types, numbers on and past every limit,
//! squares 0 and 33, hostile move and position texts, keys dropped, added,
//! renamed or written twice, arrays cut, grown past 10 000 or shuffled,
//! deep nesting), and there is alphabet soup of JSON punctuation, the
//! formats' keys and values and hostile characters, and a fixed set of
//! documents of about a megabyte.
//!
//! Each input runs inside `catch_unwind` (`test_kit::fuzz::Harness`) and
//! must:
//!
//! - return within [`BASE_TIME`] and [`TIME_PER_MB`] for each megabyte
//!   of its text;
//! - on refusal, give an error whose text is at most
//!   [`MAX_MESSAGE_CHARS`] characters, whatever the input's size;
//! - on success, read again, the same, from what `to_json` writes; give a
//!   view, a review and a PDN that reads back to the same moves; and go on
//!   being played (hops, CPU moves, undo) without a panic.
//!
//! A broken property is a panic in the counts.
//!
//! - `cargo test -p checkers --test fuzz_documents` runs a short pass.
//! - The long run, `FUZZ_INPUTS` inputs (default 10^6) split between the
//!   two formats, on all cores, is part of `scripts/fuzz`:
//!
//!   ```text
//!   FUZZ_INPUTS=1000000 nice -n 19 cargo test -p checkers --test fuzz_documents -- --ignored --nocapture
//!   ```
//!
//!   `FUZZ_SEED` changes the inputs.

use checkers::game::Game;
use checkers::parse_pdn;
use checkers::records::{ArchivedGame, Records};
use serde_json::{json, Value};
use std::cell::Cell;
use std::fmt::Display;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use test_kit::checkers_documents::{
    finished_game, random_game, random_records, step, v1_records, v1_value, GAME_KEYS,
    RECORDS_KEYS, STRINGS,
};
use test_kit::fuzz::{long_run, long_run_size, Harness};
use test_kit::json::{json_text, mutate_json, JSON_ALPHABET};
use test_kit::text::{byte_truncations, char_truncations, from_alphabet, mutate};
use test_kit::Rng;

/// The longest an error may print, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

/// How long one document may take to read (and, when it reads, to be
/// checked): this, and [`TIME_PER_MB`] more for each megabyte of its text.
/// Generous, for debug builds of `serde_json` on a loaded machine (a
/// records document whose history was grown to ten thousand games is ten
/// megabytes); a loop or a quadratic blow-up takes far longer.
const BASE_TIME: Duration = Duration::from_secs(3);
const TIME_PER_MB: Duration = Duration::from_secs(2);

thread_local! {
    /// The slowest input of this thread so far.
    static SLOWEST: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

/// Panic (a failure in the counts) if a document of `bytes` took longer
/// than allowed since `started`; note the time if it is the slowest yet.
fn check_time(started: Instant, bytes: usize) {
    let took = started.elapsed();
    SLOWEST.with(|s| s.set(s.get().max(took)));
    let allowed = BASE_TIME + TIME_PER_MB.mul_f64(bytes as f64 / f64::from(1 << 20));
    assert!(
        took <= allowed,
        "took {} ms for {bytes} bytes",
        took.as_millis()
    );
}

/// An error's text must be short, whatever it was given.
fn check_error(e: &dyn Display) {
    let text = e.to_string();
    let n = text.chars().count();
    assert!(
        n <= MAX_MESSAGE_CHARS,
        "an error of {n} characters: {}…",
        text.chars().take(120).collect::<String>()
    );
}

/// What a parsed game must allow: to be saved and read back the same, to
/// be drawn, reviewed and exported as PDN that reads back to the same
/// moves, and to go on being played without a panic.
fn check_game(rng: &mut Rng, g: &Game) {
    let json = g.to_json();
    assert_eq!(
        Game::from_json(&json).as_ref(),
        Ok(g),
        "does not read back: {json}"
    );
    let view = g.view();
    assert_eq!(view.moves.len(), g.line().len());
    let review = g.review();
    assert_eq!(review.boards.len(), g.line().len() + 1);
    let pdn = parse_pdn(&review.pdn).expect("the game's PDN reads");
    assert_eq!(
        (pdn.start, pdn.moves.as_slice()),
        (*g.line().start(), g.line().moves())
    );
    let mut on = g.clone();
    for _ in 0..4 {
        if !step(rng, &mut on) {
            break;
        }
    }
    let again = on.to_json();
    assert_eq!(
        Game::from_json(&again).map(|g| g.to_json()),
        Ok(again),
        "a game played on does not read back"
    );
}

/// What parsed records must allow: to be saved and read back the same, to
/// be shown, and every kept game to be reviewed and exported as PDN that
/// reads back to its moves.
fn check_records(r: &Records) {
    let json = r.to_json();
    assert_eq!(
        Records::from_json(&json).as_ref(),
        Ok(r),
        "do not read back: {json}"
    );
    let view = r.view();
    assert_eq!(view.history.len(), r.history().count());
    for kept in r.history() {
        let review = kept.review();
        assert_eq!(review.boards.len(), kept.turns() + 1);
        let pdn = parse_pdn(&review.pdn).expect("a kept game's PDN reads");
        assert_eq!(pdn.moves.as_slice(), kept.line().moves());
        assert_eq!(r.game(kept.id), Some(kept));
    }
}

fn game_text_target(input: &str) {
    let started = Instant::now();
    let parsed = Game::from_json(input);
    match &parsed {
        Ok(g) => check_game(&mut Rng::new(input.len() as u64), g),
        Err(e) => check_error(e),
    }
    check_time(started, input.len());
}

/// `value`, whose text is `bytes` long.
fn game_value_target(value: Value, bytes: usize) {
    let started = Instant::now();
    match Game::from_value(value) {
        Ok(g) => check_game(&mut Rng::new(7), &g),
        Err(e) => check_error(&e),
    }
    check_time(started, bytes);
}

fn records_text_target(input: &str) {
    let started = Instant::now();
    match Records::from_json(input) {
        Ok(r) => check_records(&r),
        Err(e) => check_error(&e),
    }
    check_time(started, input.len());
}

/// `value`, whose text is `bytes` long.
fn records_value_target(value: Value, bytes: usize) {
    let started = Instant::now();
    match Records::from_value(value) {
        Ok(r) => check_records(&r),
        Err(e) => check_error(&e),
    }
    check_time(started, bytes);
}

/// An alphabet: JSON punctuation and literals, the format's keys as JSON
/// keys and bare, and its texts quoted.
fn alphabet(keys: &[&str]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = JSON_ALPHABET.to_vec();
    for k in keys.iter().chain(STRINGS) {
        out.push(Box::leak(format!("\"{k}\"").into_boxed_str()));
        out.push(Box::leak(format!("\"{k}\":").into_boxed_str()));
    }
    out.extend(
        keys.iter()
            .map(|k| -> &'static str { Box::leak(k.to_string().into_boxed_str()) }),
    );
    out
}

/// Documents of about a megabyte: every text of a valid document replaced
/// by a megabyte, a megabyte key, a megabyte number, move lists past any
/// game's length, nesting far past the reader's limit.
fn giant_documents(base: &Value) -> Vec<String> {
    let mb = "é".repeat(1 << 19);
    let digits = "9".repeat(1 << 20);
    let mut out = Vec::new();
    if let Value::Object(map) = base {
        for key in map.keys() {
            let mut doc = map.clone();
            doc.insert(key.clone(), Value::String(mb.clone()));
            out.push(Value::Object(doc).to_string());
            let text = Value::Object(map.clone()).to_string();
            let needle = format!("\"{key}\":");
            out.push(text.replacen(&needle, &format!("{needle}{digits},\"x\":"), 1));
        }
        let mut doc = map.clone();
        doc.insert(mb.clone(), json!(1));
        out.push(Value::Object(doc).to_string());
        for moves in [
            vec!["11-15"; 10_001],
            vec!["11-15"; 200_000],
            vec!["11-15", "22-18", "15x22", "25x18", "9-14", "18x9", "5x14"]
                .into_iter()
                .cycle()
                .take(150_000)
                .collect(),
        ] {
            let mut doc = map.clone();
            doc.insert("moves".into(), json!(moves));
            out.push(Value::Object(doc).to_string());
        }
        let mut doc = map.clone();
        doc.insert("chain".into(), json!(vec![22; 300_000]));
        out.push(Value::Object(doc).to_string());
    }
    out.push(format!("{}{}", "[".repeat(1 << 20), "]".repeat(1 << 20)));
    out.push(format!(
        "{}1{}",
        "{\"a\":".repeat(100_000),
        "}".repeat(100_000)
    ));
    out.push(mb);
    out
}

/// Saved games: truncations of a few, then `n` inputs in all.
fn fuzz_games(seed: u64, n: u64, harness: &mut Harness) {
    let mut rng = Rng::new(seed);
    let abc = alphabet(GAME_KEYS);
    let mut corpus: Vec<Value> = Vec::new();
    for _ in 0..24 {
        let g = random_game(&mut rng);
        corpus.push(serde_json::to_value(g.snapshot()).expect("a snapshot is JSON"));
        corpus.push(v1_value(&mut rng, &g));
    }
    let target = harness.inputs + n;
    for doc in corpus.iter().take(4) {
        let text = doc.to_string();
        for t in char_truncations(&text) {
            harness.run("Game::from_json", t, game_text_target);
        }
        for t in byte_truncations(&text) {
            harness.run("Game::from_json", &t, game_text_target);
        }
    }
    if n >= 1_000 {
        for t in giant_documents(&corpus[0]) {
            harness.run("Game::from_json", &t, game_text_target);
        }
    }
    while harness.inputs < target {
        // Now and then a new document, so a long run sees many games.
        if rng.chance(1, 200) {
            let g = random_game(&mut rng);
            let i = rng.below(corpus.len());
            corpus[i] = if rng.chance(1, 3) {
                v1_value(&mut rng, &g)
            } else {
                serde_json::to_value(g.snapshot()).expect("a snapshot is JSON")
            };
        }
        let doc = rng.pick(&corpus).clone();
        match rng.below(8) {
            0..=3 => {
                let edited = mutate_json(&mut rng, &doc, GAME_KEYS, STRINGS);
                let text = json_text(&mut rng, &edited);
                harness.run("Game::from_json", &text, game_text_target);
                harness.run("Game::from_value", &text, |t| {
                    game_value_target(edited, t.len())
                });
            }
            4..=5 => {
                let text = mutate(&mut rng, &doc.to_string(), &abc);
                harness.run("Game::from_json", &text, game_text_target);
            }
            6 => {
                let text = from_alphabet(&mut rng, &abc, 40);
                harness.run("Game::from_json", &text, game_text_target);
            }
            _ => {
                // A valid document as it is, written one way or another.
                let text = json_text(&mut rng, &doc);
                harness.run("Game::from_json", &text, game_text_target);
            }
        }
    }
}

/// Records: truncations of a few, then `n` inputs in all.
fn fuzz_records(seed: u64, n: u64, harness: &mut Harness) {
    let mut rng = Rng::new(seed);
    let abc = alphabet(RECORDS_KEYS);
    let finished: Vec<Game> = (0..40).map(|_| finished_game(&mut rng)).collect();
    let mut corpus: Vec<Value> = (0..12)
        .map(|_| random_records(&mut rng, &finished).to_value())
        .collect();
    corpus.push(v1_records(&mut rng));
    corpus.push(v1_records(&mut rng));
    let target = harness.inputs + n;
    // The truncations of a records document with a few kept games.
    let mut few = Records::default();
    for (i, g) in finished.iter().take(3).enumerate() {
        few.add(ArchivedGame::of(g, i as u64, 1_700_000_000_000).expect("finished"));
    }
    let text = few.to_json();
    for t in char_truncations(&text) {
        harness.run("Records::from_json", t, records_text_target);
    }
    for t in byte_truncations(&text) {
        harness.run("Records::from_json", &t, records_text_target);
    }
    if n >= 1_000 {
        // Giant records, and records that keep one giant game.
        let doc = few.to_value();
        let mut shell = doc.clone();
        shell["history"] = json!(["@game@"]);
        let shell = shell.to_string();
        for t in giant_documents(&doc).into_iter().chain(
            giant_documents(&doc["history"][0])
                .into_iter()
                .map(|g| shell.replacen("\"@game@\"", &g, 1)),
        ) {
            harness.run("Records::from_json", &t, records_text_target);
        }
    }
    while harness.inputs < target {
        if rng.chance(1, 200) {
            let i = rng.below(corpus.len());
            corpus[i] = if rng.chance(1, 6) {
                v1_records(&mut rng)
            } else {
                random_records(&mut rng, &finished).to_value()
            };
        }
        let doc = rng.pick(&corpus).clone();
        match rng.below(8) {
            0..=3 => {
                let edited = mutate_json(&mut rng, &doc, RECORDS_KEYS, STRINGS);
                let text = json_text(&mut rng, &edited);
                harness.run("Records::from_json", &text, records_text_target);
                harness.run("Records::from_value", &text, |t| {
                    records_value_target(edited, t.len())
                });
            }
            4..=5 => {
                let text = mutate(&mut rng, &doc.to_string(), &abc);
                harness.run("Records::from_json", &text, records_text_target);
            }
            6 => {
                let text = from_alphabet(&mut rng, &abc, 40);
                harness.run("Records::from_json", &text, records_text_target);
            }
            _ => {
                let text = json_text(&mut rng, &doc);
                harness.run("Records::from_json", &text, records_text_target);
            }
        }
    }
}

fn assert_no_panics(name: &str, harness: &Harness) {
    println!(
        "fuzz target {name}: {}; slowest input {} ms",
        harness.report(),
        SLOWEST.with(Cell::get).as_millis()
    );
    assert_eq!(harness.panics, 0, "{}", harness.report());
}

#[test]
fn saved_games_survive_a_short_fuzz_run() {
    let mut harness = Harness::new(10);
    fuzz_games(1, 20_000, &mut harness);
    assert_no_panics("saved game", &harness);
}

#[test]
fn records_survive_a_short_fuzz_run() {
    let mut harness = Harness::new(10);
    fuzz_records(2, 6_000, &mut harness);
    assert_no_panics("records", &harness);
}

/// Run `fuzz` for `total` inputs over all cores and print one line for
/// `name` (inputs, panics, time and the slowest input) and every panic
/// kept; returns the panics.
fn run_long(name: &str, total: u64, seed: u64, fuzz: fn(u64, u64, &mut Harness)) -> u64 {
    let slowest = AtomicU64::new(0);
    let run = long_run(total, seed, |seed, n, harness| {
        fuzz(seed, n, harness);
        let ms = SLOWEST.with(Cell::get).as_millis();
        slowest.fetch_max(u64::try_from(ms).unwrap_or(u64::MAX), Relaxed);
    });
    let slowest = format!(", slowest input {} ms", slowest.into_inner());
    println!("{}", run.report(name, &slowest));
    assert!(run.inputs >= total);
    run.panics
}

/// The long run: `FUZZ_INPUTS` inputs (default 10^6), two thirds saved
/// games and one third records (whose documents are larger).
#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn documents_survive_a_long_fuzz_run() {
    let (total, seed) = long_run_size(1_000_000);
    let games = run_long("saved game", total - total / 3, seed, fuzz_games);
    let records = run_long("records", total / 3, seed, fuzz_records);
    assert_eq!(games + records, 0);
}
