//! The system's text at 130 % and at 200 % in Chromium, the engine of
//! Android's web view and of WebView2: the engine's default font size
//! times the scale, which the page's rem sizes follow.

#[allow(dead_code)] // the touch gestures are for other tests
mod browser;

use browser::{Phone, Setup};
use e2e::gallery::{
    checkers_documents, checkers_tour, choko_documents, choko_end_documents, choko_tour,
};
use e2e::play::run;
use e2e::{DataDir, Theme};

fn setup(theme: Theme) -> Setup {
    Setup {
        dark: theme == Theme::Dark,
        ..Setup::default()
    }
}

/// The system's text at 130 % and at 200 %, as Android passes its font
/// scale to the web view: both games' screens at each size keep the board
/// square and whole, nothing cut or on top of anything else, every
/// control in reach.
#[test]
fn chromium_both_games_hold_at_130_and_200_percent_text() {
    run(async {
        for scale in [1.3, 2.0] {
            let tag = format!("chromium-{}", (scale * 100.0) as u32);
            let data = DataDir::new(&format!("{tag}-text"));
            checkers_documents(&data, "es");
            let phone = Phone::open_on(setup(Theme::Light), &data).await;
            phone.set_text_scale(scale).await;
            let root = phone
                .js("return parseFloat(getComputedStyle(document.documentElement).fontSize);")
                .await;
            assert_eq!(
                root.as_f64(),
                Some((16.0 * scale).round()),
                "the page follows the text size"
            );
            checkers_tour(&phone, &tag).await;
            phone.close().await;

            let data = DataDir::new(&format!("{tag}-choko-text"));
            choko_documents(&data, "es");
            choko_end_documents(&data);
            let phone = Phone::open_on(setup(Theme::Dark), &data).await;
            phone.set_text_scale(scale).await;
            choko_tour(&phone, &tag).await;
            phone.close().await;
        }
    });
}
