//! Cross-checks of the endgame values: the fast [`endgame::value`] against the multiset
//! recursion, and both against a brute-force search of the game itself that knows nothing about
//! chains or loops.

use std::collections::HashSet;

use pencilbox_dots::board::{Position, Score};
use pencilbox_dots::endgame::{self, Components, GameResult, reference};
use pencilbox_grid::{Cell, Dims, Edge};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Exhaustive negamax over subsets of a fixed list of lines (every other line counts as drawn),
/// with a dense table so one solver serves every position on the same lines. Knows the rules
/// only: drawing the last side of a box scores it and keeps the turn.
struct Brute {
    /// For each line (by its bit), the masks of the up to two boxes it borders, over the lines'
    /// bits (sides outside `lines` are drawn, so a box's mask is its sides in `lines`).
    boxes_of: Vec<Vec<u32>>,
    full: u32,
    table: Vec<i8>,
}

const UNKNOWN: i8 = i8::MIN;

impl Brute {
    fn new(dims: Dims, lines: &[Edge]) -> Brute {
        assert!(lines.len() <= 26);
        let bit = |e: Edge| lines.iter().position(|&l| l == e);
        let boxes_of = lines
            .iter()
            .map(|&e| {
                dims.edge_cells(e)
                    .into_iter()
                    .flatten()
                    .map(|cell| {
                        dims.cell_edges(cell).into_iter().filter_map(bit).fold(0u32, |m, b| m | 1 << b)
                    })
                    .collect()
            })
            .collect();
        Brute { boxes_of, full: (1u32 << lines.len()) - 1, table: vec![UNKNOWN; 1 << lines.len()] }
    }

    /// The mover's future boxes minus the opponent's, with the lines of `drawn` drawn.
    fn value(&mut self, drawn: u32) -> Score {
        if drawn == self.full {
            return 0;
        }
        if self.table[drawn as usize] != UNKNOWN {
            return self.table[drawn as usize] as Score;
        }
        let mut best = Score::MIN;
        let mut free = self.full & !drawn;
        while free != 0 {
            let b = free.trailing_zeros() as usize;
            free &= free - 1;
            let next = drawn | 1 << b;
            let got = self.boxes_of[b].iter().filter(|&&m| next & m == m).count() as Score;
            let v = if got > 0 { got + self.value(next) } else { -self.value(next) };
            best = best.max(v);
        }
        self.table[drawn as usize] = best as i8;
        best
    }
}

/// Every position of a `rows × cols` board (at most 26 lines) in which every box has 0 or 2
/// undrawn sides, as a drawn-line mask over all lines; checks brute force = multiset recursion
/// = fast value. Returns how many positions were compared.
fn check_every_position(rows: usize, cols: usize) -> usize {
    let dims = Dims::new(rows, cols).unwrap();
    let lines: Vec<Edge> = dims.edges().collect();
    let mut brute = Brute::new(dims, &lines);
    let cell_masks: Vec<u32> =
        dims.cells().map(|c| dims.cell_edges(c).iter().fold(0u32, |m, e| m | 1 << e.index())).collect();
    let (mut compared, mut all_two) = (0, 0);
    for drawn in 0..=brute.full {
        let simple = cell_masks.iter().all(|&m| matches!((m & !drawn).count_ones(), 0 | 2));
        if !simple {
            continue;
        }
        let pos =
            Position::from_lines(dims, (0..lines.len()).filter(|&i| drawn >> i & 1 == 1).map(Edge)).unwrap();
        let parts = endgame::decompose(&pos).unwrap();
        let truth = brute.value(drawn);
        if pos.undrawn_counts().iter().all(|&u| u == 2) {
            // GAMEDOTS: the brute-force value's sign and the mover (by the parity of the drawn
            // lines) decide the result.
            let want = match (truth.signum(), drawn.count_ones() % 2 == 0) {
                (0, _) => GameResult::Draw,
                (1, true) | (-1, false) => GameResult::Alice,
                _ => GameResult::Bob,
            };
            assert_eq!(endgame::gamedots_result(&pos).unwrap(), want, "GAMEDOTS on\n{pos}");
            all_two += 1;
        } else {
            assert!(endgame::gamedots_result(&pos).is_err());
        }
        assert_eq!(reference::multiset_value(&parts), truth, "multiset recursion on\n{pos}{parts}");
        assert_eq!(endgame::value(&parts), truth, "fast value on\n{pos}{parts}");
        compared += 1;
    }
    eprintln!("{rows}x{cols}: {compared} simple loony positions compared, {all_two} of them GAMEDOTS ones");
    compared
}

#[test]
fn every_2x2_position() {
    assert_eq!(check_every_position(2, 2), count_positions(2, 2));
}

#[test]
fn every_2x3_and_3x2_position() {
    assert!(check_every_position(2, 3) > 100);
    assert!(check_every_position(3, 2) > 100);
}

#[test]
fn every_3x3_position() {
    let n = check_every_position(3, 3);
    assert!(n > 1000, "{n}");
}

/// Independent count of the simple loony positions of a board by brute force over masks.
fn count_positions(rows: usize, cols: usize) -> usize {
    let dims = Dims::new(rows, cols).unwrap();
    (0u32..1 << dims.num_edges())
        .filter(|&drawn| {
            let p =
                Position::from_lines(dims, (0..dims.num_edges()).filter(|&i| drawn >> i & 1 == 1).map(Edge))
                    .unwrap();
            p.undrawn_counts().iter().all(|&u| u == 0 || u == 2)
        })
        .count()
}

/// A random simple loony position: chains and loops grown by random self-avoiding walks through
/// unused boxes, kept while the number of undrawn lines stays within `max_undrawn`. Returns the
/// position and the components it was built from.
fn random_layout(
    rng: &mut ChaCha8Rng,
    dims: Dims,
    max_undrawn: usize,
    attempts: usize,
) -> (Position, Components) {
    let mut used = vec![false; dims.num_cells()];
    let mut undrawn: HashSet<Edge> = HashSet::new();
    let (mut chains, mut loops) = (Vec::new(), Vec::new());
    let border: Vec<Edge> =
        dims.edges().filter(|&e| dims.edge_cells(e).iter().flatten().count() == 1).collect();
    for _ in 0..attempts {
        let grown = if rng.random_bool(0.6) {
            let e = border[rng.random_range(0..border.len())];
            let start = dims.edge_cells(e).into_iter().flatten().next().unwrap();
            grow(rng, dims, &used, start, e, false)
        } else {
            let start = dims.cell_at(rng.random_range(0..dims.num_cells()));
            grow(rng, dims, &used, start, Edge(usize::MAX), true)
        };
        let Some((cells, edges, is_loop)) = grown else { continue };
        if undrawn.len() + edges.len() > max_undrawn {
            continue;
        }
        for c in &cells {
            used[dims.cell_index(*c)] = true;
        }
        undrawn.extend(edges);
        if is_loop { loops.push(cells.len()) } else { chains.push(cells.len()) }
    }
    let pos = Position::from_lines(dims, dims.edges().filter(|e| !undrawn.contains(e))).unwrap();
    (pos, Components::new(chains, loops))
}

/// One walk from `start` (entered by `entry` for a chain). Returns the boxes, the undrawn lines
/// and whether it is a loop; `None` when the walk gets stuck or `start` is taken.
fn grow(
    rng: &mut ChaCha8Rng,
    dims: Dims,
    used: &[bool],
    start: Cell,
    entry: Edge,
    is_loop: bool,
) -> Option<(Vec<Cell>, Vec<Edge>, bool)> {
    if used[dims.cell_index(start)] {
        return None;
    }
    let mut cells = vec![start];
    let mut edges = if is_loop { vec![] } else { vec![entry] };
    let mut came_by = entry;
    loop {
        let cell = *cells.last().unwrap();
        let mut options = Vec::new();
        for e in dims.cell_edges(cell) {
            if e == came_by {
                continue;
            }
            match dims.edge_cells(e).into_iter().flatten().find(|&c| c != cell) {
                None if !is_loop => options.push((e, None)),
                Some(c) if is_loop && c == start && cells.len() >= 4 => options.push((e, Some(c))),
                Some(c) if !used[dims.cell_index(c)] && !cells.contains(&c) => options.push((e, Some(c))),
                _ => {}
            }
        }
        if options.is_empty() || cells.len() > 3 * (dims.rows() + dims.cols()) {
            return None;
        }
        let (e, next) = options[rng.random_range(0..options.len())];
        edges.push(e);
        match next {
            None => return Some((cells, edges, false)),
            Some(c) if c == start => return Some((cells, edges, true)),
            Some(c) => {
                cells.push(c);
                came_by = e;
            }
        }
    }
}

/// Random layouts on larger boards, each solved by brute force over its undrawn lines.
fn check_random_layouts(seed: u64, count: usize, max_undrawn: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sizes = [(4, 4), (4, 5), (5, 5), (3, 6)];
    let (mut components, mut undrawn) = (0, 0);
    for i in 0..count {
        let (r, c) = sizes[i % sizes.len()];
        let dims = Dims::new(r, c).unwrap();
        let (pos, built) = random_layout(&mut rng, dims, max_undrawn, 40);
        let parts = endgame::decompose(&pos).unwrap();
        assert_eq!(parts, built, "decomposition of\n{pos}");
        let lines: Vec<Edge> = pos.legal_moves().collect();
        components += parts.chains().len() + parts.loops().len();
        undrawn += lines.len();
        let truth = Brute::new(dims, &lines).value(0);
        assert_eq!(reference::multiset_value(&parts), truth, "multiset recursion on\n{pos}{parts}");
        assert_eq!(endgame::value(&parts), truth, "fast value on\n{pos}{parts}");
        if dims.num_edges() <= 64 && lines.len() <= 14 {
            assert_eq!(reference::brute_force(&pos), truth, "Position-based brute force on\n{pos}");
        }
    }
    eprintln!("{count} random layouts: {components} components, {undrawn} undrawn lines in all");
    count
}

#[test]
fn random_layouts_up_to_18_undrawn_lines() {
    check_random_layouts(1, 300, 18);
}

#[test]
#[ignore = "slow: several minutes; run with --ignored"]
fn random_layouts_up_to_24_undrawn_lines() {
    check_random_layouts(2, 200, 24);
}

fn multisets() -> impl Strategy<Value = Components> {
    let chains = proptest::collection::vec(1usize..=12, 0..7);
    let loops =
        proptest::collection::vec(prop_oneof![Just(4usize), Just(6), (4usize..=8).prop_map(|k| 2 * k)], 0..5);
    (chains, loops).prop_map(|(c, l)| Components::new(c, l))
}

/// Many short components: where the dynamic programme has the most to do.
fn short_heavy() -> impl Strategy<Value = Components> {
    let chains = proptest::collection::vec(prop_oneof![1usize..=3, 4usize..=9], 0..9);
    let loops = proptest::collection::vec(prop_oneof![Just(4usize), Just(6), Just(8), Just(12)], 0..6);
    (chains, loops).prop_map(|(c, l)| Components::new(c, l))
}

/// Many components of few kinds: up to 6 of each short kind plus a few long ones, so the
/// recursion stays affordable while the counts exercise the dynamic programme.
fn many_of_each() -> impl Strategy<Value = Components> {
    let counts = proptest::collection::vec(0usize..=6, 5);
    let long_chains = proptest::collection::vec(4usize..=14, 0..3);
    let long_loops = proptest::collection::vec((4usize..=8).prop_map(|k| 2 * k), 0..3);
    (counts, long_chains, long_loops).prop_map(|(k, mut chains, mut loops)| {
        for (n, &times) in [1, 2, 3].iter().zip(&k) {
            chains.extend(std::iter::repeat_n(*n, times));
        }
        loops.extend(std::iter::repeat_n(4, k[3]));
        loops.extend(std::iter::repeat_n(6, k[4]));
        Components::new(chains, loops)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fast_value_equals_the_multiset_recursion(c in multisets()) {
        prop_assert_eq!(endgame::value(&c), reference::multiset_value(&c), "{}", c);
    }

    #[test]
    fn fast_value_equals_the_recursion_on_short_heavy_sets(c in short_heavy()) {
        prop_assert_eq!(endgame::value(&c), reference::multiset_value(&c), "{}", c);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fast_value_equals_the_recursion_on_many_of_each(c in many_of_each()) {
        prop_assert_eq!(endgame::value(&c), reference::multiset_value(&c), "{}", c);
    }
}

#[test]
fn statement_examples() {
    for (name, want) in [("endgame-1", -5), ("endgame-2", 6)] {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/dots/");
        let text = std::fs::read_to_string(format!("{dir}{name}.in")).unwrap();
        let expected: Score =
            std::fs::read_to_string(format!("{dir}{name}.out")).unwrap().trim().parse().unwrap();
        assert_eq!(expected, want);
        let pos: Position = text.parse().unwrap();
        assert_eq!(endgame::position_value(&pos).unwrap(), want, "{name}");
        let lines: Vec<Edge> = pos.legal_moves().collect();
        if lines.len() <= 26 {
            assert_eq!(Brute::new(pos.dims(), &lines).value(0), want, "{name} by brute force");
        }
    }
}

/// The value, by the multiset recursion, of opening component `k` of `c` (a chain if `is_loop`
/// is false) when `len` is its length.
fn opening_value(c: &Components, is_loop: bool, len: usize) -> Score {
    let (mut chains, mut loops) = (c.chains().to_vec(), c.loops().to_vec());
    let list = if is_loop { &mut loops } else { &mut chains };
    let i = list.iter().position(|&n| n == len).unwrap();
    list.remove(i);
    let rest = reference::multiset_value(&Components::new(chains, loops));
    if is_loop { endgame::open_loop(len as Score, rest) } else { endgame::open_chain(len as Score, rest) }
}

// The lemmas of the module docs of `endgame`, one by one, on the multiset recursion.
proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn lemma_equal_handouts_cancel(c in multisets(), n in 1usize..=2) {
        let mut chains = c.chains().to_vec();
        chains.extend([n, n]);
        let more = Components::new(chains, c.loops().to_vec());
        prop_assert_eq!(reference::multiset_value(&more), reference::multiset_value(&c), "{}", c);
    }

    #[test]
    fn lemma_long_components_aggregate(c in multisets()) {
        let long_chains: Vec<usize> = c.chains().iter().copied().filter(|&n| n >= 4).collect();
        let long_loops: Vec<usize> = c.loops().iter().copied().filter(|&m| m >= 8).collect();
        let excess: usize = long_chains.iter().map(|n| n - 4).sum::<usize>() + long_loops.iter().map(|m| m - 8).sum::<usize>();
        let mut chains: Vec<usize> = c.chains().iter().copied().filter(|&n| n < 4).collect();
        let mut loops: Vec<usize> = c.loops().iter().copied().filter(|&m| m < 8).collect();
        match (long_chains.is_empty(), long_loops.is_empty()) {
            (false, false) => { chains.push(4 + excess); loops.push(8); }
            (false, true) => chains.push(4 + excess),
            (true, false) => loops.push(8 + excess),
            (true, true) => {}
        }
        let aggregated = Components::new(chains, loops);
        prop_assert_eq!(reference::multiset_value(&aggregated), reference::multiset_value(&c), "{} vs {}", c, aggregated);
    }

    #[test]
    fn lemma_opening_orders(c in short_heavy()) {
        let best = reference::multiset_value(&c);
        if c.chains().contains(&1) {
            prop_assert_eq!(opening_value(&c, false, 1), best, "a 1-chain first: {}", c);
        }
        if let Some(&smallest) = c.loops().first() {
            for &m in c.loops() {
                prop_assert!(opening_value(&c, true, smallest) >= opening_value(&c, true, m), "loop {} before {}: {}", smallest, m, c);
            }
        }
        if c.chains().contains(&3) {
            for &n in c.chains().iter().filter(|&&n| n >= 4) {
                prop_assert!(opening_value(&c, false, 3) >= opening_value(&c, false, n), "3-chain before {}: {}", n, c);
            }
        }
    }
}

/// Table size of the multiset recursion: the product of (count + 1) over distinct kinds.
fn reference_cost(c: &Components) -> usize {
    let mut kinds: Vec<(bool, usize)> = c.chains().iter().map(|&n| (false, n)).collect();
    kinds.extend(c.loops().iter().map(|&m| (true, m)));
    let mut cost = 1usize;
    for (i, k) in kinds.iter().enumerate() {
        if i == 0 || kinds[i - 1] != *k {
            cost = cost.saturating_mul(kinds.iter().filter(|&x| x == k).count() + 1);
        }
    }
    cost
}

#[test]
fn random_20x20_layouts_decompose_and_match_the_recursion() {
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let dims = Dims::new(20, 20).unwrap();
    let (mut checked, mut components) = (0, 0);
    for i in 0..80 {
        // Dense layouts (many components of many lengths) check the decomposition; sparser ones
        // also the value, when the recursion's table is affordable.
        let attempts = if i % 2 == 0 { 1000 } else { 60 };
        let (pos, built) = random_layout(&mut rng, dims, usize::MAX, attempts);
        let parts = endgame::decompose(&pos).unwrap();
        assert_eq!(parts, built, "decomposition of\n{pos}");
        components += parts.chains().len() + parts.loops().len();
        if reference_cost(&parts) <= 1 << 20 {
            assert_eq!(endgame::value(&parts), reference::multiset_value(&parts), "{parts}");
            checked += 1;
        }
    }
    eprintln!(
        "80 random 20x20 layouts ({components} components): {checked} values checked against the recursion"
    );
    assert!(checked >= 30, "{checked}");
}
