//! Named options: the levels, presets, grades and formats an engine offers, each with one fixed
//! name. The engine that owns an option declares its names once with [`named!`](crate::named);
//! the command line and the web app parse with the `FromStr` this gives, list the accepted names
//! from `ALL`, and print with `Display`, so a name is never written twice.
//!
//! ```
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! pub enum Speed {
//!     Slow,
//!     Fast,
//! }
//! pencilbox_grid::named!(Speed, "speed", { Slow => "slow", Fast => "fast" });
//!
//! use pencilbox_grid::Named;
//! assert_eq!("FAST".parse::<Speed>(), Ok(Speed::Fast));
//! assert_eq!(Speed::Slow.to_string(), "slow");
//! assert_eq!(Speed::ALL, &[Speed::Slow, Speed::Fast]);
//! let err = "fats".parse::<Speed>().unwrap_err();
//! assert_eq!(err.to_string(), r#"unknown speed "fats": expected slow or fast"#);
//! assert_eq!(Speed::names().collect::<Vec<_>>(), ["slow", "fast"]);
//! ```

use std::fmt;

/// An option whose every value has a fixed name. Implemented by [`named!`](crate::named).
pub trait Named: Copy + Eq + 'static {
    /// What the option is called in messages: "level", "preset", "difficulty".
    const WHAT: &'static str;
    /// Every value, in the order they are listed to users.
    const ALL: &'static [Self];
    /// The value's name.
    fn name(self) -> &'static str;
    /// Every value's name, in the order of [`Named::ALL`].
    fn names() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().map(|v| v.name())
    }
    /// The value with this name, ignoring ASCII case and surrounding white space.
    fn from_name(s: &str) -> Result<Self, UnknownName> {
        let given = s.trim();
        Self::ALL.iter().copied().find(|v| v.name().eq_ignore_ascii_case(given)).ok_or_else(|| UnknownName {
            what: Self::WHAT,
            given: given.to_string(),
            expected: Self::names().collect(),
        })
    }
}

/// A name that is not one of an option's names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {given:?}: expected {}", OneOf(expected))]
pub struct UnknownName {
    /// What the option is called ("level").
    pub what: &'static str,
    /// The name that was given.
    pub given: String,
    /// The accepted names.
    pub expected: Vec<&'static str>,
}

/// `a`, `a or b`, `a, b or c`.
#[derive(Debug)]
pub struct OneOf<'a>(pub &'a [&'a str]);

impl fmt::Display for OneOf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("nothing"),
            [only] => f.write_str(only),
            [init @ .., last] => write!(f, "{} or {last}", init.join(", ")),
        }
    }
}

/// Declares the names of an option enum: implements [`Named`], `FromStr` (with [`UnknownName`]
/// as its error), `Display`, and an inherent `ALL` list.
///
/// `named!(Level, "level", { Random => "random", Strong => "strong" })`: the type, what it is
/// called in messages, then every variant with its name, in the order they are listed to users.
#[macro_export]
macro_rules! named {
    ($ty:ident, $what:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in the order they are listed to users.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];
        }
        impl $crate::Named for $ty {
            const WHAT: &'static str = $what;
            const ALL: &'static [$ty] = $ty::ALL;
            fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }
        impl ::std::str::FromStr for $ty {
            type Err = $crate::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$ty as $crate::Named>::from_name(s)
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::Named::name(*self))
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Colour {
        Red,
        Green,
        Blue,
    }
    crate::named!(Colour, "colour", { Red => "red", Green => "green", Blue => "blue" });

    #[test]
    fn every_name_round_trips() {
        for &c in Colour::ALL {
            assert_eq!(c.to_string().parse::<Colour>(), Ok(c));
            assert_eq!(c.to_string().to_uppercase().parse::<Colour>(), Ok(c));
        }
        assert_eq!(" blue\n".parse::<Colour>(), Ok(Colour::Blue));
    }

    #[test]
    fn an_unknown_name_lists_the_accepted_ones() {
        let err = "gren".parse::<Colour>().unwrap_err();
        assert_eq!(
            err,
            UnknownName { what: "colour", given: "gren".into(), expected: vec!["red", "green", "blue"] }
        );
        assert_eq!(err.to_string(), r#"unknown colour "gren": expected red, green or blue"#);
        assert!("".parse::<Colour>().is_err());
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(OneOf(&["a"]).to_string(), "a");
        assert_eq!(OneOf(&["a", "b"]).to_string(), "a or b");
        assert_eq!(OneOf(&["a", "b", "c"]).to_string(), "a, b or c");
    }
}
