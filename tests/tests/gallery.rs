//! Every screen at a phone (360×640), a tablet (768×1024) and a desktop
//! (1280×800) window, in the light theme in Spanish and the dark theme in
//! English, photographed into `target/e2e-screenshots/` (looked at by a
//! person before a change to what the player sees is called done), and the
//! layout rules checked on each: the board's marks stand out, the phone's
//! actions sit under the board, wide windows use their width for the move
//! list, a review shows the moves without covering the board, the start
//! screen's actions are all reachable on a short window, and the help's
//! sections open and close.

use e2e::play::{rect, run, wait_player_turn, write_doc};
use e2e::{App, DataDir, Theme};
use serde_json::json;

const SIZES: [(u32, u32, &str); 3] = [
    (360, 640, "phone"),
    (768, 1024, "tablet"),
    (1280, 800, "desktop"),
];

/// A saved game one capture from a win, against Normal.
fn preset_win(data: &DataDir, lang: &str) {
    write_doc(
        data,
        "game",
        json!({ "gameId": 1, "game": {
            "version": 1, "level": "normal", "first": "player", "fen": "W:W22,30,31:B18",
            "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 65000, "recorded": false
        }}),
    );
    write_doc(
        data,
        "settings",
        json!({ "language": lang, "sound": false, "squareNumbers": true }),
    );
}

async fn visible(app: &App, css: &str) -> bool {
    app.js(&format!(
        "const e = document.querySelector('{css}'); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';"
    ))
    .await
        == json!(true)
}

/// The contrast of each board mark against the dark square it sits on,
/// from the colours the page really uses: at least 3:1 (WCAG's ratio for
/// graphical objects).
async fn check_mark_contrast(app: &App, what: &str) {
    let ratios = app
        .js(
            "const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
             const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
             const square = getComputedStyle(document.querySelector('.board.interactive .sq-dark')).fill;
             const out = {};
             for (const [name, css, prop] of [['dot', '.dest-dot', 'fill'], ['movable', '.movable-ring', 'stroke'], ['lifted', '.lifted-ring', 'stroke'], ['focus', '.focus-ring .ring-outer', 'stroke'], ['last', '.last-mark', 'stroke'], ['route', '.route-core', 'stroke'], ['taken', '.x-core', 'stroke']]) {
               const e = document.querySelector('.board.interactive ' + css);
               if (e) out[name] = ratio(getComputedStyle(e)[prop], square);
             }
             return out;",
        )
        .await;
    for (name, r) in ratios.as_object().unwrap() {
        let r = r.as_f64().unwrap();
        assert!(
            r >= 3.0,
            "{what}: the {name} mark is {r:.2}:1 against the square"
        );
    }
}

/// Photograph and check every screen at each size, in one theme and language.
async fn gallery(theme: Theme, lang: &str) {
    let tag = format!(
        "{}-{lang}",
        match theme {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    );
    let data = DataDir::new(&format!("gallery-{tag}"));
    preset_win(&data, lang);
    let app = App::launch_with(&data, lang, theme).await;
    let dark = app
        .js("return matchMedia('(prefers-color-scheme: dark)').matches;")
        .await;
    assert_eq!(dark, json!(theme == Theme::Dark), "the page sees the theme");

    // The game that is about to be won: lifted piece, dots, numbers.
    app.click("#continue").await;
    wait_player_turn(&app).await;
    app.click(".board.interactive .sq[data-square=\"22\"]")
        .await;
    app.wait_until(
        "document.querySelector('.board.interactive .piece.lifted[data-square=\"22\"]')",
    )
    .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        // Square numbers: at least 10 px tall, above the pieces.
        let num = rect(&app, ".board.interactive .num-text").await;
        assert!(
            num[3] - num[1] >= 10.0,
            "{name}: numbers {:.1} px tall",
            num[3] - num[1]
        );
        check_mark_contrast(&app, name).await;
        app.screenshot(&format!("gallery-{tag}-{name}-play-lifted"))
            .await;
    }

    // The end stays on the board.
    app.click(".board.interactive .sq[data-square=\"15\"]")
        .await;
    app.wait_until("document.querySelector('[data-mode=\"end\"]')")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        assert!(
            visible(&app, ".board.interactive").await,
            "{name}: the board stays"
        );
        assert!(visible(&app, "#outcome").await && visible(&app, "#play-again").await);
        let board = rect(&app, ".board-wrap").await;
        let again = rect(&app, "#play-again").await;
        assert!(
            again[3] <= f64::from(h) + 0.5,
            "{name}: Play again below the fold"
        );
        assert!(
            again[1] >= board[3] - 0.5 || again[0] >= board[2] - 0.5,
            "{name}: the result covers the board"
        );
        app.screenshot(&format!("gallery-{tag}-{name}-end")).await;
    }

    // The phone's move list under the result: a sheet over the board.
    app.resize(360, 640).await;
    app.click("#open-moves").await;
    app.wait_until("document.querySelector('.moves-open')")
        .await;
    app.screenshot(&format!("gallery-{tag}-phone-end-moves"))
        .await;
    app.click("#close-moves").await;

    // Review, at each size: the moves in sight, the board never covered.
    app.click("#review-game").await;
    app.wait_until("document.querySelector('[data-mode=\"review\"]')")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        assert!(visible(&app, "#moves-panel").await, "{name}: move list");
        let board = rect(&app, ".board-wrap").await;
        let panel = rect(&app, "#moves-panel").await;
        let apart = panel[0] >= board[2] - 0.5
            || panel[2] <= board[0] + 0.5
            || panel[1] >= board[3] - 0.5
            || panel[3] <= board[1] + 0.5;
        assert!(apart, "{name}: the move list covers the board");
        check_mark_contrast(&app, name).await;
        app.screenshot(&format!("gallery-{tag}-{name}-review"))
            .await;
    }
    app.click("#review-prev").await;
    app.resize(360, 640).await;
    app.screenshot(&format!("gallery-{tag}-phone-review-start"))
        .await;
    app.click("#exit-review").await;
    app.click("#menu").await;

    // Records with the game just won in the history.
    app.click("#open-records").await;
    app.wait_until("document.querySelector('#history .history-row')")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        app.screenshot(&format!("gallery-{tag}-{name}-records"))
            .await;
    }
    app.click("#back").await;

    // Help: sections open and close; the first is open.
    app.click("#open-help").await;
    app.wait_until("document.querySelector('[data-screen=\"help\"]')")
        .await;
    let open = app
        .js("return [...document.querySelectorAll('.help-section')].map(d => d.open);")
        .await;
    let open: Vec<bool> = serde_json::from_value(open).unwrap();
    assert!(open[0] && open[1..].iter().all(|o| !o), "{open:?}");
    app.click("#help-1 > summary").await;
    app.wait_until("document.getElementById('help-1').open")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        app.screenshot(&format!("gallery-{tag}-{name}-help")).await;
    }
    app.click("#back").await;

    app.click("#open-settings").await;
    app.wait_until("document.querySelector('[data-screen=\"settings\"]')")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        app.screenshot(&format!("gallery-{tag}-{name}-settings"))
            .await;
    }
    app.click("#back").await;

    // A game in progress: the move list and the phone's action bar.
    app.click("#level-normal").await;
    wait_player_turn(&app).await;
    app.click(".board.interactive .sq[data-square=\"22\"]")
        .await;
    app.click(".board.interactive .sq[data-square=\"18\"]")
        .await;
    app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
        .await;
    wait_player_turn(&app).await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        let board = rect(&app, ".board-wrap").await;
        let undo = rect(&app, "#undo").await;
        let top = rect(&app, ".topbar").await;
        if name == "phone" {
            // Undo in reach of the thumb: under the board, not in the top
            // corner; and no large empty band above or below.
            assert!(undo[1] >= board[3], "{name}: Undo is not under the board");
            assert!(
                board[1] - top[3] < 60.0,
                "{name}: {} px empty above the board",
                board[1] - top[3]
            );
            assert!(
                f64::from(h) - undo[3] < 80.0,
                "{name}: {} px empty under the actions",
                f64::from(h) - undo[3]
            );
            assert!(visible(&app, "#open-moves").await);
        } else {
            let panel = rect(&app, "#moves-panel").await;
            assert!(
                visible(&app, "#moves-panel").await,
                "{name}: move list shown"
            );
            let used = panel[2].max(board[2]) - panel[0].min(board[0]);
            assert!(
                used >= 0.7 * f64::from(w),
                "{name}: board and moves use {used} of {w} px"
            );
        }
        app.screenshot(&format!("gallery-{tag}-{name}-play")).await;
    }

    // The start screen with a game saved, and the question before
    // abandoning it; on a short window every action is reachable.
    app.click("#back").await;
    app.wait_until("!document.getElementById('continue').hidden")
        .await;
    for (w, h, name) in [(360, 560, "short"), SIZES[0], SIZES[1], SIZES[2]] {
        app.resize(w, h).await;
        for id in [
            "#continue",
            "#level-hard",
            "#open-records",
            "#open-help",
            "#open-settings",
        ] {
            let r = rect(&app, id).await;
            assert!(
                r[3] <= f64::from(h) + 0.5,
                "{name}: {id} below the fold ({})",
                r[3]
            );
        }
        app.screenshot(&format!("gallery-{tag}-{name}-start")).await;
    }
    app.click("#level-easy").await;
    app.wait_until("!document.getElementById('confirm').hidden")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        app.screenshot(&format!("gallery-{tag}-{name}-confirm"))
            .await;
    }
    app.click("#confirm-keep").await;
    app.wait_until("document.getElementById('confirm').hidden")
        .await;
    app.quit().await;
}

#[test]
fn every_screen_at_three_sizes_in_both_themes_and_languages() {
    run(async {
        gallery(Theme::Light, "es").await;
        gallery(Theme::Dark, "en").await;
    });
}
