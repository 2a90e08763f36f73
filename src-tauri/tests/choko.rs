//! Choko's commands through Tauri's mock runtime: the page's requests go
//! through the real invoke handler and the real persistence, with the
//! documents in a temporary directory. The ladder, the saved game (a jump
//! waiting for its extra piece included), the stale-reply guard, the
//! refusals, and hostile files in the place of Choko's two documents.

mod support;

use checkers_app_lib::choko_session::ChokoShell;
use choko::Action;
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};
use support::{files, start, Running};
use tauri::Manager;

/// A jump b3xd3 that may take b4 or c5 as its extra piece.
const JUMP_START: &str = "2o2/1o3/1xo2/5/5 x 11/9 x 0 6";
/// The same jump takes the machine's last two pieces: a win.
const WIN_START: &str = "5/5/1xo2/5/5 x 11/1 x 0 30";
/// The player steps, the machine acts, and the 200th turn ends the game
/// with the machine a piece ahead: a loss.
const LOSS_START: &str = "4o/4o/5/5/x4 x 0/0 o 0 198";

fn ok(app: &Running, cmd: &str, args: Value) -> Value {
    app.invoke(cmd, args)
        .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
}

/// The code of a shell refusal.
fn code(app: &Running, cmd: &str, args: Value) -> String {
    match app.invoke(cmd, args) {
        Err(e) => e["code"].as_str().unwrap_or_default().to_string(),
        Ok(v) => panic!("{cmd} should have failed, returned {v}"),
    }
}

fn play(app: &Running, input: Value) -> Value {
    ok(app, "choko_play", json!({ "input": input }))
}

fn state(app: &Running) -> Value {
    ok(app, "choko_state", json!({}))
}

fn legal(app: &Running) -> Value {
    ok(app, "choko_legal_moves", json!({}))
}

/// A document copy written the way the app writes it.
fn write_doc(dir: &Path, file: &str, seq: u64, data: Value) {
    fs::create_dir_all(dir).unwrap();
    let doc = json!({ "format": 1, "seq": seq, "data": data });
    fs::write(dir.join(file), doc.to_string()).unwrap();
}

fn game_doc(id: u64, start: &str, actions: &[&str], waiting: Option<&str>) -> Value {
    json!({ "gameId": id, "game": {
        "version": 1, "level": 3, "first": "player", "start": start,
        "actions": actions, "waiting": waiting, "recorded": false } })
}

fn ladder_doc(last: u64, bonuses: &[u32], best: &[u32]) -> Value {
    json!({ "lastGameId": last, "streak": { "version": 1, "bonuses": bonuses, "best": best } })
}

fn saved_game(dir: &Path, start: &str, actions: &[&str], waiting: Option<&str>) {
    write_doc(
        dir,
        "choko-game.1.json",
        1,
        game_doc(1, start, actions, waiting),
    );
}

fn set_aside(dir: &Path, stem: &str) -> Vec<PathBuf> {
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

#[test]
fn first_launch_offers_level_one_with_the_machine_placing_first() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let s = state(&app);
    assert_eq!(
        s,
        json!({ "game": null, "resumable": false, "notice": null, "ladder": {
            "level": 1, "wins": 0, "value": 0, "lastBonus": null, "bestWins": 0,
            "bestValue": 0, "nextFirst": "machine", "top": 8 } })
    );
    assert_eq!(code(&app, "choko_legal_moves", json!({})), "noGame");
    assert_eq!(code(&app, "choko_cpu_reply", json!({})), "noGame");
    assert_eq!(
        code(&app, "choko_play", json!({ "input": { "place": "c3" } })),
        "noGame"
    );
    assert!(files(tmp.path()).is_empty(), "nothing written by looking");
}

#[test]
fn the_machine_places_first_then_the_player_must_place_and_it_is_saved() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let answer = ok(&app, "choko_new_game", json!({}));
    let view = &answer["view"];
    assert_eq!(view["level"], json!(1));
    assert_eq!(view["first"], json!("machine"));
    assert_eq!(view["status"], json!("machineThinking"));
    assert_eq!(
        legal(&app),
        json!({ "place": [], "mustPlace": false, "pieces": [], "extra": null })
    );
    assert_eq!(
        code(&app, "choko_play", json!({ "input": { "place": "c3" } })),
        "notYourTurn"
    );
    assert_eq!(code(&app, "choko_new_game", json!({})), "gameInProgress");

    let reply = ok(&app, "choko_cpu_reply", json!({}));
    assert_eq!(reply["action"]["who"], json!("machine"));
    assert_eq!(reply["action"]["kind"], json!("place"));
    let at = reply["action"]["to"].as_str().unwrap().to_string();
    let view = &reply["view"];
    assert_eq!(view["status"], json!("mustPlace"));
    assert_eq!(view["initiative"], json!("machine"));
    assert_eq!(view["hands"], json!({ "player": 12, "machine": 11 }));
    let l = legal(&app);
    assert_eq!(l["mustPlace"], json!(true));
    assert_eq!(l["place"].as_array().unwrap().len(), 24);
    assert!(!l["place"].as_array().unwrap().contains(&json!(at)));
    assert_eq!(code(&app, "choko_cpu_reply", json!({})), "notMachineTurn");
    assert_eq!(
        code(&app, "choko_play", json!({ "input": { "place": at } })),
        "illegalPlace"
    );

    let target = if at == "c3" { "c4" } else { "c3" };
    let answer = play(&app, json!({ "place": target }));
    assert_eq!(answer["view"]["status"], json!("machineThinking"));
    assert_eq!(
        answer["view"]["actions"],
        json!([format!("@{at}"), format!("@{target}")])
    );
    drop(app);

    // The same game after a restart, where the machine goes on.
    let again = start(tmp.path());
    let s = state(&again);
    assert_eq!(s["resumable"], json!(true));
    assert_eq!(s["game"], answer["view"]);
    let reply = ok(&again, "choko_cpu_reply", json!({}));
    assert_eq!(reply["view"]["actions"].as_array().unwrap().len(), 3);
}

#[test]
fn a_players_jump_waits_for_its_extra_piece_even_across_a_restart() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), JUMP_START, &[], None);
    let app = start(tmp.path());
    let l = legal(&app);
    assert_eq!(
        l["pieces"],
        json!([{ "from": "b3", "steps": ["b2", "a3"], "jumps": ["d3", "b5"] }])
    );
    let answer = play(&app, json!({ "from": "b3", "to": "d3" }));
    let view = &answer["view"];
    assert_eq!(view["status"], json!("chooseExtra"));
    assert_eq!(
        view["waiting"],
        json!({ "from": "b3", "over": "c3", "to": "d3" })
    );
    assert_eq!(
        legal(&app),
        json!({ "place": [], "mustPlace": false, "pieces": [],
                "extra": { "from": "b3", "over": "c3", "to": "d3", "choices": ["b4", "c5"] } })
    );
    let on_disk = files(tmp.path());
    assert_eq!(
        code(&app, "choko_play", json!({ "input": { "place": "a1" } })),
        "chooseExtra"
    );
    assert_eq!(
        code(&app, "choko_play", json!({ "input": { "extra": "a1" } })),
        "illegalExtra"
    );
    assert_eq!(code(&app, "choko_cpu_reply", json!({})), "notMachineTurn");
    assert_eq!(files(tmp.path()), on_disk, "refusals write nothing");
    drop(app);

    let app = start(tmp.path());
    let s = state(&app);
    assert_eq!(s["game"]["status"], json!("chooseExtra"));
    assert_eq!(s["game"]["waiting"], view["waiting"]);
    assert_eq!(legal(&app)["extra"]["choices"], json!(["b4", "c5"]));
    let answer = play(&app, json!({ "extra": "c5" }));
    assert_eq!(answer["view"]["status"], json!("machineThinking"));
    assert_eq!(answer["view"]["actions"], json!(["b3xd3 c5"]));
    let last = &answer["view"]["last"];
    assert_eq!(
        (last["extra"].clone(), last["extraFromHand"].clone()),
        (json!("c5"), json!(false))
    );
    let reply = ok(&app, "choko_cpu_reply", json!({}));
    assert_eq!(reply["view"]["actions"].as_array().unwrap().len(), 2);
}

#[test]
fn the_extra_piece_comes_from_the_hand_when_none_is_left_on_the_board() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), "5/5/1xo2/5/5 x 11/11 x 0 2", &[], None);
    let app = start(tmp.path());
    let answer = play(&app, json!({ "from": "b3", "to": "d3" }));
    let view = &answer["view"];
    assert_eq!(view["status"], json!("machineThinking"));
    assert_eq!(view["last"]["extraFromHand"], json!(true));
    assert_eq!(view["last"]["text"], json!("b3xd3 @"));
    assert_eq!(view["hands"]["machine"], json!(10));
}

#[test]
fn undo_is_always_refused_with_its_own_code() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let e = app.invoke("choko_undo", json!({})).unwrap_err();
    assert_eq!(
        e,
        json!({ "code": "noUndo", "message": "Choko has no undo: a streak is a score" })
    );
    saved_game(tmp.path(), JUMP_START, &[], None);
    drop(app);
    let app = start(tmp.path());
    play(&app, json!({ "from": "b3", "to": "b2" }));
    let before = state(&app);
    assert_eq!(code(&app, "choko_undo", json!({})), "noUndo");
    assert_eq!(state(&app), before);
}

#[test]
fn bad_arguments_are_refused_and_change_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), JUMP_START, &[], None);
    let app = start(tmp.path());
    let before = (state(&app), files(tmp.path()));
    let long = "x".repeat(1 << 20);
    for args in [
        json!({}),
        json!({ "input": "c3" }),
        json!({ "input": null }),
        json!({ "input": {} }),
        json!({ "input": { "place": "z9" } }),
        json!({ "input": { "place": 12 } }),
        json!({ "input": { "place": "c3", "extra": "b4" } }),
        json!({ "input": { "from": "b3" } }),
        json!({ "input": { "from": "b3", "to": "d3", "extra": "b4" } }),
        json!({ "input": { "place": long.clone() } }),
        json!({ "input": { long.clone(): "c3" } }),
        json!({ "input": [{ "place": "c3" }] }),
    ] {
        let e = app.invoke("choko_play", args.clone()).unwrap_err();
        let text = e.to_string();
        assert!(text.len() < 400, "{} bytes", text.len());
        assert_eq!(
            (state(&app), files(tmp.path())),
            before,
            "{}",
            &text[..text.len().min(200)]
        );
    }
}

#[test]
fn a_reply_searched_before_a_new_streak_or_leaving_is_discarded() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let choko = app.app.state::<ChokoShell>();
    ok(&app, "choko_new_game", json!({}));
    let job = choko.machine_request().unwrap();
    let best = choko::search(&job.position, job.level.depth()).best;
    ok(&app, "choko_leave", json!({}));
    let e = choko
        .machine_apply(app.app.handle(), &job, best)
        .unwrap_err();
    assert_eq!(e.code(), "stale");
    let job = choko.machine_request().unwrap();
    ok(&app, "choko_new_streak", json!({}));
    assert_eq!(
        choko
            .machine_apply(app.app.handle(), &job, best)
            .unwrap_err()
            .code(),
        "stale"
    );
    // The game left is untouched: still the machine's first placement to make.
    assert_eq!(state(&app)["game"]["actions"], json!([]));
    let job = choko.machine_request().unwrap();
    let reply = choko.machine_apply(app.app.handle(), &job, best).unwrap();
    assert_eq!(reply.value.view.actions.len(), 1);
}

#[test]
fn a_win_climbs_the_ladder_once_and_a_loss_ends_the_streak() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), WIN_START, &[], None);
    let app = start(tmp.path());
    let answer = play(&app, json!({ "from": "b3", "to": "d3" }));
    let result = &answer["view"]["result"];
    assert_eq!(result["outcome"], json!("win"));
    assert_eq!(result["end"], json!("allCaptured"));
    // 31 turns from a start with the player to act: 16 were the player's.
    assert_eq!(result["playerTurns"], json!(16));
    assert_eq!(result["bonus"], json!(4 * 12 + 50 - 16));
    let ladder = &answer["ladder"];
    assert_eq!(
        (
            ladder["level"].clone(),
            ladder["wins"].clone(),
            ladder["value"].clone()
        ),
        (json!(2), json!(1), json!(1820))
    );
    assert_eq!(ladder["nextFirst"], json!("player"));
    drop(app);

    // Counted once: a restart finds the same ladder and nothing to resume.
    let app = start(tmp.path());
    let s = state(&app);
    assert_eq!(s["ladder"]["wins"], json!(1));
    assert_eq!(s["resumable"], json!(false));
    assert_eq!(
        s["game"]["result"]["outcome"],
        json!("win"),
        "the final position stays"
    );
    // The next game: level 2, the player places first.
    let answer = ok(&app, "choko_new_game", json!({}));
    assert_eq!(answer["view"]["level"], json!(2));
    assert_eq!(answer["view"]["status"], json!("yourTurn"));
    drop(app);

    // A loss at level 3 ends a streak of two; the best stays.
    let tmp = tempfile::tempdir().unwrap();
    write_doc(
        tmp.path(),
        "choko-ladder.1.json",
        1,
        ladder_doc(2, &[60, 45], &[60, 45]),
    );
    write_doc(
        tmp.path(),
        "choko-game.1.json",
        1,
        game_doc(3, LOSS_START, &[], None),
    );
    let app = start(tmp.path());
    assert_eq!(state(&app)["game"]["turnsLeft"], json!(2));
    play(&app, json!({ "from": "a1", "to": "b1" }));
    let reply = ok(&app, "choko_cpu_reply", json!({}));
    assert_eq!(reply["view"]["result"]["outcome"], json!("loss"));
    assert_eq!(reply["view"]["result"]["end"], json!("turnLimit"));
    assert_eq!(reply["view"]["result"]["bonus"], Value::Null);
    let l = &reply["ladder"];
    assert_eq!(
        (
            l["level"].clone(),
            l["wins"].clone(),
            l["bestValue"].clone(),
            l["nextFirst"].clone()
        ),
        (json!(1), json!(0), json!(2525), json!("machine"))
    );
    let answer = ok(&app, "choko_new_game", json!({}));
    assert_eq!(answer["view"]["level"], json!(1));
    assert_eq!(answer["view"]["status"], json!("machineThinking"));
}

#[test]
fn a_new_streak_abandons_the_game_and_keeps_the_best() {
    let tmp = tempfile::tempdir().unwrap();
    write_doc(
        tmp.path(),
        "choko-ladder.1.json",
        1,
        ladder_doc(2, &[60, 45], &[60, 45]),
    );
    saved_game(tmp.path(), JUMP_START, &[], None);
    let app = start(tmp.path());
    let answer = ok(&app, "choko_new_streak", json!({}));
    assert_eq!(answer["view"]["level"], json!(1));
    assert_eq!(answer["view"]["actions"], json!([]));
    assert_eq!(answer["ladder"]["wins"], json!(0));
    assert_eq!(answer["ladder"]["bestValue"], json!(2525));
    drop(app);
    let s = state(&start(tmp.path()));
    assert_eq!(
        (
            s["ladder"]["wins"].clone(),
            s["ladder"]["bestValue"].clone()
        ),
        (json!(0), json!(2525))
    );
    assert_eq!(s["game"]["level"], json!(1));
}

#[test]
fn a_game_that_ended_before_the_ladder_was_written_is_counted_at_start_once() {
    for (last, wins) in [(0, 1), (1, 0)] {
        let tmp = tempfile::tempdir().unwrap();
        write_doc(
            tmp.path(),
            "choko-ladder.1.json",
            1,
            ladder_doc(last, &[], &[]),
        );
        saved_game(tmp.path(), WIN_START, &["b3xd3 @"], None);
        let app = start(tmp.path());
        let s = state(&app);
        assert_eq!(s["ladder"]["wins"], json!(wins), "last counted game {last}");
        drop(app);
        assert_eq!(state(&start(tmp.path()))["ladder"]["wins"], json!(wins));
    }
}

/// Starts on each hostile thing in the place of each of Choko's documents:
/// the app comes up, says calmly what it set aside, keeps the other
/// documents (checkers' included), and goes on saving.
#[test]
fn nothing_in_chokos_documents_stops_the_start() {
    let mut cases = support::hostile_files();
    let more: Vec<(&str, support::Make)> = vec![
        ("a counter at its limit", |dir, file| {
            let data = if file.starts_with("choko-game") {
                game_doc(1, JUMP_START, &[], None)
            } else {
                ladder_doc(0, &[], &[])
            };
            write_doc(dir, file, u64::MAX, data);
        }),
        ("an illegal action or an impossible streak", |dir, file| {
            let data = if file.starts_with("choko-game") {
                game_doc(1, JUMP_START, &["b3xd3 a1"], None)
            } else {
                ladder_doc(0, &[99], &[99])
            };
            write_doc(dir, file, 1, data);
        }),
    ];
    cases.extend(more);
    for (what, make) in cases {
        for (file, notice) in [
            ("choko-game.1.json", "chokoGameUnreadable"),
            ("choko-ladder.1.json", "chokoLadderUnreadable"),
        ] {
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path();
            write_doc(
                dir,
                "settings.1.json",
                5,
                json!({ "language": "en", "sound": false, "squareNumbers": true, "game": "choko" }),
            );
            if file != "choko-ladder.1.json" {
                write_doc(dir, "choko-ladder.1.json", 3, ladder_doc(0, &[60], &[60]));
            }
            if file != "choko-game.1.json" {
                write_doc(
                    dir,
                    "choko-game.1.json",
                    3,
                    game_doc(1, JUMP_START, &[], None),
                );
            }
            make(dir, file);
            let case = format!("{what} as {file}");
            let app = start(dir);
            let s = state(&app);
            assert_eq!(s["notice"], json!(notice), "{case}");
            assert_eq!(
                ok(&app, "app_state", json!({}))["notice"],
                Value::Null,
                "{case}: checkers is not concerned"
            );
            assert_eq!(
                ok(&app, "app_state", json!({}))["settings"]["game"],
                json!("choko"),
                "{case}"
            );
            if file != "choko-ladder.1.json" {
                assert_eq!(s["ladder"]["wins"], json!(1), "{case}");
            } else {
                assert_eq!(s["game"]["status"], json!("yourTurn"), "{case}");
            }
            assert_eq!(set_aside(dir, file).len(), 1, "{case}: moved aside");
            // Saving goes on: a new streak, an action, a restart.
            ok(&app, "choko_new_streak", json!({}));
            let reply = ok(&app, "choko_cpu_reply", json!({}));
            assert!(reply.get("notice").is_none(), "{case}: {reply}");
            drop(app);
            let s = state(&start(dir));
            assert_eq!(s["notice"], Value::Null, "{case}");
            assert_eq!(s["game"], reply["view"], "{case}");
        }
    }
}

#[test]
fn when_nothing_can_be_saved_choko_says_so_and_play_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    fs::write(&dir, b"a file where the data directory belongs").unwrap();
    let app = start(&dir);
    assert_eq!(state(&app)["notice"], json!("notSaving"));
    let answer = ok(&app, "choko_new_game", json!({}));
    assert!(answer.get("notice").is_none(), "told once");
    let reply = ok(&app, "choko_cpu_reply", json!({}));
    assert_eq!(reply["view"]["status"], json!("mustPlace"));
    assert_eq!(
        fs::read(&dir).unwrap(),
        b"a file where the data directory belongs"
    );
}

#[test]
fn the_last_game_chosen_is_kept_in_the_settings() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let s = json!({ "language": null, "sound": true, "squareNumbers": false, "game": "choko" });
    assert_eq!(ok(&app, "set_settings", json!({ "settings": s })), s);
    drop(app);
    assert_eq!(
        ok(&start(tmp.path()), "app_state", json!({}))["settings"],
        s
    );
    let bad = json!({ "language": null, "sound": true, "squareNumbers": false, "game": "go" });
    assert!(start(tmp.path())
        .invoke("set_settings", json!({ "settings": bad }))
        .is_err());
}

#[test]
fn the_machine_answers_a_position_the_same_way_every_time() {
    let mut seen: Vec<Action> = Vec::new();
    for _ in 0..2 {
        let tmp = tempfile::tempdir().unwrap();
        saved_game(tmp.path(), JUMP_START, &["b3-b2"], None);
        let app = start(tmp.path());
        let reply = ok(&app, "choko_cpu_reply", json!({}));
        seen.push(reply["action"]["text"].as_str().unwrap().parse().unwrap());
    }
    assert_eq!(seen[0], seen[1]);
}
