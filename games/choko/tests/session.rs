//! Whole games through the app's session: the player's actions entered in
//! parts as the page's taps give them, the machine's from the search at
//! the game's level, every state saved and read back, the end counted by
//! the ladder.

use choko::game::{Game, Input, Played, Who};
use choko::streak::{Change, Streak};
use choko::{search, Action, Extra, Level, Position};

/// The parts a player taps for `a`.
fn parts(a: Action) -> Vec<Input> {
    match a {
        Action::Place(p) => vec![Input::Place(p)],
        Action::Step { from, to } => vec![Input::Move { from, to }],
        Action::Jump {
            from, to, extra, ..
        } => match extra {
            Extra::Board(x) => vec![Input::Move { from, to }, Input::Extra(x)],
            _ => vec![Input::Move { from, to }],
        },
    }
}

/// Play `game` to its end, the player choosing the search's action at
/// `depth`, the machine its level's; every state goes through the saved
/// form and back. Returns the player's actions.
fn play_out(game: &mut Game, depth: u32) -> usize {
    let mut played = 0;
    while !game.is_over() {
        if game.machine_to_act() {
            let r = game.machine_request().unwrap();
            let best = search(&r.position, r.level.depth()).best.unwrap();
            game.apply_machine(best).unwrap();
        } else {
            let best = search(game.position(), depth).best.unwrap();
            let inputs = parts(best);
            for (i, input) in inputs.iter().enumerate() {
                let done = game.play(*input).unwrap();
                let last = i + 1 == inputs.len();
                assert_eq!(matches!(done, Played::Whole(_)), last, "{best}: part {i}");
                if !last {
                    let legal = game.legal();
                    let extra = legal.extra.expect("a waiting jump offers its extra pieces");
                    assert!(legal.place.is_empty() && legal.pieces.is_empty());
                    let Input::Extra(x) = inputs[i + 1] else {
                        unreachable!()
                    };
                    assert!(extra.choices.contains(&x));
                }
                let back = Game::from_value(&game.to_value()).unwrap();
                assert_eq!(&back, game, "saved and read back after {best}, part {i}");
            }
            played += 1;
        }
    }
    played
}

#[test]
fn a_deeper_player_wins_the_ladders_first_game_against_level_one() {
    // The end-to-end test wins this very game by taps: the machine places
    // first (L4), the player takes the search's action at depth 3.
    let mut streak = Streak::new();
    let mut game = Game::new(streak.level(), streak.next_first());
    assert_eq!(game.first(), Who::Machine);
    assert_eq!(*game.position(), Position::start_with(choko::Side::O));
    let played = play_out(&mut game, 3);
    let r = game.result().unwrap();
    assert_eq!(
        r.outcome,
        choko::game::PlayerOutcome::Win,
        "{r:?} after {played}"
    );
    assert_eq!(r.player_turns as usize, played);
    assert_eq!(
        r.bonus,
        Some(choko::ladder::bonus(r.player_pieces, r.player_turns))
    );
    assert!(game.mark_recorded());
    assert_eq!(streak.record(&r), Change::Won(r.bonus.unwrap()));
    // The next game: level 2, the player placing first.
    let next = Game::new(streak.level(), streak.next_first());
    assert_eq!(next.level(), Level::new(2).unwrap());
    assert!(next.player_to_act());
}

#[test]
fn the_machine_answers_the_same_position_the_same_way() {
    let mut a = Game::new(Level::new(4).unwrap(), Who::Machine);
    let mut b = a.clone();
    for g in [&mut a, &mut b] {
        let r = g.machine_request().unwrap();
        let best = search(&r.position, r.level.depth()).best.unwrap();
        g.apply_machine(best).unwrap();
    }
    assert_eq!(a, b);
}
