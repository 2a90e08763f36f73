//! Choko by keyboard, by touch and through its accessible names in the real
//! window: the arrows walk the 25 points, Enter lifts, drops and jumps, Esc
//! puts a lifted piece back, X cycles the extra pieces a jump may take; a
//! whole jump with its extra piece by touch on a phone; each point named
//! with its coordinate and what stands on it, the hands and the initiative
//! in the tree.

use e2e::choko_play::*;
use e2e::play::run;
use e2e::{App, DataDir};
use serde_json::json;

const LEFT: char = '\u{E012}';
const UP: char = '\u{E013}';
const RIGHT: char = '\u{E014}';
const DOWN: char = '\u{E015}';
const ENTER: char = '\u{E007}';
const ESCAPE: char = '\u{E00C}';

/// The point under the board's focus ring (its active descendant).
async fn focus_point(app: &App) -> String {
    let id = app
        .js("return document.querySelector('.choko-board.interactive').getAttribute('aria-activedescendant') || '';")
        .await;
    let id = id.as_str().unwrap_or_default();
    id.rsplit('-').next().unwrap_or_default().to_string()
}

/// Column (a = 0) and rank (1–5) of a point name.
fn file_rank(p: &str) -> (i32, i32) {
    let b = p.as_bytes();
    (
        i32::from(b[0]) - i32::from(b'a'),
        i32::from(b[1]) - i32::from(b'0'),
    )
}

/// Walk the focus ring to `target` with the arrows (Up goes towards rank
/// 5, Right towards file e), then press Enter.
async fn key_to(app: &App, target: &str) {
    for _ in 0..10 {
        let at = focus_point(app).await;
        if at == target {
            break;
        }
        let ((af, ar), (tf, tr)) = (file_rank(&at), file_rank(target));
        let key = if ar < tr {
            UP
        } else if ar > tr {
            DOWN
        } else if af > tf {
            LEFT
        } else {
            RIGHT
        };
        app.press(key).await;
    }
    assert_eq!(focus_point(app).await, target, "the focus ring reached it");
    app.press(ENTER).await;
}

async fn hand_label(app: &App, who: &str) -> String {
    app.js(&format!(
        "return document.getElementById('hand-{who}').getAttribute('aria-label');"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[test]
fn a_jump_and_its_extra_piece_by_keyboard_with_every_point_named() {
    run(async {
        let data = DataDir::new("choko-keys");
        prefer_choko(&data, "en");
        preset_game(&data, 1, fixture("jump"));
        let app = App::launch(&data, "en").await;
        open_choko(&app).await;
        app.click("#choko-continue").await;
        wait_status(&app, "yourTurn").await;

        // The tree: every point by its coordinate and what stands on it,
        // the hands with their counts, and who holds the initiative.
        assert_eq!(label(&app, "b3").await, "b3, your piece, can move");
        assert!(label(&app, "c5").await.starts_with("c5, machine’s piece"));
        assert!(label(&app, "e1").await.starts_with("e1, empty"));
        assert_eq!(
            hand_label(&app, "player").await,
            "Your hand: 9 pieces. You hold the initiative."
        );
        assert_eq!(
            hand_label(&app, "machine").await,
            "The machine’s hand: 9 pieces."
        );

        app.js("document.querySelector('.choko-board.interactive').focus(); return true;")
            .await;
        assert!(!focus_point(&app).await.is_empty(), "a focus ring at once");
        // Lift b3, put it back with Esc, lift it again.
        key_to(&app, "b3").await;
        assert_eq!(lifted(&app).await, vec!["b3"]);
        assert!(label(&app, "b3").await.contains("lifted"));
        assert!(label(&app, "d3").await.contains("destination"));
        app.press(ESCAPE).await;
        assert!(lifted(&app).await.is_empty());
        app.press(ENTER).await;
        assert_eq!(lifted(&app).await, vec!["b3"]);
        // Jump to d3: the extra piece is asked for.
        key_to(&app, "d3").await;
        wait_status(&app, "chooseExtra").await;
        assert_eq!(takeable(&app).await, vec!["b4", "c5"]);
        assert!(label(&app, "b4").await.contains("you can take it"));
        // X goes from one choice to the other and back.
        app.press('x').await;
        let first = focus_point(&app).await;
        assert!(["b4", "c5"].contains(&first.as_str()), "{first}");
        app.press('x').await;
        let second = focus_point(&app).await;
        assert!(["b4", "c5"].contains(&second.as_str()) && second != first);
        app.press('x').await;
        assert_eq!(focus_point(&app).await, first);
        app.press(ENTER).await;
        app.wait_until(
            "document.getElementById('choko-turn-line').dataset.status !== 'chooseExtra'",
        )
        .await;
        app.wait_until(DECISION).await;
        let state = shell_state(&app).await;
        let before = played(&fixture("jump"));
        assert_eq!(
            state["game"]["actions"][before],
            json!(format!("b3xd3 {first}"))
        );
        // The machine's action is said in words.
        let spoken = app
            .js("return document.getElementById('choko-spoken').textContent;")
            .await;
        assert!(
            spoken.as_str().unwrap().starts_with("The machine"),
            "{spoken}"
        );
        app.quit().await;
    });
}

#[test]
fn a_jump_and_its_extra_piece_by_touch_on_a_phone() {
    run(async {
        let data = DataDir::new("choko-touch");
        prefer_choko(&data, "es");
        preset_game(&data, 1, fixture("jump"));
        let app = App::launch(&data, "es").await;
        app.resize(360, 640).await;
        open_choko(&app).await;
        app.click("#choko-continue").await;
        wait_status(&app, "yourTurn").await;
        // A touch on the machine's piece does nothing; on b3 it lifts.
        touch_point(&app, "c3").await;
        assert!(lifted(&app).await.is_empty());
        touch_point(&app, "b3").await;
        assert_eq!(lifted(&app).await, vec!["b3"]);
        touch_point(&app, "d3").await;
        wait_status(&app, "chooseExtra").await;
        assert_eq!(takeable(&app).await, vec!["b4", "c5"]);
        touch_point(&app, "b4").await;
        app.wait_until(
            "document.getElementById('choko-turn-line').dataset.status !== 'chooseExtra'",
        )
        .await;
        app.wait_until(DECISION).await;
        let state = shell_state(&app).await;
        let before = played(&fixture("jump"));
        assert_eq!(state["game"]["actions"][before], json!("b3xd3 b4"));
        assert_eq!(
            state["game"]["actions"].as_array().unwrap().len(),
            before + 2
        );
        app.quit().await;
    });
}

#[test]
fn the_extra_piece_is_taken_from_the_hand_and_said_so() {
    run(async {
        let data = DataDir::new("choko-from-hand");
        prefer_choko(&data, "en");
        // The player placed b3, and the machine had to answer: its only
        // piece on the board is c3.
        let game = json!({ "version": 1, "level": 1, "first": "player",
            "start": "5/5/5/5/5 x 12/12 - 0 0", "actions": ["@b3", "@c3"] });
        preset_game(&data, 1, game);
        let app = App::launch(&data, "en").await;
        open_choko(&app).await;
        app.click("#choko-continue").await;
        wait_status(&app, "yourTurn").await;
        tap(&app, "b3").await;
        tap(&app, "d3").await;
        // No choice is asked: the jump takes c3 and one piece from the hand.
        app.wait_until(
            "document.getElementById('toast') && !document.getElementById('toast').hidden",
        )
        .await;
        assert_eq!(
            app.js("return document.getElementById('toast').textContent;")
                .await,
            json!(
                "The machine has no other piece on the board: the extra piece comes from its hand."
            )
        );
        let state = shell_state(&app).await;
        assert_eq!(state["game"]["actions"][2], json!("b3xd3 @"));
        app.wait_until(DECISION).await;
        assert_eq!(
            app.js("return document.getElementById('hand-machine').dataset.count;")
                .await,
            json!("9"),
            "one piece taken from the hand and the next placed"
        );
        app.quit().await;
    });
}
