//! The galleries: every screen of both games at a phone, a tablet and a
//! desktop size, photographed (looked at by a person before a change to
//! what the player sees is called done) and held to the layout rules
//! ([`crate::layout`]), the same in each engine. The caller launches the
//! page on the documents the gallery writes and says how to size and
//! photograph it ([`Window`]).

use crate::choko_play::{self, preset_game, preset_ladder, DECISION};
use crate::layout::{
    check_layout, check_mark_contrast, Window, CHECKERS_MARKS, CHOKO_MARKS, SIZES,
};
use crate::play::{rect, wait_player_turn, wait_screen, write_doc};
use crate::{App, DataDir};
use serde_json::json;

const BOARD: &str = ".board.interactive";
const CHOKO_BOARD: &str = ".choko-board.interactive";

async fn visible(app: &App, css: &str) -> bool {
    app.js(&format!(
        "const e = document.querySelector('{css}'); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';"
    ))
    .await
        == json!(true)
}

/// Check the layout of the screen in sight, then photograph it.
async fn shot<W: Window>(w: &W, name: &str, board: Option<&str>, layer: Option<&str>) {
    w.photo(name).await;
    check_layout(w.page(), name, board, layer).await;
}

/// Checkers' documents for the gallery: a saved game one capture from a
/// win, against Normal, with square numbers.
pub fn checkers_documents(data: &DataDir, lang: &str) {
    write_doc(
        data,
        "game",
        json!({ "gameId": 1, "game": {
            "version": 1, "level": "normal", "first": "player", "fen": "W:W22,30,31:B18",
            "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 65000, "recorded": false
        }}),
    );
    write_doc(
        data,
        "settings",
        json!({ "language": lang, "sound": false, "squareNumbers": true }),
    );
}

/// Every checkers screen at each size, from the start screen of a page
/// launched on [`checkers_documents`]; photographs named `gallery-<tag>-…`.
pub async fn checkers<W: Window>(w: &W, tag: &str) {
    let app = w.page();
    // The game that is about to be won: lifted piece, dots, numbers.
    app.click("#continue").await;
    wait_player_turn(app).await;
    app.click(".board.interactive .sq[data-square=\"22\"]")
        .await;
    app.wait_until(
        "document.querySelector('.board.interactive .piece.lifted[data-square=\"22\"]')",
    )
    .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        // Square numbers: at least 10 px tall, above the pieces.
        let num = rect(app, ".board.interactive .num-text").await;
        assert!(
            num[3] - num[1] >= 10.0,
            "{name}: numbers {:.1} px tall",
            num[3] - num[1]
        );
        check_mark_contrast(app, name, &CHECKERS_MARKS).await;
        shot(
            w,
            &format!("gallery-{tag}-{name}-play-lifted"),
            Some(BOARD),
            None,
        )
        .await;
    }

    // The end stays on the board.
    app.click(".board.interactive .sq[data-square=\"15\"]")
        .await;
    app.wait_until("document.querySelector('[data-mode=\"end\"]')")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        assert!(visible(app, BOARD).await, "{name}: the board stays");
        assert!(visible(app, "#outcome").await && visible(app, "#play-again").await);
        let board = rect(app, ".board-wrap").await;
        let again = rect(app, "#play-again").await;
        assert!(
            again[3] <= f64::from(h) + 0.5,
            "{name}: Play again below the fold"
        );
        assert!(
            again[1] >= board[3] - 0.5 || again[0] >= board[2] - 0.5,
            "{name}: the result covers the board"
        );
        shot(w, &format!("gallery-{tag}-{name}-end"), Some(BOARD), None).await;
    }

    // The phone's move list under the result: a sheet over the board.
    w.size(360, 640).await;
    app.click("#open-moves").await;
    app.wait_until("document.querySelector('.moves-open')")
        .await;
    shot(
        w,
        &format!("gallery-{tag}-phone-end-moves"),
        None,
        Some("#moves-panel"),
    )
    .await;
    app.click("#close-moves").await;

    // Review, at each size: the moves in sight, the board never covered.
    app.click("#review-game").await;
    app.wait_until("document.querySelector('[data-mode=\"review\"]')")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        assert!(visible(app, "#moves-panel").await, "{name}: move list");
        let board = rect(app, ".board-wrap").await;
        let panel = rect(app, "#moves-panel").await;
        let apart = panel[0] >= board[2] - 0.5
            || panel[2] <= board[0] + 0.5
            || panel[1] >= board[3] - 0.5
            || panel[3] <= board[1] + 0.5;
        assert!(apart, "{name}: the move list covers the board");
        check_mark_contrast(app, name, &CHECKERS_MARKS).await;
        shot(
            w,
            &format!("gallery-{tag}-{name}-review"),
            Some(BOARD),
            None,
        )
        .await;
    }
    app.click("#review-prev").await;
    w.size(360, 640).await;
    shot(
        w,
        &format!("gallery-{tag}-phone-review-start"),
        Some(BOARD),
        None,
    )
    .await;
    app.click("#exit-review").await;
    app.click("#menu").await;

    // Records with the game just won in the history.
    app.click("#open-records").await;
    app.wait_until("document.querySelector('#history .history-row')")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        shot(w, &format!("gallery-{tag}-{name}-records"), None, None).await;
    }
    app.click("#back").await;

    // Help: sections open and close; the first is open.
    app.click("#open-help").await;
    wait_screen(app, "help").await;
    let open = app
        .js("return [...document.querySelectorAll('.help-section')].map(d => d.open);")
        .await;
    let open: Vec<bool> = serde_json::from_value(open).unwrap_or_default();
    assert!(
        !open.is_empty() && open[0] && open[1..].iter().all(|o| !o),
        "{open:?}"
    );
    app.click("#help-1 > summary").await;
    app.wait_until("document.getElementById('help-1').open")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        shot(w, &format!("gallery-{tag}-{name}-help"), None, None).await;
    }
    app.click("#back").await;

    app.click("#open-settings").await;
    wait_screen(app, "settings").await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        shot(w, &format!("gallery-{tag}-{name}-settings"), None, None).await;
    }
    app.click("#back").await;

    // A game in progress: the move list and the phone's action bar.
    app.click("#level-normal").await;
    wait_player_turn(app).await;
    app.click(".board.interactive .sq[data-square=\"22\"]")
        .await;
    app.click(".board.interactive .sq[data-square=\"18\"]")
        .await;
    app.wait_until("document.querySelector('.piece.last-move[data-side=\"cpu\"]')")
        .await;
    wait_player_turn(app).await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        let board = rect(app, ".board-wrap").await;
        let undo = rect(app, "#undo").await;
        let top = rect(app, ".topbar").await;
        if name == "phone" {
            // Undo in reach of the thumb: under the board, not in the top
            // corner; and no large empty band above or below.
            assert!(undo[1] >= board[3], "{name}: Undo is not under the board");
            assert!(
                board[1] - top[3] < 60.0,
                "{name}: {} px empty above the board",
                board[1] - top[3]
            );
            assert!(
                f64::from(h) - undo[3] < 80.0,
                "{name}: {} px empty under the actions",
                f64::from(h) - undo[3]
            );
            assert!(visible(app, "#open-moves").await);
        } else {
            let panel = rect(app, "#moves-panel").await;
            assert!(
                visible(app, "#moves-panel").await,
                "{name}: move list shown"
            );
            let used = panel[2].max(board[2]) - panel[0].min(board[0]);
            assert!(
                used >= 0.7 * f64::from(width),
                "{name}: board and moves use {used} of {width} px"
            );
        }
        shot(w, &format!("gallery-{tag}-{name}-play"), Some(BOARD), None).await;
    }

    // The start screen with a game saved, and the question before
    // abandoning it; on a short window every action is reachable.
    app.click("#back").await;
    app.wait_until("!document.getElementById('continue').hidden")
        .await;
    start_at_every_size(
        w,
        &[
            "#continue",
            "#level-hard",
            "#open-records",
            "#open-help",
            "#open-settings",
        ],
        &format!("gallery-{tag}"),
    )
    .await;
    app.click("#level-easy").await;
    app.wait_until("!document.getElementById('confirm').hidden")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        shot(
            w,
            &format!("gallery-{tag}-{name}-confirm"),
            None,
            Some("#confirm"),
        )
        .await;
    }
    app.click("#confirm-keep").await;
    app.wait_until("document.getElementById('confirm').hidden")
        .await;
}

/// The start screen on a short window (360×560) and at every size, each
/// of `ids` above the fold; photographs named `<prefix>-<size>-start`.
async fn start_at_every_size<W: Window>(w: &W, ids: &[&str], prefix: &str) {
    let app = w.page();
    for (width, h, name) in [(360, 560, "short"), SIZES[0], SIZES[1], SIZES[2]] {
        w.size(width, h).await;
        for id in ids {
            let r = rect(app, id).await;
            assert!(
                r[3] <= f64::from(h) + 0.5,
                "{name}: {id} below the fold ({})",
                r[3]
            );
        }
        shot(w, &format!("{prefix}-{name}-start"), None, None).await;
    }
}

/// The game screen's frame at every size: the machine's hand above the
/// board, the player's below it, `under` (the turn line or the result)
/// under them, all inside the window.
async fn choko_frame(app: &App, h: u32, name: &str, under: &str) {
    let board = rect(app, ".choko-wrap").await;
    let top = rect(app, "#hand-machine").await;
    let bottom = rect(app, "#hand-player").await;
    assert!(
        top[3] <= board[1] + 0.5,
        "{name}: the machine's hand is above the board"
    );
    assert!(
        bottom[1] >= board[3] - 0.5,
        "{name}: the player's hand is below the board"
    );
    let last = rect(app, under).await;
    assert!(
        last[3] <= f64::from(h) + 0.5,
        "{name}: {under} below the fold ({})",
        last[3]
    );
    assert!(
        last[1] >= board[3] - 0.5 || last[0] >= board[2] - 0.5,
        "{name}: {under} covers the board"
    );
}

/// Choko's documents for the gallery: a ladder under way and a saved game
/// with a jump to make.
pub fn choko_documents(data: &DataDir, lang: &str) {
    write_doc(
        data,
        "settings",
        json!({ "language": lang, "sound": false, "squareNumbers": true, "game": "choko" }),
    );
    preset_ladder(data, &[60, 45], &[70, 60, 45]);
    preset_game(data, 3, choko_play::fixture("jump"));
}

/// Choko's documents for the end: a saved game won by the jump c4xc2.
pub fn choko_end_documents(data: &DataDir) {
    preset_game(data, 3, choko_play::fixture("win"));
}

/// Choko's start screen and game at each size, from a page launched on
/// [`choko_documents`]; photographs named `choko-<tag>-…`.
pub async fn choko<W: Window>(w: &W, tag: &str) {
    let app = w.page();
    choko_play::open_choko(app).await;
    start_at_every_size(
        w,
        &[
            "#choko-continue",
            "#choko-new-streak",
            "#open-help",
            "#open-settings",
        ],
        &format!("choko-{tag}"),
    )
    .await;
    app.click("#choko-new-streak").await;
    app.wait_until("!document.getElementById('choko-confirm').hidden")
        .await;
    w.size(360, 640).await;
    shot(
        w,
        &format!("choko-{tag}-phone-confirm"),
        None,
        Some("#choko-confirm"),
    )
    .await;
    app.click("#choko-confirm-keep").await;
    app.wait_until("document.getElementById('choko-confirm').hidden")
        .await;

    // Play: a piece lifted with its step and jump dots.
    app.click("#choko-continue").await;
    choko_play::wait_status(app, "yourTurn").await;
    choko_play::tap(app, "b3").await;
    app.wait_until("document.querySelector('.choko-board .piece.lifted')")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        choko_frame(app, h, name, "#choko-turn-line").await;
        check_mark_contrast(app, name, &CHOKO_MARKS).await;
        let num = rect(app, ".choko-board.interactive .num-text").await;
        assert!(
            num[3] - num[1] >= 9.0,
            "{name}: point names {:.1} px tall",
            num[3] - num[1]
        );
        shot(
            w,
            &format!("choko-{tag}-{name}-lifted"),
            Some(CHOKO_BOARD),
            None,
        )
        .await;
    }
    // The jump waits for its extra piece: rings on the choices.
    choko_play::tap(app, "d3").await;
    choko_play::wait_status(app, "chooseExtra").await;
    app.js("document.querySelector('.choko-board.interactive').focus(); return true;")
        .await;
    app.press('x').await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        choko_frame(app, h, name, "#choko-turn-line").await;
        check_mark_contrast(app, name, &CHOKO_MARKS).await;
        shot(
            w,
            &format!("choko-{tag}-{name}-extra"),
            Some(CHOKO_BOARD),
            None,
        )
        .await;
    }
    choko_play::tap(app, "c5").await;
    app.wait_until(DECISION).await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        check_mark_contrast(app, name, &CHOKO_MARKS).await;
        shot(
            w,
            &format!("choko-{tag}-{name}-play"),
            Some(CHOKO_BOARD),
            None,
        )
        .await;
    }
}

/// Choko's end and help at each size, from a page launched on
/// [`choko_end_documents`].
pub async fn choko_end<W: Window>(w: &W, tag: &str) {
    let app = w.page();
    choko_play::open_choko(app).await;
    app.click("#choko-continue").await;
    choko_play::wait_status(app, "yourTurn").await;
    choko_play::tap(app, "c4").await;
    choko_play::tap(app, "c2").await;
    choko_play::wait_end(app).await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        w.photo(&format!("choko-{tag}-{name}-end")).await;
        choko_frame(app, h, name, "#choko-menu").await;
        choko_frame(app, h, name, "#choko-next").await;
        check_layout(
            app,
            &format!("choko-{tag}-{name}-end"),
            Some(CHOKO_BOARD),
            None,
        )
        .await;
    }
    app.click("#choko-menu").await;
    wait_screen(app, "start").await;
    app.click("#open-help").await;
    wait_screen(app, "chokoHelp").await;
    let open = app
        .js("return [...document.querySelectorAll('.help-section')].map(d => d.open);")
        .await;
    let open: Vec<bool> = serde_json::from_value(open).unwrap_or_default();
    assert!(
        open.len() >= 5 && open[0] && open[1..].iter().all(|o| !o),
        "{open:?}"
    );
    app.click("#choko-help-1 > summary").await;
    app.wait_until("document.getElementById('choko-help-1').open")
        .await;
    for (width, h, name) in SIZES {
        w.size(width, h).await;
        shot(w, &format!("choko-{tag}-{name}-help"), None, None).await;
    }
}

/// Activate a button the way its own click does. The tours at a larger
/// text press through the page: under GTK's text scale WebKitWebDriver's
/// clicks land off the element.
async fn press(app: &App, css: &str) {
    app.wait_for(css).await;
    app.client
        .execute(
            "document.querySelector(arguments[0]).click(); return true;",
            vec![json!(css)],
        )
        .await
        .unwrap_or_else(|e| panic!("press {css}: {e}"));
}

/// A tap on the board where `css` shows: a primary pointer pressed and
/// released at its centre.
async fn press_on(app: &App, css: &str) {
    app.wait_for(css).await;
    app.client
        .execute(
            "const e = document.querySelector(arguments[0]); const r = e.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             const target = document.elementFromPoint(x, y) || e;
             for (const type of ['pointerdown', 'pointerup'])
               target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y,
                 pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerdown' ? 1 : 0 }));
             return true;",
            vec![json!(css)],
        )
        .await
        .unwrap_or_else(|e| panic!("tap {css}: {e}"));
}

/// Checkers' screens at each size with the layout rules only, from a page
/// launched on [`checkers_documents`] with a larger system text:
/// photographs named `text-<tag>-…`.
pub async fn checkers_tour<W: Window>(w: &W, tag: &str) {
    let app = w.page();
    let each = |screen: &'static str, board: Option<&'static str>| async move {
        for (width, h, name) in SIZES {
            w.size(width, h).await;
            shot(w, &format!("text-{tag}-{name}-{screen}"), board, None).await;
        }
    };
    each("start", None).await;
    press(app, "#continue").await;
    wait_player_turn(app).await;
    press_on(app, ".board.interactive .sq[data-square=\"22\"]").await;
    app.wait_until("document.querySelector('.board.interactive .piece.lifted')")
        .await;
    each("play", Some(BOARD)).await;
    press_on(app, ".board.interactive .sq[data-square=\"15\"]").await;
    app.wait_until("document.querySelector('[data-mode=\"end\"]')")
        .await;
    each("end", Some(BOARD)).await;
    press(app, "#review-game").await;
    app.wait_until("document.querySelector('[data-mode=\"review\"]')")
        .await;
    each("review", Some(BOARD)).await;
    press(app, "#exit-review").await;
    press(app, "#menu").await;
    press(app, "#open-records").await;
    wait_screen(app, "records").await;
    each("records", None).await;
    press(app, "#back").await;
    press(app, "#open-help").await;
    wait_screen(app, "help").await;
    each("help", None).await;
    press(app, "#back").await;
    press(app, "#open-settings").await;
    wait_screen(app, "settings").await;
    each("settings", None).await;
    press(app, "#back").await;
}

/// Choko's screens at each size with the layout rules only, from a page
/// launched on [`choko_documents`] then [`choko_end_documents`] with a
/// larger system text: photographs named `text-<tag>-choko-…`.
pub async fn choko_tour<W: Window>(w: &W, tag: &str) {
    let app = w.page();
    let each = |screen: &'static str, board: Option<&'static str>| async move {
        for (width, h, name) in SIZES {
            w.size(width, h).await;
            shot(w, &format!("text-{tag}-{name}-choko-{screen}"), board, None).await;
        }
    };
    choko_play::open_choko(app).await;
    each("start", None).await;
    press(app, "#choko-continue").await;
    choko_play::wait_status(app, "yourTurn").await;
    press_on(app, ".choko-board.interactive .pt[data-point=\"c4\"]").await;
    app.wait_until("document.querySelector('.choko-board .piece.lifted')")
        .await;
    each("lifted", Some(CHOKO_BOARD)).await;
    press_on(app, ".choko-board.interactive .pt[data-point=\"c2\"]").await;
    choko_play::wait_end(app).await;
    each("end", Some(CHOKO_BOARD)).await;
    press(app, "#choko-menu").await;
    wait_screen(app, "start").await;
    press(app, "#open-help").await;
    wait_screen(app, "chokoHelp").await;
    each("help", None).await;
}
