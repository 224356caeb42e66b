//! Slitherlink (being written).
