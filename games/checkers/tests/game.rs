//! The game session: hop-by-hop play, the CPU's turn, undo, game end, the
//! move list, the saved game and the records.

use checkers::game::*;
use checkers::records::{ArchivedGame, Records, RecordsError, HISTORY_LEN};
use checkers::sides::*;
use checkers::snapshot::SnapshotError;
use checkers::view::*;
use checkers::{parse_fen, to_fen, Level, Move, Position, Square};
use proptest::prelude::*;

fn sq(n: u8) -> Square {
    Square::try_from(n).unwrap()
}

/// A game at a given position, through the saved-game path.
fn game_at(fen: &str, chain: &[u8]) -> Game {
    let json = serde_json::json!({
        "version": 1, "level": "normal", "first": "player", "fen": fen,
        "quiet": 0, "chain": chain, "lastMove": null, "playTimeMs": 0
    });
    Game::from_json(&json.to_string()).unwrap()
}

/// A stand-in for the search: the first legal move.
fn first_move(p: &Position) -> Option<Move> {
    p.legal_moves().first().copied()
}

/// The CPU's turn with [`first_move`] as its search.
trait CpuMove {
    fn cpu_move(&mut self) -> Result<Vec<Hop>, GameError>;
}

impl CpuMove for Game {
    fn cpu_move(&mut self) -> Result<Vec<Hop>, GameError> {
        let r = self.cpu_request()?;
        let m = first_move(&r.position).ok_or(GameError::NoCpuMove)?;
        self.apply_cpu_move(&m)?;
        Ok(hops(&m))
    }
}

/// A finished game added to the records as the shell adds it.
fn record(records: &mut Records, g: &mut Game, id: u64) -> bool {
    if g.is_recorded() {
        return false;
    }
    match ArchivedGame::of(g, id, 1_700_000_000_000 + id) {
        Some(a) => {
            records.add(a);
            g.mark_recorded()
        }
        None => false,
    }
}

/// The pieces offered and their destinations, as square numbers.
fn movable(g: &Game) -> Vec<(u8, Vec<u8>)> {
    g.legal_moves()
        .movable()
        .iter()
        .map(|m| (m.from.number(), m.to.iter().map(|s| s.number()).collect()))
        .collect()
}

/// Nothing offered: the CPU is to move or the game is over.
fn offers_nothing(g: &Game) -> bool {
    let legal = g.legal_moves();
    legal.is_empty()
        && !legal.capture_forced()
        && legal.must_continue().is_none()
        && legal == LegalMoves::default()
}

#[test]
fn new_games_start_from_the_standard_position() {
    for level in Level::ALL {
        let g = Game::new(level, First::Player);
        let v = g.view();
        assert_eq!(v.level, level);
        assert_eq!(v.status, Status::YourTurn);
        assert_eq!(v.board.iter().flatten().count(), 24);
        assert_eq!(
            v.board[0],
            Some(BoardPiece {
                side: Side::Cpu,
                king: false
            })
        );
        assert_eq!(
            v.board[31],
            Some(BoardPiece {
                side: Side::Player,
                king: false
            })
        );
        assert_eq!(
            movable(&g),
            vec![
                (21, vec![17]),
                (22, vec![17, 18]),
                (23, vec![18, 19]),
                (24, vec![19, 20])
            ]
        );
        assert!(!g.legal_moves().capture_forced());
        assert_eq!(g.legal_moves().must_continue(), None);
        assert!(!v.can_undo);
        assert_eq!(v.result, None);

        let g = Game::new(level, First::Cpu);
        assert_eq!(g.status(), Status::CpuThinking);
        assert!(offers_nothing(&g));
        assert!(g.cpu_to_move());
        assert_eq!(g.position().turn(), CPU);
        assert_eq!(
            to_fen(&g.position().with_turn(PLAYER)),
            to_fen(&Position::start().with_turn(PLAYER))
        );
    }
}

#[test]
fn an_illegal_hop_changes_nothing() {
    let mut g = Game::new(Level::Easy, First::Player);
    let before = g.clone();
    assert_eq!(
        g.play_hop(sq(22), sq(19)),
        Err(GameError::IllegalHop { from: 22, to: 19 })
    );
    assert_eq!(
        g.play_hop(sq(9), sq(13)),
        Err(GameError::IllegalHop { from: 9, to: 13 })
    );
    assert_eq!(
        g.play_hop(sq(26), sq(22)),
        Err(GameError::IllegalHop { from: 26, to: 22 })
    );
    assert_eq!(g, before);
    let mut cpu = Game::new(Level::Easy, First::Cpu);
    assert_eq!(cpu.play_hop(sq(22), sq(18)), Err(GameError::NotYourTurn));
}

#[test]
fn a_step_ends_the_turn_and_the_cpu_replies_with_hops() {
    let mut g = Game::new(Level::Normal, First::Player);
    assert_eq!(g.play_hop(sq(22), sq(18)), Ok(true));
    let v = g.view();
    assert_eq!(v.status, Status::CpuThinking);
    assert!(offers_nothing(&g));
    assert_eq!(
        v.last_move,
        Some(LastMove {
            side: Side::Player,
            path: vec![22, 18],
            captured: vec![]
        })
    );
    assert_eq!(v.chain, None, "no chain in progress");
    assert_eq!(g.play_hop(sq(18), sq(14)), Err(GameError::NotYourTurn));
    let hops = g.cpu_move().unwrap();
    assert_eq!(
        hops,
        vec![Hop {
            from: 9,
            to: 13,
            captured: None
        }]
    );
    assert_eq!(g.view().last_move.unwrap().side, Side::Cpu);
    assert_eq!(g.cpu_move(), Err(GameError::NotCpuTurn));
}

#[test]
fn a_forced_capture_offers_only_the_jumping_pieces() {
    let g = game_at("W:W22,23,30:B18,1", &[]);
    assert_eq!(g.status(), Status::CaptureAvailable);
    assert_eq!(movable(&g), vec![(22, vec![15]), (23, vec![14])]);
    let legal = g.legal_moves();
    assert!(legal.capture_forced());
    assert_eq!(legal.must_continue(), None);
    // The man on 30 could step, but a capture is forced (R3).
    assert!(legal.destinations(sq(30)).is_empty());
    assert_eq!(legal.destinations(sq(22)), [sq(15)]);
}

#[test]
fn the_cpu_to_move_is_offered_nothing_even_with_a_capture() {
    // Black's 18 could take 22; it is not the player's to decide.
    let g = game_at("B:W22,30:B18", &[]);
    assert!(g.position().has_capture());
    assert_eq!(g.status(), Status::CpuThinking);
    assert!(offers_nothing(&g));
}

#[test]
fn legal_moves_in_json_are_squares_by_number() {
    let g = game_at("W:W22,30:B18,10,1", &[22, 15]);
    assert_eq!(
        serde_json::to_value(g.legal_moves()).unwrap(),
        serde_json::json!({ "movable": [{ "from": 15, "to": [6] }], "captureForced": true, "mustContinue": 15 })
    );
    assert_eq!(
        serde_json::to_value(Game::new(Level::Easy, First::Cpu).legal_moves()).unwrap(),
        serde_json::json!({ "movable": [], "captureForced": false, "mustContinue": null })
    );
}

#[test]
fn a_chain_keeps_the_piece_lifted_until_it_ends() {
    let mut g = game_at("W:W22,30:B18,10,1", &[]);
    assert_eq!(g.play_hop(sq(22), sq(15)), Ok(false));
    let v = g.view();
    assert_eq!(v.status, Status::JumpAgain);
    let legal = g.legal_moves();
    assert_eq!(legal.must_continue(), Some(sq(15)));
    assert!(legal.capture_forced());
    assert_eq!(
        legal.movable(),
        [Movable {
            from: sq(15),
            to: vec![sq(6)]
        }]
    );
    // Shown mid-chain: the piece on 15, 22 empty, 18 taken, and the chain
    // so far for its marks.
    assert_eq!(
        v.chain,
        Some(LastMove {
            side: Side::Player,
            path: vec![22, 15],
            captured: vec![18]
        })
    );
    assert!(v.board[21].is_none());
    assert!(v.board[17].is_none());
    assert_eq!(v.board[14].unwrap().side, Side::Player);
    // Only the same piece may go on.
    assert_eq!(
        g.play_hop(sq(30), sq(26)),
        Err(GameError::MustContinueChain { with: 15 })
    );
    assert_eq!(g.play_hop(sq(15), sq(6)), Ok(true));
    let v = g.view();
    assert_eq!(
        v.last_move,
        Some(LastMove {
            side: Side::Player,
            path: vec![22, 15, 6],
            captured: vec![18, 10]
        })
    );
    assert_eq!(v.chain, None, "the chain has ended");
    let entry = v.moves.last().unwrap();
    assert_eq!(
        (entry.text.as_str(), &entry.captured[..]),
        ("22x15x6", &[18, 10][..])
    );
    assert_eq!(g.position().pieces(CPU).count(), 1);
}

#[test]
fn crowning_ends_the_chain() {
    // 14x5? The man on 10 jumps 7 to 3 and is crowned; as a king it could
    // take 8 as well, but the turn ends.
    let mut g = game_at("W:W10:B7,8,20", &[]);
    assert_eq!(g.play_hop(sq(10), sq(3)), Ok(true));
    let v = g.view();
    assert_eq!(v.status, Status::CpuThinking);
    assert_eq!(
        v.board[2],
        Some(BoardPiece {
            side: Side::Player,
            king: true
        })
    );
    assert!(v.board[7].is_some());
}

#[test]
fn undo_withdraws_the_move_and_the_reply_together() {
    let mut g = Game::new(Level::Hard, First::Player);
    let start = g.view();
    g.play_hop(sq(22), sq(18)).unwrap();
    g.cpu_move().unwrap();
    assert!(g.can_undo());
    g.undo().unwrap();
    assert_eq!(g.view(), start);
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
    // Undo while the CPU is to move withdraws the player's move alone.
    g.play_hop(sq(22), sq(18)).unwrap();
    g.undo().unwrap();
    assert_eq!(g.view(), start);
}

#[test]
fn undo_mid_chain_goes_back_to_before_the_chain() {
    let mut g = game_at("W:W22,30:B18,10,1", &[]);
    let before = g.view();
    g.play_hop(sq(22), sq(15)).unwrap();
    g.undo().unwrap();
    assert_eq!(g.view(), before);
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
}

#[test]
fn in_a_cpu_first_game_the_opening_cpu_turn_is_not_a_stop() {
    let mut g = Game::new(Level::Easy, First::Cpu);
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
    g.cpu_move().unwrap();
    let after_cpu = g.view();
    assert!(!after_cpu.can_undo);
    g.play_hop(sq(22), sq(18)).unwrap();
    g.cpu_move().unwrap();
    g.undo().unwrap();
    assert_eq!(g.view(), after_cpu);
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
}

#[test]
fn the_game_ends_with_the_pieces_left() {
    // The player takes the CPU's last piece.
    let mut g = game_at("W:W22,30:B18", &[]);
    assert_eq!(g.play_hop(sq(22), sq(15)), Ok(true));
    let r = g.result().unwrap();
    assert_eq!(
        r,
        GameResult {
            outcome: PlayerOutcome::Win,
            player_pieces: 2,
            cpu_pieces: 0
        }
    );
    assert_eq!(g.status(), Status::Over);
    assert!(offers_nothing(&g));
    assert_eq!(g.undo(), Err(GameError::GameOver));
    assert_eq!(g.play_hop(sq(15), sq(11)), Err(GameError::GameOver));
    // The CPU blocks the player's last man: a loss with a piece left.
    let mut g = game_at("B:W29:B25,18", &[]);
    let block = *g
        .position()
        .legal_moves()
        .iter()
        .find(|m| m.to_string() == "18-22")
        .unwrap();
    g.apply_cpu_move(&block).unwrap();
    // The man on 29 can neither step nor jump on its turn: the game is lost.
    assert_eq!(g.result().unwrap().outcome, PlayerOutcome::Loss);
    assert_eq!(g.cpu_move(), Err(GameError::GameOver));
    // The 50th quiet turn draws.
    let json = serde_json::json!({"version":1,"level":"easy","first":"player",
        "fen":"W:WK32:BK1","quiet":49,"lastMove":null,"playTimeMs":0});
    let mut g = Game::from_json(&json.to_string()).unwrap();
    g.play_hop(sq(32), sq(27)).unwrap();
    assert_eq!(
        g.result(),
        Some(GameResult {
            outcome: PlayerOutcome::Draw,
            player_pieces: 1,
            cpu_pieces: 1
        })
    );
}

#[test]
fn a_saved_game_that_is_over_before_its_first_move_is_refused() {
    // Both save versions: a position with no move for the side to move, and
    // one at the 50-turn draw, with no move after it.
    for (fen, quiet) in [("W:W29:B25,22", 0), ("W:WK32:BK1", 50)] {
        let v1 = serde_json::json!({"version":1,"level":"easy","first":"player",
            "fen":fen,"quiet":quiet,"lastMove":null,"playTimeMs":0,"recorded":true});
        assert_eq!(
            Game::from_json(&v1.to_string()),
            Err(SnapshotError::OverAtStart),
            "{fen}"
        );
        let v2 = serde_json::json!({"version":2,"level":"easy","first":"player",
            "start":fen,"startQuiet":quiet,"moves":[],"playTimeMs":0,"recorded":false});
        assert_eq!(
            Game::from_json(&v2.to_string()),
            Err(SnapshotError::OverAtStart),
            "{fen}"
        );
    }
}

#[test]
fn records_count_only_games_that_really_ended_and_only_once() {
    let mut records = Records::default();
    let mut unfinished = Game::new(Level::Easy, First::Player);
    assert!(!record(&mut records, &mut unfinished, 1));
    assert!(
        !unfinished.mark_recorded(),
        "an unfinished game is never marked"
    );
    assert_eq!(records, Records::default());
    let mut g = game_at("W:W22,30:B18", &[]);
    g.add_play_time(61_000);
    g.play_hop(sq(22), sq(15)).unwrap();
    assert!(record(&mut records, &mut g, 2));
    assert!(!record(&mut records, &mut g, 2));
    let n = records.level(Level::Normal);
    assert_eq!((n.wins, n.losses, n.draws), (1, 0, 0));
    assert_eq!(
        (n.player_pieces_left, n.cpu_pieces_left, n.play_time_ms),
        (2, 0, 61_000)
    );
    // The recorded flag survives a save and a restore; so do the records,
    // the kept game included.
    assert!(Game::from_json(&g.to_json()).unwrap().is_recorded());
    let again = Records::from_json(&records.to_json()).unwrap();
    assert_eq!(again, records);
    let kept = again.game(2).unwrap();
    assert_eq!(kept.line().texts(), ["22x15"]);
    assert_eq!(kept.result.outcome, PlayerOutcome::Win);
    assert_eq!(again.view().history.len(), 1);
    assert_eq!(again.view().history[0].turns, 1);
}

/// A finished game (a win in one move) numbered `id`.
fn won_game(id: u64) -> ArchivedGame {
    let mut g = game_at("W:W22,30:B18", &[]);
    g.play_hop(sq(22), sq(15)).unwrap();
    ArchivedGame::of(&g, id, 1_000 * id).unwrap()
}

#[test]
fn the_history_keeps_the_last_50_games_newest_first() {
    let mut records = Records::default();
    for id in 1..=HISTORY_LEN as u64 + 7 {
        records.add(won_game(id));
    }
    let ids: Vec<u64> = records.history().map(|g| g.id).collect();
    assert_eq!(ids.len(), HISTORY_LEN);
    assert_eq!(ids[0], HISTORY_LEN as u64 + 7);
    assert_eq!(*ids.last().unwrap(), 8);
    // The counts keep every game, the history only the last 50.
    assert_eq!(records.level(Level::Normal).wins, HISTORY_LEN as u32 + 7);
    assert!(records.game(7).is_none());
    assert_eq!(Records::from_json(&records.to_json()).unwrap(), records);
}

#[test]
fn version_1_records_are_read_with_an_empty_history() {
    let v1 = r#"{"version":1,"easy":{"wins":1,"losses":0,"draws":0,"playerPiecesLeft":3,"cpuPiecesLeft":0,"playTimeMs":5},
        "normal":{"wins":0,"losses":0,"draws":0,"playerPiecesLeft":0,"cpuPiecesLeft":0,"playTimeMs":0},
        "hard":{"wins":0,"losses":0,"draws":0,"playerPiecesLeft":0,"cpuPiecesLeft":0,"playTimeMs":0}}"#;
    let r = Records::from_json(v1).unwrap();
    assert_eq!(r.level(Level::Easy).wins, 1);
    assert_eq!(r.history().count(), 0);
    assert!(r.to_json().contains("\"version\":2"));
}

#[test]
fn malformed_records_are_rejected() {
    let mut records = Records::default();
    records.add(won_game(4));
    let good = records.to_json();
    for cut in 0..good.len() {
        assert!(Records::from_json(&good[..cut]).is_err(), "cut at {cut}");
    }
    assert!(Records::from_json("").is_err());
    assert!(Records::from_json("[]").is_err());
    let future = good.replace("\"version\":2", "\"version\":3");
    assert_eq!(
        Records::from_json(&future),
        Err(RecordsError::UnsupportedVersion(3))
    );
    let neg = good.replacen("\"losses\":0", "\"losses\":-1", 1);
    assert!(matches!(
        Records::from_json(&neg),
        Err(RecordsError::Malformed(_))
    ));
    let impossible = good.replacen("\"playerPiecesLeft\":0", "\"playerPiecesLeft\":13", 1);
    assert_eq!(
        Records::from_json(&impossible),
        Err(RecordsError::ImpossibleTotals(Level::Easy))
    );
    // A kept game must replay under the rules and end as it says.
    let illegal = good.replace("\"22x15\"", "\"22-17\"");
    assert!(matches!(
        Records::from_json(&illegal),
        Err(RecordsError::Game(SnapshotError::Line(_)))
    ));
    let wrong = good.replace("\"outcome\":\"win\"", "\"outcome\":\"loss\"");
    assert_eq!(
        Records::from_json(&wrong),
        Err(RecordsError::WrongResult(4))
    );
    let unfinished = good.replace("\"moves\":[\"22x15\"]", "\"moves\":[]");
    assert_eq!(
        Records::from_json(&unfinished),
        Err(RecordsError::WrongResult(4))
    );
    // One number twice.
    let v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let mut twice = v.clone();
    let entry = twice["history"][0].clone();
    twice["history"].as_array_mut().unwrap().push(entry);
    assert_eq!(Records::from_value(twice), Err(RecordsError::BadHistory));
}

#[test]
fn malformed_snapshots_are_rejected() {
    let good = game_at("W:W22,30:B18,10,1", &[22, 15]).to_json();
    assert!(Game::from_json(&good).is_ok());
    let bad = |s: &str| Game::from_json(s).unwrap_err();
    // Truncated at every length.
    for cut in 0..good.len() {
        assert!(
            Game::from_json(&good[..cut]).is_err(),
            "{cut} {}",
            &good[..cut]
        );
    }
    assert!(matches!(
        bad("{\"version\":\"1\"}"),
        SnapshotError::Malformed(_)
    ));
    assert_eq!(
        bad(&good.replace("\"version\":2", "\"version\":7")),
        SnapshotError::UnsupportedVersion(7)
    );
    assert!(matches!(
        bad(&good.replace("normal", "expert")),
        SnapshotError::Malformed(_)
    ));
    assert!(matches!(
        bad(&good.replace("B1,10,18", "B1,10,18,40")),
        SnapshotError::Position(_)
    ));
    assert!(matches!(
        bad(&good.replace("B1,10,18", "B1,10,30")),
        SnapshotError::Position(_)
    ));
    assert_eq!(
        bad(&good.replace("[22,15]", "[22,18]")),
        SnapshotError::Chain("22x18".into())
    );
    assert_eq!(
        bad(&good.replace("[22,15]", "[22]")),
        SnapshotError::Chain("22".into())
    );
    assert_eq!(
        bad(&good.replace("[22,15]", "[22,15,6]")),
        SnapshotError::Chain("22x15x6".into())
    );
    for square in ["99", "0", "33", "-1", "2.5", "\"15\""] {
        assert!(
            matches!(
                bad(&good.replace("[22,15]", &format!("[22,{square}]"))),
                SnapshotError::Malformed(_)
            ),
            "{square}"
        );
    }
    assert_eq!(
        bad(&good.replace("\"startQuiet\":0", "\"startQuiet\":51")),
        SnapshotError::Quiet(51)
    );
    assert!(matches!(
        bad(&good.replace("\"startQuiet\":0", "\"startQuiet\":0,\"x\":1")),
        SnapshotError::Malformed(_)
    ));
    // A chain when it is the CPU's turn.
    let cpu_turn = good.replace("W:W22", "B:W22");
    assert!(matches!(bad(&cpu_turn), SnapshotError::Chain(_)));
    // Moves that are not a game from the first position.
    let mut g = Game::new(Level::Easy, First::Player);
    g.play_hop(sq(22), sq(18)).unwrap();
    let saved = g.to_json();
    assert!(matches!(
        bad(&saved.replace("22-18", "22-19")),
        SnapshotError::Line(_)
    ));
    // Recorded but unfinished.
    assert_eq!(
        bad(&saved.replace("\"recorded\":false", "\"recorded\":true")),
        SnapshotError::RecordedUnfinished
    );
    // Errors never quote long input whole.
    let long = saved.replace("22-18", &"7".repeat(100_000));
    assert!(bad(&long).to_string().len() < 300);
    let long_key = saved.replace("\"recorded\"", &format!("\"{}\"", "k".repeat(100_000)));
    assert!(bad(&long_key).to_string().len() < 300);
}

#[test]
fn the_move_list_numbers_moves_as_pdn_does_and_survives_a_restart() {
    let mut g = Game::new(Level::Normal, First::Player);
    g.play_hop(sq(22), sq(18)).unwrap();
    g.cpu_move().unwrap();
    g.play_hop(sq(18), sq(14)).unwrap();
    let moves = g.view().moves;
    let summary: Vec<(u32, Side, String)> = moves
        .iter()
        .map(|m| (m.number, m.side, m.text.clone()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, Side::Player, "22-18".to_string()),
            (2, Side::Cpu, "9-13".to_string()),
            (2, Side::Player, "18-14".to_string()),
        ]
    );
    assert_eq!(moves[0].path, vec![22, 18]);
    // The list survives a save; undo does not reach back past the restart.
    let mut restored = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(restored.view().moves, moves);
    assert!(!restored.can_undo());
    assert_eq!(restored.undo(), Err(GameError::NothingToUndo));
    restored.cpu_move().unwrap();
    let m = restored.legal_moves().movable()[0].clone();
    restored.play_hop(m.from, m.to[0]).unwrap();
    let withdrawn = restored.undo().unwrap();
    assert_eq!(
        withdrawn.len(),
        1,
        "only the player's move since the restart"
    );
    assert_eq!(restored.view().moves.len(), 4);
    // Undo in the running game withdraws entries from the list.
    let mut g2 = g.clone();
    g2.cpu_move().unwrap();
    let withdrawn: Vec<String> = g2.undo().unwrap().iter().map(|m| m.to_string()).collect();
    assert_eq!(withdrawn.len(), 2);
    assert_eq!(withdrawn[0], "18-14");
    assert_eq!(g2.view().moves.len(), 2);
}

#[test]
fn a_cpu_first_game_numbers_from_one() {
    let mut g = Game::new(Level::Easy, First::Cpu);
    g.cpu_move().unwrap();
    g.play_hop(sq(22), sq(18)).unwrap();
    let numbers: Vec<(u32, Side)> = g.view().moves.iter().map(|m| (m.number, m.side)).collect();
    assert_eq!(numbers, vec![(1, Side::Cpu), (1, Side::Player)]);
}

#[test]
fn the_draw_warning_counts_the_last_ten_quiet_turns() {
    let at = |quiet: u32| {
        let json = serde_json::json!({"version":1,"level":"easy","first":"player",
            "fen":"W:WK32:BK1","quiet":quiet,"lastMove":null,"playTimeMs":0});
        Game::from_json(&json.to_string()).unwrap()
    };
    assert_eq!(at(39).view().draw_in, None);
    assert_eq!(at(40).view().draw_in, Some(10));
    let mut g = at(48);
    assert_eq!(g.view().draw_in, Some(2));
    g.play_hop(sq(32), sq(27)).unwrap();
    assert_eq!(g.view().draw_in, Some(1));
    g.cpu_move().unwrap();
    assert_eq!(g.result().unwrap().outcome, PlayerOutcome::Draw);
    assert_eq!(g.view().draw_in, None, "no warning once the game is over");
}

#[test]
fn version_1_saves_are_read() {
    let g = game_at("W:W22,30:B18,10,1", &[22, 15]);
    assert_eq!(g.lifted(), Some(sq(15)));
    assert!(g.view().moves.is_empty());
    let again = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(again.view(), g.view());
}

/// Random play through the session API: hops chosen among the offered
/// ones, CPU moves, and undos. Checks the undo invariants and that the
/// snapshot round-trips at every point, mid-chain included.
fn random_session(seed: u64, steps: usize) {
    let mut state = seed;
    let mut rnd = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    let level = Level::ALL[rnd(3)];
    let first = if rnd(2) == 0 {
        First::Player
    } else {
        First::Cpu
    };
    let mut g = Game::new(level, first);
    // Player decision points, as (fen, quiet) before each completed move.
    let mut stops: Vec<(String, u32)> = Vec::new();
    for _ in 0..steps {
        let restored = Game::from_json(&g.to_json()).unwrap();
        assert_eq!(restored.view().without_undo(), g.view().without_undo());
        if g.result().is_some() {
            break;
        }
        if g.cpu_to_move() {
            g.cpu_move().unwrap();
            continue;
        }
        if rnd(6) == 0 {
            let mid_chain = g.lifted().is_some();
            match g.undo() {
                Ok(_) => {
                    if !mid_chain {
                        let (fen, quiet) = stops.pop().unwrap();
                        assert_eq!(to_fen(g.position()), fen);
                        assert_eq!(g.quiet(), quiet);
                    }
                    assert_eq!(g.lifted(), None);
                    assert!(!g.cpu_to_move(), "undo stopped on a CPU turn");
                }
                Err(GameError::NothingToUndo) => assert!(stops.is_empty()),
                Err(e) => panic!("{e}"),
            }
            continue;
        }
        let legal = g.legal_moves();
        let offered = legal.movable();
        let m = &offered[rnd(offered.len())];
        let to = m.to[rnd(m.to.len())];
        let before = (to_fen(g.position()), g.quiet());
        let was_chain = g.lifted().is_some();
        if g.play_hop(m.from, to).unwrap() && !was_chain {
            stops.push(before);
        } else if was_chain && g.lifted().is_none() {
            // The chain ended: its stop is the position before it began,
            // which is the position the game held during the chain.
            stops.push(before);
        }
    }
}

trait WithoutUndo {
    fn without_undo(self) -> View;
}
impl WithoutUndo for View {
    /// A restored game has no undo history: compare all but that.
    fn without_undo(mut self) -> View {
        self.can_undo = false;
        self
    }
}

/// Through random games (forced captures, chains, the CPU's turns), the
/// legal moves offer exactly the hops the game accepts, from any square to
/// any square, and agree with what the turn line says.
#[test]
fn the_legal_moves_are_exactly_the_hops_the_game_accepts() {
    // Openings, and positions with chains for men and kings.
    let starts = [
        None,
        Some("W:W22,30:B18,10,1"),
        Some("W:WK27,30:B23,24,16,15,8"),
        Some("W:W21,22,23,25:BK14,17,18,10"),
    ];
    for seed in 0..16u64 {
        let mut state = seed;
        let mut rnd = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as usize) % n
        };
        let mut g = match starts[seed as usize % starts.len()] {
            None => Game::new(Level::Easy, First::Player),
            Some(fen) => game_at(fen, &[]),
        };
        for _ in 0..60 {
            let legal = g.legal_moves();
            for from in Square::ALL {
                for to in Square::ALL {
                    let offered = legal.destinations(from).contains(&to);
                    let accepted = g.clone().play_hop(from, to).is_ok();
                    assert_eq!(
                        offered,
                        accepted,
                        "{from}-{to} at {} (chain {:?})",
                        to_fen(g.position()),
                        g.chain()
                    );
                }
            }
            let status = g.status();
            assert_eq!(
                legal.is_empty(),
                matches!(status, Status::CpuThinking | Status::Over)
            );
            assert_eq!(
                legal.capture_forced(),
                matches!(status, Status::CaptureAvailable | Status::JumpAgain)
            );
            assert_eq!(legal.must_continue(), g.lifted());
            if let Some(at) = legal.must_continue() {
                assert_eq!(legal.movable().len(), 1);
                assert_eq!(legal.movable()[0].from, at);
            }
            if g.result().is_some() {
                break;
            }
            if g.cpu_to_move() {
                g.cpu_move().unwrap();
            } else {
                let m = &legal.movable()[rnd(legal.movable().len())];
                g.play_hop(m.from, m.to[rnd(m.to.len())]).unwrap();
            }
        }
    }
}

#[test]
fn random_sessions_keep_the_undo_and_save_invariants() {
    for seed in 0..300 {
        random_session(seed, 400);
    }
}

proptest! {
    #[test]
    fn snapshot_parser_never_panics(s in ".{0,200}") {
        let _ = Game::from_json(&s);
        let _ = Records::from_json(&s);
    }
}

#[test]
fn fen_of_game_position_is_valid() {
    let g = Game::new(Level::Easy, First::Player);
    assert!(parse_fen(&to_fen(g.position())).is_ok());
}
