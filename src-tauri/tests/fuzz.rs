//! Fuzzing what the app shell reads: the saved documents as the shell
//! checks them, the files on disk, and the commands' arguments from the
//! page. Nothing a file or a caller holds may panic the app.
//!
//! Targets, each with a short run in the suite and a long run (ignored;
//! `scripts/fuzz` runs them all):
//!
//! - **settings, both games' saved games and records**:
//!   `Settings::from_value`, and `slot::validate_game` and
//!   `slot::validate_records` for checkers and Choko, on the `data` of the
//!   store envelope (`{ "gameId", "game" }`, `{ "lastGameId", "records" }`;
//!   Choko's `{ "gameId", "streakId", "game" }` and `{ "lastGameId",
//!   "streakId", "streak" }`), as text (parsed as the loader parses it) and
//!   as JSON values. Inputs are documents made by the engines (checkers'
//!   by `test_kit::checkers_documents`, both versions; Choko's by
//!   `support::choko`, games played through the session and ladders that
//!   counted them), the twelve valid settings, their JSON-aware and text
//!   mutations, and alphabet soup. Whatever is accepted must be written
//!   and read back the same (settings only in their exact shape, where a
//!   missing language reads as none); every refusal must be at most
//!   [`MAX_MESSAGE_CHARS`] characters, even for a megabyte in any place of
//!   a document.
//! - **files on disk**: `persist::Document::load` with each real validate
//!   function (all five documents), one copy intact and the other replaced by a mutated,
//!   truncated (at each of the first 700 bytes of one copy of each
//!   document, then at random), byte-flipped or doubled envelope. The
//!   intact copy must never be lost, moved or changed; a copy set aside
//!   must keep its exact bytes; the reason must be short.
//! - **commands**: the page's requests to the app's commands and both
//!   games', through the real IPC path on Tauri's mock runtime, hostile
//!   argument objects (missing, extra and
//!   misspelt keys, wrong types, numbers past every limit, texts of up to
//!   a megabyte, nesting, non-objects, unknown commands) mixed with valid
//!   calls that move a game of each along. A malformed request must be refused;
//!   every refusal must be under [`MAX_REFUSAL_BYTES`] bytes and leave the
//!   files on disk and the state (`app_state`, `review`, `records`) as
//!   they were. At the end the app is restarted on its files and must
//!   resume exactly what it showed.
//!
//! Every input runs under `catch_unwind` (`test_kit::fuzz::Harness`), and a
//! panic hook counts panics on any thread (the mock runtime runs async
//! commands on its own threads); both must stay at zero.
//!
//! ```text
//! cargo test -p checkers-app --test fuzz
//! FUZZ_INPUTS=1000000 nice -n 19 cargo test -p checkers-app --test fuzz documents_long -- --ignored --nocapture
//! FUZZ_INPUTS=20000 nice -n 19 cargo test -p checkers-app --test fuzz disk_long -- --ignored --nocapture
//! FUZZ_INPUTS=20000 nice -n 19 cargo test -p checkers-app --test fuzz commands_long -- --ignored --nocapture
//! ```
//!
//! `FUZZ_SEED` changes the inputs.

mod support;

use checkers::game::Game;
use checkers::records::{ArchivedGame, Records};
use checkers_app_lib::app::persist::{Document, Slot, MAX_COUNTER};
use checkers_app_lib::app::settings::Settings;
use checkers_app_lib::slot::{validate_game, validate_records};
use choko::game::Game as ChokoGame;
use serde_json::{json, Value};
use std::fmt::{Debug, Display};
use std::fs;
use std::panic;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};
use support::choko::{
    choko_game_document, choko_ladder_document, finished_choko_game, CHOKO_KEYS, CHOKO_STRINGS,
};
use support::{files, start, Running};
use test_kit::checkers_documents::{
    finished_game, random_game, random_records, v1_records, v1_value, GAME_KEYS, RECORDS_KEYS,
    STRINGS,
};
use test_kit::fuzz::{inside_harness, long_run_size, Harness};
use test_kit::json::{
    hostile_scalar, hostile_string, json_node_mut, json_nodes, json_text, mutate_json, nest,
    JSON_ALPHABET,
};
use test_kit::text::{byte_truncations, from_alphabet, mutate, HOSTILE};
use test_kit::Rng;

/// The longest a refused document may explain itself, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

/// The longest refusal a command may send the page, in bytes.
const MAX_REFUSAL_BYTES: usize = 300;

/// How long one document may take to check: this, and [`TIME_PER_MB`]
/// more for each megabyte of its text. Generous, for debug builds of
/// `serde_json` on a loaded machine; a loop or a quadratic blow-up takes
/// far longer.
const BASE_TIME: Duration = Duration::from_secs(3);
const TIME_PER_MB: Duration = Duration::from_secs(2);

// ---------------------------------------------------------------------------
// Panics on any thread

static PANICS: AtomicU64 = AtomicU64::new(0);

/// Count every panic of this process outside a harness (those the harness
/// counts itself), on any thread, before the previous hook.
fn count_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The harness installs its own hook first, so this one wraps it.
        drop(Harness::new(0));
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !inside_harness() {
                PANICS.fetch_add(1, Ordering::SeqCst);
            }
            previous(info);
        }));
    });
}

fn panics_anywhere() -> u64 {
    PANICS.load(Ordering::SeqCst)
}

/// Print one line per target, as `scripts/fuzz` reads it, and the panics
/// kept; then fail on any panic (caught by the harness or seen by the
/// hook on another thread).
fn finish(name: &str, harness: &Harness, time: Duration, panics_before: u64, extra: &str) {
    let elsewhere = panics_anywhere() - panics_before;
    println!(
        "fuzz target {name}: {} inputs, {} panics, {:.1} s{extra}",
        harness.inputs,
        harness.panics + elsewhere,
        time.as_secs_f64()
    );
    for f in &harness.found {
        println!("  {} panicked on \"{}\": {}", f.target, f.input, f.message);
    }
    assert_eq!(harness.panics, 0, "{}", harness.report());
    assert_eq!(elsewhere, 0, "panics on other threads");
}

// ---------------------------------------------------------------------------
// The documents as the shell checks them

/// The envelope keys around each document, and their near misses.
#[rustfmt::skip]
const ENVELOPE_KEYS: &[&str] = &[
    "gameId", "game", "lastGameId", "records", "game_id", "GameId", "format", "seq", "data",
];

/// The settings' keys, and near misses.
#[rustfmt::skip]
const SETTINGS_KEYS: &[&str] = &[
    "language", "sound", "squareNumbers", "square_numbers", "Language", "theme", "",
];

/// The settings' texts, and near misses.
#[rustfmt::skip]
const SETTINGS_STRINGS: &[&str] = &[
    "es", "en", "ES", " es", "es-ES", "fr", "", "true", "false", "null", "0", "1",
];

/// The twelve valid settings.
fn valid_settings() -> Vec<Value> {
    let mut out = Vec::new();
    for language in [json!(null), json!("es"), json!("en")] {
        for sound in [true, false] {
            for numbers in [true, false] {
                out.push(json!({ "language": language, "sound": sound, "squareNumbers": numbers }));
            }
        }
    }
    out
}

/// `keys` and [`ENVELOPE_KEYS`] together.
fn with_envelope(keys: &[&'static str]) -> Vec<&'static str> {
    keys.iter().chain(ENVELOPE_KEYS).copied().collect()
}

/// An alphabet: JSON punctuation and literals, the keys as JSON keys and
/// bare, and the texts quoted.
fn alphabet(keys: &[&str], strings: &[&str]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = JSON_ALPHABET.to_vec();
    for k in keys.iter().chain(strings) {
        out.push(Box::leak(format!("\"{k}\"").into_boxed_str()));
        out.push(Box::leak(format!("\"{k}\":").into_boxed_str()));
        out.push(Box::leak(k.to_string().into_boxed_str()));
    }
    out
}

/// A refusal's text must be short, whatever it was given.
fn check_message(e: &dyn Display) {
    let text = e.to_string();
    let n = text.chars().count();
    assert!(
        n <= MAX_MESSAGE_CHARS,
        "a message of {n} characters: {}…",
        text.chars().take(120).collect::<String>()
    );
}

/// Panic if the check begun at `started` took longer than allowed for a
/// document of `bytes()` bytes (only counted when it is slow).
fn check_time(started: Instant, bytes: impl FnOnce() -> usize) {
    let took = started.elapsed();
    if took > BASE_TIME {
        let bytes = bytes();
        let allowed = BASE_TIME + TIME_PER_MB.mul_f64(bytes as f64 / f64::from(1 << 20));
        assert!(
            took <= allowed,
            "took {} ms for {bytes} bytes",
            took.as_millis()
        );
    }
}

/// A check of one document.
type Target = fn(&Value);

/// Text as the loader reads a copy: JSON first, then the check.
fn from_text<T>(text: &str, check: impl FnOnce(&Value) -> T) -> Option<T> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => Some(check(&v)),
        Err(e) => {
            check_message(&e);
            None
        }
    }
}

fn settings_target(v: &Value) {
    let started = Instant::now();
    match Settings::from_value(v) {
        Ok(s) => {
            assert_eq!(Settings::from_value(&s.to_value()).ok(), Some(s.clone()));
            // Only the exact shape is accepted (a missing language reads
            // as "follow the system").
            let mut canonical = s.to_value();
            if v.get("language").is_none() {
                if let Some(map) = canonical.as_object_mut() {
                    map.remove("language");
                }
            }
            assert_eq!(&canonical, v, "accepted as {s:?}");
        }
        Err(e) => check_message(&e),
    }
    check_time(started, || v.to_string().len());
}

fn game_target(v: &Value) {
    let started = Instant::now();
    match validate_game::<Game>(v) {
        Ok(saved) => {
            assert!(saved.game_id < MAX_COUNTER, "room for the next game");
            let again = json!({ "gameId": saved.game_id, "game": saved.game.snapshot() });
            assert_eq!(validate_game::<Game>(&again), Ok(saved));
        }
        Err(e) => check_message(&e),
    }
    check_time(started, || v.to_string().len());
}

fn choko_game_target(v: &Value) {
    let started = Instant::now();
    match validate_game::<ChokoGame>(v) {
        Ok(saved) => {
            assert!(saved.game_id < MAX_COUNTER && saved.epoch < MAX_COUNTER);
            let again = json!({ "gameId": saved.game_id, "streakId": saved.epoch, "game": saved.game.to_value() });
            assert_eq!(validate_game::<ChokoGame>(&again), Ok(saved));
        }
        Err(e) => check_message(&e),
    }
    check_time(started, || v.to_string().len());
}

fn choko_ladder_target(v: &Value) {
    let started = Instant::now();
    match validate_records::<ChokoGame>(v) {
        Ok(saved) => {
            let again = json!({ "lastGameId": saved.last_game_id, "streakId": saved.epoch,
                "streak": saved.records.to_value() });
            assert_eq!(validate_records::<ChokoGame>(&again), Ok(saved));
        }
        Err(e) => check_message(&e),
    }
    check_time(started, || v.to_string().len());
}

fn records_target(v: &Value) {
    let started = Instant::now();
    match validate_records::<Game>(v) {
        Ok(saved) => {
            assert!(saved.last_game_id < MAX_COUNTER, "room for the next game");
            let again =
                json!({ "lastGameId": saved.last_game_id, "records": saved.records.to_value() });
            assert_eq!(validate_records::<Game>(&again), Ok(saved));
        }
        Err(e) => check_message(&e),
    }
    check_time(started, || v.to_string().len());
}

/// A number as the envelopes carry it: usually a real one, sometimes one
/// at or past the limit.
fn envelope_number(rng: &mut Rng) -> u64 {
    match rng.below(9) {
        0 => MAX_COUNTER,
        1 => MAX_COUNTER + 1,
        2 => u64::MAX,
        3 => MAX_COUNTER - 1,
        _ => rng.below(1000) as u64,
    }
}

/// A saved-game document as the shell writes it (the game in version 2,
/// sometimes in version 1).
fn game_document(rng: &mut Rng) -> Value {
    let g = random_game(rng);
    // A version-1 save holds no move, so only a game that goes on can be
    // one: an ended game with no move is refused (it counts a result no
    // one played).
    let game = if g.result().is_none() && rng.chance(1, 4) {
        v1_value(rng, &g)
    } else {
        serde_json::to_value(g.snapshot()).unwrap()
    };
    json!({ "gameId": envelope_number(rng), "game": game })
}

/// A records document as the shell writes it.
fn records_document(rng: &mut Rng, finished: &[Game]) -> Value {
    let records = if rng.chance(1, 6) {
        v1_records(rng)
    } else {
        random_records(rng, finished).to_value()
    };
    json!({ "lastGameId": envelope_number(rng), "records": records })
}

/// One format's inputs: the documents (replaced now and then by `fresh`),
/// their edits as JSON and as text, and soup; `n` inputs in all.
#[allow(clippy::too_many_arguments)]
fn fuzz_format(
    rng: &mut Rng,
    harness: &mut Harness,
    name: &'static str,
    n: u64,
    corpus: &mut [Value],
    fresh: &mut dyn FnMut(&mut Rng) -> Value,
    keys: &[&'static str],
    strings: &[&'static str],
    target: Target,
) {
    let abc = alphabet(keys, strings);
    let end = harness.inputs + n;
    while harness.inputs < end {
        if rng.chance(1, 200) {
            let i = rng.below(corpus.len());
            corpus[i] = fresh(rng);
        }
        let doc = rng.pick(corpus).clone();
        match rng.below(8) {
            0..=3 => {
                let edited = mutate_json(rng, &doc, keys, strings);
                let text = json_text(rng, &edited);
                harness.run(name, &text, |t| from_text(t, target));
                harness.run(name, &text, |_| target(&edited));
            }
            4 | 5 => {
                let text = mutate(rng, &doc.to_string(), &abc);
                harness.run(name, &text, |t| from_text(t, target));
            }
            6 => {
                let text = from_alphabet(rng, &abc, 40);
                harness.run(name, &text, |t| from_text(t, target));
            }
            _ => harness.run(name, "(a valid document)", |_| target(&doc)),
        }
    }
}

/// The targets of [`fuzz_documents`], in its order.
const DOCUMENT_TARGETS: [&str; 5] = [
    "settings",
    "shell saved game",
    "shell records",
    "shell Choko game",
    "shell Choko ladder",
];

/// Settings, both games' saved games and records: `n` inputs, shared as
/// 2 : 3 : 2 : 3 : 2. Returns the time each took.
fn fuzz_documents(seed: u64, n: u64, harnesses: &mut [Harness; 5]) -> [Duration; 5] {
    let started = Instant::now();
    let mut rng = Rng::new(seed);
    let finished: Vec<Game> = (0..30).map(|_| finished_game(&mut rng)).collect();
    let mut settings = valid_settings();
    let mut games: Vec<Value> = (0..24).map(|_| game_document(&mut rng)).collect();
    let mut records: Vec<Value> = (0..10)
        .map(|_| records_document(&mut rng, &finished))
        .collect();
    let choko_finished: Vec<ChokoGame> = (0..30).map(|_| finished_choko_game(&mut rng)).collect();
    let mut choko_games: Vec<Value> = (0..24).map(|_| choko_game_document(&mut rng)).collect();
    let mut ladders: Vec<Value> = (0..10)
        .map(|_| choko_ladder_document(&mut rng, &choko_finished))
        .collect();
    // Every truncation of one document of each kind.
    for (h, doc, target) in [
        (0, &settings[5], settings_target as Target),
        (1, &games[0], game_target),
        (2, &records[0], records_target),
        (3, &choko_games[0], choko_game_target),
        (4, &ladders[ladders.len() - 1], choko_ladder_target),
    ] {
        for t in byte_truncations(&doc.to_string()) {
            harnesses[h].run("truncated", &t, |t| from_text(t, target));
        }
    }
    let settings_keys = with_envelope(SETTINGS_KEYS);
    let game_keys = with_envelope(GAME_KEYS);
    let records_keys = with_envelope(RECORDS_KEYS);
    let choko_keys = with_envelope(CHOKO_KEYS);
    let valid = valid_settings();
    let [hs, hg, hr, hcg, hcl] = harnesses;
    let setup = started.elapsed();
    let mut times = [setup / 5; 5];
    let started = Instant::now();
    fuzz_format(
        &mut rng,
        hs,
        "Settings::from_value",
        n / 6,
        &mut settings,
        &mut |rng| rng.pick(&valid).clone(),
        &settings_keys,
        SETTINGS_STRINGS,
        settings_target,
    );
    times[0] += started.elapsed();
    let started = Instant::now();
    fuzz_format(
        &mut rng,
        hg,
        "validate_game",
        n / 4,
        &mut games,
        &mut game_document,
        &game_keys,
        STRINGS,
        game_target,
    );
    times[1] += started.elapsed();
    let started = Instant::now();
    fuzz_format(
        &mut rng,
        hr,
        "validate_records",
        n / 6,
        &mut records,
        &mut |rng| records_document(rng, &finished),
        &records_keys,
        STRINGS,
        records_target,
    );
    times[2] += started.elapsed();
    let started = Instant::now();
    fuzz_format(
        &mut rng,
        hcg,
        "validate_game::<choko>",
        n / 4,
        &mut choko_games,
        &mut choko_game_document,
        &choko_keys,
        CHOKO_STRINGS,
        choko_game_target,
    );
    times[3] += started.elapsed();
    let started = Instant::now();
    fuzz_format(
        &mut rng,
        hcl,
        "validate_records::<choko>",
        n - n / 6 - n / 4 - n / 6 - n / 4,
        &mut ladders,
        &mut |rng| choko_ladder_document(rng, &choko_finished),
        &choko_keys,
        CHOKO_STRINGS,
        choko_ladder_target,
    );
    times[4] += started.elapsed();
    times
}

/// Documents of about a megabyte in every place of each envelope: every
/// message stays short.
#[test]
fn huge_documents_get_short_refusals() {
    count_panics();
    let before = panics_anywhere();
    let mut harness = Harness::new(10);
    let mut rng = Rng::new(3);
    let mb = "é".repeat(1 << 19);
    let finished = vec![finished_game(&mut rng)];
    let choko_finished = vec![finished_choko_game(&mut rng)];
    let docs: [(Value, Target); 5] = [
        (valid_settings()[3].clone(), settings_target),
        (game_document(&mut rng), game_target),
        (records_document(&mut rng, &finished), records_target),
        (choko_game_document(&mut rng), choko_game_target),
        (
            choko_ladder_document(&mut rng, &choko_finished),
            choko_ladder_target,
        ),
    ];
    for (doc, target) in docs {
        let mut places = vec![doc.clone()];
        // Every value, one at a time, becomes a megabyte of text; every
        // object gets a key of a megabyte.
        for k in 0..json_nodes(&doc) {
            let mut text = doc.clone();
            *json_node_mut(&mut text, k) = Value::String(mb.clone());
            places.push(text);
            let mut key = doc.clone();
            if let Value::Object(map) = json_node_mut(&mut key, k) {
                map.insert(mb.clone(), json!(1));
                places.push(key);
            }
        }
        for v in places {
            harness.run("huge", "(a megabyte in one place)", |_| target(&v));
        }
    }
    finish("huge documents", &harness, harness.elapsed(), before, "");
}

#[test]
fn documents_survive_a_short_fuzz_run() {
    count_panics();
    let before = panics_anywhere();
    let mut harnesses = [(); 5].map(|_| Harness::new(10));
    let times = fuzz_documents(1, 12_000, &mut harnesses);
    for ((name, h), time) in DOCUMENT_TARGETS.iter().zip(&harnesses).zip(times) {
        finish(name, h, time, before, "");
    }
}

#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn documents_long() {
    count_panics();
    let before = panics_anywhere();
    let (total, seed) = long_run_size(1_000_000);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let runs: Vec<([Harness; 5], [Duration; 5])> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut h = [(); 5].map(|_| Harness::new(20));
                    let share = total / threads + u64::from(t < total % threads);
                    let times =
                        fuzz_documents(seed.wrapping_mul(1000).wrapping_add(t), share, &mut h);
                    (h, times)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (i, name) in DOCUMENT_TARGETS.iter().enumerate() {
        // One harness for the figures: the threads' counts added up, the
        // time of the slowest thread.
        let mut sum = Harness::new(20);
        for (run, _) in &runs {
            sum.inputs += run[i].inputs;
            sum.panics += run[i].panics;
            sum.found.extend(run[i].found.iter().cloned());
        }
        let secs = runs.iter().map(|(_, t)| t[i]).max().unwrap_or_default();
        println!(
            "fuzz target {name}: {} inputs, {} panics, {:.1} s, {threads} threads, seed {seed}",
            sum.inputs,
            sum.panics,
            secs.as_secs_f64()
        );
        for f in &sum.found {
            println!("  {} panicked on \"{}\": {}", f.target, f.input, f.message);
        }
        assert_eq!(sum.panics, 0);
    }
    assert_eq!(panics_anywhere() - before, 0, "panics on other threads");
}

// ---------------------------------------------------------------------------
// Files on disk

/// One document kind on disk: its file stem, real envelopes' `data`, and
/// the check of `Document::load` with its validate function.
struct Kind {
    name: &'static str,
    docs: Vec<Value>,
    check: fn(&Path, &'static str, &[u8], Slot, &[u8]),
}

/// A copy as the app writes it.
fn envelope(seq: u64, data: &Value) -> Vec<u8> {
    json!({ "format": 1, "seq": seq, "data": data })
        .to_string()
        .into_bytes()
}

/// Load `name` from `dir`, where `intact` is in `slot` and `hostile` in the
/// other, with `validate`; check that the intact copy is kept whole and
/// that what is set aside is the hostile copy, byte for byte, with a short
/// reason.
fn check_load<T: PartialEq + Debug, E: Display>(
    dir: &Path,
    name: &'static str,
    intact: &[u8],
    slot: Slot,
    hostile: &[u8],
    validate: fn(&Value) -> Result<T, E>,
) {
    let other = match slot {
        Slot::One => Slot::Two,
        Slot::Two => Slot::One,
    };
    for entry in fs::read_dir(dir).unwrap() {
        fs::remove_file(entry.unwrap().path()).unwrap();
    }
    let intact_path = Document::slot_path(dir, name, slot);
    let hostile_path = Document::slot_path(dir, name, other);
    fs::write(&intact_path, intact).unwrap();
    fs::write(&hostile_path, hostile).unwrap();
    let data = |bytes: &[u8]| {
        serde_json::from_slice::<Value>(bytes)
            .ok()
            .and_then(|v| v.get("data").cloned())
            .and_then(|d| validate(&d).ok())
    };
    let expected = data(intact).expect("the intact copy is valid");

    let started = Instant::now();
    let loaded = Document::load(dir, name, validate);
    check_time(started, || intact.len() + hostile.len());

    assert_eq!(fs::read(&intact_path).unwrap(), intact, "the intact copy");
    assert!(!loaded.blocked());
    // A loss to tell only when the copy set aside held newer progress.
    let newer = loaded
        .set_aside
        .iter()
        .any(|a| a.reason.newer_than(loaded.doc.seq()));
    assert_eq!(loaded.lost(), newer);
    let value = loaded.value.expect("the intact copy is read");
    match loaded.set_aside.as_slice() {
        [] => {
            assert_eq!(fs::read(&hostile_path).unwrap(), hostile);
            assert!(
                value == expected || Some(&value) == data(hostile).as_ref(),
                "read as neither copy"
            );
        }
        [aside] => {
            assert_eq!(aside.path, hostile_path);
            check_message(&aside.reason);
            let moved = aside.moved_to.as_ref().expect("moved aside");
            assert_eq!(fs::read(moved).unwrap(), hostile, "kept byte for byte");
            assert!(!hostile_path.exists());
            assert_eq!(value, expected, "the intact copy is used");
        }
        more => panic!("{} copies set aside", more.len()),
    }
}

/// The five documents, each with a few real `data` to write.
fn kinds(rng: &mut Rng) -> Vec<Kind> {
    let finished: Vec<Game> = (0..6).map(|_| finished_game(rng)).collect();
    let choko_finished: Vec<ChokoGame> = (0..4).map(|_| finished_choko_game(rng)).collect();
    let numbered = |mut doc: Value, key: &str, rng: &mut Rng| {
        doc[key] = json!(rng.below(1000));
        doc
    };
    vec![
        Kind {
            name: "settings",
            docs: valid_settings(),
            check: |d, n, i, s, h| check_load(d, n, i, s, h, Settings::from_value),
        },
        Kind {
            name: "game",
            docs: (0..12)
                .map(|_| {
                    let doc = game_document(rng);
                    numbered(doc, "gameId", rng)
                })
                .collect(),
            check: |d, n, i, s, h| check_load(d, n, i, s, h, validate_game::<Game>),
        },
        Kind {
            name: "records",
            // Few kept games: the records' content is fuzzed above, here
            // it is the envelope and the file.
            docs: (0..6)
                .map(|i| {
                    let mut records = Records::default();
                    for (id, g) in finished.iter().take(i % 3).enumerate() {
                        records.add(ArchivedGame::of(g, id as u64, 1 << 40).unwrap());
                    }
                    let doc = json!({ "lastGameId": 0, "records": records.to_value() });
                    numbered(doc, "lastGameId", rng)
                })
                .collect(),
            check: |d, n, i, s, h| check_load(d, n, i, s, h, validate_records::<Game>),
        },
        Kind {
            name: "choko-game",
            docs: (0..12).map(|_| choko_game_document(rng)).collect(),
            check: |d, n, i, s, h| check_load(d, n, i, s, h, validate_game::<ChokoGame>),
        },
        Kind {
            name: "choko-ladder",
            docs: (0..6)
                .map(|_| choko_ladder_document(rng, &choko_finished))
                .collect(),
            check: |d, n, i, s, h| check_load(d, n, i, s, h, validate_records::<ChokoGame>),
        },
    ]
}

/// A `seq` a copy may hold: small, or on the limit's edge.
fn seq(rng: &mut Rng) -> u64 {
    match rng.below(6) {
        0 => MAX_COUNTER - 1,
        1 => MAX_COUNTER - 2,
        _ => 1 + rng.below(100) as u64,
    }
}

/// A hostile copy made from a real envelope `good`.
fn hostile_copy(rng: &mut Rng, good: &[u8], data: &Value, abc: &[&str]) -> Vec<u8> {
    let text = String::from_utf8_lossy(good).into_owned();
    match rng.below(9) {
        0 => good[..rng.below(good.len() + 1)].to_vec(),
        1 | 2 => mutate(rng, &text, abc).into_bytes(),
        3 | 4 => {
            let env = json!({ "format": 1, "seq": seq(rng), "data": data });
            let keys = ["format", "seq", "data", "Format", "extra", "gameId", "game"];
            let edited = mutate_json(rng, &env, &keys, STRINGS);
            json_text(rng, &edited).into_bytes()
        }
        5 => {
            // A few bytes replaced by any byte: invalid UTF-8, NUL, quotes.
            let mut bytes = good.to_vec();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(bytes.len());
                bytes[i] = rng.next_u64() as u8;
            }
            bytes
        }
        6 => {
            // Two copies run together, or one followed by junk.
            let mut bytes = good.to_vec();
            if rng.chance(1, 2) {
                bytes.extend_from_slice(good);
            } else {
                bytes.extend_from_slice(rng.token(HOSTILE).as_bytes());
            }
            bytes
        }
        7 => {
            let prefix = rng.token(&["\u{feff}", " \n", "\0", "\u{200b}"]);
            [prefix.as_bytes(), good].concat()
        }
        _ => {
            // A valid copy, on the limits of `seq` and `format`.
            let format = rng
                .pick(&[json!(1), json!(1.0), json!(2), json!(0)])
                .clone();
            let usual = seq(rng);
            let seq = *rng.pick(&[usual, MAX_COUNTER, MAX_COUNTER + 1]);
            json!({ "format": format, "seq": seq, "data": data })
                .to_string()
                .into_bytes()
        }
    }
}

/// `n` loads: every byte truncation of one copy of each kind (when `n`
/// allows), then random hostile copies.
fn fuzz_disk(seed: u64, n: u64, harness: &mut Harness) {
    let mut rng = Rng::new(seed);
    // In memory where the system offers it: each copy set aside is
    // renamed and its directory flushed to disk, milliseconds on a real
    // disk; the code is the same either way.
    let tmp = tempfile::tempdir_in("/dev/shm")
        .or_else(|_| tempfile::tempdir())
        .unwrap();
    let dir = tmp.path();
    let kinds = kinds(&mut rng);
    let abc = alphabet(&["format", "seq", "data"], &[]);
    let end = harness.inputs + n;
    if n >= 3_000 {
        for kind in &kinds {
            let data = kind.docs[0].clone();
            let good = envelope(5, &data);
            let intact = envelope(4, &data);
            let cuts = good.len().min(700);
            for cut in 0..cuts {
                let torn = &good[..cut];
                let shown = String::from_utf8_lossy(torn).into_owned();
                harness.run(kind.name, &shown, |_| {
                    (kind.check)(dir, kind.name, &intact, Slot::One, torn)
                });
            }
        }
    }
    while harness.inputs < end {
        let kind = rng.pick(&kinds);
        let data = rng.pick(&kind.docs).clone();
        let intact = envelope(seq(&mut rng), &data);
        let other = rng.pick(&kind.docs).clone();
        let good = envelope(seq(&mut rng), &other);
        let hostile = hostile_copy(&mut rng, &good, &other, &abc);
        let slot = *rng.pick(&[Slot::One, Slot::Two]);
        let shown = String::from_utf8_lossy(&hostile).into_owned();
        harness.run(kind.name, &shown, |_| {
            (kind.check)(dir, kind.name, &intact, slot, &hostile)
        });
    }
}

#[test]
fn files_on_disk_survive_a_short_fuzz_run() {
    count_panics();
    let before = panics_anywhere();
    let mut harness = Harness::new(10);
    fuzz_disk(4, 3_000, &mut harness);
    finish("files on disk", &harness, harness.elapsed(), before, "");
}

#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn disk_long() {
    count_panics();
    let before = panics_anywhere();
    let (total, seed) = long_run_size(20_000);
    let mut harness = Harness::new(20);
    fuzz_disk(seed, total, &mut harness);
    let time = harness.elapsed();
    finish(
        "files on disk",
        &harness,
        time,
        before,
        &format!(", seed {seed}"),
    );
}

// ---------------------------------------------------------------------------
// Commands

/// Everything the page and the disk can see: the files, the startup state
/// (its one-time notice left out), the legal moves, the review and the
/// records.
#[derive(PartialEq, Debug)]
struct Seen {
    files: Vec<(String, Vec<u8>)>,
    state: Value,
    legal: Result<Value, Value>,
    review: Result<Value, Value>,
    records: Value,
    /// The same of Choko's.
    choko: Value,
    choko_legal: Result<Value, Value>,
    choko_review: Result<Value, Value>,
    choko_records: Value,
}

fn seen(app: &Running, dir: &Path) -> Seen {
    let files = files(dir);
    let mut state = app.checkers_state();
    state["notices"] = json!([]);
    let mut choko = app.invoke("plugin:choko|state", json!({})).unwrap();
    choko["notices"] = json!([]);
    Seen {
        files,
        state,
        legal: app.invoke("plugin:checkers|legal_moves", json!({})),
        review: app.invoke("plugin:checkers|review", json!({})),
        records: app.invoke("plugin:checkers|records", json!({})).unwrap(),
        choko,
        choko_legal: app.invoke("plugin:choko|legal_moves", json!({})),
        choko_review: app.invoke("plugin:choko|review", json!({})),
        choko_records: app.invoke("plugin:choko|records", json!({})).unwrap(),
    }
}

/// The commands and their arguments.
const COMMANDS: &[(&str, &[&str])] = &[
    ("app_state", &[]),
    ("plugin:checkers|state", &[]),
    ("plugin:checkers|new_game", &["level", "first"]),
    ("plugin:checkers|play", &["from", "to"]),
    ("plugin:checkers|cpu_reply", &[]),
    ("plugin:checkers|legal_moves", &[]),
    ("plugin:checkers|undo", &[]),
    ("plugin:checkers|records", &[]),
    ("plugin:checkers|review", &[]),
    ("plugin:checkers|history_game", &["id"]),
    ("set_settings", &["settings"]),
    ("plugin:checkers|leave", &[]),
    ("plugin:choko|state", &[]),
    ("plugin:choko|new_game", &[]),
    ("plugin:choko|new_streak", &[]),
    ("plugin:choko|legal_moves", &[]),
    ("plugin:choko|play", &["input"]),
    ("plugin:choko|cpu_reply", &[]),
    ("plugin:choko|undo", &[]),
    ("plugin:choko|leave", &[]),
    ("plugin:choko|records", &[]),
    ("plugin:choko|review", &[]),
    ("plugin:choko|history_game", &["id"]),
];

/// Names that are no command of the page's.
#[rustfmt::skip]
const NOT_COMMANDS: &[&str] = &[
    "Play", "play ", "new-game", "newGame", "legalMoves", "", "plugin:store|load",
    "plugin:store|set", "plugin:fs|read", "cpu_reply\u{0}", "récords", "play", "new_game",
    "choko_play", "plugin:choko|", "plugin:choko|Play", "plugin:chess|play", "plugin:checkers",
    "plugin:choko|play|play",
];

/// The strings of the arguments: names right and nearly right, numbers
/// as text.
#[rustfmt::skip]
const ARG_STRINGS: &[&str] = &[
    "easy", "normal", "hard", "Easy", " easy", "easy ", "EASY", "expert", "player", "cpu",
    "Player", "both", "22", "18", "0", "33", "-1", "1e3", "es", "en", "fr", "c3", "C3", "e5",
    "f6", "a0", "c3 ", "@c3",
];

#[rustfmt::skip]
const ARG_KEYS: &[&str] = &[
    "level", "first", "from", "to", "id", "settings", "From", "gameId", "language", "sound",
    "squareNumbers", "__proto__", "", "input", "place", "extra", "Place",
];

/// A Choko point's name, now and then one off the board.
fn point_name(rng: &mut Rng) -> Value {
    if rng.chance(1, 20) {
        json!(rng.token(&["f1", "a6", "C3", "c 3"]))
    } else {
        let file = rng.token(&["a", "b", "c", "d", "e"]);
        json!(format!("{file}{}", 1 + rng.below(5)))
    }
}

/// Whether `args` are what command `cmd` takes: every argument present
/// with a value of its type and range. Extra keys are allowed.
fn well_formed(cmd: &str, args: &Value) -> bool {
    let arg = |k: &str| args.get(k);
    let square = |k: &str| {
        arg(k)
            .and_then(Value::as_i64)
            .is_some_and(|n| (1..=32).contains(&n))
    };
    let name = |k: &str, names: &[&str]| {
        arg(k)
            .and_then(Value::as_str)
            .is_some_and(|s| names.contains(&s))
    };
    match cmd {
        "plugin:checkers|new_game" => {
            name("level", &["easy", "normal", "hard"]) && name("first", &["player", "cpu"])
        }
        "plugin:checkers|play" => square("from") && square("to"),
        "plugin:checkers|history_game" | "plugin:choko|history_game" => arg("id")
            .and_then(Value::as_u64)
            .is_some_and(|n| n <= MAX_COUNTER),
        "plugin:choko|play" => arg("input")
            .is_some_and(|v| serde_json::from_value::<choko::game::Input>(v.clone()).is_ok()),
        "set_settings" => arg("settings").is_some_and(|s| Settings::from_value(s).is_ok()),
        _ => COMMANDS.iter().any(|(c, _)| *c == cmd),
    }
}

/// A valid value for argument `key`, from what the page would send.
fn valid_arg(rng: &mut Rng, key: &str, state: &Value) -> Value {
    match key {
        "level" => json!(rng.token(&["easy", "easy", "normal"])),
        "first" => json!(rng.token(&["player", "cpu"])),
        "from" | "to" => json!(1 + rng.below(32)),
        "input" => match rng.below(3) {
            0 => json!({ "place": point_name(rng) }),
            1 => json!({ "from": point_name(rng), "to": point_name(rng) }),
            _ => json!({ "extra": point_name(rng) }),
        },
        "id" => {
            let ids: Vec<Value> = state["records"]["history"]
                .as_array()
                .map(|h| h.iter().map(|g| g["id"].clone()).collect())
                .unwrap_or_default();
            if !ids.is_empty() && rng.chance(3, 4) {
                rng.pick(&ids).clone()
            } else {
                json!(rng.below(10))
            }
        }
        _ => rng.pick(&valid_settings()).clone(),
    }
}

/// A hostile value for argument `key`: a valid one edited as JSON, turned
/// into text or a float, wrapped, nested, or any hostile value.
fn hostile_arg(rng: &mut Rng, key: &str, state: &Value) -> Value {
    let valid = valid_arg(rng, key, state);
    match rng.below(8) {
        0 | 1 => mutate_json(rng, &valid, ARG_KEYS, ARG_STRINGS),
        2 => json!(valid.to_string()),
        3 => match valid.as_i64() {
            Some(n) => json!(n as f64 + if rng.chance(1, 2) { 0.0 } else { 0.5 }),
            None => json!([valid]),
        },
        4 => {
            let depth = 1 + rng.below(60);
            nest(rng, valid, depth)
        }
        5 => Value::String(hostile_string(rng, ARG_STRINGS)),
        _ => hostile_scalar(rng, ARG_STRINGS),
    }
}

/// A request that is probably refused: a command (rarely no command at
/// all) with arguments missing, extra, misspelt or hostile, or not an
/// object at all.
fn hostile_request(rng: &mut Rng, state: &Value) -> (String, Value) {
    let with_args: Vec<_> = COMMANDS.iter().filter(|(_, p)| !p.is_empty()).collect();
    let (cmd, params) = if rng.chance(1, 20) {
        (rng.token(NOT_COMMANDS), &[][..])
    } else if rng.chance(3, 4) {
        let (c, p) = rng.pick(&with_args);
        (*c, *p)
    } else {
        let (c, p) = rng.pick(COMMANDS);
        (*c, *p)
    };
    if rng.chance(1, 10) {
        return (cmd.into(), hostile_scalar(rng, ARG_STRINGS));
    }
    let mut args = serde_json::Map::new();
    for key in params {
        if rng.chance(1, 8) {
            continue;
        }
        let value = if rng.chance(1, 3) {
            valid_arg(rng, key, state)
        } else {
            hostile_arg(rng, key, state)
        };
        let key = if rng.chance(1, 12) {
            rng.token(ARG_KEYS).to_string()
        } else {
            key.to_string()
        };
        args.insert(key, value);
    }
    if rng.chance(1, 4) {
        let key = hostile_string(rng, ARG_KEYS);
        args.insert(key, hostile_scalar(rng, ARG_STRINGS));
    }
    (cmd.into(), Value::Object(args))
}

/// Requests of about a megabyte in each argument of each command (and in
/// one extra): a text, a key, an array; and the largest numbers.
fn giant_requests() -> Vec<(String, Value)> {
    let text = "é".repeat(1 << 19);
    let mut out = Vec::new();
    for (cmd, params) in COMMANDS {
        for key in params.iter().chain(&["extra"]) {
            let mut big_key = serde_json::Map::new();
            big_key.insert(text.clone(), json!(1));
            for value in [
                json!(text),
                Value::Object(big_key),
                json!(vec![22; 1 << 17]),
                json!(u64::MAX),
                json!(f64::MAX),
            ] {
                let mut args = serde_json::Map::new();
                for p in params.iter() {
                    args.insert(p.to_string(), json!(1));
                }
                args.insert(key.to_string(), value);
                out.push((cmd.to_string(), Value::Object(args)));
            }
        }
    }
    let mut args = serde_json::Map::new();
    args.insert(text, json!(1));
    out.push(("play".into(), Value::Object(args)));
    out
}

/// A valid request that moves the game along from what the page sees: a
/// new game when there is none (Easy or Normal, so the CPU answers
/// quickly), the CPU's reply when it is to move, a hop the legal moves
/// offer, now and then undo, leaving, new settings, the legal moves or a
/// look at a kept game.
fn valid_request(rng: &mut Rng, seen: &Seen) -> (String, Value) {
    if rng.chance(1, 2) {
        return valid_choko_request(rng, seen);
    }
    let state = &seen.state;
    let view = &state["game"];
    let roll = rng.below(40);
    let cmd = if view.is_null() || roll == 0 || view["level"] == json!("hard") {
        "new_game"
    } else if view["status"] == json!("cpuThinking") {
        "cpu_reply"
    } else {
        match roll {
            1..=3 => "undo",
            4 => "leave",
            5 => "set_settings",
            6 => "history_game",
            7 => "legal_moves",
            _ => "play",
        }
    };
    let args = match cmd {
        "new_game" => {
            json!({ "level": valid_arg(rng, "level", state), "first": valid_arg(rng, "first", state) })
        }
        "set_settings" => json!({ "settings": valid_arg(rng, "settings", state) }),
        "history_game" => json!({ "id": valid_arg(rng, "id", state) }),
        "play" => {
            let legal = seen.legal.clone().unwrap_or_default();
            let movable = legal["movable"].as_array().cloned().unwrap_or_default();
            if movable.is_empty() {
                json!({ "from": 22, "to": 18 })
            } else {
                let m = rng.pick(&movable);
                let to = m["to"].as_array().cloned().unwrap_or_default();
                json!({ "from": m["from"], "to": rng.pick(&to) })
            }
        }
        _ => json!({}),
    };
    let cmd = if cmd == "set_settings" {
        cmd.to_string()
    } else {
        format!("plugin:checkers|{cmd}")
    };
    (cmd, args)
}

/// A valid request that moves Choko's game along: the streak's next game
/// when there is none or it ended (now and then a new streak), the
/// machine's reply when it is to act, a part the legal moves offer, now
/// and then leaving or a look at the records, the review or a kept game.
fn valid_choko_request(rng: &mut Rng, seen: &Seen) -> (String, Value) {
    let view = &seen.choko["game"];
    let roll = rng.below(40);
    let cmd = if view.is_null() || view["status"] == json!("over") {
        if rng.chance(1, 4) {
            "new_streak"
        } else {
            "new_game"
        }
    } else if roll == 0 {
        "new_streak"
    } else if view["status"] == json!("machineThinking") {
        "cpu_reply"
    } else {
        match roll {
            1 => "leave",
            2 => "records",
            3 => "review",
            4 => "history_game",
            5 => "legal_moves",
            _ => "play",
        }
    };
    let args = match cmd {
        "history_game" => {
            let ids: Vec<Value> = seen.choko_records["games"]
                .as_array()
                .map(|g| g.iter().map(|g| g["id"].clone()).collect())
                .unwrap_or_default();
            json!({ "id": if ids.is_empty() { json!(rng.below(10)) } else { rng.pick(&ids).clone() } })
        }
        "play" => {
            let legal = seen.choko_legal.clone().unwrap_or_default();
            let place = legal["place"].as_array().cloned().unwrap_or_default();
            let pieces = legal["pieces"].as_array().cloned().unwrap_or_default();
            let input = if let Some(choices) = legal["extra"]["choices"].as_array() {
                json!({ "extra": rng.pick(choices) })
            } else if !pieces.is_empty() && (place.is_empty() || rng.chance(1, 2)) {
                let m = rng.pick(&pieces);
                let to: Vec<Value> = m["steps"]
                    .as_array()
                    .into_iter()
                    .chain(m["jumps"].as_array())
                    .flatten()
                    .cloned()
                    .collect();
                json!({ "from": m["from"], "to": rng.pick(&to) })
            } else if !place.is_empty() {
                json!({ "place": rng.pick(&place) })
            } else {
                json!({ "place": "c3" })
            };
            json!({ "input": input })
        }
        _ => json!({}),
    };
    (format!("plugin:choko|{cmd}"), args)
}

/// Fails the whole test binary if the run stalls (a request that never
/// returns would otherwise hang the suite).
struct Watchdog(Arc<AtomicBool>, Arc<AtomicU64>);

fn watchdog(secs: u64) -> Watchdog {
    let done = Arc::new(AtomicBool::new(false));
    let beat = Arc::new(AtomicU64::new(0));
    let (flag, pulse) = (done.clone(), beat.clone());
    std::thread::spawn(move || {
        let mut last = (pulse.load(Ordering::SeqCst), Instant::now());
        while !flag.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(50));
            let now = pulse.load(Ordering::SeqCst);
            if now != last.0 {
                last = (now, Instant::now());
            } else if last.1.elapsed() > Duration::from_secs(secs) {
                eprintln!("a request took more than {secs} s");
                std::process::exit(1);
            }
        }
    });
    Watchdog(done, beat)
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// `n` requests, about two thirds hostile, on one app in a fresh data
/// directory; then a restart on the same files. Returns the counts of
/// accepted and refused hostile requests.
fn fuzz_commands(seed: u64, n: u64, harness: &mut Harness) -> (u64, u64) {
    let mut rng = Rng::new(seed);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let app = start(dir);
    let dog = watchdog(60);
    let mut before = seen(&app, dir);
    let (mut accepted, mut refused) = (0, 0);
    let end = harness.inputs + n;
    let mut giants = if n >= 1_000 {
        giant_requests()
    } else {
        Vec::new()
    };
    while harness.inputs < end {
        dog.1.fetch_add(1, Ordering::SeqCst);
        let hostile = rng.chance(2, 3) || !giants.is_empty();
        let (cmd, args) = match giants.pop() {
            Some(request) => request,
            None if hostile => hostile_request(&mut rng, &before.state),
            None => valid_request(&mut rng, &before),
        };
        let shown = format!(
            "{cmd} {}",
            args.to_string().chars().take(150).collect::<String>()
        );
        let mut outcome = None;
        harness.run("command", &shown, |_| {
            let formed = well_formed(&cmd, &args);
            let reply = app.invoke(&cmd, args);
            match reply {
                Ok(_) => {
                    assert!(formed, "a malformed request was accepted");
                    outcome = Some(true);
                }
                Err(e) => {
                    let len = e.to_string().len();
                    assert!(len < MAX_REFUSAL_BYTES, "a refusal of {len} bytes");
                    let after = seen(&app, dir);
                    assert!(after == before, "a refused request changed something");
                    outcome = Some(false);
                }
            }
        });
        match outcome {
            Some(true) => {
                accepted += u64::from(hostile);
                before = seen(&app, dir);
            }
            Some(false) => refused += u64::from(hostile),
            // A panic (counted): start again from what is there.
            None => before = seen(&app, dir),
        }
    }
    // What the requests left on disk is what the app resumes.
    dog.1.fetch_add(1, Ordering::SeqCst);
    let shown = seen(&app, dir);
    drop(app);
    harness.run("restart", "(the same files)", |_| {
        let again = start(dir);
        let notices = again.checkers_state()["notices"].clone();
        assert_eq!(notices, json!([]), "every file read back");
        let resumed = seen(&again, dir);
        let mut expected = shown.state.clone();
        if !expected["game"].is_null() {
            // Undo does not reach back past a restart (C7).
            expected["game"]["canUndo"] = json!(false);
        }
        assert_eq!(resumed.state, expected, "the state read back");
        assert_eq!(resumed.legal, shown.legal, "the same moves offered");
        assert_eq!(resumed.records, shown.records);
        assert_eq!(
            resumed.review.as_ref().ok().map(|r| &r["moves"]),
            shown.review.as_ref().ok().map(|r| &r["moves"])
        );
        assert_eq!(resumed.files, shown.files, "starting wrote nothing");
        assert_eq!(resumed.choko, shown.choko, "Choko's state read back");
        assert_eq!(resumed.choko_legal, shown.choko_legal);
        assert_eq!(resumed.choko_records, shown.choko_records);
    });
    (accepted, refused)
}

#[test]
fn commands_survive_a_short_fuzz_run() {
    count_panics();
    let before = panics_anywhere();
    let mut harness = Harness::new(10);
    let (accepted, refused) = fuzz_commands(5, 1_000, &mut harness);
    // Both paths are exercised: most hostile requests are refused, some
    // are well formed and go through.
    assert!(
        refused > 300 && accepted > 20,
        "{accepted} accepted, {refused} refused"
    );
    finish(
        "commands",
        &harness,
        harness.elapsed(),
        before,
        &format!(", {refused} hostile requests refused, {accepted} accepted"),
    );
}

#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn commands_long() {
    count_panics();
    let before = panics_anywhere();
    let (total, seed) = long_run_size(20_000);
    let mut harness = Harness::new(20);
    // A fresh app every 2000 requests, so restarts are checked often.
    let (mut accepted, mut refused) = (0, 0);
    let mut round = 0;
    while harness.inputs < total {
        let n = (total - harness.inputs).min(2_000);
        let (a, r) = fuzz_commands(seed.wrapping_mul(1000).wrapping_add(round), n, &mut harness);
        accepted += a;
        refused += r;
        round += 1;
    }
    finish(
        "commands",
        &harness,
        harness.elapsed(),
        before,
        &format!(", seed {seed}, {refused} hostile requests refused, {accepted} accepted"),
    );
}
