//! The system's back (Android's button and gesture), on the page side: the
//! same press the mobile shell hands the page's listener, one at a time.
//! It closes the move list sheet and the abandon question first, then
//! leaves the game for the start screen with the game kept, returns from
//! help and records to where they were opened, and on the start screen
//! asks to close the app (refused on the desktop, where nothing changes).

use e2e::play::*;
use e2e::{App, DataDir};
use serde_json::json;

/// Presses back as the Android shell's listener does and returns what the
/// press did (`closeSheet`, `leaveGame`, ...).
async fn press_back(app: &App) -> String {
    app.js("window.__backDone = null;
         import('./js/main.js').then(
           (m) => { window.__backDone = m.pressBack(); },
           (e) => { window.__backDone = `cannot load the page's main module: ${e}`; },
         );
         return true;")
        .await;
    app.wait_until("window.__backDone").await;
    app.js("return window.__backDone;")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// Whether an element is shown (in the layout and not hidden).
async fn shown(app: &App, css: &str) -> bool {
    app.js(&format!(
        "const e = document.querySelector('{css}'); return !!e && !e.closest('[hidden]') && e.getClientRects().length > 0;"
    ))
    .await
        == json!(true)
}

#[test]
fn back_closes_what_is_on_top_then_leaves_the_game_kept() {
    run(async {
        let data = DataDir::new("android-back");
        let app = App::launch(&data, "es").await;
        app.resize(360, 640).await;
        start_level(&app, "easy").await;
        wait_player_turn(&app).await;
        let m = movable(&app).await[0];
        tap(&app, m).await;
        let d = dests(&app).await[0];
        tap(&app, d).await;
        wait_player_turn(&app).await;
        let count = "return document.querySelectorAll('.move[data-ply]').length;";
        let kept = app.js(count).await;
        assert_eq!(kept, json!(2), "the player's move and the reply");

        // The move list sheet first: closed, the game still on screen.
        app.click("#open-moves").await;
        app.wait_until("document.querySelector('.moves-open')")
            .await;
        assert_eq!(press_back(&app).await, "closeSheet");
        app.wait_until("!document.querySelector('.moves-open')")
            .await;
        assert!(shown(&app, "[data-screen=\"game\"]").await);

        // Then the game: the start screen, with the game offered to continue.
        assert_eq!(press_back(&app).await, "leaveGame");
        wait_screen(&app, "start").await;
        app.wait_until(
            "document.getElementById('continue') && !document.getElementById('continue').hidden",
        )
        .await;

        // The abandon question closes before anything else.
        app.click("#level-hard").await;
        app.wait_until(
            "document.getElementById('confirm') && !document.getElementById('confirm').hidden",
        )
        .await;
        assert_eq!(press_back(&app).await, "closeConfirm");
        app.wait_until("document.getElementById('confirm').hidden")
            .await;

        // Help goes back to the start screen, its link focused.
        app.click("#open-help").await;
        wait_screen(&app, "help").await;
        assert_eq!(press_back(&app).await, "closeScreen");
        wait_screen(&app, "start").await;
        assert_eq!(
            app.js("return document.activeElement.id;").await,
            json!("open-help")
        );

        // On the start screen back would close the app: the desktop shell
        // refuses, and the page stays as it was.
        assert_eq!(press_back(&app).await, "exit");
        wait_screen(&app, "start").await;

        // The game left by back is the one that continues.
        app.click("#continue").await;
        wait_screen(&app, "game").await;
        wait_player_turn(&app).await;
        assert_eq!(app.js(count).await, kept, "the game left is the one kept");
        app.quit().await;
    });
}
