//! Canonical table keys: a position and every position it maps to under the board's symmetries
//! and exchanges of twin lines share one key, so the table stores their common value once.

use pencilbox_grid::Edge;

use super::search::Worker;
use crate::compact::LineSet;
use crate::theory::Compact;

/// The drawn lines and their images under every symmetry of the board, each normalised under
/// exchanges of twin lines (see `Worker::key_of`), kept up to date move by move so that the
/// canonical key costs a few comparisons.
#[derive(Clone, Copy)]
pub(super) struct Images {
    pub(super) drawn: u128,
    pub(super) keys: [u128; 8],
}

impl Worker<'_, '_> {
    /// The table key of `drawn` and the symmetry that maps `drawn` to it, as the search keys
    /// it (see `key_at`).
    pub(super) fn key(&self, drawn: LineSet) -> (LineSet, usize) {
        self.key_at(&self.images(drawn))
    }

    /// The table key once `e` (undrawn) is drawn in `im`'s position.
    pub(super) fn child_key(&self, im: &Images, e: Edge) -> LineSet {
        self.key_at(&self.child_images(im, e)).0
    }

    pub(super) fn images(&self, drawn: LineSet) -> Images {
        let mut keys = [0; 8];
        for (s, img) in keys.iter_mut().enumerate().take(self.geo.num_symmetries()) {
            *img = self.geo.normalise_twins(self.geo.transform(s, drawn).0);
        }
        Images { drawn: drawn.0, keys }
    }

    /// The images once `e` (undrawn) is drawn. In a normalised image a twin group has its
    /// lowest lines drawn, so one more line of the group is its lowest undrawn one.
    pub(super) fn child_images(&self, im: &Images, e: Edge) -> Images {
        let mut keys = im.keys;
        for (s, img) in keys.iter_mut().enumerate().take(self.geo.num_symmetries()) {
            *img = self.geo.draw_normalised(s, *img, e);
        }
        Images { drawn: im.drawn | 1 << e.0, keys }
    }

    /// The table key of `im`'s position, as the search keys it: a strings-and-coins key (see
    /// `coins`) when they are on and no box can be taken, else [`Worker::key_of`].
    pub(super) fn key_at(&self, im: &Images) -> (LineSet, usize) {
        let pos = Compact::new(self.geo, LineSet(im.drawn));
        match self.coin_chains(&pos) {
            Some((chains, sides)) => self.coin_key(im, &chains, sides),
            None => self.key_of(im),
        }
    }

    /// The table key and the symmetry that gives it, from the images kept up to date move by
    /// move: the same as [`Geometry::class_key`](crate::compact::Geometry::class_key) of the
    /// drawn lines, without transforming them afresh.
    pub(super) fn key_of(&self, im: &Images) -> (LineSet, usize) {
        if !self.settings.use_symmetry {
            return (LineSet(im.drawn), 0);
        }
        let mut best = (LineSet(im.keys[0]), 0);
        for s in 1..self.geo.num_symmetries() {
            if im.keys[s] < best.0.0 {
                best = (LineSet(im.keys[s]), s);
            }
        }
        best
    }

    /// `e` if it is undrawn, else an undrawn twin of it (the table's move hints are stored in
    /// the orientation of the key, where twins may have been exchanged).
    pub(super) fn undrawn_twin(&self, drawn: LineSet, e: Edge) -> Edge {
        if !drawn.contains(e) {
            return e;
        }
        match self.geo.twin_groups().iter().find(|&&g| g >> e.0 & 1 == 1) {
            Some(&g) if g & !drawn.0 != 0 => Edge((g & !drawn.0).trailing_zeros() as usize),
            _ => e,
        }
    }

    /// The move the table stores for `drawn` (the move of the best value the last search of it
    /// found), as an undrawn line of `drawn`.
    pub(super) fn stored_move(&self, drawn: LineSet) -> Option<Edge> {
        let (key, sym) = self.key(drawn);
        let entry = self.table.probe(key)?;
        Some(self.undrawn_twin(drawn, self.unmap_from_key(sym, entry.best))).filter(|&e| !drawn.contains(e))
    }

    pub(super) fn map_to_key(&self, sym: usize, e: Edge) -> u8 {
        self.geo.map_edge(sym, e).0 as u8
    }

    pub(super) fn unmap_from_key(&self, sym: usize, e: u8) -> Edge {
        self.geo.map_edge(self.geo.inverse(sym), Edge(e as usize))
    }
}
