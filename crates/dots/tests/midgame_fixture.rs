//! The midgame accuracy fixtures (`tests/fixtures/midgame-5x5.txt` and the harder
//! `midgame-5x5-hard.txt`, made by the `midgame_fixture` example, read by the `accuracy` example)
//! are what they claim to be: positions of 5×5 games (38–44 undrawn lines, at least 40 of them;
//! the harder set 41–46, from the strong engine's self-play) with no box to take, each with every
//! legal move listed once and values that agree with each other. Cheap checks only: re-solving
//! positions is `cargo run --release -p pencilbox-dots --example midgame_fixture -- --check K`
//! (with `--out` for the harder set).

use std::collections::{HashMap, HashSet};
use std::ops::RangeInclusive;

use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::test_set::{self, Valued};
use pencilbox_grid::{Dims, Edge};

/// The fixtures in the repository: the file, the undrawn lines of its positions, the fewest
/// positions it must hold, and the fewest with each number of undrawn lines in the range it
/// must hold.
const FIXTURES: [(&str, RangeInclusive<u32>, usize, usize); 2] = [
    (concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5.txt"), 38..=44, 40, 3),
    (concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5-hard.txt"), 41..=46, 9, 1),
];

fn read(path: &str) -> Vec<Valued> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read the midgame fixture {path}: {e}"));
    test_set::parse(&text).unwrap_or_else(|e| panic!("the midgame fixture {path}: {e}"))
}

/// Every position of both fixtures.
fn fixture() -> Vec<Valued> {
    FIXTURES.iter().flat_map(|(path, ..)| read(path)).collect()
}

fn geometry() -> Geometry {
    Geometry::new(Dims::new(5, 5).unwrap()).unwrap()
}

#[test]
fn enough_positions_of_5x5_in_each_range_of_undrawn_lines_and_every_count_present() {
    let geo = geometry();
    for (path, range, least, least_each) in FIXTURES {
        let set = read(path);
        assert!(set.len() >= least, "only {} positions in {path}", set.len());
        let mut per_count: HashMap<u32, usize> = HashMap::new();
        for m in &set {
            assert_eq!(m.dims, geo.dims(), "{m}");
            let undrawn = geo.undrawn(m.drawn).count();
            assert!(range.contains(&undrawn), "{undrawn} undrawn lines in {path}: {m}");
            *per_count.entry(undrawn).or_default() += 1;
        }
        for undrawn in range {
            assert!(
                per_count.get(&undrawn).copied().unwrap_or(0) >= least_each,
                "few positions with {undrawn} undrawn lines in {path}: {per_count:?}"
            );
        }
    }
}

#[test]
fn no_box_can_be_taken_and_none_is_taken_yet() {
    let geo = geometry();
    for m in fixture() {
        assert!(geo.boxes().all(|b| geo.drawn_sides(m.drawn, b) < 3), "a box can be taken in {m}");
    }
}

#[test]
fn every_legal_move_is_listed_once_and_the_best_is_the_value() {
    let geo = geometry();
    for m in fixture() {
        let listed: Vec<Edge> = m.moves.iter().map(|&(e, _)| e).collect();
        let legal: Vec<Edge> = geo.undrawn(m.drawn).iter().collect();
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len(), "a move is listed twice in {m}");
        assert_eq!(sorted, legal, "the listed moves are not the legal ones in {m}");
        let losses: Vec<i32> = listed.iter().map(|&e| m.loss(e).unwrap()).collect();
        assert!(losses.iter().all(|&l| l >= 0) && losses.contains(&0), "best move value != value in {m}");
    }
}

#[test]
fn values_are_net_scores_over_the_unclaimed_boxes() {
    // Every box is claimed by the end, so a net score over n boxes lies in -n..=n and has the
    // parity of n; with no box takeable, no move completes one and each move's value is minus a
    // value over the same n boxes.
    let geo = geometry();
    for m in fixture() {
        let n = geo.unclaimed_boxes(m.drawn) as i32;
        for v in std::iter::once(m.value).chain(m.moves.iter().map(|&(_, v)| v)) {
            assert!(v.abs() <= n && (v - n) % 2 == 0, "value {v} over {n} boxes in {m}");
        }
    }
}

#[test]
fn moves_to_equivalent_positions_have_equal_values() {
    // Two children are equivalent when one maps onto the other by exchanging twin lines (the
    // two border lines of a corner box: the same string from a coin to the ground, Berlekamp
    // ch. 2) and a symmetry of the board; most positions have a corner with both lines undrawn.
    let geo = geometry();
    let mut compared = 0;
    for m in fixture() {
        let mut by_child: HashMap<_, (Edge, i32)> = HashMap::new();
        for &(e, v) in &m.moves {
            let child = LineSet(geo.normalise_twins(m.drawn.with(e).0));
            let (first, w) = *by_child.entry(geo.canonical(child).0).or_insert((e, v));
            assert_eq!(w, v, "lines {} and {} lead to equivalent positions in {m}", first.index(), e.index());
            compared += usize::from(first != e);
        }
    }
    assert!(compared >= 40, "only {compared} pairs of equivalent moves to compare");
}

#[test]
fn positions_are_distinct_up_to_symmetry() {
    let geo = geometry();
    let mut seen = HashSet::new();
    for m in fixture() {
        assert!(seen.insert(geo.canonical(m.drawn).0), "a repeated position: {m}");
    }
}

#[test]
fn the_format_round_trips() {
    let set = fixture();
    let text: String = set.iter().map(|m| format!("{m}\n")).collect();
    assert_eq!(test_set::parse(&text).unwrap(), set);
}

#[test]
fn malformed_lines_name_their_line_and_fault() {
    let lines = "0".repeat(60);
    let cases = [
        ("5x5", "found 1 field"),
        ("5y5 0 1", "board size"),
        ("5x5 0101 1", "line string"),
        (&*format!("5x5 {lines} one"), "not a value"),
        (&*format!("5x5 {lines} 1 3-1"), "LINE:VALUE"),
    ];
    for (text, fault) in cases {
        let err = test_set::parse(&format!("# a comment\n\n{text}\n")).unwrap_err();
        let message = err.to_string();
        assert!(message.starts_with("line 3:") && message.contains(fault), "{text}: {message}");
    }
}
