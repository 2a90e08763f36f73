//! What Choko's scenarios do and look at in the window: saved games and
//! ladders written as the app writes them, the board read from the page,
//! taps on points, the shell's own answer asked from the page, and waits
//! for the states the player sees.

use crate::play::{touch, write_doc, Input};
use crate::{App, DataDir};
use serde_json::{json, Value};

/// Settings that open the start screen on Choko.
pub fn prefer_choko(data: &DataDir, lang: &str) {
    write_doc(
        data,
        "settings",
        json!({ "language": lang, "sound": false, "squareNumbers": false, "game": "choko" }),
    );
}

/// Write `body` as the only copy of Choko's document `name`: a newer copy
/// the app wrote would otherwise win over it.
fn only_copy(data: &DataDir, name: &str, body: Value) {
    let _ = std::fs::remove_file(data.app_dir().join(format!("{name}.2.json")));
    write_doc(data, name, body);
}

/// A whole game from the standard start, as `tests/data/choko/<name>.json`
/// holds it (its README says what each reaches): a saved game must be one
/// the rules could have produced.
pub fn fixture(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/choko")
        .join(format!("{name}.json"));
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
}

/// `game` with `more` actions played after its own.
pub fn then(mut game: Value, more: &[&str]) -> Value {
    let actions = game["actions"].as_array_mut().unwrap();
    actions.extend(more.iter().map(|a| json!(a)));
    game
}

/// How many actions `game` holds.
pub fn played(game: &Value) -> usize {
    game["actions"].as_array().unwrap().len()
}

/// A saved Choko game: `game` (a [`fixture`], perhaps played on) at
/// `level`.
pub fn preset_game(data: &DataDir, level: u8, mut game: Value) {
    game["level"] = json!(level);
    only_copy(data, "choko-game", json!({ "gameId": 1, "game": game }));
}

/// A saved ladder: the current streak's bonuses and the best streak's.
pub fn preset_ladder(data: &DataDir, bonuses: &[u32], best: &[u32]) {
    only_copy(
        data,
        "choko-ladder",
        json!({ "lastGameId": 0, "streak": { "version": 1, "bonuses": bonuses, "best": best } }),
    );
}

/// What the shell says (`choko_state`), asked from the page.
pub async fn shell_state(app: &App) -> Value {
    app.client
        .execute_async(
            "const done = arguments[0]; window.__TAURI__.core.invoke('plugin:choko|state').then(done, e => done({ error: e }));",
            vec![],
        )
        .await
        .unwrap()
}

/// The Choko tab of the start screen, once its panel has the ladder.
pub async fn open_choko(app: &App) {
    app.wait_for("#game-choko").await;
    if app
        .js("return document.getElementById('game-choko').getAttribute('aria-selected');")
        .await
        != json!("true")
    {
        app.click("#game-choko").await;
    }
    app.wait_until("document.querySelector('#panel-choko[data-loaded=\"true\"]:not([hidden])')")
        .await;
}

/// Pieces on the board as "point:side" strings, sorted.
pub async fn pieces(app: &App) -> Vec<String> {
    let v = app
        .js(
            "return [...document.querySelectorAll('.choko-board.interactive .piece[data-point]')]
               .map(p => p.dataset.point + ':' + p.dataset.side).sort();",
        )
        .await;
    serde_json::from_value(v).unwrap()
}

/// The points of the elements matching `css` (by `attr`), sorted.
pub async fn points_of(app: &App, css: &str, attr: &str) -> Vec<String> {
    let v = app
        .js(&format!(
            "return [...document.querySelectorAll('{css}')].map(e => e.getAttribute('{attr}')).sort();"
        ))
        .await;
    serde_json::from_value(v).unwrap()
}

pub async fn movable(app: &App) -> Vec<String> {
    points_of(app, ".choko-board.interactive .piece.movable", "data-point").await
}

pub async fn lifted(app: &App) -> Vec<String> {
    points_of(app, ".choko-board.interactive .piece.lifted", "data-point").await
}

pub async fn dests(app: &App) -> Vec<String> {
    points_of(app, ".choko-board.interactive [data-dest]", "data-dest").await
}

/// The machine's pieces ringed as extra pieces the player may take.
pub async fn takeable(app: &App) -> Vec<String> {
    points_of(
        app,
        ".choko-board.interactive .piece.takeable",
        "data-point",
    )
    .await
}

pub async fn status(app: &App) -> String {
    app.js(
        "const l = document.getElementById('choko-turn-line'); return l ? l.dataset.status : '';",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

pub async fn turn_text(app: &App) -> String {
    app.js("return document.getElementById('choko-turn-text').textContent.trim();")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The accessible name of point `name`.
pub async fn label(app: &App, name: &str) -> String {
    app.js(&format!(
        "return document.querySelector('.choko-board.interactive .pt[data-point=\"{name}\"]').getAttribute('aria-label');"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// The player decides (the board takes taps), or the game has ended.
pub const DECISION: &str = "document.querySelector('[data-screen=\"choko\"][data-mode=\"end\"]') ||
    (['yourTurn', 'mustPlace', 'chooseExtra'].includes((document.getElementById('choko-turn-line') || { dataset: {} }).dataset.status)
     && document.querySelector('.choko-board.interactive') && !document.querySelector('.choko-board.interactive.locked'))";

/// Wait until the turn line says `s` and the board takes taps.
pub async fn wait_status(app: &App, s: &str) {
    app.wait_until(&format!(
        "document.getElementById('choko-turn-line') && document.getElementById('choko-turn-line').dataset.status === '{s}' && !document.querySelector('.choko-board.interactive.locked')"
    ))
    .await;
}

/// Wait until the game has ended and its result shows under the board.
pub async fn wait_end(app: &App) {
    app.wait_until("document.querySelector('[data-screen=\"choko\"][data-mode=\"end\"]') && document.querySelector('.choko-board.interactive')")
        .await;
}

pub async fn ended(app: &App) -> bool {
    app.js("return !!document.querySelector('[data-screen=\"choko\"][data-mode=\"end\"]');")
        .await
        == json!(true)
}

/// A click on point `name`.
pub async fn tap(app: &App, name: &str) {
    app.click(&format!(
        ".choko-board.interactive .pt[data-point=\"{name}\"]"
    ))
    .await;
}

/// A touch on point `name`.
pub async fn touch_point(app: &App, name: &str) {
    touch(
        app,
        &format!(".choko-board.interactive .pt[data-point=\"{name}\"]"),
    )
    .await;
}

/// The position the shell's game stands at: its start with every action
/// played (the View says who placed first).
pub async fn position(app: &App) -> choko::Position {
    let s = shell_state(app).await;
    let game = &s["game"];
    let first = match game["first"].as_str() {
        Some("player") => choko::Side::X,
        _ => choko::Side::O,
    };
    let mut pos = choko::Position::start_with(first);
    for a in game["actions"].as_array().expect("the game's actions") {
        let a: choko::Action = a.as_str().unwrap().parse().unwrap();
        pos = pos.play(a).unwrap();
    }
    pos
}

/// Play `a` by clicks, the way a player would: a placement is one tap; a
/// step or a jump lifts the piece and taps where it goes; a jump's extra
/// piece on the board is one more tap once the board asks for it.
pub async fn play(app: &App, a: choko::Action) {
    play_by(app, a, Input::Mouse).await;
}

/// Play `a` as [`play`] does, each tap by `input`: a touch for
/// [`Input::Touch`], a click otherwise (the keyboard's way of moving the
/// focus is the keyboard tests' own).
pub async fn play_by(app: &App, a: choko::Action, input: Input) {
    let tap_point = |name: String| async move {
        match input {
            Input::Touch => touch_point(app, &name).await,
            Input::Mouse | Input::Keyboard => tap(app, &name).await,
        }
    };
    match a {
        choko::Action::Place(p) => tap_point(p.to_string()).await,
        choko::Action::Step { from, to } => {
            tap_point(from.to_string()).await;
            tap_point(to.to_string()).await;
        }
        choko::Action::Jump {
            from, to, extra, ..
        } => {
            tap_point(from.to_string()).await;
            tap_point(to.to_string()).await;
            if let choko::Extra::Board(x) = extra {
                wait_status(app, "chooseExtra").await;
                tap_point(x.to_string()).await;
            }
        }
    }
}
