//! Format fixtures, round trips (text ↔ puzz.link ↔ Loopy) and bad-input errors with positions.

#[path = "support/fixtures.rs"]
mod fixtures;

use pencilbox_grid::Pos;
use pencilbox_slither::format::{self, FormatError, InputFormat};

/// One 5×5 puzzle in all three input formats, encoded by hand.
const TEXT: &str = "5 5\n3 . . 2 .\n. 0 . . 1\n. . . . .\n2 . 3 . .\n. . . 1 3\n";
const URL: &str = "https://puzz.link/p?slither/5/5/dcabi7di1d";
const LOOPY: &str = "5x5t0:3b2b0b1e2a3e13";

#[test]
fn hand_encoded_fixtures_agree() {
    let t = format::parse(TEXT).unwrap();
    let u = format::parse(URL).unwrap();
    let l = format::parse(LOOPY).unwrap();
    assert_eq!((t.format, u.format, l.format), (InputFormat::Text, InputFormat::Url, InputFormat::Loopy));
    assert_eq!(t.puzzles, u.puzzles);
    assert_eq!(t.puzzles, l.puzzles);
    let p = &t.puzzles[0];
    assert_eq!(format::to_url(p), URL);
    assert_eq!(format::to_loopy(p), LOOPY);
    assert_eq!(format::to_text(p), TEXT);
    // Without the host, and with `-` blanks and a compact row.
    assert_eq!(format::parse("p?slither/5/5/dcabi7di1d").unwrap().puzzles, t.puzzles);
    let alt = "5 5\n3 - - 2 -\n-0--1\n. . . . .\n2 . 3 . .\n. . . 1 3\n";
    assert_eq!(format::parse(alt).unwrap().puzzles, t.puzzles);
}

#[test]
fn unknown_clues_survive_the_url() {
    let p = &format::parse("2 3\n? . 1\n. ? .\n").unwrap().puzzles[0];
    let url = format::to_url(p);
    assert_eq!(url, "https://puzz.link/p?slither/3/2/.g6.g");
    assert_eq!(&format::parse(&url).unwrap().puzzles[0], p);
}

#[test]
fn slink_multi_puzzle_input() {
    let input = format::parse("1 1\n0\n2 2\n3 3\n. .\n0 0\n").unwrap();
    assert!(input.numbered);
    assert_eq!(input.puzzles.len(), 2);
    assert!(!format::parse("1 1\n0\n").unwrap().numbered);
}

/// Every generated puzzle of the owned fixture reads back the same from each format written.
#[test]
fn every_fixture_puzzle_round_trips_through_every_format() {
    for f in fixtures::load() {
        let p = &f.puzzle;
        for text in [format::to_text(p), format::to_url(p), format::to_loopy(p)] {
            assert_eq!(&format::parse(&text).unwrap().puzzles[0], p, "{} via {text}", f.name);
        }
    }
}

fn err(text: &str) -> FormatError {
    format::parse(text).unwrap_err()
}

#[test]
fn bad_input_names_the_problem_and_where() {
    let at = |line, col| Pos { line, col };
    assert!(matches!(err("2 2\n1 4\n. .\n"), FormatError::ClueTooLarge { pos, .. } if pos == at(2, 3)));
    assert!(matches!(err("2 2\n1 x\n. .\n"), FormatError::BadClue { pos, .. } if pos == at(2, 3)));
    assert!(matches!(
        err("2 3\n1 . .\n. .\n"),
        FormatError::RowLength { row: 2, found: 2, expected: 3, pos } if pos == at(3, 1)
    ));
    assert!(matches!(err("2 2\n1 1\n"), FormatError::Scan(_)));
    assert!(matches!(err("0 3\n"), FormatError::Dims { .. }));
    assert!(matches!(err("   \n\n"), FormatError::Empty));
    assert!(matches!(err("hello"), FormatError::Unrecognised { .. }));
    assert!(matches!(
        err("https://puzz.link/p?nurikabe/3/3/abc"),
        FormatError::OtherPuzzleType { ref kind, pos } if kind == "nurikabe" && pos == at(1, 21)
    ));
    assert!(matches!(err("p?slither/2/2/4"), FormatError::ClueTooLarge { .. }));
    assert!(matches!(err("p?slither/2/2/zz"), FormatError::CellCount { .. }));
    assert!(matches!(err("p?slither/2/2/0#"), FormatError::Malformed { .. }));
    assert!(matches!(err("3x3t1:abc"), FormatError::Malformed { .. }));
    assert!(matches!(err("2x2t0:3"), FormatError::CellCount { found: 1, expected: 4, .. }));
    assert!(matches!(err("2x2t0:34c"), FormatError::ClueTooLarge { pos, .. } if pos == at(1, 8)));
    // A URL must be alone.
    assert!(matches!(err("p?slither/1/1/0\nmore"), FormatError::Malformed { .. }));
    // The size is one line of two numbers; after a puzzle, a line that is not a size is named
    // with the puzzle it follows (a Dots-and-Boxes position, whose first rows read as clues).
    assert!(
        matches!(err("3\n3\n...\n"), FormatError::Header { ref found, pos } if found == "3" && pos == at(1, 1))
    );
    assert!(matches!(err("2 2 2\n..\n..\n"), FormatError::Header { .. }));
    assert!(matches!(err("2 2000\n"), FormatError::Scan(e) if e.pos == at(1, 3)));
    let dots = "3 3\n000\n111\n011\n110\n1010\n1000\n1001\n";
    assert!(matches!(
        err(dots),
        FormatError::AfterPuzzle { ref found, pos, from: 1, to: 4, previous }
            if found == "110" && pos == at(5, 1) && previous.rows() == 3
    ));
    // Several puzzles with the `0 0` end are read as before.
    assert_eq!(format::parse("1 1\n0\n\n1 2\n3 .\n0 0\n").unwrap().puzzles.len(), 2);
    // The message names the position.
    assert_eq!(err("2 2\n1 4\n. .\n").to_string(), "line 2, column 3: clue 4 is above 3");
}

mod roundtrip {
    use super::*;
    use pencilbox_grid::Dims;
    use pencilbox_slither::{Clue, Puzzle};
    use proptest::prelude::*;

    fn clue() -> impl Strategy<Value = Clue> {
        prop_oneof![4 => Just(Clue::Blank), 1 => Just(Clue::Unknown), 3 => (0u8..=3).prop_map(Clue::Number)]
    }

    proptest! {
        #[test]
        fn every_format_round_trips(r in 1usize..8, c in 1usize..8, clues in proptest::collection::vec(clue(), 64)) {
            let d = Dims::new(r, c).unwrap();
            let p = Puzzle::new(d, clues[..d.num_cells()].to_vec());
            let parse1 = |s: &str| format::parse(s).unwrap().puzzles.remove(0);
            prop_assert_eq!(&parse1(&format::to_text(&p)), &p);
            prop_assert_eq!(&parse1(&format::to_url(&p)), &p);
            // Loopy has no unknown clues: they come back blank.
            let known = Puzzle::new(d, p.clues().iter().map(|&c| if c == Clue::Unknown { Clue::Blank } else { c }).collect());
            prop_assert_eq!(&parse1(&format::to_loopy(&p)), &known);
            // And the encoders are canonical: decode then encode gives the same string.
            prop_assert_eq!(format::to_url(&parse1(&format::to_url(&p))), format::to_url(&p));
            prop_assert_eq!(format::to_loopy(&parse1(&format::to_loopy(&p))), format::to_loopy(&p));
        }
    }
}
