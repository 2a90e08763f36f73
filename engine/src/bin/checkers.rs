//! `checkers`: the engine on the command line.
//!
//! ```text
//! checkers moves [--fen FEN]
//! checkers perft [--fen FEN] DEPTH
//! ```
//!
//! Output formats are interfaces that other tools parse: `moves` prints one
//! legal move per line in full-path notation and nothing else; `perft`
//! prints `D N` for each depth D, then one summary line. Errors: one line on
//! stderr, exit status 2.

use checkers::{parse_fen, perft, Position};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: checkers moves [--fen FEN] | checkers perft [--fen FEN] DEPTH";

/// Parsed command-line options shared by the subcommands.
struct Args {
    fen: Option<String>,
    positional: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut out = Args {
        fen: None,
        positional: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fen" => {
                let v = it.next().ok_or("--fen needs a value")?;
                out.fen = Some(v.clone());
            }
            s if s.starts_with("--fen=") => out.fen = Some(s["--fen=".len()..].to_string()),
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => out.positional.push(a.clone()),
        }
    }
    Ok(out)
}

fn position(args: &Args) -> Result<Position, String> {
    match &args.fen {
        None => Ok(Position::start()),
        Some(f) => parse_fen(f).map_err(|e| format!("bad FEN: {e}")),
    }
}

fn cmd_moves(args: &Args) -> Result<(), String> {
    if !args.positional.is_empty() {
        return Err(format!("unexpected argument {}", args.positional[0]));
    }
    let pos = position(args)?;
    let mut out = std::io::stdout().lock();
    for mv in pos.legal_moves() {
        let _ = writeln!(out, "{mv}");
    }
    Ok(())
}

fn cmd_perft(args: &Args) -> Result<(), String> {
    let depth: u32 = match args.positional.as_slice() {
        [d] => d
            .parse()
            .ok()
            .filter(|d| (1..=20).contains(d))
            .ok_or_else(|| format!("bad depth '{d}': expected a number from 1 to 20"))?,
        [] => return Err("perft needs a DEPTH".into()),
        [_, extra, ..] => return Err(format!("unexpected argument {extra}")),
    };
    let pos = position(args)?;
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let mut total = 0u64;
    for d in 1..=depth {
        let n = perft(&pos, d);
        total += n;
        let _ = writeln!(out, "{d} {n}");
        let _ = out.flush();
    }
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    let _ = writeln!(out, "time {secs:.3} s, {total} nodes, {:.0} nodes/s", nps);
    Ok(())
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.split_first() {
        None => Err(USAGE.to_string()),
        Some((cmd, rest)) => parse_args(rest).and_then(|args| match cmd.as_str() {
            "moves" => cmd_moves(&args),
            "perft" => cmd_perft(&args),
            "-h" | "--help" | "help" => {
                println!("{USAGE}");
                Ok(())
            }
            other => Err(format!("unknown command '{other}'; {USAGE}")),
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("checkers: {msg}");
            ExitCode::from(2)
        }
    }
}
