//! How points, levels and the ends of a game are written in JSON, for the
//! saved game and for the app's page: a point as its name (`"c3"`), a
//! level as its number (`3`), an end as a word (`"allCaptured"`).
//!
//! Reading is parsing: anything else is refused with a short message that
//! quotes at most [`engine_kit::text::EXCERPT_CHARS`] characters of what it
//! was given, however long that was.

use crate::level::Level;
use crate::point::Point;
use crate::rules::End;
use engine_kit::text::excerpt;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// From JSON, exactly a point name `a1`–`e5`.
impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Point;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a point a1-e5")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Point, E> {
                Point::from_name(text).ok_or_else(|| {
                    E::custom(format_args!("'{}' is not a point a1-e5", excerpt(text)))
                })
            }
        }
        d.deserialize_str(Name)
    }
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

/// From JSON, exactly a whole number from 1 to [`Level::TOP`].
impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        struct Number;
        impl Visitor<'_> for Number {
            type Value = Level;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a level from 1 to {}", Level::TOP)
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Level, E> {
                u8::try_from(n)
                    .ok()
                    .and_then(Level::new)
                    .ok_or_else(|| E::custom(format_args!("level {n} is not 1 to {}", Level::TOP)))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Level, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom("a level is never negative"))
                    .and_then(|n| self.visit_u64(n))
            }
        }
        d.deserialize_u64(Number)
    }
}

impl Serialize for End {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            End::AllCaptured => "allCaptured",
            End::NoAction => "noAction",
            End::QuietTurns => "quietTurns",
            End::TurnLimit => "turnLimit",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn points_and_levels_read_back_and_refuse_the_rest_briefly() {
        let c3 = Point::from_name("c3").unwrap();
        assert_eq!(serde_json::to_value(c3).unwrap(), json!("c3"));
        assert_eq!(serde_json::from_value::<Point>(json!("c3")).unwrap(), c3);
        for bad in [
            json!("f1"),
            json!("C3"),
            json!(12),
            json!(null),
            json!(["c3"]),
        ] {
            assert!(
                serde_json::from_value::<Point>(bad.clone()).is_err(),
                "{bad}"
            );
        }
        let long = "x".repeat(1 << 20);
        let e = serde_json::from_value::<Point>(json!(long)).unwrap_err();
        assert!(e.to_string().len() < 80, "{e}");

        let l3 = Level::new(3).unwrap();
        assert_eq!(serde_json::to_value(l3).unwrap(), json!(3));
        assert_eq!(serde_json::from_value::<Level>(json!(3)).unwrap(), l3);
        for bad in [
            json!(0),
            json!(9),
            json!(-1),
            json!(2.5),
            json!("3"),
            json!(u64::MAX),
        ] {
            assert!(
                serde_json::from_value::<Level>(bad.clone()).is_err(),
                "{bad}"
            );
        }
        assert_eq!(
            serde_json::to_value(End::QuietTurns).unwrap(),
            json!("quietTurns")
        );
    }
}
