//! Hostile JSON: structural edits of a valid document. The saved files
//! and the commands' arguments are JSON, so besides edits of their text
//! ([`crate::text::mutate`]) they get edits of their structure: a value of
//! the wrong type or out of range where a number, a square or a name
//! belongs, keys dropped, added, renamed or written twice, arrays cut,
//! grown or shuffled, values nested deeply.

use crate::text::{from_alphabet, mutate, HOSTILE};
use crate::Rng;
use serde_json::{Map, Value};

/// JSON punctuation and literals, for alphabet soup and text edits.
#[rustfmt::skip]
pub const JSON_ALPHABET: &[&str] = &[
    "{", "}", "[", "]", ":", ",", "\"", "\"", "\"", "\\", "\\\"", "\\u0000", "\\ud800", "\\u00e9",
    "\\n", " ", "\n", "null", "true", "false", "0", "-1", "1", "2", "12", "32", "33", "-0",
    "0.5", "1e308", "1e400", "9007199254740992", "18446744073709551615",
    "18446744073709551616", "{}", "[]", "\"\"", "\":", "\",\"",
];

/// Numbers that sit on or across a limit: zero, negatives, the square and
/// piece limits, 2^53 (the largest integer every JSON reader keeps
/// exactly), the ends of `u64` and `i64`, the largest float, fractions.
pub fn hostile_numbers() -> &'static [Value] {
    static NUMBERS: std::sync::OnceLock<Vec<Value>> = std::sync::OnceLock::new();
    NUMBERS.get_or_init(|| {
        let mut out: Vec<Value> = vec![
            0.into(),
            (-1).into(),
            1.into(),
            2.into(),
            12.into(),
            13.into(),
            31.into(),
            32.into(),
            33.into(),
            50.into(),
            51.into(),
            10_000.into(),
            10_001.into(),
            u64::from(u32::MAX).into(),
            (u64::from(u32::MAX) + 1).into(),
            ((1u64 << 53) - 1).into(),
            (1u64 << 53).into(),
            ((1u64 << 53) + 1).into(),
            i64::MAX.into(),
            u64::MAX.into(),
            i64::MIN.into(),
        ];
        for f in [1e308, -1e308, 0.5, -0.0, 22.0, 1e-300, 4.5e15] {
            out.push(Value::from(f));
        }
        out
    })
}

/// A hostile text: one of `strings` (the format's own values, valid or
/// nearly), one of them edited, alphabet soup of them with [`HOSTILE`]
/// characters, or rarely (one time in a thousand) a text of up to a
/// megabyte.
pub fn hostile_string(rng: &mut Rng, strings: &[&str]) -> String {
    if rng.chance(1, 1000) {
        return rng.token(HOSTILE).repeat(1 + rng.below(1 << 18));
    }
    match rng.below(3) {
        0 => rng.token(strings).to_string(),
        1 => {
            let s = rng.token(strings);
            mutate(rng, s, strings)
        }
        _ => from_alphabet(rng, strings, 6),
    }
}

/// A scalar or small value of any type: a hostile number, a hostile
/// string, null, a boolean, an empty array or object.
pub fn hostile_scalar(rng: &mut Rng, strings: &[&str]) -> Value {
    match rng.below(8) {
        0..=2 => rng.pick(hostile_numbers()).clone(),
        3..=4 => Value::String(hostile_string(rng, strings)),
        5 => Value::Null,
        6 => Value::Bool(rng.chance(1, 2)),
        _ => {
            if rng.chance(1, 2) {
                Value::Array(Vec::new())
            } else {
                Value::Object(Map::new())
            }
        }
    }
}

/// The number of values in `v`, itself included.
pub fn json_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(json_nodes).sum(),
        Value::Object(map) => map.values().map(json_nodes).sum(),
        _ => 0,
    }
}

/// The `k`-th value of `v` in depth-first order (0 is `v` itself); `v`
/// when there are fewer.
pub fn json_node_mut(v: &mut Value, k: usize) -> &mut Value {
    if k == 0 {
        return v;
    }
    // Find the child that holds the node first, then borrow it mutably.
    let mut rest = k - 1;
    let child = match &*v {
        Value::Array(items) => items.iter().map(json_nodes).collect::<Vec<_>>(),
        Value::Object(map) => map.values().map(json_nodes).collect::<Vec<_>>(),
        _ => Vec::new(),
    }
    .into_iter()
    .enumerate()
    .find_map(|(i, n)| {
        if rest < n {
            Some(i)
        } else {
            rest -= n;
            None
        }
    });
    match (v, child) {
        (Value::Array(items), Some(i)) => json_node_mut(&mut items[i], rest),
        (Value::Object(map), Some(i)) => match map.values_mut().nth(i) {
            Some(c) => json_node_mut(c, rest),
            None => unreachable!("child {i} was counted"),
        },
        (v, _) => v,
    }
}

/// `v` wrapped in `depth` arrays or one-key objects.
pub fn nest(rng: &mut Rng, v: Value, depth: usize) -> Value {
    let mut out = v;
    for _ in 0..depth {
        out = if rng.chance(1, 2) {
            Value::Array(vec![out])
        } else {
            let mut map = Map::new();
            map.insert("x".into(), out);
            Value::Object(map)
        };
    }
    out
}

/// One structural edit of one value of `doc`, chosen at random: see the
/// section's doc. `keys` are the format's own keys (and near misses),
/// `strings` its own texts.
pub fn edit_json(rng: &mut Rng, doc: &mut Value, keys: &[&str], strings: &[&str]) {
    let n = json_nodes(doc);
    // Another value of the document, to put where it does not belong.
    let donor = json_node_mut(doc, rng.below(n)).clone();
    let node = json_node_mut(doc, rng.below(n));
    match rng.below(10) {
        // A value of the wrong type or out of range in place of this one.
        0..=2 => *node = hostile_scalar(rng, strings),
        3 => *node = donor,
        4 => {
            let most = if rng.chance(1, 8) { 200 } else { 8 };
            let depth = 1 + rng.below(most);
            *node = nest(rng, node.take(), depth);
        }
        // An edit that fits the node's own type.
        _ => match node {
            Value::Number(_) => *node = rng.pick(hostile_numbers()).clone(),
            Value::String(s) => *s = hostile_string(rng, strings),
            Value::Array(items) => {
                let len = items.len();
                match rng.below(7) {
                    0 if len > 0 => {
                        items.remove(rng.below(len));
                    }
                    1 if len > 0 => {
                        let i = rng.below(len);
                        let copy = items[i].clone();
                        items.insert(i, copy);
                    }
                    2 if len > 1 => items.swap(rng.below(len), rng.below(len)),
                    3 => items.truncate(rng.below(len + 1)),
                    4 if len > 0 && rng.chance(1, 8) => {
                        // Grown past any limit: ten thousand and more.
                        let copy = items[rng.below(len)].clone();
                        items.resize(10_001 + rng.below(3), copy);
                    }
                    5 => items.reverse(),
                    _ => items.insert(rng.below(len + 1), hostile_scalar(rng, strings)),
                }
            }
            Value::Object(map) => {
                let present: Vec<String> = map.keys().cloned().collect();
                match rng.below(3) {
                    0 if !present.is_empty() => {
                        map.remove(rng.pick(&present));
                    }
                    1 if !present.is_empty() => {
                        // Renamed: to another key of the format, a near
                        // miss, or a hostile text.
                        let old = rng.pick(&present).clone();
                        let value = map.remove(&old).unwrap_or(Value::Null);
                        let new = if rng.chance(3, 4) {
                            rng.token(keys).to_string()
                        } else {
                            hostile_string(rng, keys)
                        };
                        map.insert(new, value);
                    }
                    _ => {
                        let key = if rng.chance(3, 4) {
                            rng.token(keys).to_string()
                        } else {
                            hostile_string(rng, keys)
                        };
                        let value = if rng.chance(1, 2) {
                            donor
                        } else {
                            hostile_scalar(rng, strings)
                        };
                        map.insert(key, value);
                    }
                }
            }
            _ => *node = hostile_scalar(rng, strings),
        },
    }
}

/// `doc` with one to three [`edit_json`] edits.
pub fn mutate_json(rng: &mut Rng, doc: &Value, keys: &[&str], strings: &[&str]) -> Value {
    let mut out = doc.clone();
    for _ in 0..1 + rng.below(3) {
        edit_json(rng, &mut out, keys, strings);
    }
    out
}

/// `v` as text, written in one of several ways: compact, pretty, or with
/// one key of one object written twice (which a `Value` cannot hold), the
/// second time with another value.
pub fn json_text(rng: &mut Rng, v: &Value) -> String {
    match rng.below(4) {
        0 => serde_json::to_string_pretty(v).unwrap_or_default(),
        1 => {
            let mut objects = Vec::new();
            let mut count = 0;
            list_objects(v, &mut count, &mut objects);
            if objects.is_empty() {
                return v.to_string();
            }
            let target = *rng.pick(&objects);
            let mut out = String::new();
            let mut count = 0;
            write_with_duplicate(rng, v, target, &mut count, &mut out);
            out
        }
        _ => v.to_string(),
    }
}

/// The depth-first numbers of the non-empty objects in `v`.
fn list_objects(v: &Value, count: &mut usize, out: &mut Vec<usize>) {
    let here = *count;
    *count += 1;
    match v {
        Value::Array(items) => items.iter().for_each(|i| list_objects(i, count, out)),
        Value::Object(map) => {
            if !map.is_empty() {
                out.push(here);
            }
            map.values().for_each(|i| list_objects(i, count, out));
        }
        _ => {}
    }
}

/// Write `v` compactly, the object numbered `target` (depth-first, all
/// values counted) with its first key written again at the end.
fn write_with_duplicate(
    rng: &mut Rng,
    v: &Value,
    target: usize,
    count: &mut usize,
    out: &mut String,
) {
    let here = *count;
    *count += 1;
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_with_duplicate(rng, item, target, count, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write_with_duplicate(rng, item, target, count, out);
            }
            if here == target {
                if let Some((k, item)) = map.iter().next() {
                    let again = if rng.chance(1, 2) {
                        item.clone()
                    } else {
                        hostile_scalar(rng, &["x"])
                    };
                    out.push(',');
                    out.push_str(&Value::String(k.clone()).to_string());
                    out.push(':');
                    out.push_str(&again.to_string());
                }
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nodes_are_counted_and_reached_depth_first() {
        let mut v = json!({"a": [1, {"b": 2}], "c": "x"});
        assert_eq!(json_nodes(&v), 6);
        *json_node_mut(&mut v, 4) = json!(9);
        assert_eq!(v, json!({"a": [1, {"b": 9}], "c": "x"}));
    }

    #[test]
    fn mutations_change_the_document_and_its_text() {
        let doc = json!({"version": 2, "moves": ["11-15", "22-18"], "level": "easy"});
        let mut rng = Rng::new(11);
        let mut changed = 0;
        let mut twice = 0;
        for _ in 0..200 {
            let m = mutate_json(&mut rng, &doc, &["version", "moves"], &["easy", "11-15"]);
            changed += usize::from(m != doc);
            let text = json_text(&mut rng, &doc);
            let keys = ["\"version\"", "\"moves\"", "\"level\""];
            twice += usize::from(keys.iter().any(|k| text.matches(k).count() == 2));
        }
        assert!(changed > 150, "{changed}");
        assert!(twice > 10, "{twice}");
    }
}
