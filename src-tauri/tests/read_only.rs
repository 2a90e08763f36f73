//! A data folder that cannot be written: whatever is intact in it is still
//! offered, nothing in it is moved or rewritten, and the player is told
//! once that progress is not kept. Checked on the documents themselves and
//! through the commands on Tauri's mock runtime.

mod support;

use checkers_app_lib::app::persist::{Document, SaveError, Slot};
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{files, start};

/// A folder made read-only for this process until dropped, root
/// included: its write permission is taken away and, where that is not
/// enough (a process that may ignore permissions), it is made immutable
/// with `chattr +i` as well.
struct ReadOnly(PathBuf);

impl ReadOnly {
    fn new(dir: &Path) -> ReadOnly {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
        let guard = ReadOnly(dir.to_path_buf());
        if writable(dir) {
            let _ = Command::new("chattr").arg("+i").arg(dir).status();
        }
        assert!(
            !writable(dir),
            "{} cannot be made read-only here (chattr +i needs a file system that supports it)",
            dir.display()
        );
        guard
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
        let _ = fs::set_permissions(&self.0, fs::Permissions::from_mode(0o755));
    }
}

/// Whether a file can be created in `dir` (and renamed there).
fn writable(dir: &Path) -> bool {
    let probe = dir.join(".probe");
    match fs::write(&probe, b"") {
        Ok(()) => {
            let moved = fs::rename(&probe, dir.join(".probe-moved")).is_ok();
            let _ = fs::remove_file(&probe);
            let _ = fs::remove_file(dir.join(".probe-moved"));
            moved
        }
        Err(_) => false,
    }
}

/// A test document: an object with an integer `n`.
fn validate(v: &Value) -> Result<i64, String> {
    v.get("n")
        .and_then(Value::as_i64)
        .ok_or_else(|| "no n".to_string())
}

#[test]
fn a_torn_newest_copy_in_a_read_only_folder_leaves_the_older_one_offered() {
    let app = tauri::test::mock_builder()
        .plugin(tauri_plugin_store::Builder::new().build())
        .build(tauri::test::mock_context(tauri::test::noop_assets()))
        .unwrap();
    // The newest copy (seq 5) was cut short in either slot; the other one
    // (seq 4) is intact.
    for torn in [Slot::One, Slot::Two] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        fs::create_dir(&dir).unwrap();
        let intact = if torn == Slot::One {
            Slot::Two
        } else {
            Slot::One
        };
        let newest = json!({ "format": 1, "seq": 5, "data": { "n": 8 } }).to_string();
        let cut = &newest.as_bytes()[..newest.len() / 2];
        fs::write(Document::slot_path(&dir, "doc", torn), cut).unwrap();
        fs::write(
            Document::slot_path(&dir, "doc", intact),
            json!({ "format": 1, "seq": 4, "data": { "n": 7 } }).to_string(),
        )
        .unwrap();
        let before = files(&dir);
        let _read_only = ReadOnly::new(&dir);

        let loaded = Document::load(&dir, "doc", validate);
        assert_eq!(loaded.value, Some(7), "torn {torn:?}: the intact copy");
        assert_eq!(loaded.doc.seq(), 4);
        assert!(!loaded.lost(), "torn {torn:?}: nothing was lost");
        assert!(loaded.blocked(), "torn {torn:?}: it cannot be saved");
        assert_eq!(loaded.set_aside.len(), 1);
        assert_eq!(
            loaded.set_aside[0].path,
            Document::slot_path(&dir, "doc", torn)
        );
        assert!(loaded.set_aside[0].moved_to.is_none());
        let mut doc = loaded.doc;
        assert!(matches!(
            doc.save(app.handle(), json!({ "n": 9 })),
            Err(SaveError::Blocked(_))
        ));
        assert_eq!(
            files(&dir),
            before,
            "torn {torn:?}: every copy where it was"
        );
    }
}

/// A saved game, as the shell writes it, with its write counter.
fn saved_game(seq: u64, fen: &str) -> String {
    json!({ "format": 1, "seq": seq, "data": { "gameId": 1, "game": {
        "version": 1, "level": "easy", "first": "player", "fen": fen,
        "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 5000, "recorded": false
    }}})
    .to_string()
}

#[test]
fn in_a_read_only_folder_the_intact_saved_game_is_offered_and_nothing_is_touched() {
    for torn in ["game.1.json", "game.2.json"] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        fs::create_dir(&dir).unwrap();
        let intact = if torn == "game.1.json" {
            "game.2.json"
        } else {
            "game.1.json"
        };
        // The newest copy, one hop later, torn; the older one intact.
        let newest = saved_game(8, "B:W18,23:B9,10");
        fs::write(dir.join(torn), &newest.as_bytes()[..newest.len() - 9]).unwrap();
        fs::write(dir.join(intact), saved_game(7, "W:W22,23:B9,10")).unwrap();
        let before = files(&dir);
        let _read_only = ReadOnly::new(&dir);

        let app = start(&dir);
        let state = app.checkers_state();
        assert_eq!(state["notices"], json!(["notSaving"]), "{torn}: {state}");
        let game = &state["game"];
        assert_eq!(game["status"], json!("yourTurn"), "{torn}: the intact game");
        assert_eq!(game["board"][21]["side"], json!("player"), "{torn}: 22");
        assert_eq!(game["board"][17], Value::Null, "{torn}: not the torn 18");
        // Play goes on, told once; nothing on disk changes.
        let view = app
            .invoke("plugin:checkers|play", json!({ "from": 22, "to": 18 }))
            .unwrap_or_else(|e| panic!("play: {e}"));
        assert_eq!(view["status"], json!("cpuThinking"));
        assert!(view.get("notices").is_none(), "told once: {view}");
        drop(app);
        assert_eq!(files(&dir), before, "{torn}: every copy where it was");
    }
}
