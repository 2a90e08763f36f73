//! The CPU's search on positions whose right answer is known, and its
//! determinism across thread counts (D3, D4, D7, R9, U2).
//!
//! Every position here was checked with `checkers moves --fen …` first; the
//! comments give the lines that make the answer right.

use checkers::eval::{evaluate, MAN};
use checkers::search::{search_splitting_tests_from, MATE};
use checkers::{
    bench, next_quiet, parse_fen, parse_move, search, search_with_info, Level, Move, Position,
    SearchResult,
};

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap()
}

fn mv(p: &Position, text: &str) -> Move {
    parse_move(p, text).unwrap()
}

fn at(p: &Position, quiet: u32, level: Level) -> SearchResult {
    search(p, quiet, level.depth())
}

/// Normal and Hard see a shot two turns deep that Easy does not: Black's
/// 17-22 lets 23-18 be met by 10-15 19x10 7x14x23, two for one, and
/// White's other replies lose material too. (Easy, two turns deep, takes
/// the man at once with 10-15 19x10 7x14 instead.)
#[test]
fn two_for_one_shot_found_by_normal_and_hard() {
    let p = pos("B:W19,20,23,24,28,29,31:B3,4,5,7,10,11,12,17");
    let shot = mv(&p, "17-22");
    // The shot itself, move by move.
    let mut line = p.play_unchecked(&shot);
    for (play, only) in [("23-18", None), ("10-15", Some("19x10"))] {
        line = line.play_unchecked(&mv(&line, play));
        let replies: Vec<String> = line.legal_moves().iter().map(|m| m.to_string()).collect();
        if let Some(only) = only {
            assert_eq!(replies, [only]);
        }
    }
    line = line.play_unchecked(&mv(&line, "19x10"));
    assert_eq!(mv(&line, "7x14x23").captured().count(), 2);

    for level in [Level::Normal, Level::Hard] {
        let r = at(&p, 0, level);
        assert_eq!(r.best, Some(shot), "{level}: {:?}", r.pv);
        assert!(r.score >= MAN, "{level}: score {}", r.score);
    }
    // The shot is worth clearly more than the plain capture Easy plays.
    let hard = at(&p, 0, Level::Hard).score;
    let plain = mv(&p, "10-15");
    let after = p.play_unchecked(&plain);
    let plain_value = -search(&after, 0, Level::Hard.depth() - 1).score;
    assert!(hard - plain_value >= MAN * 4 / 5, "{hard} vs {plain_value}");
}

/// The simplest two-for-one: 22-18 forces 15x22 (14 cannot jump, 23 is
/// occupied) and 25x18x9 takes two back. Every level sees it, because the
/// captures are forced and so read past the depth limit.
#[test]
fn direct_two_for_one_at_every_level() {
    let p = pos("W:W22,23,25,29,30,31:B2,3,7,12,14,15");
    let after = p.play_unchecked(&mv(&p, "22-18"));
    let replies: Vec<String> = after.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(replies, ["15x22"]);
    for level in Level::ALL {
        let r = at(&p, 0, level);
        assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("22-18"));
        assert!(r.score >= MAN, "{level}: {}", r.score);
    }
}

/// A sacrifice that forces the opponent's only capture and wins material
/// back: 15-11 leaves Black one legal move, 8x15, and 19x10x1 then takes two
/// and crowns.
#[test]
fn sacrifice_forcing_the_only_capture_wins_material_back() {
    let p = pos("W:W15,19,24,30,31:B3,6,8,12");
    assert!(!p.has_capture());
    let sac = mv(&p, "15-11");
    let after = p.play_unchecked(&sac);
    let replies: Vec<String> = after.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(replies, ["8x15"], "Black's only move is the capture");
    let taken = after.play_unchecked(&after.legal_moves()[0]);
    assert_eq!(
        taken
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["19x10x1"]
    );
    for level in [Level::Normal, Level::Hard] {
        let r = at(&p, 0, level);
        assert_eq!(r.best, Some(sac), "{level}: {:?}", r.pv);
        // A man and a king up after the exchange.
        assert!(r.score > evaluate(&p) + MAN, "{level}: {}", r.score);
    }
}

/// D3: White must capture, 22x15 or 23x14, each taking the man on 18. The
/// two captures leave positions of equal static value, and 22x15 is
/// generated first, so a search that stopped there would play it; but
/// 22x15 is met by 11x18x27. Even at depth 1 the forced recapture is read.
#[test]
fn never_stops_counting_in_the_middle_of_an_exchange() {
    let p = pos("W:W22,23,25,30:B3,8,11,18");
    let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["22x15", "23x14"]);
    let (bad, good) = (mv(&p, "22x15"), mv(&p, "23x14"));
    let (after_bad, after_good) = (p.play_unchecked(&bad), p.play_unchecked(&good));
    assert_eq!(evaluate(&after_bad), evaluate(&after_good));
    assert_eq!(
        after_bad
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["11x18x27"]
    );
    for depth in 1..=4 {
        let r = search(&p, 0, depth);
        assert_eq!(r.best, Some(good), "depth {depth}");
        // A man up, give or take the small bonuses.
        assert!(r.score > MAN * 4 / 5, "depth {depth}: {}", r.score);
    }
}

/// D4, the side ahead: two kings and a man against a king. With 48 or 49
/// quiet turns behind, any king move lets the draw happen (now, or on
/// Black's reply); moving the man resets the counter, and the search does.
#[test]
fn side_ahead_avoids_the_fifty_turn_draw() {
    let p = pos("W:WK18,K19,30:BK1");
    for quiet in [48, 49] {
        for level in [Level::Normal, Level::Hard] {
            let r = at(&p, quiet, level);
            let best = r.best.unwrap();
            assert!(p.moves_man(&best), "{level} quiet {quiet}: {best}");
            assert_eq!(next_quiet(&p, &best, quiet), 0);
            assert!(r.score > 2 * MAN, "{level} quiet {quiet}: {}", r.score);
        }
    }
    // A king move at 49 is a draw on the spot.
    let drawn = p.play_unchecked(&mv(&p, "18-14"));
    let r = search(&drawn, 50, 4);
    assert_eq!((r.score, r.depth), (0, 0));
    assert!(r.best.is_some());
}

/// D4, the side behind: Black's king on 4 can only go to 8, where 11x4 takes
/// it, so normally Black moves the man. With 49 quiet turns behind, 4-8 is
/// the 50th quiet turn and draws at once, which Black, two pieces down,
/// takes: a draw, scored -1 (the tie-break point goes to the side ahead in
/// material).
#[test]
fn side_behind_steers_towards_the_fifty_turn_draw() {
    let p = pos("B:WK11,K2,30:BK4,20");
    let king = mv(&p, "4-8");
    let man = mv(&p, "20-24");
    for level in Level::ALL {
        let normal = at(&p, 0, level);
        assert_eq!(normal.best, Some(man), "{level}");
        assert!(normal.score < -MAN, "{level}: {}", normal.score);
        let drawn = at(&p, 49, level);
        assert_eq!(drawn.best, Some(king), "{level}");
        assert_eq!(drawn.score, -1, "{level}");
    }
}

/// Wins are scored by distance: a king move leaves Black's last man (on 28,
/// blocked by 32) without a move, a win in one turn.
#[test]
fn a_win_is_scored_by_its_distance() {
    let p = pos("W:W32,K10:B28");
    let r = search(&p, 0, 6);
    assert_eq!(r.score, MATE - 1);
    let best = r.best.unwrap();
    assert!(!p.moves_man(&best), "{best}");
    // From Black's side after 32-27 frees the man, no win is in sight.
    let freed = p.play_unchecked(&mv(&p, "32-27"));
    assert!(search(&freed, 0, 4).score.abs() < MATE - 100);
}

#[test]
fn no_legal_move_gives_no_best_move() {
    // White's man on 29 is blocked by 25 and cannot jump it (22 is taken).
    let p = pos("W:W29:B25,22");
    assert!(p.legal_moves().is_empty());
    let r = search(&p, 0, 6);
    assert_eq!(r.best, None);
    assert!(r.pv.is_empty());
    assert!(r.score < -MATE + 100);
    assert_eq!(checkers::best_move(&p, 0, Level::Hard), None);
}

/// R9: every level obeys the rules, mandatory capture included, and the
/// principal variation is a legal line.
#[test]
fn every_level_plays_legal_moves_and_captures_when_it_must() {
    for p in bench::positions().unwrap() {
        for level in Level::ALL {
            if level == Level::Hard && !p.has_capture() {
                continue; // keep the suite quick; Hard is the same code
            }
            let r = at(&p, 0, level);
            let best = r.best.unwrap();
            assert!(p.legal_moves().contains(&best), "{level} {p:?}: {best}");
            assert_eq!(best.is_capture(), p.has_capture(), "{level} {p:?}");
            assert_eq!(r.pv.first(), Some(&best));
            let mut q = p;
            for m in &r.pv {
                q = q.play(m).unwrap();
            }
        }
    }
}

fn run_in_pool(threads: usize, f: impl FnOnce() -> Vec<SearchResult> + Send) -> Vec<SearchResult> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// D7, U2: the same move, score, line and node count with 1, 2 and 4
/// threads, on every bench position (56 of them), also near the 50-turn
/// draw, and whatever was searched before.
#[test]
fn deterministic_across_thread_counts_and_calls() {
    let positions = bench::positions().unwrap();
    assert!(positions.len() >= 50);
    let cases: Vec<(Position, u32)> = positions
        .iter()
        .map(|p| (*p, 0))
        .chain(
            positions
                .iter()
                .filter(|p| p.kings().any())
                .map(|p| (*p, 44)),
        )
        .collect();
    let run = |cases: &[(Position, u32)]| -> Vec<SearchResult> {
        cases.iter().map(|(p, q)| search(p, *q, 8)).collect()
    };
    let one = run_in_pool(1, || run(&cases));
    for threads in [2, 4] {
        let many = run_in_pool(threads, || run(&cases));
        for ((p, q), (a, b)) in cases.iter().zip(one.iter().zip(&many)) {
            assert_eq!(a, b, "{threads} threads, quiet {q}, {p:?}");
        }
    }
    // Searching in another order (so after different earlier searches)
    // changes nothing either.
    let mut reversed = cases.clone();
    reversed.reverse();
    let mut again = run_in_pool(4, || run(&reversed));
    again.reverse();
    assert_eq!(one, again);
    // Called from a thread outside any pool, as the app calls it: the
    // search moves onto the global pool, whatever its size.
    let outside = std::thread::spawn(move || run(&cases)).join().unwrap();
    assert_eq!(one, outside);
}

/// A search called from a thread outside any pool, as the app calls it,
/// runs on a thread of the global pool: every iteration's report comes
/// from one (the search's phases start from the thread it runs on).
#[test]
fn a_search_called_from_outside_the_pool_runs_on_it() {
    let p = pos("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    let on_pool = std::thread::spawn(move || {
        let mut seen = Vec::new();
        search_with_info(&p, 0, 6, |_| {
            seen.push(rayon::current_thread_index().is_some())
        });
        seen
    })
    .join()
    .unwrap();
    assert_eq!(on_pool, vec![true; 6]);
}

/// Searches that overlap on one pool, as the app's could if asked twice at
/// once: each gives what it gives alone, and none waits for ever on
/// another (only a search alone in the process keeps the pool's other
/// threads polling for work; see `search_inner`). Seven callers from
/// outside the pool and one on it, each searching every bench position
/// in turn from another start, so that searches start and end while
/// others run; the whole must end within a minute (a deadlock would
/// otherwise hang the suite).
#[test]
fn overlapping_searches_on_one_pool_end_and_agree() {
    let cases = bench::positions().unwrap();
    assert!(cases.len() >= 50);
    let alone = run_in_pool(2, || cases.iter().map(|p| search(p, 0, 6)).collect());
    let pool = std::sync::Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap(),
    );
    let (tx, rx) = std::sync::mpsc::channel();
    let callers: Vec<_> = (0..8)
        .map(|k| {
            let (pool, cases, tx) = (pool.clone(), cases.clone(), tx.clone());
            std::thread::spawn(move || {
                // Each caller starts at another position, so that the
                // searches overlap in every combination of lengths.
                let order: Vec<usize> = (0..cases.len())
                    .map(|i| (i + 3 * k) % cases.len())
                    .collect();
                let one = |i: usize| (i, search(&cases[i], 0, 6));
                // The last caller runs on the pool itself, the others
                // come in from outside it, one `install` per search, as
                // the app does.
                let got: Vec<_> = if k == 7 {
                    pool.install(|| order.iter().map(|&i| one(i)).collect())
                } else {
                    order.iter().map(|&i| pool.install(|| one(i))).collect()
                };
                tx.send(got).unwrap();
            })
        })
        .collect();
    drop(tx);
    for _ in 0..callers.len() {
        let got = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("overlapping searches did not all end within a minute");
        for (i, r) in got {
            assert_eq!(r, alone[i], "{:?}", cases[i]);
        }
    }
    for c in callers {
        c.join().unwrap();
    }
}

/// D7, U2 with deep splitting: at depth 12 the expected line splits over
/// many turns; one legal move, a few, many; kings and the 50-turn counter.
#[test]
fn deterministic_with_deep_splits() {
    let cases: Vec<(Position, u32)> = [
        (
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            0,
        ),
        (
            "W:W13,17,21,22,23,24,27,30,31,32:B1,4,5,6,8,9,10,11,14,15",
            0,
        ),
        ("B:WK5,6,12,21,28:B3,K16,K22,K25,27", 30),
        ("W:WK22,K23,K27:BK1,K5", 20),
        ("B:W6,21,24,32:B2,3,20", 0),
    ]
    .iter()
    .map(|(f, q)| (pos(f), *q))
    .collect();
    let run = |cases: &[(Position, u32)]| -> Vec<SearchResult> {
        cases.iter().map(|(p, q)| search(p, *q, 12)).collect()
    };
    let one = run_in_pool(1, || run(&cases));
    for r in &one {
        // The tree really ran tasks side by side.
        assert!(r.ideal[0] < r.nodes, "{r:?}");
    }
    for threads in [2, 4] {
        assert_eq!(
            one,
            run_in_pool(threads, || run(&cases)),
            "{threads} threads"
        );
    }
}

/// D4 and the draw's tie-break point: a king up with the 50-turn draw in
/// view, the side ahead must not give the king away to reset the counter
/// (the level position after it would score the same as the draw). White,
/// three kings against two with 44 quiet turns behind, cannot win in time;
/// 13-9 offers a king to 6x13 and every level must refuse it.
#[test]
fn side_ahead_keeps_its_material_when_the_draw_is_in_view() {
    let p = pos("W:WK13,K23,K27:BK1,K6");
    for level in Level::ALL {
        let r = at(&p, 44, level);
        let best = r.best.unwrap();
        let after = p.play_unchecked(&best);
        assert!(!after.has_capture(), "{level}: {best} gives a king away");
        assert!(r.score >= 0, "{level}: {}", r.score);
    }
    // Two kings up, giving one away still leaves White ahead, so it beats
    // the draw; but it must not throw both away.
    let p = pos("W:WK29,K30,K31:BK1");
    let r = search(&p, 0, Level::Normal.depth());
    assert!(r.score > 0, "{}", r.score);
}

/// King endings of up to five kings are read four turns deeper: Hard sees
/// two kings beat one in the double corner (a win 15 turns away, beyond
/// its nominal depth), and plays it out to the end against itself.
#[test]
fn hard_converts_two_kings_against_one() {
    let mut p = pos("W:WK14,K18:BK1");
    let r = at(&p, 0, Level::Hard);
    assert!(r.score > MATE - 100, "{}", r.score);
    let mut quiet = 0;
    for _ in 0..40 {
        match checkers::outcome(&p, quiet) {
            Some(o) => {
                assert_eq!(o, checkers::Outcome::Win(checkers::Color::White));
                return;
            }
            None => {
                let mv = checkers::best_move(&p, quiet, Level::Hard).unwrap();
                quiet = next_quiet(&p, &mv, quiet);
                p = p.play_unchecked(&mv);
            }
        }
    }
    panic!("not converted in 40 turns: {p:?}");
}

/// Plain minimax with the search's rules and no pruning: no legal move
/// loses `ply` turns from the root, at depth 0 the evaluation unless a
/// capture is due (captures are read on), and nothing else (the 50-turn
/// draw and the king-ending extension cannot arise in the positions below).
fn minimax(p: &Position, depth: u32, ply: i32) -> i32 {
    let moves = p.legal_moves();
    let Some(first) = moves.first() else {
        return -(MATE - ply);
    };
    if depth == 0 && !first.captured().any() {
        return evaluate(p);
    }
    moves
        .iter()
        .map(|m| -minimax(&p.play_unchecked(m), depth.saturating_sub(1), ply + 1))
        .max()
        .unwrap()
}

/// Where no position of the tree has more than two moves, nothing is
/// reduced (late-move reductions start at the third move) and a position's
/// distance from the root is fixed by its men, so the search, with its
/// splitting, its tests against guessed values and its tables, must give
/// exactly the minimax value: one man a side anywhere on its own half,
/// searched short of crowning (1,200 position and depth pairs, depths 4
/// to 9), on 1, 2 and 4 threads. Among them are searches in which a reply
/// to the expected move beats the reply searched first and is searched
/// again split into tasks (about 70 of them): leaving such a reply at the
/// bound its test gave makes B:W31:B2 at depth 6 fail.
#[test]
fn one_man_a_side_gives_the_minimax_value_on_any_thread_count() {
    let mut cases = Vec::new();
    for b in 1..=16u32 {
        for w in 17..=32u32 {
            // Rows from each side's own back row; black moves first.
            let (black_row, white_row) = ((b - 1) / 4 + 1, 8 - (w - 1) / 4);
            for depth in 4..=9u32 {
                if depth.div_ceil(2) < 8 - black_row && depth / 2 < 8 - white_row {
                    cases.push((pos(&format!("B:W{w}:B{b}")), depth));
                }
            }
        }
    }
    assert_eq!(cases.len(), 1200);
    let want: Vec<i32> = cases.iter().map(|(p, d)| minimax(p, *d, 0)).collect();
    for threads in [1, 2, 4] {
        let got = run_in_pool(threads, || {
            cases.iter().map(|(p, d)| search(p, 0, *d)).collect()
        });
        for (((p, d), r), w) in cases.iter().zip(&got).zip(&want) {
            assert_eq!(
                r.score,
                *w,
                "{} at depth {d} on {threads} threads",
                checkers::to_fen(p)
            );
        }
    }
}

/// D7, U2 where tests split often (after 500 nodes instead of 8,000):
/// the same move, score, line and node count with 1, 2 and 4 threads at
/// depth 8 on every bench position.
#[test]
fn split_tests_are_deterministic_across_thread_counts() {
    let positions = bench::positions().unwrap();
    let run = || -> Vec<SearchResult> {
        positions
            .iter()
            .map(|p| search_splitting_tests_from(p, 0, 8, 500))
            .collect()
    };
    let one = run_in_pool(1, run);
    let plain = run_in_pool(1, || positions.iter().map(|p| search(p, 0, 8)).collect());
    assert_ne!(
        one.iter().map(|r| r.nodes).sum::<u64>(),
        plain.iter().map(|r| r.nodes).sum::<u64>()
    );
    for threads in [2, 4] {
        assert_eq!(one, run_in_pool(threads, run), "{threads} threads");
    }
}

/// The search's tree, pinned: for every bench position at depth 11, the
/// node count, the move and the score, as recorded in
/// `tests/data/search-nodes.txt`. A change meant to leave the tree alone
/// (when tasks start, how their entries reach the shared table, what is
/// copied where) must leave every line as it is. A change to the tree
/// itself rewrites the file with `BLESS=1 cargo test -p checkers --test
/// search pinned`, and the diff shows which positions moved.
#[test]
fn node_counts_are_pinned() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/search-nodes.txt");
    let positions = bench::positions().unwrap();
    let lines: Vec<String> =
        run_in_pool(2, || positions.iter().map(|p| search(p, 0, 11)).collect())
            .iter()
            .map(|r| {
                let best = r.best.map_or("-".to_string(), |m| m.to_string());
                format!("{} {} {}", r.nodes, best, r.score)
            })
            .collect();
    let text = format!(
        "# nodes, move, score of every bench position at depth 11 (tests/search.rs)\n{}\n",
        lines.join("\n")
    );
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(path).unwrap();
    let pinned: Vec<&str> = pinned.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(pinned.len(), lines.len(), "one line per bench position");
    for (i, (want, got)) in pinned.iter().zip(&lines).enumerate() {
        assert_eq!(
            want,
            got,
            "bench position {} (line {} of the bench file's positions)",
            i + 1,
            i + 1
        );
    }
}
