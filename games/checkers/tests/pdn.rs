//! PDN: self-played games written and read back, hand-written files with
//! everything real files hold, and the first illegal move of a bad one.

use checkers::pdn::{move_number, PdnError, PdnGame, PdnResult, Unclosed, LINE_WIDTH};
use checkers::{
    bench, next_quiet, outcome, parse_fen, parse_pdn, search, to_fen, Color, Move, MoveError,
    Position,
};
use test_kit::Rng;

/// How a self-play game picks its moves.
#[derive(Clone, Copy, Debug)]
enum Chooser {
    /// The CPU's search, two turns deep.
    Search,
    /// A seeded random legal move.
    Random(u64),
}

/// A game played under the full rules (R7, R8: no move, no piece, 50 quiet
/// turns) from `start` after `opening`; stopped early, unfinished, after
/// `stop` turns when given.
fn play(start: Position, opening: &[Move], chooser: Chooser, stop: Option<usize>) -> PdnGame {
    let mut pos = start;
    let mut quiet = 0;
    let mut moves = Vec::new();
    let mut rng = Rng::new(match chooser {
        Chooser::Search => 0,
        Chooser::Random(seed) => seed,
    });
    let result = loop {
        if let Some(o) = outcome(&pos, quiet) {
            break PdnResult::from_outcome(Some(o));
        }
        if stop.is_some_and(|s| moves.len() >= s) {
            break PdnResult::Unfinished;
        }
        let mv = match opening.get(moves.len()) {
            Some(mv) => *mv,
            None => match chooser {
                Chooser::Search => search(&pos, quiet, 2).best.unwrap(),
                Chooser::Random(_) => *rng.pick(&pos.legal_moves()),
            },
        };
        quiet = next_quiet(&pos, &mv, quiet);
        pos = pos.play(&mv).unwrap();
        moves.push(mv);
    };
    PdnGame {
        tags: vec![
            ("Event".into(), "Round trip".into()),
            ("Date".into(), "2025.01.31".into()),
            ("Black".into(), "CPU (Hard)".into()),
            ("White".into(), "You".into()),
            // Ignored: the writer computes the FEN itself.
            ("FEN".into(), "B:W1:B2".into()),
        ],
        start,
        moves,
        result,
    }
}

/// Write, read back, and compare everything the game is.
fn assert_round_trip(game: &PdnGame) {
    let text = game.to_pdn();
    let back = parse_pdn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.start, game.start, "{text}");
    assert_eq!(back.moves, game.moves, "{text}");
    assert_eq!(back.result, game.result, "{text}");
    let end = game.check().unwrap();
    assert_eq!(back.final_position(), end, "{text}");
    assert_eq!(back.check(), Ok(end));
    assert_eq!(back.tags, game.header(), "{text}");
    // Writing what was read gives the same text.
    assert_eq!(back.to_pdn(), text);
    // The FEN tag is there exactly when the start is not the standard one.
    let fen = format!("[FEN \"{}\"]", to_fen(&game.start));
    assert_eq!(
        text.contains(&fen),
        game.start != Position::start(),
        "{text}"
    );
    assert_eq!(text.contains("[FEN "), game.start != Position::start());
    assert!(text.lines().all(|l| l.chars().count() <= LINE_WIDTH));
    assert!(text.trim_end().ends_with(game.result.token()));
}

/// Play, write, read back and compare a game from each of the 216
/// openings of `bench::all_openings` (Black first), or as many from the
/// standard pieces with White first (the app's "player first" start) after
/// three random turns; moves from the search for every other game and at
/// random for the rest; one game in five stopped early. Returns the number
/// of games and the results seen.
fn round_trip_self_play(white_first: bool) -> (usize, usize, Vec<PdnResult>) {
    let openings = bench::all_openings();
    let start = if white_first {
        Position::start().with_turn(Color::White)
    } else {
        Position::start()
    };
    let mut rng = Rng::new(if white_first { 12 } else { 11 });
    let (mut games, mut finished) = (0, 0);
    let mut results = Vec::new();
    for (i, opening) in openings.iter().enumerate() {
        let opening: Vec<Move> = if white_first {
            let mut pos = start;
            (0..3)
                .map(|_| {
                    let mv = *rng.pick(&pos.legal_moves());
                    pos = pos.play_unchecked(&mv);
                    mv
                })
                .collect()
        } else {
            opening.clone()
        };
        let chooser = if i % 2 == 0 {
            Chooser::Search
        } else {
            Chooser::Random(rng.next_u64())
        };
        let stop = rng.chance(1, 5).then(|| 3 + rng.below(60));
        let game = play(start, &opening, chooser, stop);
        assert_round_trip(&game);
        games += 1;
        finished += usize::from(game.result != PdnResult::Unfinished);
        if !results.contains(&game.result) {
            results.push(game.result);
        }
    }
    (games, finished, results)
}

#[test]
fn self_played_games_round_trip_black_first() {
    let (games, finished, results) = round_trip_self_play(false);
    assert!(games >= 200, "{games} games");
    assert!(finished >= games / 2, "{finished} of {games} finished");
    assert_eq!(results.len(), 4, "every result seen: {results:?}");
}

#[test]
fn self_played_games_round_trip_white_first() {
    let (games, finished, results) = round_trip_self_play(true);
    assert!(games >= 200, "{games} games");
    assert!(finished >= games / 2, "{finished} of {games} finished");
    assert_eq!(results.len(), 4, "every result seen: {results:?}");
}

#[test]
fn games_from_set_up_positions_round_trip() {
    for fen in [
        "W:WK11:B6,7,14,15",
        "B:WK1,K2:BK30,K31",
        "W:W22:B18,10",
        "B:W21-32:B1-12",
        "W:W29:B25,22",
    ] {
        let start = parse_fen(fen).unwrap();
        for seed in 0..5 {
            assert_round_trip(&play(start, &[], Chooser::Random(seed), None));
        }
    }
}

#[test]
fn a_game_white_began_is_numbered_from_1_dots() {
    let start = Position::start().with_turn(Color::White);
    let game = play(start, &[], Chooser::Search, Some(4));
    let text = game.to_pdn();
    let movetext = text.split("\n\n").nth(1).unwrap();
    let m: Vec<String> = game.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        movetext.trim_end(),
        format!("1... {} 2. {} {} 3. {} *", m[0], m[1], m[2], m[3])
    );
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"]\n"));
}

#[test]
fn the_header_keeps_the_callers_order_and_computes_the_rest() {
    let game = PdnGame {
        tags: vec![
            ("Event".into(), "Casual".into()),
            ("Result".into(), "0-1".into()),
            ("GameType".into(), "20".into()),
            ("SetUp".into(), "0".into()),
            ("bad name".into(), "dropped".into()),
            ("".into(), "dropped".into()),
            ("Result".into(), "*".into()),
            ("White".into(), "line\nbreak \"quoted\"".into()),
        ],
        start: Position::start(),
        moves: vec![],
        result: PdnResult::Draw,
    };
    assert_eq!(
        game.to_pdn(),
        "[Event \"Casual\"]\n[Result \"1/2-1/2\"]\n[White \"line break \\\"quoted\\\"\"]\n\
         [GameType \"21\"]\n\n1/2-1/2\n"
    );
}

/// Everything a real file holds: a byte-order mark, CRLF, escaped quotes,
/// a FEN with White to move written with ranges, move numbers glued to
/// moves and on their own, `...`, comments (one holding a parenthesis),
/// nested variations, `;` and `%` comments, NAGs, strength marks and a
/// short capture (`9x25` for 9x18x25).
#[test]
fn a_hand_written_file_with_everything_in_it() {
    let text = "\u{feff}[Event \"Club \\\"friendly\\\"\"]\r\n\
        [Black \"CPU (Hard)\"]\r\n\
        [White \"You\"]\r\n\
        [Result \"*\"]\r\n\
        [GameType \"21,B,8,8,N1,0\"]\r\n\
        [FEN \"W:W21-32:B1-12\"]\r\n\
        \r\n\
        % a line for the program\r\n\
        1. ... 22-17 {the player opens} 2.11-15 25-22\r\n\
        (2... 24-19 (2... 24-20?!) 15x24 28x19 {a variation (with a parenthesis}) ; to the end\r\n\
        3. 15-18! 23x14 $2 4. 9x25 (?) 29x22 5. 8-11 $14 *\r\n\
        [Event \"the next game, ignored\"]\r\n\
        1. 1-2 *\r\n";
    let game = parse_pdn(text).unwrap();
    assert_eq!(game.start, Position::start().with_turn(Color::White));
    let moves: Vec<String> = game.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves,
        ["22-17", "11-15", "25-22", "15-18", "23x14", "9x18x25", "29x22", "8-11"]
    );
    assert_eq!(game.result, PdnResult::Unfinished);
    assert_eq!(
        to_fen(&game.final_position()),
        "W:W17,21,22,24,26,27,28,30,31,32:B1,2,3,4,5,6,7,10,11,12"
    );
    assert_eq!(game.tags[0], ("Event".into(), "Club \"friendly\"".into()));
    assert_eq!(game.tags.len(), 6);
}

#[test]
fn the_result_comes_from_the_token_or_the_tag() {
    let r = |t: &str| parse_pdn(t).map(|g| g.result);
    assert_eq!(r("1. 11-15 1-0"), Ok(PdnResult::BlackWins));
    assert_eq!(r("1. 11-15 0-1"), Ok(PdnResult::WhiteWins));
    assert_eq!(r("1. 11-15 1/2-1/2"), Ok(PdnResult::Draw));
    assert_eq!(r("[Result \"0-1\"] 1. 11-15"), Ok(PdnResult::WhiteWins));
    assert_eq!(r("[Result \"?\"] 1. 11-15 1-0"), Ok(PdnResult::BlackWins));
    assert_eq!(r("[Result \"?\"] 1. 11-15"), Ok(PdnResult::Unfinished));
    assert_eq!(r("1. 11-15"), Ok(PdnResult::Unfinished));
    assert_eq!(
        r("[Result \"1-0\"] 1. 11-15 0-1"),
        Err(PdnError::ResultMismatch {
            tag: PdnResult::BlackWins,
            token: PdnResult::WhiteWins
        })
    );
    assert_eq!(
        r("1. 11-15 22-18\n2-0"),
        Err(PdnError::BadResult {
            line: 2,
            token: "2-0".into()
        })
    );
    // The game ends at the next game's tags when it has no result token.
    let g = parse_pdn("1. 11-15 22-18\n\n[Event \"next\"]\n1. 9-14 *").unwrap();
    assert_eq!((g.moves.len(), g.result), (2, PdnResult::Unfinished));
}

#[test]
fn tags_that_decide_the_game_are_checked() {
    assert_eq!(
        parse_pdn("[GameType \"20\"] 1. 32-28 *"),
        Err(PdnError::GameType("20".into()))
    );
    assert!(parse_pdn("[GameType \"21\"] 1. 11-15 *").is_ok());
    assert_eq!(
        parse_pdn("[FEN \"B:W21-32:B1-12\"] [FEN \"W:W21-32:B1-12\"] *"),
        Err(PdnError::TagTwice("FEN"))
    );
    assert!(matches!(
        parse_pdn("[FEN \"B:W21:B33\"] *"),
        Err(PdnError::Fen(checkers::FenError::SquareOutOfRange(33)))
    ));
    assert!(matches!(
        parse_pdn("[FEN \"[aaé]\"] *"),
        Err(PdnError::Fen(_))
    ));
}

/// `(number, side, text, error)` of the first bad move, or a panic.
fn first_bad_move(text: &str) -> (u32, Color, String, MoveError) {
    match parse_pdn(text) {
        Err(PdnError::Move {
            number,
            side,
            text,
            error,
        }) => (number, side, text, error),
        other => panic!("expected a move error, got {other:?}"),
    }
}

#[test]
fn the_first_illegal_move_is_named() {
    // Black must take 15x22: the step is refused, and nothing after it read.
    let (n, side, text, e) = first_bad_move("1. 11-15 22-18 2. 15-19 24x15 2-0 {junk} (");
    assert_eq!((n, side, text.as_str()), (2, Color::Black, "15-19"));
    assert_eq!(e, MoveError::Illegal("15-19".into()));
    assert_eq!(
        parse_pdn("1. 11-15 22-18 2. 15-19")
            .unwrap_err()
            .to_string(),
        "move 2. 15-19 (black): 15-19 is not a legal move in this position"
    );
    // White's move: 21 is not next to 16.
    let (n, side, text, _) = first_bad_move("1. 11-15 21-16 *");
    assert_eq!((n, side, text.as_str()), (1, Color::White, "21-16"));
    // A game White began: its second White move is move 2...
    let (n, side, text, _) = first_bad_move("[FEN \"W:W21-32:B1-12\"] 1... 22-17 2. 11-15 25-21 *");
    assert_eq!((n, side, text.as_str()), (2, Color::White, "25-21"));
    assert_eq!(
        parse_pdn("[FEN \"W:W21-32:B1-12\"] 1... 22-17 2. 11-15 25-21 *")
            .unwrap_err()
            .to_string(),
        "move 2... 25-21 (white): 25-21 is not a legal move in this position"
    );
    // The written numbers do not matter: the reader counts.
    let (n, side, _, _) = first_bad_move("7. 11-15 9. 22-18 15. 15-19");
    assert_eq!((n, side), (2, Color::Black));
}

#[test]
fn unreadable_moves_are_named_too() {
    let (n, side, text, e) = first_bad_move("1. 11-15 22-18 2. 15xx22");
    assert_eq!((n, side, text.as_str()), (2, Color::Black, "15xx22"));
    assert_eq!(e, MoveError::BadSquare(String::new()));
    let (_, _, _, e) = first_bad_move("1. 11-33");
    assert_eq!(e, MoveError::SquareOutOfRange(33));
    let (_, _, _, e) = first_bad_move("1. 11");
    assert_eq!(e, MoveError::TooShort("11".into()));
    let (_, _, _, e) = first_bad_move("1. 11—15");
    assert!(matches!(e, MoveError::BadSquare(_)));
    // A king's loop both ways round: the short form is ambiguous.
    let (n, side, text, e) = first_bad_move("[FEN \"W:WK11:B6,7,14,15\"] 1... 11x11");
    assert_eq!((n, side, text.as_str()), (1, Color::White, "11x11"));
    assert!(matches!(e, MoveError::Ambiguous(..)));
    // A move after the game is over is not legal.
    let (n, side, _, _) = first_bad_move("[FEN \"W:W29:B25,22\"] 1... 29-25");
    assert_eq!((n, side), (1, Color::White));
}

#[test]
fn errors_quote_a_short_prefix_of_long_text() {
    let long = format!("1. 11-{}", "1".repeat(1_000_000));
    let (_, _, text, e) = first_bad_move(&long);
    assert_eq!(text, format!("11-{}…", "1".repeat(21)));
    assert_eq!(e, MoveError::SquareOutOfRange(i64::MAX));
    let word = format!("1. {}", "é".repeat(1_000_000));
    let msg = parse_pdn(&word).unwrap_err().to_string();
    assert!(msg.chars().count() < 120, "{msg}");
    let tag = format!("[{} \"x\"]", "é".repeat(100_000));
    let msg = parse_pdn(&tag).unwrap_err().to_string();
    assert!(msg.chars().count() < 120, "{msg}");
    let game_type = format!("[GameType \"{}\"] *", "2".repeat(100_000));
    let msg = parse_pdn(&game_type).unwrap_err().to_string();
    assert!(msg.chars().count() < 120, "{msg}");
}

#[test]
fn unclosed_parts_name_the_line_they_open_on() {
    assert_eq!(
        parse_pdn("1. 11-15\n(22-18 {x\n} 9-14"),
        Err(PdnError::Unclosed {
            line: 2,
            what: Unclosed::Variation
        })
    );
    assert_eq!(
        parse_pdn("[Event \"a\nb"),
        Err(PdnError::Unclosed {
            line: 1,
            what: Unclosed::String
        })
    );
}

#[test]
fn check_finds_an_illegal_move_in_a_game_built_by_hand() {
    let start = Position::start();
    let a = parse_fen("W:W22:B18,10").unwrap().legal_moves()[0];
    let first = start.legal_moves()[0];
    let game = PdnGame {
        tags: vec![],
        start,
        moves: vec![first, a],
        result: PdnResult::Unfinished,
    };
    match game.check() {
        Err(PdnError::Move { number, side, .. }) => assert_eq!((number, side), (1, Color::White)),
        other => panic!("{other:?}"),
    }
    // The final position stops before it.
    assert_eq!(game.final_position(), start.play(&first).unwrap());
    assert_eq!(move_number(Color::White, 3), (3, Color::Black));
}
