//! The game played by touch at 360×640, through WebDriver pointer actions
//! of type `touch`: taps to lift and to drop, chains, undo, a whole game to
//! its end; a long press and a two-finger touch do nothing; and nothing
//! the player needs depends on hover.
//!
//! WebKitGTK's WebDriver delivers touch actions to the page as pointer
//! events of type "mouse" (a second finger arriving as a second mousedown),
//! so what is tested is the gesture: one short contact on one square is a
//! tap, anything else is not.

use e2e::play::*;
use e2e::{App, DataDir};
use fantoccini::actions::Actions;
use serde_json::json;
use std::time::Duration;

/// The board's state that a gesture must leave alone.
async fn board_state(app: &App) -> serde_json::Value {
    app.js(
        "return { pieces: [...document.querySelectorAll('.board.interactive .piece')].map(p => p.dataset.square + p.className.baseVal).sort(), dots: document.querySelectorAll('[data-dest]').length };",
    )
    .await
}

#[test]
fn a_whole_game_by_touch_on_a_phone() {
    run(async {
        let data = DataDir::new("touch");
        // A chain to make first: 22x15x6.
        preset_game(&data, "W:W22,30:B18,10,3", &[]);
        let app = App::launch(&data, "es").await;
        app.resize(360, 640).await;
        touch(&app, "#continue").await;
        wait_status(&app, "captureAvailable").await;

        // A long press on a piece that can move lifts nothing.
        let before = board_state(&app).await;
        let at = centre(&app, ".board.interactive .sq[data-square=\"22\"]").await;
        app.client
            .perform_actions(finger("finger", at, Duration::from_millis(900)))
            .await
            .unwrap();
        let _ = app.client.release_actions().await;
        assert!(lifted(&app).await.is_empty(), "a long press lifted a piece");
        assert_eq!(board_state(&app).await, before);

        // Two fingers, one on the piece and one on its destination: nothing.
        let a = centre(&app, ".board.interactive .sq[data-square=\"22\"]").await;
        let b = centre(&app, ".board.interactive .sq[data-square=\"15\"]").await;
        let two = Actions::from(finger("f1", a, Duration::from_millis(60))).and(finger(
            "f2",
            b,
            Duration::from_millis(60),
        ));
        app.client.perform_actions(two).await.unwrap();
        let _ = app.client.release_actions().await;
        assert!(
            lifted(&app).await.is_empty(),
            "a two-finger touch lifted a piece"
        );
        assert_eq!(board_state(&app).await, before);

        // Tap to lift, tap to drop; mid-chain the piece stays lifted.
        touch_square(&app, 22).await;
        assert_eq!(lifted(&app).await, vec![22]);
        assert_eq!(dests(&app).await, vec![15]);
        touch_square(&app, 15).await;
        wait_status(&app, "jumpAgain").await;
        assert_eq!(lifted(&app).await, vec![15]);
        // Undo by touch takes the whole chain back.
        touch(&app, "#undo").await;
        wait_status(&app, "captureAvailable").await;
        assert_eq!(board_state(&app).await, before);
        touch_square(&app, 22).await;
        touch_square(&app, 15).await;
        wait_status(&app, "jumpAgain").await;
        touch_square(&app, 6).await;
        app.wait_until("document.querySelector('.piece[data-square=\"6\"][data-side=\"player\"]')")
            .await;
        touch(&app, "#back").await;
        wait_screen(&app, "start").await;

        // A whole game against Easy, by touch alone: the first piece
        // offered and its first destination, every turn.
        touch(&app, "#level-easy").await;
        if app
            .js("return !!document.getElementById('confirm') && !document.getElementById('confirm').hidden;")
            .await
            == json!(true)
        {
            touch(&app, "#confirm-new").await;
        }
        let hops = play_to_the_end(&app, Input::Touch).await;
        assert!(hops > 5);
        let outcome = app
            .js("return document.getElementById('outcome').dataset.outcome;")
            .await;
        assert!(["win", "loss", "draw"].contains(&outcome.as_str().unwrap()));
        app.screenshot("touch-game-phone").await;
        // The result's actions answer a touch too.
        touch(&app, "#review-game").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        touch(&app, "#review-first").await;
        app.wait_until("document.getElementById('review-first').disabled")
            .await;
        app.quit().await;
    });
}

#[test]
fn nothing_the_player_needs_depends_on_hover() {
    run(async {
        let data = DataDir::new("hover");
        let app = App::launch(&data, "en").await;
        // Every :hover rule outside a (hover: hover) query may only tint:
        // it never shows, hides or enables anything.
        let offending = app
            .js(
                "const bad = [];
                 const walk = (rules, hoverOnly) => {
                   for (const r of rules) {
                     if (r.media) { walk(r.cssRules, hoverOnly || r.media.mediaText.includes('hover: hover')); continue; }
                     if (!r.selectorText || !r.selectorText.includes(':hover') || hoverOnly) continue;
                     for (const p of ['display', 'visibility', 'opacity', 'pointer-events', 'transform']) {
                       if (r.style.getPropertyValue(p)) bad.push(r.selectorText + ' sets ' + p);
                     }
                   }
                 };
                 for (const s of document.styleSheets) walk(s.cssRules, false);
                 return bad;",
            )
            .await;
        assert_eq!(offending, json!([]), "hover-only behaviour: {offending}");
        app.quit().await;
    });
}
