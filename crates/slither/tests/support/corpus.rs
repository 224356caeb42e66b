//! The benchmark corpus, read from `../shared/data/slitherlink/` beside the checkout (it is never
//! copied into the repository). A missing corpus fails the test that needs it: a test that
//! passes without its data would prove nothing.
#![allow(dead_code)] // each test binary uses its own part

use pencilbox_slither::{Puzzle, Solution, format};

/// Where the corpus lives, relative to this crate.
pub const PATH: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/slitherlink/janko-1176.json");

/// The parsed corpus; panics, naming the path, when it is missing or not JSON.
pub fn load() -> serde_json::Value {
    let text = std::fs::read_to_string(PATH).unwrap_or_else(|e| {
        panic!("the Slitherlink corpus is missing: cannot read {PATH} ({e}); these tests need ../shared beside the checkout")
    });
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the Slitherlink corpus at {PATH} is not JSON: {e}"))
}

/// The corpus solution: `x` inside, `-` outside cells; `None` for the malformed entries.
pub fn corpus_solution(p: &Puzzle, text: &str) -> Option<Solution> {
    let d = p.dims();
    let inside: Vec<bool> =
        text.lines().skip(1).flat_map(|l| l.split_whitespace()).map(|t| t == "x").collect();
    (inside.len() == d.num_cells()).then(|| Solution::from_inside(d, &inside)).filter(|s| p.is_solution(s))
}

/// `(name, puzzle, solution text)` of every entry, sorted by name.
pub fn entries(json: &serde_json::Value) -> Vec<(String, Puzzle, Option<String>)> {
    let data = json["data"].as_object().unwrap();
    let mut out: Vec<_> = data
        .iter()
        .map(|(name, e)| {
            let p = format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles.remove(0);
            (name.clone(), p, e["solution"].as_str().map(str::to_string))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
