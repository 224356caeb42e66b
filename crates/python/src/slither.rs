//! Slitherlink: puzzles read from every format the CLI reads ([`format::parse`]: THSL and Slink
//! text, puzz.link URLs, Loopy game IDs) and written in each of its renderings, the complete
//! solver's verdict and count, the grade on Loopy's scale and beyond, the explanation step by
//! step ([`explain::explain`], the CLI's own), and the generator.

use std::sync::Arc;

use pencilbox_grid::{Dims, Edge, Named, OutOfTime, UnknownName};
use pencilbox_slither::deduce::{Move, Outcome};
use pencilbox_slither::generate::{self as generator, GenerateError};
use pencilbox_slither::level::{self, GradeError, Level};
use pencilbox_slither::limits::{GENERATE_ATTEMPTS, GENERATE_SIDES};
use pencilbox_slither::solver::{self, Budget};
use pencilbox_slither::{Clue, EdgeState, Puzzle, Solution, explain, format};
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::call::{InputError, deadline, input_error, interruptible, invalid, to_u64, to_usize};

pyo3::create_exception!(
    pencilbox.slither,
    NotUnique,
    InputError,
    "The puzzle has not exactly one solution, which grading needs (NoSolution or \
     MultipleSolutions)."
);
pyo3::create_exception!(pencilbox.slither, NoSolution, NotUnique, "The puzzle has no solution.");
pyo3::create_exception!(
    pencilbox.slither,
    MultipleSolutions,
    NotUnique,
    "The puzzle has more than one solution."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<SlitherPuzzle>()?;
    m.add_function(wrap_pyfunction!(slither_read, m)?)?;
    m.add_function(wrap_pyfunction!(slither_solve, m)?)?;
    m.add_function(wrap_pyfunction!(slither_count, m)?)?;
    m.add_function(wrap_pyfunction!(slither_grade, m)?)?;
    m.add_function(wrap_pyfunction!(slither_explain, m)?)?;
    m.add_function(wrap_pyfunction!(slither_generate, m)?)?;
    m.add("SlitherNotUnique", py.get_type::<NotUnique>())?;
    m.add("SlitherNoSolution", py.get_type::<NoSolution>())?;
    m.add("SlitherMultipleSolutions", py.get_type::<MultipleSolutions>())?;
    m.add("SLITHER_LEVELS", Level::names().collect::<Vec<_>>())?;
    m.add("SLITHER_GENERATE_LEVELS", generator::offered_names().collect::<Vec<_>>())?;
    m.add("SLITHER_GENERATE_SIDES", (*GENERATE_SIDES.start(), *GENERATE_SIDES.end()))?;
    m.add("SLITHER_OUTCOMES", Outcome::names().collect::<Vec<_>>())?;
    m.add("SLITHER_TIME_LIMIT", pencilbox_slither::limits::DEFAULT_TIMEOUT_SECS)?;
    m.add("SLITHER_TRIAL_DEPTH", explain::TRIAL_DEPTH)?;
    Ok(())
}

/// The error of a call that ran out of its time limit.
fn out_of_time(time_limit: Option<f64>, what: &str) -> PyErr {
    let limit = time_limit.map_or(String::new(), |s| format!(" (time_limit={s} s)"));
    PyTimeoutError::new_err(format!("{what}: {OutOfTime}{limit}"))
}

/// One Slitherlink puzzle: its size and clues.
#[pyclass(module = "pencilbox._native", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SlitherPuzzle {
    /// Shared with the engine's thread during a call.
    puzzle: Arc<Puzzle>,
}

impl SlitherPuzzle {
    /// The loop of `edges` (edge numbers of the shared numbering) on this puzzle's board.
    fn loop_of(&self, edges: &Bound<'_, PyAny>) -> PyResult<Solution> {
        let d = self.puzzle.dims();
        let mut on = Vec::new();
        for item in edges.try_iter()? {
            let item = item?;
            match item.extract::<usize>() {
                Ok(e) if e < d.num_edges() => on.push(Edge(e)),
                _ => {
                    return Err(invalid(format!(
                        "edge {item} is not on a {d} board ({} edges)",
                        d.num_edges()
                    )));
                }
            }
        }
        Ok(Solution::from_edges(d, on))
    }

    fn maybe_loop(&self, edges: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Solution>> {
        edges.map(|e| self.loop_of(e)).transpose()
    }
}

#[pymethods]
impl SlitherPuzzle {
    /// The one puzzle in `text` (any format the CLI reads).
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let mut puzzles = read(text)?.puzzles;
        match puzzles.len() {
            1 => Ok(SlitherPuzzle { puzzle: Arc::new(puzzles.remove(0)) }),
            n => Err(invalid(format!(
                "the input holds {n} puzzles, not one: read them with pencilbox.slither.read"
            ))),
        }
    }

    #[getter]
    fn rows(&self) -> usize {
        self.puzzle.dims().rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.puzzle.dims().cols()
    }

    /// The clues row by row: 0-3, `None` for a blank cell, `"?"` for a hidden number.
    #[getter]
    fn clues(&self, py: Python<'_>) -> PyResult<Vec<Vec<Py<PyAny>>>> {
        let d = self.puzzle.dims();
        let clue = |c: Clue| -> PyResult<Py<PyAny>> {
            Ok(match c {
                Clue::Blank => py.None(),
                Clue::Unknown => "?".into_pyobject(py)?.into_any().unbind(),
                Clue::Number(n) => n.into_pyobject(py)?.into_any().unbind(),
            })
        };
        self.puzzle.clues().chunks(d.cols()).map(|row| row.iter().map(|&c| clue(c)).collect()).collect()
    }

    /// THSL text: `ROWS COLS`, then the clue rows.
    #[getter]
    fn text(&self) -> String {
        format::to_text(&self.puzzle)
    }

    /// The puzz.link URL.
    #[getter]
    fn url(&self) -> String {
        format::to_url(&self.puzzle)
    }

    /// The Loopy game ID (a hidden number is written as a blank: Loopy has none).
    #[getter]
    fn loopy(&self) -> String {
        format::to_loopy(&self.puzzle)
    }

    /// The THSL picture (the judge's) of the puzzle with the loop of `edges`.
    fn picture(&self, edges: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(format::picture(&self.puzzle, &self.loop_of(edges)?))
    }

    /// The compact picture, with the loop of `edges` when given.
    #[pyo3(signature = (edges=None))]
    fn grid(&self, edges: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(format::grid(&self.puzzle, self.maybe_loop(edges)?.as_ref()))
    }

    /// An SVG drawing, with the loop of `edges` when given.
    #[pyo3(signature = (edges=None))]
    fn svg(&self, edges: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(format::svg(&self.puzzle, self.maybe_loop(edges)?.as_ref()))
    }

    /// JSON: size, URL, clues and, when given, the loop's edges.
    #[pyo3(signature = (edges=None))]
    fn json(&self, edges: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(format::json(&self.puzzle, self.maybe_loop(edges)?.as_ref()))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Puzzle({:?})", self.url())
    }
}

fn read(text: &str) -> PyResult<format::Input> {
    format::parse(text).map_err(input_error)
}

/// The puzzles of `text`, in order.
#[pyfunction]
fn slither_read(text: &str) -> PyResult<Vec<SlitherPuzzle>> {
    Ok(read(text)?.puzzles.into_iter().map(|p| SlitherPuzzle { puzzle: Arc::new(p) }).collect())
}

/// The solver's verdict (`none`, `unique`, `multiple`) and a solution's edges (the one, or one
/// of several).
#[pyfunction]
#[pyo3(signature = (puzzle, time_limit=None))]
fn slither_solve(
    py: Python<'_>,
    puzzle: &SlitherPuzzle,
    time_limit: Option<f64>,
) -> PyResult<(&'static str, Option<Vec<usize>>)> {
    let deadline = deadline(time_limit, "time_limit")?;
    let p = Arc::clone(&puzzle.puzzle);
    let verdict = interruptible(py, move |_| solver::solve_within(&p, Budget { max_nodes: None, deadline }))?
        .map_err(|OutOfTime| out_of_time(time_limit, "no proven verdict"))?;
    let edges = match &verdict {
        solver::Verdict::Unique(s) | solver::Verdict::Multiple(s) => {
            Some(s.edges().map(|e| e.index()).collect())
        }
        solver::Verdict::NoSolution => None,
    };
    Ok((verdict.name(), edges))
}

/// The number of solutions found, stopping at `limit`, and whether that is all of them.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2, time_limit=None))]
fn slither_count(
    py: Python<'_>,
    puzzle: &SlitherPuzzle,
    limit: usize,
    time_limit: Option<f64>,
) -> PyResult<(usize, bool)> {
    if limit == 0 {
        return Err(invalid("limit must be at least 1"));
    }
    let deadline = deadline(time_limit, "time_limit")?;
    let p = Arc::clone(&puzzle.puzzle);
    let count =
        interruptible(py, move |_| solver::count_within(&p, limit, Budget { max_nodes: None, deadline }))?
            .map_err(|OutOfTime| out_of_time(time_limit, "no proven count"))?;
    Ok((count.found, !count.hit_limit))
}

/// The grade: the level's name, the steps of the solve at that level and the score within it.
#[pyfunction]
#[pyo3(signature = (puzzle, time_limit=None))]
fn slither_grade(
    py: Python<'_>,
    puzzle: &SlitherPuzzle,
    time_limit: Option<f64>,
) -> PyResult<(String, u32, u32)> {
    let deadline = deadline(time_limit, "time_limit")?;
    let p = Arc::clone(&puzzle.puzzle);
    match interruptible(py, move |_| level::grade(&p, deadline))? {
        Ok(g) => Ok((g.level.to_string(), g.steps, g.score)),
        Err(e @ GradeError::NoSolution) => Err(NoSolution::new_err(e.to_string())),
        Err(e @ GradeError::NotUnique) => Err(MultipleSolutions::new_err(e.to_string())),
        Err(GradeError::OutOfTime(_)) => Err(out_of_time(time_limit, "no level")),
        Err(e) => Err(input_error(e)),
    }
}

/// One move of an explanation, as Python gets it.
struct Told {
    /// As `slither explain` prints it.
    text: String,
    /// A step's rule; `None` for a trial.
    rule: Option<String>,
    /// 0 for a step, a trial's depth.
    depth: usize,
    /// The edges it decides.
    lines: Vec<usize>,
    crosses: Vec<usize>,
}

impl Told {
    fn new(d: Dims, m: &Move) -> Told {
        let rule = match m {
            Move::Step(s) => Some(s.rule.to_string()),
            Move::Trial(_) => None,
        };
        let fixed = m.fixed();
        let edges = |want: EdgeState| fixed.iter().filter(|f| f.1 == want).map(|f| f.0.index()).collect();
        Told {
            text: m.describe(d),
            rule,
            depth: m.depth(),
            lines: edges(EdgeState::Line),
            crosses: edges(EdgeState::Cross),
        }
    }

    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("text", self.text)?;
        d.set_item("rule", self.rule)?;
        d.set_item("depth", self.depth)?;
        d.set_item("lines", self.lines)?;
        d.set_item("crosses", self.crosses)?;
        Ok(d)
    }
}

/// The explanation as a dict: `moves` (dicts of [`Told`]'s fields), `outcome`, `verdict`,
/// `summary` (the closing line), `picture` (the THSL picture of the lines decided), `lines`,
/// `decided`, `num_edges`, `trials`, `depth`.
#[pyfunction]
#[pyo3(signature = (puzzle, time_limit=None, trial_depth=explain::TRIAL_DEPTH))]
fn slither_explain<'py>(
    py: Python<'py>,
    puzzle: &SlitherPuzzle,
    time_limit: Option<f64>,
    trial_depth: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let deadline = deadline(time_limit, "time_limit")?;
    let p = Arc::clone(&puzzle.puzzle);
    let d = p.dims();
    let (moves, explanation) = interruptible(py, move |_| {
        let mut moves = Vec::new();
        let e = explain::explain(&p, trial_depth, deadline, |m| moves.push(Told::new(d, m)));
        (moves, e)
    })?;
    let e = explanation.map_err(|OutOfTime| out_of_time(time_limit, "no explanation"))?;
    let out = PyDict::new(py);
    let moves: Vec<_> = moves.into_iter().map(|m| m.into_dict(py)).collect::<PyResult<_>>()?;
    out.set_item("moves", moves)?;
    out.set_item("outcome", e.run.outcome.to_string())?;
    out.set_item("verdict", e.verdict.name())?;
    out.set_item("summary", e.to_string())?;
    out.set_item("picture", format::picture(&puzzle.puzzle, &e.lines))?;
    out.set_item("lines", e.lines.edges().map(|e| e.index()).collect::<Vec<_>>())?;
    out.set_item("decided", e.decided)?;
    out.set_item("num_edges", d.num_edges())?;
    out.set_item("trials", e.run.trials)?;
    out.set_item("depth", e.run.depth)?;
    Ok(out)
}

/// A puzzle of `rows` × `cols` with exactly one solution and level `level`, made from the random
/// numbers of `seed`.
#[pyfunction]
#[pyo3(signature = (rows, cols, level, seed, time_limit=None))]
fn slither_generate(
    py: Python<'_>,
    rows: i128,
    cols: i128,
    level: &str,
    seed: i128,
    time_limit: Option<f64>,
) -> PyResult<SlitherPuzzle> {
    let target: Level = level.parse().map_err(|e: UnknownName| invalid(e.to_string()))?;
    let d = Dims::new(to_usize(rows, "rows")?, to_usize(cols, "cols")?).map_err(input_error)?;
    let seed = to_u64(seed, "seed")?;
    generator::check_request(d, target).map_err(input_error)?;
    let deadline = deadline(time_limit, "time_limit")?;
    let made = interruptible(py, move |_| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        generator::generate_until(d, target, GENERATE_ATTEMPTS, deadline, &mut rng)
    })?;
    match made {
        Ok(puzzle) => Ok(SlitherPuzzle { puzzle: Arc::new(puzzle) }),
        Err(GenerateError::OutOfTime(_)) => {
            Err(out_of_time(time_limit, &format!("no {target} puzzle of {d}")))
        }
        Err(e) => Err(PyRuntimeError::new_err(format!("{e} (seed {seed}): another seed may find one"))),
    }
}
