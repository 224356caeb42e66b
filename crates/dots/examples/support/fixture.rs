//! The midgame accuracy fixture, as the examples that measure play on it read it.

use std::path::Path;

use anyhow::Context;
use pencilbox_dots::test_set::{self, Valued};

/// The midgame accuracy fixture in the repository.
pub const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5.txt");

/// The positions of the fixture at `path`: an error unless it is read and holds at least one.
pub fn read(path: &Path) -> anyhow::Result<Vec<Valued>> {
    let path = path.to_string_lossy();
    let text =
        std::fs::read_to_string(path.as_ref()).with_context(|| format!("cannot read the fixture {path}"))?;
    let set = test_set::parse(&text).with_context(|| format!("the fixture {path}"))?;
    anyhow::ensure!(!set.is_empty(), "the fixture {path} holds no positions");
    Ok(set)
}
