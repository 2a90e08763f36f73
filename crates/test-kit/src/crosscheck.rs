//! Checking an engine against a deliberately plain reference written in
//! the test: seeded random playouts that visit positions from the start to
//! the end of games, and the comparison of the two move lists.

use crate::Rng;
use std::fmt::{Debug, Display};

/// What [`playouts`] did: games started, positions checked, and games
/// that reached their end (rather than the turn cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    pub games: u64,
    pub positions: u64,
    pub ended: u64,
}

/// Plays random games until `positions` positions are checked: each game
/// starts from `start(rng)`, and `step(rng, state)` checks a state and
/// returns the next one (a random move played), or `None` at the game's
/// end. A game stops after `max_turns` checked positions.
pub fn playouts<S>(
    rng: &mut Rng,
    positions: u64,
    max_turns: usize,
    mut start: impl FnMut(&mut Rng) -> S,
    mut step: impl FnMut(&mut Rng, &S) -> Option<S>,
) -> Playouts {
    let mut done = Playouts::default();
    while done.positions < positions {
        done.games += 1;
        let mut state = start(rng);
        for _ in 0..max_turns {
            done.positions += 1;
            match step(rng, &state) {
                Some(next) => state = next,
                None => {
                    done.ended += 1;
                    break;
                }
            }
        }
    }
    done
}

/// Panics unless `got` and `want` hold the same items, in any order; the
/// message names `what` and lists the items only one side has.
pub fn assert_same_items<T: Ord + Debug>(mut got: Vec<T>, mut want: Vec<T>, what: impl Display) {
    got.sort();
    want.sort();
    if got == want {
        return;
    }
    let only = |a: &[T], b: &[T]| -> Vec<String> {
        let mut b: Vec<&T> = b.iter().collect();
        a.iter()
            .filter(|x| match b.iter().position(|y| y == x) {
                Some(i) => {
                    b.remove(i);
                    false
                }
                None => true,
            })
            .map(|x| format!("{x:?}"))
            .collect()
    };
    panic!(
        "{what}: the engine has {} items, the reference {}; only the engine's: [{}]; only the reference's: [{}]",
        got.len(),
        want.len(),
        only(&got, &want).join(", "),
        only(&want, &got).join(", ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_count_games_positions_and_ends() {
        // A "game" counts down from a random start; it ends at zero.
        let mut rng = Rng::new(5);
        let done = playouts(
            &mut rng,
            100,
            6,
            |rng| rng.below(10),
            |_, &n| n.checked_sub(1),
        );
        assert!(done.positions >= 100 && done.positions < 106);
        assert!(done.ended > 0 && done.ended <= done.games);
        // The same seed, the same playouts.
        let again = playouts(
            &mut Rng::new(5),
            100,
            6,
            |rng| rng.below(10),
            |_, &n| n.checked_sub(1),
        );
        assert_eq!(done, again);
    }

    #[test]
    fn same_items_in_any_order() {
        assert_same_items(vec![3, 1, 2], vec![2, 3, 1], "moves");
        let r = std::panic::catch_unwind(|| assert_same_items(vec![1, 2, 2], vec![2, 3], "moves"));
        let message = r
            .err()
            .and_then(|p| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        assert_eq!(
            message,
            "moves: the engine has 3 items, the reference 2; only the engine's: [1, 2]; only the reference's: [3]"
        );
    }
}
