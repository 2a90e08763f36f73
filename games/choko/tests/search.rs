//! The search: it plays legal actions, finds short wins, and gives the
//! same action, score, line and node count on 1, 2 and 4 threads (L1).

use choko::search::{Searcher, WIN};
use choko::{bench, parse_position, Level, Position, SearchResult};

fn pos(text: &str) -> Position {
    parse_position(text).unwrap()
}

fn run_in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// Every bench position searched at `depth`, in one searcher.
fn bench_results(depth: u32) -> Vec<SearchResult> {
    let mut s = Searcher::new();
    bench::positions()
        .unwrap()
        .iter()
        .map(|p| s.search(p, depth, |_| {}))
        .collect()
}

#[test]
fn the_same_results_on_one_two_and_four_threads() {
    // Depth 6 splits the expected line three turns deep on every bench
    // position, so the parallel tests run at every split node.
    let one = run_in_pool(1, || bench_results(6));
    assert!(one.iter().all(|r| r.best.is_some()));
    for threads in [2, 4] {
        let many = run_in_pool(threads, || bench_results(6));
        assert_eq!(one, many, "{threads} threads");
    }
}

#[test]
fn a_reused_searcher_answers_as_a_new_one() {
    let positions = bench::positions().unwrap();
    let mut reused = Searcher::new();
    for p in positions.iter().take(12) {
        let a = reused.search(p, 5, |_| {});
        let b = Searcher::new().search(p, 5, |_| {});
        assert_eq!(a, b, "{p:?}");
    }
}

#[test]
fn every_level_plays_a_legal_action() {
    let p = pos("o3x/o4/oo1x1/xxx2/1xoo1 x 4/4 x 0 18");
    for level in Level::all() {
        let r = choko::search(&p, level.depth());
        let best = r.best.unwrap();
        assert!(p.play(best).is_ok(), "{level}: {best}");
        assert_eq!(r.depth, level.depth());
        assert_eq!(r.pv.first(), Some(&best));
    }
}

#[test]
fn it_takes_the_last_pieces_at_once() {
    // X's c3 jumps O's c4, and the extra piece is O's last one: a win in
    // one turn, seen at every depth.
    let p = pos("5/2o2/2x2/5/o3x x 0/0 x 0 60");
    for depth in [1, 4] {
        let r = choko::search(&p, depth);
        assert_eq!(r.best.map(|a| a.to_string()).as_deref(), Some("c3xc5 a1"));
        assert_eq!(r.score, WIN - 1);
    }
}

#[test]
fn it_parries_a_threat_it_would_lose_two_pieces_to() {
    // O threatens c4xc2 over X's c3 (the extra piece being X's a1), and
    // c5 behind c4 is taken, so X cannot jump first. X, to act with pieces
    // in hand, keeps its pieces: after its action O has no jump that takes
    // two of them.
    let p = pos("2o2/2o2/2x2/5/x3o x 10/9 x 0 5");
    let r = choko::search(&p, 4);
    let after = p.play(r.best.unwrap()).unwrap();
    let worst = after
        .legal_actions()
        .iter()
        .map(|a| a.captures())
        .max()
        .unwrap_or(0);
    assert!(
        worst < 2 || after.must_place(),
        "{:?} leaves a jump",
        r.best
    );
}

#[test]
fn a_finished_game_has_no_best_action() {
    let p = pos("2oox/4o/o3o/o4/xoo2 x 0/2 o 0 40");
    let r = choko::search(&p, 3);
    assert_eq!(r.best, None);
    assert_eq!(r.score, -WIN);
}

#[test]
fn the_side_ahead_ends_the_game_on_the_quiet_count() {
    // 39 quiet turns, X two pieces against one: any step wins at once, and
    // the search sees it.
    let p = pos("4x/5/5/5/o3x x 0/0 x 39 120");
    let r = choko::search(&p, 3);
    assert_eq!(r.score, WIN - 1);
    assert!(r.best.unwrap().is_quiet());
}
