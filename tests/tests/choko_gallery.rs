//! Choko's screens in the app's window (WebKitGTK) at a phone (360×640),
//! a tablet (768×1024) and a desktop (1280×800) size, in the light theme
//! in Spanish and the dark theme in English, photographed into
//! `target/e2e-screenshots/` and held to the layout rules
//! (`e2e::gallery::choko`): the hands above and below the board, the
//! board's marks at least 3:1 against its wood, the turn line and the
//! result's buttons in the window, nothing of the start screen below the
//! fold on a short window, nothing cut or on top of anything else.

use e2e::gallery::{choko, choko_documents, choko_end, choko_end_documents};
use e2e::play::run;
use e2e::{App, DataDir, Theme};

async fn gallery(theme: Theme, lang: &str) {
    let tag = format!("{}-{lang}", theme.name());
    let data = DataDir::new(&format!("choko-gallery-{tag}"));
    choko_documents(&data, lang);
    let app = App::launch_with(&data, lang, theme).await;
    choko(&app, &tag).await;
    app.quit().await;

    choko_end_documents(&data);
    let app = App::launch_with(&data, lang, theme).await;
    choko_end(&app, &tag).await;
    app.quit().await;
}

#[test]
fn chokos_screens_at_three_sizes_in_both_themes_and_languages() {
    run(async {
        gallery(Theme::Light, "es").await;
        gallery(Theme::Dark, "en").await;
    });
}
