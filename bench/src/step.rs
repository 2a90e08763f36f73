//! `search-bench step`: one search each time a line comes on standard
//! input, so that another program can pace several benches in lockstep.

use crate::games::Engine;
use crate::Options;
use engine_kit::bench::{fingerprint, ms};
use engine_kit::cli::{CliError, Output};
use engine_kit::threads;
use std::io::{BufRead, Read};
use std::time::Instant;

/// One line of standard input (its text is ignored): an error at its end,
/// or for a line of more than 4 KiB, so that no input is held whole.
fn wait_for_line(stdin: &std::io::Stdin) -> Result<(), CliError> {
    const LIMIT: u64 = 4096;
    let mut line = Vec::new();
    let n = stdin
        .lock()
        .take(LIMIT)
        .read_until(b'\n', &mut line)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    match (n, line.last()) {
        (0, _) => Err("standard input ended before the last search".into()),
        (_, Some(b'\n')) => Ok(()),
        _ if n as u64 == LIMIT => Err("a line of standard input is longer than 4 KiB".into()),
        // The last line, without its newline: it still counts.
        _ => Ok(()),
    }
}

/// Searches every position of every level, each after a line of input,
/// and prints `step I T ms` (and the ideal speedups) after each.
pub fn step<E: Engine>(o: &Options, positions: &[E::Position]) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let out = &mut Output::new();
    threads::pool(o.threads)?.install(|| {
        out.line(format_args!(
            "bench: {} positions, {} threads",
            positions.len(),
            rayon::current_num_threads()
        ))?;
        let mut engine = E::new();
        let mut level_nodes = Vec::new();
        for level in &o.levels {
            let mut nodes = 0;
            for (i, pos) in positions.iter().enumerate() {
                wait_for_line(&stdin)?;
                let start = Instant::now();
                let found = engine.search(pos, level.depth);
                let t = start.elapsed();
                let r = E::searched(found);
                let mut line = format!("step {} {:.3} ms", i + 1, ms(t));
                if o.ideal {
                    for n in r.ideal.unwrap_or_default() {
                        line += &format!(" {:.3}", r.nodes as f64 / n.max(1) as f64);
                    }
                }
                out.line(line)?;
                nodes += r.nodes;
            }
            level_nodes.push(nodes);
        }
        out.line(format_args!("fingerprint {}", fingerprint(level_nodes)))
    })
}
