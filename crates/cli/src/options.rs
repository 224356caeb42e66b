//! What every verb's options share: engine option names for clap, numbers (counts, times,
//! seeds) refused with a message about the value, who moves first in a terminal game, and the
//! random seed.

use std::fmt::Display;
use std::str::FromStr;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use pencilbox_grid::Named;

/// A clap value parser for an engine's named option (a level, a preset, a difficulty): the
/// names come from the engine's `ALL`, so `--help` and the usage errors list them.
pub fn named<T: Named + Send + Sync>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::names()).try_map(|name| T::from_name(&name))
}

/// Lets every option and argument of `cmd` and of its subcommands take a value that looks like
/// a negative number (`--time-ms -1`), so that the option's own parser refuses it with what it
/// accepts, instead of clap taking it for an unknown option and suggesting `-- -1`.
pub fn negative_numbers_are_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|arg| {
        let takes_values = arg.get_action().takes_values();
        arg.allow_negative_numbers(takes_values)
    })
    .mut_subcommands(negative_numbers_are_values)
}

/// The unsigned integer types a [`whole`] option may have.
pub trait Whole: Copy + PartialOrd + Display + FromStr + Send + Sync + 'static {
    const MAX: Self;
}

macro_rules! whole_types {
    ($($t:ty),*) => { $(impl Whole for $t { const MAX: Self = <$t>::MAX; })* };
}
whole_types!(u8, u16, u32, u64, usize);

/// Reads a whole number of at least `min`; `what` says what it counts ("a whole number of
/// milliseconds") for the message that refuses anything else.
pub fn parse_whole<T: Whole>(text: &str, min: T, what: &str) -> Result<T, String> {
    let digits = text.trim();
    match digits.parse::<T>() {
        Ok(v) if v >= min => Ok(v),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("expected {what} from {min} to {}", T::MAX))
        }
        _ => Err(format!("expected {what}, {min} or more")),
    }
}

/// A clap value parser for a count or a time: a whole number of at least `min` ([`parse_whole`]).
pub fn whole<T: Whole>(min: T, what: &'static str) -> impl Fn(&str) -> Result<T, String> + Clone {
    move |text: &str| parse_whole(text, min, what)
}

/// A clap value parser for a time in milliseconds.
pub fn millis() -> impl Fn(&str) -> Result<u64, String> + Clone {
    whole(0, "a whole number of milliseconds")
}

/// A clap value parser for a random seed.
pub fn seed_value() -> impl Fn(&str) -> Result<u64, String> + Clone {
    whole(0, "a whole number")
}

/// A clap value parser for a time in seconds (`2.5`): a finite number, 0 or more, that a
/// [`Duration`] can hold.
pub fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if Duration::try_from_secs_f64(s).is_ok() => Ok(s),
        Ok(s) if s.is_finite() && s > 0.0 => Err("too long a time: give a number of seconds".into()),
        _ => Err("expected a number of seconds, 0 or more (e.g. 2.5)".into()),
    }
}

/// Who moves first in a game against the engine in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    Human,
    Engine,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Human => Side::Engine,
            Side::Engine => Side::Human,
        }
    }
}

/// The random seed of a run: `given`, or a fresh one drawn from the operating system and
/// printed on standard error (`seed N`) so that the run can be repeated with `--seed N`.
pub fn seed(given: Option<u64>) -> u64 {
    given.unwrap_or_else(|| {
        let seed = rand::random();
        eprintln!("seed {seed}");
        seed
    })
}

/// The names of an option for help texts: "random, greedy or strong".
pub fn one_of<T: Named>() -> String {
    let names: Vec<&str> = T::names().collect();
    pencilbox_grid::OneOf(&names).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_refused_with_what_is_accepted() {
        let ms = "a whole number of milliseconds";
        assert_eq!(parse_whole::<u64>(" 250 ", 0, ms), Ok(250));
        for bad in ["-1", "x", "", "1.5", "-"] {
            assert_eq!(
                parse_whole::<u64>(bad, 0, ms),
                Err("expected a whole number of milliseconds, 0 or more".into())
            );
        }
        assert_eq!(parse_whole::<u8>("300", 1, "a count"), Err("expected a count from 1 to 255".into()));
        assert_eq!(
            parse_whole::<usize>("0", 1, "a whole number of games"),
            Err("expected a whole number of games, 1 or more".into())
        );
    }

    #[test]
    fn seconds_are_finite_and_not_negative() {
        assert_eq!(seconds("2.5"), Ok(2.5));
        assert_eq!(seconds("0"), Ok(0.0));
        for bad in ["-1", "nan", "inf", "x", "-0.5"] {
            assert!(seconds(bad).unwrap_err().starts_with("expected a number of seconds"), "{bad}");
        }
        assert!(seconds("1e300").unwrap_err().starts_with("too long"));
    }
}
