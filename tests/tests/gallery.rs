//! Every checkers screen in the app's window (WebKitGTK) at a phone
//! (360×640), a tablet (768×1024) and a desktop (1280×800) size, in the
//! light theme in Spanish and the dark theme in English, photographed into
//! `target/e2e-screenshots/` and held to the layout rules
//! (`e2e::gallery::checkers`): the board's marks stand out, the phone's
//! actions sit under the board, wide windows use their width for the move
//! list, a review shows the moves without covering the board, the start
//! screen's actions are all reachable on a short window, nothing is cut or
//! on top of anything else.

use e2e::gallery::{checkers, checkers_documents};
use e2e::play::run;
use e2e::{App, DataDir, Theme};
use serde_json::json;

async fn gallery(theme: Theme, lang: &str) {
    let tag = format!("{}-{lang}", theme.name());
    let data = DataDir::new(&format!("gallery-{tag}"));
    checkers_documents(&data, lang);
    let app = App::launch_with(&data, lang, theme).await;
    let dark = app
        .js("return matchMedia('(prefers-color-scheme: dark)').matches;")
        .await;
    assert_eq!(dark, json!(theme == Theme::Dark), "the page sees the theme");
    checkers(&app, &tag).await;
    app.quit().await;
}

#[test]
fn every_screen_at_three_sizes_in_both_themes_and_languages() {
    run(async {
        gallery(Theme::Light, "es").await;
        gallery(Theme::Dark, "en").await;
    });
}
