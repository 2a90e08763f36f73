//! The galleries in Chromium, the engine of Android's web view and of
//! WebView2: every screen of both games at a phone (360×640, touch,
//! device scale 3), a tablet (768×1024, touch, scale 2) and a desktop
//! (1280×800, mouse) window, in the light theme in Spanish and the dark
//! theme in English, held to the same layout rules as in the app's window
//! (`e2e::gallery`) and photographed as `chromium-…` beside the window's
//! photographs. One browser per theme and language, resized between
//! sizes; the shell's real command handlers answer the page.

#[allow(dead_code)] // the touch gestures are for other tests
mod browser;

use browser::{Phone, Setup};
use e2e::choko_play;
use e2e::gallery::{
    checkers, checkers_documents, choko, choko_documents, choko_end, choko_end_documents,
};
use e2e::layout::{largest_difference, square_boxes, Window, SIZES};
use e2e::play::{run, wait_player_turn};
use e2e::{App, DataDir, Theme};
use serde_json::json;

fn setup(theme: Theme) -> Setup {
    Setup {
        dark: theme == Theme::Dark,
        ..Setup::default()
    }
}

#[test]
fn chromium_every_checkers_screen_at_three_sizes_in_both_themes_and_languages() {
    run(async {
        for (theme, lang) in [(Theme::Light, "es"), (Theme::Dark, "en")] {
            let tag = format!("{}-{lang}", theme.name());
            let data = DataDir::new(&format!("chromium-gallery-{tag}"));
            checkers_documents(&data, lang);
            let phone = Phone::open_on(setup(theme), &data).await;
            let dark = phone
                .js("return matchMedia('(prefers-color-scheme: dark)').matches;")
                .await;
            assert_eq!(dark, json!(theme == Theme::Dark), "the page sees the theme");
            checkers(&phone, &tag).await;
            phone.close().await;
        }
    });
}

#[test]
fn chromium_chokos_screens_at_three_sizes_in_both_themes_and_languages() {
    run(async {
        for (theme, lang) in [(Theme::Light, "es"), (Theme::Dark, "en")] {
            let tag = format!("{}-{lang}", theme.name());
            let data = DataDir::new(&format!("chromium-choko-gallery-{tag}"));
            choko_documents(&data, lang);
            let phone = Phone::open_on(setup(theme), &data).await;
            choko(&phone, &tag).await;
            phone.close().await;

            choko_end_documents(&data);
            let phone = Phone::open_on(setup(theme), &data).await;
            choko_end(&phone, &tag).await;
            phone.close().await;
        }
    });
}

/// The boxes of the board's squares (Choko's points) at each size, in
/// `window`, on the game screen of a page launched on `documents`.
async fn board_geometry<W: Window>(w: &W, choko: bool) -> Vec<Vec<(String, [f64; 4])>> {
    let app = w.page();
    let (css, attr) = if choko {
        choko_play::open_choko(app).await;
        app.click("#choko-continue").await;
        choko_play::wait_status(app, "yourTurn").await;
        (".choko-board.interactive .pt[data-point]", "data-point")
    } else {
        app.click("#continue").await;
        wait_player_turn(app).await;
        (".board.interactive .sq[data-square]", "data-square")
    };
    let mut all = Vec::new();
    for (width, h, _) in SIZES {
        w.size(width, h).await;
        all.push(square_boxes(app, css, attr).await);
    }
    all
}

/// The board's squares and Choko's points sit at the same place in both
/// engines, at every size: within 1 px.
#[test]
fn chromium_and_webkit_place_the_board_alike() {
    run(async {
        for choko in [false, true] {
            let data = DataDir::new(&format!("geometry-{choko}"));
            if choko {
                choko_documents(&data, "en");
            } else {
                checkers_documents(&data, "en");
            }
            let app = App::launch_with(&data, "en", Theme::Light).await;
            let webkit = board_geometry(&app, choko).await;
            app.quit().await;
            let phone = Phone::open_on(setup(Theme::Light), &data).await;
            let chromium = board_geometry(&phone, choko).await;
            phone.close().await;
            for ((a, b), (_, _, name)) in webkit.iter().zip(&chromium).zip(SIZES) {
                let most = largest_difference(a, b);
                let game = if choko { "Choko" } else { "checkers" };
                eprintln!("{game} {name}: squares at most {most:.2} px apart between the engines");
                assert!(a.len() >= 25, "{game} {name}: {} squares", a.len());
                assert!(most <= 1.0, "{game} {name}: squares {most:.2} px apart");
            }
        }
    });
}
