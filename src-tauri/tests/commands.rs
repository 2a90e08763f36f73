//! The command layer through Tauri's mock runtime: the page's IPC requests
//! go through the real invoke handler, the real capability file and the real
//! persistence, with the documents in a temporary directory.

use checkers_app_lib::session::Shell;
use checkers_app_lib::{builder, context, cpu, manage_state};
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{App, Manager, WebviewWindow};

struct Running {
    app: App<MockRuntime>,
    page: WebviewWindow<MockRuntime>,
}

/// Start the app on the documents in `dir`.
fn start(dir: &Path) -> Running {
    let app = builder(mock_builder()).build(context()).unwrap();
    manage_state(app.handle(), dir);
    let page = match app.get_webview_window("main") {
        Some(w) => w,
        None => tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap(),
    };
    Running { app, page }
}

impl Running {
    /// Invoke a command as the page does; `Err` carries the rejection value.
    fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.page, request).map(|b| b.deserialize::<Value>().unwrap())
    }

    fn ok(&self, cmd: &str, args: Value) -> Value {
        self.invoke(cmd, args)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }

    fn err(&self, cmd: &str, args: Value) -> String {
        match self.invoke(cmd, args) {
            Ok(v) => panic!("{cmd} should have failed, returned {v}"),
            Err(Value::String(s)) => s,
            Err(other) => other.to_string(),
        }
    }

    fn shell(&self) -> tauri::State<'_, Shell> {
        self.app.state::<Shell>()
    }

    fn view(&self) -> Value {
        serde_json::to_value(self.shell().view().unwrap()).unwrap()
    }
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn square_list(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

/// A saved game on disk, written as the shell writes it.
fn write_saved_game(dir: &Path, game_id: u64, fen: &str, chain: &[u8]) {
    fs::create_dir_all(dir).unwrap();
    let doc = json!({
        "format": 1,
        "seq": 1,
        "data": {
            "gameId": game_id,
            "game": {
                "version": 1,
                "level": "normal",
                "first": "player",
                "fen": fen,
                "quiet": 0,
                "chain": chain,
                "lastMove": null,
                "playTimeMs": 5000,
                "recorded": false
            }
        }
    });
    fs::write(dir.join("game.1.json"), doc.to_string()).unwrap();
}

fn games_recorded(records: &Value) -> u64 {
    ["easy", "normal", "hard"]
        .iter()
        .map(|l| {
            let r = &records[l];
            r["wins"].as_u64().unwrap()
                + r["losses"].as_u64().unwrap()
                + r["draws"].as_u64().unwrap()
        })
        .sum()
}

#[test]
fn first_launch_has_no_game_default_settings_and_empty_records() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let state = app.ok("app_state", json!({}));
    assert_eq!(state["game"], Value::Null);
    assert_eq!(state["notice"], Value::Null);
    assert_eq!(
        state["settings"],
        json!({ "language": null, "sound": true, "squareNumbers": false })
    );
    assert_eq!(games_recorded(&state["records"]), 0);
    assert_eq!(state["records"]["hard"]["playTimeMs"], json!(0));
    assert!(app.err("legal_moves", json!({})).contains("no game"));
    assert!(app
        .err("play", json!({ "from": 22, "to": 18 }))
        .contains("no game"));
}

#[test]
fn a_new_game_with_the_player_first_offers_the_front_row() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let view = app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    assert_eq!(view["level"], json!("easy"));
    assert_eq!(view["first"], json!("player"));
    assert_eq!(view["status"], json!("yourTurn"));
    assert_eq!(view["board"].as_array().unwrap().len(), 32);
    assert_eq!(view["board"][0], json!({ "side": "cpu", "king": false }));
    assert_eq!(view["board"][12], Value::Null);
    assert_eq!(
        view["board"][31],
        json!({ "side": "player", "king": false })
    );
    assert_eq!(
        view["movable"],
        json!([
            { "from": 21, "to": [17] },
            { "from": 22, "to": [17, 18] },
            { "from": 23, "to": [18, 19] },
            { "from": 24, "to": [19, 20] }
        ])
    );
    assert_eq!(view["lifted"], Value::Null);
    assert_eq!(view["lastMove"], Value::Null);
    assert_eq!(view["canUndo"], json!(false));
    assert_eq!(view["result"], Value::Null);
    assert_eq!(app.ok("legal_moves", json!({})), view["movable"]);
    // It is saved at once: "Continue" finds it after a restart.
    drop(app);
    let again = start(tmp.path());
    assert_eq!(again.ok("app_state", json!({}))["game"], view);
}

#[test]
fn a_hop_then_the_cpu_reply_then_undo() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let start_view = app.ok("new_game", json!({ "level": "normal", "first": "player" }));
    let after = app.ok("play", json!({ "from": 22, "to": 18 }));
    assert_eq!(after["status"], json!("cpuThinking"));
    assert_eq!(after["movable"], json!([]));
    assert_eq!(after["board"][21], Value::Null);
    assert_eq!(
        after["board"][17],
        json!({ "side": "player", "king": false })
    );
    assert_eq!(
        after["lastMove"],
        json!({ "side": "player", "path": [22, 18] })
    );
    // Not the player's turn now.
    assert!(app
        .err("play", json!({ "from": 23, "to": 19 }))
        .contains("CPU's turn"));

    let reply = app.ok("cpu_reply", json!({}));
    let hops = reply["hops"].as_array().unwrap();
    assert!(!hops.is_empty());
    let view = &reply["view"];
    assert_eq!(view["lastMove"]["side"], json!("cpu"));
    let path = square_list(&view["lastMove"]["path"]);
    assert_eq!(path[0], hops[0]["from"].as_u64().unwrap());
    assert_eq!(
        *path.last().unwrap(),
        hops.last().unwrap()["to"].as_u64().unwrap()
    );
    assert!(matches!(
        view["status"].as_str(),
        Some("yourTurn" | "captureAvailable")
    ));
    assert_eq!(view["canUndo"], json!(true));
    // The CPU does not move twice.
    assert!(app.err("cpu_reply", json!({})).contains("player's turn"));

    // Undo withdraws the player's move and the CPU's reply together (U1).
    let undone = app.ok("undo", json!({}));
    assert_eq!(undone, start_view);
    assert_eq!(app.err("undo", json!({})), "nothing to undo");
}

#[test]
fn the_cpu_moving_first_replies_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let view = app.ok("new_game", json!({ "level": "hard", "first": "cpu" }));
    assert_eq!(view["status"], json!("cpuThinking"));
    assert_eq!(view["movable"], json!([]));
    let reply = app.ok("cpu_reply", json!({}));
    let hop = &reply["hops"][0];
    assert!((9..=12).contains(&hop["from"].as_u64().unwrap()));
    assert!((13..=16).contains(&hop["to"].as_u64().unwrap()));
    assert_eq!(hop["captured"], Value::Null);
    assert_eq!(reply["view"]["status"], json!("yourTurn"));
    // Undo has no decision of the player's to go back to.
    assert_eq!(app.err("undo", json!({})), "nothing to undo");
}

#[test]
fn bad_arguments_are_rejected_and_change_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    app.ok("play", json!({ "from": 22, "to": 18 }));
    app.ok("cpu_reply", json!({}));
    let before_view = app.view();
    let before_files = files(tmp.path());
    let before_state = app.ok("app_state", json!({}));

    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "play",
            json!({ "from": 0, "to": 18 }),
            "square 0 is outside 1-32",
        ),
        (
            "play",
            json!({ "from": 22, "to": 33 }),
            "square 33 is outside 1-32",
        ),
        ("play", json!({ "from": -5, "to": 18 }), "outside 1-32"),
        ("play", json!({ "from": 21, "to": 21 }), "not a legal hop"),
        ("play", json!({ "from": 30, "to": 26 }), "not a legal hop"),
        ("play", json!({ "from": 1, "to": 5 }), "not a legal hop"),
        ("play", json!({ "from": "22", "to": 18 }), "from"),
        ("play", json!({ "from": 22.5, "to": 18 }), "from"),
        ("play", json!({ "to": 18 }), "from"),
        ("play", json!([22, 18]), ""),
        (
            "new_game",
            json!({ "level": "expert", "first": "player" }),
            "unknown level 'expert'",
        ),
        (
            "new_game",
            json!({ "level": "easy", "first": "both" }),
            "unknown first player 'both'",
        ),
        (
            "new_game",
            json!({ "level": "easy", "first": "Player" }),
            "unknown first player",
        ),
        ("new_game", json!({ "level": 2, "first": "cpu" }), "level"),
        ("new_game", json!({ "first": "cpu" }), "level"),
        (
            "set_settings",
            json!({ "settings": { "language": "fr", "sound": true, "squareNumbers": false } }),
            "settings",
        ),
        (
            "set_settings",
            json!({ "settings": { "language": "es", "sound": 1, "squareNumbers": false } }),
            "settings",
        ),
        (
            "set_settings",
            json!({ "settings": { "language": "es", "sound": true, "squareNumbers": false, "theme": "dark" } }),
            "settings",
        ),
        ("set_settings", json!({}), "settings"),
    ];
    for (cmd, args, expected) in cases {
        let msg = app.err(cmd, args.clone());
        assert!(msg.contains(expected), "{cmd} {args}: {msg}");
        assert_eq!(app.view(), before_view, "{cmd} {args} changed the game");
        assert_eq!(files(tmp.path()), before_files, "{cmd} {args} wrote a file");
    }
    let mut after_state = app.ok("app_state", json!({}));
    let mut before_state = before_state;
    after_state["notice"] = Value::Null;
    before_state["notice"] = Value::Null;
    assert_eq!(after_state, before_state);
}

#[test]
fn a_reply_searched_before_an_undo_or_a_new_game_is_discarded() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let shell = app.shell();
    let handle = app.app.handle();
    app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    app.ok("play", json!({ "from": 22, "to": 18 }));

    // The search starts, then the player undoes before it is applied.
    let job = shell.cpu_request().unwrap();
    let reply = cpu::best_move(&job.position, job.quiet, job.level);
    let undone = app.ok("undo", json!({}));
    let err = shell.cpu_apply(handle, &job, reply).unwrap_err();
    assert_eq!(err.to_string(), "stale");
    assert_eq!(app.view(), undone, "the stale reply changed the game");

    // Even when the player then makes the same move again: the reply
    // belongs to a withdrawn turn.
    app.ok("play", json!({ "from": 22, "to": 18 }));
    assert_eq!(shell.cpu_request().unwrap().position, job.position);
    let err = shell.cpu_apply(handle, &job, reply).unwrap_err();
    assert_eq!(err.to_string(), "stale");
    app.ok("undo", json!({}));

    // Same with a new game in between (which even has the CPU to move).
    app.ok("play", json!({ "from": 22, "to": 18 }));
    let job = shell.cpu_request().unwrap();
    let reply = cpu::best_move(&job.position, job.quiet, job.level);
    let fresh = app.ok("new_game", json!({ "level": "easy", "first": "cpu" }));
    assert_eq!(
        shell
            .cpu_apply(handle, &job, reply)
            .unwrap_err()
            .to_string(),
        "stale"
    );
    assert_eq!(app.view(), fresh);

    // Two replies for the same request: only the first is applied.
    let job = shell.cpu_request().unwrap();
    let reply = cpu::best_move(&job.position, job.quiet, job.level);
    let first = shell.cpu_apply(handle, &job, reply).unwrap();
    assert_eq!(
        shell
            .cpu_apply(handle, &job, reply)
            .unwrap_err()
            .to_string(),
        "stale"
    );
    assert_eq!(serde_json::to_value(&first.view).unwrap(), app.view());
}

#[test]
fn the_player_resumes_mid_chain_with_the_piece_lifted() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W27:B23,15,1", &[]);
    let app = start(tmp.path());
    let state = app.ok("app_state", json!({}));
    assert_eq!(
        state["game"]["movable"],
        json!([{ "from": 27, "to": [18] }])
    );
    assert_eq!(state["game"]["status"], json!("captureAvailable"));
    let mid = app.ok("play", json!({ "from": 27, "to": 18 }));
    assert_eq!(mid["status"], json!("jumpAgain"));
    assert_eq!(mid["lifted"], json!(18));
    assert_eq!(mid["movable"], json!([{ "from": 18, "to": [11] }]));
    assert_eq!(mid["board"][22], Value::Null, "the jumped piece is gone");
    assert_eq!(mid["canUndo"], json!(true));
    // Only the jumping piece may go on.
    assert!(app
        .err("play", json!({ "from": 27, "to": 18 }))
        .contains("must jump again"));
    // The hop itself was saved: the app stops here without leaving.
    drop(app);

    let app = start(tmp.path());
    let resumed = app.ok("app_state", json!({}))["game"].clone();
    assert_eq!(resumed["lifted"], json!(18));
    assert_eq!(resumed["status"], json!("jumpAgain"));
    assert_eq!(resumed["board"], mid["board"]);
    let done = app.ok("play", json!({ "from": 18, "to": 11 }));
    assert_eq!(done["status"], json!("cpuThinking"));
    assert_eq!(
        done["lastMove"],
        json!({ "side": "player", "path": [27, 18, 11] })
    );
}

#[test]
fn an_ended_game_is_recorded_once() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W22:B18", &[]);
    let app = start(tmp.path());
    let view = app.ok("play", json!({ "from": 22, "to": 15 }));
    assert_eq!(view["status"], json!("over"));
    assert_eq!(
        view["result"],
        json!({ "outcome": "win", "playerPieces": 1, "cpuPieces": 0 })
    );
    assert_eq!(view["canUndo"], json!(false));
    let records = app.ok("records", json!({}));
    assert_eq!(records["normal"]["wins"], json!(1));
    assert_eq!(records["normal"]["playerPiecesLeft"], json!(1));
    assert_eq!(records["normal"]["cpuPiecesLeft"], json!(0));
    assert!(records["normal"]["playTimeMs"].as_u64().unwrap() >= 5000);
    assert_eq!(games_recorded(&records), 1);

    // Nothing more can happen to it, and nothing is counted again.
    assert!(app
        .err("play", json!({ "from": 15, "to": 11 }))
        .contains("over"));
    assert!(app.err("undo", json!({})).contains("over"));
    assert!(app.err("cpu_reply", json!({})).contains("over"));
    app.ok("leave_game", json!({}));
    assert_eq!(app.ok("records", json!({})), records);
    drop(app);

    // After a restart: no game to continue, the records kept, not doubled.
    let app = start(tmp.path());
    let state = app.ok("app_state", json!({}));
    assert_eq!(state["game"], Value::Null);
    assert_eq!(state["records"], records);
    assert_eq!(state["notice"], Value::Null);
}

#[test]
fn a_loss_to_the_cpu_is_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 4, "B:W22:B18", &[]);
    let app = start(tmp.path());
    let reply = app.ok("cpu_reply", json!({}));
    assert_eq!(
        reply["hops"],
        json!([{ "from": 18, "to": 25, "captured": 22 }])
    );
    assert_eq!(
        reply["view"]["result"],
        json!({ "outcome": "loss", "playerPieces": 0, "cpuPieces": 1 })
    );
    let records = app.ok("records", json!({}));
    assert_eq!(records["normal"]["losses"], json!(1));
    assert_eq!(games_recorded(&records), 1);
}

#[test]
fn a_whole_game_through_the_commands_is_recorded_once() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let mut view = app.ok("new_game", json!({ "level": "easy", "first": "cpu" }));
    let mut turns = 0;
    while view["status"] != json!("over") {
        turns += 1;
        assert!(turns < 2000, "the game never ended");
        view = if view["status"] == json!("cpuThinking") {
            app.ok("cpu_reply", json!({}))["view"].clone()
        } else {
            // The player takes the last offered piece and its last hop.
            let m = view["movable"].as_array().unwrap().last().unwrap().clone();
            let to = m["to"].as_array().unwrap().last().unwrap().clone();
            app.ok("play", json!({ "from": m["from"], "to": to }))
        };
        let over = view["status"] == json!("over");
        let counted = games_recorded(&app.ok("records", json!({})));
        assert_eq!(
            counted,
            u64::from(over),
            "recorded before the end, or not at it"
        );
    }
    let records = app.ok("records", json!({}));
    assert_eq!(games_recorded(&records), 1);
    let easy = &records["easy"];
    let games = ["wins", "losses", "draws"].map(|k| easy[k].as_u64().unwrap());
    assert_eq!(games.iter().sum::<u64>(), 1);
    // A new game afterwards starts clean and leaves the record alone.
    app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    assert_eq!(app.ok("records", json!({})), records);
}

#[test]
fn an_abandoned_game_is_not_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    app.ok("new_game", json!({ "level": "hard", "first": "player" }));
    app.ok("play", json!({ "from": 22, "to": 18 }));
    app.ok("cpu_reply", json!({}));
    let fresh = app.ok("new_game", json!({ "level": "normal", "first": "player" }));
    assert_eq!(games_recorded(&app.ok("records", json!({}))), 0);
    drop(app);
    let app = start(tmp.path());
    let state = app.ok("app_state", json!({}));
    assert_eq!(games_recorded(&state["records"]), 0);
    assert_eq!(
        state["game"], fresh,
        "the new game replaced the abandoned one"
    );
}

#[test]
fn an_unreadable_saved_game_is_moved_aside_with_a_notice_and_records_survive() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // A record of one win, then a garbage saved game.
    write_saved_game(dir, 1, "W:W22:B18", &[]);
    let app = start(dir);
    app.ok("play", json!({ "from": 22, "to": 15 }));
    let records = app.ok("records", json!({}));
    drop(app);
    for slot in ["game.1.json", "game.2.json"] {
        if dir.join(slot).exists() {
            fs::write(dir.join(slot), b"\x00\x01garbage{").unwrap();
        }
    }

    let app = start(dir);
    let state = app.ok("app_state", json!({}));
    assert_eq!(state["notice"], json!("savedGameUnreadable"));
    assert_eq!(state["game"], Value::Null);
    assert_eq!(state["records"], records);
    // Told once.
    assert_eq!(app.ok("app_state", json!({}))["notice"], Value::Null);
    let aside: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.to_string_lossy().contains("game.") && p.to_string_lossy().contains(".corrupt-")
        })
        .collect();
    assert!(!aside.is_empty());
    for p in &aside {
        assert_eq!(fs::read(p).unwrap(), b"\x00\x01garbage{");
    }
    // Playing on writes fresh copies and never touches the set-aside files.
    app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    app.ok("play", json!({ "from": 23, "to": 19 }));
    for p in &aside {
        assert_eq!(fs::read(p).unwrap(), b"\x00\x01garbage{");
    }
    drop(app);
    let state = start(dir).ok("app_state", json!({}));
    assert_eq!(state["notice"], Value::Null);
    assert_eq!(
        state["game"]["lastMove"],
        json!({ "side": "player", "path": [23, 19] })
    );
}

#[test]
fn unreadable_records_and_settings_each_give_their_notice() {
    for (doc, notice) in [
        ("records", "recordsUnreadable"),
        ("settings", "settingsUnreadable"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join(format!("{doc}.2.json")), b"").unwrap();
        let app = start(tmp.path());
        let state = app.ok("app_state", json!({}));
        assert_eq!(state["notice"], json!(notice));
        assert_eq!(games_recorded(&state["records"]), 0);
        assert_eq!(state["settings"]["sound"], json!(true));
    }
}

#[test]
fn a_future_version_saved_game_is_set_aside() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W22:B18", &[]);
    let path = tmp.path().join("game.1.json");
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("\"version\":1", "\"version\":2");
    fs::write(&path, &text).unwrap();
    let app = start(tmp.path());
    let state = app.ok("app_state", json!({}));
    assert_eq!(state["notice"], json!("savedGameUnreadable"));
    assert!(!path.exists());
}

#[test]
fn a_crash_in_the_middle_of_saving_a_hop_loses_only_that_hop() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let app = start(dir);
    app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    let before = app.ok("play", json!({ "from": 22, "to": 18 }));
    let newest_before = files(dir);
    let reply = app.ok("cpu_reply", json!({}));
    drop(app);
    // The reply's save was the last write: tear that file in half.
    let changed = files(dir)
        .into_iter()
        .find(|f| !newest_before.contains(f))
        .unwrap();
    fs::write(dir.join(&changed.0), &changed.1[..changed.1.len() / 2]).unwrap();

    let app = start(dir);
    let state = app.ok("app_state", json!({}));
    assert_eq!(state["notice"], Value::Null, "an intact copy remained");
    let mut expected = before;
    expected["canUndo"] = json!(false); // undo history is not saved (C7)
    assert_eq!(state["game"], expected);
    // The CPU simply replies again, and the same way (U2).
    let again = app.ok("cpu_reply", json!({}));
    assert_eq!(again["hops"], reply["hops"]);
    assert_eq!(again["view"]["board"], reply["view"]["board"]);
    assert_eq!(again["view"]["status"], reply["view"]["status"]);
}

#[test]
fn settings_are_saved() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let s = json!({ "language": "en", "sound": false, "squareNumbers": true });
    assert_eq!(app.ok("set_settings", json!({ "settings": s })), s);
    drop(app);
    assert_eq!(start(tmp.path()).ok("app_state", json!({}))["settings"], s);
}

#[test]
fn the_page_can_reach_only_the_app_commands() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    for cmd in [
        "plugin:store|load",
        "plugin:store|get_store",
        "plugin:store|save",
    ] {
        let err = app.err(cmd, json!({ "path": "records.1.json" }));
        assert!(err.contains("not allowed"), "{cmd}: {err}");
    }
    assert!(!tmp.path().join("records.1.json").exists());
    // Nor any core API: the page only needs the app's own commands.
    for (cmd, args) in [
        (
            "plugin:window|set_title",
            json!({ "label": "main", "value": "x" }),
        ),
        (
            "plugin:event|listen",
            json!({ "event": "store://change", "target": { "kind": "Any" }, "handler": 0 }),
        ),
        ("plugin:path|resolve_directory", json!({ "directory": 14 })),
    ] {
        let err = app.err(cmd, args);
        assert!(err.contains("not allowed"), "{cmd}: {err}");
    }
}

#[test]
fn leaving_keeps_the_game_for_continue() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    app.ok("new_game", json!({ "level": "easy", "first": "player" }));
    let view = app.ok("play", json!({ "from": 24, "to": 20 }));
    assert_eq!(app.ok("leave_game", json!({})), Value::Null);
    assert_eq!(app.ok("app_state", json!({}))["game"], view);
    drop(app);
    let mut expected = view;
    expected["canUndo"] = json!(false); // undo history is not saved (C7)
    assert_eq!(
        start(tmp.path()).ok("app_state", json!({}))["game"],
        expected
    );
}
