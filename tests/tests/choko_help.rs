//! Choko's help diagrams teach the rules, so each is checked against the
//! `choko` engine: the page's data (`ui/js/choko/help-diagrams.js`, read
//! through Node) becomes a position, and what the diagram claims must hold
//! there: the corner piece cannot be jumped but can be taken as an extra
//! piece, the jump drawn takes two pieces and offers exactly the extra
//! pieces ringed, and a placement takes the initiative while a step
//! leaves it.

use choko::{Action, Extra, Point, Points, Position, Setup, Side};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The diagrams as the page has them.
fn diagrams() -> serde_json::Map<String, Value> {
    let module = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/js/choko/help-diagrams.js");
    let module = module.canonicalize().expect("ui/js/choko/help-diagrams.js");
    let out = Command::new("node")
        .args([
            "--input-type=module",
            "-e",
            "const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(m.CHOKO_DIAGRAMS));",
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

fn point(v: &Value) -> Result<Point, String> {
    v.as_str()
        .and_then(Point::from_name)
        .ok_or(format!("{v} is not a point"))
}

fn side(v: &Value) -> Result<Side, String> {
    match v.as_str() {
        Some("player") => Ok(Side::X),
        Some("machine") => Ok(Side::O),
        _ => Err(format!("{v} is not a side")),
    }
}

/// The position a diagram draws: the player is X, the machine O; the
/// turns played are the pieces gone from the hands.
fn position(d: &Value) -> Result<Position, String> {
    let mut boards = [Points::EMPTY; 2];
    for (name, code) in d["pieces"].as_object().ok_or("no pieces")? {
        let p = Point::from_name(name).ok_or(format!("{name} is not a point"))?;
        let s = match code.as_str() {
            Some("p") => Side::X,
            Some("m") => Side::O,
            other => return Err(format!("unknown piece {other:?} on {name}")),
        };
        boards[s.index()] = boards[s.index()].with(p);
    }
    let hand = |who: &str| -> Result<u8, String> {
        d["hands"][who]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or(format!("no hand for {who}"))
    };
    let hands = [hand("player")?, hand("machine")?];
    let gone = 24 - hands[0] - hands[1];
    Position::new(&Setup {
        boards,
        hands,
        to_act: side(&d["toAct"])?,
        holder: Some(side(&d["initiative"])?),
        must_place: d["mustPlace"].as_bool().unwrap_or(false),
        quiet: 0,
        turns: gone,
    })
    .map_err(|e| e.to_string())
}

fn action(pos: &Position, v: &Value) -> Result<Action, String> {
    let text = v.as_str().ok_or("no action")?;
    pos.parse_action(text).map_err(|e| e.to_string())
}

/// Whether what diagram `d` claims holds in the engine.
fn check(d: &Value) -> Result<(), String> {
    let pos = position(d)?;
    let me = pos.to_act();
    match d["claim"].as_str() {
        Some("cornerOnlyAsExtra") => {
            let at = point(&d["at"])?;
            if !Points::CORNERS.contains(at) || pos.side_at(at) != Some(me.other()) {
                return Err(format!("{at} is not an enemy piece in a corner"));
            }
            let beside = choko::Direction::ALL
                .iter()
                .filter_map(|&dir| at.step(dir))
                .any(|n| pos.side_at(n) == Some(me));
            if !beside {
                return Err(format!("no piece of the side to act stands next to {at}"));
            }
            let over_it = pos
                .legal_actions()
                .iter()
                .any(|a| matches!(*a, Action::Jump { over, .. } if over == at));
            if over_it {
                return Err(format!("a legal jump passes over {at}"));
            }
            match action(&pos, &d["action"])? {
                Action::Jump {
                    over,
                    extra: Extra::Board(x),
                    ..
                } if x == at && over != at => Ok(()),
                a => Err(format!("{a} does not take {at} as the extra piece")),
            }
        }
        Some("jumpTakesTwo") => {
            let a = action(&pos, &d["action"])?;
            let Action::Jump { from, to, .. } = a else {
                return Err(format!("{a} is not a jump"));
            };
            let after = pos.play(a).map_err(|e| e.to_string())?;
            if after.pieces(me.other()) + 2 != pos.pieces(me.other()) {
                return Err(format!("{a} does not take two pieces"));
            }
            let mut legal: Vec<Point> = pos
                .legal_actions()
                .iter()
                .filter_map(|b| match *b {
                    Action::Jump {
                        from: f,
                        to: t,
                        extra: Extra::Board(x),
                        ..
                    } if f == from && t == to => Some(x),
                    _ => None,
                })
                .collect();
            legal.sort();
            let mut drawn = d["choices"]
                .as_array()
                .ok_or("no choices")?
                .iter()
                .map(point)
                .collect::<Result<Vec<_>, _>>()?;
            drawn.sort();
            if legal != drawn {
                return Err(format!(
                    "the extra pieces are {legal:?}, the diagram rings {drawn:?}"
                ));
            }
            Ok(())
        }
        Some("placingTakesInitiative") => {
            if pos.must_place() || pos.holder() != Some(me.other()) {
                return Err(
                    "the side to act is not free with the other side holding the initiative".into(),
                );
            }
            let placed = action(&pos, &d["action"])?;
            if !placed.is_place()
                || pos.play(placed).map_err(|e| e.to_string())?.holder() != Some(me)
            {
                return Err(format!("{placed} does not take the initiative"));
            }
            let stepped = action(&pos, &d["keeps"])?;
            if placed == stepped
                || stepped.is_place()
                || pos.play(stepped).map_err(|e| e.to_string())?.holder() != Some(me.other())
            {
                return Err(format!(
                    "{stepped} does not leave the initiative where it was"
                ));
            }
            Ok(())
        }
        other => Err(format!("unknown claim {other:?}")),
    }
}

#[test]
fn every_choko_help_diagram_holds_under_the_rules() {
    let all = diagrams();
    for name in ["corner", "jump", "initiative"] {
        assert!(all.contains_key(name), "no diagram {name}: {all:?}");
    }
    for (name, d) in &all {
        if let Err(e) = check(d) {
            panic!("Choko help diagram {name}: {e}");
        }
    }
}

#[test]
fn the_check_refuses_diagrams_that_teach_wrongly() {
    let all = diagrams();
    // An edge piece that is not in a corner can be jumped along its edge.
    let mut corner = all["corner"].clone();
    corner["pieces"] = serde_json::json!({ "a3": "p", "c2": "p", "a2": "m", "b1": "m", "c1": "m" });
    corner["at"] = serde_json::json!("a3");
    assert!(check(&corner).is_err());
    // Ringing a piece the jump cannot take, or leaving one out.
    let mut jump = all["jump"].clone();
    jump["choices"] = serde_json::json!(["b4"]);
    assert!(check(&jump).unwrap_err().contains("rings"));
    // A forced placement takes nothing: the holder's placement must be answered.
    let mut initiative = all["initiative"].clone();
    initiative["mustPlace"] = serde_json::json!(true);
    assert!(check(&initiative).is_err());
}
