//! The engines from Python: the native module `pencilbox._native` that the `pencilbox` package
//! (python/pencilbox, built by maturin from the workspace's pyproject.toml) wraps in Pythonic
//! modules. Each function only converts: it reads its input with the engine's own parser, calls
//! the engine, and turns the answer into Python values. A rule of a game never lives here.
//!
//! Long calls run with the GIL released and stop at their time limit; those whose engine takes
//! a cancel flag (Dots and Islands solves, Islands move lists) stop at once on Ctrl-C, the
//! others raise it when they end ([`call::interruptible`]). Bad input raises
//! `pencilbox.InputError`, a `ValueError` carrying the engine's message. No panic crosses the boundary: PyO3 turns one into a Python exception.

// PyO3's macros expand to unsafe code (the C API); the code written here has none.
#![allow(unsafe_code)]

mod call;
mod dots;
mod islands;
mod slither;
mod walls;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<call::InputError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    dots::register(m)?;
    islands::register(m)?;
    slither::register(m)?;
    walls::register(m)?;
    Ok(())
}
