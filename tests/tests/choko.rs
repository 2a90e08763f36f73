//! Choko in the real app window: a ladder game won by taps, a loss that
//! ends a streak, the player's choice of a jump's extra piece, a forced
//! placement, a kill -9 while the extra piece is being chosen, and the
//! streak across a restart.

use e2e::choko_play::*;
use e2e::play::{run, wait_screen};
use e2e::{App, DataDir};
use serde_json::json;

const ES: &str = "es";

/// The player's search depth in the won game: deeper than level 1's, and
/// it wins the ladder's first game (`games/choko/tests/session.rs` plays the
/// same game through the session).
const PLAYER_DEPTH: u32 = 3;

#[test]
fn a_ladder_game_is_won_by_taps_and_the_streak_survives_a_restart() {
    run(async {
        let data = DataDir::new("choko-win");
        prefer_choko(&data, ES);
        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        let card = app
            .js("const c = document.getElementById('choko-ladder').dataset; return [c.level, c.wins, c.value];")
            .await;
        assert_eq!(card, json!(["1", "0", "0"]));
        assert!(app
            .js("return document.querySelector('#choko-play .level-hint').textContent;")
            .await
            .as_str()
            .unwrap()
            .contains("máquina"));
        app.click("#choko-play").await;
        wait_screen(&app, "choko").await;
        // The machine places first (L4): the player must then place.
        wait_status(&app, "mustPlace").await;
        let mut actions = 0;
        loop {
            app.wait_until(DECISION).await;
            if ended(&app).await {
                break;
            }
            let pos = position(&app).await;
            let best = choko::search(&pos, PLAYER_DEPTH).best.expect("an action");
            // Each tap locks the board until its answer has been shown, so
            // the next decision is read only once the machine has replied.
            play(&app, best).await;
            actions += 1;
            assert!(actions < 120, "no end after {actions} actions");
        }
        wait_end(&app).await;
        let outcome = app
            .js("return document.getElementById('choko-outcome').dataset.outcome;")
            .await;
        assert_eq!(outcome, json!("win"));
        let state = shell_state(&app).await;
        let result = &state["game"]["result"];
        let bonus = result["bonus"].as_u64().unwrap();
        assert_eq!(
            app.js("return document.getElementById('choko-bonus').dataset.bonus;")
                .await,
            json!(bonus.to_string())
        );
        let kept = app
            .js("const k = document.getElementById('choko-kept').dataset; return [Number(k.player), Number(k.machine)];")
            .await;
        assert_eq!(
            kept,
            json!([result["playerPieces"], result["machinePieces"]])
        );
        let value = 1000 + 10 * bonus;
        assert_eq!(state["ladder"]["wins"], json!(1));
        assert_eq!(state["ladder"]["value"], json!(value));
        assert_eq!(state["ladder"]["bestValue"], json!(value));
        assert_eq!(
            app.js("return document.getElementById('choko-next').dataset.next;")
                .await,
            json!("level")
        );
        // The final position stays on the board with the result.
        assert!(!pieces(&app).await.is_empty());
        app.screenshot("choko-win").await;
        // Next level: level 2, and now the player places first.
        app.click("#choko-next").await;
        wait_status(&app, "yourTurn").await;
        assert_eq!(turn_text(&app).await, "Tu turno");
        let title = app
            .js("return document.querySelector('[data-screen=\"choko\"] .title').textContent;")
            .await;
        assert_eq!(title, json!("Nivel 2"));
        app.quit().await;

        // A restart: the same ladder, and Continue for the level-2 game.
        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        let card = app
            .js("const c = document.getElementById('choko-ladder').dataset; return [c.level, c.wins, c.value, c.bestValue];")
            .await;
        assert_eq!(
            card,
            json!(["2", "1", value.to_string(), value.to_string()])
        );
        assert!(
            app.js("return !document.getElementById('choko-continue').hidden && document.getElementById('choko-play').hidden;")
                .await
                == json!(true)
        );
        app.screenshot("choko-ladder-after-restart").await;
        app.quit().await;
    });
}

#[test]
fn a_loss_ends_the_streak_and_the_best_streak_stays() {
    run(async {
        let data = DataDir::new("choko-loss");
        prefer_choko(&data, ES);
        preset_ladder(&data, &[60, 45], &[60, 45]);
        // Turn 198: the player steps, the machine acts, and the 200th turn
        // ends the game with the machine a piece ahead.
        preset_game(&data, 3, fixture("late-loss"));
        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        let card = app
            .js("const c = document.getElementById('choko-ladder').dataset; return [c.level, c.wins, c.value];")
            .await;
        assert_eq!(card, json!(["3", "2", "2525"]));
        app.click("#choko-continue").await;
        wait_status(&app, "yourTurn").await;
        let counter = app
            .js("const c = document.getElementById('choko-turns'); return c.hidden ? '' : c.textContent;")
            .await;
        assert_eq!(counter, json!("Quedan 2 de los 200 turnos"));
        assert_eq!(movable(&app).await, vec!["c5", "d5"]);
        tap(&app, "d5").await;
        assert_eq!(dests(&app).await, vec!["d4", "e5"]);
        tap(&app, "e5").await;
        wait_end(&app).await;
        let outcome = app
            .js("return document.getElementById('choko-outcome').dataset.outcome;")
            .await;
        assert_eq!(outcome, json!("loss"));
        let line = app
            .js("return document.getElementById('choko-streak-line').textContent;")
            .await;
        assert!(
            line.as_str().unwrap().contains("2 victorias"),
            "the streak that ended is named: {line}"
        );
        assert!(
            app.js("return document.getElementById('choko-bonus').hidden;")
                .await
                == json!(true)
        );
        let state = shell_state(&app).await;
        assert_eq!(state["ladder"]["wins"], json!(0));
        assert_eq!(state["ladder"]["level"], json!(1));
        assert_eq!(state["ladder"]["bestValue"], json!(2525));
        assert_eq!(
            app.js("return document.getElementById('choko-next').dataset.next;")
                .await,
            json!("streak")
        );
        app.screenshot("choko-loss").await;
        // A new streak: level 1, the machine placing first.
        app.click("#choko-next").await;
        wait_status(&app, "mustPlace").await;
        let title = app
            .js("return document.querySelector('[data-screen=\"choko\"] .title').textContent;")
            .await;
        assert_eq!(title, json!("Nivel 1"));
        assert_eq!(
            points_of(
                &app,
                ".choko-board.interactive .piece[data-side=\"machine\"]",
                "data-point"
            )
            .await
            .len(),
            1
        );
        app.quit().await;
    });
}

#[test]
fn the_player_chooses_the_extra_piece_of_a_jump() {
    run(async {
        let data = DataDir::new("choko-extra");
        prefer_choko(&data, ES);
        preset_game(&data, 1, fixture("jump"));
        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        app.click("#choko-continue").await;
        wait_status(&app, "yourTurn").await;
        assert_eq!(movable(&app).await, vec!["b3"]);
        tap(&app, "b3").await;
        assert_eq!(lifted(&app).await, vec!["b3"]);
        assert_eq!(dests(&app).await, vec!["a3", "b2", "b5", "d3"]);
        tap(&app, "d3").await;
        wait_status(&app, "chooseExtra").await;
        assert_eq!(turn_text(&app).await, "Elige la pieza extra que te llevas");
        assert_eq!(takeable(&app).await, vec!["b4", "c5"]);
        assert!(pieces(&app).await.contains(&"d3:player".to_string()));
        assert!(!pieces(&app).await.iter().any(|p| p.starts_with("c3")));
        assert!(label(&app, "b4").await.contains("puedes llevártela"));
        // Anything but a choice does nothing.
        let before = pieces(&app).await;
        tap(&app, "a1").await;
        tap(&app, "d3").await;
        assert_eq!(pieces(&app).await, before);
        app.screenshot("choko-choose-extra").await;
        tap(&app, "c5").await;
        app.wait_until(
            "document.getElementById('choko-turn-line').dataset.status !== 'chooseExtra'",
        )
        .await;
        app.wait_until(DECISION).await;
        let state = shell_state(&app).await;
        let actions = state["game"]["actions"].as_array().unwrap();
        let before = played(&fixture("jump"));
        assert_eq!(actions[before], json!("b3xd3 c5"));
        assert_eq!(actions.len(), before + 2, "the machine answered");
        let spoken = app
            .js("return document.getElementById('choko-spoken').textContent;")
            .await;
        assert!(
            spoken.as_str().unwrap().starts_with("La máquina"),
            "the machine's action is said: {spoken}"
        );
        app.quit().await;
    });
}

#[test]
fn a_forced_placement_offers_only_the_empty_points() {
    run(async {
        let data = DataDir::new("choko-place");
        prefer_choko(&data, ES);
        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        app.click("#choko-play").await;
        wait_status(&app, "mustPlace").await;
        assert_eq!(turn_text(&app).await, "Debes colocar una pieza");
        let machine = points_of(
            &app,
            ".choko-board.interactive .piece[data-side=\"machine\"]",
            "data-point",
        )
        .await;
        assert_eq!(machine.len(), 1);
        let at = machine[0].clone();
        assert_eq!(dests(&app).await.len(), 24);
        assert!(!dests(&app).await.contains(&at));
        assert!(movable(&app).await.is_empty());
        let holder = app
            .js("return [document.getElementById('hand-machine').dataset.initiative, document.getElementById('hand-player').dataset.initiative, document.getElementById('hand-machine').dataset.count];")
            .await;
        assert_eq!(holder, json!(["true", "false", "11"]));
        assert!(label(&app, &at).await.contains("última jugada"));
        // The machine's point does nothing; an empty one places.
        tap(&app, &at).await;
        assert_eq!(status(&app).await, "mustPlace");
        let target = if at == "c3" { "c4" } else { "c3" };
        tap(&app, target).await;
        app.wait_until(&format!(
            "document.querySelector('.choko-board.interactive .piece[data-point=\"{target}\"][data-side=\"player\"]')"
        ))
        .await;
        app.wait_until(DECISION).await;
        let state = shell_state(&app).await;
        assert_eq!(state["game"]["actions"][1], json!(format!("@{target}")));
        app.quit().await;
    });
}

/// The app process of a data home (not its driver).
fn kill_app(data: &DataDir) {
    let needle = format!("XDG_DATA_HOME={}", data.0.display());
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let exe = std::fs::read_link(entry.path().join("exe")).unwrap_or_default();
        if !exe.to_string_lossy().ends_with("checkers-app") {
            continue;
        }
        let env = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        if env.split(|&b| b == 0).any(|v| v == needle.as_bytes()) {
            let status = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status()
                .unwrap();
            assert!(status.success());
        }
    }
}

#[test]
fn a_kill_while_choosing_the_extra_piece_resumes_the_choice() {
    run(async {
        let data = DataDir::new("choko-kill");
        prefer_choko(&data, ES);
        preset_game(&data, 1, fixture("jump"));
        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        app.click("#choko-continue").await;
        wait_status(&app, "yourTurn").await;
        tap(&app, "b3").await;
        tap(&app, "d3").await;
        wait_status(&app, "chooseExtra").await;
        kill_app(&data);
        drop(app);

        let app = App::launch(&data, ES).await;
        open_choko(&app).await;
        app.click("#choko-continue").await;
        wait_status(&app, "chooseExtra").await;
        assert_eq!(takeable(&app).await, vec!["b4", "c5"]);
        assert_eq!(lifted(&app).await, vec!["d3"]);
        assert!(!pieces(&app).await.iter().any(|p| p.starts_with("c3")));
        app.screenshot("choko-resumed-choice").await;
        tap(&app, "b4").await;
        app.wait_until(
            "document.getElementById('choko-turn-line').dataset.status !== 'chooseExtra'",
        )
        .await;
        app.wait_until(DECISION).await;
        let state = shell_state(&app).await;
        let before = played(&fixture("jump"));
        assert_eq!(state["game"]["actions"][before], json!("b3xd3 b4"));
        app.quit().await;
    });
}

#[test]
fn undo_is_refused_calmly_and_the_last_game_chosen_is_remembered() {
    run(async {
        let data = DataDir::new("choko-undo");
        let app = App::launch(&data, "en").await;
        // Checkers first, as on the first launch.
        let selected = app
            .js("return document.getElementById('game-checkers').getAttribute('aria-selected');")
            .await;
        assert_eq!(selected, json!("true"));
        app.click("#game-choko").await;
        open_choko(&app).await;
        app.click("#choko-play").await;
        wait_status(&app, "mustPlace").await;
        app.js("document.querySelector('.choko-board.interactive').focus(); return true;")
            .await;
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let ctrl_z = KeyActions::new("keyboard".to_string())
            .then(KeyAction::Down { value: '\u{E009}' })
            .then(KeyAction::Down { value: 'z' })
            .then(KeyAction::Up { value: 'z' })
            .then(KeyAction::Up { value: '\u{E009}' });
        app.client.perform_actions(ctrl_z).await.unwrap();
        app.wait_until(
            "document.getElementById('toast') && !document.getElementById('toast').hidden",
        )
        .await;
        let toast = app
            .js("return document.getElementById('toast').textContent;")
            .await;
        assert_eq!(toast, json!("Choko has no undo: a streak is a score."));
        assert_eq!(status(&app).await, "mustPlace");
        app.quit().await;
        let app = App::launch(&data, "en").await;
        open_choko(&app).await;
        let selected = app
            .js("return document.getElementById('game-choko').getAttribute('aria-selected');")
            .await;
        assert_eq!(selected, json!("true"), "the last game chosen");
        app.quit().await;
    });
}
