//! The rectangle DP against the literal rules and against the straightforward DP.

mod common;

use common::{Brute, random_board};
use pencilbox_cgt::nim_sum;
use pencilbox_grid::Cell;
use pencilbox_walls::reference::SlowGrundy;
use pencilbox_walls::{Board, GrundyTable, LongestTable, Position, Rect};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// 500 random boards up to 4×4: start value, winning moves and longest play all agree with the
/// whole-board search; then a random game is followed move by move, comparing the walls, the
/// value and the longest play of every position on the way.
#[test]
fn rectangles_agree_with_the_literal_rules_on_500_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(2015);
    for _ in 0..500 {
        let (rows, cols) = (rng.random_range(1..=4), rng.random_range(1..=4));
        let p = rng.random_range(0.0..0.5);
        let board = random_board(&mut rng, rows, cols, p);
        let grundy = GrundyTable::new(&board);
        let longest = LongestTable::new(&board);
        let mut brute = Brute::new(&board);
        let mut position = Position::start(&board);
        let mut walls = 0;

        let want_wins: Vec<Cell> = brute
            .moves(0)
            .into_iter()
            .filter(|&c| {
                let next = brute.play(0, c);
                brute.grundy(next) == 0
            })
            .collect();
        assert_eq!(position.winning_moves(&board, &grundy), want_wins, "{board}");

        loop {
            assert_eq!(brute.walls_of(&position), walls, "{board}");
            assert_eq!(position.grundy(&grundy), brute.grundy(walls), "{board}");
            assert_eq!(position.longest(&longest) as u32, brute.longest(walls), "{board}");
            let moves: Vec<Cell> = position.legal_moves(&board).collect();
            assert_eq!(moves, brute.moves(walls));
            if moves.is_empty() {
                break;
            }
            let cell = moves[rng.random_range(0..moves.len())];
            position.play(&board, cell).unwrap();
            walls = brute.play(walls, cell);
        }
    }
}

/// The engine wins every won position against every reply, and when lost keeps the game as
/// long as possible among its moves.
#[test]
fn engine_wins_won_positions_against_all_replies() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..60 {
        let (rows, cols) = (rng.random_range(1..=4), rng.random_range(1..=4));
        let board = random_board(&mut rng, rows, cols, 0.25);
        let grundy = GrundyTable::new(&board);
        let longest = LongestTable::new(&board);
        // Returns whether the engine, moving now, wins against every defence.
        fn engine_wins(b: &Board, p: &Position, g: &GrundyTable, l: &LongestTable) -> bool {
            let Some(mv) = p.engine_move(b, g, l) else { return false };
            let mut next = p.clone();
            next.play(b, mv).unwrap();
            next.legal_moves(b).collect::<Vec<_>>().into_iter().all(|reply| {
                let mut after = next.clone();
                after.play(b, reply).unwrap();
                engine_wins(b, &after, g, l)
            })
        }
        let start = Position::start(&board);
        assert_eq!(engine_wins(&board, &start, &grundy, &longest), start.grundy(&grundy) != 0, "{board}");
        if start.grundy(&grundy) == 0
            && let Some(mv) = start.engine_move(&board, &grundy, &longest)
        {
            let best = start
                .legal_moves(&board)
                .map(|c| {
                    let mut p = start.clone();
                    p.play(&board, c).unwrap();
                    p.longest(&longest)
                })
                .max()
                .unwrap();
            let mut p = start.clone();
            p.play(&board, mv).unwrap();
            assert_eq!(p.longest(&longest), best);
        }
    }
}

/// Every sub-rectangle of the fast table against the slow recursion.
fn assert_tables_agree(board: &Board) {
    let fast = GrundyTable::new(board);
    let mut slow = SlowGrundy::new(board);
    for top in 0..board.rows() {
        for bottom in top + 1..=board.rows() {
            for left in 0..board.cols() {
                for right in left + 1..=board.cols() {
                    let r = Rect::new(top, left, bottom, right);
                    assert_eq!(fast.grundy(r), slow.grundy(r), "{r} of\n{board}");
                }
            }
        }
    }
}

fn arb_board(max_side: usize) -> impl Strategy<Value = Board> {
    (1..=max_side, 1..=max_side, 0.0..0.6f64, any::<u64>())
        .prop_map(|(rows, cols, p, seed)| random_board(&mut ChaCha8Rng::seed_from_u64(seed), rows, cols, p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The straightforward DP equals the fast one on every sub-rectangle of boards up to 12×12.
    #[test]
    fn slow_dp_equals_fast_dp(board in arb_board(12)) {
        assert_tables_agree(&board);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The value of a position made of several rectangles is the XOR of its parts: after random
    /// moves, the XOR over the position's rectangles equals the whole-board search on its walls.
    #[test]
    fn value_of_a_position_is_the_xor_of_its_rectangles(
        board in arb_board(4),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let table = GrundyTable::new(&board);
        let mut brute = Brute::new(&board);
        let mut position = Position::start(&board);
        for pick in picks {
            let moves: Vec<Cell> = position.legal_moves(&board).collect();
            if moves.is_empty() {
                break;
            }
            position.play(&board, *pick.get(&moves)).unwrap();
        }
        let parts: Vec<u32> = position.rects().iter().map(|&r| table.grundy(r)).collect();
        let walls = brute.walls_of(&position);
        prop_assert_eq!(nim_sum(parts.iter().copied()), brute.grundy(walls));
        // And each part alone agrees with the slow recursion.
        let mut slow = SlowGrundy::new(&board);
        for (&r, &g) in position.rects().iter().zip(&parts) {
            prop_assert_eq!(slow.grundy(r), g);
        }
        // The parts in play are those with a legal move; the others are worth 0.
        let in_play: Vec<Rect> = position.parts_in_play(&board).collect();
        for &r in position.rects() {
            let has_move = position.legal_moves(&board).any(|c| r.contains(c));
            prop_assert_eq!(in_play.contains(&r), has_move, "{}", r);
            if !has_move {
                prop_assert_eq!(table.grundy(r), 0);
            }
        }
    }
}

/// A marked cell walled in is no part in play: no move there, though it is no wall.
#[test]
fn a_walled_in_marked_cell_is_no_part_in_play() {
    let board: Board = "2 2\nX.\n..\n".parse().unwrap();
    let mut position = Position::start(&board);
    position.play(&board, Cell::new(1, 1)).unwrap();
    assert_eq!(position.rects(), [Rect::new(0, 0, 1, 1)]);
    assert!(!position.is_wall(Cell::new(0, 0)));
    assert_eq!(position.parts_in_play(&board).count(), 0);
    assert!(position.is_over(&board));
}

/// The multi-word mex masks (used when a value reaches 64) give the same table as one word.
#[test]
fn wider_mex_masks_give_the_same_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for _ in 0..5 {
        let (rows, cols) = (rng.random_range(1..=12), rng.random_range(1..=12));
        let board = random_board(&mut rng, rows, cols, 0.2);
        let narrow = GrundyTable::new(&board);
        assert_eq!(narrow.mask_words(), 1);
        for words in [2, 4, 128] {
            let wide = GrundyTable::with_mask_words(&board, words);
            assert_eq!(wide.mask_words(), words);
            for r in [Rect::whole(board.dims()), Rect::new(0, 0, 1, 1), Rect::new(1, 0, board.rows(), 1)] {
                assert_eq!(wide.grundy(r), narrow.grundy(r));
            }
            assert_eq!(wide.max_value(), narrow.max_value());
        }
        assert_tables_agree(&board);
    }
}

/// The fast table against the slow recursion at the largest size (minutes; run with
/// `cargo test --release -p pencilbox-walls -- --ignored`).
#[test]
#[ignore]
fn big_boards_agree_with_the_slow_recursion() {
    use pencilbox_walls::reference::slow_grundy;
    let empty = Board::empty(64, 64).unwrap();
    assert_eq!(GrundyTable::new(&empty).grundy(Rect::whole(empty.dims())), 19);
    assert_eq!(slow_grundy(&empty), 19);
    let marked = random_board(&mut ChaCha8Rng::seed_from_u64(64), 64, 64, 0.2);
    assert_eq!(GrundyTable::new(&marked).grundy(Rect::whole(marked.dims())), slow_grundy(&marked));
}
