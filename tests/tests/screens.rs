//! What the screens show, measured in the real window: a review on a phone
//! never hides the board; the move shown stays readable under the pointer;
//! the review names the move as the list numbers it, on one line; the
//! result stands clear of the board, with discs big enough to count and
//! each action on one line; the window is named after the app; an empty
//! records screen says so once.

use e2e::play::*;
use e2e::{display, App, DataDir, Theme};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};

/// The area two boxes share.
fn overlap(a: [f64; 4], b: [f64; 4]) -> f64 {
    let w = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0);
    let h = (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    w * h
}

/// Points of the board where something else is on top: none when the
/// whole board can be seen.
async fn board_hidden_at(app: &App) -> Value {
    app.js(
        "const r = document.querySelector('.board-wrap').getBoundingClientRect();
         const out = [];
         for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) {
           const x = r.left + 3 + (r.width - 6) * i / 4, y = r.top + 3 + (r.height - 6) * j / 4;
           const e = document.elementFromPoint(x, y);
           if (!e || !e.closest('.board-wrap')) out.push([Math.round(x), Math.round(y), e ? (e.id || e.getAttribute('class') || e.tagName) : null]);
         }
         return out;",
    )
    .await
}

#[test]
fn on_a_phone_the_review_never_hides_the_board() {
    run(async {
        let data = DataDir::new("phone-review");
        preset_easy(&data, "W:W14,18,19:B7,11");
        let app = App::launch(&data, "es").await;
        app.resize(360, 640).await;
        let n = short_game(&app).await;
        assert!(n >= 3, "{n} moves");
        app.click("#review-game").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        // The moves are on screen beside the board, the move shown among
        // them, and nothing covers the board.
        let shown = app
            .js(&format!(
                "const m = document.querySelector('.move[data-ply=\"{n}\"]'); const r = m.getBoundingClientRect();
                 return r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight
                   && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === m;"
            ))
            .await;
        assert_eq!(shown, json!(true), "the move shown is in sight");
        let board = rect(&app, ".board-wrap").await;
        let list = rect(&app, "#moves-panel").await;
        assert_eq!(overlap(board, list), 0.0, "board {board:?}, moves {list:?}");
        assert_eq!(board_hidden_at(&app).await, json!([]));
        app.screenshot("review-strip-phone-es").await;
        // A move chosen there (the strip swiped to it first) shows its
        // position, the board still in sight.
        app.js("document.querySelector('.move[data-ply=\"2\"]').scrollIntoView({ inline: 'center', block: 'nearest' }); return true;")
            .await;
        app.click(".move[data-ply=\"2\"]").await;
        assert_eq!(review_index(&app).await, 2);
        let list = rect(&app, "#moves-panel").await;
        assert_eq!(overlap(board, list), 0.0, "board {board:?}, moves {list:?}");
        assert_eq!(board_hidden_at(&app).await, json!([]));
        // Under the result the moves open as a sheet; a move chosen there
        // closes it and shows its position.
        app.click("#exit-review").await;
        app.wait_until("document.querySelector('[data-mode=\"end\"]')")
            .await;
        app.click("#open-moves").await;
        app.wait_until("document.querySelector('.moves-open')")
            .await;
        app.click(".move[data-ply=\"1\"]").await;
        app.wait_until("!document.querySelector('.moves-open')")
            .await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        assert_eq!(review_index(&app).await, 1);
        assert_eq!(board_hidden_at(&app).await, json!([]));
        app.quit().await;
    });
}

/// The contrast of an element's text against what is painted behind it.
async fn text_contrast(app: &App, css: &str) -> f64 {
    app.js(&format!(
        "const rgba = (c) => {{ const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; }};
         const lum = (c) => {{ const f = (v) => {{ v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }}; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); }};
         const el = document.querySelector('{css}');
         const layers = [];
         for (let e = el; e; e = e.parentElement) {{
           const c = rgba(getComputedStyle(e).backgroundColor);
           if (c[3] > 0) {{ layers.push(c); if (c[3] >= 1) break; }}
         }}
         let bg = [255, 255, 255];
         for (const c of layers.reverse()) bg = bg.map((v, i) => v * (1 - c[3]) + c[i] * c[3]);
         const fg = rgba(getComputedStyle(el).color);
         const [x, y] = [lum(fg), lum(bg)].sort((p, q) => q - p);
         return (x + 0.05) / (y + 0.05);"
    ))
    .await
    .as_f64()
    .unwrap()
}

#[test]
fn the_move_shown_stays_readable_under_the_pointer() {
    run(async {
        for (theme, lang) in [(Theme::Light, "es"), (Theme::Dark, "en")] {
            let data = DataDir::new(&format!("hover-{lang}"));
            preset_easy(&data, "W:W14,18,19:B7,11");
            let app = App::launch_with(&data, lang, theme).await;
            app.resize(1280, 800).await;
            short_game(&app).await;
            app.click("#review-game").await;
            app.wait_until("document.querySelector('[data-mode=\"review\"]')")
                .await;
            for ply in [2, 1] {
                let css = format!(".move[data-ply=\"{ply}\"]");
                app.click(&css).await;
                // The pointer rests on the move just chosen.
                let (x, y) = centre(&app, &css).await;
                let mouse = MouseActions::new("mouse".to_string()).then(PointerAction::MoveTo {
                    duration: None,
                    x: x + 1.0,
                    y,
                });
                app.client.perform_actions(mouse).await.unwrap();
                app.wait_until(&format!(
                    "document.querySelector('{}').matches(':hover')",
                    css.replace('\'', "\\'")
                ))
                .await;
                let ratio = text_contrast(&app, &css).await;
                assert!(
                    ratio >= 4.5,
                    "{theme:?}: move {ply}, shown, is {ratio:.2}:1 under the pointer"
                );
                assert_eq!(review_index(&app).await, ply, "the move shown");
            }
            app.screenshot(&format!("review-hover-desktop-{lang}"))
                .await;
            app.quit().await;
        }
    });
}

/// How many lines the text of an element takes.
async fn lines(app: &App, css: &str) -> u64 {
    app.js(&format!(
        "const el = document.querySelector('{css}');
         const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
         const boxes = [];
         for (let n = walk.nextNode(); n; n = walk.nextNode()) {{
           if (!n.textContent.trim()) continue;
           const r = document.createRange(); r.selectNodeContents(n);
           for (const b of r.getClientRects()) if (b.width > 0) boxes.push(b);
         }}
         const mids = boxes.map(b => (b.top + b.bottom) / 2).sort((a, b) => a - b);
         let count = 0, last = -1e9;
         for (const m of mids) {{ if (m - last > 4) count += 1; last = m; }}
         return count;"
    ))
    .await
    .as_u64()
    .unwrap()
}

#[test]
fn the_review_names_the_move_as_the_list_numbers_it_on_one_line() {
    run(async {
        for (lang, you, start) in [
            ("es", "Tú", "Posición inicial"),
            ("en", "You", "Starting position"),
        ] {
            let data = DataDir::new(&format!("review-label-{lang}"));
            preset_easy(&data, "W:W14,18,19:B7,11");
            let app = App::launch(&data, lang).await;
            app.resize(1280, 800).await;
            let n = short_game(&app).await;
            app.click("#review-game").await;
            app.wait_until("document.querySelector('[data-mode=\"review\"]')")
                .await;
            let review = app
                .client
                .execute_async(
                    "const done = arguments[0]; window.__TAURI__.core.invoke('plugin:checkers|review').then(done, e => done({ error: String(e) }));",
                    vec![],
                )
                .await
                .unwrap();
            let said = |ply: u64| {
                let m = &review["moves"][(ply - 1) as usize];
                let who = if m["side"] == json!("cpu") {
                    "CPU"
                } else {
                    you
                };
                format!("{}. {who} {}", m["number"], m["text"].as_str().unwrap())
            };
            for ply in [1, 2, n] {
                app.click(&format!(".move[data-ply=\"{ply}\"]")).await;
                let pos = app
                    .js("return document.getElementById('review-pos').textContent.trim();")
                    .await;
                assert_eq!(pos, json!(said(ply)), "{lang}: the position's label");
                let named = app
                    .js(&format!(
                        "const m = document.querySelector('.move[data-ply=\"{ply}\"]');
                         return [m.getAttribute('role'), (m.getAttribute('aria-label') || m.textContent).trim()];"
                    ))
                    .await;
                assert_eq!(
                    named,
                    json!(["option", said(ply)]),
                    "{lang}: the move's name"
                );
                for css in ["#review-pos", "#exit-review", "#copy-pdn"] {
                    assert_eq!(lines(&app, css).await, 1, "{lang}: {css} on one line");
                }
            }
            app.click("#review-first").await;
            let pos = app
                .js("return document.getElementById('review-pos').textContent.trim();")
                .await;
            assert_eq!(pos, json!(start));
            app.screenshot(&format!("review-label-desktop-{lang}"))
                .await;
            app.quit().await;
        }
    });
}

/// The box of an element's text (not of the element).
async fn text_rect(app: &App, css: &str) -> [f64; 4] {
    let v = app
        .js(&format!(
            "const r = document.createRange(); r.selectNodeContents(document.querySelector('{css}'));
             const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom];"
        ))
        .await;
    let n = |i: usize| v[i].as_f64().unwrap();
    [n(0), n(1), n(2), n(3)]
}

#[test]
fn the_result_stands_clear_of_the_board_with_discs_big_enough_to_count() {
    run(async {
        let data = DataDir::new("end-layout");
        preset_game(&data, "W:W22,30,31:B18", &[]);
        let app = App::launch(&data, "es").await;
        app.click("#continue").await;
        wait_player_turn(&app).await;
        tap(&app, 22).await;
        tap(&app, 15).await;
        wait_end(&app).await;
        for (w, h, name) in [
            (360, 640, "phone"),
            (768, 1024, "tablet"),
            (1280, 800, "desktop"),
        ] {
            app.resize(w, h).await;
            let board = rect(&app, ".board-wrap").await;
            let head = text_rect(&app, "#outcome").await;
            // From the board: under it, or beside it.
            let gap = if head[1] >= board[3] - 0.5 {
                head[1] - board[3]
            } else {
                head[0] - board[2]
            };
            assert!(
                gap >= 12.0,
                "{name}: the result is {gap:.1} px from the board"
            );
            let edge = head[0].min(f64::from(w) - head[2]);
            assert!(
                edge >= 16.0,
                "{name}: the result is {edge:.1} px from the window's edge"
            );
            let discs = app
                .js("return [...document.querySelectorAll('#pieces-player .discs circle, #pieces-cpu .discs circle')].map(c => c.getBoundingClientRect().width);")
                .await;
            let discs: Vec<f64> = serde_json::from_value(discs).unwrap();
            assert_eq!(discs.len(), 3, "{name}: the player's three pieces");
            for d in discs {
                assert!(d >= 18.0, "{name}: a disc {d:.1} px wide");
            }
            // Each action's label on one line.
            for css in ["#play-again", "#review-game", "#menu"] {
                assert_eq!(lines(&app, css).await, 1, "{name}: {css} on one line");
            }
            // Everything still fits: Play again above the fold.
            let again = rect(&app, "#play-again").await;
            assert!(
                again[3] <= f64::from(h) + 0.5,
                "{name}: Play again below the fold"
            );
            app.screenshot(&format!("end-{name}-es")).await;
        }
        app.quit().await;
    });
}

/// The names of the app's windows on the X display (`_NET_WM_NAME`).
fn window_names() -> Vec<String> {
    let tree = Command::new("xwininfo")
        .args(["-root", "-tree"])
        .env("DISPLAY", display())
        .output()
        .expect("xwininfo (apt-get install x11-utils)");
    let tree = String::from_utf8_lossy(&tree.stdout).into_owned();
    tree.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|id| id.starts_with("0x"))
        .filter_map(|id| {
            let out = Command::new("xprop")
                .args(["-id", id, "_NET_WM_NAME"])
                .env("DISPLAY", display())
                .env("LC_ALL", "C.UTF-8")
                .output()
                .ok()?;
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let (_, value) = text.split_once(" = ")?;
            Some(value.trim().trim_matches('"').to_string())
        })
        .collect()
}

/// Waits until the page and the window are both named `title`.
async fn expect_title(app: &App, title: &str) {
    let t = Instant::now();
    loop {
        let page = app.client.title().await.unwrap();
        let names = window_names();
        if page == title && names.iter().any(|n| n == title) {
            return;
        }
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "the page is named {page:?}, the windows {names:?}, not {title:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[test]
fn the_window_is_named_after_the_app_and_what_it_shows() {
    run(async {
        for (lang, easy, records) in [("es", "Fácil", "Historial"), ("en", "Easy", "Records")] {
            let data = DataDir::new(&format!("title-{lang}"));
            let app = App::launch(&data, lang).await;
            expect_title(&app, "Checkers").await;
            app.click("#level-easy").await;
            wait_player_turn(&app).await;
            expect_title(&app, &format!("Checkers — {easy}")).await;
            app.click("#back").await;
            app.click("#open-records").await;
            wait_screen(&app, "records").await;
            expect_title(&app, &format!("Checkers — {records}")).await;
            app.quit().await;
        }
    });
}

#[test]
fn an_empty_records_screen_says_there_are_no_games_once() {
    run(async {
        for (lang, none) in [("es", "Aún sin partidas"), ("en", "No games yet")] {
            let data = DataDir::new(&format!("records-empty-{lang}"));
            let app = App::launch(&data, lang).await;
            app.click("#open-records").await;
            app.wait_until("document.getElementById('records-easy')")
                .await;
            let text = app.js("return document.body.innerText;").await;
            let times = text.as_str().unwrap().matches(none).count();
            assert_eq!(times, 1, "{lang}: {none:?} {times} times");
            app.screenshot(&format!("records-empty-{lang}")).await;
            app.quit().await;
        }
    });
}
