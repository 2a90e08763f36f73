//! Whole games through Chromium's accessibility tree, the view that
//! Android's TalkBack and Windows' Narrator read through the web view: the
//! test knows the page only by what `Accessibility.getFullAXTree` exposes
//! (roles, names, states, the live regions' text) and acts on it only with
//! the keyboard (Tab, the arrows, Enter, Esc). It chooses the level and
//! who starts, plays each move it reads as offered, hears the CPU's moves
//! in the turn line, and reads the result and the pieces left at the end.

#[path = "browser/ax.rs"]
mod ax;
// The Chromium harness, shared by the Chromium tests: each uses a part.
#[allow(dead_code)]
mod browser;

use ax::*;
use browser::{Phone, Setup};
use e2e::play::run;

/// What the checkers page says, in one language.
struct Words {
    board: &'static str,
    pieces: [&'static str; 5],
    can_move: &'static str,
    lifted: &'static str,
    destination: &'static str,
    moved_last: &'static str,
    taken: &'static str,
    cpu_played: &'static str,
    jump_again: &'static str,
    last: &'static str,
    outcomes: [&'static str; 3],
    pieces_left: &'static str,
    you: &'static str,
    cpu: &'static str,
    moves: &'static str,
    undo: &'static str,
}

const EN: Words = Words {
    board: "Board",
    pieces: ["empty", "your man", "your king", "CPU man", "CPU king"],
    can_move: "can move",
    lifted: "lifted",
    destination: "destination",
    moved_last: "moved last",
    taken: "piece taken",
    cpu_played: "The CPU played ",
    jump_again: "Jump again",
    last: "Last: ",
    outcomes: ["Victory", "Defeat", "Draw"],
    pieces_left: "Pieces left",
    you: "You",
    cpu: "CPU",
    moves: "Moves",
    undo: "Undo",
};

const ES: Words = Words {
    board: "Tablero",
    pieces: [
        "vacía",
        "tu ficha",
        "tu dama",
        "ficha de la CPU",
        "dama de la CPU",
    ],
    can_move: "puede moverse",
    lifted: "levantada",
    destination: "destino",
    moved_last: "la última en moverse",
    taken: "ficha capturada",
    cpu_played: "La CPU ha jugado ",
    jump_again: "Salta otra vez",
    last: "Última: ",
    outcomes: ["Victoria", "Derrota", "Tablas"],
    pieces_left: "Fichas que quedan",
    you: "Tú",
    cpu: "CPU",
    moves: "Jugadas",
    undo: "Deshacer",
};

/// A cell's name split at its commas: "22, your man, can move".
fn parts(name: &str) -> Vec<&str> {
    name.split(", ").collect()
}

fn has(name: &str, state: &str) -> bool {
    parts(name).contains(&state)
}

/// Every square of the board is in the tree, in order, named by its number
/// and what stands on it; the pieces on the board, `(player, cpu)`.
fn check_squares(tree: &Tree, w: &Words) -> (usize, usize) {
    let cells = tree.cells(w.board);
    assert_eq!(cells.len(), 32, "32 squares in the grid:\n{}", tree.dump());
    let mut count = (0, 0);
    for (i, cell) in cells.iter().enumerate() {
        let p = parts(&cell.name);
        assert_eq!(
            p[0],
            (i + 1).to_string(),
            "square {} says its number: {:?}",
            i + 1,
            cell.name
        );
        let on = p.get(1).copied().unwrap_or_default();
        assert!(
            w.pieces.contains(&on),
            "square {} says what stands on it: {:?}",
            i + 1,
            cell.name
        );
        if on == w.pieces[1] || on == w.pieces[2] {
            count.0 += 1;
        } else if on != w.pieces[0] {
            count.1 += 1;
        }
    }
    count
}

/// The turn line, the live region that is a paragraph, while it is shown.
fn turn_line_shown(tree: &Tree) -> Option<String> {
    tree.live_regions()
        .into_iter()
        .find(|(n, _)| n.role == "paragraph")
        .map(|(_, text)| text)
}

/// The turn line during play.
fn turn_line(tree: &Tree) -> String {
    turn_line_shown(tree).unwrap_or_else(|| {
        panic!(
            "no turn line (a live paragraph) in the tree:\n{}",
            tree.dump()
        )
    })
}

/// The end of the game: the group named by the result.
fn ended<'a>(tree: &'a Tree, w: &Words) -> Option<&'a Node> {
    tree.find("group", |n| w.outcomes.contains(&n))
}

/// What the player's turn offers: pieces that can move, or the
/// destinations of the lifted one (a piece on its way is lifted with
/// none).
fn player_to_move(tree: &Tree, w: &Words) -> bool {
    tree.named("grid", w.board).is_some()
        && tree
            .cells(w.board)
            .iter()
            .any(|c| has(&c.name, w.can_move) || has(&c.name, w.destination))
}

/// What the game said and showed, move after move.
#[derive(Default)]
struct Heard {
    /// Each CPU move, as the turn line announced it.
    cpu_moves: Vec<String>,
    player_moves: usize,
    /// The turn line when the player's turn last came.
    last_said: String,
}

/// Wait for the player's turn or the end, hearing the turn line on the
/// way: every sentence it says is checked against the move the page shows
/// as the last one.
async fn next_turn(phone: &Phone, w: &Words, heard: &mut Heard) -> Tree {
    let mut said: Vec<String> = Vec::new();
    let tree = wait_tree(phone, 90, "the player's turn or the end", |t| {
        if let Some(text) = turn_line_shown(t) {
            if said.last() != Some(&text) {
                said.push(text);
            }
        }
        ended(t, w).is_some() || player_to_move(t, w)
    })
    .await;
    if ended(&tree, w).is_some() {
        return tree;
    }
    let text = turn_line(&tree);
    if text == heard.last_said {
        return tree;
    }
    heard.last_said = text.clone();
    if let Some(rest) = text.strip_prefix(w.cpu_played) {
        let played = rest.split_once('.').map(|(m, _)| m).unwrap_or_default();
        // The phone's line names the last move; the turn line said that move.
        let line = tree
            .find("button", |n| n.contains(w.last))
            .unwrap_or_else(|| panic!("no last move on the phone's line:\n{}", tree.dump()));
        assert!(
            line.name.contains(&format!("{}{played}", w.last)),
            "the turn line said the CPU's last move {played:?}; the line says {:?}",
            line.name
        );
        // Its squares are each said: the first, every hop's landing.
        let squares: Vec<&str> = played.split(['-', 'x']).collect();
        assert!(
            squares.len() >= 2 && squares.iter().all(|s| s.parse::<u32>().is_ok()),
            "{played:?}"
        );
        let landed = squares[squares.len() - 1];
        let cell = tree
            .find("gridcell", |n| parts(n)[0] == landed)
            .expect("its landing square");
        assert!(
            has(&cell.name, w.moved_last),
            "the CPU's landing square says so: {:?}",
            cell.name
        );
        heard.cpu_moves.push(played.to_string());
    }
    tree
}

/// Play the game on screen to its end from what the tree offers: lift the
/// first piece that says it can move, check that it says lifted (and is
/// the selected cell) and that destinations are named, go to the first
/// destination; on through a chain. The tree at the end.
async fn play_to_end(phone: &Phone, w: &Words, heard: &mut Heard) -> Tree {
    let mut moved = false;
    for _ in 0..200 {
        let tree = next_turn(phone, w, heard).await;
        check_squares(&tree, w);
        check_names(&tree);
        if ended(&tree, w).is_some() {
            return tree;
        }
        // The player's turn: after a move of the player, the CPU's reply
        // was heard, unless the move goes on with a jump.
        let said = turn_line(&tree);
        if said.contains(w.jump_again) {
            assert!(moved, "a chain goes on after the player's hop");
        } else if moved {
            assert!(
                said.starts_with(w.cpu_played),
                "the CPU's reply is heard: {said:?}"
            );
        }
        let lifted = tree.cells(w.board).iter().any(|c| has(&c.name, w.lifted));
        if !lifted {
            let from = key_to(phone, w.board, |n| has(n, w.can_move)).await;
            let number = parts(&from)[0].to_string();
            let tree = wait_tree(phone, 10, "the piece lifted", |t| {
                t.find("gridcell", |n| parts(n)[0] == number && has(n, w.lifted))
                    .is_some()
            })
            .await;
            let cell = tree
                .find("gridcell", |n| parts(n)[0] == number)
                .expect("the lifted square");
            assert!(
                cell.is("selected"),
                "the lifted square is the selected cell: {:?}",
                cell.props
            );
            let selected: Vec<&str> = tree
                .cells(w.board)
                .iter()
                .filter(|c| c.is("selected"))
                .map(|c| c.name.as_str())
                .collect();
            assert_eq!(
                selected,
                [cell.name.as_str()],
                "one selected square, the lifted one"
            );
            assert!(
                tree.cells(w.board)
                    .iter()
                    .any(|c| has(&c.name, w.destination)),
                "a lifted piece has its destinations named:\n{}",
                tree.dump()
            );
        }
        let to = key_to(phone, w.board, |n| has(n, w.destination)).await;
        let number = parts(&to)[0].to_string();
        wait_tree(phone, 10, "the piece gone to its destination", |t| {
            t.find("gridcell", |n| {
                parts(n)[0] == number && parts(n)[1] != w.pieces[0]
            })
            .is_some()
        })
        .await;
        heard.player_moves += 1;
        moved = true;
    }
    panic!("no end after 200 moves of the player");
}

/// The result and the pieces left as the end screen says them, checked
/// against the final position; the result's name.
fn read_end(tree: &Tree, w: &Words) -> String {
    check_names(tree);
    let (player, cpu) = check_squares(tree, w);
    let end = ended(tree, w).expect("the end");
    let heading = tree
        .descendants(end)
        .into_iter()
        .find(|n| n.role == "heading")
        .expect("the result's heading");
    assert_eq!(heading.name, end.name, "the group is named by its heading");
    let left = tree
        .named("group", w.pieces_left)
        .unwrap_or_else(|| panic!("no group {:?}:\n{}", w.pieces_left, tree.dump()));
    assert!(
        tree.within(left, end),
        "the pieces left are part of the result"
    );
    let said = tree.text(left);
    assert_eq!(
        said,
        format!("{} {player} {} {cpu}", w.you, w.cpu),
        "the pieces left as said, against the final board"
    );
    // The loser of a game won has no move or no piece: the result is
    // consistent with the board.
    if end.name == w.outcomes[0] {
        assert!(player > 0, "a win with pieces left");
    } else if end.name == w.outcomes[1] {
        assert!(cpu > 0, "a loss to a CPU with pieces");
    }
    let focused = tree.focused().expect("a focus");
    assert_eq!(
        (focused.role.as_str(), focused.name.as_str()),
        ("heading", end.name.as_str()),
        "the focus goes to the result"
    );
    end.name.clone()
}

/// From the start screen: who starts chosen with the arrows in its radio
/// group (the CPU), the Easy level with Enter; a whole game, every CPU move
/// heard; the result and the pieces left read.
#[test]
fn accessibility_tree_chromium_checkers_whole_game_from_the_start() {
    run(async {
        let phone = Phone::open(Setup::default()).await;
        enable(&phone).await;
        let tree = Tree::read(&phone).await;
        check_names(&tree);
        let group = tree
            .find("radiogroup", |n| n.eq_ignore_ascii_case("who starts"))
            .expect("who starts");
        let radios: Vec<(String, bool)> = tree
            .descendants(group)
            .into_iter()
            .filter(|n| n.role == "radio")
            .map(|n| (n.name.clone(), n.is("checked")))
            .collect();
        assert_eq!(
            radios,
            [
                ("You first".to_string(), true),
                ("CPU first".to_string(), false)
            ]
        );
        tab_to(&phone, "radio", |n| n == "You first").await;
        phone.press(RIGHT).await;
        let tree = wait_tree(&phone, 5, "CPU first chosen", |t| {
            t.named("radio", "CPU first")
                .is_some_and(|r| r.is("checked") && r.is("focused"))
        })
        .await;
        assert!(!tree
            .named("radio", "You first")
            .expect("You first")
            .is("checked"));
        tab_to(&phone, "button", |n| n.starts_with("Easy")).await;
        phone.press(ENTER).await;

        // The CPU starts: its first move is heard before the player's turn.
        wait_tree(&phone, 10, "the board", |t| {
            t.named("grid", EN.board).is_some()
        })
        .await;
        tab_to(&phone, "grid", |n| n == EN.board).await;
        let mut heard = Heard::default();
        let tree = next_turn(&phone, &EN, &mut heard).await;
        assert_eq!(
            heard.cpu_moves.len(),
            1,
            "the CPU's first move heard: {}",
            turn_line(&tree)
        );
        let tree = play_to_end(&phone, &EN, &mut heard).await;
        let result = read_end(&tree, &EN);
        assert!(
            heard.player_moves >= 3,
            "a whole game: {} moves of the player",
            heard.player_moves
        );
        eprintln!(
            "checkers from the start: {result}, {} player moves, CPU heard {:?}",
            heard.player_moves, heard.cpu_moves
        );
        phone.close().await;
    });
}

/// Every control and every part a reader moves through has a name, and
/// no name sits on a role that may not carry one (a plain `span` or
/// `div`), which readers do not say.
fn check_names(tree: &Tree) {
    const NAMED: [&str; 12] = [
        "button",
        "tab",
        "tablist",
        "radio",
        "radiogroup",
        "grid",
        "gridcell",
        "dialog",
        "alertdialog",
        "option",
        "listbox",
        "img",
    ];
    let nameless: Vec<String> = tree
        .exposed()
        .into_iter()
        .filter(|n| NAMED.contains(&n.role.as_str()) && n.name.trim().is_empty())
        .map(|n| format!("{} {:?}", n.role, n.props.keys().collect::<Vec<_>>()))
        .collect();
    assert!(
        nameless.is_empty(),
        "nodes without a name: {nameless:?}\n{}",
        tree.dump()
    );
    let named: Vec<&str> = tree
        .all("generic")
        .into_iter()
        .filter(|n| !n.name.is_empty())
        .map(|n| n.name.as_str())
        .collect();
    assert!(
        named.is_empty(),
        "names on plain elements, which readers do not say: {named:?}"
    );
}

/// A saved game whose one move is the capture 30x23; the CPU answers with
/// a double jump from 10 (over 15 and then 24 or 23).
const DOUBLE_JUMP: &str = "W:W15,24,30:B6,10,26";

/// In Spanish, a saved game continued by keyboard: the player's forced
/// capture, the CPU's double jump heard with both hops; the phone's move
/// list opened from its button as a modal dialog, with the board and Undo
/// out of the tree behind it and each move named with its number and who
/// played it ("1. Tú 30x23"); closed with Esc, the focus back on its
/// button; then the game to its end and the result read.
#[test]
fn accessibility_tree_chromium_checkers_chain_and_move_sheet_in_spanish() {
    run(async {
        let w = &ES;
        let phone = Phone::open(Setup {
            language: Some("es"),
            system_languages: "es-ES,es",
            saved: Some(DOUBLE_JUMP),
            ..Setup::default()
        })
        .await;
        enable(&phone).await;
        tab_to(&phone, "button", |n| n.starts_with("Continuar la partida")).await;
        phone.press(ENTER).await;
        let tree = wait_tree(&phone, 10, "the board", |t| {
            t.named("grid", w.board).is_some()
        })
        .await;
        check_names(&tree);
        tab_to(&phone, "grid", |n| n == w.board).await;
        let mut heard = Heard::default();
        let tree = next_turn(&phone, w, &mut heard).await;
        let movable: Vec<String> = tree
            .cells(w.board)
            .iter()
            .filter(|c| has(&c.name, w.can_move))
            .map(|c| c.name.clone())
            .collect();
        assert_eq!(
            movable,
            ["30, tu ficha, puede moverse"],
            "the capture is the one move"
        );
        key_to(&phone, w.board, |n| has(n, w.can_move)).await;
        let tree = wait_tree(&phone, 10, "30 lifted", |t| {
            t.find("gridcell", |n| n.starts_with("30, "))
                .is_some_and(|c| has(&c.name, w.lifted))
        })
        .await;
        let dests: Vec<&str> = tree
            .cells(w.board)
            .into_iter()
            .filter(|c| has(&c.name, w.destination))
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(dests, ["23, vacía, destino"]);
        key_to(&phone, w.board, |n| has(n, w.destination)).await;

        // The CPU's double jump: heard as one sentence naming both hops.
        let tree = next_turn(&phone, w, &mut heard).await;
        check_names(&tree);
        let played = heard
            .cpu_moves
            .last()
            .expect("the CPU's move heard")
            .clone();
        assert!(
            played == "10x19x28" || played == "10x19x26",
            "the double jump with both landings said: {played:?}"
        );
        let name = |n: u32| {
            tree.find("gridcell", |c| parts(c)[0] == n.to_string())
                .expect("a square")
                .name
                .clone()
        };
        assert_eq!(name(10), "10, vacía");
        assert_eq!(name(15), format!("15, {}, {}", w.pieces[0], w.taken));
        let (second, landed) = if played.ends_with("28") {
            (24, 28)
        } else {
            (23, 26)
        };
        assert_eq!(
            name(second),
            format!("{second}, {}, {}", w.pieces[0], w.taken)
        );
        // The square the chain ended on still says its last hop.
        let from = played.rsplit('x').nth(1).expect("a chain of two hops");
        assert_eq!(
            name(landed),
            format!(
                "{landed}, ficha de la CPU, la última en moverse, la CPU ha saltado aquí desde {from} y ha capturado la ficha de {second}"
            )
        );

        phone.screenshot("a11y-es-after-double-jump").await;
        // The phone's move list: a button that opens a dialog.
        let opener = tab_to(&phone, "button", |n| n.ends_with(w.moves)).await;
        let button = tree
            .named("button", &opener)
            .expect("the move list's button");
        assert_eq!(
            button.prop("hasPopup").and_then(|v| v.as_str()),
            Some("dialog")
        );
        assert!(
            opener.contains("10x19x"),
            "the button names the last move: {opener:?}"
        );
        phone.press(ENTER).await;
        let tree = wait_tree(&phone, 10, "the move list open", |t| {
            t.named("dialog", w.moves).is_some()
        })
        .await;
        check_names(&tree);
        let dialog = tree.named("dialog", w.moves).expect("the dialog");
        assert!(dialog.is("modal"), "the sheet is modal: {:?}", dialog.props);
        assert!(
            tree.all("complementary").is_empty(),
            "no complementary region:\n{}",
            tree.dump()
        );
        assert!(
            tree.all("grid").is_empty(),
            "the board is out of the tree behind the sheet:\n{}",
            tree.dump()
        );
        assert!(
            tree.named("button", w.undo).is_none(),
            "Undo is out of the tree behind the sheet"
        );
        assert!(
            tree.all("paragraph")
                .iter()
                .all(|p| !p.props.contains_key("live")),
            "the turn line is behind the sheet"
        );
        let focused = tree.focused().expect("a focus");
        assert!(
            tree.within(focused, dialog),
            "the focus is in the dialog: {focused:?}"
        );
        phone.screenshot("a11y-es-move-sheet").await;
        let moves: Vec<String> = tree
            .descendants(dialog)
            .into_iter()
            .filter(|n| n.role == "listitem")
            .map(|n| n.name.clone())
            .collect();
        assert_eq!(
            moves,
            ["1. Tú 30x23".to_string(), format!("2. CPU {played}")],
            "each move named with its number and who played it"
        );
        phone.press(ESCAPE).await;
        let tree = wait_tree(&phone, 10, "the move list closed", |t| {
            t.named("grid", w.board).is_some()
        })
        .await;
        assert!(tree.all("dialog").is_empty());
        let focused = tree.focused().expect("a focus");
        assert_eq!(
            (focused.role.as_str(), focused.name.as_str()),
            ("button", opener.as_str()),
            "the focus is back on the list's button"
        );

        // On to the end.
        tab_to(&phone, "grid", |n| n == w.board).await;
        let tree = play_to_end(&phone, w, &mut heard).await;
        check_names(&tree);
        let result = read_end(&tree, w);
        eprintln!(
            "checkers in Spanish: {result}, CPU heard {:?}",
            heard.cpu_moves
        );
        phone.close().await;
    });
}

/// What Choko's page says, in one language.
struct ChokoWords {
    board: &'static str,
    /// Nothing, the player's piece, the machine's.
    on: [&'static str; 3],
    can_move: &'static str,
    lifted: &'static str,
    destination: &'static str,
    can_take: &'static str,
    must_place: &'static str,
    can_place: &'static str,
    last: &'static str,
    machine: &'static str,
    places_on: &'static str,
    outcomes: [&'static str; 3],
    checkers: &'static str,
    play: &'static str,
    first_game: &'static str,
    your_hand: &'static str,
    machine_hand: &'static str,
    kept: &'static str,
}

const CHOKO_EN: ChokoWords = ChokoWords {
    board: "Choko board",
    on: ["empty", "your piece", "machine’s piece"],
    can_move: "can move",
    lifted: "lifted",
    destination: "destination",
    can_take: "you can take it",
    must_place: "you can place here",
    can_place: "you can place",
    last: "last action",
    machine: "The machine ",
    places_on: " places on ",
    outcomes: ["Victory", "Defeat", "Draw"],
    checkers: "Checkers",
    play: "Play level",
    first_game: "Play level 1 The machine places first",
    your_hand: "Your hand: ",
    machine_hand: "The machine’s hand: ",
    kept: "Pieces: you {player} · machine {machine}",
};

const CHOKO_ES: ChokoWords = ChokoWords {
    board: "Tablero de Choko",
    on: ["vacío", "tu pieza", "pieza de la máquina"],
    can_move: "puede moverse",
    lifted: "levantada",
    destination: "destino",
    can_take: "puedes llevártela",
    must_place: "puedes colocar aquí",
    can_place: "puedes colocar",
    last: "última jugada",
    machine: "La máquina ",
    places_on: " coloca en ",
    outcomes: ["Victoria", "Derrota", "Tablas"],
    checkers: "Damas",
    play: "Jugar el nivel",
    first_game: "Jugar el nivel 1 La máquina coloca primero",
    your_hand: "Tu mano: ",
    machine_hand: "Mano de la máquina: ",
    kept: "Piezas: tú {player} · máquina {machine}",
};

/// Choko's 25 points, row by row from the top (rank 5), each named by
/// its point and what stands on it; the pieces on the board, `(player,
/// machine)`.
fn check_points(tree: &Tree, w: &ChokoWords) -> (usize, usize) {
    let cells = tree.cells(w.board);
    assert_eq!(cells.len(), 25, "25 points in the grid:\n{}", tree.dump());
    let mut count = (0, 0);
    for (i, cell) in cells.iter().enumerate() {
        let point = format!("{}{}", ['a', 'b', 'c', 'd', 'e'][i % 5], 5 - i / 5);
        let p = parts(&cell.name);
        assert_eq!(p[0], point, "the point says its name: {:?}", cell.name);
        let on = p.get(1).copied().unwrap_or_default();
        assert!(
            w.on.contains(&on),
            "the point says what stands on it: {:?}",
            cell.name
        );
        if on == w.on[1] {
            count.0 += 1;
        } else if on == w.on[2] {
            count.1 += 1;
        }
    }
    count
}

/// A hand's count, from its group's name ("Your hand: 9 pieces. …").
fn hand(tree: &Tree, start: &str) -> usize {
    let group = tree
        .find("group", |n| n.starts_with(start))
        .unwrap_or_else(|| panic!("no hand {start:?}:\n{}", tree.dump()));
    group.name[start.len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count in {:?}", group.name))
}

/// What Choko's board offers the player now, by the words its points say.
fn offered(tree: &Tree, w: &ChokoWords, word: &str) -> bool {
    tree.cells(w.board).iter().any(|c| has(&c.name, word))
}

/// From the start screen: the Choko tab chosen with the arrows, its level
/// played with Enter; a whole game by keyboard from what the points say
/// (placing from the hand, lifting and moving, taking the extra piece of
/// a jump), each of the machine's actions heard in the turn line and found
/// on the board; the result and the pieces kept read at the end.
async fn choko_whole_game(setup: Setup, w: &ChokoWords) {
    let phone = Phone::open(setup).await;
    enable(&phone).await;
    tab_to(&phone, "tab", |n| n == w.checkers).await;
    phone.press(RIGHT).await;
    let tree = wait_tree(&phone, 5, "the Choko tab", |t| {
        t.named("tab", "Choko")
            .is_some_and(|c| c.is("selected") && c.is("focused"))
            && t.find("button", |n| n.starts_with(w.play)).is_some()
    })
    .await;
    check_names(&tree);
    let play = tree
        .find("button", |n| n.starts_with(w.play))
        .expect("the level's button");
    assert_eq!(play.name, w.first_game);
    tab_to(&phone, "button", |n| n.starts_with(w.play)).await;
    phone.press(ENTER).await;
    wait_tree(&phone, 10, "Choko's board", |t| {
        t.named("grid", w.board).is_some()
    })
    .await;
    tab_to(&phone, "grid", |n| n == w.board).await;

    let (mut placed, mut moved, mut took, mut heard) = (0, 0, 0, Vec::new());
    let mut last_said = String::new();
    let end = loop {
        let tree = wait_tree(&phone, 90, "the player's turn or the end", |t| {
            t.find("group", |n| w.outcomes.contains(&n)).is_some()
                || (t.named("grid", w.board).is_some()
                    && [
                        w.can_move,
                        w.destination,
                        w.can_take,
                        w.must_place,
                        w.can_place,
                    ]
                    .iter()
                    .any(|word| offered(t, w, word)))
        })
        .await;
        let (board_player, board_machine) = check_points(&tree, w);
        check_names(&tree);
        if tree.find("group", |n| w.outcomes.contains(&n)).is_some() {
            break (tree, board_player, board_machine);
        }
        // The machine's action, as the turn line said it, is on the board.
        let said = turn_line(&tree);
        if said != last_said && said.starts_with(w.machine) {
            let sentence = said.split('.').next().unwrap_or_default();
            let point = sentence
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|p| {
                    p.len() == 2
                        && p.as_bytes()[0].is_ascii_lowercase()
                        && p.as_bytes()[1].is_ascii_digit()
                })
                .nth(if sentence.contains(w.places_on) { 0 } else { 1 })
                .unwrap_or_else(|| panic!("a point in {said:?}"));
            let cell = tree
                .find("gridcell", |n| parts(n)[0] == point)
                .expect("the point said");
            assert!(
                has(&cell.name, w.on[2]) && has(&cell.name, w.last),
                "{said:?}: the point says the machine's piece moved there last: {:?}",
                cell.name
            );
            heard.push(sentence.to_string());
        }
        last_said = said;
        let word = [
            w.can_take,
            w.destination,
            w.must_place,
            w.can_place,
            w.can_move,
        ]
        .into_iter()
        .find(|word| offered(&tree, w, word))
        .expect("an offer");
        let target = key_to(&phone, w.board, |n| has(n, word)).await;
        let point = parts(&target)[0].to_string();
        if word == w.can_move {
            let tree = wait_tree(&phone, 10, "the piece lifted", |t| {
                t.find("gridcell", |n| parts(n)[0] == point && has(n, w.lifted))
                    .is_some()
            })
            .await;
            let cell = tree
                .find("gridcell", |n| parts(n)[0] == point)
                .expect("the lifted point");
            assert!(
                cell.is("selected"),
                "the lifted point is the selected cell: {:?}",
                cell.props
            );
            assert!(
                offered(&tree, w, w.destination),
                "a lifted piece has its destinations named:\n{}",
                tree.dump()
            );
            continue;
        }
        if word == w.can_take {
            took += 1;
        } else if word == w.destination {
            moved += 1;
        } else {
            placed += 1;
        }
        // The action lands: the point says what stands there now.
        let landed = if word == w.can_take { w.on[0] } else { w.on[1] };
        wait_tree(&phone, 10, "the action on the board", |t| {
            t.find("gridcell", |n| {
                parts(n)[0] == point && parts(n)[1] == landed
            })
            .is_some()
        })
        .await;
    };

    // The result, and the pieces kept: board plus hand, each side.
    let (tree, board_player, board_machine) = end;
    let result = tree
        .find("group", |n| w.outcomes.contains(&n))
        .expect("the result");
    let kept = tree
        .all("paragraph")
        .into_iter()
        .find(|n| {
            tree.within(n, result)
                && tree
                    .text(n)
                    .starts_with(w.kept.split(':').next().unwrap_or_default())
        })
        .map(|n| tree.text(n))
        .unwrap_or_else(|| panic!("no pieces kept in the result:\n{}", tree.dump()));
    let player = board_player + hand(&tree, w.your_hand);
    let machine = board_machine + hand(&tree, w.machine_hand);
    assert_eq!(
        kept,
        w.kept
            .replace("{player}", &player.to_string())
            .replace("{machine}", &machine.to_string()),
        "the pieces kept, against the board and the hands"
    );
    let focused = tree.focused().expect("a focus");
    assert_eq!(
        (focused.role.as_str(), focused.name.as_str()),
        ("heading", result.name.as_str()),
        "the focus goes to the result"
    );
    assert!(
        placed > 0 && !heard.is_empty(),
        "a whole game: placed {placed}, heard {heard:?}"
    );
    eprintln!(
            "{}: {} ({kept}); the player placed {placed}, moved {moved}, took {took} extra pieces; the machine said {} sentences, e.g. {:?}",
            w.board,
            result.name,
            heard.len(),
            heard.iter().rev().take(3).collect::<Vec<_>>()
        );
    phone.close().await;
}

#[test]
fn accessibility_tree_chromium_choko_whole_game() {
    run(choko_whole_game(Setup::default(), &CHOKO_EN));
}

#[test]
fn accessibility_tree_chromium_choko_whole_game_in_spanish() {
    run(choko_whole_game(
        Setup {
            language: Some("es"),
            system_languages: "es-ES,es",
            ..Setup::default()
        },
        &CHOKO_ES,
    ));
}
