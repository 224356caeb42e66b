// The Dots-and-Boxes page (being written).
