//! What every verb's options share: engine option names for clap, who moves first in a
//! terminal game, and the random seed.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use pencilbox_grid::Named;

/// A clap value parser for an engine's named option (a level, a preset, a difficulty): the
/// names come from the engine's `ALL`, so `--help` and the usage errors list them.
pub fn named<T: Named + Send + Sync>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::names()).try_map(|name| T::from_name(&name))
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
