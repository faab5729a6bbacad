//! Serde (feature `serde`) for the types whose one natural representation
//! is their notation string (RULES.md section 7): serialised with
//! `Display`, read back with `FromStr`.

/// Implements `Serialize` and `Deserialize` for `$ty` (and generic
/// `$ty<R: Ruleset>`) through its `Display` and `FromStr`.
macro_rules! string_serde {
    ($ty:ident $(<$r:ident>)?) => {
        #[cfg(feature = "serde")]
        impl$(<$r: $crate::Ruleset>)? serde::Serialize for $ty$(<$r>)? {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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
