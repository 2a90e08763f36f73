//! Whole games in the real Linux window through AT-SPI, the tree and the
//! events Orca reads from WebKitGTK: the level and who starts chosen, every
//! move chosen and made from roles, names and states alone with the
//! keyboard, the machine's moves and the turn line heard as events on the
//! accessibility bus, and the result read from the end screen.
//!
//! WebKitGTK sends no `text-changed` nor `announcement` event when a live
//! region's text changes; it does send `children-changed:add` for a new
//! object in one, and `active-descendant-changed` for a grid. The page says
//! its turn line with new paragraphs, and points the board's active
//! descendant at each square the machine lands on, named with the hop.

use e2e::atspi::{assert_all_named, focused, press_until, Bus, Event, Heard, Query, Reader};
use e2e::choko_play;
use e2e::play::run;
use e2e::{App, DataDir};

const TAB: char = '\u{E004}';
const ENTER: char = '\u{E007}';
const LEFT: char = '\u{E012}';
const UP: char = '\u{E013}';
const RIGHT: char = '\u{E014}';
const DOWN: char = '\u{E015}';

/// What a square's name may say stands on it.
const PIECES: [&str; 5] = ["empty", "your man", "your king", "CPU man", "CPU king"];
/// What else a square's name may say about it.
const MARKS: [&str; 5] = [
    "can move",
    "lifted",
    "destination",
    "moved last",
    "piece taken",
];
/// The turn lines that hand the board to the player.
const DECISIONS: [&str; 2] = [
    "Your turn",
    "A capture is available: only pieces that can jump may move",
];
const THINKING: &str = "The CPU is thinking…";
const JUMP_AGAIN: &str = "Jump again with the same piece";
const OUTCOMES: [&str; 5] = [
    "The CPU cannot move: you win.",
    "You have no moves left: the CPU wins.",
    "The CPU has no pieces left: you win.",
    "You have no pieces left: the CPU wins.",
    "50 turns without a capture or a man moving: a draw.",
];

/// A cell of a board (a checkers square, a Choko point) as its name and
/// states say.
#[derive(Debug)]
struct Cell {
    /// The square's number, the point's name.
    key: String,
    piece: String,
    marks: Vec<String>,
    selected: bool,
    focused: bool,
}

impl Cell {
    fn says(&self, mark: &str) -> bool {
        self.marks.iter().any(|m| m == mark)
    }

    /// A square's number.
    fn n(&self) -> u32 {
        self.key.parse().unwrap_or_default()
    }
}

/// The cells of `board`, each checked: its name starts with its key (in
/// the board's order, `keys`) and one of `pieces` (what stands on it), and
/// says nothing that `known` does not accept; "lifted" and the selected
/// state go together.
fn read_cells(
    r: &mut Reader,
    board: Query,
    keys: &[String],
    pieces: &[&str],
    known: impl Fn(&str) -> bool,
) -> Vec<Cell> {
    let cells = r.find(&Query::role("table cell").within(board));
    assert_eq!(cells.len(), keys.len(), "the board's cells: {cells:#?}");
    cells
        .iter()
        .zip(keys)
        .map(|(c, key)| {
            let parts: Vec<&str> = c.name.split(", ").collect();
            assert_eq!(parts[0], key, "cell {key} is named {:?}", c.name);
            assert!(
                parts.len() >= 2 && pieces.contains(&parts[1]),
                "cell {key} does not say what stands on it: {:?}",
                c.name
            );
            for m in &parts[2..] {
                assert!(known(m), "cell {key}: unknown part {m:?} in {:?}", c.name);
            }
            let cell = Cell {
                key: key.clone(),
                piece: parts[1].to_string(),
                marks: parts[2..].iter().map(|s| s.to_string()).collect(),
                selected: c.has("selected"),
                focused: c.has("focused"),
            };
            assert_eq!(
                cell.says("lifted"),
                cell.selected,
                "lifted and selected go together: {c:?}"
            );
            cell
        })
        .collect()
}

fn board() -> Query {
    Query::role("table").name("^Board$")
}

/// The 32 squares of the board, each named with its number and what
/// stands on it.
fn squares(r: &mut Reader) -> Vec<Cell> {
    let keys: Vec<String> = (1..=32).map(|n: u32| n.to_string()).collect();
    read_cells(r, board(), &keys, &PIECES, |m| {
        MARKS.contains(&m) || m.starts_with("the CPU ") || m.starts_with("taking the piece on ")
    })
}

/// The square under the board's focus: the focused cell.
fn focus_square(r: &mut Reader) -> u32 {
    let on: Vec<u32> = squares(r)
        .iter()
        .filter(|s| s.focused)
        .map(|s| s.n())
        .collect();
    assert_eq!(on.len(), 1, "one focused square: {on:?}");
    on[0]
}

/// Move a board's focus from the cell named `at` to the cell named
/// `target` with the arrows, `place` giving a cell's row and its place in
/// the row (Up and Down keep the place), then press Enter. Where the focus
/// goes comes from each `active-descendant-changed` event the arrows cause
/// (what a screen reader says as the focus moves).
async fn key_to(
    app: &App,
    r: &mut Reader,
    heard: &mut Heard,
    at: &str,
    target: &str,
    place: impl Fn(&str) -> (u32, u32),
) {
    let mut at = at.to_string();
    for _ in 0..16 {
        if at == target {
            break;
        }
        let ((ar, ai), (tr, ti)) = (place(&at), place(target));
        let key = match () {
            _ if ar > tr => UP,
            _ if ar < tr => DOWN,
            _ if ai > ti => LEFT,
            _ => RIGHT,
        };
        app.press(key).await;
        let e = heard
            .next_event(r, 10, "the focus moving", |e| {
                e.kind == "object:active-descendant-changed" && e.role == "table"
            })
            .await;
        let next = e.data.split(", ").next().unwrap_or_default().to_string();
        assert!(
            next != at && !next.is_empty(),
            "the focus moved from {at}: {e:?}"
        );
        at = next;
    }
    assert_eq!(at, target);
    app.press(ENTER).await;
}

/// Row and place in the row of a checkers square: rows of four.
fn square_place(n: &str) -> (u32, u32) {
    let n: u32 = n
        .parse()
        .unwrap_or_else(|_| panic!("a square number: {n:?}"));
    ((n - 1) / 4, (n - 1) % 4)
}

/// Move the focus to square `target` and press Enter.
async fn key_to_square(app: &App, r: &mut Reader, heard: &mut Heard, target: u32) {
    heard.settle(r);
    let at = focus_square(r);
    key_to(
        app,
        r,
        heard,
        &at.to_string(),
        &target.to_string(),
        square_place,
    )
    .await;
}

/// The squares of a move as the turn line says it ("9-14", "17x10x3").
fn move_squares(text: &str) -> (Vec<u32>, bool) {
    let jump = text.contains('x');
    let squares = text
        .split(['-', 'x'])
        .map(|s| s.parse().unwrap_or_else(|_| panic!("a move: {text:?}")))
        .collect();
    (squares, jump)
}

/// The CPU's turn as heard: the turn line says what it played and whose
/// turn it is (two paragraphs, which WebKitGTK reports in either order),
/// and before that each hop arrived as the board's active descendant
/// moving to where the CPU landed, named with the hop. Returns the new
/// turn line (a decision or the result), the hops heard and whether they
/// took pieces.
async fn cpu_turn(r: &mut Reader, heard: &mut Heard) -> (String, usize, bool) {
    // What came before the CPU's turn (the player's own moves) is no hop.
    heard.take_between();
    let (mut played, mut last) = (None, None);
    while played.is_none() || last.is_none() {
        let said = heard.next_said(r, 60).await;
        if let Some(m) = said.strip_prefix("The CPU played ") {
            played = Some(m.trim_end_matches('.').to_string());
        } else if said != THINKING {
            last = Some(said);
        }
    }
    let (played, last) = (played.unwrap_or_default(), last.unwrap_or_default());
    let between = heard.take_between();
    let hops: Vec<&Event> = between
        .iter()
        .filter(|e| e.kind == "object:active-descendant-changed" && e.data.contains(", the CPU "))
        .collect();
    let (path, jump) = move_squares(&played);
    assert_eq!(
        hops.len(),
        path.len() - 1,
        "one event per hop of {played}: {hops:#?}"
    );
    for (hop, e) in path.windows(2).zip(&hops) {
        let (from, to) = (hop[0], hop[1]);
        let name = &e.data;
        assert!(
            name.starts_with(&format!("{to}, CPU man, "))
                || name.starts_with(&format!("{to}, CPU king, ")),
            "the hop to {to} lands a CPU piece there: {name:?}"
        );
        let says = if jump {
            format!("the CPU jumped here from {from}, taking the piece on ")
        } else {
            format!("the CPU moved here from {from}")
        };
        assert!(
            name.contains(&says),
            "hop {from} to {to} of {played}: {name:?}"
        );
        assert_eq!(e.role, "table", "sent by the board: {e:?}");
    }
    assert!(
        DECISIONS.contains(&last.as_str()) || OUTCOMES.contains(&last.as_str()),
        "after the CPU's move the turn line says {last:?}"
    );
    (last, hops.len(), jump)
}

/// The next thing the turn line says after `current`: a live region
/// says only what changed, and what it held as the screen opened may be
/// heard late (WebKitGTK reports it once its objects are made).
async fn said_after(r: &mut Reader, heard: &mut Heard, current: &str) -> String {
    loop {
        let said = heard.next_said(r, 20).await;
        if said != current {
            return said;
        }
    }
}

/// The end screen as read: its heading (the result), once it has the
/// focus, and everything its group says, which must include `why` (the
/// turn line's last words).
async fn end_screen(r: &mut Reader, why: &str) -> (String, String) {
    let heading = r
        .wait(20, "the result", |r| {
            r.find(&Query::role("heading").name("^(Victory|Defeat|Draw)$"))
                .pop()
        })
        .await;
    let result = r.text(&Query::role("panel").name(&format!("^{}$", heading.name)));
    assert!(result.contains(why), "the end screen says why: {result:?}");
    // The end screen takes the focus: a screen reader reads the result.
    r.wait(10, "the focus on the result", |r| {
        focused(r).filter(|n| n.role == "heading" && n.name == heading.name)
    })
    .await;
    (heading.name, result)
}

/// The text of the board's live turn line.
fn turn_line(r: &mut Reader) -> String {
    r.text(&Query::role("paragraph").attr("container-live", "polite"))
}

#[test]
fn accessibility_tree_atspi_checkers_whole_game_from_the_start_screen() {
    run(async {
        let data = DataDir::new("atspi-checkers");
        let bus = Bus::start();
        let mut r = Reader::start(&bus);
        let app = App::launch_on(&data, "en", &bus).await;
        r.wait_app("checkers-app");
        let mut heard = Heard::default();
        assert_all_named(&mut r, "the start screen");

        // Who starts: Tab to the group, the arrows to "CPU first".
        press_until(&app, &mut r, TAB, 30, "who starts", |n| {
            n.role == "radio button"
        })
        .await;
        let cpu_first = press_until(&app, &mut r, RIGHT, 3, "CPU first", |n| {
            n.role == "radio button" && n.name == "CPU first" && n.has("checked")
        })
        .await;
        assert!(cpu_first.has("checked"), "{cpu_first:?}");
        let you_first = r.find(&Query::role("radio button").name("^You first$"));
        assert_eq!(you_first.len(), 1);
        assert!(!you_first[0].has("checked"), "one choice: {you_first:?}");
        // The level: Tab to Easy, Enter.
        heard.clear(&mut r);
        press_until(&app, &mut r, TAB, 30, "Easy", |n| {
            n.role == "push button" && n.name.starts_with("Easy")
        })
        .await;
        app.press(ENTER).await;

        // The game: the CPU opens, heard as events before anything is read.
        let (mut said, mut cpu_hops, _) = cpu_turn(&mut r, &mut heard).await;
        let (mut cpu_moves, mut cpu_captures) = (1, 0);
        assert_all_named(&mut r, "the game");
        let start = squares(&mut r);
        let count = |sq: &[Cell], who: &str| sq.iter().filter(|s| s.piece.starts_with(who)).count();
        assert_eq!((count(&start, "your"), count(&start, "CPU")), (12, 12));
        assert!(
            focused(&mut r).is_some_and(|n| n.role == "table cell"),
            "the board has the focus"
        );

        let mut moves = 0;
        while !OUTCOMES.contains(&said.as_str()) {
            assert!(moves < 150, "no end after {moves} moves");
            let line = turn_line(&mut r);
            assert!(
                line.ends_with(&said),
                "the live region holds what it said: {line:?}"
            );
            let sq = squares(&mut r);
            // At the player's turn the focus is on a piece that can move.
            let at = sq.iter().find(|s| s.focused).expect("a focused square");
            assert!(at.says("can move"), "focus at the player's turn: {at:?}");
            let movable: Vec<&Cell> = sq.iter().filter(|s| s.says("can move")).collect();
            assert!(!movable.is_empty());
            for m in &movable {
                assert!(
                    m.piece.starts_with("your"),
                    "only the player's pieces can move: {m:?}"
                );
            }
            assert!(
                sq.iter().all(|s| !s.says("destination") && !s.selected),
                "nothing lifted yet"
            );
            let from = movable[0].n();
            key_to_square(&app, &mut r, &mut heard, from).await;
            // Lifted: selected in the tree, its destinations named.
            let mut at = from;
            loop {
                let sq = r
                    .wait(10, "the piece lifted", |r| {
                        let sq = squares(r);
                        sq.iter().any(|s| s.n() == at && s.selected).then_some(sq)
                    })
                    .await;
                let lifted: Vec<u32> = sq.iter().filter(|s| s.selected).map(|s| s.n()).collect();
                assert_eq!(lifted, [at], "one square lifted");
                let dests: Vec<&Cell> = sq.iter().filter(|s| s.says("destination")).collect();
                assert!(!dests.is_empty(), "a lifted piece has destinations");
                for d in &dests {
                    assert_eq!(d.piece, "empty", "a destination is empty: {d:?}");
                }
                let to = dests[0].n();
                key_to_square(&app, &mut r, &mut heard, to).await;
                moves += 1;
                if said == JUMP_AGAIN {
                    // A chain that goes on says nothing new (the turn line
                    // is unchanged): the piece stays lifted where it landed.
                    let goes_on = r
                        .wait(20, "the chain to go on or end", |r| {
                            let sq = squares(r);
                            if sq.iter().any(|s| s.n() == to && s.selected) {
                                Some(true)
                            } else {
                                (!sq.iter().any(|s| s.selected)).then_some(false)
                            }
                        })
                        .await;
                    if goes_on {
                        at = to;
                        continue;
                    }
                }
                said = said_after(&mut r, &mut heard, &said).await;
                if said == JUMP_AGAIN {
                    at = to;
                    continue;
                }
                break;
            }
            if said == THINKING {
                let (hops, jump);
                (said, hops, jump) = cpu_turn(&mut r, &mut heard).await;
                cpu_moves += 1;
                cpu_hops += hops;
                cpu_captures += usize::from(jump);
            }
        }

        // The end: the result and the pieces left, read from the tree.
        let (heading, _) = end_screen(&mut r, &said).await;
        let left = r.text(&Query::any().name("^Pieces left$"));
        let end = squares(&mut r);
        let (you, cpu) = (count(&end, "your"), count(&end, "CPU"));
        assert!(
            left.contains(&format!("You {you}")) && left.contains(&format!("CPU {cpu}")),
            "pieces left {left:?}: the board holds {you} of yours and {cpu} of the CPU's"
        );
        let expected = match said.as_str() {
            s if s.ends_with("you win.") => "Victory",
            s if s.ends_with("the CPU wins.") => "Defeat",
            _ => "Draw",
        };
        assert_eq!(heading, expected, "the result after {said:?}");
        if said.contains("no pieces left") {
            assert_eq!(if expected == "Victory" { cpu } else { you }, 0);
        }
        assert!(cpu_captures > 0, "the CPU's captures were heard too");
        assert_all_named(&mut r, "the end screen");
        let events = {
            heard.clear(&mut r);
            r.seen.clone()
        };
        assert!(
            events
                .iter()
                .any(|e| e.kind.starts_with("object:state-changed:focused") && e.name == expected),
            "the focus moving to the result is an event"
        );
        eprintln!(
            "checkers through AT-SPI: {moves} moves, {cpu_moves} of the CPU's in {cpu_hops} hops ({cpu_captures} captures), {said:?}, {left:?}; text-changed events: {}, announcements: {}",
            events.iter().filter(|e| e.kind.starts_with("object:text-changed")).count(),
            events.iter().filter(|e| e.kind.starts_with("object:announcement")).count()
        );
        app.quit().await;
    });
}

/// What a Choko point's name may say stands on it, and what else.
const CHOKO_PIECES: [&str; 3] = ["empty", "your piece", "machine’s piece"];
const CHOKO_MARKS: [&str; 7] = [
    "lifted",
    "can move",
    "you can take it",
    "destination",
    "you can place here",
    "you can place",
    "last action",
];
const CHOKO_DECISIONS: [&str; 3] = [
    "Your turn",
    "You must place a piece",
    "Choose the extra piece you take",
];
const CHOKO_THINKING: &str = "The machine is thinking…";
const CHOKO_ENDS: [&str; 12] = [
    "The machine has no pieces left: you win.",
    "You have no pieces left: the machine wins.",
    "Neither side has a piece left: a draw.",
    "The machine has no legal action: you win.",
    "You have no legal action: the machine wins.",
    "Nobody can act: a draw.",
    "40 turns without a placement or a capture, and you have more pieces: you win.",
    "40 turns without a placement or a capture, and the machine has more pieces: it wins.",
    "40 turns without a placement or a capture, with the same pieces: a draw.",
    "200 turns played, and you have more pieces: you win.",
    "200 turns played, and the machine has more pieces: it wins.",
    "200 turns played, with the same pieces: a draw.",
];

fn choko_board() -> Query {
    Query::role("table").name("^Choko board$")
}

/// Row (0 at the top, rank 5) and column of a point.
fn point_place(name: &str) -> (u32, u32) {
    let b = name.as_bytes();
    assert!(
        b.len() == 2 && (b'a'..=b'e').contains(&b[0]) && (b'1'..=b'5').contains(&b[1]),
        "a point: {name:?}"
    );
    (u32::from(b'5' - b[1]), u32::from(b[0] - b'a'))
}

/// The 25 points, in the board's order (rank 5 first, files a to e),
/// each named with the point and what stands on it.
fn points(r: &mut Reader) -> Vec<Cell> {
    let keys: Vec<String> = (0..25u8)
        .map(|i| format!("{}{}", (b'a' + i % 5) as char, 5 - i / 5))
        .collect();
    read_cells(r, choko_board(), &keys, &CHOKO_PIECES, |m| {
        CHOKO_MARKS.contains(&m) || m.starts_with("The machine ")
    })
}

/// Move the focus to point `target` and press Enter.
async fn key_to_point(app: &App, r: &mut Reader, heard: &mut Heard, target: &str) {
    heard.settle(r);
    let at: Vec<String> = points(r)
        .into_iter()
        .filter(|p| p.focused)
        .map(|p| p.key)
        .collect();
    assert_eq!(at.len(), 1, "one focused point: {at:?}");
    key_to(app, r, heard, &at[0], target, point_place).await;
}

/// The machine's turn as heard: the turn line says its action and whose
/// turn it is, and before that the board's active descendant went to
/// where the action landed, its name saying the action. Returns the new
/// turn line.
async fn machine_turn(r: &mut Reader, heard: &mut Heard) -> String {
    heard.take_between();
    let (mut action, mut last) = (None, None);
    while action.is_none() || last.is_none() {
        let said = heard.next_said(r, 60).await;
        if CHOKO_DECISIONS.contains(&said.as_str()) || CHOKO_ENDS.contains(&said.as_str()) {
            last = Some(said);
        } else if said != CHOKO_THINKING {
            assert!(
                said.starts_with("The machine "),
                "the turn line said {said:?}"
            );
            action = Some(said);
        }
    }
    let (action, last) = (action.unwrap_or_default(), last.unwrap_or_default());
    // Where it lands: "places on c3", "steps from b2 to b3", "jumps from
    // a1 to a3 …".
    let to = action
        .split(" to ")
        .nth(1)
        .or_else(|| action.strip_prefix("The machine places on "))
        .map(|s| s[..2].to_string())
        .unwrap_or_else(|| panic!("where the machine's action lands: {action:?}"));
    let heard_moves: Vec<Event> = heard
        .take_between()
        .into_iter()
        .filter(|e| e.kind == "object:active-descendant-changed" && e.data.contains("The machine "))
        .collect();
    assert_eq!(
        heard_moves.len(),
        1,
        "one event for {action:?}: {heard_moves:#?}"
    );
    let e = &heard_moves[0];
    assert_eq!(e.role, "table", "sent by the board: {e:?}");
    assert_eq!(
        e.data,
        format!("{to}, machine’s piece, last action, {action}"),
        "the point the machine's action lands on says it"
    );
    last
}

#[test]
fn accessibility_tree_atspi_choko_game_to_its_end() {
    run(async {
        let data = DataDir::new("atspi-choko");
        choko_play::prefer_choko(&data, "en");
        // A saved game six turns before the limit, where the player can
        // place, step, or jump with a choice of extra piece.
        choko_play::preset_game(&data, 1, choko_play::fixture("late-jump"));
        let bus = Bus::start();
        let mut r = Reader::start(&bus);
        let app = App::launch_on(&data, "en", &bus).await;
        r.wait_app("checkers-app");
        let mut heard = Heard::default();

        press_until(&app, &mut r, TAB, 30, "Continue", |n| {
            n.role == "push button" && n.name.starts_with("Continue")
        })
        .await;
        heard.clear(&mut r);
        app.press(ENTER).await;
        r.wait(20, "the Choko board", |r| {
            (!r.find(&choko_board()).is_empty()).then_some(())
        })
        .await;
        let mut said = r
            .wait(20, "the player's turn", |r| {
                let line = turn_line(r);
                CHOKO_DECISIONS
                    .iter()
                    .find(|d| line.ends_with(*d))
                    .map(|d| d.to_string())
            })
            .await;
        // What the screen said as it came is behind us.
        heard.clear(&mut r);
        assert_all_named(&mut r, "Choko's game");

        let (mut lifts, mut machine) = (0, 0);
        while !CHOKO_ENDS.contains(&said.as_str()) {
            assert!(
                lifts + machine < 80,
                "no end after {machine} actions of the machine"
            );
            let pts = r
                .wait(10, "the board to offer an action", |r| {
                    let pts = points(r);
                    pts.iter()
                        .any(|p| !p.marks.is_empty() && !p.says("last action"))
                        .then_some(pts)
                })
                .await;
            let lifted: Vec<&Cell> = pts.iter().filter(|p| p.selected).collect();
            let take: Vec<&Cell> = pts.iter().filter(|p| p.says("you can take it")).collect();
            assert_eq!(
                take.is_empty(),
                said != "Choose the extra piece you take",
                "pieces to take are named when the turn line asks for one: {take:?}"
            );
            let target = if !take.is_empty() {
                for p in &take {
                    assert_eq!(p.piece, "machine’s piece", "{p:?}");
                }
                take[0].key.clone()
            } else if let Some(l) = lifted.first() {
                // A jump (two points away) rather than a step.
                let dests: Vec<&Cell> = pts.iter().filter(|p| p.says("destination")).collect();
                assert!(!dests.is_empty(), "a lifted piece has destinations: {l:?}");
                for d in &dests {
                    assert_eq!(d.piece, "empty", "a destination is empty: {d:?}");
                }
                let (lr, lc) = point_place(&l.key);
                let far = |p: &&&Cell| {
                    let (r, c) = point_place(&p.key);
                    r.abs_diff(lr) == 2 || c.abs_diff(lc) == 2
                };
                dests.iter().find(far).unwrap_or(&dests[0]).key.clone()
            } else if let Some(m) = pts.iter().find(|p| p.says("can move")) {
                // Lift it; then the loop picks where it goes.
                assert_eq!(m.piece, "your piece", "{m:?}");
                let name = m.key.clone();
                key_to_point(&app, &mut r, &mut heard, &name).await;
                lifts += 1;
                r.wait(10, "the piece lifted", |r| {
                    points(r)
                        .iter()
                        .any(|p| p.key == name && p.selected)
                        .then_some(())
                })
                .await;
                continue;
            } else {
                let place: Vec<&Cell> = pts
                    .iter()
                    .filter(|p| p.says("you can place") || p.says("you can place here"))
                    .collect();
                assert!(!place.is_empty(), "the player can act: {pts:#?}");
                place[0].key.clone()
            };
            key_to_point(&app, &mut r, &mut heard, &target).await;
            said = said_after(&mut r, &mut heard, &said).await;
            if said == CHOKO_THINKING {
                said = machine_turn(&mut r, &mut heard).await;
                machine += 1;
            }
        }
        assert!(
            lifts > 0 && machine > 0,
            "{lifts} lifts, {machine} machine actions"
        );

        let (heading, result) = end_screen(&mut r, &said).await;
        let kept: Vec<u32> = result
            .split("Pieces: you ")
            .nth(1)
            .map(|s| {
                s.split(" · machine ")
                    .map(|n| {
                        n.split_whitespace()
                            .next()
                            .unwrap_or_default()
                            .parse()
                            .unwrap_or(99)
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(kept.len(), 2, "the pieces kept: {result:?}");
        let expected = match kept[0].cmp(&kept[1]) {
            std::cmp::Ordering::Greater => "Victory",
            std::cmp::Ordering::Less => "Defeat",
            std::cmp::Ordering::Equal => "Draw",
        };
        if said.starts_with("200 turns") || said.starts_with("40 turns") {
            assert_eq!(heading, expected, "{said:?} with {kept:?}");
        }
        assert_all_named(&mut r, "Choko's end screen");
        eprintln!(
            "Choko through AT-SPI: {lifts} lifts, {machine} machine actions, {said:?}, kept {kept:?}"
        );
        app.quit().await;
    });
}

/// The name of cell `n` of the board named `board`.
fn cell_name(r: &mut Reader, board: &str, n: u32) -> String {
    let cells = r.find(&Query::role("table cell").within(Query::role("table").name(board)));
    assert_eq!(cells.len(), 32, "the board's cells: {cells:#?}");
    cells[n as usize - 1].name.clone()
}

#[test]
fn accessibility_tree_atspi_cpu_chain_is_heard_hop_by_hop_in_spanish() {
    run(async {
        let data = DataDir::new("atspi-chain");
        // After 31-27 the CPU's only move is the double jump 10x17x26,
        // taking 14 and 22.
        e2e::play::preset_game(&data, "W:W14,22,31:B7,10", &[]);
        let bus = Bus::start();
        let mut r = Reader::start(&bus);
        let app = App::launch_on(&data, "es", &bus).await;
        r.wait_app("checkers-app");
        let mut heard = Heard::default();
        press_until(&app, &mut r, TAB, 30, "Continuar", |n| {
            n.role == "push button" && n.name.starts_with("Continuar la partida")
        })
        .await;
        app.press(ENTER).await;
        const BOARD: &str = "^Tablero$";
        r.wait(20, "the board", |r| {
            (!r.find(&Query::role("table").name(BOARD)).is_empty()).then_some(())
        })
        .await;
        r.wait(20, "the player's turn", |r| {
            turn_line(r).ends_with("Tu turno").then_some(())
        })
        .await;
        assert_eq!(cell_name(&mut r, BOARD, 31), "31, tu ficha, puede moverse");
        assert_eq!(cell_name(&mut r, BOARD, 27), "27, vacía");

        heard.clear(&mut r);
        let at = r
            .find(&Query::role("table cell").state("focused"))
            .pop()
            .expect("a focused square");
        let at = at.name.split(", ").next().unwrap_or_default().to_string();
        key_to(&app, &mut r, &mut heard, &at, "31", square_place).await;
        r.wait(10, "31 lifted", |r| {
            (cell_name(r, BOARD, 31) == "31, tu ficha, levantada").then_some(())
        })
        .await;
        assert_eq!(cell_name(&mut r, BOARD, 27), "27, vacía, destino");
        let lifted = r.find(&Query::role("table cell").state("selected"));
        assert_eq!(lifted.len(), 1, "{lifted:?}");
        assert!(lifted[0].name.starts_with("31, "), "{lifted:?}");
        key_to(&app, &mut r, &mut heard, "31", "27", square_place).await;

        // The CPU's chain: each hop an event on the board, named with it;
        // then the turn line's two sentences.
        assert_eq!(
            said_after(&mut r, &mut heard, "Tu turno").await,
            "La CPU está pensando…"
        );
        heard.take_between();
        let mut said = vec![
            heard.next_said(&mut r, 30).await,
            heard.next_said(&mut r, 10).await,
        ];
        said.sort();
        assert_eq!(said, ["La CPU ha jugado 10x17x26.", "Tu turno"]);
        let hops: Vec<String> = heard
            .take_between()
            .into_iter()
            .filter(|e| {
                e.kind == "object:active-descendant-changed" && e.data.contains("la CPU ha ")
            })
            .map(|e| e.data)
            .collect();
        assert_eq!(
            hops,
            [
                "17, ficha de la CPU, la última en moverse, la CPU ha saltado aquí desde 10 y ha capturado la ficha de 14",
                "26, ficha de la CPU, la última en moverse, la CPU ha saltado aquí desde 17 y ha capturado la ficha de 22",
            ]
        );
        // The square keeps saying the last hop; the focus is back on the
        // player's piece.
        assert_eq!(
            cell_name(&mut r, BOARD, 26),
            "26, ficha de la CPU, la última en moverse, la CPU ha saltado aquí desde 17 y ha capturado la ficha de 22"
        );
        let focus = r.find(&Query::role("table cell").state("focused"));
        assert_eq!(focus.len(), 1);
        assert_eq!(focus[0].name, "27, tu ficha, puede moverse");
        app.quit().await;
    });
}
