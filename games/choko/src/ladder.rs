//! The ladder's score (L2, L3).
//!
//! A win's bonus is 4 points per piece the player keeps (board and hand)
//! plus 50 minus the turns the player played, that second term never below
//! zero: the product text's "(nunca menos de cero)" follows "50 menos los
//! turnos que jugaste" and so bounds that difference, not the sum, and its
//! tips say the same ("each turn saved below 50 is worth one more"). A
//! turn is one side's action (K10), and "the turns you played" are the
//! player's own: in a game of 61 turns that the machine began, the player
//! played 30.
//!
//! A streak is worth wins × 1000 plus ten times the average bonus of its
//! wins, rounded to the nearest point (a half rounds up).

/// Points per piece kept.
pub const PER_PIECE: u32 = 4;
/// The turns below which each saved turn is worth a point.
pub const TURN_PAR: u32 = 50;

/// The bonus of a win (L2): `pieces_kept` board and hand, `player_turns`
/// the actions the player made.
pub const fn bonus(pieces_kept: u32, player_turns: u32) -> u32 {
    PER_PIECE * pieces_kept + TURN_PAR.saturating_sub(player_turns)
}

/// The player's own turns in a game of `total_turns` turns: the first to
/// act plays the odd ones.
pub const fn player_turns(total_turns: u32, player_acted_first: bool) -> u32 {
    if player_acted_first {
        total_turns.div_ceil(2)
    } else {
        total_turns / 2
    }
}

/// The value of a streak (L3) from the bonuses of its wins: wins × 1000
/// plus ten times their average bonus, rounded half up; 0 for no win.
pub fn streak_value(bonuses: &[u32]) -> u64 {
    let wins = bonuses.len() as u64;
    if wins == 0 {
        return 0;
    }
    let sum: u64 = bonuses.iter().map(|&b| u64::from(b)).sum();
    // round(10 × sum / wins) = floor((20 × sum + wins) / (2 × wins)).
    wins * 1000 + (20 * sum + wins) / (2 * wins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonus_counts_pieces_and_turns_saved_below_fifty() {
        assert_eq!(bonus(12, 0), 98);
        assert_eq!(bonus(10, 30), 40 + 20);
        assert_eq!(bonus(10, 50), 40);
        // Past 50 turns only the turn term stops at zero: the pieces still
        // count, so a long win is worth 4 per piece, not less.
        assert_eq!(bonus(10, 80), 40);
        assert_eq!(bonus(1, 200), 4);
        assert_eq!(bonus(0, 49), 1);
    }

    #[test]
    fn the_player_counts_its_own_turns() {
        assert_eq!(player_turns(61, false), 30);
        assert_eq!(player_turns(61, true), 31);
        assert_eq!(player_turns(60, true), 30);
        assert_eq!(player_turns(0, true), 0);
    }

    #[test]
    fn a_streak_is_wins_times_a_thousand_plus_ten_average_bonuses() {
        assert_eq!(streak_value(&[]), 0);
        assert_eq!(streak_value(&[60]), 1600);
        assert_eq!(streak_value(&[45, 46]), 2000 + 455);
        // 10 × 100 / 3 = 333.3…, rounded to 333; 10 × 101 / 3 = 336.6… to 337.
        assert_eq!(streak_value(&[33, 33, 34]), 3333);
        assert_eq!(streak_value(&[33, 34, 34]), 3337);
        // A half rounds up: 10 × 1 / 4 = 2.5.
        assert_eq!(streak_value(&[1, 0, 0, 0]), 4003);
    }
}
