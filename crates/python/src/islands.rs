//! Islands: boards in the contest text (`game.in`), read by the engine's parser; moves as lists
//! of `(row, col)` cells; the legal moves, a move's validation with the engine's reasons, the
//! referee's verdict, the exact solver and the bots; and a move painted one cell at a time
//! ([`PartialMove`]), the way a learning agent makes one.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pencilbox_grid::{Cell, Named, Player};
use pencilbox_islands::board::{MAX_BOARD_SIDE, MAX_NUMBER};
use pencilbox_islands::{
    Board, GenParams, Level, MOVE_LIMIT, Move, PartialMove, Preset, RawMove, Solver, Square, Status,
    choose_move, for_each_legal_move, status,
};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::call::{deadline, input_error, interruptible, invalid, to_u32, to_u64, to_usize};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(islands_preset, m)?)?;
    m.add_function(wrap_pyfunction!(islands_generate, m)?)?;
    m.add_function(wrap_pyfunction!(islands_playable, m)?)?;
    m.add_function(wrap_pyfunction!(islands_solve, m)?)?;
    m.add_class::<IslandsBoard>()?;
    m.add_class::<IslandsBot>()?;
    m.add_class::<IslandsGame>()?;
    m.add_class::<IslandsMoves>()?;
    m.add("ISLANDS_LEVELS", Level::names().collect::<Vec<_>>())?;
    m.add("ISLANDS_PRESETS", Preset::names().collect::<Vec<_>>())?;
    m.add("ISLANDS_MAX_SIDE", MAX_BOARD_SIDE)?;
    m.add("ISLANDS_MAX_NUMBER", MAX_NUMBER)?;
    m.add("ISLANDS_MOVE_LIMIT_MS", MOVE_LIMIT.as_millis() as u64)?;
    m.add("ISLANDS_LEGAL_MOVES_LIMIT", LEGAL_MOVES_LIMIT)?;
    m.add("ISLANDS_SOLVE_TIME_LIMIT", pencilbox_islands::SOLVE_TIME_LIMIT.as_secs_f64())?;
    m.add("ISLANDS_EMPTY", EMPTY)?;
    m.add("ISLANDS_PAINTED", PAINTED)?;
    Ok(())
}

/// How many legal moves [`IslandsBoard::legal_moves`] lists unless told otherwise: a `medium`
/// opening has a few hundred thousand; the list holds them in Rust (a few dozen bytes a cell)
/// until they are looked at, and the limit stops a board with far more from taking the memory.
const LEGAL_MOVES_LIMIT: usize = 1_000_000;

/// A cell as Python has it.
type Pair = (usize, usize);

fn pair(c: &Cell) -> Pair {
    (c.row, c.col)
}

fn pairs(cells: &[Cell]) -> Vec<Pair> {
    cells.iter().map(pair).collect()
}

/// A move's cells as given from Python, unchecked (the engine's [`RawMove`]).
fn raw_move(cells: Vec<[i64; 2]>) -> RawMove {
    RawMove { cells: cells.into_iter().map(|[row, col]| (row, col)).collect() }
}

/// An empty square and a painted one as Python has them (a number is itself).
const EMPTY: i64 = 0;
const PAINTED: i64 = -1;

fn square_code(s: &Square) -> i64 {
    match s {
        Square::Empty => EMPTY,
        Square::Painted => PAINTED,
        Square::Number(k) => i64::from(*k),
    }
}

/// A board argument: a [`IslandsBoard`] or the contest text.
#[derive(FromPyObject)]
enum BoardArg {
    Board(IslandsBoard),
    Text(String),
}

impl BoardArg {
    fn board(self) -> PyResult<Board> {
        match self {
            BoardArg::Board(b) => Ok(b.board),
            BoardArg::Text(text) => text.parse().map_err(input_error),
        }
    }
}

/// An Islands board: N, then N rows of N squares (`#` empty, `B` painted, or a number), the
/// contest's `game.in`. Immutable: `play` gives a new board.
#[pyclass(module = "pencilbox._native", frozen, eq, hash, from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IslandsBoard {
    board: Board,
}

impl From<Board> for IslandsBoard {
    fn from(board: Board) -> Self {
        IslandsBoard { board }
    }
}

#[pymethods]
impl IslandsBoard {
    /// The board in the contest text; bad text raises `InputError` with the line and column.
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(text.parse::<Board>().map_err(input_error)?.into())
    }

    /// The side N.
    #[getter]
    fn n(&self) -> usize {
        self.board.n()
    }

    /// The squares, row by row: 0 empty, -1 painted, else the number.
    #[getter]
    fn squares(&self) -> Vec<Vec<i64>> {
        self.board.squares().chunks(self.board.n()).map(|row| row.iter().map(square_code).collect()).collect()
    }

    /// The unpainted numbers, row by row: cell → number.
    #[getter]
    fn numbers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (c, k) in self.board.numbers() {
            d.set_item(pair(&c), k)?;
        }
        Ok(d)
    }

    /// The numbers a move can still paint, row by row (the others are dead: they touch paint
    /// or have too little room).
    #[getter]
    fn live_numbers(&self) -> Vec<Pair> {
        pairs(&self.board.live_numbers())
    }

    /// The unpainted cells that share a side with paint, row by row: out of play for good.
    #[getter]
    fn blocked_cells(&self) -> Vec<Pair> {
        self.board.blocked_cells().map(|c| pair(&c)).collect()
    }

    /// For the player to move: `ongoing`, `no_move` (they have lost) or `draw` (every number
    /// is painted).
    #[getter]
    fn status(&self) -> &'static str {
        status(&self.board).name()
    }

    /// Every legal move (its cells sorted), the live numbers row by row; more than `limit`
    /// raises `InputError`.
    #[pyo3(signature = (limit=LEGAL_MOVES_LIMIT as i128))]
    fn legal_moves(&self, py: Python<'_>, limit: i128) -> PyResult<IslandsMoves> {
        let limit = to_usize(limit, "limit")?;
        let board = self.board.clone();
        let (moves, flow) = interruptible(py, move |cancel| {
            let mut moves = MoveList::default();
            let flow = for_each_legal_move(&board, |m| {
                if moves.ends.len() == limit || cancel.load(Ordering::Relaxed) {
                    return ControlFlow::Break(());
                }
                moves.cells.extend_from_slice(m.cells());
                moves.ends.push(moves.cells.len());
                ControlFlow::Continue(())
            });
            (moves, flow)
        })?;
        if flow.is_break() {
            return Err(invalid(format!(
                "the board has more than {limit} legal moves: give a larger limit, or paint a move \
                 cell by cell (Game.paintable)"
            )));
        }
        Ok(IslandsMoves { moves: Arc::new(moves) })
    }

    /// The move `cells` (any order) checked against the rules: its cells sorted, or
    /// `InputError` with the first rule it breaks.
    fn validate(&self, cells: Vec<[i64; 2]>) -> PyResult<Vec<Pair>> {
        Ok(pairs(self.checked(cells)?.cells()))
    }

    /// The board after the legal move `cells`.
    fn play(&self, cells: Vec<[i64; 2]>) -> PyResult<IslandsBoard> {
        let mv = self.checked(cells)?;
        let mut after = self.board.clone();
        after.paint(mv.cells());
        Ok(after.into())
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", self.board.to_string())
    }
}

impl IslandsBoard {
    fn checked(&self, cells: Vec<[i64; 2]>) -> PyResult<Move> {
        raw_move(cells).validate(&self.board).map_err(input_error)
    }
}

/// A preset's parameters: (n, centers, min, max).
#[pyfunction]
fn islands_preset(name: &str) -> PyResult<(usize, usize, u32, u32)> {
    let GenParams { n, centers, min, max } = name.parse::<Preset>().map_err(input_error)?.params();
    Ok((n, centers, min, max))
}

/// The generator's parameters, each a whole number in its type's range (the generator checks
/// the rest).
fn gen_params(n: i128, centers: i128, min: i128, max: i128) -> PyResult<GenParams> {
    Ok(GenParams {
        n: to_usize(n, "n")?,
        centers: to_usize(centers, "centers")?,
        min: to_u32(min, "min")?,
        max: to_u32(max, "max")?,
    })
}

/// The contest generator's board for `seed`.
#[pyfunction]
fn islands_generate(n: i128, centers: i128, min: i128, max: i128, seed: i128) -> PyResult<IslandsBoard> {
    let params = gen_params(n, centers, min, max)?;
    let seed = to_u64(seed, "seed")?;
    let board =
        pencilbox_islands::generate(params, &mut ChaCha8Rng::seed_from_u64(seed)).map_err(input_error)?;
    Ok(board.into())
}

/// The first board worth playing from the seeds `seed`, `seed + 1`, …, with its seed.
#[pyfunction]
fn islands_playable(
    n: i128,
    centers: i128,
    min: i128,
    max: i128,
    seed: i128,
) -> PyResult<(u64, IslandsBoard)> {
    let params = gen_params(n, centers, min, max)?;
    let seed = to_u64(seed, "seed")?;
    let (seed, board) =
        pencilbox_islands::playable(params, seed, ChaCha8Rng::seed_from_u64).map_err(input_error)?;
    Ok((seed, board.into()))
}

/// The exact outcome for the player to move (`Win`, `Draw` or `Loss`) and a move achieving it
/// (`None` when the game is over); `TimeoutError` past `time_limit` seconds.
#[pyfunction]
#[pyo3(signature = (board, time_limit=None))]
fn islands_solve(
    py: Python<'_>,
    board: BoardArg,
    time_limit: Option<f64>,
) -> PyResult<(String, Option<Vec<Pair>>)> {
    let board = board.board()?;
    let deadline = deadline(time_limit, "time_limit")?;
    let solution = interruptible(py, move |cancel| {
        let mut solver = Solver::new(deadline);
        solver.set_cancel(Some(cancel));
        solver.solve(&board)
    })?;
    // Only Ctrl-C sets the flag, and then `interruptible` has raised already: the deadline passed.
    let solution = solution.map_err(|_| {
        PyTimeoutError::new_err(format!(
            "the exact search did not finish within the time limit of {} s",
            time_limit.unwrap_or_default()
        ))
    })?;
    Ok((solution.outcome.to_string(), solution.best.map(|m| pairs(m.cells()))))
}

/// A bot of one level (`random`, `greedy`, `strong`) that thinks `time_ms` per move.
#[pyclass(module = "pencilbox._native")]
#[derive(Debug)]
pub struct IslandsBot {
    level: Level,
    time: Duration,
    /// Locked while a move is chosen (with the GIL released, another Python thread may ask).
    rng: Mutex<ChaCha8Rng>,
}

#[pymethods]
impl IslandsBot {
    #[new]
    #[pyo3(signature = (level="strong", time_ms=MOVE_LIMIT.as_millis() as i128, seed=0))]
    fn new(level: &str, time_ms: i128, seed: i128) -> PyResult<Self> {
        let level: Level = level.parse().map_err(input_error)?;
        let (time_ms, seed) = (to_u64(time_ms, "time_ms")?, to_u64(seed, "seed")?);
        Ok(IslandsBot {
            level,
            time: Duration::from_millis(time_ms),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
        })
    }

    #[getter]
    fn level(&self) -> &'static str {
        self.level.name()
    }

    #[getter]
    fn time_ms(&self) -> u128 {
        self.time.as_millis()
    }

    /// The bot's move on `board` (cells sorted), within its time; `None` when the game is over.
    #[pyo3(name = "move")]
    fn choose(&self, py: Python<'_>, board: BoardArg) -> PyResult<Option<Vec<Pair>>> {
        let board = board.board()?;
        let (level, time) = (self.level, self.time);
        let mv = py.detach(|| {
            // A panic while choosing leaves a generator that is still a generator.
            let mut rng = self.rng.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            choose_move(&board, level, Instant::now() + time, &mut *rng)
        });
        Ok(mv.map(|m| pairs(m.cells())))
    }

    fn __repr__(&self) -> String {
        format!("Bot(level={:?}, time_ms={})", self.level.name(), self.time.as_millis())
    }
}

/// A game from a start board, player 0 to move: the players take turns, a move given whole
/// (`play`) or painted a cell at a time (`paint`); the game ends as the referee ends it: a
/// player with no legal move loses, and when every number is painted it is a draw.
#[pyclass(module = "pencilbox._native", from_py_object)]
#[derive(Clone, Debug)]
pub struct IslandsGame {
    board: Board,
    to_move: Player,
    moves: Vec<Move>,
    /// The region being painted, if one is started.
    partial: Option<PartialMove>,
}

#[pymethods]
impl IslandsGame {
    #[new]
    fn new(board: BoardArg) -> PyResult<Self> {
        Ok(IslandsGame { board: board.board()?, to_move: Player::First, moves: Vec::new(), partial: None })
    }

    /// The board as it stands (a region being painted is not on it yet).
    #[getter]
    fn board(&self) -> IslandsBoard {
        self.board.clone().into()
    }

    /// 0 or 1: who moves (or would, once the game is over).
    #[getter]
    fn to_move(&self) -> usize {
        self.to_move.index()
    }

    /// `ongoing`, `no_move` (the player to move has lost) or `draw`.
    #[getter]
    fn status(&self) -> &'static str {
        status(&self.board).name()
    }

    /// True once the player to move has no legal move, or every number is painted.
    #[getter]
    fn is_over(&self) -> bool {
        status(&self.board) != Status::Ongoing
    }

    /// 0 or 1 once a player has won; `None` in a draw or while the game goes on.
    #[getter]
    fn winner(&self) -> Option<usize> {
        status(&self.board).winner(self.to_move).map(Player::index)
    }

    /// The moves played, in order (player 0's first).
    #[getter]
    fn moves(&self) -> Vec<Vec<Pair>> {
        self.moves.iter().map(|m| pairs(m.cells())).collect()
    }

    /// The player to move plays the move `cells` (any order); returns its cells sorted.
    fn play(&mut self, cells: Vec<[i64; 2]>) -> PyResult<Vec<Pair>> {
        self.ongoing()?;
        if self.partial.is_some() {
            return Err(invalid("a region is being painted: finish it with paint() first"));
        }
        let mv = raw_move(cells).validate(&self.board).map_err(input_error)?;
        Ok(self.commit(mv))
    }

    /// The region being painted, in the order it was painted (its number first); empty when
    /// none is started.
    #[getter]
    fn partial(&self) -> Vec<Pair> {
        self.partial.as_ref().map_or_else(Vec::new, |p| pairs(p.cells()))
    }

    /// The cells `paint` accepts next, row by row: the live numbers when no region is started,
    /// else the cells that extend it (each keeps it completable to a legal move, and every
    /// legal move can be painted).
    fn paintable(&self) -> Vec<Pair> {
        match &self.partial {
            None if self.is_over() => Vec::new(),
            None => pairs(&self.board.live_numbers()),
            Some(p) => pairs(&p.extensions()),
        }
    }

    /// Paints `cell` for the player to move: a live number starts a region, a cell of
    /// `paintable()` extends it. When the region reaches its number's size it is played, and
    /// its cells (sorted) are returned; else `None`.
    fn paint(&mut self, cell: [i64; 2]) -> PyResult<Option<Vec<Pair>>> {
        self.ongoing()?;
        let partial = match self.partial.take() {
            None => PartialMove::start(&self.board, (cell[0], cell[1])).map_err(input_error)?,
            Some(mut p) => match p.add((cell[0], cell[1])) {
                Ok(()) => p,
                Err(e) => {
                    self.partial = Some(p);
                    return Err(input_error(e));
                }
            },
        };
        match partial.to_move() {
            Some(mv) => Ok(Some(self.commit(mv))),
            None => {
                self.partial = Some(partial);
                Ok(None)
            }
        }
    }

    /// An independent copy (a region being painted included).
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?}, to_move={}, status={:?})", self.board.to_string(), self.to_move(), self.status())
    }
}

impl IslandsGame {
    fn ongoing(&self) -> PyResult<()> {
        match status(&self.board) {
            Status::Ongoing => Ok(()),
            s => Err(invalid(format!("the game is over ({})", s.name()))),
        }
    }

    /// Plays the legal move `mv` for the player to move.
    fn commit(&mut self, mv: Move) -> Vec<Pair> {
        self.board.paint(mv.cells());
        self.to_move = self.to_move.opponent();
        let cells = pairs(mv.cells());
        self.moves.push(mv);
        cells
    }
}

/// Moves one after the other: two allocations for any number of moves, where a `Vec` per move
/// would cost more to free than to find.
#[derive(Debug, Default)]
struct MoveList {
    cells: Vec<Cell>,
    /// Where each move's cells end in `cells`.
    ends: Vec<usize>,
}

impl MoveList {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, i: usize) -> Vec<Pair> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        pairs(&self.cells[start..self.ends[i]])
    }
}

/// The legal moves of a board, a read-only sequence: each move, a list of `(row, col)` cells
/// sorted, is made into Python objects only when it is looked at (a `medium` opening has a few
/// hundred thousand, which would take longer to make than to find).
#[pyclass(module = "pencilbox._native", sequence, frozen)]
#[derive(Debug)]
pub struct IslandsMoves {
    moves: Arc<MoveList>,
}

#[pymethods]
impl IslandsMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    /// The move at `index` (negative counts from the end), or a list of them for a slice.
    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<pyo3::types::PySlice>() {
            let range = slice.indices(self.moves.len() as isize)?;
            let picked = (0..range.slicelength)
                .map(|k| self.moves.get((range.start + k as isize * range.step) as usize))
                .collect::<Vec<_>>();
            return Ok(picked.into_pyobject(py)?.into_any());
        }
        let i: isize = index.extract()?;
        let len = self.moves.len() as isize;
        let at = if i < 0 { i + len } else { i };
        if !(0..len).contains(&at) {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("move {i} of {len} legal moves")));
        }
        Ok(self.moves.get(at as usize).into_pyobject(py)?.into_any())
    }

    fn __iter__(&self) -> IslandsMovesIter {
        IslandsMovesIter { moves: Arc::clone(&self.moves), next: 0 }
    }

    fn __repr__(&self) -> String {
        const SHOWN: usize = 6;
        let shown: Vec<String> =
            (0..self.moves.len().min(SHOWN)).map(|i| format!("{:?}", self.moves.get(i))).collect();
        let more = match self.moves.len() {
            n if n > SHOWN => format!(", ... ({n} moves)"),
            _ => String::new(),
        };
        format!("Moves([{}{more}])", shown.join(", "))
    }
}

/// An iterator over [`IslandsMoves`].
#[pyclass(module = "pencilbox._native")]
#[derive(Debug)]
pub struct IslandsMovesIter {
    moves: Arc<MoveList>,
    next: usize,
}

#[pymethods]
impl IslandsMovesIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Vec<Pair>> {
        if self.next == self.moves.len() {
            return None;
        }
        self.next += 1;
        Some(self.moves.get(self.next - 1))
    }
}
