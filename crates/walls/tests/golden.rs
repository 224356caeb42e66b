//! Known answers: the contest samples, the boards that catch the wrong reading of the rules,
//! and the golden table of Grundy values of all-empty boards.

mod common;

use common::Brute;
use pencilbox_walls::reference::SlowGrundy;
use pencilbox_walls::{Board, GrundyTable, Player, Rect, analyze, contest_answer};

const GOLDEN: &str = include_str!("empty-grundy.txt");
const GOLDEN_SIDE: usize = 20;

fn winner(text: &str) -> Player {
    analyze(&text.parse::<Board>().unwrap()).winner
}

#[test]
fn contest_samples() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/walls");
    for n in 1..=3 {
        let input = std::fs::read_to_string(format!("{dir}/sample-{n}.in")).unwrap();
        let output = std::fs::read_to_string(format!("{dir}/sample-{n}.out")).unwrap();
        assert_eq!(contest_answer(winner(&input)), output.trim(), "sample {n}");
    }
}

/// Both boards are `Second` if marked cells stopped the walls (the wrong reading).
#[test]
fn marked_cells_do_not_stop_walls() {
    assert_eq!(winner("1 3\n.X.\n"), Player::First);
    assert_eq!(winner("3 2\n..\nXX\n.X\n"), Player::First);
}

/// The golden file: row `h` holds the values of the `h × 1 … h × 20` empty boards.
fn golden() -> Vec<Vec<u32>> {
    let rows: Vec<Vec<u32>> = GOLDEN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), GOLDEN_SIDE);
    assert!(rows.iter().all(|r| r.len() == GOLDEN_SIDE));
    rows
}

/// One 20×20 table holds every smaller empty board as its top-left sub-rectangle.
fn fast_empty_values() -> Vec<Vec<u32>> {
    let table = GrundyTable::new(&Board::empty(GOLDEN_SIDE, GOLDEN_SIDE).unwrap());
    (1..=GOLDEN_SIDE)
        .map(|h| (1..=GOLDEN_SIDE).map(|w| table.grundy(Rect::new(0, 0, h, w))).collect())
        .collect()
}

#[test]
fn empty_boards_match_the_golden_table() {
    assert_eq!(fast_empty_values(), golden());
}

#[test]
fn golden_table_corner_matches_the_references() {
    let golden = golden();
    for h in 1..=GOLDEN_SIDE {
        for w in 1..=GOLDEN_SIDE {
            let board = Board::empty(h, w).unwrap();
            if h <= 10 && w <= 10 {
                assert_eq!(SlowGrundy::new(&board).grundy(Rect::whole(board.dims())), golden[h - 1][w - 1]);
            }
            if h * w <= 16 {
                assert_eq!(Brute::new(&board).grundy(0), golden[h - 1][w - 1], "{h}×{w}");
            }
        }
    }
}

/// Regenerates the golden file: `cargo test -p pencilbox-walls --test golden -- --ignored
/// print_golden --nocapture`, then check the diff by hand.
#[test]
#[ignore]
fn print_golden() {
    println!("# Grundy values of the all-empty H×W boards of the Wall Making Game.");
    println!("# Line H (1..=20) lists W = 1..=20. Generated with GrundyTable; the corner up to 10×10");
    println!("# is checked against the slow DP and up to 16 cells against the whole-board search.");
    for row in fast_empty_values() {
        println!("{}", row.iter().map(|v| format!("{v:2}")).collect::<Vec<_>>().join(" "));
    }
}

/// Transposing a board does not change the game.
#[test]
fn golden_table_is_symmetric() {
    let g = golden();
    for (h, row) in g.iter().enumerate() {
        for (w, &value) in row.iter().enumerate() {
            assert_eq!(value, g[w][h], "{}×{}", h + 1, w + 1);
        }
    }
}

#[test]
fn the_contest_answers_first_or_second() {
    assert_eq!([Player::First, Player::Second].map(contest_answer), ["First", "Second"]);
}
