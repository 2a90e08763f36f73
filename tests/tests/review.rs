//! The end of a game stays on the board: the final position with its
//! result, a review stepped through by mouse and by keyboard, the move list
//! during play at phone and desktop sizes, the PDN copied and read back by
//! `checkers pdn`, the history after a restart, the question before a saved
//! game is abandoned, and Continue never offered for a finished game.

use e2e::play::*;
use e2e::{app_binary, display, App, DataDir};
use serde_json::{json, Value};
use std::process::{Command, Stdio};

const LEFT: char = '\u{E012}';
const RIGHT: char = '\u{E014}';
const HOME: char = '\u{E011}';
const END: char = '\u{E010}';

/// The board on screen as 32 entries: "" or "p", "P", "c", "C".
async fn board(app: &App) -> Vec<String> {
    let v = app
        .js("const out = new Array(32).fill('');
             for (const p of document.querySelectorAll('.board.interactive .piece[data-square]')) {
               const c = p.dataset.side === 'player' ? 'p' : 'c';
               out[Number(p.dataset.square) - 1] = p.dataset.king === 'true' ? c.toUpperCase() : c;
             }
             return out;")
        .await;
    serde_json::from_value(v).unwrap()
}

/// The same board as the squares each side holds, as `checkers pdn`
/// prints them in its final FEN (`W:W…:B…` without the side to move).
fn fen_sections(board: &[String]) -> String {
    let side = |pred: fn(&str) -> Option<bool>| -> Vec<String> {
        board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                pred(p).map(|king| format!("{}{}", if king { "K" } else { "" }, i + 1))
            })
            .collect()
    };
    let white = side(|p| match p {
        "p" => Some(false),
        "P" => Some(true),
        _ => None,
    });
    let black = side(|p| match p {
        "c" => Some(false),
        "C" => Some(true),
        _ => None,
    });
    format!("W{}:B{}", white.join(","), black.join(","))
}

/// What the clipboard holds, read from the X selection.
fn clipboard() -> String {
    let out = Command::new("xclip")
        .args(["-o", "-selection", "clipboard"])
        .env("DISPLAY", display())
        .output()
        .expect("xclip (apt-get install xclip)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `checkers pdn -` on `pdn`: its three lines.
fn checkers_pdn(pdn: &str) -> Vec<String> {
    let cli = app_binary().with_file_name("checkers");
    let mut child = Command::new(&cli)
        .args(["pdn", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", cli.display()));
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pdn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "checkers pdn refused the copied PDN: {}\n{pdn}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_game_ends_on_the_board_is_reviewed_by_mouse_and_keys_and_its_pdn_reads_back() {
    run(async {
        let data = DataDir::new("review");
        // A short game: White's three men against two, Easy to reply.
        preset_easy(&data, "W:W14,18,19:B7,11");
        let app = App::launch(&data, "es").await;
        app.resize(1280, 800).await;
        app.click("#continue").await;
        wait_player_turn(&app).await;
        let start = board(&app).await;
        let hops = play_to_the_end(&app, Input::Mouse).await;
        assert!(hops >= 2);
        // The final position stays on screen, with the result beside it.
        let last = board(&app).await;
        assert!(
            app.js("return !!document.querySelector('.board.interactive');")
                .await
                == json!(true)
        );
        let outcome = app
            .js("return document.getElementById('outcome').dataset.outcome;")
            .await;
        assert!(["win", "loss", "draw"].contains(&outcome.as_str().unwrap()));
        let moves = app
            .js("return document.querySelectorAll('.move[data-ply]').length;")
            .await;
        let n = moves.as_u64().unwrap();
        assert!(n >= 3, "{n} moves");
        app.screenshot("review-end-desktop-es").await;

        // Review by mouse: from the last position back to the first.
        app.click("#review-game").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        assert_eq!(review_index(&app).await, n);
        assert_eq!(board(&app).await, last);
        app.click("#review-prev").await;
        assert_eq!(review_index(&app).await, n - 1);
        assert_ne!(board(&app).await, last);
        app.click("#review-first").await;
        assert_eq!(review_index(&app).await, 0);
        assert_eq!(
            board(&app).await,
            start,
            "the first position is the one the game began in"
        );
        assert!(
            app.js("return document.querySelectorAll('.piece.last-move').length;")
                .await
                == json!(0)
        );
        // A move in the list shows the position after it, its piece marked.
        app.click(".move[data-ply=\"2\"]").await;
        assert_eq!(review_index(&app).await, 2);
        let mark = squares_of(&app, ".board.interactive .piece.last-move", "data-square").await;
        assert_eq!(mark.len(), 1, "the last-move mark follows the review");
        // By keyboard: Home, Right, End, Left.
        app.press(HOME).await;
        app.wait_until("!document.querySelector('.move[aria-selected=\"true\"]')")
            .await;
        app.press(RIGHT).await;
        assert_eq!(review_index(&app).await, 1);
        app.press(END).await;
        assert_eq!(review_index(&app).await, n);
        app.press(LEFT).await;
        assert_eq!(review_index(&app).await, n - 1);
        // No evaluation and no best move anywhere (U5).
        let text = app
            .js("return document.body.innerText.toLowerCase();")
            .await;
        for word in ["mejor", "evalua", "best move", "eval"] {
            assert!(!text.as_str().unwrap().contains(word), "{word}");
        }
        app.screenshot("review-desktop-es").await;

        // Copy PDN; the CLI reads it back to the same final position.
        app.click("#copy-pdn").await;
        app.wait_until(
            "document.getElementById('toast') && !document.getElementById('toast').hidden",
        )
        .await;
        let pdn = clipboard();
        assert!(pdn.contains("[Event "), "{pdn}");
        assert!(
            pdn.contains("[White \"You\"]") && pdn.contains("[Black \"CPU (Easy)\"]"),
            "{pdn}"
        );
        assert!(pdn.contains("[FEN \"W:W14,18,19:B7,11\"]"), "{pdn}");
        let lines = checkers_pdn(&pdn);
        assert_eq!(lines[0], format!("moves {n}"));
        let fen = lines[2].strip_prefix("fen ").unwrap();
        assert!(
            fen.ends_with(&fen_sections(&last)),
            "{fen} vs {}",
            fen_sections(&last)
        );
        app.quit().await;

        // After a restart the game is in the history and opens in review.
        let app = App::launch(&data, "en").await;
        app.resize(360, 640).await;
        app.click("#open-records").await;
        app.wait_until("document.querySelector('#history .history-row')")
            .await;
        app.screenshot("history-phone-en").await;
        app.click("#history .history-row").await;
        app.wait_until("document.querySelector('[data-mode=\"review\"]')")
            .await;
        assert_eq!(board(&app).await, last);
        app.click("#review-first").await;
        assert_eq!(board(&app).await, start);
        app.click("#copy-pdn").await;
        app.wait_until(
            "document.getElementById('toast') && !document.getElementById('toast').hidden",
        )
        .await;
        assert_eq!(clipboard(), pdn, "the kept game's PDN is the same");
        app.click("#exit-review").await;
        wait_screen(&app, "records").await;
        app.quit().await;
    });
}

#[test]
fn the_move_list_follows_play_and_undo_on_a_phone_and_a_desktop() {
    run(async {
        let data = DataDir::new("moves");
        let app = App::launch(&data, "en").await;
        app.resize(360, 640).await;
        app.click("#first-player").await;
        app.click("#level-normal").await;
        wait_player_turn(&app).await;
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        // Phone: the compact line gives the pieces and the last move.
        let line = app
            .js("return document.getElementById('open-moves').innerText;")
            .await;
        let line = line.as_str().unwrap().to_string();
        assert!(line.contains("12") && line.contains("Last:"), "{line}");
        app.click("#open-moves").await;
        app.wait_until("document.querySelector('.moves-open')")
            .await;
        let texts = app
            .js("return [...document.querySelectorAll('.move[data-ply]')].map(m => m.textContent);")
            .await;
        assert_eq!(texts[0], json!("22-18"));
        assert_eq!(texts.as_array().unwrap().len(), 2);
        app.screenshot("moves-sheet-phone-en").await;
        app.click("#close-moves").await;
        // Desktop: the list beside the board; undo takes the moves out.
        app.resize(1280, 800).await;
        app.wait_until(
            "document.getElementById('moves-panel').getBoundingClientRect().width > 200",
        )
        .await;
        app.screenshot("moves-panel-desktop-en").await;
        app.click("#undo").await;
        app.wait_until("document.querySelectorAll('.move[data-ply]').length === 0")
            .await;
        let spoken = app
            .js("return document.getElementById('turn-spoken').textContent;")
            .await;
        assert!(
            spoken.as_str().unwrap().starts_with("Undone: 22-18"),
            "{spoken}"
        );
        app.quit().await;
    });
}

#[test]
fn abandoning_a_saved_game_is_asked_first_in_both_languages() {
    run(async {
        for (lang, title) in [
            ("es", "¿Abandonar la partida guardada?"),
            ("en", "Abandon the saved game?"),
        ] {
            let data = DataDir::new(&format!("confirm-{lang}"));
            preset_game(&data, "W:W22,23:B9,10", &[]);
            let app = App::launch(&data, lang).await;
            app.wait_until("!document.getElementById('continue').hidden")
                .await;
            app.click("#level-hard").await;
            app.wait_until("!document.getElementById('confirm').hidden")
                .await;
            let shown = app
                .js("return document.getElementById('confirm-title').textContent;")
                .await;
            assert_eq!(shown, json!(title));
            app.screenshot(&format!("confirm-{lang}")).await;
            // Keeping it changes nothing: Continue finds the same game.
            app.click("#confirm-keep").await;
            app.wait_until("document.getElementById('confirm').hidden")
                .await;
            app.click("#continue").await;
            wait_player_turn(&app).await;
            assert_eq!(
                pieces(&app).await,
                vec!["10:cpu", "22:player", "23:player", "9:cpu"]
            );
            app.click("#back").await;
            wait_screen(&app, "start").await;
            // Abandoning it starts the new game, and it is not a loss.
            app.click("#level-hard").await;
            app.wait_until("!document.getElementById('confirm').hidden")
                .await;
            app.click("#confirm-new").await;
            wait_screen(&app, "game").await;
            let level = app
                .js("return document.querySelector('.title-level').textContent;")
                .await;
            assert_eq!(level, json!(if lang == "es" { "Difícil" } else { "Hard" }));
            app.click("#back").await;
            app.click("#open-records").await;
            app.wait_until("document.getElementById('records-normal')")
                .await;
            let losses = app
                .js("return document.getElementById('records-normal').dataset.losses;")
                .await;
            assert_eq!(losses, json!("0"));
            app.quit().await;
        }
    });
}

/// What the shell says is saved, asked from the page.
async fn shell_game(app: &App) -> Value {
    app.client
        .execute_async(
            "const done = arguments[0]; window.__TAURI__.core.invoke('plugin:checkers|state').then(s => done(s.game), e => done({ error: String(e) }));",
            vec![],
        )
        .await
        .unwrap()
}

#[test]
fn continue_is_never_offered_for_a_finished_game_whatever_the_timing_of_back() {
    run(async {
        // Against Easy from W:W22:B14 the player plays 22-18 and the CPU's
        // only reply, 14x23, ends the game. Back is tapped at different
        // moments around the CPU's 450 ms pause and its search.
        for wait_ms in [0u64, 200, 430, 470, 700, 1500] {
            let data = DataDir::new(&format!("continue-{wait_ms}"));
            preset_easy(&data, "W:W22:B14");
            let app = App::launch(&data, if wait_ms % 2 == 0 { "es" } else { "en" }).await;
            app.click("#continue").await;
            wait_status(&app, "yourTurn").await;
            tap(&app, 22).await;
            tap(&app, 18).await;
            tokio::time::sleep(std::time::Duration::from_millis(wait_ms)).await;
            app.click("#back").await;
            wait_screen(&app, "start").await;
            // Let any reply in flight land before looking.
            tokio::time::sleep(std::time::Duration::from_millis(600)).await;
            let offered = app
                .js("return !document.getElementById('continue').hidden;")
                .await
                == json!(true);
            let saved = shell_game(&app).await;
            assert_eq!(
                offered,
                !saved.is_null(),
                "at {wait_ms} ms: Continue offered {offered}, saved {saved}"
            );
            if offered {
                assert_ne!(saved["status"], json!("over"), "at {wait_ms} ms");
                // Continue: the CPU replies now and the game ends once.
                app.click("#continue").await;
                app.wait_until("document.querySelector('[data-mode=\"end\"]')")
                    .await;
                app.click("#menu").await;
                wait_screen(&app, "start").await;
                assert!(
                    app.js("return document.getElementById('continue').hidden;")
                        .await
                        == json!(true)
                );
            }
            app.click("#open-records").await;
            app.wait_until("document.getElementById('records-easy')")
                .await;
            let losses = app
                .js("return document.getElementById('records-easy').dataset.losses;")
                .await;
            assert_eq!(
                losses,
                json!("1"),
                "at {wait_ms} ms the loss is counted once"
            );
            app.quit().await;
        }
    });
}
