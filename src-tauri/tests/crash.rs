//! A crash at every write: for each operation that writes more than one
//! document (or one document twice), the app is killed, in effect, after
//! each of its writes and in the middle of the next, and started again on
//! what the disk then holds. Whatever the instant, the restart must find
//! either the state before the operation or the state after it, whole.
//!
//! The kernel tells the order of the writes (inotify's `CLOSE_WRITE` on the
//! data directory); what each write put on disk is read from the copies
//! after the operation (a document's two copies are written in turn, so an
//! operation that writes a document at most twice leaves every write it
//! made on disk, which the harness checks). A kill leaves exactly the
//! writes made before it, each whole, since each is a file closed before
//! the next begins; the write it interrupts is cut in half.

#![cfg(target_os = "linux")]

mod support;

use inotify::{Inotify, WatchMask};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use support::{files, start, Running};

fn ok(app: &Running, cmd: &str, args: Value) -> Value {
    app.invoke(cmd, args)
        .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
}

/// A document copy written the way the app writes it.
fn write_doc(dir: &Path, file: &str, seq: u64, data: Value) {
    fs::create_dir_all(dir).unwrap();
    let doc = json!({ "format": 1, "seq": seq, "data": data });
    fs::write(dir.join(file), doc.to_string()).unwrap();
}

/// The write counter of a copy's bytes.
fn seq_of(bytes: &[u8]) -> u64 {
    let v: Value = serde_json::from_slice(bytes).unwrap();
    v["seq"].as_u64().unwrap()
}

/// The writes `op` makes in `dir`, in order: each the file it wrote and
/// the bytes it left there.
fn writes_of(dir: &Path, op: impl FnOnce()) -> Vec<(String, Vec<u8>)> {
    let before: BTreeMap<String, Vec<u8>> = files(dir).into_iter().collect();
    let mut inotify = Inotify::init().unwrap();
    inotify.watches().add(dir, WatchMask::CLOSE_WRITE).unwrap();
    op();
    let mut buffer = [0; 1 << 16];
    let mut closed: Vec<String> = Vec::new();
    loop {
        match inotify.read_events(&mut buffer) {
            Ok(events) => {
                let names: Vec<String> = events
                    .filter_map(|e| e.name.map(|n| n.to_string_lossy().into_owned()))
                    .collect();
                if names.is_empty() {
                    break;
                }
                closed.extend(names);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) => panic!("inotify: {e}"),
        }
    }
    // A save closes its copy twice: once written, once flushed to disk.
    closed.dedup();
    let after: BTreeMap<String, Vec<u8>> = files(dir).into_iter().collect();
    // The k-th write of a document holds the k-th write counter after the
    // one it had before the operation.
    let mut count: BTreeMap<String, u64> = BTreeMap::new();
    let mut writes = Vec::new();
    for file in closed {
        let doc = file.split('.').next().unwrap().to_string();
        let start = before
            .iter()
            .filter(|(f, _)| f.split('.').next() == Some(doc.as_str()) && f.ends_with(".json"))
            .map(|(_, b)| seq_of(b))
            .max()
            .unwrap_or(0);
        let n = count.entry(doc.clone()).or_insert(0);
        *n += 1;
        let seq = start + *n;
        let bytes = after
            .get(&file)
            .filter(|b| seq_of(b) == seq)
            .unwrap_or_else(|| {
                panic!("write {seq} of {doc} is not on disk: written more than twice")
            })
            .clone();
        writes.push((file, bytes));
    }
    writes
}

/// Files by name with their bytes: what a data directory holds.
type Disk = Vec<(String, Vec<u8>)>;

/// Every state a crash during the writes can leave, each with when it
/// happens: before the first write, after each, and in the middle of each
/// (its file cut in half).
fn crash_states(before: &[(String, Vec<u8>)], writes: &[(String, Vec<u8>)]) -> Vec<(String, Disk)> {
    let mut states = Vec::new();
    let mut disk: BTreeMap<String, Vec<u8>> = before.iter().cloned().collect();
    states.push(("before the first write".to_string(), disk.clone()));
    for (i, (file, bytes)) in writes.iter().enumerate() {
        let mut torn = disk.clone();
        torn.insert(file.clone(), bytes[..bytes.len() / 2].to_vec());
        states.push((format!("in the middle of write {} ({file})", i + 1), torn));
        disk.insert(file.clone(), bytes.clone());
        states.push((format!("after write {} ({file})", i + 1), disk.clone()));
    }
    states
        .into_iter()
        .map(|(when, files)| (when, files.into_iter().collect()))
        .collect()
}

/// Starts the app on a copy of `files`, and returns what `look` sees.
fn restart_on(files: &[(String, Vec<u8>)], look: impl Fn(&Running) -> Value) -> Value {
    let tmp = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        fs::write(tmp.path().join(name), bytes).unwrap();
    }
    look(&start(tmp.path()))
}

/// Runs `op` on the app started on `dir`, then checks that a restart at
/// every crash point sees what `look` saw before `op` or after it, and
/// that the operation did write more than once (or there is no crash
/// point between writes to test).
fn check_every_crash(
    dir: &Path,
    op: impl FnOnce(&Running),
    look: impl Fn(&Running) -> Value,
) -> usize {
    let old = look(&start(dir));
    let before = files(dir);
    let app = start(dir);
    let writes = writes_of(dir, || op(&app));
    drop(app);
    let new = look(&start(dir));
    assert_ne!(old, new, "the operation changes what a restart sees");
    assert!(writes.len() >= 2, "{} writes", writes.len());
    let states = crash_states(&before, &writes);
    for (when, disk) in &states {
        let seen = restart_on(disk, &look);
        assert!(
            seen == old || seen == new,
            "a crash {when} restarts on neither state:\n  seen {seen}\n  old  {old}\n  new  {new}"
        );
    }
    println!(
        "{} writes, {} crash points, each restarted on the old or the new state",
        writes.len(),
        states.len()
    );
    writes.len()
}

fn choko_fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/choko")
        .join(format!("{name}.json"));
    serde_json::from_slice(&fs::read(&path).unwrap()).unwrap()
}

/// What a restart shows of Choko: the ladder, and the game Continue offers
/// (its level, actions and who acts), the game being counted once.
fn choko_seen(app: &Running) -> Value {
    let s = ok(app, "plugin:choko|state", json!({}));
    let game = if s["resumable"] == json!(true) {
        json!([
            s["game"]["level"],
            s["game"]["actions"],
            s["game"]["status"]
        ])
    } else {
        json!(null)
    };
    json!({ "ladder": s["ladder"], "continue": game, "notices": s["notices"] })
}

/// Choko's documents: a streak of two wins, and its third game (level 3)
/// in progress; `fresh` puts each document's newest copy in its first
/// slot, otherwise in its second, so that the operation's writes go to
/// each slot in turn.
fn choko_streak_in_progress(dir: &Path, fresh: bool) {
    let mut game = choko_fixture("jump");
    game["level"] = json!(3);
    let ladder = json!({ "lastGameId": 2, "streakId": 1,
        "streak": { "version": 1, "bonuses": [60, 45], "best": [60, 45] } });
    let game_doc = json!({ "gameId": 3, "streakId": 1, "game": game });
    if fresh {
        write_doc(dir, "choko-ladder.1.json", 4, ladder);
        write_doc(dir, "choko-game.1.json", 9, game_doc);
    } else {
        write_doc(dir, "choko-ladder.1.json", 3, ladder.clone());
        write_doc(dir, "choko-ladder.2.json", 4, ladder);
        write_doc(dir, "choko-game.1.json", 8, game_doc.clone());
        write_doc(dir, "choko-game.2.json", 9, game_doc);
    }
}

#[test]
fn a_crash_at_any_write_of_a_new_streak_leaves_the_old_streak_or_the_new_one_whole() {
    for fresh in [true, false] {
        let tmp = tempfile::tempdir().unwrap();
        choko_streak_in_progress(tmp.path(), fresh);
        let writes = check_every_crash(
            tmp.path(),
            |app| {
                let answer = ok(app, "plugin:choko|new_streak", json!({}));
                assert_eq!(answer["view"]["level"], json!(1));
            },
            choko_seen,
        );
        assert_eq!(writes, 2, "the new game, then the ladder");
    }
}

#[test]
fn a_crash_at_any_write_of_a_choko_win_counts_it_once() {
    for fresh in [true, false] {
        let tmp = tempfile::tempdir().unwrap();
        choko_streak_in_progress(tmp.path(), fresh);
        let dir = tmp.path();
        let mut game = choko_fixture("win");
        game["level"] = json!(3);
        let doc = json!({ "gameId": 3, "streakId": 1, "game": game });
        write_doc(dir, "choko-game.1.json", 20, doc.clone());
        write_doc(dir, "choko-game.2.json", 21, doc);
        check_every_crash(
            dir,
            |app| {
                let answer = ok(
                    app,
                    "plugin:choko|play",
                    json!({ "input": { "from": "c4", "to": "c2" } }),
                );
                assert_eq!(answer["ladder"]["wins"], json!(3));
            },
            choko_seen,
        );
    }
}

/// What a restart shows of checkers: the game Continue offers and the
/// records (a kept game's time of the end left out: a game counted at the
/// restart ends then).
fn checkers_seen(app: &Running) -> Value {
    let s = app.checkers_state();
    let mut records = s["records"].clone();
    for kept in records["history"].as_array_mut().unwrap() {
        kept["finishedAtMs"] = json!(null);
    }
    json!({ "game": s["game"], "records": records, "notices": s["notices"] })
}

#[test]
fn a_crash_at_any_write_of_a_checkers_game_s_last_move_counts_it_once() {
    for fresh in [true, false] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        // The player's man on 22 takes the CPU's last piece.
        let game = json!({ "gameId": 5, "game": {
            "version": 2, "level": "easy", "first": "player", "start": "W:W22,30:B18",
            "startQuiet": 0, "moves": [], "playTimeMs": 0, "recorded": false } });
        write_doc(dir, "game.1.json", 7, game.clone());
        if !fresh {
            write_doc(dir, "game.2.json", 8, game);
        }
        check_every_crash(
            dir,
            |app| {
                let view = ok(app, "plugin:checkers|play", json!({ "from": 22, "to": 15 }));
                assert_eq!(view["status"], json!("over"));
            },
            checkers_seen,
        );
    }
}
