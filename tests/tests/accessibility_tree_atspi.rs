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

use e2e::atspi::{focused, press_until, Bus, Event, Heard, Query, Reader};
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

/// A square as its name and states say.
#[derive(Debug)]
struct Square {
    n: u32,
    piece: String,
    marks: Vec<String>,
    selected: bool,
    focused: bool,
}

impl Square {
    fn says(&self, mark: &str) -> bool {
        self.marks.iter().any(|m| m == mark)
    }
}

fn board() -> Query {
    Query::role("table").name("^Board$")
}

/// The 32 squares of the board, each checked: its name starts with its
/// number and what stands on it; "lifted" and the selected state go
/// together.
fn squares(r: &mut Reader) -> Vec<Square> {
    let cells = r.find(&Query::role("table cell").within(board()));
    assert_eq!(cells.len(), 32, "the board's cells: {cells:#?}");
    cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let parts: Vec<&str> = c.name.split(", ").collect();
            assert_eq!(
                parts[0],
                (i + 1).to_string(),
                "square {} is named {:?}",
                i + 1,
                c.name
            );
            assert!(
                parts.len() >= 2 && PIECES.contains(&parts[1]),
                "square {} does not say what stands on it: {:?}",
                i + 1,
                c.name
            );
            for m in &parts[2..] {
                assert!(
                    MARKS.contains(m)
                        || m.starts_with("the CPU ")
                        || m.starts_with("taking the piece on "),
                    "square {}: unknown part {m:?} in {:?}",
                    i + 1,
                    c.name
                );
            }
            let sq = Square {
                n: i as u32 + 1,
                piece: parts[1].to_string(),
                marks: parts[2..].iter().map(|s| s.to_string()).collect(),
                selected: c.has("selected"),
                focused: c.has("focused"),
            };
            assert_eq!(
                sq.says("lifted"),
                sq.selected,
                "lifted and selected go together: {c:?}"
            );
            sq
        })
        .collect()
}

/// The square under the board's focus: the focused cell.
fn focus_square(r: &mut Reader) -> u32 {
    let on: Vec<u32> = squares(r)
        .iter()
        .filter(|s| s.focused)
        .map(|s| s.n)
        .collect();
    assert_eq!(on.len(), 1, "one focused square: {on:?}");
    on[0]
}

/// Move the focus to square `target` with the arrows (Up and Down keep
/// the place in the row of four), then press Enter. Where the focus is
/// comes from the tree, then from each `active-descendant-changed` event
/// the arrows cause (what a screen reader says as the focus moves).
async fn key_to(app: &App, r: &mut Reader, heard: &mut Heard, target: u32) {
    heard.settle(r);
    let mut at = focus_square(r);
    for _ in 0..16 {
        if at == target {
            break;
        }
        let (ar, ai) = ((at - 1) / 4, (at - 1) % 4);
        let (tr, ti) = ((target - 1) / 4, (target - 1) % 4);
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
        let n = e.data.split(", ").next().and_then(|n| n.parse().ok());
        assert!(
            n.is_some_and(|n| n != at),
            "the focus moved from {at}: {e:?}"
        );
        at = n.unwrap_or_default();
    }
    assert_eq!(at, target);
    app.press(ENTER).await;
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
/// turn line (a decision or the result).
async fn cpu_turn(r: &mut Reader, heard: &mut Heard) -> String {
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
    last
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
        let mut said = cpu_turn(&mut r, &mut heard).await;
        let start = squares(&mut r);
        let count =
            |sq: &[Square], who: &str| sq.iter().filter(|s| s.piece.starts_with(who)).count();
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
            let movable: Vec<&Square> = sq.iter().filter(|s| s.says("can move")).collect();
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
            let from = movable[0].n;
            key_to(&app, &mut r, &mut heard, from).await;
            // Lifted: selected in the tree, its destinations named.
            let mut at = from;
            loop {
                let sq = r
                    .wait(10, "the piece lifted", |r| {
                        let sq = squares(r);
                        sq.iter().any(|s| s.n == at && s.selected).then_some(sq)
                    })
                    .await;
                let lifted: Vec<u32> = sq.iter().filter(|s| s.selected).map(|s| s.n).collect();
                assert_eq!(lifted, [at], "one square lifted");
                let dests: Vec<&Square> = sq.iter().filter(|s| s.says("destination")).collect();
                assert!(!dests.is_empty(), "a lifted piece has destinations");
                for d in &dests {
                    assert_eq!(d.piece, "empty", "a destination is empty: {d:?}");
                }
                let to = dests[0].n;
                key_to(&app, &mut r, &mut heard, to).await;
                moves += 1;
                said = heard.next_said(&mut r, 20).await;
                if said == JUMP_AGAIN {
                    at = to;
                    continue;
                }
                break;
            }
            if said == THINKING {
                said = cpu_turn(&mut r, &mut heard).await;
            }
        }

        // The end: the result and the pieces left, read from the tree.
        let heading = r
            .wait(20, "the result", |r| {
                r.find(&Query::role("heading").name("^(Victory|Defeat|Draw)$"))
                    .pop()
            })
            .await;
        let result = r.text(&Query::role("panel").name(&format!("^{}$", heading.name)));
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
        assert_eq!(heading.name, expected, "the result after {said:?}");
        assert!(
            result.contains(&said),
            "the end screen says why: {result:?}"
        );
        if said.contains("no pieces left") {
            assert_eq!(if expected == "Victory" { cpu } else { you }, 0);
        }
        // The end screen takes the focus: a screen reader reads the result.
        r.wait(10, "the focus on the result", |r| {
            focused(r).filter(|n| n.role == "heading" && n.name == expected)
        })
        .await;
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
            "checkers through AT-SPI: {moves} moves, {said:?}, {left:?}; text-changed events: {}, announcements: {}",
            events.iter().filter(|e| e.kind.starts_with("object:text-changed")).count(),
            events.iter().filter(|e| e.kind.starts_with("object:announcement")).count()
        );
        app.quit().await;
    });
}
