// The Wall Making Game page (being written).
