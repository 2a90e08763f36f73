//! The player's settings: language, sound, square numbers.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Es,
    En,
}

/// The settings document, as the page sends and receives it.
///
/// Every field is checked on the way in: it must be a JSON object with
/// exactly these three fields; an unknown field, an unknown language or a
/// value of the wrong type rejects the whole object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "serde_json::Map<String, Value>")]
pub struct Settings {
    /// `None` follows the system language.
    pub language: Option<Language>,
    /// Short move sounds.
    pub sound: bool,
    /// Square numbers drawn on the board.
    pub square_numbers: bool,
}

/// The fields as read, before the object check.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RawSettings {
    language: Option<Language>,
    sound: bool,
    square_numbers: bool,
}

impl TryFrom<serde_json::Map<String, Value>> for Settings {
    type Error = serde_json::Error;
    /// Only an object is accepted (serde would also take an array of the
    /// three values, which is not a shape the page or the file uses).
    fn try_from(map: serde_json::Map<String, Value>) -> Result<Settings, serde_json::Error> {
        let raw = RawSettings::deserialize(Value::Object(map))?;
        Ok(Settings {
            language: raw.language,
            sound: raw.sound,
            square_numbers: raw.square_numbers,
        })
    }
}

impl Default for Settings {
    /// First launch: the system language, sound on, no square numbers.
    fn default() -> Settings {
        Settings {
            language: None,
            sound: true,
            square_numbers: false,
        }
    }
}

impl Settings {
    /// Read settings from their saved JSON, with the same checks as from the
    /// page.
    pub fn from_value(value: &Value) -> Result<Settings, serde_json::Error> {
        Settings::deserialize(value)
    }

    /// The JSON that is saved and sent to the page.
    pub fn to_value(&self) -> Value {
        serde_json::json!({
            "language": self.language,
            "sound": self.sound,
            "squareNumbers": self.square_numbers,
        })
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
        assert_eq!(serde_json::to_value(&s).unwrap(), s.to_value());
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
}
