//! The two games' searches as the harness measures them.

use engine_kit::bench::BenchLevel;
use engine_kit::cli::CliError;
use engine_kit::text::excerpt;

/// What the harness keeps of one search: what it compares between two
/// thread pools, and the speedups its task tree allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    pub best: Option<String>,
    pub score: i32,
    pub nodes: u64,
    /// Ideal node counts on 2, 4 and 8 threads, for a game whose search
    /// reports them.
    pub ideal: Option<[u64; 3]>,
}

/// A game's search, with its bench positions and levels.
pub trait Engine: Send {
    /// A position of the game.
    type Position: Sync;
    /// What the search returns.
    type Found;
    /// The game's name for `--game`.
    const NAME: &'static str;
    /// The deepest search `--depth` may ask for.
    const MAX_DEPTH: u32;
    /// Whether the search reports what its task tree allows (`--ideal`).
    const IDEAL: bool;

    /// A searcher, whose searches are each independent of the ones
    /// before.
    fn new() -> Self;
    /// The game's bench positions.
    fn positions() -> Result<Vec<Self::Position>, CliError>;
    /// Every level at its own depth, or the level `level` names at `depth`
    /// or its own.
    fn levels(level: Option<&str>, depth: Option<u32>) -> Result<Vec<BenchLevel>, CliError>;
    /// Searches `pos` to `depth` on the current thread pool.
    fn search(&mut self, pos: &Self::Position, depth: u32) -> Self::Found;
    /// What the harness keeps of a search.
    fn searched(found: Self::Found) -> Searched;
}

/// Checkers: the search of `checkers bench`, with its ideal speedups.
pub struct Checkers;

impl Engine for Checkers {
    type Position = checkers::Position;
    type Found = checkers::search::SearchResult;
    const NAME: &'static str = "checkers";
    const MAX_DEPTH: u32 = checkers::search::MAX_DEPTH;
    const IDEAL: bool = true;

    fn new() -> Checkers {
        Checkers
    }

    fn positions() -> Result<Vec<checkers::Position>, CliError> {
        checkers::bench::positions()
            .map_err(|e| CliError::Message(format!("bad bench position: {e}")))
    }

    fn levels(level: Option<&str>, depth: Option<u32>) -> Result<Vec<BenchLevel>, CliError> {
        let bench_level = |l: checkers::Level, depth: Option<u32>| BenchLevel {
            label: l.name().to_string(),
            depth: depth.unwrap_or(l.depth()),
        };
        Ok(match level {
            None => checkers::Level::ALL
                .iter()
                .map(|l| bench_level(*l, None))
                .collect(),
            Some(text) => {
                let l = text.parse::<checkers::Level>().map_err(|_| {
                    CliError::Message(format!(
                        "bad --level '{}': expected easy, normal or hard",
                        excerpt(text)
                    ))
                })?;
                vec![bench_level(l, depth)]
            }
        })
    }

    fn search(&mut self, pos: &checkers::Position, depth: u32) -> Self::Found {
        checkers::search(pos, 0, depth)
    }

    fn searched(r: Self::Found) -> Searched {
        Searched {
            best: r.best.map(|m| m.to_string()),
            score: r.score,
            nodes: r.nodes,
            ideal: Some(r.ideal),
        }
    }
}

/// Choko: the search of `choko bench`.
pub struct Choko(choko::search::Searcher);

impl Engine for Choko {
    type Position = choko::Position;
    type Found = choko::SearchResult;
    const NAME: &'static str = "choko";
    const MAX_DEPTH: u32 = choko::search::MAX_DEPTH;
    const IDEAL: bool = false;

    fn new() -> Choko {
        Choko(choko::search::Searcher::new())
    }

    fn positions() -> Result<Vec<choko::Position>, CliError> {
        choko::bench::positions().map_err(|e| CliError::Message(format!("bad bench position: {e}")))
    }

    fn levels(level: Option<&str>, depth: Option<u32>) -> Result<Vec<BenchLevel>, CliError> {
        let bench_level = |l: choko::Level, depth: Option<u32>| BenchLevel {
            label: l.to_string(),
            depth: depth.unwrap_or(l.depth()),
        };
        Ok(match level {
            None => choko::Level::all().map(|l| bench_level(l, None)).collect(),
            Some(text) => {
                let l = text
                    .parse::<choko::Level>()
                    .map_err(|e| CliError::Message(format!("bad --level: {e}")))?;
                vec![bench_level(l, depth)]
            }
        })
    }

    fn search(&mut self, pos: &choko::Position, depth: u32) -> Self::Found {
        self.0.search(pos, depth, |_| {})
    }

    fn searched(r: Self::Found) -> Searched {
        Searched {
            best: r.best.map(|a| a.to_string()),
            score: r.score,
            nodes: r.nodes,
            ideal: None,
        }
    }
}
