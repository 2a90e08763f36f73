//! What a player sees in the real app window, scenario by scenario. Each test starts the app with its own empty data directory;
//! some first write a saved game, as the app itself would have, to start
//! from a chosen position.

use e2e::play::*;
use e2e::{App, DataDir};
use serde_json::json;
use std::path::Path;

const ES: &str = "es";

const CAPTURE_TEXT: &str =
    "Hay una captura disponible: solo pueden moverse las fichas que pueden saltar";

/// A saved game where the player must capture 22x15x6.
const CHAIN_FEN: &str = "W:W22,30:B18,10,3";

/// Launch on a saved game at `fen` where the player must capture, and
/// continue it.
async fn continue_capture(data: &DataDir, fen: &str) -> App {
    preset_game(data, fen, &[]);
    let app = App::launch(data, ES).await;
    app.click("#continue").await;
    wait_status(&app, "captureAvailable").await;
    app
}

/// The first jump of 22x15x6: the chain is then in progress.
async fn first_jump(app: &App) {
    tap(app, 22).await;
    tap(app, 15).await;
    wait_status(app, "jumpAgain").await;
}

#[test]
fn new_games_at_every_level_and_only_movable_pieces_respond() {
    run(async {
        let data = DataDir::new("new-games");
        let app = App::launch(&data, ES).await;
        for level in ["easy", "normal", "hard"] {
            for first in ["player", "cpu"] {
                wait_screen(&app, "start").await;
                app.click(&format!("#first-{first}")).await;
                start_level(&app, level).await;
                if first == "cpu" {
                    // The CPU opens, then it is the player's turn with the
                    // CPU's piece marked.
                    wait_status(&app, "yourTurn").await;
                    let marked = app
                        .js("return document.querySelectorAll('.piece.last-move[data-side=\"cpu\"]').length;")
                        .await;
                    assert_eq!(marked, json!(1), "{level}: the CPU's last move is marked");
                } else {
                    wait_status(&app, "yourTurn").await;
                }
                assert_eq!(turn_text(&app).await, "Tu turno");
                let offered = movable(&app).await;
                assert_eq!(offered, vec![21, 22, 23, 24], "{level} {first}");
                let before = pieces(&app).await;
                // A piece that cannot move and an empty square: nothing.
                tap(&app, 29).await;
                tap(&app, 17).await;
                tap(&app, 5).await;
                assert!(lifted(&app).await.is_empty());
                assert!(dests(&app).await.is_empty());
                assert_eq!(pieces(&app).await, before);
                // Lift, see the destinations, put back.
                tap(&app, 22).await;
                assert_eq!(lifted(&app).await, vec![22]);
                let d = dests(&app).await;
                assert!(
                    !d.is_empty() && d.iter().all(|s| [17, 18].contains(s)),
                    "{d:?}"
                );
                tap(&app, 22).await;
                assert!(lifted(&app).await.is_empty());
                assert!(dests(&app).await.is_empty());
                app.click("#back").await;
            }
        }
        app.screenshot("new-games").await;
        app.quit().await;
    });
}

#[test]
fn the_cpu_replies_after_the_pause_hop_by_hop_and_is_marked() {
    run(async {
        let data = DataDir::new("cpu-chain");
        // After 31-27 the CPU's only move is the double jump 10x17x26.
        preset_game(&data, "W:W14,22,31:B7,10", &[]);
        let app = App::launch(&data, ES).await;
        app.click("#continue").await;
        wait_status(&app, "yourTurn").await;
        // Sample the CPU's pieces every few milliseconds from the page.
        app.js(
            "window.__samples = []; const t0 = performance.now();
             window.__sampler = setInterval(() => {
               const cpu = [...document.querySelectorAll('.board.interactive .piece[data-side=\"cpu\"]')]
                 .filter(p => getComputedStyle(p).opacity !== '0').map(p => Number(p.dataset.square)).sort((a,b)=>a-b).join(',');
               const s = window.__samples;
               if (!s.length || s[s.length - 1].cpu !== cpu) s.push({ t: performance.now() - t0, cpu });
             }, 5);
             return true;",
        )
        .await;
        tap(&app, 31).await;
        tap(&app, 27).await;
        app.wait_until("document.getElementById('turn-line').dataset.status === 'cpuThinking'")
            .await;
        wait_status(&app, "yourTurn").await;
        let samples = app
            .js("clearInterval(window.__sampler); return window.__samples;")
            .await;
        let seen: Vec<String> = samples
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["cpu"].as_str().unwrap().to_string())
            .collect();
        assert!(seen.contains(&"7,10".to_string()), "{seen:?}");
        assert!(
            seen.contains(&"7,17".to_string()),
            "the middle of the chain is shown: {seen:?}"
        );
        assert_eq!(seen.last().unwrap(), "7,26");
        let time_of = |cpu: &str| {
            samples
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["cpu"] == cpu)
                .map(|s| s["t"].as_f64().unwrap())
                .unwrap()
        };
        let gap = time_of("7,26") - time_of("7,17");
        assert!(gap >= 200.0, "hops of a chain are ~260 ms apart, saw {gap}");
        assert_eq!(
            squares_of(&app, ".board.interactive .piece.last-move", "data-square").await,
            vec![26]
        );
        assert_eq!(pieces(&app).await, vec!["26:cpu", "27:player", "7:cpu"]);
        app.screenshot("cpu-chain").await;
        app.quit().await;
    });
}

#[test]
fn a_forced_capture_a_chain_and_crowning() {
    run(async {
        let data = DataDir::new("capture");
        let app = continue_capture(&data, CHAIN_FEN).await;
        assert_eq!(turn_text(&app).await, CAPTURE_TEXT);
        assert_eq!(movable(&app).await, vec![22]);
        tap(&app, 30).await;
        assert!(
            lifted(&app).await.is_empty(),
            "a piece that cannot jump cannot be lifted"
        );
        tap(&app, 22).await;
        assert_eq!(dests(&app).await, vec![15]);
        tap(&app, 15).await;
        wait_status(&app, "jumpAgain").await;
        assert_eq!(turn_text(&app).await, "Salta otra vez con la misma ficha");
        assert_eq!(
            lifted(&app).await,
            vec![15],
            "the piece stays lifted mid-chain"
        );
        assert_eq!(dests(&app).await, vec![6]);
        tap(&app, 6).await;
        app.wait_until("document.getElementById('turn-line').dataset.status !== 'jumpAgain'")
            .await;
        app.quit().await;

        // Crowning ends the chain: 10x3 crowns; as a king it could go on over 8.
        let data = DataDir::new("crown");
        let app = continue_capture(&data, "W:W10:B7,8,20").await;
        tap(&app, 10).await;
        tap(&app, 3).await;
        app.wait_until("document.querySelector('.piece[data-square=\"3\"][data-king=\"true\"]')")
            .await;
        assert_ne!(status(&app).await, "jumpAgain");
        assert!(lifted(&app).await.is_empty());
        app.screenshot("crowning").await;
        app.quit().await;
    });
}

#[test]
fn undo_restores_the_position_and_the_cpu_replies_the_same() {
    run(async {
        let data = DataDir::new("undo");
        let app = App::launch(&data, ES).await;
        app.click("#first-player").await;
        app.click("#level-normal").await;
        wait_status(&app, "yourTurn").await;
        let start = pieces(&app).await;
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        let reply = pieces(&app).await;
        assert_ne!(reply, start);
        app.click("#undo").await;
        // Back at the start nothing carries the last-move mark.
        app.wait_until("!document.querySelector('.piece.last-move')")
            .await;
        wait_status(&app, "yourTurn").await;
        assert_eq!(
            pieces(&app).await,
            start,
            "undo withdraws the move and the reply"
        );
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        assert_eq!(
            pieces(&app).await,
            reply,
            "the same move gets the same reply"
        );
        app.quit().await;

        // Undo mid-chain goes back to before the chain.
        let data = DataDir::new("undo-chain");
        let app = continue_capture(&data, CHAIN_FEN).await;
        let before = pieces(&app).await;
        first_jump(&app).await;
        app.click("#undo").await;
        wait_status(&app, "captureAvailable").await;
        assert_eq!(pieces(&app).await, before);
        assert!(lifted(&app).await.is_empty());
        app.screenshot("undo").await;
        app.quit().await;
    });
}

#[test]
fn quitting_mid_chain_resumes_with_the_piece_lifted() {
    run(async {
        let data = DataDir::new("resume");
        let app = continue_capture(&data, CHAIN_FEN).await;
        first_jump(&app).await;
        app.quit().await;

        let app = App::launch(&data, ES).await;
        wait_screen(&app, "start").await;
        app.click("#continue").await;
        wait_status(&app, "jumpAgain").await;
        assert_eq!(lifted(&app).await, vec![15]);
        assert_eq!(dests(&app).await, vec![6]);
        assert_eq!(turn_text(&app).await, "Salta otra vez con la misma ficha");
        app.screenshot("resume-mid-chain").await;
        app.quit().await;
    });
}

#[test]
fn a_finished_game_is_recorded_and_an_abandoned_one_is_not() {
    run(async {
        let data = DataDir::new("records");
        let app = continue_capture(&data, "W:W22,30:B18").await;
        tap(&app, 22).await;
        tap(&app, 15).await;
        wait_end(&app).await;
        let outcome = app
            .js("return document.getElementById('outcome').dataset.outcome;")
            .await;
        assert_eq!(outcome, json!("win"));
        let left = app
            .js("return [document.getElementById('pieces-player').dataset.count, document.getElementById('pieces-cpu').dataset.count];")
            .await;
        assert_eq!(left, json!(["2", "0"]));
        let line = app
            .js("return document.querySelector('.outcome-line').textContent.trim();")
            .await;
        assert_eq!(line, json!("A la CPU no le quedan fichas: has ganado."));
        app.screenshot("end-win").await;
        app.click("#menu").await;
        wait_screen(&app, "start").await;
        // Abandon a game: start one, move, and start another.
        app.click("#first-player").await;
        app.click("#level-easy").await;
        wait_status(&app, "yourTurn").await;
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        app.click("#back").await;
        wait_screen(&app, "start").await;
        app.click("#level-easy").await;
        // A game is saved: the app first asks whether to abandon it.
        app.wait_until("!document.getElementById('confirm').hidden")
            .await;
        app.click("#confirm-new").await;
        wait_status(&app, "yourTurn").await;
        app.click("#back").await;
        app.click("#open-records").await;
        wait_screen(&app, "records").await;
        let rec = app
            .js("const r = id => { const e = document.getElementById(id); return [e.dataset.wins, e.dataset.draws, e.dataset.losses]; };
                 return [r('records-easy'), r('records-normal'), r('records-hard')];")
            .await;
        assert_eq!(
            rec,
            json!([["0", "0", "0"], ["1", "0", "0"], ["0", "0", "0"]])
        );
        app.screenshot("records").await;
        app.quit().await;
    });
}

#[test]
fn a_saved_position_text_that_once_panicked_still_lets_the_app_start() {
    run(async {
        // `[aaé]` as the saved game's position killed the app at every
        // start: the FEN reader sliced the text inside the é.
        let data = DataDir::new("panic-fen");
        preset_game(&data, "[aaé]", &[]);
        let app = App::launch(&data, ES).await;
        wait_screen(&app, "start").await;
        assert_eq!(
            notice(&app).await,
            "No se pudo leer la partida de damas guardada; se ha apartado y puedes empezar una nueva."
        );
        assert_eq!(
            app.js("return document.getElementById('continue').hidden;")
                .await,
            json!(true)
        );
        // A new game is played and saved as usual.
        app.click("#level-easy").await;
        wait_status(&app, "yourTurn").await;
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        app.quit().await;
        let app = App::launch(&data, ES).await;
        wait_screen(&app, "start").await;
        app.wait_until("!document.getElementById('continue').hidden")
            .await;
        app.screenshot("panic-fen-recovered").await;
        app.quit().await;
    });
}

#[test]
fn every_unreadable_document_of_both_games_is_named_on_the_start_screen() {
    run(async {
        let data = DataDir::new("two-notices");
        let dir = data.app_dir();
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["game.1.json", "choko-ladder.1.json"] {
            std::fs::write(dir.join(file), "{\"format\":1,]").unwrap();
        }
        let app = App::launch(&data, ES).await;
        wait_screen(&app, "start").await;
        app.wait_until("document.querySelectorAll('#notice .notice-line').length === 2")
            .await;
        let lines = app
            .js("return [...document.querySelectorAll('#notice .notice-line')].map(p => p.textContent);")
            .await;
        assert_eq!(
            lines,
            json!([
                "No se pudo leer la partida de damas guardada; se ha apartado y puedes empezar una nueva.",
                "Tu escalera de Choko no se pudo leer; se ha apartado y empieza de nuevo en el nivel 1."
            ])
        );
        app.screenshot("two-notices").await;
        // Read once the player goes into a game.
        app.click("#level-easy").await;
        wait_status(&app, "yourTurn").await;
        assert_eq!(
            app.js("return document.querySelectorAll('.notice-line').length;")
                .await,
            json!(0)
        );
        app.quit().await;
    });
}

#[test]
fn a_corrupt_saved_game_is_set_aside_calmly_and_the_records_survive() {
    run(async {
        let data = DataDir::new("corrupt");
        let dir = data.app_dir();
        std::fs::create_dir_all(&dir).unwrap();
        // Bytes changed in place: no write of the app, even cut short,
        // leaves them.
        std::fs::write(
            dir.join("game.1.json"),
            "{\"format\":1,\"seq\":3,\"data\":]}",
        )
        .unwrap();
        let level = json!({"wins": 0, "losses": 0, "draws": 0, "playerPiecesLeft": 0, "cpuPiecesLeft": 0, "playTimeMs": 0});
        let mut normal = level.clone();
        normal["wins"] = json!(1);
        normal["playerPiecesLeft"] = json!(5);
        normal["playTimeMs"] = json!(120000);
        write_doc(
            &data,
            "records",
            json!({"lastGameId": 4, "records": {"version": 1, "easy": level, "normal": normal, "hard": level}}),
        );
        let app = App::launch(&data, ES).await;
        wait_screen(&app, "start").await;
        let notice = notice(&app).await;
        assert!(!notice.is_empty(), "the player is told");
        assert!(!notice.contains('!'), "calmly: {notice}");
        let hidden = app
            .js("return document.getElementById('continue').hidden;")
            .await;
        assert_eq!(hidden, json!(true));
        app.screenshot("corrupt-notice").await;
        app.click("#open-records").await;
        wait_screen(&app, "records").await;
        let wins = app
            .js("return document.getElementById('records-normal').dataset.wins;")
            .await;
        assert_eq!(wins, json!("1"));
        app.quit().await;
        let aside = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("game.1.json.corrupt")
            });
        assert!(aside, "the unreadable file is moved aside, not overwritten");
        assert!(Path::new(&dir.join("records.1.json")).exists());
    });
}

#[test]
fn one_full_turn_by_keyboard_and_the_english_switch() {
    run(async {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let data = DataDir::new("keyboard");
        let app = App::launch(&data, ES).await;
        app.click("#first-player").await;
        app.click("#level-easy").await;
        wait_status(&app, "yourTurn").await;
        app.js("document.querySelector('.board.interactive').focus(); return true;")
            .await;
        // From the first movable piece (21): right to 22, lift, up to 18, drop.
        const RIGHT: char = '\u{E014}';
        const UP: char = '\u{E013}';
        const ENTER: char = '\u{E007}';
        // Each key's effect is awaited before the next: the focus ring
        // moves, the piece is lifted, the ring moves, the move is made.
        let steps: [(char, &str); 4] = [
            (RIGHT, "focusSquare() === 22"),
            (
                ENTER,
                "document.querySelector('.piece.lifted[data-square=\"22\"]')",
            ),
            (UP, "focusSquare() === 18"),
            (
                ENTER,
                "document.querySelector('.piece[data-square=\"18\"][data-side=\"player\"]')",
            ),
        ];
        for (key, done) in steps {
            let actions = KeyActions::new("keyboard".to_string())
                .then(KeyAction::Down { value: key })
                .then(KeyAction::Up { value: key });
            app.client.perform_actions(actions).await.unwrap();
            app.wait_until(&format!(
                "(() => {{ const focusSquare = () => Number((document.querySelector('.board.interactive').getAttribute('aria-activedescendant') || '').split('-').pop()); return {done}; }})()"
            ))
            .await;
        }
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        let p = pieces(&app).await;
        assert!(p.contains(&"18:player".to_string()), "{p:?}");
        assert!(!p.contains(&"22:player".to_string()), "{p:?}");
        app.screenshot("keyboard").await;

        // Switch to English in the settings.
        app.click("#back").await;
        app.click("#open-settings").await;
        wait_screen(&app, "settings").await;
        app.click("#lang-en").await;
        app.wait_until("document.documentElement.lang === 'en'")
            .await;
        app.click("#back").await;
        app.click("#continue").await;
        wait_player_turn(&app).await;
        let text = turn_text(&app).await;
        assert!(
            text == "Your turn"
                || text == "A capture is available: only pieces that can jump may move",
            "{text}"
        );
        app.screenshot("english").await;
        app.quit().await;
    });
}

async fn check_end_screen(app: &App) {
    let outcome = app
        .js("return document.getElementById('outcome').dataset.outcome;")
        .await;
    assert!(["win", "loss", "draw"].contains(&outcome.as_str().unwrap()));
    let left = app
        .js("return [Number(document.getElementById('pieces-player').dataset.count), Number(document.getElementById('pieces-cpu').dataset.count)];")
        .await;
    let (p, c) = (left[0].as_u64().unwrap(), left[1].as_u64().unwrap());
    assert!(p <= 12 && c <= 12);
    match outcome.as_str().unwrap() {
        "win" => assert!(p > 0),
        "loss" => assert!(c > 0),
        _ => assert!(p > 0 && c > 0),
    }
}

#[test]
fn whole_games_by_mouse_on_a_phone_and_by_keyboard_on_a_desktop() {
    run(async {
        // Spanish, mouse, a phone-sized window.
        let data = DataDir::new("full-mouse");
        let app = App::launch(&data, "es").await;
        app.resize(360, 640).await;
        app.click("#first-player").await;
        app.click("#level-easy").await;
        let hops = play_to_the_end(&app, Input::Mouse).await;
        assert!(hops > 5);
        check_end_screen(&app).await;
        app.screenshot("full-game-mouse-phone-es").await;
        app.click("#menu").await;
        app.click("#open-records").await;
        wait_screen(&app, "records").await;
        let games = app
            .js("const e = document.getElementById('records-easy'); return Number(e.dataset.wins) + Number(e.dataset.draws) + Number(e.dataset.losses);")
            .await;
        assert_eq!(games, json!(1));
        app.quit().await;

        // English, keyboard only, a desktop-sized window, the CPU first.
        let data = DataDir::new("full-keys");
        let app = App::launch(&data, "en").await;
        app.resize(1280, 900).await;
        app.click("#first-cpu").await;
        app.click("#level-easy").await;
        app.wait_until("document.getElementById('turn-line') && document.getElementById('turn-line').dataset.status === 'yourTurn'")
            .await;
        assert_eq!(turn_text(&app).await, "Your turn");
        app.js("document.querySelector('.board.interactive').focus(); return true;")
            .await;
        let hops = play_to_the_end(&app, Input::Keyboard).await;
        assert!(hops > 5);
        check_end_screen(&app).await;
        app.screenshot("full-game-keyboard-desktop-en").await;
        app.quit().await;
    });
}

/// Records every painted frame of the game board from inside the page:
/// the turn line's status, whether the board is locked, the pieces, and
/// the pieces offered (movable or lifted).
const RECORD_FRAMES: &str = "
    window.__frames = [];
    const record = () => {
      const board = document.querySelector('.board.interactive');
      const line = document.getElementById('turn-line');
      if (board && line && !document.querySelector('[data-mode=\"review\"]')) {
        const squares = (css) => [...board.querySelectorAll(css)].map((p) => p.dataset.square).sort().join(' ');
        window.__frames.push({
          status: line.dataset.status,
          locked: board.classList.contains('locked'),
          pieces: [...board.querySelectorAll('.piece[data-square]')]
            .map((p) => p.dataset.square + p.dataset.side + p.dataset.king).sort().join(' '),
          offered: squares('.piece.movable, .piece.lifted'),
        });
      }
      window.__recording = requestAnimationFrame(record);
    };
    record();";

/// Wait until the recorder has seen two more frames: what the DOM shows
/// now has been painted and recorded.
async fn painted(app: &App) {
    let n = app.js("return window.__frames.length;").await;
    app.wait_until(&format!("window.__frames.length >= {n} + 2"))
        .await;
}

/// The View and its legal moves reach the board together: through a
/// resumed capture, a chain, the CPU's reply, an undo and a new game, no
/// painted frame shows the player to decide on an open board with nothing
/// offered, and a position never shows two different offers.
#[test]
fn the_board_never_shows_a_position_without_what_it_offers() {
    run(async {
        let data = DataDir::new("offers");
        preset_game(&data, CHAIN_FEN, &[]);
        let app = App::launch(&data, ES).await;
        app.js(RECORD_FRAMES).await;
        app.click("#continue").await;
        wait_status(&app, "captureAvailable").await;
        painted(&app).await;
        first_jump(&app).await;
        painted(&app).await;
        tap(&app, 6).await;
        wait_player_turn(&app).await;
        painted(&app).await;
        app.click("#undo").await;
        wait_status(&app, "captureAvailable").await;
        app.click("#back").await;
        start_level(&app, "easy").await;
        wait_status(&app, "yourTurn").await;
        painted(&app).await;
        tap(&app, 22).await;
        tap(&app, 18).await;
        app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
            .await;
        wait_player_turn(&app).await;
        painted(&app).await;
        let frames = app
            .js("cancelAnimationFrame(window.__recording); return window.__frames;")
            .await;
        let frames = frames.as_array().expect("the frames");
        let text = |f: &serde_json::Value, k: &str| f[k].as_str().unwrap_or_default().to_string();
        let seen: std::collections::BTreeSet<String> =
            frames.iter().map(|f| text(f, "status")).collect();
        for s in ["captureAvailable", "jumpAgain", "cpuThinking", "yourTurn"] {
            assert!(seen.contains(s), "no frame with {s}: {seen:?}");
        }
        let mut offers = std::collections::BTreeMap::new();
        for f in frames {
            let status = text(f, "status");
            let open = f["locked"] == json!(false);
            if !open || !["yourTurn", "captureAvailable", "jumpAgain"].contains(&status.as_str()) {
                continue;
            }
            let offered = text(f, "offered");
            assert!(!offered.is_empty(), "an open board offers nothing: {f}");
            let first = offers
                .entry((text(f, "pieces"), status))
                .or_insert_with(|| offered.clone());
            assert_eq!(*first, offered, "one position, two offers: {f}");
        }
        // Resumed, mid-chain, after the CPU's reply, a new game, after the
        // CPU's reply again (the undo comes back to the first).
        assert_eq!(offers.len(), 5, "the positions seen open: {offers:?}");
        app.quit().await;
    });
}
