//! The system's text at 130 % and at 200 % in the app's window: GTK's
//! text scale (what GNOME's text size sets), which WebKitGTK turns into a
//! zoom of the whole page, so a 360 px window shows a page 277 or 180 CSS
//! px wide. Both games' screens at a phone, a tablet and a desktop window
//! keep the board square and whole, nothing cut or on top of anything
//! else, every control in reach; photographed as `text-<scale>-…`.

use e2e::gallery::{
    checkers_documents, checkers_tour, choko_documents, choko_end_documents, choko_tour,
};
use e2e::play::run;
use e2e::{App, DataDir, Theme};

#[test]
fn both_games_hold_at_130_and_200_percent_text() {
    run(async {
        for scale in [1.3, 2.0] {
            let tag = format!("{}", (scale * 100.0) as u32);
            let data = DataDir::new(&format!("text-{tag}"));
            checkers_documents(&data, "es");
            let app = App::launch_with_text(&data, "es", Theme::Light, scale).await;
            checkers_tour(&app, &tag).await;
            app.quit().await;

            let data = DataDir::new(&format!("text-{tag}-choko"));
            choko_documents(&data, "es");
            choko_end_documents(&data);
            let app = App::launch_with_text(&data, "es", Theme::Dark, scale).await;
            choko_tour(&app, &tag).await;
            app.quit().await;
        }
    });
}
