//! The fast rules and the exact solver against slow, obviously correct references.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use pencilbox_cgt::{Nimber, Outcome, mex};
use pencilbox_grid::{Cell, Player};
use pencilbox_islands::solve::canonical_parts;
use pencilbox_islands::{
    Board, Field, Level, Move, PartialMove, RawMove, Solver, Square, Status, choose_move,
    for_each_legal_move, solve, status,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn examples() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/islands")
}

/// A random n×n board: each cell a number 1..=max_k with probability `p_num`, painted with
/// probability `p_paint`, else empty.
fn random_board(n: usize, max_k: u32, p_num: f64, p_paint: f64, rng: &mut impl Rng) -> Board {
    let squares = (0..n * n)
        .map(|_| {
            let x: f64 = rng.random();
            if x < p_paint {
                Square::Painted
            } else if x < p_paint + p_num {
                Square::Number(rng.random_range(1..=max_k))
            } else {
                Square::Empty
            }
        })
        .collect();
    Board::from_squares(n, squares).unwrap()
}

fn raw(cells: &[Cell]) -> RawMove {
    RawMove { cells: cells.iter().map(|c| (c.row as i64, c.col as i64)).collect() }
}

/// Every legal move, by trying every subset of cells against the rules.
fn legal_by_subsets(board: &Board) -> BTreeSet<Move> {
    let cells: Vec<Cell> = board.dims().cells().collect();
    let mut out = BTreeSet::new();
    for mask in 1u32..(1 << cells.len()) {
        let set: Vec<Cell> = (0..cells.len()).filter(|i| mask >> i & 1 == 1).map(|i| cells[i]).collect();
        if let Ok(m) = raw(&set).validate(board) {
            out.insert(m);
        }
    }
    out
}

/// Every legal move, by growing connected sets from each number one neighbour at a time.
fn legal_by_growth(board: &Board) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    for (c, k) in board.numbers() {
        let mut sets: HashSet<BTreeSet<Cell>> = HashSet::from([BTreeSet::from([c])]);
        for _ in 1..k.min(30) {
            let mut next = HashSet::new();
            for s in &sets {
                for &x in s {
                    for nb in board.dims().neighbours(x) {
                        if !s.contains(&nb) {
                            let mut t = s.clone();
                            t.insert(nb);
                            next.insert(t);
                        }
                    }
                }
            }
            sets = next;
        }
        for s in sets {
            let v: Vec<Cell> = s.into_iter().collect();
            if let Ok(m) = raw(&v).validate(board) {
                out.insert(m);
            }
        }
    }
    out
}

/// The moves of the fast enumerator.
fn legal_fast(board: &Board) -> BTreeSet<Move> {
    let (field, _) = Field::from_board(board);
    let mut out = BTreeSet::new();
    for (root, k) in field.numbers() {
        for r in field.regions(root, k, usize::MAX).unwrap() {
            assert!(out.insert(field.to_move(&r)), "region listed twice");
        }
    }
    out
}

fn after(board: &Board, m: &Move) -> Board {
    let mut b = board.clone();
    b.paint(m.cells());
    b
}

/// Win / Draw / Loss straight from the rules.
fn brute_wdl(board: &Board, memo: &mut HashMap<Board, Outcome>) -> Outcome {
    if let Some(&o) = memo.get(board) {
        return o;
    }
    let o = if board.numbers().next().is_none() {
        Outcome::Draw
    } else {
        let moves = legal_by_growth(board);
        Outcome::best_of_options(moves.iter().map(|m| brute_wdl(&after(board, m), memo)))
    };
    memo.insert(board.clone(), o);
    o
}

/// Normal-play Grundy value straight from the rules (ignoring the draw rule).
fn brute_grundy(board: &Board, memo: &mut HashMap<Board, Nimber>) -> Nimber {
    if let Some(&g) = memo.get(board) {
        return g;
    }
    let moves = legal_by_growth(board);
    let g = mex(moves.iter().map(|m| brute_grundy(&after(board, m), memo)).collect::<Vec<_>>());
    memo.insert(board.clone(), g);
    g
}

#[test]
fn fast_enumerator_matches_every_subset_on_small_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for case in 0..160 {
        let n = if case < 120 { 3 } else { 4 };
        let b = random_board(n, 6, 0.3, 0.12, &mut rng);
        let slow = legal_by_subsets(&b);
        assert_eq!(legal_fast(&b), slow, "board\n{b}");
        assert_eq!(legal_by_growth(&b), slow, "board\n{b}");
    }
}

#[test]
fn fast_enumerator_matches_growth_on_5x5() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..60 {
        let b = random_board(5, 6, 0.2, 0.1, &mut rng);
        assert_eq!(legal_fast(&b), legal_by_growth(&b), "board\n{b}");
    }
}

#[test]
fn the_listing_of_legal_moves_is_every_legal_move_once_and_stops_when_asked() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for _ in 0..60 {
        let b = random_board(4, 6, 0.3, 0.1, &mut rng);
        let mut listed = Vec::new();
        let flow = for_each_legal_move(&b, |m| {
            listed.push(m);
            ControlFlow::<()>::Continue(())
        });
        assert!(flow.is_continue());
        let all: BTreeSet<Move> = listed.iter().cloned().collect();
        assert_eq!(all.len(), listed.len(), "a move listed twice\n{b}");
        assert_eq!(all, legal_by_subsets(&b), "board\n{b}");
        let mut first_two = Vec::new();
        let flow = for_each_legal_move(&b, |m| {
            first_two.push(m);
            if first_two.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        assert_eq!(flow.is_break(), listed.len() >= 2);
        assert_eq!(first_two[..], listed[..listed.len().min(2)]);
    }
}

/// Paints every region reachable cell by cell (each set of cells once), checking at each step
/// that the cells offered are exactly those that some legal move of the number contains with
/// the region, that every other cell is refused, and that a completed region is legal. Returns
/// the completed moves.
fn paint_everything(board: &Board, legal: &BTreeSet<Move>) -> BTreeSet<Move> {
    let mut done = BTreeSet::new();
    let mut seen: HashSet<BTreeSet<Cell>> = HashSet::new();
    let mut stack: Vec<PartialMove> = board
        .live_numbers()
        .into_iter()
        .map(|c| PartialMove::start(board, (c.row as i64, c.col as i64)).unwrap())
        .collect();
    while let Some(p) = stack.pop() {
        let region: BTreeSet<Cell> = p.cells().iter().copied().collect();
        if !seen.insert(region.clone()) {
            continue;
        }
        if let Some(m) = p.to_move() {
            assert!(legal.contains(&m), "painted an illegal move {m:?}\n{board}");
            done.insert(m);
            continue;
        }
        let completable: BTreeSet<Cell> = legal
            .iter()
            .filter(|m| region.iter().all(|c| m.cells().contains(c)))
            .flat_map(|m| m.cells().iter().copied())
            .filter(|c| !region.contains(c))
            .collect();
        let offered: BTreeSet<Cell> = p.extensions().into_iter().collect();
        // The cells of a completion of the region are more than the cells that can come next:
        // compare with those next to the region.
        let next: BTreeSet<Cell> = completable
            .into_iter()
            .filter(|&c| board.dims().neighbours(c).any(|nb| region.contains(&nb)))
            .collect();
        assert_eq!(offered, next, "region {region:?}\n{board}");
        for c in board.dims().cells() {
            let mut q = p.clone();
            let added = q.add((c.row as i64, c.col as i64));
            assert_eq!(added.is_ok(), offered.contains(&c), "cell {c} after {region:?}: {added:?}\n{board}");
            if added.is_ok() {
                stack.push(q);
            }
        }
    }
    done
}

#[test]
fn painting_cell_by_cell_offers_exactly_the_cells_of_legal_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for case in 0..120 {
        let n = if case < 80 { 3 } else { 4 };
        let b = random_board(n, 6, 0.3, 0.12, &mut rng);
        let legal = legal_by_subsets(&b);
        // The first cell: a number some legal move paints.
        let numbers: BTreeSet<Cell> = legal
            .iter()
            .flat_map(|m| m.cells().iter().copied())
            .filter(|&c| b.get(c) != Square::Empty)
            .collect();
        assert_eq!(b.live_numbers().into_iter().collect::<BTreeSet<_>>(), numbers, "board\n{b}");
        for c in b.dims().cells().filter(|c| !numbers.contains(c)) {
            assert!(PartialMove::start(&b, (c.row as i64, c.col as i64)).is_err(), "start at {c}\n{b}");
        }
        assert_eq!(paint_everything(&b, &legal), legal, "board\n{b}");
    }
    for _ in 0..30 {
        let b = random_board(5, 5, 0.2, 0.1, &mut rng);
        let legal = legal_by_growth(&b);
        assert_eq!(paint_everything(&b, &legal), legal, "board\n{b}");
    }
}

#[test]
fn a_cancelled_solve_stops() {
    use pencilbox_islands::{Preset, generate};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let board = generate(Preset::Medium.params(), &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    let mut solver = Solver::new(None);
    solver.set_cancel(Some(Arc::new(AtomicBool::new(true))));
    assert!(solver.solve(&board).is_err());
    // Far more nodes than one check's worth: it stopped at the first check.
    assert!(solver.nodes() <= 256, "{} nodes", solver.nodes());
}

#[test]
fn exact_outcomes_match_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut memo = HashMap::new();
    let mut seen = [0usize; 3];
    for case in 0..150 {
        let n = if case < 100 { 4 } else { 5 };
        let b = random_board(n, 5, 0.22, 0.05, &mut rng);
        let sol = solve(&b, None).unwrap();
        assert_eq!(sol.outcome, brute_wdl(&b, &mut memo), "board\n{b}");
        seen[sol.outcome as usize] += 1;
        if let Some(m) = &sol.best {
            let m2 = m.to_raw().validate(&b).expect("the best move is legal");
            assert_eq!(brute_wdl(&after(&b, &m2), &mut memo).flip(), sol.outcome, "board\n{b}\nmove\n{m}");
        } else {
            assert_ne!(status(&b), Status::Ongoing);
        }
    }
    assert!(seen.iter().all(|&c| c > 5), "outcomes seen (L, D, W): {seen:?}");
}

#[test]
fn grundy_of_sum_is_xor_of_parts_once_a_number_is_dead() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut memo = HashMap::new();
    let mut checked = 0;
    while checked < 80 {
        let b = random_board(5, 4, 0.25, 0.12, &mut rng);
        let (field, dead) = Field::from_board(&b);
        if !dead {
            continue;
        }
        checked += 1;
        let parts = canonical_parts(&field);
        let fast = Solver::new(None).grundy_of_sum(&parts).unwrap();
        assert_eq!(fast, brute_grundy(&b, &mut memo), "board\n{b}");
        // With a dead number a draw is impossible: the outcome is the normal-play one.
        assert_eq!(solve(&b, None).unwrap().outcome, Outcome::from_grundy(fast), "board\n{b}");
    }
}

#[test]
fn dead_numbers_are_never_painted() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..200 {
        let b = random_board(4, 6, 0.3, 0.15, &mut rng);
        let (field, _) = Field::from_board(&b);
        let live: HashSet<Cell> = field.numbers().map(|(i, _)| field.cell(i)).collect();
        let painted: HashSet<Cell> = legal_by_subsets(&b)
            .iter()
            .flat_map(|m| m.cells().to_vec())
            .filter(|&c| matches!(b.get(c), Square::Number(_)))
            .collect();
        assert_eq!(live, painted, "board\n{b}");
    }
}

#[test]
fn the_statement_game_ends_with_the_first_player_winning() {
    let text = std::fs::read_to_string(examples().join("statement-1.in")).unwrap();
    let mut b: Board = text.parse().unwrap();
    let moves = ["5\n3 3\n3 4\n4 2\n4 3\n4 4\n", "1\n1 3\n", "2\n3 0\n4 0\n"];
    for m in moves {
        assert_eq!(status(&b), Status::Ongoing);
        let m = m.parse::<RawMove>().unwrap().validate(&b).unwrap();
        b.paint(m.cells());
    }
    // The second player is to move with only dead numbers left: the first player has won.
    assert_eq!(status(&b), Status::NoMove);
    assert_eq!(status(&b).winner(Player::Second), Some(Player::First));
    assert_eq!(solve(&b, None).unwrap().outcome, Outcome::Loss);
    let start: Board = text.parse().unwrap();
    let mut memo = HashMap::new();
    assert_eq!(solve(&start, None).unwrap().outcome, brute_wdl(&start, &mut memo));
}

#[test]
fn draw_when_every_number_is_painted() {
    let b: Board = "3\n1 # 1\n# # #\n# # #\n".parse().unwrap();
    assert_eq!(solve(&b, None).unwrap().outcome, Outcome::Draw);
    let b: Board = "2\nB #\n# #\n".parse().unwrap();
    assert_eq!(status(&b), Status::Draw);
    assert_eq!(status(&b).winner(Player::First), None);
    let b: Board = "2\nB 1\n# #\n".parse().unwrap();
    assert_eq!(status(&b), Status::NoMove);
}

#[test]
fn bots_always_play_legal_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for case in 0..30 {
        let n = [5, 8, 12][case % 3];
        let mut b = random_board(n, 8, 0.15, 0.0, &mut rng);
        let levels = [Level::Random, Level::Greedy, Level::Strong];
        let mut turn = 0;
        while status(&b) == Status::Ongoing {
            let deadline = Instant::now() + Duration::from_millis(30);
            let m = choose_move(&b, levels[(case + turn) % 3], deadline, &mut rng).unwrap();
            let m = m.to_raw().validate(&b).expect("bots play legal moves");
            b.paint(m.cells());
            turn += 1;
        }
        assert!(choose_move(&b, Level::Strong, Instant::now(), &mut rng).is_none());
    }
}

#[test]
fn strong_keeps_the_exact_value_on_small_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..40 {
        let b = random_board(5, 5, 0.2, 0.0, &mut rng);
        if status(&b) != Status::Ongoing {
            continue;
        }
        let exact = solve(&b, None).unwrap().outcome;
        let m =
            // A generous deadline: the exact search finishes long before it on any machine.
            choose_move(&b, Level::Strong, Instant::now() + Duration::from_secs(60), &mut rng).unwrap();
        let child = after(&b, &m);
        assert_eq!(solve(&child, None).unwrap().outcome.flip(), exact, "board\n{b}\nmove\n{m}");
    }
}

#[test]
fn canonical_form_is_shared_by_all_symmetric_images() {
    let b: Board = "4\n3 # # #\n# # 2 #\n# # # #\n1 # # #\n".parse().unwrap();
    let t: Board = "4\n1 # # 3\n# # # #\n# # 2 #\n# # # #\n".parse().unwrap(); // rotated
    let (f, _) = Field::from_board(&b);
    let (g, _) = Field::from_board(&t);
    assert_eq!(f.canonical(), g.canonical());
}

#[test]
fn strong_never_does_worse_than_the_exact_value_over_whole_games() {
    use pencilbox_islands::{Preset, generate};
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for seed in 0..20 {
        let start = generate(Preset::Small.params(), &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        let exact = solve(&start, None).unwrap().outcome;
        for strong_first in [true, false] {
            let mut b = start.clone();
            let mut strong_to_move = strong_first;
            let result_for_strong = loop {
                match status(&b) {
                    Status::Draw => break Outcome::Draw,
                    Status::NoMove => break if strong_to_move { Outcome::Loss } else { Outcome::Win },
                    Status::Ongoing => {}
                }
                let level = if strong_to_move { Level::Strong } else { Level::Greedy };
                let deadline = Instant::now() + Duration::from_secs(60);
                let m = choose_move(&b, level, deadline, &mut rng).unwrap();
                b.paint(m.cells());
                strong_to_move = !strong_to_move;
            };
            let promised = if strong_first { exact } else { exact.flip() };
            assert!(
                result_for_strong >= promised,
                "seed {seed}: exact {promised}, strong got {result_for_strong}"
            );
        }
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn square() -> impl Strategy<Value = Square> {
        prop_oneof![Just(Square::Empty), Just(Square::Painted), (1u32..=30).prop_map(Square::Number)]
    }

    proptest! {
        #[test]
        fn board_text_round_trips(n in 1usize..8, cells in proptest::collection::vec(square(), 64)) {
            let b = Board::from_squares(n, cells[..n * n].to_vec()).unwrap();
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }

        #[test]
        fn move_text_round_trips(cells in proptest::collection::vec((-3i64..40, -3i64..40), 0..20)) {
            let m = RawMove { cells };
            prop_assert_eq!(m.to_string().parse::<RawMove>().unwrap(), m);
        }

        #[test]
        fn sampled_regions_are_legal(seed in 0u64..1000) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let b = random_board(9, 12, 0.15, 0.05, &mut rng);
            let (field, _) = Field::from_board(&b);
            for (root, k) in field.numbers() {
                for bias in [pencilbox_islands::Bias::Uniform, pencilbox_islands::Bias::Kill, pencilbox_islands::Bias::Protect] {
                    let r = field.random_region(root, k, bias, &mut rng).expect("live numbers can grow");
                    prop_assert!(field.to_move(&r).to_raw().validate(&b).is_ok());
                }
            }
        }
    }
}

#[test]
fn seed_regions_are_legal() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..100 {
        let b = random_board(8, 9, 0.15, 0.08, &mut rng);
        let (field, _) = Field::from_board(&b);
        for (root, k) in field.numbers() {
            let seeds = field.seed_regions(root, k);
            assert!(!seeds.is_empty());
            for r in seeds {
                field.to_move(&r).to_raw().validate(&b).unwrap();
            }
        }
    }
}

/// Representative regions are legal, have pairwise different kill sets, and every number some
/// legal region touches is touched by one of them (checked against the full enumeration).
#[test]
fn representative_regions_cover_every_number_a_region_can_kill() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for _ in 0..150 {
        let b = random_board(7, 7, 0.15, 0.08, &mut rng);
        let (field, _) = Field::from_board(&b);
        for (root, k) in field.numbers() {
            let reps = field.representative_regions(root, k);
            assert!(!reps.is_empty(), "a live number has a region\n{b}");
            let mut kill_sets = HashSet::new();
            let mut covered = BTreeSet::new();
            for r in &reps {
                field.to_move(r).to_raw().validate(&b).unwrap();
                let kills = field.touched_numbers(r, root);
                covered.extend(kills.iter().copied());
                assert!(kill_sets.insert(kills), "two representatives with one kill set\n{b}");
            }
            let mut killable = BTreeSet::new();
            for r in field.regions(root, k, usize::MAX).unwrap() {
                killable.extend(field.touched_numbers(&r, root));
            }
            assert_eq!(covered, killable, "board\n{b}number at {}", field.cell(root));
        }
    }
}

/// The estimate (representative regions only) is exact on parts of one number and never claims
/// a value above the number of numbers; on small boards it mostly agrees with the exact value.
#[test]
fn representative_solver_agrees_with_the_exact_one_on_most_small_boards() {
    use pencilbox_islands::Moves;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut total, mut same) = (0, 0);
    for _ in 0..60 {
        let b = random_board(5, 5, 0.25, 0.0, &mut rng);
        if status(&b) != Status::Ongoing {
            continue;
        }
        let exact = solve(&b, None).unwrap().outcome;
        let estimate = Solver::with_moves(Moves::Representative, None).solve(&b).unwrap();
        let m = estimate.best.expect("an ongoing game has a move");
        m.to_raw().validate(&b).expect("the estimate's move is legal");
        total += 1;
        same += usize::from(estimate.outcome == exact);
    }
    assert!(total >= 40 && same * 10 >= total * 8, "{same} of {total} agree");
}
