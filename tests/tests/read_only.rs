//! A data folder the app cannot write, in the real window: when the newest
//! copy of the saved game is torn and the older one intact, the intact game
//! is offered, the player is told that progress is not kept, and every file
//! stays where and as it was.

use e2e::play::*;
use e2e::{App, DataDir};
use serde_json::json;
use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A folder made read-only until dropped: its write permission is taken
/// away and, for a process that may ignore permissions (root), it is made
/// immutable with `chattr +i` as well.
struct ReadOnly(PathBuf);

impl ReadOnly {
    fn new(dir: &Path) -> ReadOnly {
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
        let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
        let _ = fs::set_permissions(&self.0, fs::Permissions::from_mode(0o755));
    }
}

/// Whether a file can be created in `dir`.
fn writable(dir: &Path) -> bool {
    let probe = dir.join(".probe");
    let ok = fs::write(&probe, b"").is_ok();
    let _ = fs::remove_file(&probe);
    ok
}

/// Every file of `dir` with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let bytes = fs::read(e.path()).unwrap_or_default();
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect()
}

/// A saved game against Easy, as the shell writes it, with its write counter.
fn saved_game(seq: u64, fen: &str) -> String {
    json!({ "format": 1, "seq": seq, "data": { "gameId": 1, "game": {
        "version": 1, "level": "easy", "first": "player", "fen": fen,
        "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 5000, "recorded": false
    }}})
    .to_string()
}

#[test]
fn a_read_only_folder_with_a_torn_newest_copy_offers_the_intact_game() {
    run(async {
        let data = DataDir::new("read-only-torn");
        let dir = data.app_dir();
        fs::create_dir_all(&dir).unwrap();
        write_doc(
            &data,
            "settings",
            json!({ "language": "en", "sound": false, "squareNumbers": false }),
        );
        // The newest copy, one move later, torn; the older one intact.
        let newest = saved_game(8, "B:W18,23:B9,10");
        fs::write(
            dir.join("game.1.json"),
            &newest.as_bytes()[..newest.len() - 9],
        )
        .unwrap();
        fs::write(dir.join("game.2.json"), saved_game(7, "W:W22,23:B9,10")).unwrap();
        let before = files(&dir);
        let read_only = ReadOnly::new(&dir);

        let app = App::launch(&data, "en").await;
        app.wait_until("!document.getElementById('continue').hidden")
            .await;
        assert_eq!(
            notice(&app).await,
            "Your progress cannot be saved on this device: you can keep playing, but it will not be kept."
        );
        app.click("#continue").await;
        wait_player_turn(&app).await;
        let at = app
            .js("const side = (n) => { const p = document.querySelector(`.board.interactive .piece[data-square=\"${n}\"]`); return p ? p.dataset.side : null; };
                 return [side(22), side(23), side(18), side(9), side(10)];")
            .await;
        assert_eq!(
            at,
            json!(["player", "player", null, "cpu", "cpu"]),
            "the intact game, not the torn one"
        );
        // Play goes on; nothing on disk changes.
        tap(&app, 22).await;
        tap(&app, 18).await;
        wait_player_turn(&app).await;
        app.quit().await;
        assert_eq!(files(&dir), before, "every copy where it was, as it was");
        drop(read_only);
    });
}
