//! The engine against a second implementation of the rules written here,
//! deliberately plain: a 5×5 array of cells, loops over points and
//! directions, and the initiative followed as the product text tells it,
//! with no bit sets and no code shared with the engine. Both must list the
//! same actions, reach the same positions and see the same ends, over
//! seeded random playouts from the start and over random consistent
//! positions.
//!
//! - `cargo test -p choko --test crosscheck` checks 100,000 playout
//!   positions and 20,000 random ones.
//! - The long run, 2,000,000 playout positions:
//!   `nice -n 19 cargo test -p choko --test crosscheck -- --ignored --nocapture`.

// The reference indexes a plain 5x5 array on purpose.
#![allow(clippy::needless_range_loop)]

use choko::{Action, End, Extra, Outcome, Point, Points, Position, Setup, Side};
use test_kit::crosscheck::{assert_same_items, playouts};
use test_kit::perft::read_table;
use test_kit::Rng;

// ---------------------------------------------------------------------
// The reference. cells[row][col]: row 0 is rank 1, col 0 is file a.
// 0 empty, 1 a piece of side 0 (X), 2 a piece of side 1 (O).
// ---------------------------------------------------------------------

#[derive(Clone, PartialEq, Eq, Debug)]
struct Ref {
    cells: [[u8; 5]; 5],
    hand: [u32; 2],
    to_act: usize,
    /// -1 nobody, else the side.
    holder: i32,
    /// What the side that acted last did: 'n' nothing yet, 'p' placed,
    /// 'm' moved (stepped or jumped).
    last: char,
    quiet: u32,
    turns: u32,
}

/// An action as plain numbers: kind 'p', 's' or 'j'; from, over, to as
/// (row, col); extra: (row, col), or (9, 9) for the hand, (8, 8) for none.
type RefAction = (char, (i32, i32), (i32, i32), (i32, i32), (i32, i32));

const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn on(r: i32, c: i32) -> bool {
    (0..5).contains(&r) && (0..5).contains(&c)
}

impl Ref {
    fn count_board(&self, side: usize) -> u32 {
        let mut n = 0;
        for r in 0..5 {
            for c in 0..5 {
                if self.cells[r][c] as usize == side + 1 {
                    n += 1;
                }
            }
        }
        n
    }

    fn pieces(&self, side: usize) -> u32 {
        self.count_board(side) + self.hand[side]
    }

    /// K7 as the text says it: while the holder places, the other side
    /// answers with a placement if it has pieces in hand.
    fn must_place(&self) -> bool {
        self.holder == 1 - self.to_act as i32 && self.last == 'p' && self.hand[self.to_act] > 0
    }

    fn actions(&self) -> Vec<RefAction> {
        let me = self.to_act;
        let mut out = Vec::new();
        let none = (0, 0);
        if self.hand[me] > 0 {
            for r in 0..5 {
                for c in 0..5 {
                    if self.cells[r][c] == 0 {
                        out.push(('p', none, none, (r as i32, c as i32), none));
                    }
                }
            }
        }
        if self.must_place() {
            return out;
        }
        let mine = me as u8 + 1;
        let theirs = 2 - me as u8;
        for r in 0..5i32 {
            for c in 0..5i32 {
                if self.cells[r as usize][c as usize] != mine {
                    continue;
                }
                for (dr, dc) in DIRS {
                    let (r1, c1) = (r + dr, c + dc);
                    if !on(r1, c1) {
                        continue;
                    }
                    let next = self.cells[r1 as usize][c1 as usize];
                    if next == 0 {
                        out.push(('s', (r, c), none, (r1, c1), none));
                        continue;
                    }
                    let (r2, c2) = (r + 2 * dr, c + 2 * dc);
                    if next != theirs || !on(r2, c2) || self.cells[r2 as usize][c2 as usize] != 0 {
                        continue;
                    }
                    let mut others = Vec::new();
                    for rr in 0..5i32 {
                        for cc in 0..5i32 {
                            if self.cells[rr as usize][cc as usize] == theirs
                                && (rr, cc) != (r1, c1)
                            {
                                others.push((rr, cc));
                            }
                        }
                    }
                    if others.is_empty() {
                        let extra = if self.hand[1 - me] > 0 {
                            (9, 9)
                        } else {
                            (8, 8)
                        };
                        out.push(('j', (r, c), (r1, c1), (r2, c2), extra));
                    }
                    for e in others {
                        out.push(('j', (r, c), (r1, c1), (r2, c2), e));
                    }
                }
            }
        }
        out
    }

    fn apply(&self, a: &RefAction) -> Ref {
        let mut n = self.clone();
        let me = self.to_act;
        let (kind, from, over, to, extra) = *a;
        let set = |n: &mut Ref, (r, c): (i32, i32), v: u8| n.cells[r as usize][c as usize] = v;
        match kind {
            'p' => {
                set(&mut n, to, me as u8 + 1);
                n.hand[me] -= 1;
            }
            's' => {
                set(&mut n, from, 0);
                set(&mut n, to, me as u8 + 1);
            }
            _ => {
                set(&mut n, from, 0);
                set(&mut n, over, 0);
                set(&mut n, to, me as u8 + 1);
                match extra {
                    (9, 9) => n.hand[1 - me] -= 1,
                    (8, 8) => {}
                    e => set(&mut n, e, 0),
                }
            }
        }
        // K6-K8: the first placement takes the initiative; a placement by
        // the other side answering the holder's move (not its placement)
        // takes it; anything else leaves it where it is.
        if kind == 'p' && (self.holder == -1 || (self.holder != me as i32 && self.last == 'm')) {
            n.holder = me as i32;
        }
        n.last = if kind == 'p' { 'p' } else { 'm' };
        n.quiet = if kind == 's' { self.quiet + 1 } else { 0 };
        n.turns += 1;
        n.to_act = 1 - me;
        n
    }

    /// The end: a side without pieces lost; then 200 turns or 40 quiet
    /// turns, more pieces wins; then no action loses.
    fn outcome(&self) -> Option<(i32, char)> {
        let me = self.to_act;
        if self.pieces(me) == 0 {
            return Some((1 - me as i32, 'c'));
        }
        let reason = if self.turns >= 200 {
            't'
        } else if self.quiet >= 40 {
            'q'
        } else if self.actions().is_empty() {
            return Some((1 - me as i32, 'n'));
        } else {
            return None;
        };
        let (a, b) = (self.pieces(me), self.pieces(1 - me));
        let winner = if a > b {
            me as i32
        } else if b > a {
            1 - me as i32
        } else {
            -1
        };
        Some((winner, reason))
    }

    /// The position text, written here from the cells.
    fn text(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..5).rev() {
            let mut s = String::new();
            let mut run = 0;
            for c in 0..5 {
                match self.cells[r][c] {
                    0 => run += 1,
                    v => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        s.push(if v == 1 { 'x' } else { 'o' });
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            ranks.push(s);
        }
        let side = |s: usize| if s == 0 { "x" } else { "o" };
        let initiative = match self.holder {
            -1 => "-".to_string(),
            h => format!(
                "{}{}",
                side(h as usize),
                if self.must_place() { "!" } else { "" }
            ),
        };
        format!(
            "{} {} {}/{} {} {} {}",
            ranks.join("/"),
            side(self.to_act),
            self.hand[0],
            self.hand[1],
            initiative,
            self.quiet,
            self.turns
        )
    }
}

fn rc(p: Point) -> (i32, i32) {
    (p.rank() as i32, p.file() as i32)
}

fn to_ref_action(a: &Action) -> RefAction {
    let none = (0, 0);
    match *a {
        Action::Place(p) => ('p', none, none, rc(p), none),
        Action::Step { from, to } => ('s', rc(from), none, rc(to), none),
        Action::Jump {
            from,
            over,
            to,
            extra,
        } => {
            let e = match extra {
                Extra::Board(p) => rc(p),
                Extra::Hand => (9, 9),
                Extra::None => (8, 8),
            };
            ('j', rc(from), rc(over), rc(to), e)
        }
    }
}

/// The reference state of an engine position. The last action is read
/// back from the engine's must-place flag, which the reference then
/// recomputes its own way.
fn to_ref(pos: &Position) -> Ref {
    let mut cells = [[0u8; 5]; 5];
    for p in Point::ALL {
        if let Some(s) = pos.side_at(p) {
            let (r, c) = rc(p);
            cells[r as usize][c as usize] = if s == Side::X { 1 } else { 2 };
        }
    }
    let side = |s: Side| if s == Side::X { 0 } else { 1 };
    Ref {
        cells,
        hand: [pos.hand(Side::X).into(), pos.hand(Side::O).into()],
        to_act: side(pos.to_act()),
        holder: pos.holder().map_or(-1, |s| side(s) as i32),
        last: if pos.holder().is_none() {
            'n'
        } else if pos.must_place() {
            'p'
        } else {
            // Placed or moved: either way the side to act is free, which
            // is all the reference reads `last` for, but for taking the
            // initiative by placing, which it may do only after a move.
            'm'
        },
        quiet: pos.quiet().into(),
        turns: pos.turns().into(),
    }
}

fn engine_outcome(o: Outcome) -> (i32, char) {
    let winner = o.winner().map_or(-1, |s| if s == Side::X { 0 } else { 1 });
    let reason = match o.end() {
        End::AllCaptured => 'c',
        End::NoAction => 'n',
        End::QuietTurns => 'q',
        End::TurnLimit => 't',
    };
    (winner, reason)
}

/// What the checks met, to show that the samples reach every rule.
#[derive(Default, Debug)]
struct Seen {
    positions: u64,
    forced: u64,
    extra_from_hand: u64,
    extra_none: u64,
    taken_by_placement: u64,
    ends: [u64; 4],
    draws: u64,
}

/// Compare both implementations on `r` (the reference, following its own
/// history) and `pos`; every action's result too.
fn check(pos: &Position, r: &Ref, seen: &mut Seen) {
    let text = choko::to_text(pos);
    assert_eq!(text, r.text(), "the two states differ");
    assert_eq!(choko::parse_position(&text), Ok(*pos));
    let o = pos.outcome();
    assert_eq!(o.map(engine_outcome), r.outcome(), "outcome in {text}");
    seen.positions += 1;
    if let Some(o) = o {
        let i = match o.end() {
            End::AllCaptured => 0,
            End::NoAction => 1,
            End::QuietTurns => 2,
            End::TurnLimit => 3,
        };
        seen.ends[i] += 1;
        seen.draws += u64::from(o.winner().is_none());
        assert!(pos.legal_actions().is_empty(), "{text}");
        return;
    }
    let actions = pos.legal_actions();
    let got: Vec<RefAction> = actions.iter().map(to_ref_action).collect();
    assert_same_items(got, r.actions(), format_args!("actions in {text}"));
    assert_eq!(pos.count_actions(), actions.len() as u64, "{text}");
    if pos.must_place() {
        seen.forced += 1;
    }
    for a in &actions {
        let next = pos.play_unchecked(*a);
        let rnext = r.apply(&to_ref_action(a));
        assert_eq!(choko::to_text(&next), rnext.text(), "after {a} in {text}");
        match a {
            Action::Jump {
                extra: Extra::Hand, ..
            } => seen.extra_from_hand += 1,
            Action::Jump {
                extra: Extra::None, ..
            } => seen.extra_none += 1,
            Action::Place(_)
                if pos.holder() == Some(pos.to_act().other())
                    && next.holder() == Some(pos.to_act()) =>
            {
                seen.taken_by_placement += 1
            }
            _ => {}
        }
    }
}

/// One playout's style: how much it prefers each kind of action, so that
/// some games place everything early, some step for a long time, some
/// capture greedily.
fn pick(rng: &mut Rng, actions: &[Action], style: usize) -> Action {
    let want = |a: &Action| match style {
        0 => true,
        1 => a.is_jump(),
        2 => a.is_quiet(),
        3 => !a.is_place(),
        4 => a.is_place(),
        // Empty the hands first, then capture: jumps that find the enemy
        // with one piece left and nothing in hand.
        _ => a.is_place() || (a.is_jump() && !actions.iter().any(|b| b.is_place())),
    };
    let preferred: Vec<&Action> = actions.iter().filter(|a| want(a)).collect();
    if !preferred.is_empty() && rng.below(10) < 8 {
        *preferred[rng.below(preferred.len())]
    } else {
        actions[rng.below(actions.len())]
    }
}

/// Random playouts from the start until `count` positions are checked.
fn random_playouts(count: u64, seed: u64) -> Seen {
    let mut seen = Seen::default();
    let done = playouts(
        &mut Rng::new(seed),
        count,
        usize::MAX,
        |rng| {
            let style = rng.below(7);
            let pos = if rng.below(2) == 0 {
                Position::start()
            } else {
                Position::start_with(Side::O)
            };
            (pos, to_ref(&pos), style)
        },
        |rng, (pos, r, style)| {
            check(pos, r, &mut seen);
            let actions = pos.legal_actions();
            if actions.is_empty() {
                return None;
            }
            let a = pick(rng, &actions, *style);
            Some((pos.play(a).unwrap(), r.apply(&to_ref_action(&a)), *style))
        },
    );
    println!("{} games: {seen:?}", done.games);
    seen
}

#[test]
fn playouts_agree_with_the_reference() {
    let seen = random_playouts(100_000, 0xC40C_0001);
    assert!(seen.forced > 1000, "{seen:?}");
    assert!(seen.extra_from_hand > 100, "{seen:?}");
    // From the start a side's pieces, board and hand, stay even: every
    // capture takes two until one takes a last single piece, which needs
    // an odd count. So a jump with nothing more to take (K5's last case)
    // is met only in set-up positions, below.
    assert_eq!(seen.extra_none, 0, "{seen:?}");
    assert!(seen.taken_by_placement > 1000, "{seen:?}");
    // Every end is reached, draws too.
    assert!(seen.ends.iter().all(|&n| n > 0), "{seen:?}");
    assert!(seen.draws > 0, "{seen:?}");
}

/// The long run: `cargo test -p choko --test crosscheck -- --ignored`.
#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn two_million_playout_positions_agree_with_the_reference() {
    let seen = random_playouts(2_000_000, 0xC40C_0002);
    assert!(seen.ends.iter().all(|&n| n > 10), "{seen:?}");
}

/// A random consistent position: random pieces and hands within 12 a
/// side, any holder and counters, often crowded, often near the limits.
fn random_position(rng: &mut Rng) -> Position {
    loop {
        let density = 20 + rng.below(70);
        let mut boards = [Points::EMPTY; 2];
        for p in Point::ALL {
            if rng.below(100) < density {
                let s = rng.below(2);
                if boards[s].count() < 12 {
                    boards[s] = boards[s].with(p);
                }
            }
        }
        let hands = [0, 1].map(|s| {
            let room = 12 - boards[s].count() as usize;
            if rng.below(3) == 0 {
                0
            } else {
                rng.below(room + 1) as u8
            }
        });
        let to_act = if rng.below(2) == 0 { Side::X } else { Side::O };
        let holder = Some(if rng.below(2) == 0 { Side::X } else { Side::O });
        let must_place = rng.below(3) == 0;
        let turns = if rng.below(4) == 0 {
            200 - rng.below(3) as u8
        } else {
            24 + rng.below(170) as u8
        };
        let quiet = if must_place {
            0
        } else if rng.below(4) == 0 {
            40 - rng.below(3) as u8
        } else {
            rng.below(40) as u8
        };
        let setup = Setup {
            boards,
            hands,
            to_act,
            holder,
            must_place,
            quiet,
            turns,
        };
        if let Ok(pos) = Position::new(&setup) {
            return pos;
        }
    }
}

#[test]
fn random_positions_agree_with_the_reference() {
    let mut rng = Rng::new(0xC40C_1000);
    let mut seen = Seen::default();
    for _ in 0..20_000 {
        let pos = random_position(&mut rng);
        let r = to_ref(&pos);
        check(&pos, &r, &mut seen);
    }
    println!("{seen:?}");
    assert!(seen.forced > 1000, "{seen:?}");
    assert!(seen.extra_none > 20, "{seen:?}");
    assert!(seen.extra_from_hand > 20, "{seen:?}");
    assert!(seen.ends.iter().all(|&n| n > 0), "{seen:?}");
}

fn ref_perft(r: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if r.outcome().is_some() {
        return 0;
    }
    r.actions()
        .iter()
        .map(|a| ref_perft(&r.apply(a), depth - 1))
        .sum()
}

/// The reference counts the start's first four rows of `data/perft.txt`
/// on its own.
#[test]
fn the_reference_counts_the_same_perft() {
    let table = read_table(include_str!("data/perft.txt"), "pos").unwrap();
    let start = &table[0];
    assert_eq!(start.position, choko::to_text(&Position::start()));
    let r = to_ref(&Position::start());
    let rows: Vec<_> = start.rows.iter().filter(|row| row.depth <= 4).collect();
    assert_eq!(rows.len(), 4);
    for row in rows {
        assert_eq!(ref_perft(&r, row.depth), row.nodes, "depth {}", row.depth);
    }
}
