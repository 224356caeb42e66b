//! Dots-and-Boxes: positions as OpenSpiel's line strings (one `0`/`1` per line, in the order
//! OpenSpiel's `dots_and_boxes` numbers its actions, which is pencilbox's line numbering too),
//! the analysis (exact value, or the search's estimate past a time limit), exact chain-and-loop
//! endgames, and the playing engines.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pencilbox_dots::analysis::{self, AnalysisError, Missing, OnTimeout, Options, Report, Value};
use pencilbox_dots::board::{AsciiBoard, Position};
use pencilbox_dots::bot::{BOT_TABLE_MIB, Bot, Choice, DEFAULT_THINK, Level};
use pencilbox_dots::endgame;
use pencilbox_dots::format::{Format, read};
use pencilbox_dots::game::{Game, Owner};
use pencilbox_dots::solver::{MAX_THREADS, SOLVE_TABLE_MIB, Score, TableSize};
use pencilbox_grid::{Dims, Edge, Player};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::call::{InputError, deadline, input_error, interruptible, invalid, to_u64, to_usize};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(dots_solve, m)?)?;
    m.add_function(wrap_pyfunction!(dots_endgame_value, m)?)?;
    m.add_function(wrap_pyfunction!(dots_legal_moves, m)?)?;
    m.add_class::<DotsBot>()?;
    m.add_class::<DotsGame>()?;
    m.add("DOTS_LEVELS", Level::ALL.iter().map(|l| l.to_string()).collect::<Vec<_>>())?;
    m.add("DOTS_MAX_THREADS", MAX_THREADS)?;
    m.add("DOTS_SOLVE_TABLE_MIB", SOLVE_TABLE_MIB)?;
    m.add("DOTS_BOT_TABLE_MIB", BOT_TABLE_MIB)?;
    m.add("DOTS_BOT_TIME_MS", DEFAULT_THINK.as_millis() as u64)?;
    Ok(())
}

/// The board of `rows` × `cols` boxes.
fn dims(rows: i128, cols: i128) -> PyResult<Dims> {
    Dims::new(to_usize(rows, "rows")?, to_usize(cols, "cols")?).map_err(input_error)
}

/// The position of line string `lines` on a board of `rows` × `cols` boxes.
fn position(lines: &str, rows: i128, cols: i128) -> PyResult<Position> {
    let dims = dims(rows, cols)?;
    read(lines, Format::Openspiel, Some(dims)).map_err(input_error)
}

/// A value as Python has it: an exact one an `int`, an estimate a `float`, none when the
/// search was too thin to estimate.
fn value_object(py: Python<'_>, value: Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Exact(v) => v.into_pyobject(py)?.into_any().unbind(),
        Value::Estimate { value, .. } => value.into_pyobject(py)?.into_any().unbind(),
        Value::TooThin { .. } => py.None(),
    })
}

/// The analysis as a dict: `value`, `exact`, `best_move`, `lower`, `upper` (what the exact
/// solver proved), `nodes`, `std_error` and `playouts` (of an estimate), `why` (why the value is
/// no exact one) and `move_values` (line → value, when asked for).
fn report_dict<'py>(py: Python<'py>, report: &Report) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("value", value_object(py, report.value)?)?;
    d.set_item("exact", report.value.is_exact())?;
    d.set_item("best_move", report.best.as_ref().ok().map(|m| m.line.index()))?;
    d.set_item("lower", report.bounds.0)?;
    d.set_item("upper", report.bounds.1)?;
    d.set_item("nodes", report.nodes)?;
    let (std_error, playouts) = match report.value {
        Value::Estimate { std_error, playouts, .. } => (Some(std_error), Some(playouts)),
        Value::TooThin { playouts } => (None, Some(playouts)),
        Value::Exact(_) => (None, None),
    };
    d.set_item("std_error", std_error)?;
    d.set_item("playouts", playouts)?;
    d.set_item("why", report.exact_solve.as_ref().err().map(ToString::to_string))?;
    match &report.moves {
        Ok(moves) => {
            let values = PyDict::new(py);
            for m in moves {
                values.set_item(m.line.index(), value_object(py, m.value)?)?;
            }
            d.set_item("move_values", values)?;
        }
        // Asked for on a full board: no move, each of them valued.
        Err(Missing::GameOver) => d.set_item("move_values", PyDict::new(py))?,
        Err(_) => d.set_item("move_values", py.None())?,
    }
    Ok(d)
}

/// The analysis of a position: exact, or past `time_limit` seconds the strong engine's estimate.
#[pyfunction]
#[pyo3(signature = (lines, rows, cols, time_limit=None, moves=false, threads=1, tt_mib=SOLVE_TABLE_MIB as i128))]
// The arguments are the Python function's, each a keyword there.
#[allow(clippy::too_many_arguments)]
fn dots_solve<'py>(
    py: Python<'py>,
    lines: &str,
    rows: i128,
    cols: i128,
    time_limit: Option<f64>,
    moves: bool,
    threads: i128,
    tt_mib: i128,
) -> PyResult<Bound<'py, PyDict>> {
    let position = position(lines, rows, cols)?;
    let (threads, tt_mib) = (to_usize(threads, "threads")?, to_usize(tt_mib, "tt_mib")?);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(invalid(format!("threads must be 1 to {MAX_THREADS}, not {threads}")));
    }
    let deadline = deadline(time_limit, "time_limit")?;
    let report = interruptible(py, move |cancel| {
        let options = Options {
            moves,
            explain: false,
            deadline,
            on_timeout: OnTimeout::Estimate,
            threads,
            table: TableSize::Mib(tt_mib),
            cancel: Some(cancel),
            progress: None,
        };
        analysis::analyse(&position, options, &mut ChaCha8Rng::seed_from_u64(0))
    })?;
    match report {
        Ok(report) => report_dict(py, &report),
        Err(AnalysisError::BeyondSolver(e)) => {
            Err(invalid(format!("{e}: give time_limit (seconds) for the strong engine's estimate")))
        }
        // Only Ctrl-C sets the flag, and then `interruptible` has raised already.
        Err(e) => Err(InputError::new_err(e.to_string())),
    }
}

/// The exact value, for the player to move, of a simple loony endgame: every unclaimed box has
/// exactly two undrawn sides, so the position is independent chains and loops.
#[pyfunction]
fn dots_endgame_value(lines: &str, rows: i128, cols: i128) -> PyResult<Score> {
    let position = position(lines, rows, cols)?;
    let parts = endgame::decompose(&position).map_err(input_error)?;
    Ok(endgame::value(&parts))
}

/// The undrawn lines, in line order.
#[pyfunction]
fn dots_legal_moves(lines: &str, rows: i128, cols: i128) -> PyResult<Vec<usize>> {
    let position = position(lines, rows, cols)?;
    Ok(position.legal_moves().map(|e| e.index()).collect())
}

/// A playing engine of one level; it keeps one engine (and its transposition table) per board
/// size it has played on, so the moves of one game reuse what the earlier ones learnt.
#[pyclass(module = "pencilbox._native")]
pub struct DotsBot {
    level: Level,
    time: Duration,
    threads: usize,
    tt_mib: usize,
    /// Locked while a move is chosen (with the GIL released, another Python thread may ask).
    state: Mutex<BotState>,
}

#[derive(Debug)]
struct BotState {
    rng: ChaCha8Rng,
    engines: HashMap<Dims, Bot>,
}

impl DotsBot {
    /// The engine's choice in the position, with the GIL released while it thinks.
    fn choice(&self, py: Python<'_>, lines: &str, rows: i128, cols: i128) -> PyResult<Choice> {
        let position = position(lines, rows, cols)?;
        if position.is_over() {
            return Err(invalid("every line is drawn: the game is over"));
        }
        let dims = position.dims();
        let (level, table, threads, time) =
            (self.level, TableSize::Mib(self.tt_mib), self.threads, self.time);
        py.detach(|| {
            // A panic while choosing poisons nothing worth keeping: the engines are only caches.
            let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let BotState { rng, engines } = &mut *state;
            let bot = match engines.entry(dims) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let mut bot = Bot::new(level, dims, table).map_err(input_error)?;
                    bot.set_threads(threads);
                    e.insert(bot)
                }
            };
            bot.choose(&position, rng, Instant::now() + time).map_err(input_error)
        })
    }
}

impl std::fmt::Debug for DotsBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DotsBot").field("level", &self.level).field("time", &self.time).finish()
    }
}

#[pymethods]
impl DotsBot {
    #[new]
    #[pyo3(signature = (level="strong", time_ms=DEFAULT_THINK.as_millis() as i128, seed=0, threads=1, tt_mib=BOT_TABLE_MIB as i128))]
    fn new(level: &str, time_ms: i128, seed: i128, threads: i128, tt_mib: i128) -> PyResult<Self> {
        let (time_ms, seed) = (to_u64(time_ms, "time_ms")?, to_u64(seed, "seed")?);
        let (threads, tt_mib) = (to_usize(threads, "threads")?, to_usize(tt_mib, "tt_mib")?);
        let level: Level = level.parse().map_err(|e: pencilbox_grid::UnknownName| invalid(e.to_string()))?;
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(invalid(format!("threads must be 1 to {MAX_THREADS}, not {threads}")));
        }
        Ok(DotsBot {
            level,
            time: Duration::from_millis(time_ms),
            threads,
            tt_mib,
            state: Mutex::new(BotState { rng: ChaCha8Rng::seed_from_u64(seed), engines: HashMap::new() }),
        })
    }

    #[getter]
    fn level(&self) -> String {
        self.level.to_string()
    }

    #[getter]
    fn time_ms(&self) -> u128 {
        self.time.as_millis()
    }

    /// The engine's move (a line number) in the position, within the bot's time.
    #[pyo3(name = "move")]
    fn choose_line(&self, py: Python<'_>, lines: &str, rows: i128, cols: i128) -> PyResult<usize> {
        Ok(self.choice(py, lines, rows, cols)?.line.index())
    }

    /// The engine's move and how it chose it: (line, the reason's name: `exact`, `forced`,
    /// `proven`, `search`, ...).
    fn choose(&self, py: Python<'_>, lines: &str, rows: i128, cols: i128) -> PyResult<(usize, &'static str)> {
        let choice = self.choice(py, lines, rows, cols)?;
        Ok((choice.line.index(), choice.reason.name()))
    }

    fn __repr__(&self) -> String {
        format!("Bot(level={:?}, time_ms={})", self.level.to_string(), self.time.as_millis())
    }
}

/// A game in progress from a start position: who owns each box, the score and whose turn it is,
/// by the engine's rule (a player who completes a box moves again).
#[pyclass(module = "pencilbox._native")]
#[derive(Clone, Debug)]
pub struct DotsGame {
    game: Game,
}

/// A player as Python numbers them: 0 moves first, 1 second.
fn player_number(player: Player) -> u8 {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

#[pymethods]
impl DotsGame {
    /// The game from the position `lines` (all undrawn when omitted), player 0 to move.
    #[new]
    #[pyo3(signature = (rows, cols, lines=None))]
    fn new(rows: i128, cols: i128, lines: Option<&str>) -> PyResult<Self> {
        let start = match lines {
            Some(lines) => position(lines, rows, cols)?,
            None => Position::empty_of(dims(rows, cols)?).map_err(input_error)?,
        };
        Ok(DotsGame { game: Game::new(&start) })
    }

    /// The player to move draws `line`; returns the boxes it completed (then they move again).
    fn play(&mut self, line: i128) -> PyResult<usize> {
        let line = to_usize(line, "line")?;
        self.game.play(Edge(line)).map_err(input_error)
    }

    #[getter]
    fn rows(&self) -> usize {
        self.game.position.dims().rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.game.position.dims().cols()
    }

    /// The position as a line string.
    #[getter]
    fn lines(&self) -> String {
        self.game.position.line_string()
    }

    /// 0 or 1; `None` once every line is drawn.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.game.to_move.map(player_number)
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.to_move.is_none()
    }

    /// The boxes each player took, (player 0's, player 1's).
    #[getter]
    fn scores(&self) -> (usize, usize) {
        (self.game.score(Player::First), self.game.score(Player::Second))
    }

    /// Who took each box, row-major: 0 or 1, -1 for a box complete in the start position, `None`
    /// for an unclaimed one.
    #[getter]
    fn boxes(&self) -> Vec<Option<i8>> {
        let owner = |o: &Option<Owner>| match o {
            None => None,
            Some(Owner::Start) => Some(-1),
            Some(Owner::Player(p)) => Some(player_number(*p) as i8),
        };
        self.game.boxes.iter().map(owner).collect()
    }

    /// The undrawn lines, in line order.
    fn legal_moves(&self) -> Vec<usize> {
        self.game.position.legal_moves().map(|e| e.index()).collect()
    }

    /// The board as an ASCII picture: dots `+`, lines `---` and `|`, each claimed box marked
    /// with its taker's initial (`A` moved first, `B` second; `#` complete at the start).
    #[getter]
    fn picture(&self) -> String {
        AsciiBoard(self.game.position.clone()).to_string()
    }

    fn copy(&self) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("Game({}, {}, {:?})", self.rows(), self.cols(), self.lines())
    }
}
