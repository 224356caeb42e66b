//! Every board format round-trips: olympiad text, OpenSpiel line string and ASCII picture.

use pencilbox_dots::board::{AsciiBoard, BoardError, Line, Player, Position};
use pencilbox_grid::{Dims, Edge, Pos};
use proptest::prelude::*;

/// A random position on a board of up to 7×7 boxes, with random owners on some claimed boxes.
fn positions() -> impl Strategy<Value = Position> {
    (1usize..=7, 1usize..=7)
        .prop_flat_map(|(r, c)| {
            let dims = Dims::new(r, c).unwrap();
            let n = dims.num_edges();
            (
                Just(dims),
                proptest::collection::vec(prop::bool::weighted(0.7), n),
                proptest::collection::vec(0u8..3, r * c),
            )
        })
        .prop_map(|(dims, bits, owners)| {
            let mut p = Position::from_lines(
                dims,
                bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| Edge(i)),
            )
            .unwrap();
            for (cell, o) in dims.cells().zip(owners) {
                let owner = [None, Some(Player::First), Some(Player::Second)][o as usize];
                if p.is_claimed(cell) {
                    p.set_owner(cell, owner).unwrap();
                }
            }
            p
        })
}

fn without_owners(p: &Position) -> Position {
    Position::from_drawn(p.dims(), p.drawn()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn olympiad_round_trips(p in positions()) {
        let text = p.to_string();
        let back: Position = text.parse().unwrap();
        prop_assert_eq!(&back, &without_owners(&p));
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn line_string_round_trips(p in positions()) {
        let s = p.line_string();
        prop_assert_eq!(s.len(), p.dims().num_edges());
        let back = Position::from_line_string(p.dims(), &s).unwrap();
        prop_assert_eq!(&back, &without_owners(&p));
        prop_assert_eq!(back.line_string(), s);
    }

    #[test]
    fn ascii_round_trips_with_owners(p in positions()) {
        let text = AsciiBoard(p.clone()).to_string();
        let back: AsciiBoard = text.parse().unwrap();
        prop_assert_eq!(&back.0, &p);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn line_notation_round_trips(p in positions(), i in 0usize..1000) {
        let dims = p.dims();
        let edge = Edge(i % dims.num_edges());
        let line = Line::of(dims, edge);
        let back: Line = line.to_string().parse().unwrap();
        prop_assert_eq!(back, line);
        prop_assert_eq!(back.edge(dims).unwrap(), edge);
        prop_assert_eq!(Line::Number(edge.index()).edge(dims).unwrap(), edge);
    }

    #[test]
    fn garbage_never_panics(s in "[0-9 \\n+|AB#x-]{0,60}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<AsciiBoard>();
        let _ = Position::from_line_string(Dims::new(2, 2).unwrap(), &s);
        let _ = s.parse::<Line>();
    }
}

#[test]
fn olympiad_statement_examples_round_trip() {
    for name in ["endgame-1", "endgame-2"] {
        let path = format!("{}/../../examples/dots/{name}.in", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let p: Position = text.parse().unwrap();
        assert_eq!(p.to_string(), text.replace("\r\n", "\n"));
    }
}

#[test]
fn format_errors_have_positions() {
    let e = "2 2\n00\n00\n00\n000\n0a0\n".parse::<Position>().unwrap_err();
    assert_eq!(e, BoardError::NotBinary { pos: Pos { line: 6, col: 2 }, found: 'a' });
    let e = "2 2\n00\n00\n00\n000\n".parse::<Position>().unwrap_err();
    assert!(e.to_string().starts_with("line 6, column 1: expected row 2 of vertical lines"), "{e}");
    let e = "+---+\n|   |\n+---+\n| \n".parse::<AsciiBoard>().unwrap_err();
    assert!(matches!(e, BoardError::Picture { pos: Pos { line: 1, .. }, .. }), "{e}");
    let e = "+---+\n| x |\n+---+\n".parse::<AsciiBoard>().unwrap_err();
    assert!(e.to_string().starts_with("line 2, column 3: expected a blank, A, B or #"), "{e}");
}
