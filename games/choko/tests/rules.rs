//! Every rule at its edge (K1–K10), on positions written in the notation.
//! Boards read rank 5 down to rank 1, files a to e.

use choko::{parse_position, Action, End, Extra, Outcome, PlayError, Position, Side};

fn pos(text: &str) -> Position {
    parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn act(p: &Position, text: &str) -> Position {
    let a: Action = text.parse().unwrap();
    p.play(a).unwrap_or_else(|e| panic!("{text} in {p:?}: {e}"))
}

/// The legal actions as text, in generation order.
fn actions(p: &Position) -> Vec<String> {
    p.legal_actions().iter().map(Action::to_string).collect()
}

fn jumps(p: &Position) -> Vec<String> {
    p.legal_actions()
        .iter()
        .filter(|a| a.is_jump())
        .map(Action::to_string)
        .collect()
}

#[test]
fn the_start_has_a_placement_on_every_point_and_nothing_else() {
    let start = Position::start();
    let all = actions(&start);
    assert_eq!(all.len(), 25);
    assert!(all.iter().all(|a| a.starts_with('@')));
    assert_eq!(start.holder(), None);
    assert_eq!((start.hand(Side::X), start.hand(Side::O)), (12, 12));
}

#[test]
fn a_corner_piece_cannot_be_jumped_but_can_be_the_extra_piece() {
    // X on a1, O on a2 and b1 beside it: neither can jump it.
    let p = pos("5/5/5/o4/xo3 o 11/10 o 0 3");
    assert!(jumps(&p).is_empty(), "{:?}", actions(&p));
    // O on c1 jumps X's c2 and takes the corner piece as its extra one.
    let p = pos("5/5/5/2x2/x1o2 o 10/11 o 0 3");
    assert_eq!(jumps(&p), ["c1xc3 a1"]);
    let after = act(&p, "c1xc3 a1");
    assert!(after.board(Side::X).is_empty());
    assert_eq!(after.hand(Side::X), 10);
}

#[test]
fn an_edge_piece_is_jumped_only_along_its_edge() {
    // X on a3; O below it on a2 (a4 empty) and beside it on b3: only the
    // jump along file a, since from b3 the landing point is off the board.
    let p = pos("5/5/xo3/o4/5 o 11/10 o 0 3");
    assert_eq!(jumps(&p), ["a2xa4 @"]);
    // With a4 taken there is no jump at all.
    let p = pos("5/o4/xo3/o4/5 o 11/9 o 0 4");
    assert!(jumps(&p).is_empty());
}

#[test]
fn each_choice_of_the_extra_piece_is_its_own_action() {
    // X on c3 jumps O's c4; O's b1, e2 and a5 are the three choices.
    let p = pos("o4/2o2/2x2/4o/1o3 x 10/8 x 0 6");
    assert_eq!(jumps(&p), ["c3xc5 b1", "c3xc5 e2", "c3xc5 a5"]);
    let after = act(&p, "c3xc5 e2");
    assert_eq!(choko::to_text(&after), "o1x2/5/5/5/1o3 o 10/8 x 0 7");
    assert_eq!(after.pieces(Side::O), 10);
}

#[test]
fn the_extra_piece_comes_from_the_hand_when_the_board_has_no_other() {
    let p = pos("5/5/xo3/o4/5 o 11/10 o 0 3");
    let after = act(&p, "a2xa4 @");
    assert_eq!(after.hand(Side::X), 10);
    assert!(after.board(Side::X).is_empty());
    // Only that one action: no board choice, and no jump taking less.
    let jump: Vec<Action> = p
        .legal_actions()
        .into_iter()
        .filter(|a| a.is_jump())
        .collect();
    assert_eq!(jump.len(), 1);
    assert!(matches!(
        jump[0],
        Action::Jump {
            extra: Extra::Hand,
            ..
        }
    ));
    assert_eq!(jump[0].captures(), 2);
}

#[test]
fn with_the_hand_empty_too_the_jump_takes_only_the_jumped_piece() {
    let p = pos("5/5/x4/o4/5 o 0/11 o 0 13");
    assert_eq!(jumps(&p), ["a2xa4"]);
    let jump = p.legal_actions().into_iter().find(|a| a.is_jump()).unwrap();
    assert_eq!(jump.captures(), 1);
    let after = p.play(jump).unwrap();
    assert_eq!(after.pieces(Side::X), 0);
    assert_eq!(
        after.outcome(),
        Some(Outcome::Win(Side::O, End::AllCaptured))
    );
    assert!(after.legal_actions().is_empty());
}

#[test]
fn a_jump_needs_an_enemy_piece_and_an_empty_point_behind_it() {
    // X on c3: over its own piece on c4, no jump; over O's c2, with c1
    // taken behind it, no jump; over O's d3, with e3 empty, a jump.
    let p = pos("5/2x2/2xo1/2o2/2o2 x 9/9 x 0 6");
    assert_eq!(jumps(&p), ["c3xe3 c1", "c3xe3 c2"]);
    // Jumping is never compulsory: steps and placements are there too.
    let all = actions(&p);
    assert!(all.contains(&"@a1".to_string()) && all.contains(&"c3-b3".to_string()));
}

#[test]
fn the_first_placement_takes_the_initiative_and_forces_an_answer() {
    let p = act(&Position::start(), "@c3");
    assert_eq!(p.holder(), Some(Side::X));
    assert!(p.must_place());
    assert_eq!(actions(&p).len(), 24);
    // A forced answer does not take the initiative; the holder is free.
    let p = act(&p, "@c4");
    assert_eq!(p.holder(), Some(Side::X));
    assert!(!p.must_place());
    assert!(actions(&p).contains(&"c3xc5 @".to_string()));
    // The holder's own placement keeps it and forces another answer.
    let p = act(&p, "@a1");
    assert_eq!(p.holder(), Some(Side::X));
    assert!(p.must_place());
}

#[test]
fn bound_to_place_the_side_cannot_jump_even_when_a_jump_is_there() {
    // O's c4 could jump X's c3, but X has just placed and holds the
    // initiative: O must place (K7).
    let p = pos("5/2o2/2x2/5/5 o 11/11 x! 0 2");
    let all = actions(&p);
    assert_eq!(all.len(), 23);
    assert!(all.iter().all(|a| a.starts_with('@')));
}

#[test]
fn an_empty_hand_may_move_when_the_holder_places() {
    // O holds the initiative and places; X has nothing in hand, so it
    // is free to move (K7).
    let p = pos("4x/5/2x2/5/oo3 o 0/10 o 0 14");
    let p = act(&p, "@e1");
    assert_eq!(p.holder(), Some(Side::O));
    assert!(!p.must_place());
    assert_eq!(
        actions(&p),
        ["c3-c4", "c3-c2", "e5-e4", "c3-d3", "c3-b3", "e5-d5"]
    );
    // With a piece in hand, the same placement binds X to answer.
    let p = pos("4x/5/2x2/5/oo3 o 1/10 o 0 13");
    assert!(act(&p, "@e1").must_place());
}

#[test]
fn a_free_placement_after_the_holders_move_takes_the_initiative() {
    let p = pos("5/5/2x2/5/o4 x 11/11 x 0 2");
    // The holder moves: O is free.
    let p = act(&p, "c3-c4");
    assert_eq!(p.holder(), Some(Side::X));
    assert!(!p.must_place());
    assert!(actions(&p).contains(&"a1-a2".to_string()));
    // Answering by moving leaves the initiative where it was.
    let moved = act(&p, "a1-a2");
    assert_eq!(moved.holder(), Some(Side::X));
    assert!(!moved.must_place());
    // Answering by placing takes it, and now X must answer.
    let placed = act(&p, "@e5");
    assert_eq!(placed.holder(), Some(Side::O));
    assert!(placed.must_place());
    // After the holder's jump the other side is free in the same way.
    let p = pos("5/2o2/2x2/5/o4 x 11/10 x 0 3");
    let p = act(&p, "c3xc5 a1");
    assert!(!p.must_place());
    assert_eq!(act(&p, "@a1").holder(), Some(Side::O));
}

#[test]
fn a_side_with_no_legal_action_loses() {
    // X's corner pieces a1 and e5 are walled in and its hand is empty.
    let p = pos("2oox/4o/o3o/o4/xoo2 x 0/2 o 0 40");
    assert!(p.legal_actions().is_empty());
    assert_eq!(p.count_actions(), 0);
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::O, End::NoAction)));
    // With a piece in hand it can always place: 25 points hold at most
    // 24 pieces.
    let p = pos("2oox/4o/o3o/o4/xoo2 x 1/2 o 0 40");
    assert_eq!(p.outcome(), None);
}

#[test]
fn the_fortieth_quiet_turn_ends_the_game_on_the_count_of_pieces() {
    // 39 quiet turns; X has two pieces, O one: a step ends it, X wins.
    let p = pos("4x/5/5/5/o3x x 0/0 x 39 120");
    assert_eq!(p.outcome(), None);
    let end = act(&p, "e1-e2");
    assert_eq!(end.quiet(), 40);
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X, End::QuietTurns)));
    assert!(end.legal_actions().is_empty());
    let again: Action = "a1-a2".parse().unwrap();
    assert!(matches!(end.play(again), Err(PlayError::GameOver(_))));
    // Two against two: a draw.
    let p = pos("4x/5/5/5/o2ox x 0/0 x 39 120");
    assert_eq!(
        act(&p, "e5-d5").outcome(),
        Some(Outcome::Draw(End::QuietTurns))
    );
    // A jump on the 40th turn is a capture: the count starts again.
    let p = pos("4x/5/5/5/o2ox x 0/2 x 39 120");
    let jumped = act(&p, "e1xc1 a1");
    assert_eq!((jumped.quiet(), jumped.outcome()), (0, None));
    // So is a placement.
    let p = pos("4x/5/5/5/o2ox x 1/1 x 39 120");
    assert_eq!(act(&p, "@c3").quiet(), 0);
}

#[test]
fn the_two_hundredth_turn_ends_the_game_and_equal_pieces_draw() {
    let p = pos("4x/5/2x2/5/o3o x 0/0 x 5 199");
    let end = act(&p, "c3-c4");
    assert_eq!(end.turns(), 200);
    assert_eq!(end.outcome(), Some(Outcome::Draw(End::TurnLimit)));
    // With a piece more, the side ahead wins, whoever acted last.
    let p = pos("4x/5/2x2/5/o3o x 0/1 x 5 199");
    assert_eq!(
        act(&p, "c3-c4").outcome(),
        Some(Outcome::Win(Side::O, End::TurnLimit))
    );
}

#[test]
fn when_ends_coincide_the_order_is_fixed() {
    // The 200th turn captures O's last two pieces: the capture's win
    // (the same winner as the count of K10, named after K9).
    let p = pos("5/2o2/2x2/5/5 x 0/1 x 0 199");
    let end = act(&p, "c3xc5 @");
    assert_eq!(end.turns(), 200);
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X, End::AllCaptured)));
    // The 200th turn leaves O, twelve against twelve, with no legal
    // action: the game ended with that turn, so K10 gives a draw, where
    // earlier in the game O would lose (K9).
    let before = "ooooo/ooooo/xooxx/1xxxx/xxxxx x 0/0 x 10 199";
    let end = act(&pos(before), "a1-a2");
    assert!(end.legal_actions().is_empty());
    assert_eq!(end.outcome(), Some(Outcome::Draw(End::TurnLimit)));
    let earlier = act(&pos(&before.replace(" 199", " 150")), "a1-a2");
    assert_eq!(
        earlier.outcome(),
        Some(Outcome::Win(Side::X, End::NoAction))
    );
}

#[test]
fn play_refuses_what_is_not_legal() {
    let p = Position::start();
    for text in ["c3-c4", "a1xa3 @", "@a1"] {
        let a: Action = text.parse().unwrap();
        let legal = p.legal_actions().contains(&a);
        assert_eq!(p.play(a).is_ok(), legal, "{text}");
    }
    let bound = pos("5/2o2/2x2/5/5 o 11/11 x! 0 2");
    let jump: Action = "c4xc2 @".parse().unwrap();
    assert_eq!(bound.play(jump), Err(PlayError::Illegal(jump)));
    assert!(bound.parse_action("c4xc2 @").is_err());
    let a1 = choko::Point::from_name("a1").unwrap();
    assert_eq!(bound.parse_action("@a1"), Ok(Action::Place(a1)));
}
