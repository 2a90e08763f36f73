//! A missing or malformed argument, to any command of either game, through
//! the real IPC path on Tauri's mock runtime: always the typed refusal
//! `{ code: "badArgument", message }` the page's contract promises, with a
//! short message naming the argument, and nothing changed.

mod support;

use serde_json::{json, Value};
use support::{files, start};

/// Every command that takes arguments, with one valid set of them.
fn commands() -> Vec<(&'static str, Value)> {
    vec![
        (
            "plugin:checkers|new_game",
            json!({ "level": "easy", "first": "player" }),
        ),
        ("plugin:checkers|play", json!({ "from": 22, "to": 18 })),
        ("plugin:checkers|history_game", json!({ "id": 1 })),
        ("plugin:checkers|copy_pdn", json!({ "id": 1 })),
        (
            "set_settings",
            json!({ "settings": { "language": "en", "sound": false, "squareNumbers": false } }),
        ),
        ("plugin:choko|play", json!({ "input": { "place": "c3" } })),
        ("plugin:choko|history_game", json!({ "id": 1 })),
        ("plugin:choko|copy_text", json!({ "id": 1 })),
    ]
}

/// Values no argument of the page takes.
fn malformed() -> Vec<Value> {
    let huge = "x".repeat(10 << 20);
    vec![
        json!(null),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(1e300),
        json!(u64::MAX),
        json!(true),
        json!("C3"),
        json!(""),
        json!(huge),
        json!([]),
        json!([1, 2]),
        json!({}),
        json!({ "place": "C3" }),
        json!({ "place": huge.clone() }),
        json!({ huge: 1 }),
        json!({ "from": { "from": { "from": [] } } }),
    ]
}

#[test]
fn every_malformed_argument_of_either_game_is_refused_as_bad_argument() {
    let tmp = tempfile::tempdir().unwrap();
    let app = start(tmp.path());
    // A game of each, so that a valid argument would be played.
    app.invoke(
        "plugin:checkers|new_game",
        json!({ "level": "easy", "first": "player" }),
    )
    .unwrap();
    app.invoke("plugin:choko|new_game", json!({})).unwrap();
    let before = (
        files(tmp.path()),
        app.checkers_state(),
        app.invoke("plugin:choko|state", json!({})).unwrap(),
    );
    let mut refused = 0;
    for (command, valid) in commands() {
        let Value::Object(valid) = valid else {
            unreachable!()
        };
        for name in valid.keys() {
            let mut cases: Vec<Value> = malformed()
                .into_iter()
                // 0 is a game's number (the first), only malformed elsewhere.
                .filter(|bad| valid[name] != *bad && !(name == "id" && *bad == json!(0)))
                .map(|bad| {
                    let mut args = valid.clone();
                    args.insert(name.clone(), bad);
                    Value::Object(args)
                })
                .collect();
            let mut missing = valid.clone();
            missing.remove(name);
            cases.push(Value::Object(missing));
            for args in cases {
                // An optional number (which kept game's text to copy) may be
                // absent or null: that is the game on screen.
                let copies = command.ends_with("|copy_pdn") || command.ends_with("|copy_text");
                let optional = copies && (args.get(name).is_none() || args[name].is_null());
                if optional {
                    continue;
                }
                let shown: String = args.to_string().chars().take(80).collect();
                let e = app
                    .invoke(command, args)
                    .expect_err(&format!("{command} {shown} was accepted"));
                assert_eq!(e["code"], json!("badArgument"), "{command} {shown}: {e}");
                let message = e["message"].as_str().unwrap_or_default();
                assert!(
                    message.contains(name.as_str()),
                    "{command} {shown}: the message names the argument: {message}"
                );
                assert!(e.to_string().len() < 300, "{command} {shown}: {e}");
                refused += 1;
            }
        }
    }
    assert!(refused > 100, "{refused} refusals");
    let after = (
        files(tmp.path()),
        app.checkers_state(),
        app.invoke("plugin:choko|state", json!({})).unwrap(),
    );
    assert_eq!(after, before, "a refusal changes nothing");
}
