//! The player's settings: language, sound, square numbers, and the game
//! the start screen last offered.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Es,
    En,
}

/// A game of the app, as the start screen offers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameChoice {
    Checkers,
    Choko,
}

/// The settings document, as the page sends and receives it and as it is
/// saved: `{ "language": "es" | "en" | null, "sound": bool,
/// "squareNumbers": bool, "game": "checkers" | "choko" }`, `game` left out
/// until the player first chooses one (the start screen then offers
/// checkers).
///
/// Every field is checked on the way in: it must be a JSON object with
/// these fields and no other (`language` may be left out, which means
/// following the system); an unknown field, an unknown language or a value
/// of the wrong type rejects the whole object, with a message that quotes
/// at most a short prefix of what it was given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, remote = "Self")]
pub struct Settings {
    /// `None` follows the system language.
    pub language: Option<Language>,
    /// Short move sounds.
    pub sound: bool,
    /// Square numbers drawn on the board.
    pub square_numbers: bool,
    /// The last game chosen on the start screen; when present it is one of
    /// the two names (never `null`), so a saved file reads back as written.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "chosen_game"
    )]
    pub game: Option<GameChoice>,
}

fn chosen_game<'de, D: Deserializer<'de>>(d: D) -> Result<Option<GameChoice>, D::Error> {
    GameChoice::deserialize(d).map(Some)
}

impl Serialize for Settings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Settings::serialize(self, s)
    }
}

/// Only an object is accepted (serde would also take an array of the three
/// values, which is not a shape the page or the file uses), and every text
/// in it is cut short before the derived reader can quote it.
impl<'de> Deserialize<'de> for Settings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
        let value = Value::deserialize(d)?;
        if !value.is_object() {
            return Err(serde::de::Error::custom("settings must be a JSON object"));
        }
        Settings::deserialize(shorten(value)).map_err(serde::de::Error::custom)
    }
}

/// The same JSON with every text and key longer than a quote cut down to
/// one: no valid setting is that long, and errors then stay short.
fn shorten(value: Value) -> Value {
    let short = |s: String| {
        if s.chars().count() > checkers::text::EXCERPT_CHARS {
            checkers::text::excerpt(&s)
        } else {
            s
        }
    };
    match value {
        Value::String(s) => Value::String(short(s)),
        Value::Array(items) => Value::Array(items.into_iter().map(shorten).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (short(k), shorten(v)))
                .collect(),
        ),
        other => other,
    }
}

impl Default for Settings {
    /// First launch: the system language, sound on, no square numbers.
    fn default() -> Settings {
        Settings {
            language: None,
            sound: true,
            square_numbers: false,
            game: None,
        }
    }
}

impl Settings {
    /// Read settings from their saved JSON, with the same checks as from the
    /// page.
    pub fn from_value(value: &Value) -> Result<Settings, serde_json::Error> {
        <Settings as Deserialize>::deserialize(value)
    }

    /// The JSON that is saved and sent to the page.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn round_trip_and_shape() {
        let s = Settings {
            language: Some(Language::En),
            sound: false,
            square_numbers: true,
            game: None,
        };
        assert_eq!(
            s.to_value(),
            json!({ "language": "en", "sound": false, "squareNumbers": true })
        );
        assert_eq!(Settings::from_value(&s.to_value()).unwrap(), s);
        assert_eq!(
            Settings::default().to_value(),
            json!({ "language": null, "sound": true, "squareNumbers": false })
        );
    }

    #[test]
    fn the_last_game_chosen_is_kept_and_absent_until_chosen() {
        let v = json!({ "language": null, "sound": true, "squareNumbers": false, "game": "choko" });
        let s = Settings::from_value(&v).unwrap();
        assert_eq!(s.game, Some(GameChoice::Choko));
        assert_eq!(s.to_value(), v);
        let plain = json!({ "language": null, "sound": true, "squareNumbers": false });
        assert_eq!(Settings::from_value(&plain).unwrap().game, None);
        for bad in [json!(null), json!("go"), json!("Choko"), json!(1)] {
            let mut v = plain.clone();
            v["game"] = bad.clone();
            assert!(Settings::from_value(&v).is_err(), "game {bad} accepted");
        }
    }

    #[test]
    fn bad_shapes_are_rejected() {
        for bad in [
            json!({ "language": "fr", "sound": true, "squareNumbers": false }),
            json!({ "language": "ES", "sound": true, "squareNumbers": false }),
            json!({ "language": null, "sound": "yes", "squareNumbers": false }),
            json!({ "language": null, "sound": true }),
            json!({ "language": null, "sound": true, "squareNumbers": false, "x": 1 }),
            json!([null, true, false]),
            json!("settings"),
        ] {
            assert!(Settings::from_value(&bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn errors_quote_only_a_short_prefix() {
        let long = "x".repeat(1_000_000);
        for bad in [
            json!({ "language": long, "sound": true, "squareNumbers": false }),
            json!({ "language": null, "sound": long, "squareNumbers": false }),
            json!({ long.clone(): 1, "language": null, "sound": true, "squareNumbers": false }),
            json!(long),
        ] {
            let e = Settings::from_value(&bad).unwrap_err().to_string();
            assert!(e.len() < 200, "{} bytes: {}", e.len(), &e[..200]);
        }
    }
}
