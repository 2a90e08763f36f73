//! Choko's commands through Tauri's mock runtime: the page's requests go
//! through the real invoke handler and the real persistence, with the
//! documents in a temporary directory. The ladder, the saved game (a jump
//! waiting for its extra piece included), the stale-reply guard, the
//! refusals, and hostile files in the place of Choko's two documents.

mod support;

use checkers_app_lib::choko::session::ChokoSession;
use choko::Action;
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};
use support::{files, start, Running};
use tauri::Manager;

/// A whole game from the standard start, as `tests/data/choko/<name>.json`
/// holds it (its README says what each reaches).
fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/choko")
        .join(format!("{name}.json"));
    serde_json::from_slice(&fs::read(&path).unwrap()).unwrap()
}

/// The player's jump b3xd3 may take b4 or c5 as its extra piece.
fn jump_game() -> Value {
    fixture("jump")
}

/// The player's jump c4xc2 takes the machine's last piece on the board and
/// the last in its hand: a win.
fn win_game() -> Value {
    fixture("win")
}

/// Turn 198: the player steps, the machine acts, and the 200th turn ends
/// the game with the machine ahead: a loss.
fn loss_game() -> Value {
    fixture("late-loss")
}

/// `game` with `more` actions played after its own.
fn then(mut game: Value, more: &[&str]) -> Value {
    let actions = game["actions"].as_array_mut().unwrap();
    actions.extend(more.iter().map(|a| json!(a)));
    game
}

/// The actions of `game` followed by `more`, as a View lists them.
fn actions(game: &Value, more: &[&str]) -> Value {
    then(game.clone(), more)["actions"].clone()
}

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
    ok(app, "plugin:choko|play", json!({ "input": input }))
}

fn state(app: &Running) -> Value {
    ok(app, "plugin:choko|state", json!({}))
}

fn legal(app: &Running) -> Value {
    ok(app, "plugin:choko|legal_moves", json!({}))
}

/// A document copy written the way the app writes it.
fn write_doc(dir: &Path, file: &str, seq: u64, data: Value) {
    fs::create_dir_all(dir).unwrap();
    let doc = json!({ "format": 1, "seq": seq, "data": data });
    fs::write(dir.join(file), doc.to_string()).unwrap();
}

fn game_doc(id: u64, game: Value) -> Value {
    json!({ "gameId": id, "game": game })
}

fn ladder_doc(last: u64, bonuses: &[u32], best: &[u32]) -> Value {
    json!({ "lastGameId": last, "streak": { "version": 1, "bonuses": bonuses, "best": best } })
}

fn saved_game(dir: &Path, game: Value) {
    write_doc(dir, "choko-game.1.json", 1, game_doc(1, game));
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
        json!({ "game": null, "resumable": false, "notices": [], "ladder": {
            "level": 1, "wins": 0, "value": 0, "lastBonus": null, "bestWins": 0,
            "bestValue": 0, "nextFirst": "machine", "top": 8 } })
    );
    assert_eq!(code(&app, "plugin:choko|legal_moves", json!({})), "noGame");
    assert_eq!(code(&app, "plugin:choko|cpu_reply", json!({})), "noGame");
    assert_eq!(
        code(
            &app,
            "plugin:choko|play",
            json!({ "input": { "place": "c3" } })
        ),
        "noGame"
    );
    assert!(files(tmp.path()).is_empty(), "nothing written by looking");
}

#[test]
fn the_machine_places_first_then_the_player_must_place_and_it_is_saved() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    let answer = ok(&app, "plugin:choko|new_game", json!({}));
    let view = &answer["view"];
    assert_eq!(view["level"], json!(1));
    assert_eq!(view["first"], json!("machine"));
    assert_eq!(view["status"], json!("machineThinking"));
    assert_eq!(
        legal(&app),
        json!({ "place": [], "mustPlace": false, "pieces": [], "extra": null })
    );
    assert_eq!(
        code(
            &app,
            "plugin:choko|play",
            json!({ "input": { "place": "c3" } })
        ),
        "notYourTurn"
    );
    assert_eq!(
        code(&app, "plugin:choko|new_game", json!({})),
        "gameInProgress"
    );

    let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
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
    assert_eq!(
        code(&app, "plugin:choko|cpu_reply", json!({})),
        "notMachineTurn"
    );
    assert_eq!(
        code(
            &app,
            "plugin:choko|play",
            json!({ "input": { "place": at } })
        ),
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
    let reply = ok(&again, "plugin:choko|cpu_reply", json!({}));
    assert_eq!(reply["view"]["actions"].as_array().unwrap().len(), 3);
}

#[test]
fn a_players_jump_waits_for_its_extra_piece_even_across_a_restart() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), jump_game());
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
        code(
            &app,
            "plugin:choko|play",
            json!({ "input": { "place": "a1" } })
        ),
        "chooseExtra"
    );
    assert_eq!(
        code(
            &app,
            "plugin:choko|play",
            json!({ "input": { "extra": "a1" } })
        ),
        "illegalExtra"
    );
    assert_eq!(
        code(&app, "plugin:choko|cpu_reply", json!({})),
        "notMachineTurn"
    );
    assert_eq!(files(tmp.path()), on_disk, "refusals write nothing");
    drop(app);

    let app = start(tmp.path());
    let s = state(&app);
    assert_eq!(s["game"]["status"], json!("chooseExtra"));
    assert_eq!(s["game"]["waiting"], view["waiting"]);
    assert_eq!(legal(&app)["extra"]["choices"], json!(["b4", "c5"]));
    let answer = play(&app, json!({ "extra": "c5" }));
    assert_eq!(answer["view"]["status"], json!("machineThinking"));
    assert_eq!(
        answer["view"]["actions"],
        actions(&jump_game(), &["b3xd3 c5"])
    );
    let last = &answer["view"]["last"];
    assert_eq!(
        (last["extra"].clone(), last["extraFromHand"].clone()),
        (json!("c5"), json!(false))
    );
    let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
    assert_eq!(
        reply["view"]["actions"].as_array().unwrap().len(),
        jump_game()["actions"].as_array().unwrap().len() + 2
    );
}

#[test]
fn the_extra_piece_comes_from_the_hand_when_none_is_left_on_the_board() {
    let tmp = tempfile::tempdir().unwrap();
    // The player placed b3 first, and the machine had to answer on c3.
    let game = json!({ "version": 1, "level": 1, "first": "player",
        "start": "5/5/5/5/5 x 12/12 - 0 0", "actions": ["@b3", "@c3"] });
    saved_game(tmp.path(), game);
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
    let e = app.invoke("plugin:choko|undo", json!({})).unwrap_err();
    assert_eq!(
        e,
        json!({ "code": "noUndo", "message": "Choko has no undo: a streak is a score" })
    );
    saved_game(tmp.path(), jump_game());
    drop(app);
    let app = start(tmp.path());
    play(&app, json!({ "from": "b3", "to": "b2" }));
    let before = state(&app);
    assert_eq!(code(&app, "plugin:choko|undo", json!({})), "noUndo");
    assert_eq!(state(&app), before);
}

#[test]
fn bad_arguments_are_refused_and_change_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), jump_game());
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
        let e = app.invoke("plugin:choko|play", args.clone()).unwrap_err();
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
    let choko = app.app.state::<ChokoSession>();
    ok(&app, "plugin:choko|new_game", json!({}));
    let job = choko.machine_request().unwrap();
    let best = choko::search(&job.position, job.level.depth()).best;
    ok(&app, "plugin:choko|leave", json!({}));
    let e = choko
        .machine_apply(app.app.handle(), &job, best)
        .unwrap_err();
    assert_eq!(e.code(), "stale");
    let job = choko.machine_request().unwrap();
    ok(&app, "plugin:choko|new_streak", json!({}));
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
    saved_game(tmp.path(), win_game());
    let app = start(tmp.path());
    let answer = play(&app, json!({ "from": "c4", "to": "c2" }));
    let result = &answer["view"]["result"];
    assert_eq!(result["outcome"], json!("win"));
    assert_eq!(result["end"], json!("allCaptured"));
    // 25 turns from the start with the player placing first: 13 were the
    // player's, and it kept all 12 pieces.
    assert_eq!(result["playerTurns"], json!(13));
    assert_eq!(result["bonus"], json!(4 * 12 + 50 - 13));
    let ladder = &answer["ladder"];
    assert_eq!(
        (
            ladder["level"].clone(),
            ladder["wins"].clone(),
            ladder["value"].clone()
        ),
        (json!(2), json!(1), json!(1000 + 10 * 85))
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
    let answer = ok(&app, "plugin:choko|new_game", json!({}));
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
    write_doc(tmp.path(), "choko-game.1.json", 1, game_doc(3, loss_game()));
    let app = start(tmp.path());
    assert_eq!(state(&app)["game"]["turnsLeft"], json!(2));
    play(&app, json!({ "from": "d5", "to": "e5" }));
    let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
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
    let answer = ok(&app, "plugin:choko|new_game", json!({}));
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
    saved_game(tmp.path(), jump_game());
    let app = start(tmp.path());
    let answer = ok(&app, "plugin:choko|new_streak", json!({}));
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
        saved_game(tmp.path(), then(win_game(), &["c4xc2 @"]));
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
                game_doc(1, jump_game())
            } else {
                ladder_doc(0, &[], &[])
            };
            write_doc(dir, file, u64::MAX, data);
        }),
        ("an illegal action or an impossible streak", |dir, file| {
            let data = if file.starts_with("choko-game") {
                game_doc(1, then(jump_game(), &["b3xd3 a1"]))
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
                write_doc(dir, "choko-game.1.json", 3, game_doc(1, jump_game()));
            }
            make(dir, file);
            let case = format!("{what} as {file}");
            let app = start(dir);
            let s = state(&app);
            assert_eq!(s["notices"], json!([notice]), "{case}");
            assert_eq!(
                app.checkers_state()["notices"],
                json!([]),
                "{case}: checkers is not concerned"
            );
            assert_eq!(
                app.checkers_state()["settings"]["game"],
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
            ok(&app, "plugin:choko|new_streak", json!({}));
            let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
            assert!(reply.get("notices").is_none(), "{case}: {reply}");
            drop(app);
            let s = state(&start(dir));
            assert_eq!(s["notices"], json!([]), "{case}");
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
    assert_eq!(state(&app)["notices"], json!(["notSaving"]));
    let answer = ok(&app, "plugin:choko|new_game", json!({}));
    assert!(answer.get("notices").is_none(), "told once");
    let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
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
        saved_game(tmp.path(), then(jump_game(), &["b3-b2"]));
        let app = start(tmp.path());
        let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
        seen.push(reply["action"]["text"].as_str().unwrap().parse().unwrap());
    }
    assert_eq!(seen[0], seen[1]);
}

#[test]
fn fixtures_reach_their_positions() {
    for (name, position) in [
        ("jump", "2o2/1o3/1xo2/5/5 x 9/9 x 0 8"),
        ("win", "1x3/2xxx/2o2/1x3/x1x2 x 5/1 o 1 24"),
        ("late-loss", "o1xx1/o1o2/2o1o/oo1o1/o1ooo x 0/0 o 24 198"),
        ("late-jump", "1oxo1/xo1ox/ooo2/o1x1x/xooox x 1/1 x 16 194"),
    ] {
        let game = choko::game::Game::from_value(&fixture(name)).unwrap();
        assert_eq!(choko::to_text(game.position()), position, "{name}");
        assert!(!game.is_over(), "{name}");
    }
}

#[test]
fn games_the_rules_could_not_have_produced_are_set_aside_and_counted_nowhere() {
    // The machine without a piece before anyone acted (a finished game,
    // which would count as a win), and ten placements of the player's to
    // five of the machine's although each must be answered (K7).
    for start_text in [
        "xxxxx/xxxxx/xx3/5/5 o 0/0 x 0 24",
        "xxxxx/xxxxx/5/5/ooooo o 2/7 x 0 20",
    ] {
        let tmp = tempfile::tempdir().unwrap();
        write_doc(
            tmp.path(),
            "choko-ladder.1.json",
            1,
            ladder_doc(1, &[60, 45], &[60, 45]),
        );
        let game = json!({ "version": 1, "level": 3, "first": "machine",
            "start": start_text, "actions": [], "waiting": null, "recorded": false });
        saved_game(tmp.path(), game);
        let app = start(tmp.path());
        let s = state(&app);
        assert_eq!(s["notices"], json!(["chokoGameUnreadable"]), "{start_text}");
        assert_eq!(
            s["ladder"]["wins"],
            json!(2),
            "{start_text}: counted nowhere"
        );
        assert_eq!(s["game"], Value::Null, "{start_text}");
        assert_eq!(set_aside(tmp.path(), "choko-game").len(), 1);
        drop(app);
        let s = state(&start(tmp.path()));
        assert_eq!(
            (s["ladder"]["wins"].clone(), s["notices"].clone()),
            (json!(2), json!([]))
        );
    }
}

#[test]
fn a_ladder_at_the_counter_s_limit_neither_loses_a_game_nor_revives_an_old_one() {
    let max = checkers_app_lib::app::persist::MAX_COUNTER;
    // At the limit: no game could follow it, so the ladder is set aside
    // with a notice, and the game in progress goes on and is saved.
    let tmp = tempfile::tempdir().unwrap();
    write_doc(
        tmp.path(),
        "choko-ladder.1.json",
        1,
        ladder_doc(max, &[60], &[60]),
    );
    write_doc(tmp.path(), "choko-game.1.json", 1, game_doc(7, jump_game()));
    let app = start(tmp.path());
    let s = state(&app);
    assert_eq!(s["notices"], json!(["chokoLadderUnreadable"]));
    assert_eq!(s["resumable"], json!(true));
    play(&app, json!({ "from": "b3", "to": "b2" }));
    let after = state(&app)["game"].clone();
    drop(app);
    let s = state(&start(tmp.path()));
    assert_eq!(s["game"], after, "the game goes on where it was");
    assert_eq!(s["notices"], json!([]));

    // One below: the ladder is read, but the next game's number would be
    // the limit itself, which could not be read back. The new game is
    // played unsaved and the player is told so, once; the game the new
    // streak replaced does not come back silently.
    let tmp = tempfile::tempdir().unwrap();
    write_doc(
        tmp.path(),
        "choko-ladder.1.json",
        1,
        ladder_doc(max - 1, &[60], &[60]),
    );
    write_doc(
        tmp.path(),
        "choko-game.1.json",
        1,
        game_doc(max - 1, then(jump_game(), &["b3-b2"])),
    );
    let app = start(tmp.path());
    assert_eq!(state(&app)["notices"], json!([]));
    let answer = ok(&app, "plugin:choko|new_streak", json!({}));
    assert_eq!(answer["notices"], json!(["notSaving"]));
    let reply = ok(&app, "plugin:choko|cpu_reply", json!({}));
    assert!(reply.get("notices").is_none(), "told once: {reply}");
    drop(app);
    let s = state(&start(tmp.path()));
    assert_ne!(
        s["game"]["actions"],
        actions(&jump_game(), &["b3-b2"]),
        "the abandoned game is not offered again"
    );
}

#[test]
fn finished_games_are_kept_reviewable_and_their_text_reads_back() {
    let tmp = tempfile::tempdir().unwrap();
    saved_game(tmp.path(), win_game());
    let app = start(tmp.path());
    assert_eq!(
        ok(&app, "plugin:choko|records", json!({}))["games"],
        json!([])
    );
    play(&app, json!({ "from": "c4", "to": "c2" }));
    // The game on screen, to step through: a position before each action
    // and after the last.
    let review = ok(&app, "plugin:choko|review", json!({}));
    let n = win_game()["actions"].as_array().unwrap().len() + 1;
    assert_eq!(review["actions"].as_array().unwrap().len(), n);
    assert_eq!(review["steps"].as_array().unwrap().len(), n + 1);
    assert_eq!(review["actions"][n - 1]["text"], json!("c4xc2 @"));
    assert_eq!(review["result"]["outcome"], json!("win"));
    drop(app);

    // Kept across a restart, with its number, and the same game.
    let app = start(tmp.path());
    let records = ok(&app, "plugin:choko|records", json!({}));
    let games = records["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    let kept = &games[0];
    assert_eq!(
        (
            kept["outcome"].clone(),
            kept["bonus"].clone(),
            kept["playerTurns"].clone()
        ),
        (json!("win"), json!(85), json!(13))
    );
    let id = kept["id"].clone();
    let again = ok(&app, "plugin:choko|history_game", json!({ "id": id }));
    assert_eq!(again["actions"], review["actions"]);
    assert_eq!(again["steps"], review["steps"]);
    // Its text is a record `choko game` reads back: the same actions and
    // result.
    let read = choko::record::read_record(again["text"].as_str().unwrap()).unwrap();
    let texts: Vec<String> = read.record.actions.iter().map(|a| a.to_string()).collect();
    let want: Vec<String> = again["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(texts, want);
    assert_eq!(choko::record::result_token(read.outcome), "1-0");
    assert_eq!(
        code(&app, "plugin:choko|history_game", json!({ "id": 999 })),
        "noSuchGame"
    );
    assert_eq!(
        code(&app, "plugin:choko|copy_text", json!({ "id": 999 })),
        "noSuchGame"
    );
}

#[test]
fn a_streak_that_ends_is_kept_among_the_last_ones() {
    let tmp = tempfile::tempdir().unwrap();
    write_doc(
        tmp.path(),
        "choko-ladder.1.json",
        1,
        ladder_doc(2, &[60, 45], &[60, 45]),
    );
    write_doc(tmp.path(), "choko-game.1.json", 1, game_doc(3, loss_game()));
    let app = start(tmp.path());
    play(&app, json!({ "from": "d5", "to": "e5" }));
    ok(&app, "plugin:choko|cpu_reply", json!({}));
    let records = ok(&app, "plugin:choko|records", json!({}));
    assert_eq!(records["streaks"].as_array().unwrap().len(), 1);
    assert_eq!(
        (
            records["streaks"][0]["wins"].clone(),
            records["streaks"][0]["value"].clone()
        ),
        (json!(2), json!(2525))
    );
    assert_eq!(records["games"][0]["outcome"], json!("loss"));
    // A new streak asked for with no win kept adds no streak.
    ok(&app, "plugin:choko|new_streak", json!({}));
    let records = ok(&app, "plugin:choko|records", json!({}));
    assert_eq!(records["streaks"].as_array().unwrap().len(), 1);
}
