//! Where the keyboard focus goes, read from `document.activeElement`: never
//! to the page itself. Review puts it on the move shown; the move list is
//! one Tab stop walked with the arrows; Esc and Back give it to what opened
//! a question or a screen; the phone's move sheet is a modal dialog that
//! keeps Tab inside and gives the focus back when it closes.

use e2e::play::*;
use e2e::{App, DataDir};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use serde_json::{json, Value};

const TAB: char = '\u{E004}';
const ENTER: char = '\u{E007}';
const ESC: char = '\u{E00C}';
const SHIFT: char = '\u{E008}';
const HOME: char = '\u{E011}';
const END: char = '\u{E010}';
const UP: char = '\u{E013}';
const DOWN: char = '\u{E015}';

/// Shift+Tab.
async fn back_tab(app: &App) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: SHIFT })
        .then(KeyAction::Down { value: TAB })
        .then(KeyAction::Up { value: TAB })
        .then(KeyAction::Up { value: SHIFT });
    app.client.perform_actions(keys).await.unwrap();
}

/// What has the focus, for messages: its id, its classes, or its tag.
async fn active(app: &App) -> String {
    app.js(
        "const a = document.activeElement;
         if (!a || a === document.body) return 'the page (body)';
         const cls = a.getAttribute('class');
         return a.id ? '#' + a.id : cls ? a.tagName + '.' + cls.split(' ').join('.') + (a.dataset.ply ? '[ply ' + a.dataset.ply + ']' : '') : a.tagName;",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Whether the focus is on the element `expr` (a JavaScript expression).
async fn focus_is(app: &App, expr: &str) -> bool {
    app.js(&format!(
        "const e = {expr}; return !!e && document.activeElement === e;"
    ))
    .await
        == json!(true)
}

/// Waits until the focus is on the element `expr`, failing with where it is.
async fn expect_focus(app: &App, expr: &str, what: &str) {
    for _ in 0..40 {
        if focus_is(app, expr).await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{what}: the focus is on {}", active(app).await);
}

/// The elements of the move list that Tab stops at.
async fn list_tab_stops(app: &App) -> Value {
    app.js(
        "return [...document.querySelectorAll('#moves-panel .move-list, #moves-panel .move-list *')]
           .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0)
           .map(e => e.dataset.ply || e.className);",
    )
    .await
}

#[test]
fn review_puts_the_focus_on_the_move_shown() {
    run(async {
        let data = DataDir::new("focus-review");
        preset_easy(&data, "W:W14,18,19:B7,11");
        let app = App::launch(&data, "en").await;
        app.resize(1280, 800).await;
        let n = short_game(&app).await;
        assert!(n >= 3, "{n} moves");
        app.js("document.getElementById('review-game').focus(); return true;")
            .await;
        app.press(ENTER).await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        expect_focus(
            &app,
            &format!("document.querySelector('.move[data-ply=\"{n}\"]')"),
            "after Review",
        )
        .await;
        let role = app
            .js("return [document.activeElement.getAttribute('role'), document.activeElement.getAttribute('aria-selected')];")
            .await;
        assert_eq!(role, json!(["option", "true"]), "the move shown, selected");
        // Back to the result: the focus is on Review again.
        app.press(ESC).await;
        app.wait_until("document.querySelector('[data-mode=\"end\"]')")
            .await;
        expect_focus(
            &app,
            "document.getElementById('review-game')",
            "after leaving the review",
        )
        .await;
        app.quit().await;
    });
}

#[test]
fn the_move_list_is_one_tab_stop_walked_with_the_arrows() {
    run(async {
        let data = DataDir::new("focus-list");
        preset_easy(&data, "W:W14,18,19:B7,11");
        let app = App::launch(&data, "es").await;
        app.resize(1280, 800).await;
        let n = short_game(&app).await;
        // Under the result: one stop, on the last move.
        let stops = list_tab_stops(&app).await;
        assert_eq!(stops, json!([n.to_string()]), "under the result");
        app.click("#review-game").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        let stops = list_tab_stops(&app).await;
        assert_eq!(stops, json!([n.to_string()]), "in the review");
        let role = app
            .js("const l = document.querySelector('#moves-panel .move-list'); return [l.getAttribute('role'), l.getAttribute('aria-label')];")
            .await;
        assert_eq!(role[0], json!("listbox"));
        assert!(role[1].as_str().is_some_and(|s| !s.is_empty()), "{role}");
        // The arrows walk the list and show each position; Home and End go
        // to its ends.
        app.js("document.querySelector('#moves-panel .move-list [tabindex=\"0\"]').focus(); return true;")
            .await;
        app.press(UP).await;
        assert_eq!(review_index(&app).await, n - 1);
        expect_focus(
            &app,
            &format!("document.querySelector('.move[data-ply=\"{}\"]')", n - 1),
            "after Up",
        )
        .await;
        app.press(HOME).await;
        assert_eq!(review_index(&app).await, 0, "Home: the starting position");
        app.press(DOWN).await;
        assert_eq!(review_index(&app).await, 1);
        expect_focus(
            &app,
            "document.querySelector('.move[data-ply=\"1\"]')",
            "after Down",
        )
        .await;
        assert_eq!(list_tab_stops(&app).await, json!(["1"]));
        app.press(END).await;
        assert_eq!(review_index(&app).await, n);
        // Tab leaves the list at once; Shift+Tab comes back to the move shown.
        app.press(TAB).await;
        let inside = app
            .js("return !!document.activeElement.closest('.move-list') || document.activeElement === document.body;")
            .await;
        assert_eq!(
            inside,
            json!(false),
            "Tab left the list: {}",
            active(&app).await
        );
        back_tab(&app).await;
        expect_focus(
            &app,
            &format!("document.querySelector('.move[data-ply=\"{n}\"]')"),
            "Shift+Tab back into the list",
        )
        .await;
        app.quit().await;
    });
}

#[test]
fn esc_and_back_give_the_focus_to_what_opened_a_question_or_a_screen() {
    run(async {
        let data = DataDir::new("focus-return");
        preset_game(&data, "W:W22,30,31:B18", &[]);
        let app = App::launch(&data, "es").await;
        app.wait_until("!document.getElementById('continue').hidden")
            .await;
        // The question before abandoning the saved game: Esc keeps it.
        app.js("document.getElementById('level-hard').focus(); return true;")
            .await;
        app.press(ENTER).await;
        app.wait_until("!document.getElementById('confirm').hidden")
            .await;
        expect_focus(
            &app,
            "document.getElementById('confirm-keep')",
            "the question",
        )
        .await;
        app.press(ESC).await;
        app.wait_until("document.getElementById('confirm').hidden")
            .await;
        expect_focus(
            &app,
            "document.getElementById('level-hard')",
            "Esc on the question",
        )
        .await;
        // Help, records and settings: Esc, or Back, returns to their link.
        for (link, screen) in [
            ("open-help", "help"),
            ("open-records", "records"),
            ("open-settings", "settings"),
        ] {
            for by_back in [false, true] {
                app.js(&format!(
                    "document.getElementById('{link}').focus(); return true;"
                ))
                .await;
                app.press(ENTER).await;
                wait_screen(&app, screen).await;
                if by_back {
                    app.click("#back").await;
                } else {
                    app.press(ESC).await;
                }
                wait_screen(&app, "start").await;
                expect_focus(
                    &app,
                    &format!("document.getElementById('{link}')"),
                    &format!(
                        "back from {screen} ({})",
                        if by_back { "Back" } else { "Esc" }
                    ),
                )
                .await;
            }
        }
        // A kept game opened from the history: Back returns to its row.
        app.click("#continue").await;
        wait_player_turn(&app).await;
        tap(&app, 22).await;
        tap(&app, 15).await;
        wait_end(&app).await;
        app.click("#menu").await;
        wait_screen(&app, "start").await;
        app.click("#open-records").await;
        app.wait_until("document.querySelector('#history .history-row')")
            .await;
        app.click("#history .history-row").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        app.click("#back").await;
        wait_screen(&app, "records").await;
        expect_focus(
            &app,
            "document.querySelector('#history .history-row')",
            "back from a kept game",
        )
        .await;
        app.quit().await;
    });
}

#[test]
fn the_phone_move_sheet_is_a_modal_dialog() {
    run(async {
        let data = DataDir::new("focus-sheet");
        preset_easy(&data, "W:W14,18,19:B7,11");
        let app = App::launch(&data, "en").await;
        app.resize(360, 640).await;
        short_game(&app).await;
        app.js("document.getElementById('open-moves').focus(); return true;")
            .await;
        app.press(ENTER).await;
        app.wait_until("document.querySelector('.moves-open')")
            .await;
        let dialog = app
            .js("const p = document.getElementById('moves-panel'); return [p.getAttribute('role'), p.getAttribute('aria-modal'), !!p.getAttribute('aria-labelledby')];")
            .await;
        assert_eq!(dialog, json!(["dialog", "true", true]));
        let inside = "document.activeElement && document.activeElement !== document.body && document.getElementById('moves-panel').contains(document.activeElement)";
        assert!(
            app.js(&format!("return {inside};")).await == json!(true),
            "the focus went into the sheet: {}",
            active(&app).await
        );
        // Tab and Shift+Tab stay inside the sheet.
        for i in 0..5 {
            app.press(TAB).await;
            assert!(
                app.js(&format!("return {inside};")).await == json!(true),
                "Tab {}: the focus left the sheet for {}",
                i + 1,
                active(&app).await
            );
        }
        for i in 0..3 {
            back_tab(&app).await;
            assert!(
                app.js(&format!("return {inside};")).await == json!(true),
                "Shift+Tab {}: the focus left the sheet for {}",
                i + 1,
                active(&app).await
            );
        }
        // What lies behind it is inert.
        let inert = app
            .js("return ['.board-wrap', '.topbar', '#open-moves', '.dock'].map(s => !!document.querySelector(s).closest('[inert]'));")
            .await;
        assert_eq!(
            inert,
            json!([true, true, true, true]),
            "the page behind the sheet"
        );
        // Esc closes it and gives the focus back to what opened it.
        app.press(ESC).await;
        app.wait_until("!document.querySelector('.moves-open')")
            .await;
        expect_focus(&app, "document.getElementById('open-moves')", "after Esc").await;
        let inert = app
            .js("return !!document.querySelector('.board-wrap').closest('[inert]');")
            .await;
        assert_eq!(inert, json!(false), "the board is live again");
        // So does its close button.
        app.js("document.getElementById('open-moves').focus(); return true;")
            .await;
        app.press(ENTER).await;
        app.wait_until("document.querySelector('.moves-open')")
            .await;
        app.click("#close-moves").await;
        app.wait_until("!document.querySelector('.moves-open')")
            .await;
        expect_focus(
            &app,
            "document.getElementById('open-moves')",
            "after the close button",
        )
        .await;
        app.quit().await;
    });
}
