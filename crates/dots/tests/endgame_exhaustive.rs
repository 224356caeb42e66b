//! Exhaustive check of the fast endgame value against the plain multiset recursion: every
//! multiset of at most `MAX_PARTS` components drawn from chains of 1–9 boxes and loops of 4–12
//! boxes. The random property tests sample this space; here nothing is skipped, so every
//! interaction of the reductions (hand-outs cancel, long components aggregate, opening orders)
//! among small multisets is covered.

use pencilbox_dots::endgame::{Components, reference::multiset_value, value};

const CHAINS: [usize; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const LOOPS: [usize; 5] = [4, 6, 8, 10, 12];

/// Calls `visit` with every multiset (as counts per kind) of at most `left` more parts, kinds
/// chosen in non-decreasing index order from `from`.
fn each_multiset(counts: &mut Vec<usize>, from: usize, left: usize, visit: &mut impl FnMut(&[usize])) {
    visit(counts);
    if left == 0 {
        return;
    }
    for k in from..counts.len() {
        counts[k] += 1;
        each_multiset(counts, k, left - 1, visit);
        counts[k] -= 1;
    }
}

fn components(counts: &[usize]) -> Components {
    let mut chains = Vec::new();
    let mut loops = Vec::new();
    for (k, &n) in counts.iter().enumerate() {
        if k < CHAINS.len() {
            chains.extend(std::iter::repeat_n(CHAINS[k], n));
        } else {
            loops.extend(std::iter::repeat_n(LOOPS[k - CHAINS.len()], n));
        }
    }
    Components::new(chains, loops)
}

fn check_all(max_parts: usize) -> usize {
    let mut checked = 0;
    let mut counts = vec![0; CHAINS.len() + LOOPS.len()];
    each_multiset(&mut counts, 0, max_parts, &mut |counts| {
        let c = components(counts);
        assert_eq!(value(&c), multiset_value(&c), "{c}");
        checked += 1;
    });
    checked
}

#[test]
fn fast_value_equals_recursion_on_every_multiset_of_up_to_6_parts() {
    // C(14 + 6, 6) multisets.
    assert_eq!(check_all(6), 38_760);
}

#[test]
#[ignore = "about a minute; run by the benchmark script"]
fn fast_value_equals_recursion_on_every_multiset_of_up_to_9_parts() {
    assert_eq!(check_all(9), 817_190);
}
