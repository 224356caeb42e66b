// The Slitherlink page (being written).
