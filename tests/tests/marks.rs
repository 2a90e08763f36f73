//! The marks on the board: the whole last move (every square the piece
//! touched, its route and every piece it took) for both sides, the
//! player's own chain while it is made, all readable against the square in
//! both themes and never taken for a destination dot; and a tap on a piece
//! held back by a forced capture, which silently points to the pieces that
//! can jump.

use e2e::play::*;
use e2e::{App, DataDir, Theme};
use serde_json::{json, Value};

const CAPTURE_TEXT: &str =
    "Hay una captura disponible: solo pueden moverse las fichas que pueden saltar";

/// A saved game where the player must capture 22x15x6.
const CHAIN_FEN: &str = "W:W22,30:B18,10,3";

/// The last move as the board marks it: the route's squares, the squares
/// of the pieces taken, and the tinted squares.
async fn marked(app: &App) -> (String, Vec<u32>, Vec<u32>) {
    let route = app
        .js("const r = document.querySelector('.board.interactive .last-route'); return r ? r.dataset.path : '';")
        .await;
    let taken = squares_of(app, ".board.interactive .captured-mark", "data-captured").await;
    let tinted = app
        .js("return [...document.querySelectorAll('.board.interactive .sq')].filter(s => s.querySelector('.trail.on')).map(s => Number(s.dataset.square)).sort((a, b) => a - b);")
        .await;
    (
        route.as_str().unwrap_or_default().to_string(),
        taken,
        serde_json::from_value(tinted).unwrap(),
    )
}

/// The route and the marks of taken pieces against the dark square, from
/// the colours the page uses: at least 3:1 (WCAG's ratio for graphics),
/// and none of them a disc like a destination dot.
async fn check_marks_readable(app: &App, what: &str) {
    let v: Value = app
        .js(
            "const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
             const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
             const board = document.querySelector('.board.interactive');
             const square = getComputedStyle(board.querySelector('.sq-dark')).fill;
             const route = board.querySelector('.last-route .route-core');
             const taken = board.querySelector('.captured-mark .x-core');
             return {
               route: route ? ratio(getComputedStyle(route).stroke, square) : null,
               taken: taken ? ratio(getComputedStyle(taken).stroke, square) : null,
               discs: board.querySelectorAll('.last-route circle, .captured-mark circle').length,
             };",
        )
        .await;
    for key in ["route", "taken"] {
        let r = v[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{what}: no {key} mark"));
        assert!(
            r >= 3.0,
            "{what}: the {key} mark is {r:.2}:1 against the square"
        );
    }
    assert_eq!(v["discs"], json!(0), "{what}: a mark drawn as a disc");
}

#[test]
fn the_cpus_whole_chain_is_marked_hop_by_hop_and_capture_by_capture() {
    run(async {
        for theme in [Theme::Light, Theme::Dark] {
            let data = DataDir::new(&format!("marks-cpu-{theme:?}"));
            // After 31-27 the CPU's only move is the double jump 10x17x26,
            // taking 14 and 22.
            preset_game(&data, "W:W14,22,31:B7,10", &[]);
            let app = App::launch_with(&data, "es", theme).await;
            app.click("#continue").await;
            wait_status(&app, "yourTurn").await;
            tap(&app, 31).await;
            tap(&app, 27).await;
            app.wait_until("document.getElementById('turn-line').dataset.status === 'cpuThinking'")
                .await;
            wait_status(&app, "yourTurn").await;
            let (route, taken, tinted) = marked(&app).await;
            assert_eq!(route, "10,17,26", "{theme:?}: the route of the whole chain");
            assert_eq!(taken, vec![14, 22], "{theme:?}: both pieces taken");
            assert_eq!(
                tinted,
                vec![10, 17, 26],
                "{theme:?}: every square it touched"
            );
            check_marks_readable(&app, &format!("{theme:?}")).await;
            app.screenshot(&format!("marks-cpu-chain-{theme:?}")).await;
            app.quit().await;
        }
    });
}

#[test]
fn the_players_chain_shows_its_path_while_it_is_made_and_its_whole_move_after() {
    run(async {
        let data = DataDir::new("marks-player-chain");
        preset_game(&data, CHAIN_FEN, &[]);
        let app = App::launch(&data, "en").await;
        app.resize(360, 640).await;
        app.click("#continue").await;
        wait_status(&app, "captureAvailable").await;
        tap(&app, 22).await;
        tap(&app, 15).await;
        wait_status(&app, "jumpAgain").await;
        let (route, taken, tinted) = marked(&app).await;
        assert_eq!(route, "22,15", "the chain so far");
        assert_eq!(taken, vec![18], "the piece taken so far");
        assert_eq!(tinted, vec![15, 22]);
        // The next destination is a dot, and no mark of the move is one.
        assert_eq!(dests(&app).await, vec![6]);
        check_marks_readable(&app, "mid-chain").await;
        app.screenshot("marks-player-mid-chain").await;
        app.quit().await;

        // A move that ends the game stays marked whole under the result,
        // and in the review.
        let data = DataDir::new("marks-player-end");
        preset_game(&data, "W:W22,30,31:B18", &[]);
        let app = App::launch_with(&data, "en", Theme::Dark).await;
        app.click("#continue").await;
        wait_player_turn(&app).await;
        tap(&app, 22).await;
        tap(&app, 15).await;
        wait_end(&app).await;
        let (route, taken, _) = marked(&app).await;
        assert_eq!(
            (route.as_str(), taken),
            ("22,15", vec![18]),
            "under the result"
        );
        app.click("#review-game").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        let (route, taken, _) = marked(&app).await;
        assert_eq!(
            (route.as_str(), taken),
            ("22,15", vec![18]),
            "in the review"
        );
        app.click("#review-first").await;
        let (route, taken, tinted) = marked(&app).await;
        assert!(
            route.is_empty() && taken.is_empty() && tinted.is_empty(),
            "nothing marked at the start"
        );
        app.quit().await;
    });
}

/// Record every piece that is emphasised, from now on, in the page.
async fn watch_flashes(app: &App) {
    app.js(
        "window.__flashed = new Set();
         clearInterval(window.__flashWatch);
         window.__flashWatch = setInterval(() => {
           for (const p of document.querySelectorAll('.board.interactive .piece.flash')) window.__flashed.add(Number(p.dataset.square));
         }, 10);
         return true;",
    )
    .await;
}

async fn flashed(app: &App) -> Vec<u32> {
    let v = app
        .js("return [...window.__flashed].sort((a, b) => a - b);")
        .await;
    serde_json::from_value(v).unwrap()
}

/// How many sounds the page has started (oscillators and noise sources).
async fn sounds(app: &App) -> i64 {
    app.js("return window.__sounds;").await.as_i64().unwrap()
}

#[test]
fn a_piece_held_back_by_a_forced_capture_points_silently_to_those_that_jump() {
    run(async {
        let data = DataDir::new("marks-flash");
        preset_game(&data, CHAIN_FEN, &[]);
        // With the sounds on, to hear that nothing is played.
        write_doc(
            &data,
            "settings",
            json!({ "language": "es", "sound": true, "squareNumbers": false }),
        );
        let app = App::launch(&data, "es").await;
        app.js("window.__sounds = 0;
             const P = (window.AudioContext || window.webkitAudioContext).prototype;
             for (const m of ['createOscillator', 'createBufferSource']) {
               const f = P[m];
               P[m] = function (...a) { window.__sounds += 1; return f.apply(this, a); };
             }
             return true;")
            .await;
        app.click("#continue").await;
        wait_status(&app, "captureAvailable").await;
        assert_eq!(movable(&app).await, vec![22]);
        watch_flashes(&app).await;
        // 30 could step, but 22 must jump: a tap on 30 points to 22.
        tap(&app, 30).await;
        app.wait_until("window.__flashed.size > 0").await;
        assert_eq!(
            flashed(&app).await,
            vec![22],
            "only the piece that can jump"
        );
        assert!(lifted(&app).await.is_empty(), "nothing is lifted");
        assert_eq!(turn_text(&app).await, CAPTURE_TEXT, "no message");
        let quiet = app
            .js("return [document.getElementById('turn-spoken').textContent, document.getElementById('toast').hidden];")
            .await;
        assert_eq!(quiet, json!(["", true]), "nothing said, no toast");
        assert_eq!(sounds(&app).await, 0, "no sound");
        // It is brief.
        app.wait_until("!document.querySelector('.board.interactive .piece.flash')")
            .await;
        // A tap on an empty square or on a CPU piece points to nothing.
        watch_flashes(&app).await;
        tap(&app, 21).await;
        tap(&app, 18).await;
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
        assert!(flashed(&app).await.is_empty(), "{:?}", flashed(&app).await);
        // The keyboard's Enter on 30 does the same as a tap.
        app.js("document.querySelector('.board.interactive').focus(); return true;")
            .await;
        watch_flashes(&app).await;
        key_to(&app, 30).await;
        app.wait_until("window.__flashed.size > 0").await;
        assert_eq!(flashed(&app).await, vec![22]);
        app.wait_until("!document.querySelector('.board.interactive .piece.flash')")
            .await;
        // Mid-chain a tap on another piece points to the one that must jump.
        tap(&app, 22).await;
        tap(&app, 15).await;
        wait_status(&app, "jumpAgain").await;
        let before = sounds(&app).await;
        assert!(before > 0, "the hop was heard: the sound counter works");
        watch_flashes(&app).await;
        tap(&app, 30).await;
        app.wait_until("window.__flashed.size > 0").await;
        assert_eq!(flashed(&app).await, vec![15]);
        assert_eq!(lifted(&app).await, vec![15], "still lifted, still to jump");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert_eq!(sounds(&app).await, before, "the taps made no sound");
        app.quit().await;
    });
}
