//! Serde (feature `serde`) for the types whose one natural representation
//! is their notation string (RULES.md section 7): serialised with
//! `Display`, read back with `FromStr`.

/// Implements `Serialize` and `Deserialize` for `$ty` (and generic
/// `$ty<R: Ruleset>`) through its `Display` and `FromStr`.
///
/// With `check = $check` (a method `fn(&self) -> Result<(), String>`),
/// serialising a value that has no notation (one `FromStr` would not read
/// back as the same value, such as `Move::Pit(0)`) fails with the check's
/// message, rather than writing a string that does not round-trip.
macro_rules! string_serde {
    ($ty:ident $(<$r:ident>)?) => {
        $crate::serde_str::string_serde!($ty $(<$r>)?, check = |_| Ok(()));
    };
    ($ty:ident $(<$r:ident>)?, check = $check:expr) => {
        #[cfg(feature = "serde")]
        impl$(<$r: $crate::Ruleset>)? serde::Serialize for $ty$(<$r>)? {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let check: fn(&Self) -> Result<(), String> = $check;
                check(self).map_err(serde::ser::Error::custom)?;
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de $(, $r: $crate::Ruleset)?> serde::Deserialize<'de> for $ty$(<$r>)? {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use string_serde;
