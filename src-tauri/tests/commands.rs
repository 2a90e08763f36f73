//! The command layer through Tauri's mock runtime: the page's IPC requests
//! go through the real invoke handler, the real capability file and the real
//! persistence, with the documents in a temporary directory.

mod support;

use checkers_app_lib::checkers::session::CheckersSession;
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{files, start, Running};
use tauri::Manager;

impl Running {
    fn ok(&self, cmd: &str, args: Value) -> Value {
        self.invoke(cmd, args)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }

    /// The refusal as text: a shell refusal `{ code, message }` as
    /// "code: message", an argument refusal as Tauri's sentence.
    fn err(&self, cmd: &str, args: Value) -> String {
        match self.invoke(cmd, args) {
            Ok(v) => panic!("{cmd} should have failed, returned {v}"),
            Err(Value::String(s)) => s,
            Err(e) if e["code"].is_string() => format!(
                "{}: {}",
                e["code"].as_str().unwrap(),
                e["message"].as_str().unwrap()
            ),
            Err(other) => other.to_string(),
        }
    }

    /// The code of a shell refusal.
    fn code(&self, cmd: &str, args: Value) -> String {
        match self.invoke(cmd, args) {
            Err(e) => e["code"].as_str().unwrap_or_default().to_string(),
            Ok(v) => panic!("{cmd} should have failed, returned {v}"),
        }
    }

    fn shell(&self) -> tauri::State<'_, CheckersSession> {
        self.app.state::<CheckersSession>()
    }

    /// The whole game as a review: every position and move.
    fn game(&self) -> Value {
        self.ok("plugin:checkers|review", json!({}))
    }

    /// What the player may do now.
    fn legal(&self) -> Value {
        self.ok("plugin:checkers|legal_moves", json!({}))
    }
}

/// The legal moves that offer nothing: the CPU is to move or the game is
/// over.
fn nothing_offered() -> Value {
    json!({ "movable": [], "captureForced": false, "mustContinue": null })
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

/// Records holding one win, made by playing it in `dir`; returns them as
/// the page sees them.
fn one_win(dir: &Path) -> Value {
    write_saved_game(dir, 1, "W:W22:B18", &[]);
    let app = start(dir);
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 15 }));
    app.ok("plugin:checkers|records", json!({}))
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

/// Fails the whole test binary if `what` takes longer than `secs`: a start
/// that blocks on what is on disk would otherwise hang the test forever.
struct Watchdog(Arc<AtomicBool>);

fn watchdog(secs: u64, what: &'static str) -> Watchdog {
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    std::thread::spawn(move || {
        let until = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < until {
            if flag.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        eprintln!("{what} took more than {secs} s");
        std::process::exit(1);
    });
    Watchdog(done)
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Start on `dir` (bounded in time) and read the startup state.
fn start_checked(dir: &Path) -> (Running, Value) {
    let guard = watchdog(20, "starting on a hostile data directory");
    let app = start(dir);
    let state = app.checkers_state();
    drop(guard);
    (app, state)
}

fn set_aside_files(dir: &Path, stem: &str) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| e.unwrap().path())
                .filter(|p| {
                    let name = p.file_name().unwrap().to_string_lossy().into_owned();
                    name.starts_with(stem) && name.contains(".corrupt-")
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A document copy written the way the app writes it.
fn write_doc(dir: &Path, file: &str, seq: u64, data: Value) {
    fs::create_dir_all(dir).unwrap();
    let doc = json!({ "format": 1, "seq": seq, "data": data });
    fs::write(dir.join(file), doc.to_string()).unwrap();
}

fn empty_level() -> Value {
    json!({ "wins": 0, "losses": 0, "draws": 0, "playerPiecesLeft": 0, "cpuPiecesLeft": 0, "playTimeMs": 0 })
}

/// Play to the end of a game against Easy from where `view` stands, the
/// player always taking the last offered piece and hop.
fn play_out(app: &Running, mut view: Value) -> Value {
    let mut turns = 0;
    while view["status"] != json!("over") {
        turns += 1;
        assert!(turns < 2000, "the game never ended");
        view = if view["status"] == json!("cpuThinking") {
            app.ok("plugin:checkers|cpu_reply", json!({}))["view"].clone()
        } else {
            let m = app.legal()["movable"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .clone();
            let to = m["to"].as_array().unwrap().last().unwrap().clone();
            app.ok(
                "plugin:checkers|play",
                json!({ "from": m["from"], "to": to }),
            )
        };
    }
    view
}

#[test]
fn first_launch_has_no_game_default_settings_and_empty_records() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let state = app.checkers_state();
    assert_eq!(state["game"], Value::Null);
    assert_eq!(state["notices"], json!([]));
    assert_eq!(
        state["settings"],
        json!({ "language": null, "sound": true, "squareNumbers": false })
    );
    assert_eq!(games_recorded(&state["records"]), 0);
    assert_eq!(state["records"]["hard"]["playTimeMs"], json!(0));
    assert_eq!(state["records"]["history"], json!([]));
    assert_eq!(
        app.code("plugin:checkers|play", json!({ "from": 22, "to": 18 })),
        "noGame"
    );
    assert_eq!(app.code("plugin:checkers|review", json!({})), "noGame");
    assert_eq!(
        app.code("plugin:checkers|history_game", json!({ "id": 1 })),
        "noSuchGame"
    );
}

#[test]
fn a_new_game_with_the_player_first_offers_the_front_row() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let view = app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
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
        app.legal(),
        json!({
            "movable": [
                { "from": 21, "to": [17] },
                { "from": 22, "to": [17, 18] },
                { "from": 23, "to": [18, 19] },
                { "from": 24, "to": [19, 20] }
            ],
            "captureForced": false,
            "mustContinue": null
        })
    );
    // The View draws; what may be lifted is the legal moves' alone.
    assert!(view.get("movable").is_none() && view.get("lifted").is_none());
    assert_eq!(view["lastMove"], Value::Null);
    assert_eq!(view["canUndo"], json!(false));
    assert_eq!(view["result"], Value::Null);
    assert_eq!(view["moves"], json!([]));
    assert_eq!(view["drawIn"], Value::Null);
    assert!(view.get("notices").is_none(), "no notice to give");
    // It is saved at once: "Continue" finds it after a restart.
    drop(app);
    let again = start(tmp.path());
    assert_eq!(again.checkers_state()["game"], view);
}

#[test]
fn a_hop_then_the_cpu_reply_then_undo() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let start_view = app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "normal", "first": "player" }),
    );
    let after = app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    assert_eq!(after["status"], json!("cpuThinking"));
    assert_eq!(app.legal(), nothing_offered(), "the CPU is to move");
    assert_eq!(after["board"][21], Value::Null);
    assert_eq!(
        after["board"][17],
        json!({ "side": "player", "king": false })
    );
    assert_eq!(
        after["lastMove"],
        json!({ "side": "player", "path": [22, 18], "captured": [] })
    );
    assert_eq!(
        after["moves"],
        json!([{ "number": 1, "side": "player", "text": "22-18", "path": [22, 18], "captured": [] }])
    );
    // Not the player's turn now.
    assert_eq!(
        app.err("plugin:checkers|play", json!({ "from": 23, "to": 19 })),
        "notYourTurn: it is the CPU's turn"
    );

    let reply = app.ok("plugin:checkers|cpu_reply", json!({}));
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
    assert_eq!(view["moves"].as_array().unwrap().len(), 2);
    assert_eq!(view["moves"][1]["side"], json!("cpu"));
    // The CPU does not move twice.
    assert_eq!(
        app.code("plugin:checkers|cpu_reply", json!({})),
        "notCpuTurn"
    );

    // Undo withdraws the player's move and the CPU's reply together (U1),
    // and says which.
    let undone = app.ok("plugin:checkers|undo", json!({}));
    assert_eq!(undone["view"], start_view);
    let withdrawn = undone["withdrawn"].as_array().unwrap();
    assert_eq!(withdrawn.len(), 2);
    assert_eq!(withdrawn[0], json!("22-18"));
    assert_eq!(withdrawn[1], view["moves"][1]["text"]);
    assert_eq!(app.code("plugin:checkers|undo", json!({})), "nothingToUndo");
}

#[test]
fn the_cpu_moving_first_replies_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let view = app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "hard", "first": "cpu" }),
    );
    assert_eq!(view["status"], json!("cpuThinking"));
    assert_eq!(app.legal(), nothing_offered(), "the CPU is to move");
    let reply = app.ok("plugin:checkers|cpu_reply", json!({}));
    let hop = &reply["hops"][0];
    assert!((9..=12).contains(&hop["from"].as_u64().unwrap()));
    assert!((13..=16).contains(&hop["to"].as_u64().unwrap()));
    assert_eq!(hop["captured"], Value::Null);
    assert_eq!(reply["view"]["status"], json!("yourTurn"));
    // Undo has no decision of the player's to go back to.
    assert_eq!(app.code("plugin:checkers|undo", json!({})), "nothingToUndo");
}

#[test]
fn bad_arguments_are_rejected_and_change_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    app.ok("plugin:checkers|cpu_reply", json!({}));
    let before_game = app.game();
    let before_files = files(tmp.path());
    let before_state = app.checkers_state();

    let long = "9".repeat(10 << 20);
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "plugin:checkers|play",
            json!({ "from": 0, "to": 18 }),
            "square 0 is outside 1-32",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": 22, "to": 33 }),
            "square 33 is outside 1-32",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": -5, "to": 18 }),
            "outside 1-32",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": 21, "to": 21 }),
            "not a legal hop",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": 30, "to": 26 }),
            "not a legal hop",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": 1, "to": 5 }),
            "not a legal hop",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": "22", "to": 18 }),
            "not text",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": 22.5, "to": 18 }),
            "whole number",
        ),
        (
            "plugin:checkers|play",
            json!({ "from": 22.0, "to": 18 }),
            "whole number",
        ),
        ("plugin:checkers|play", json!({ "to": 18 }), "from"),
        ("plugin:checkers|play", json!([22, 18]), ""),
        (
            "plugin:checkers|play",
            json!({ "from": long, "to": 18 }),
            "not text",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": "expert", "first": "player" }),
            "unknown level 'expert': expected easy, normal or hard",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": "easy", "first": "both" }),
            "unknown first player 'both': expected player or cpu",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": " easy", "first": "player" }),
            "unknown level ' easy'",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": "Easy", "first": "player" }),
            "unknown level 'Easy'",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": "easy", "first": "Player" }),
            "unknown first player",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": 2, "first": "cpu" }),
            "level",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "first": "cpu" }),
            "level",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": long, "first": "cpu" }),
            "unknown level",
        ),
        (
            "plugin:checkers|new_game",
            json!({ "level": "easy", "first": long }),
            "unknown first player",
        ),
        (
            "plugin:checkers|history_game",
            json!({ "id": -1 }),
            "negative",
        ),
        (
            "plugin:checkers|history_game",
            json!({ "id": long }),
            "not text",
        ),
        (
            "plugin:checkers|history_game",
            json!({ "id": 1 }),
            "noSuchGame",
        ),
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
        (
            "set_settings",
            json!({ "settings": { "language": long, "sound": true, "squareNumbers": false } }),
            "settings",
        ),
        (
            "set_settings",
            json!({ "settings": { long.clone(): true, "language": null, "sound": true, "squareNumbers": false } }),
            "settings",
        ),
        ("set_settings", json!({ "settings": long }), "settings"),
    ];
    for (cmd, args, expected) in cases {
        let msg = app.err(cmd, args.clone());
        let shown: String = args.to_string().chars().take(80).collect();
        assert!(msg.contains(expected), "{cmd} {shown}: {msg}");
        // An error quotes at most a short prefix of what it was sent.
        assert!(msg.len() < 300, "{cmd} {shown}: {} bytes", msg.len());
        assert_eq!(app.game(), before_game, "{cmd} {shown} changed the game");
        assert_eq!(
            files(tmp.path()),
            before_files,
            "{cmd} {shown} wrote a file"
        );
    }
    let mut after_state = app.checkers_state();
    let mut before_state = before_state;
    after_state["notices"] = json!([]);
    before_state["notices"] = json!([]);
    assert_eq!(after_state, before_state);
}

#[test]
fn a_reply_searched_before_an_undo_a_new_game_or_leaving_is_discarded() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let shell = app.shell();
    let handle = app.app.handle();
    let search = |job: &checkers_app_lib::checkers::session::CpuJob| {
        checkers::search::best_move(&job.position, job.quiet, job.level)
    };
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));

    // The search starts, then the player undoes before it is applied.
    let job = shell.cpu_request().unwrap();
    let reply = search(&job);
    app.ok("plugin:checkers|undo", json!({}));
    let undone = app.game();
    let err = shell.cpu_apply(handle, &job, reply).unwrap_err();
    assert_eq!(err.code(), "stale");
    assert_eq!(app.game(), undone, "the stale reply changed the game");

    // Even when the player then makes the same move again: the reply
    // belongs to a withdrawn turn.
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    assert_eq!(shell.cpu_request().unwrap().position, job.position);
    let err = shell.cpu_apply(handle, &job, reply).unwrap_err();
    assert_eq!(err.code(), "stale");
    app.ok("plugin:checkers|undo", json!({}));

    // Same with a new game in between (which even has the CPU to move).
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    let job = shell.cpu_request().unwrap();
    let reply = search(&job);
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "cpu" }),
    );
    let fresh = app.game();
    assert_eq!(
        shell.cpu_apply(handle, &job, reply).unwrap_err().code(),
        "stale"
    );
    assert_eq!(app.game(), fresh);

    // And with the player leaving to the start screen: the game left
    // behind is the one Continue resumes.
    let job = shell.cpu_request().unwrap();
    let reply = search(&job);
    let left = app.ok("plugin:checkers|leave", json!({}));
    assert_eq!(left["saved"]["status"], json!("cpuThinking"));
    assert_eq!(
        shell.cpu_apply(handle, &job, reply).unwrap_err().code(),
        "stale"
    );
    assert_eq!(app.checkers_state()["game"], left["saved"]);

    // Two replies for the same request: only the first is applied.
    let job = shell.cpu_request().unwrap();
    let reply = search(&job);
    let first = shell.cpu_apply(handle, &job, reply).unwrap();
    assert_eq!(
        shell.cpu_apply(handle, &job, reply).unwrap_err().code(),
        "stale"
    );
    assert_eq!(
        serde_json::to_value(&first.value.view).unwrap()["board"],
        app.game()["boards"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone()
    );
}

#[test]
fn continue_is_never_offered_for_a_finished_game() {
    // Against Easy from W:W22:B14 the player plays 22-18 and the CPU's
    // reply 14x23 ends the game. Leaving before the reply keeps the game
    // unfinished and resumable; leaving after it offers nothing.
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W22:B14", &[]);
    let app = start(tmp.path());
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    let job = app.shell().cpu_request().unwrap();
    let reply = checkers::search::best_move(&job.position, job.quiet, job.level);
    let left = app.ok("plugin:checkers|leave", json!({}));
    assert_eq!(left["saved"]["status"], json!("cpuThinking"));
    assert!(app
        .shell()
        .cpu_apply(app.app.handle(), &job, reply)
        .is_err());
    assert_eq!(
        games_recorded(&app.ok("plugin:checkers|records", json!({}))),
        0
    );
    // Continue: the CPU replies now, the game ends and is recorded once.
    let over = app.ok("plugin:checkers|cpu_reply", json!({}));
    assert_eq!(over["view"]["result"]["outcome"], json!("loss"));
    let left = app.ok("plugin:checkers|leave", json!({}));
    assert_eq!(left["saved"], Value::Null);
    assert_eq!(app.checkers_state()["game"], Value::Null);
    assert_eq!(
        games_recorded(&app.ok("plugin:checkers|records", json!({}))),
        1
    );
    drop(app);
    assert_eq!(start(tmp.path()).checkers_state()["game"], Value::Null);
}

/// The app started on a saved game at `fen` (White, the player, or Black,
/// the CPU, to move) with `chain` in progress, and its legal moves.
fn legal_at(dir: &Path, fen: &str, chain: &[u8]) -> (Running, Value) {
    write_saved_game(dir, 1, fen, chain);
    let app = start(dir);
    let legal = app.legal();
    (app, legal)
}

#[test]
fn legal_moves_offer_the_player_to_move_every_piece_that_can_move() {
    let tmp = tempfile::tempdir().unwrap();
    let (app, legal) = legal_at(tmp.path(), "W:W30,32:B3", &[]);
    assert_eq!(
        legal,
        json!({
            "movable": [{ "from": 30, "to": [25, 26] }, { "from": 32, "to": [27, 28] }],
            "captureForced": false,
            "mustContinue": null
        })
    );
    // Asking changes nothing and saves nothing.
    let before = files(tmp.path());
    assert_eq!(app.legal(), legal);
    assert_eq!(files(tmp.path()), before);
}

#[test]
fn legal_moves_under_a_forced_capture_offer_only_the_jumping_pieces() {
    let tmp = tempfile::tempdir().unwrap();
    let (app, legal) = legal_at(tmp.path(), "W:W22,23,30:B18,1", &[]);
    assert_eq!(
        legal,
        json!({
            "movable": [{ "from": 22, "to": [15] }, { "from": 23, "to": [14] }],
            "captureForced": true,
            "mustContinue": null
        })
    );
    assert_eq!(
        app.checkers_state()["game"]["status"],
        json!("captureAvailable")
    );
    // What is not offered is refused.
    assert_eq!(
        app.code("plugin:checkers|play", json!({ "from": 30, "to": 26 })),
        "illegalHop"
    );
}

#[test]
fn legal_moves_mid_chain_offer_the_jumping_piece_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let (app, legal) = legal_at(tmp.path(), "W:W22,30:B18,10,1", &[22, 15]);
    assert_eq!(
        legal,
        json!({
            "movable": [{ "from": 15, "to": [6] }],
            "captureForced": true,
            "mustContinue": 15
        })
    );
    assert_eq!(
        app.code("plugin:checkers|play", json!({ "from": 30, "to": 26 })),
        "mustContinueChain"
    );
    // Undo withdraws the chain: the choice is whole again.
    app.ok("plugin:checkers|undo", json!({}));
    assert_eq!(
        app.legal(),
        json!({ "movable": [{ "from": 22, "to": [15] }], "captureForced": true, "mustContinue": null })
    );
}

#[test]
fn legal_moves_offer_nothing_while_the_cpu_is_to_move_or_once_the_game_is_over() {
    // The CPU to move, with a capture of its own: nothing is offered.
    let tmp = tempfile::tempdir().unwrap();
    let (app, legal) = legal_at(tmp.path(), "B:W22,30:B18", &[]);
    assert_eq!(legal, nothing_offered());
    assert_eq!(app.checkers_state()["game"]["status"], json!("cpuThinking"));
    // After the CPU's move the player has one again.
    app.ok("plugin:checkers|cpu_reply", json!({}));
    assert_ne!(app.legal(), nothing_offered());
    // The game over: nothing.
    let tmp = tempfile::tempdir().unwrap();
    let (app, _) = legal_at(tmp.path(), "W:W22:B18", &[]);
    let view = app.ok("plugin:checkers|play", json!({ "from": 22, "to": 15 }));
    assert_eq!(view["status"], json!("over"));
    assert_eq!(app.legal(), nothing_offered());
    // No game: refused, like every question about a game.
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    assert_eq!(
        app.err("plugin:checkers|legal_moves", json!({})),
        "noGame: no game in progress"
    );
}

#[test]
fn the_player_resumes_mid_chain_with_the_piece_lifted() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W27:B23,15,1", &[]);
    let app = start(tmp.path());
    let state = app.checkers_state();
    assert_eq!(
        app.legal(),
        json!({ "movable": [{ "from": 27, "to": [18] }], "captureForced": true, "mustContinue": null })
    );
    assert_eq!(state["game"]["status"], json!("captureAvailable"));
    let mid = app.ok("plugin:checkers|play", json!({ "from": 27, "to": 18 }));
    assert_eq!(mid["status"], json!("jumpAgain"));
    let chain = json!({ "movable": [{ "from": 18, "to": [11] }], "captureForced": true, "mustContinue": 18 });
    assert_eq!(app.legal(), chain);
    assert_eq!(mid["board"][22], Value::Null, "the jumped piece is gone");
    assert_eq!(mid["canUndo"], json!(true));
    // Only the jumping piece may go on.
    assert_eq!(
        app.code("plugin:checkers|play", json!({ "from": 27, "to": 18 })),
        "mustContinueChain"
    );
    // The hop itself was saved: the app stops here without leaving.
    drop(app);

    let app = start(tmp.path());
    let resumed = app.checkers_state()["game"].clone();
    assert_eq!(app.legal(), chain, "the piece comes back lifted");
    assert_eq!(resumed["status"], json!("jumpAgain"));
    assert_eq!(resumed["board"], mid["board"]);
    let so_far = json!({ "side": "player", "path": [27, 18], "captured": [23] });
    assert_eq!(mid["chain"], so_far, "the chain so far, for its marks");
    assert_eq!(resumed["chain"], so_far, "and again on resuming");
    let done = app.ok("plugin:checkers|play", json!({ "from": 18, "to": 11 }));
    assert_eq!(done["status"], json!("cpuThinking"));
    assert_eq!(
        done["lastMove"],
        json!({ "side": "player", "path": [27, 18, 11], "captured": [23, 15] })
    );
    assert_eq!(done["chain"], Value::Null);
}

#[test]
fn an_ended_game_is_recorded_once_and_kept_in_the_history() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W22:B18", &[]);
    let app = start(tmp.path());
    let view = app.ok("plugin:checkers|play", json!({ "from": 22, "to": 15 }));
    assert_eq!(view["status"], json!("over"));
    assert_eq!(
        view["result"],
        json!({ "outcome": "win", "playerPieces": 1, "cpuPieces": 0 })
    );
    assert_eq!(view["canUndo"], json!(false));
    let records = app.ok("plugin:checkers|records", json!({}));
    assert_eq!(records["normal"]["wins"], json!(1));
    assert_eq!(records["normal"]["playerPiecesLeft"], json!(1));
    assert_eq!(records["normal"]["cpuPiecesLeft"], json!(0));
    assert!(records["normal"]["playTimeMs"].as_u64().unwrap() >= 5000);
    assert_eq!(games_recorded(&records), 1);
    let history = records["history"].as_array().unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0]["id"], json!(1));
    assert_eq!(history[0]["turns"], json!(1));
    assert_eq!(history[0]["level"], json!("normal"));
    assert_eq!(history[0]["first"], json!("player"));
    assert_eq!(history[0]["result"], view["result"]);

    // The finished game stays on the board for review.
    let review = app.ok("plugin:checkers|review", json!({}));
    assert_eq!(review["moves"][0]["text"], json!("22x15"));
    assert_eq!(review["boards"].as_array().unwrap().len(), 2);
    assert_eq!(review["boards"][1], view["board"]);
    assert!(review["pdn"].as_str().unwrap().contains("22x15"));

    // Nothing more can happen to it, and nothing is counted again.
    assert_eq!(
        app.code("plugin:checkers|play", json!({ "from": 15, "to": 11 })),
        "gameOver"
    );
    assert_eq!(app.code("plugin:checkers|undo", json!({})), "gameOver");
    assert_eq!(app.code("plugin:checkers|cpu_reply", json!({})), "gameOver");
    assert_eq!(
        app.ok("plugin:checkers|leave", json!({}))["saved"],
        Value::Null
    );
    assert_eq!(app.ok("plugin:checkers|records", json!({})), records);
    drop(app);

    // After a restart: no game to continue, the records kept, not doubled,
    // and the kept game opens in review with the same PDN.
    let app = start(tmp.path());
    let state = app.checkers_state();
    assert_eq!(state["game"], Value::Null);
    assert_eq!(state["records"], records);
    assert_eq!(state["notices"], json!([]));
    let kept = app.ok("plugin:checkers|history_game", json!({ "id": 1 }));
    assert_eq!(kept["moves"], review["moves"]);
    assert_eq!(kept["pdn"], review["pdn"]);
}

#[test]
fn a_loss_to_the_cpu_is_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 4, "B:W22:B18", &[]);
    let app = start(tmp.path());
    let reply = app.ok("plugin:checkers|cpu_reply", json!({}));
    assert_eq!(
        reply["hops"],
        json!([{ "from": 18, "to": 25, "captured": 22 }])
    );
    assert_eq!(
        reply["view"]["result"],
        json!({ "outcome": "loss", "playerPieces": 0, "cpuPieces": 1 })
    );
    let records = app.ok("plugin:checkers|records", json!({}));
    assert_eq!(records["normal"]["losses"], json!(1));
    assert_eq!(games_recorded(&records), 1);
    assert_eq!(records["history"][0]["id"], json!(4));
}

#[test]
fn a_whole_game_through_the_commands_is_recorded_once_and_its_pdn_reads_back() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let mut view = app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "cpu" }),
    );
    let mut turns = 0;
    while view["status"] != json!("over") {
        turns += 1;
        assert!(turns < 2000, "the game never ended");
        view = if view["status"] == json!("cpuThinking") {
            app.ok("plugin:checkers|cpu_reply", json!({}))["view"].clone()
        } else {
            // The player takes the last offered piece and its last hop.
            let m = app.legal()["movable"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .clone();
            let to = m["to"].as_array().unwrap().last().unwrap().clone();
            app.ok(
                "plugin:checkers|play",
                json!({ "from": m["from"], "to": to }),
            )
        };
        // The legal moves agree with the turn line at every step.
        let legal = app.legal();
        let status = view["status"].as_str().unwrap();
        assert_eq!(
            legal["movable"] == json!([]),
            matches!(status, "cpuThinking" | "over"),
            "{status}: {legal}"
        );
        assert_eq!(
            legal["captureForced"] == json!(true),
            matches!(status, "captureAvailable" | "jumpAgain"),
            "{status}: {legal}"
        );
        assert_eq!(
            !legal["mustContinue"].is_null(),
            status == "jumpAgain",
            "{status}: {legal}"
        );
        let over = view["status"] == json!("over");
        let counted = games_recorded(&app.ok("plugin:checkers|records", json!({})));
        assert_eq!(
            counted,
            u64::from(over),
            "recorded before the end, or not at it"
        );
    }
    let records = app.ok("plugin:checkers|records", json!({}));
    assert_eq!(games_recorded(&records), 1);
    let easy = &records["easy"];
    let games = ["wins", "losses", "draws"].map(|k| easy[k].as_u64().unwrap());
    assert_eq!(games.iter().sum::<u64>(), 1);
    // The review has every position; its PDN reads back to the same end.
    let review = app.ok("plugin:checkers|review", json!({}));
    let n = view["moves"].as_array().unwrap().len();
    assert_eq!(review["moves"].as_array().unwrap().len(), n);
    assert_eq!(review["boards"].as_array().unwrap().len(), n + 1);
    assert_eq!(review["boards"][n], view["board"]);
    let pdn = checkers::pdn::parse_pdn(review["pdn"].as_str().unwrap()).unwrap();
    assert_eq!(pdn.moves.len(), n);
    let end = checkers::view::board(&pdn.final_position());
    assert_eq!(serde_json::to_value(end).unwrap(), view["board"]);
    // A new game afterwards starts clean and leaves the record alone.
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    assert_eq!(app.ok("plugin:checkers|records", json!({})), records);
}

#[test]
fn an_abandoned_game_is_not_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "hard", "first": "player" }),
    );
    app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    app.ok("plugin:checkers|cpu_reply", json!({}));
    let fresh = app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "normal", "first": "player" }),
    );
    assert_eq!(
        games_recorded(&app.ok("plugin:checkers|records", json!({}))),
        0
    );
    drop(app);
    let app = start(tmp.path());
    let state = app.checkers_state();
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
    let records = one_win(dir);
    for slot in ["game.1.json", "game.2.json"] {
        if dir.join(slot).exists() {
            fs::write(dir.join(slot), b"\x00\x01garbage{").unwrap();
        }
    }

    let app = start(dir);
    let state = app.checkers_state();
    assert_eq!(state["notices"], json!(["savedGameUnreadable"]));
    assert_eq!(state["game"], Value::Null);
    assert_eq!(state["records"], records);
    // Told once.
    assert_eq!(app.checkers_state()["notices"], json!([]));
    let aside = set_aside_files(dir, "game.");
    assert!(!aside.is_empty());
    for p in &aside {
        assert_eq!(fs::read(p).unwrap(), b"\x00\x01garbage{");
    }
    // Playing on writes fresh copies and never touches the set-aside files.
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    app.ok("plugin:checkers|play", json!({ "from": 23, "to": 19 }));
    for p in &aside {
        assert_eq!(fs::read(p).unwrap(), b"\x00\x01garbage{");
    }
    drop(app);
    let state = start(dir).checkers_state();
    assert_eq!(state["notices"], json!([]));
    assert_eq!(
        state["game"]["lastMove"],
        json!({ "side": "player", "path": [23, 19], "captured": [] })
    );
}

#[test]
fn unreadable_records_and_settings_each_give_their_notice() {
    for (doc, notice) in [
        ("records", "recordsUnreadable"),
        ("settings", "settingsUnreadable"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        // Bytes no write of the app leaves, even cut short.
        fs::write(tmp.path().join(format!("{doc}.2.json")), b"{\"format\":1,]").unwrap();
        let app = start(tmp.path());
        let state = app.checkers_state();
        assert_eq!(state["notices"], json!([notice]));
        assert_eq!(games_recorded(&state["records"]), 0);
        assert_eq!(state["settings"]["sound"], json!(true));
    }
}

#[test]
fn every_document_lost_gets_its_own_notice_in_both_games() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // Bytes no write of the app leaves, in the place of four documents.
    for file in [
        "records.1.json",
        "game.1.json",
        "choko-ladder.1.json",
        "choko-game.1.json",
    ] {
        write_doc(
            dir,
            "settings.1.json",
            1,
            json!({ "language": "en", "sound": false, "squareNumbers": false }),
        );
        fs::write(dir.join(file), b"{\"format\":1,]").unwrap();
    }
    let (app, state) = start_checked(dir);
    assert_eq!(
        state["notices"],
        json!(["recordsUnreadable", "savedGameUnreadable"])
    );
    let choko = app.ok("plugin:choko|state", json!({}));
    assert_eq!(
        choko["notices"],
        json!(["chokoLadderUnreadable", "chokoGameUnreadable"])
    );
    // Each told once.
    assert_eq!(app.checkers_state()["notices"], json!([]));
    assert_eq!(
        app.ok("plugin:choko|state", json!({}))["notices"],
        json!([])
    );
}

#[test]
fn empty_copies_from_an_interrupted_first_write_are_not_a_loss() {
    // Killed right after each document's file was first opened: nothing
    // was lost, so nothing is set aside and nothing is said.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let records = one_win(dir);
    fs::remove_file(dir.join("game.1.json")).ok();
    for name in ["game.1.json", "records.2.json", "settings.2.json"] {
        fs::write(dir.join(name), b"").unwrap();
    }
    let (app, state) = start_checked(dir);
    assert_eq!(state["notices"], json!([]));
    assert_eq!(state["records"], records, "the game is still counted");
    for stem in ["game.", "records.", "settings."] {
        assert!(set_aside_files(dir, stem).is_empty(), "{stem} set aside");
    }
    // Saving goes on as usual.
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    drop(app);
    assert_eq!(start(dir).checkers_state()["game"]["level"], json!("easy"));
}

#[test]
fn a_future_version_saved_game_is_set_aside() {
    let tmp = tempfile::tempdir().unwrap();
    write_saved_game(tmp.path(), 1, "W:W22:B18", &[]);
    let path = tmp.path().join("game.1.json");
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("\"version\":1", "\"version\":3");
    fs::write(&path, &text).unwrap();
    let app = start(tmp.path());
    let state = app.checkers_state();
    assert_eq!(state["notices"], json!(["savedGameUnreadable"]));
    assert!(!path.exists());
}

#[test]
fn a_crash_in_the_middle_of_saving_a_hop_loses_only_that_hop() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let app = start(dir);
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    let before = app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    let newest_before = files(dir);
    let reply = app.ok("plugin:checkers|cpu_reply", json!({}));
    drop(app);
    // The reply's save was the last write: tear that file in half.
    let changed = files(dir)
        .into_iter()
        .find(|f| !newest_before.contains(f))
        .unwrap();
    fs::write(dir.join(&changed.0), &changed.1[..changed.1.len() / 2]).unwrap();

    let app = start(dir);
    let state = app.checkers_state();
    assert_eq!(state["notices"], json!([]), "an intact copy remained");
    let mut expected = before;
    expected["canUndo"] = json!(false); // undo history is not saved (C7)
    assert_eq!(state["game"], expected);
    // The CPU simply replies again, and the same way (U2).
    let again = app.ok("plugin:checkers|cpu_reply", json!({}));
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
    assert_eq!(start(tmp.path()).checkers_state()["settings"], s);
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
        ("legalMoves", json!({})),
    ] {
        let err = app.err(cmd, args);
        assert!(
            err.contains("not allowed") || err.contains("not found"),
            "{cmd}: {err}"
        );
    }
}

#[test]
fn leaving_keeps_the_game_for_continue() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    let view = app.ok("plugin:checkers|play", json!({ "from": 24, "to": 20 }));
    let left = app.ok("plugin:checkers|leave", json!({}));
    assert_eq!(left["saved"], view);
    assert_eq!(app.checkers_state()["game"], view);
    drop(app);
    let mut expected = view;
    expected["canUndo"] = json!(false); // undo history is not saved (C7)
    let resumed = start(tmp.path()).checkers_state()["game"].clone();
    assert_eq!(resumed, expected);
    assert_eq!(
        resumed["moves"][0]["text"],
        json!("24-20"),
        "the move list is kept"
    );
}

/// Starts on each hostile thing in each document's place: the app comes
/// up, says calmly what it set aside, keeps the other documents, and goes
/// on saving.
#[test]
fn nothing_on_disk_stops_the_start() {
    let mut cases = support::hostile_files();
    let more: Vec<(&str, support::Make)> = vec![("a counter at its limit", |dir, file| {
        let data = match file {
            "game.1.json" => json!({ "gameId": 1, "game": {
                    "version": 1, "level": "easy", "first": "player", "fen": "W:W22:B18",
                    "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 0 } }),
            "records.1.json" => json!({ "lastGameId": 0, "records": {
                    "version": 1, "easy": empty_level(), "normal": empty_level(), "hard": empty_level() } }),
            _ => json!({ "language": "en", "sound": false, "squareNumbers": false }),
        };
        write_doc(dir, file, u64::MAX, data);
    })];
    cases.extend(more);
    for (what, make) in cases {
        for (file, notice) in [
            ("game.1.json", "savedGameUnreadable"),
            ("records.1.json", "recordsUnreadable"),
            ("settings.1.json", "settingsUnreadable"),
        ] {
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path();
            // The other two documents hold something worth keeping.
            if file != "records.1.json" {
                write_doc(
                    dir,
                    "records.1.json",
                    3,
                    json!({ "lastGameId": 2, "records": {
                    "version": 1, "easy": { "wins": 2, "losses": 0, "draws": 0, "playerPiecesLeft": 9,
                    "cpuPiecesLeft": 0, "playTimeMs": 1000 }, "normal": empty_level(), "hard": empty_level() } }),
                );
            }
            if file != "settings.1.json" {
                write_doc(
                    dir,
                    "settings.1.json",
                    5,
                    json!({ "language": "en", "sound": false, "squareNumbers": true }),
                );
            }
            make(dir, file);
            let (app, state) = start_checked(dir);
            let case = format!("{what} as {file}");
            assert_eq!(state["notices"], json!([notice]), "{case}");
            assert_eq!(state["game"], Value::Null, "{case}");
            if file != "records.1.json" {
                assert_eq!(state["records"]["easy"]["wins"], json!(2), "{case}");
            }
            if file != "settings.1.json" {
                assert_eq!(state["settings"]["squareNumbers"], json!(true), "{case}");
            }
            assert_eq!(set_aside_files(dir, file).len(), 1, "{case}: moved aside");
            // Saving goes on: a game to its end, new settings, a restart.
            let view = app.ok(
                "plugin:checkers|new_game",
                json!({ "level": "easy", "first": "player" }),
            );
            let end = play_out(&app, view);
            let s = json!({ "language": "es", "sound": true, "squareNumbers": false });
            let saved = app.ok("set_settings", json!({ "settings": s }));
            assert!(saved.get("notices").is_none(), "{case}: {saved}");
            let recorded = games_recorded(&app.ok("plugin:checkers|records", json!({})));
            drop(app);
            let (_, again) = start_checked(dir);
            assert_eq!(again["notices"], json!([]), "{case}");
            assert_eq!(again["settings"], s, "{case}");
            assert_eq!(games_recorded(&again["records"]), recorded, "{case}");
            assert_eq!(
                again["records"]["history"][0]["result"], end["result"],
                "{case}"
            );
        }
    }
}

#[test]
fn a_saved_game_whose_position_text_once_panicked_is_set_aside() {
    for fen in [
        "[aaé]",
        "[FE€]",
        "[𝄞]",
        "[FEN \"W:W22:B1\u{0}\"]",
        "\u{200b}",
    ] {
        let tmp = tempfile::tempdir().unwrap();
        write_saved_game(tmp.path(), 1, fen, &[]);
        let (app, state) = start_checked(tmp.path());
        assert_eq!(state["notices"], json!(["savedGameUnreadable"]), "{fen}");
        assert_eq!(state["game"], Value::Null);
        app.ok(
            "plugin:checkers|new_game",
            json!({ "level": "easy", "first": "player" }),
        );
        app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
        drop(app);
        let (_, again) = start_checked(tmp.path());
        assert_eq!(again["game"]["moves"][0]["text"], json!("22-18"));
    }
}

#[test]
fn game_numbers_at_their_limit_are_refused_and_new_games_are_saved() {
    // A saved game and records whose numbers could not grow: set aside,
    // and the next new game is numbered and saved as usual.
    for (file, doc) in [
        (
            "game.1.json",
            json!({ "gameId": u64::MAX, "game": {
            "version": 1, "level": "easy", "first": "player", "fen": "W:W22:B18",
            "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 0 } }),
        ),
        (
            "records.1.json",
            json!({ "lastGameId": u64::MAX, "records": {
            "version": 1, "easy": empty_level(), "normal": empty_level(), "hard": empty_level() } }),
        ),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        write_doc(tmp.path(), file, 1, doc);
        let (app, state) = start_checked(tmp.path());
        assert!(
            state["notices"].as_array().is_some_and(|n| n.len() == 1),
            "{file}: {state}"
        );
        let view = app.ok(
            "plugin:checkers|new_game",
            json!({ "level": "easy", "first": "player" }),
        );
        play_out(&app, view);
        drop(app);
        let (_, again) = start_checked(tmp.path());
        assert_eq!(again["notices"], json!([]));
        assert_eq!(games_recorded(&again["records"]), 1, "{file}");
        assert_eq!(again["records"]["history"][0]["id"], json!(1), "{file}");
    }
}

#[test]
fn when_nothing_can_be_saved_the_player_is_told_once_and_play_goes_on() {
    // The data directory is a file: nothing is read, nothing is moved,
    // nothing claims to have been set aside.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    fs::write(&dir, b"a file where the data directory belongs").unwrap();
    let (app, state) = start_checked(&dir);
    assert_eq!(state["notices"], json!(["notSaving"]));
    let view = app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    assert!(view.get("notices").is_none(), "told once, at the start");
    let end = play_out(&app, view);
    assert_eq!(end["status"], json!("over"));
    assert_eq!(
        fs::read(&dir).unwrap(),
        b"a file where the data directory belongs"
    );
    drop(app);

    // Saving fails in the middle of a game: the next answer says so, once.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    let (app, _) = start_checked(&dir);
    app.ok(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    );
    fs::remove_dir_all(&dir).unwrap();
    fs::write(&dir, b"x").unwrap();
    let view = app.ok("plugin:checkers|play", json!({ "from": 22, "to": 18 }));
    assert_eq!(view["notices"], json!(["notSaving"]));
    assert_eq!(view["status"], json!("cpuThinking"), "play goes on");
    let reply = app.ok("plugin:checkers|cpu_reply", json!({}));
    assert!(reply.get("notices").is_none(), "told once");
    let s = json!({ "language": "es", "sound": true, "squareNumbers": false });
    let mut answer = app.ok("set_settings", json!({ "settings": s }));
    assert_eq!(
        answer["notices"],
        json!(["notSaving"]),
        "the settings are not kept either, and say so"
    );
    answer.as_object_mut().unwrap().remove("notices");
    assert_eq!(answer, s);
}

/// The soak mode's command exists only in a build with the feature `soak`
/// (`scripts/soak` builds one); the default build does not know it.
#[cfg(not(feature = "soak"))]
#[test]
fn a_default_build_knows_no_soak_command() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let err = app.err("soak_note", json!({ "note": "game 1" }));
    assert!(err.contains("not found"), "{err}");
}
