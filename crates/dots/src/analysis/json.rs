//! The JSON form of a [`Report`], the one that `pencilbox dots solve --json` prints and
//! `POST /api/dots/solve` answers (docs/API.md shows its fields).
//!
//! A value is a number: an integer when exact, one decimal when estimated (`exact` tells them
//! apart; an estimate comes with its `std_error`, one decimal, and the `playouts` behind it).
//! Where the search was too thin to estimate, the value is missing (`too-thin`) and `playouts`
//! says how many it ran. A part that is missing is an object naming
//! why, `{"missing": "out-of-time", "message": "not decided in the time given"}`; a part that
//! was not asked for is left out.

use pencilbox_grid::Named;
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::report::{Missing, MoveReport, Part, Report, Value, round1};
use crate::control::Control;

impl Serialize for Report {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("rows", &self.dims.rows())?;
        map.serialize_entry("cols", &self.dims.cols())?;
        value_entries(&mut map, self.value)?;
        map.serialize_entry("bounds", &[self.bounds.0, self.bounds.1])?;
        map.serialize_entry("nodes", &self.nodes)?;
        if let Err(why) = &self.exact_solve {
            map.serialize_entry("exact_solve", why)?;
        }
        part_entry(&mut map, "best", &self.best)?;
        part_entry(&mut map, "moves", &self.moves)?;
        part_entry(&mut map, "chains", &self.chains.as_ref().map(Chains).map_err(|&m| m))?;
        part_entry(&mut map, "wins_control", &self.wins_control)?;
        map.end()
    }
}

impl Serialize for MoveReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("line", &self.line.index())?;
        map.serialize_entry("name", &self.name.to_string())?;
        value_entries(&mut map, self.value)?;
        part_entry(&mut map, "keeps_control", &self.keeps_control)?;
        part_entry(&mut map, "wins_control", &self.wins_control)?;
        map.end()
    }
}

/// `value` and `exact`; with an estimate its `std_error` and `playouts`; too thin to
/// estimate, the value missing and `playouts`.
fn value_entries<M: SerializeMap>(map: &mut M, value: Value) -> Result<(), M::Error> {
    match value {
        Value::Exact(v) => {
            map.serialize_entry("value", &v)?;
            map.serialize_entry("exact", &true)
        }
        Value::Estimate { value, std_error, playouts } => {
            // `+ 0.0` turns a rounded -0.0 into 0.
            map.serialize_entry("value", &(round1(value) + 0.0))?;
            map.serialize_entry("exact", &false)?;
            map.serialize_entry("std_error", &round1(std_error))?;
            map.serialize_entry("playouts", &playouts)
        }
        Value::TooThin { playouts } => {
            map.serialize_entry("value", &Missing::TooThin)?;
            map.serialize_entry("exact", &false)?;
            map.serialize_entry("playouts", &playouts)
        }
    }
}

/// A part under `key`: its value, or why it is missing; nothing when it was not asked for.
fn part_entry<M: SerializeMap, T: Serialize>(map: &mut M, key: &str, part: &Part<T>) -> Result<(), M::Error> {
    match part {
        Ok(found) => map.serialize_entry(key, found),
        Err(Missing::NotAsked) => Ok(()),
        Err(missing) => map.serialize_entry(key, missing),
    }
}

impl Serialize for Missing {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("missing", self.name())?;
        map.serialize_entry("message", &self.to_string())?;
        map.end()
    }
}

/// The chains and loops and the long chain rule.
struct Chains<'a>(&'a Control);

impl Serialize for Chains<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let components: Vec<Component<'_>> = c.components.iter().map(Component).collect();
        let mut map = s.serialize_map(Some(5))?;
        map.serialize_entry("components", &components)?;
        map.serialize_entry("long_chains", &c.long_chains)?;
        map.serialize_entry("safe_lines", &c.safe_lines)?;
        map.serialize_entry("mover_wants", c.mover_wants.name())?;
        map.serialize_entry("mover_on_track", &c.mover_on_track())?;
        map.end()
    }
}

/// One chain or loop: `kind`, whether the long chain rule counts it (`long`), and its boxes
/// `[row, col]` in order along it.
struct Component<'a>(&'a crate::theory::Component);

impl Serialize for Component<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let x = self.0;
        let boxes: Vec<[usize; 2]> = x.boxes.iter().map(|b| [b.row, b.col]).collect();
        let mut map = s.serialize_map(Some(3))?;
        map.serialize_entry("kind", x.kind.name())?;
        map.serialize_entry("long", &x.is_long_chain())?;
        map.serialize_entry("boxes", &boxes)?;
        map.end()
    }
}
