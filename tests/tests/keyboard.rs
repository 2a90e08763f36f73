//! Keyboard and feedback in the real window: focus is never lost and lands
//! on a piece that can move at the player's turn; one Tab stop per choice
//! group; undo shows and says what it withdrew; the last quiet turns before
//! the 50-turn draw are counted near the board.

use e2e::play::*;
use e2e::{App, DataDir};
use serde_json::json;

const ENTER: char = '\u{E007}';
const UP: char = '\u{E013}';
const RIGHT: char = '\u{E014}';
const TAB: char = '\u{E004}';

async fn active(app: &App) -> String {
    app.js(
        "const a = document.activeElement; return a ? (a.id || a.getAttribute('class') || a.tagName) : '';",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[test]
fn undo_until_nothing_is_left_keeps_the_focus_on_the_board() {
    run(async {
        let data = DataDir::new("undo-focus");
        let app = App::launch(&data, "en").await;
        app.click("#first-player").await;
        app.click("#level-easy").await;
        wait_player_turn(&app).await;
        for _ in 0..2 {
            let from = movable(&app).await[0];
            tap(&app, from).await;
            let to = dests(&app).await[0];
            tap(&app, to).await;
            app.wait_until("document.getElementById('turn-line').dataset.status === 'cpuThinking'")
                .await;
            wait_player_turn(&app).await;
        }
        app.js("document.getElementById('undo').focus(); return true;")
            .await;
        for _ in 0..2 {
            app.press(ENTER).await;
            wait_player_turn(&app).await;
        }
        app.wait_until("document.getElementById('undo').disabled")
            .await;
        // The button that had the focus is disabled: the board has it now,
        // and the arrows move its ring at once.
        app.wait_until("document.activeElement === document.querySelector('.board.interactive')")
            .await;
        let before = focus_square(&app).await;
        assert!(before > 0);
        app.press(UP).await;
        app.wait_until(&format!(
            "Number((document.querySelector('.board.interactive').getAttribute('aria-activedescendant') || '').split('-').pop()) !== {before}"
        ))
        .await;
        app.quit().await;
    });
}

#[test]
fn at_the_players_turn_the_focus_is_on_a_piece_that_can_move() {
    run(async {
        // After the CPU opens a game.
        let data = DataDir::new("focus-cpu-first");
        let app = App::launch(&data, "es").await;
        app.click("#first-cpu").await;
        app.click("#level-easy").await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        let at = focus_square(&app).await;
        assert!(movable(&app).await.contains(&at), "focus on {at}");
        app.quit().await;

        // Resuming into the CPU's turn, with square 22 empty.
        let data = DataDir::new("focus-resume");
        write_doc(
            &data,
            "game",
            json!({ "gameId": 1, "game": {
                "version": 1, "level": "easy", "first": "cpu", "fen": "B:W21,23,24,25:B9,10,11,12",
                "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 0, "recorded": false
            }}),
        );
        let app = App::launch(&data, "es").await;
        app.click("#continue").await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        let at = focus_square(&app).await;
        assert_ne!(at, 22);
        assert!(movable(&app).await.contains(&at), "focus on {at}");
        // Enter lifts the focused piece straight away.
        app.js("document.querySelector('.board.interactive').focus(); return true;")
            .await;
        app.press(ENTER).await;
        assert_eq!(lifted(&app).await, vec![at]);
        app.quit().await;
    });
}

#[test]
fn each_choice_group_is_one_tab_stop_with_arrows_inside() {
    run(async {
        let data = DataDir::new("tab-stops");
        let app = App::launch(&data, "en").await;
        let stops = app
            .js("return [...document.querySelectorAll('[role=radiogroup] [role=radio]')].filter(b => b.tabIndex >= 0).map(b => b.id);")
            .await;
        assert_eq!(stops, json!(["first-player"]));
        // Tab from the group's one stop goes straight on to the levels.
        app.js("document.getElementById('first-player').focus(); return true;")
            .await;
        app.press(RIGHT).await;
        assert_eq!(active(&app).await, "first-cpu");
        let checked = app
            .js("return document.getElementById('first-cpu').getAttribute('aria-checked');")
            .await;
        assert_eq!(checked, json!("true"));
        app.press(TAB).await;
        assert_eq!(active(&app).await, "level-easy");
        // The language group in the settings works the same way.
        app.click("#open-settings").await;
        wait_screen(&app, "settings").await;
        let stops = app
            .js("return [...document.querySelectorAll('#lang-select [role=radio]')].filter(b => b.tabIndex >= 0).map(b => b.id);")
            .await;
        assert_eq!(stops, json!(["lang-en"]));
        app.js("document.getElementById('lang-en').focus(); return true;")
            .await;
        app.press(RIGHT).await;
        app.wait_until("document.documentElement.lang === 'es'")
            .await;
        app.wait_until("document.activeElement && document.activeElement.id === 'lang-system'")
            .await;
        app.quit().await;
    });
}

#[test]
fn undo_slides_the_withdrawn_moves_back_and_says_them() {
    run(async {
        let data = DataDir::new("undo-slide");
        let app = App::launch(&data, "es").await;
        app.click("#first-player").await;
        app.click("#level-easy").await;
        wait_player_turn(&app).await;
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        // Watch the player's man on 18 while undo runs.
        app.js(
            "window.__y = []; const t0 = performance.now();
             window.__watch = setInterval(() => {
               const p = document.querySelector('.board.interactive .piece[data-side=\"player\"][data-square=\"18\"]');
               if (p) window.__y.push(p.getAttribute('transform'));
             }, 5);
             return true;",
        )
        .await;
        app.click("#undo").await;
        app.wait_until("document.querySelectorAll('.move[data-ply]').length === 0")
            .await;
        let seen = app
            .js("clearInterval(window.__watch); return [...new Set(window.__y)];")
            .await;
        let seen = seen.as_array().unwrap();
        // Between its square (translate(350 450)) and 22's (translate(250 550))
        // the piece was seen on its way.
        assert!(
            seen.iter()
                .any(|t| t != "translate(350 450)" && t != "translate(250 550)"),
            "no transition: {seen:?}"
        );
        let spoken = app
            .js("return document.getElementById('turn-spoken').textContent;")
            .await;
        let spoken = spoken.as_str().unwrap();
        assert!(spoken.starts_with("Deshecho: 22-18, "), "{spoken}");
        assert_eq!(
            app.js("return document.getElementById('turn-text').textContent;")
                .await,
            json!("Tu turno")
        );
        app.quit().await;
    });
}

#[test]
fn the_last_ten_quiet_turns_are_counted_near_the_board() {
    run(async {
        let data = DataDir::new("draw-count");
        write_doc(
            &data,
            "game",
            json!({ "gameId": 1, "game": {
                "version": 1, "level": "easy", "first": "player", "fen": "W:WK32:BK1",
                "quiet": 45, "chain": [], "lastMove": null, "playTimeMs": 0, "recorded": false
            }}),
        );
        let app = App::launch(&data, "es").await;
        app.click("#continue").await;
        wait_player_turn(&app).await;
        let counter = "return document.getElementById('draw-counter').hidden ? '' : document.getElementById('draw-counter').textContent;";
        assert_eq!(app.js(counter).await, json!("Tablas en 5 turnos"));
        // The turn line keeps saying one thing (U4).
        assert_eq!(
            app.js("return document.getElementById('turn-text').textContent;")
                .await,
            json!("Tu turno")
        );
        tap(&app, 32).await;
        tap(&app, 27).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        assert_eq!(app.js(counter).await, json!("Tablas en 3 turnos"));
        app.screenshot("draw-counter-es").await;
        app.quit().await;
    });
}
