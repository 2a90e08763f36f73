//! Choko's screens at a phone (360×640), a tablet (768×1024) and a desktop
//! (1280×800) window, in the light theme in Spanish and the dark theme in
//! English, photographed into `target/e2e-screenshots/` (looked at by a
//! person before a change to what the player sees is called done), with
//! the layout rules checked on each: the hands above and below the board,
//! the board's marks at least 3:1 against its wood, the turn line and the
//! result's buttons in the window, nothing of the start screen below the
//! fold on a short window.

use e2e::choko_play::*;
use e2e::play::{rect, run, wait_screen, write_doc};
use e2e::{App, DataDir, Theme};
use serde_json::json;

const SIZES: [(u32, u32, &str); 3] = [
    (360, 640, "phone"),
    (768, 1024, "tablet"),
    (1280, 800, "desktop"),
];

/// Each mark on the board against the wood it sits on: at least 3:1.
async fn check_mark_contrast(app: &App, what: &str) {
    let ratios = app
        .js(
            "const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
             const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
             const wood = getComputedStyle(document.querySelector('.choko-board.interactive .choko-wood')).fill;
             const out = {};
             for (const [name, css, prop] of [['dot', '.dest-dot', 'fill'], ['movable', '.movable-ring', 'stroke'], ['lifted', '.lifted-ring', 'stroke'], ['take', '.take-ring', 'stroke'], ['focus', '.focus-ring .ring-outer', 'stroke'], ['last', '.last-mark', 'stroke'], ['lines', '.choko-lines line', 'stroke']]) {
               const e = document.querySelector('.choko-board.interactive ' + css);
               if (e) out[name] = ratio(getComputedStyle(e)[prop], wood);
             }
             return out;",
        )
        .await;
    for (name, r) in ratios.as_object().unwrap() {
        let r = r.as_f64().unwrap();
        assert!(
            r >= 3.0,
            "{what}: the {name} mark is {r:.2}:1 against the wood"
        );
    }
}

/// The game screen's frame at every size: the machine's hand above the
/// board, the player's below it, the turn line (or the result) under them,
/// all inside the window.
async fn check_frame(app: &App, h: u32, name: &str, under: &str) {
    let board = rect(app, ".choko-wrap").await;
    let top = rect(app, "#hand-machine").await;
    let bottom = rect(app, "#hand-player").await;
    assert!(
        top[3] <= board[1] + 0.5,
        "{name}: the machine's hand is above the board"
    );
    assert!(
        bottom[1] >= board[3] - 0.5,
        "{name}: the player's hand is below the board"
    );
    let last = rect(app, under).await;
    assert!(
        last[3] <= f64::from(h) + 0.5,
        "{name}: {under} below the fold ({})",
        last[3]
    );
    assert!(
        last[1] >= board[3] - 0.5 || last[0] >= board[2] - 0.5,
        "{name}: {under} covers the board"
    );
}

async fn gallery(theme: Theme, lang: &str) {
    let tag = format!(
        "{}-{lang}",
        match theme {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    );
    let data = DataDir::new(&format!("choko-gallery-{tag}"));
    write_doc(
        &data,
        "settings",
        json!({ "language": lang, "sound": false, "squareNumbers": true, "game": "choko" }),
    );
    preset_ladder(&data, &[60, 45], &[70, 60, 45]);
    preset_game(
        &data,
        3,
        "player",
        "2o2/1o3/1xo2/5/5 x 11/9 x 0 6",
        &[],
        None,
    );
    let app = App::launch_with(&data, lang, theme).await;
    open_choko(&app).await;
    for (w, h, name) in [(360, 560, "short"), SIZES[0], SIZES[1], SIZES[2]] {
        app.resize(w, h).await;
        for id in [
            "#choko-continue",
            "#choko-new-streak",
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
        app.screenshot(&format!("choko-{tag}-{name}-start")).await;
    }
    app.click("#choko-new-streak").await;
    app.wait_until("!document.getElementById('choko-confirm').hidden")
        .await;
    app.resize(360, 640).await;
    app.screenshot(&format!("choko-{tag}-phone-confirm")).await;
    app.click("#choko-confirm-keep").await;
    app.wait_until("document.getElementById('choko-confirm').hidden")
        .await;

    // Play: a piece lifted with its step and jump dots.
    app.click("#choko-continue").await;
    wait_status(&app, "yourTurn").await;
    tap(&app, "b3").await;
    app.wait_until("document.querySelector('.choko-board .piece.lifted')")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        check_frame(&app, h, name, "#choko-turn-line").await;
        check_mark_contrast(&app, name).await;
        let num = rect(&app, ".choko-board.interactive .num-text").await;
        assert!(
            num[3] - num[1] >= 9.0,
            "{name}: point names {:.1} px tall",
            num[3] - num[1]
        );
        app.screenshot(&format!("choko-{tag}-{name}-lifted")).await;
    }
    // The jump waits for its extra piece: rings on the choices.
    tap(&app, "d3").await;
    wait_status(&app, "chooseExtra").await;
    app.js("document.querySelector('.choko-board.interactive').focus(); return true;")
        .await;
    app.press('x').await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        check_frame(&app, h, name, "#choko-turn-line").await;
        check_mark_contrast(&app, name).await;
        app.screenshot(&format!("choko-{tag}-{name}-extra")).await;
    }
    tap(&app, "c5").await;
    app.wait_until(DECISION).await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        check_mark_contrast(&app, name).await;
        app.screenshot(&format!("choko-{tag}-{name}-play")).await;
    }
    app.quit().await;

    // The end: a win in one jump, the result under the final position.
    preset_game(&data, 3, "player", "5/5/1xo2/5/5 x 11/1 x 0 30", &[], None);
    let app = App::launch_with(&data, lang, theme).await;
    open_choko(&app).await;
    app.click("#choko-continue").await;
    wait_status(&app, "yourTurn").await;
    tap(&app, "b3").await;
    tap(&app, "d3").await;
    wait_end(&app).await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        check_frame(&app, h, name, "#choko-menu").await;
        check_frame(&app, h, name, "#choko-next").await;
        app.screenshot(&format!("choko-{tag}-{name}-end")).await;
    }
    app.click("#choko-menu").await;
    wait_screen(&app, "start").await;
    app.click("#open-help").await;
    wait_screen(&app, "chokoHelp").await;
    let open = app
        .js("return [...document.querySelectorAll('.help-section')].map(d => d.open);")
        .await;
    let open: Vec<bool> = serde_json::from_value(open).unwrap();
    assert!(
        open.len() >= 5 && open[0] && open[1..].iter().all(|o| !o),
        "{open:?}"
    );
    app.click("#choko-help-1 > summary").await;
    app.wait_until("document.getElementById('choko-help-1').open")
        .await;
    for (w, h, name) in SIZES {
        app.resize(w, h).await;
        app.screenshot(&format!("choko-{tag}-{name}-help")).await;
    }
    app.quit().await;
}

#[test]
fn chokos_screens_at_three_sizes_in_both_themes_and_languages() {
    run(async {
        gallery(Theme::Light, "es").await;
        gallery(Theme::Dark, "en").await;
    });
}
