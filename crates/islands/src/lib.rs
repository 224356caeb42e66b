//! The Islands game (being written).
