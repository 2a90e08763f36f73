//! The help's diagrams teach the rules, so each is checked against the
//! engine: the page's data (`ui/js/checkers/help-diagrams.js`, read through Node,
//! which the test command installs) becomes a position, and what the
//! diagram claims must hold there: the move it draws is legal and, where it
//! says so, the one and whole move; the position it calls the start is the
//! start; the edge it shows really protects the pieces on it.

use checkers::{Bitboard, Color, Position, Square};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The diagrams as the page has them.
fn diagrams() -> serde_json::Map<String, Value> {
    let module = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/js/checkers/help-diagrams.js");
    let module = module
        .canonicalize()
        .expect("ui/js/checkers/help-diagrams.js");
    let out = Command::new("node")
        .args([
            "--input-type=module",
            "-e",
            "const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(m.DIAGRAMS));",
        ])
        .arg(format!("file://{}", module.display()))
        .output()
        .expect("node (the test command installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    match serde_json::from_slice(&out.stdout).expect("JSON") {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn square(n: &Value) -> Result<Square, String> {
    let n = n.as_u64().ok_or(format!("{n} is not a square number"))?;
    Square::try_from(n as u8).map_err(|e| e.to_string())
}

/// The position a diagram draws: the player is White, the CPU Black.
fn position(d: &Value) -> Result<Position, String> {
    let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (n, code) in d["pieces"].as_object().ok_or("no pieces")? {
        let sq = square(&Value::from(n.parse::<u64>().map_err(|e| e.to_string())?))?;
        match code.as_str() {
            Some("p") => white = white.with(sq),
            Some("P") => (white, kings) = (white.with(sq), kings.with(sq)),
            Some("c") => black = black.with(sq),
            Some("C") => (black, kings) = (black.with(sq), kings.with(sq)),
            other => return Err(format!("unknown piece {other:?} on {n}")),
        }
    }
    let turn = match d["turn"].as_str() {
        Some("player") => Color::White,
        Some("cpu") => Color::Black,
        other => return Err(format!("unknown turn {other:?}")),
    };
    Position::new(black, white, kings, turn).map_err(|e| e.to_string())
}

/// Whether what diagram `d` claims holds in the engine.
fn check(d: &Value) -> Result<(), String> {
    let pos = position(d)?;
    let path: Vec<Square> = match d.get("move") {
        Some(Value::Array(p)) => p.iter().map(square).collect::<Result<_, _>>()?,
        _ => Vec::new(),
    };
    let moves = pos.legal_moves();
    if !path.is_empty() && !moves.iter().any(|m| m.path() == path.as_slice()) {
        let legal: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        return Err(format!(
            "the move drawn is not a legal move; legal: {legal:?}"
        ));
    }
    match d["claim"].as_str() {
        Some("start") => {
            let start = Position::start();
            if pos.pieces(Color::White) != start.pieces(Color::White)
                || pos.pieces(Color::Black) != start.pieces(Color::Black)
                || pos.kings().any()
            {
                return Err("not the starting position".into());
            }
        }
        Some("onlyMove") => {
            if moves.len() != 1 || moves[0].path() != path.as_slice() {
                let legal: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                return Err(format!("not the one whole legal move; legal: {legal:?}"));
            }
        }
        Some("noCapture") => {
            if pos.has_capture() {
                return Err("the side to move has a capture".into());
            }
            let us = pos.pieces(pos.turn());
            let them = pos.pieces(pos.turn().opposite());
            let touching = checkers::Direction::ALL
                .iter()
                .any(|&dir| (us.step(dir) & them).any());
            if !touching {
                return Err("no enemy piece stands next to the side to move".into());
            }
        }
        Some("picture") => {}
        other => return Err(format!("unknown claim {other:?}")),
    }
    Ok(())
}

#[test]
fn every_help_diagram_holds_under_the_rules() {
    let all = diagrams();
    assert!(all.len() >= 4, "{all:?}");
    for (name, d) in &all {
        if let Err(e) = check(d) {
            panic!("help diagram {name}: {e}");
        }
    }
}

#[test]
fn the_check_refuses_a_diagram_that_stops_a_chain_halfway() {
    // The diagram the help once had: 22 jumps 18 and stops on 15, though
    // from 15 the same man must jump 10 as well.
    let mut capture = diagrams()["capture"].clone();
    capture["move"] = serde_json::json!([22, 15]);
    assert!(check(&capture).unwrap_err().contains("not a legal move"));
    capture["move"] = serde_json::json!([22, 15, 6]);
    assert!(check(&capture).is_ok());
    // A CPU man one square in from the edge can be taken: no longer "no capture".
    let mut edge = diagrams()["edge"].clone();
    edge["pieces"] = serde_json::json!({ "14": "c", "18": "p" });
    assert!(check(&edge).unwrap_err().contains("capture"));
    // An illegal position (a White man on its crowning row).
    let mut kings = diagrams()["kings"].clone();
    kings["pieces"] = serde_json::json!({ "2": "p" });
    assert!(check(&kings).is_err());
}
