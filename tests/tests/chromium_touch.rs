//! The game by touch in Chromium, the engine of Android's web view and of
//! WebView2: a 360×640 phone at device scale 3 with touch emulation,
//! driven by W3C pointer actions of type `touch`, which Chromium delivers
//! as real touch input (pointer events of type "touch", implicit pointer
//! capture, compatibility mouse events after a tap, its own long-press
//! and pinch gestures). Every answer comes from the shell's real command
//! handlers (`browser::bridge`).
//!
//! A tap is one short contact that starts and ends on the same square;
//! a long press, a swipe, a second finger and a tap where nothing is
//! offered do nothing: no move, no call to the shell, no sound, and the
//! page neither scrolls nor zooms nor selects text.

mod browser;

use browser::{pinch, swipe, Phone, Setup};
use e2e::choko_play;
use e2e::play::*;
use fantoccini::actions::Actions;
use serde_json::{json, Value};
use std::time::Duration;

/// A saved game with a chain to make first (22x15x6) and a piece that
/// cannot move (30).
const CHAIN: &str = "W:W22,30:B18,10,3";

/// The board's state that a gesture must leave alone: its pieces with
/// their classes and the destination dots. The brief emphasis of the
/// pieces that must jump (`flash`, after a tap on one held back) is no
/// change of state.
async fn board_state(phone: &Phone) -> Value {
    phone
        .js("return { pieces: [...document.querySelectorAll('.board.interactive .piece')].map(p => p.dataset.square + p.className.baseVal.replace(/ ?\\bflash\\b/, '')).sort(), dots: document.querySelectorAll('[data-dest]').length };")
        .await
}

/// Let the page handle what it was sent: two animation frames.
async fn settle(phone: &Phone) {
    let _ = phone
        .client
        .execute_async(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
            vec![],
        )
        .await;
}

fn square(n: u32) -> String {
    format!(".board.interactive .sq[data-square=\"{n}\"]")
}

/// A long press on a square, a second finger, a swipe across squares and
/// taps where nothing is offered: none lifts or moves a piece, calls the
/// shell, makes a sound, scrolls, zooms or selects text. Then the taps
/// that are taps: lift, drop, go on with the chain, undo.
#[test]
fn chromium_gestures_that_are_no_tap_do_nothing() {
    run(async {
        let phone = Phone::open(Setup {
            saved: Some(CHAIN),
            ..Setup::default()
        })
        .await;
        touch(&phone, "#continue").await;
        wait_status(&phone, "captureAvailable").await;
        let before = board_state(&phone).await;
        let calls = phone.bridge.calls().len();
        let sounds = phone.sounds().await;

        let at22 = centre(&phone, &square(22)).await;
        let at15 = centre(&phone, &square(15)).await;
        // A long press on the piece that must capture.
        phone
            .perform(finger("finger", at22, Duration::from_millis(900)))
            .await;
        // Two fingers: one on the piece, one on its destination.
        phone
            .perform(
                Actions::from(finger("f1", at22, Duration::from_millis(80))).and(finger(
                    "f2",
                    at15,
                    Duration::from_millis(80),
                )),
            )
            .await;
        // A swipe from the piece to its destination.
        phone
            .perform(swipe("finger", at22, at15, Duration::from_millis(250)))
            .await;
        // An empty square, a piece that may not move now (a capture is
        // forced), a light square, the CPU's piece.
        touch_square(&phone, 17).await;
        touch_square(&phone, 30).await;
        let light = phone
            .js("const r = document.querySelector('.board.interactive .light-squares rect').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];")
            .await;
        let light = (light[0].as_f64().unwrap(), light[1].as_f64().unwrap());
        phone
            .perform(finger("finger", light, Duration::from_millis(40)))
            .await;
        touch_square(&phone, 18).await;
        settle(&phone).await;

        assert!(lifted(&phone).await.is_empty(), "a gesture lifted a piece");
        assert_eq!(board_state(&phone).await, before);
        assert_eq!(
            phone.bridge.calls()[calls..].to_vec(),
            Vec::<String>::new(),
            "a gesture reached the shell"
        );
        assert_eq!(phone.sounds().await, sounds, "a gesture made a sound");
        assert_eq!(phone.moved_or_selected().await, Phone::at_rest());

        // One tap lifts (the mouse events Chromium sends after it drop
        // nothing), one tap drops; mid-chain the piece stays lifted.
        touch_square(&phone, 22).await;
        settle(&phone).await;
        assert_eq!(lifted(&phone).await, vec![22]);
        assert_eq!(dests(&phone).await, vec![15]);
        touch_square(&phone, 15).await;
        wait_status(&phone, "jumpAgain").await;
        assert_eq!(lifted(&phone).await, vec![15]);
        assert!(phone.sounds().await > sounds, "a capture made no sound");
        // Undo by a tap takes the chain back.
        touch(&phone, "#undo").await;
        wait_status(&phone, "captureAvailable").await;
        assert_eq!(board_state(&phone).await, before);
        assert_eq!(phone.moved_or_selected().await, Phone::at_rest());
        phone.close().await;
    });
}

/// A whole game from the start against Easy by taps alone, from the
/// confirmation that replaces the saved game to the end screen, whose
/// buttons answer taps too.
#[test]
fn chromium_a_whole_game_by_taps() {
    run(async {
        let phone = Phone::open(Setup {
            saved: Some(CHAIN),
            ..Setup::default()
        })
        .await;
        // A saved game: choosing a level asks first.
        touch(&phone, "#level-easy").await;
        phone
            .wait_until(
                "document.getElementById('confirm') && !document.getElementById('confirm').hidden",
            )
            .await;
        touch(&phone, "#confirm-new").await;
        wait_screen(&phone, "game").await;
        wait_player_turn(&phone).await;
        let hops = play_to_the_end(&phone, Input::Touch).await;
        assert!(hops > 10, "a whole game in {hops} hops");
        let outcome = phone
            .js("return document.getElementById('outcome').dataset.outcome;")
            .await;
        assert!(
            ["win", "loss"].contains(&outcome.as_str().unwrap_or_default()),
            "the game ended in {outcome}"
        );
        assert_eq!(phone.moved_or_selected().await, Phone::at_rest());
        phone.screenshot("game-end").await;
        // The end screen answers taps: the review, then the menu.
        touch(&phone, "#review-game").await;
        phone
            .wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        touch(&phone, "#review-first").await;
        phone
            .wait_until("document.getElementById('review-first').disabled")
            .await;
        touch(&phone, "#exit-review").await;
        wait_end(&phone).await;
        touch(&phone, "#menu").await;
        wait_screen(&phone, "start").await;
        // The shell kept the game: one more game against Easy.
        let easy = phone
            .client
            .execute_async(
                "const done = arguments[0]; window.__TAURI__.core.invoke('plugin:checkers|records').then((r) => done(r.easy), (e) => done(e));",
                vec![],
            )
            .await
            .unwrap();
        let games: u64 = ["wins", "losses", "draws"]
            .iter()
            .map(|k| easy[k].as_u64().unwrap_or(0))
            .sum();
        assert_eq!(games, 1, "records against Easy: {easy}");
        let calls = phone.bridge.calls();
        assert!(
            calls
                .iter()
                .filter(|c| *c == "plugin:checkers|play")
                .count()
                >= hops / 2
        );
        assert!(calls.iter().any(|c| c == "plugin:checkers|cpu_reply"));
        phone.close().await;
    });
}

/// A long press on a button activates nothing (Chromium sends a click
/// when the finger lifts); a short tap on the same button does.
#[test]
fn chromium_a_long_press_on_a_button_activates_nothing() {
    run(async {
        let phone = Phone::open(Setup::default()).await;
        for id in [
            "#level-easy",
            "#open-help",
            "#open-settings",
            "#open-records",
            "#first-cpu",
        ] {
            let at = centre(&phone, id).await;
            phone
                .perform(finger("finger", at, Duration::from_millis(800)))
                .await;
            settle(&phone).await;
            assert_eq!(
                phone
                    .js("return document.querySelector('[data-screen]').dataset.screen;")
                    .await,
                json!("start"),
                "a long press on {id} did something"
            );
        }
        assert_eq!(
            phone
                .js("return document.getElementById('first-cpu').getAttribute('aria-checked');")
                .await,
            json!("false"),
            "a long press chose who starts"
        );
        // Only the start screen's own questions reached the shell.
        let calls = phone.bridge.calls();
        assert!(
            calls
                .iter()
                .all(|c| c == "app_state" || c.ends_with("|state")),
            "a long press reached the shell: {calls:?}"
        );
        assert_eq!(phone.moved_or_selected().await, Phone::at_rest());
        touch(&phone, "#level-easy").await;
        wait_screen(&phone, "game").await;
        phone.close().await;
    });
}

/// A pinch on `target`, which must leave the page as it was.
async fn pinched(phone: &Phone, target: &str) {
    let at = centre(phone, target).await;
    phone.perform(pinch(at)).await;
    settle(phone).await;
    assert_eq!(
        phone.moved_or_selected().await,
        Phone::at_rest(),
        "a pinch on {target}"
    );
}

/// No two-finger pinch zooms the page, on the board or anywhere else,
/// and taps work as before after one. (Once Chromium has zoomed, its
/// emulated touch may stop reaching the page: a failure here can leave
/// the rest of this browser's taps unanswered.)
#[test]
fn chromium_no_pinch_zooms_the_page() {
    run(async {
        let phone = Phone::open(Setup::default()).await;
        pinched(&phone, "[data-screen=\"start\"] h1").await;
        pinched(&phone, "#level-normal").await;
        touch(&phone, "#level-easy").await;
        wait_screen(&phone, "game").await;
        wait_player_turn(&phone).await;
        let calls = phone.bridge.calls().len();
        for target in ["#turn-line", ".topbar", ".board.interactive"] {
            pinched(&phone, target).await;
        }
        assert!(lifted(&phone).await.is_empty(), "a pinch lifted a piece");
        assert_eq!(
            phone.bridge.calls().len(),
            calls,
            "a pinch reached the shell"
        );
        let piece = movable(&phone).await[0];
        touch_square(&phone, piece).await;
        phone
            .wait_until(&format!(
                "document.querySelector('.board.interactive .piece.lifted[data-square=\"{piece}\"]')"
            ))
            .await;
        phone.close().await;
    });
}

/// A system language other than Spanish or English gets English; a
/// Spanish one, Spanish.
#[test]
fn chromium_the_system_language_picks_the_page_language() {
    run(async {
        let phone = Phone::open(Setup {
            language: None,
            ..Setup::default()
        })
        .await;
        for (system, lang, easy) in [
            ("fr-FR,fr", "en", "Easy"),
            ("de-DE", "en", "Easy"),
            ("es-MX,es", "es", "Fácil"),
        ] {
            phone.set_system_languages(system).await;
            phone.client.refresh().await.expect("a reload");
            phone.wait_for("#level-easy").await;
            let seen = phone
                .js("return [navigator.language, document.documentElement.lang, document.getElementById('level-easy').textContent];")
                .await;
            assert_eq!(seen[0], json!(system.split(',').next().unwrap()));
            assert_eq!(seen[1], json!(lang), "system {system}");
            assert!(
                seen[2].as_str().unwrap_or_default().contains(easy),
                "system {system}: {seen}"
            );
        }
        phone.close().await;
    });
}

/// Android's back on the page, in the engine of Android's web view: the
/// move list sheet closes first, then the game is left for the start
/// screen and kept, and on the start screen the page asks to close the app
/// (this page has no shell to close, so it stays).
#[test]
fn chromium_back_closes_the_sheet_then_leaves_the_game_kept() {
    run(async {
        let phone = Phone::open(Setup::default()).await;
        start_level(&phone, "easy").await;
        wait_player_turn(&phone).await;
        touch(&phone, "#open-moves").await;
        phone
            .wait_until("document.querySelector('.moves-open')")
            .await;
        assert_eq!(press_back(&phone).await, "closeSheet");
        phone
            .wait_until("!document.querySelector('.moves-open')")
            .await;
        wait_screen(&phone, "game").await;
        assert_eq!(press_back(&phone).await, "leaveGame");
        wait_screen(&phone, "start").await;
        phone
            .wait_until("document.getElementById('continue') && !document.getElementById('continue').hidden")
            .await;
        assert_eq!(press_back(&phone).await, "exit");
        wait_screen(&phone, "start").await;
        phone.close().await;
    });
}

/// How deep the player's side of a Choko game looks ahead.
const CHOKO_PLAYER_DEPTH: u32 = 3;

/// A whole Choko game by taps alone, from the start screen's Choko tab:
/// placements, steps and jumps (with their extra pieces) each a tap on a
/// point, then the end screen's Menu by a tap; the shell kept the result.
#[test]
fn chromium_a_whole_choko_game_by_taps() {
    run(async {
        let phone = Phone::open(Setup {
            choko: true,
            ..Setup::default()
        })
        .await;
        phone
            .wait_until(
                "document.querySelector('#panel-choko[data-loaded=\"true\"]:not([hidden])')",
            )
            .await;
        touch(&phone, "#choko-play").await;
        wait_screen(&phone, "choko").await;
        let mut actions = 0;
        loop {
            phone.wait_until(choko_play::DECISION).await;
            if choko_play::ended(&phone).await {
                break;
            }
            let before = choko_play::position(&phone).await;
            let best = choko::search(&before, CHOKO_PLAYER_DEPTH)
                .best
                .expect("an action");
            choko_play::play_by(&phone, best, Input::Touch).await;
            // The tap reached the shell: the machine answers only then.
            phone.wait_until(choko_play::DECISION).await;
            assert!(
                choko_play::position(&phone).await != before,
                "{best} by touch changed nothing"
            );
            actions += 1;
            assert!(actions < 120, "no end after {actions} actions");
        }
        choko_play::wait_end(&phone).await;
        let outcome = phone
            .js("return document.getElementById('choko-outcome').dataset.outcome;")
            .await;
        assert!(
            ["win", "loss", "draw"].contains(&outcome.as_str().unwrap_or_default()),
            "the game ended in {outcome}"
        );
        let state = choko_play::shell_state(&phone).await;
        assert!(
            !state["game"]["result"].is_null(),
            "the shell has the result: {state}"
        );
        assert_eq!(phone.moved_or_selected().await, Phone::at_rest());
        phone.screenshot("choko-end").await;
        touch(&phone, "#choko-menu").await;
        wait_screen(&phone, "start").await;
        let calls = phone.bridge.calls();
        assert!(
            calls
                .iter()
                .filter(|c| c.starts_with("plugin:choko|"))
                .count()
                > actions,
            "{actions} actions reached the shell: {calls:?}"
        );
        phone.close().await;
    });
}
