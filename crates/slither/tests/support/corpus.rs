//! The benchmark corpus, read from `../shared/data/slitherlink/` beside the checkout (it is never
//! copied into the repository). A missing corpus fails the test that needs it: a test that
//! passes without its data would prove nothing.

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
