// The Islands page (being written).
