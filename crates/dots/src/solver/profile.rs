//! Where the search spends its nodes, for choosing what to prune next: nodes by undrawn lines
//! and by phase, table probes and hits by undrawn lines, and the distinct keys it probed.
//!
//! Off by default ([`super::Solver::set_profile`]): the search then pays one test of an empty
//! `Option` per node. The `solver_profile` example prints the figures.

use std::collections::HashSet;

use crate::compact::{LineSet, SOLVER_MAX_LINES};
use crate::theory::{Compact, View};

/// The phase of a position, by what its mover can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Some undrawn line gives no box away.
    Safe = 0,
    /// Every undrawn line gives a box away, but some box has three or four undrawn sides.
    NoSafe = 1,
    /// Every unclaimed box has exactly two undrawn sides, or is takeable (a simple loony
    /// endgame once the captures are made).
    Simple = 2,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Safe, Phase::NoSafe, Phase::Simple];

    /// The phase of `pos`.
    pub fn of(pos: &Compact<'_>) -> Phase {
        if pos.is_simple_endgame() {
            return Phase::Simple;
        }
        // A line that takes a box is no move of the fight for the safe lines.
        if pos.safe_set().iter().any(|e| pos.completes(e) == 0) { Phase::Safe } else { Phase::NoSafe }
    }
}

/// The most distinct keys a profile keeps.
pub const KEY_SAMPLE: usize = 1 << 22;

/// The counters, indexed by the number of undrawn lines.
#[derive(Clone, Debug)]
pub struct Profile {
    /// `nodes[u][phase]`: nodes with `u` undrawn lines in each [`Phase`] (those that return at
    /// once, with no box left or a window outside the possible values, are not counted).
    pub nodes: Vec<[u64; 3]>,
    /// Of those, the nodes where a box could be taken.
    pub capturing: Vec<u64>,
    /// Table probes, and those that ended the node (a cutoff or an exact value).
    pub probes: Vec<u64>,
    pub hits: Vec<u64>,
    /// `cuts[capturing][i]`: cutoffs by the `i + 1`-th move searched (the last slot counts
    /// the fourth and later), at nodes where a box could be taken or not.
    pub cuts: [[u64; 4]; 2],
    /// The canonical keys the search probed, with the phase of their position: the first
    /// [`KEY_SAMPLE`] distinct ones (a set of every key would cost gigabytes).
    pub keys: HashSet<(u128, u8)>,
}

impl Default for Profile {
    fn default() -> Profile {
        Profile {
            nodes: vec![[0; 3]; SOLVER_MAX_LINES + 1],
            capturing: vec![0; SOLVER_MAX_LINES + 1],
            probes: vec![0; SOLVER_MAX_LINES + 1],
            hits: vec![0; SOLVER_MAX_LINES + 1],
            cuts: [[0; 4]; 2],
            keys: HashSet::new(),
        }
    }
}

impl Profile {
    pub(super) fn node(&mut self, pos: &Compact<'_>) -> Phase {
        let u = pos.geometry().undrawn(pos.drawn()).count() as usize;
        let phase = Phase::of(pos);
        self.nodes[u][phase as usize] += 1;
        if pos.can_take() {
            self.capturing[u] += 1;
        }
        phase
    }

    pub(super) fn cut(&mut self, capturing: bool, searched: usize) {
        self.cuts[usize::from(capturing)][(searched - 1).min(3)] += 1;
    }

    pub(super) fn probe(&mut self, undrawn: u32, key: LineSet, phase: Phase, hit: bool) {
        self.probes[undrawn as usize] += 1;
        self.hits[undrawn as usize] += u64::from(hit);
        if self.keys.len() < KEY_SAMPLE {
            self.keys.insert((key.0, phase as u8));
        }
    }
}
