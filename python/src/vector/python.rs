//! `sowing._sowing._VectorCore`, the Python class over [`Vector`]: it binds
//! the NumPy arrays that `sowing.vector.VectorEnv` made (checked for dtype,
//! shape and layout once) and steps into them with the GIL released.

use crate::to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::envs::zeroed;
use super::{Buffers, Config, Vector};

/// The address of a C-contiguous, writable NumPy array of dtype `typestr`
/// and shape `shape`, read from its `__array_interface__`; `name` names it
/// in the error.
pub(super) fn address(
    arr: &Bound<'_, PyAny>,
    name: &str,
    typestr: &str,
    shape: &[usize],
) -> PyResult<usize> {
    let bad = |what: String| PyValueError::new_err(format!("{name}: {what}"));
    // A NumPy array itself, whose array interface is NumPy's own: any
    // other object (a subclass too) could give an interface whose address
    // is not its memory, and the engine would write there.
    let ndarray = arr.py().import("numpy")?.getattr("ndarray")?;
    if !arr.get_type().is(&ndarray) {
        return Err(bad(format!(
            "not a NumPy array (numpy.ndarray itself, not {})",
            arr.get_type().name()?
        )));
    }
    let iface = arr
        .getattr("__array_interface__")
        .map_err(|_| bad("not a NumPy array".into()))?;
    let iface = iface
        .cast::<PyDict>()
        .map_err(|_| bad("not a NumPy array".into()))?;
    let item = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        iface
            .get_item(key)?
            .ok_or_else(|| bad(format!("no {key} in its array interface")))
    };
    let t: String = item("typestr")?.extract()?;
    let native = |t: &str| t.replace(['=', '|'], "<");
    if native(&t) != native(typestr) {
        return Err(bad(format!("dtype {t}, expected {typestr}")));
    }
    let got: Vec<usize> = item("shape")?.extract()?;
    if got != shape {
        return Err(bad(format!("shape {got:?}, expected {shape:?}")));
    }
    if let Some(strides) = iface.get_item("strides")?
        && !strides.is_none()
    {
        return Err(bad("not C-contiguous".into()));
    }
    let data = item("data")?;
    let data = data.cast::<PyTuple>()?;
    let (ptr, readonly): (usize, bool) = data.extract()?;
    if readonly {
        return Err(bad("read-only".into()));
    }
    Ok(ptr)
}

/// The engine of `sowing.vector.VectorEnv` (private: use that class).
#[pyclass(module = "sowing._sowing", name = "_VectorCore")]
pub struct VectorCore {
    inner: Vector,
    out: Option<Buffers>,
    /// The bound buffers, kept alive (and so unresizable) while bound.
    arrays: Vec<Py<PyAny>>,
    /// The bound `int64[N]` array the caller writes each step's actions
    /// into (read through its address: no array interface to build a step).
    bound_actions: Option<usize>,
    /// The step's actions, copied from the caller's array.
    actions: Vec<i64>,
}

#[pymethods]
impl VectorCore {
    #[new]
    #[pyo3(signature = (variant, num_envs, *, starter_only=None, clockwise=None, reading=None, first="south", lap_limit=None, max_plies=None, opponent=None, agent="south", threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        variant: &str,
        num_envs: usize,
        starter_only: Option<bool>,
        clockwise: Option<bool>,
        reading: Option<String>,
        first: &str,
        lap_limit: Option<u32>,
        max_plies: Option<u32>,
        opponent: Option<String>,
        agent: &str,
        threads: Option<usize>,
    ) -> PyResult<VectorCore> {
        let rules = crate::convert::rules_arg(variant, starter_only, clockwise, reading)?;
        let config = Config {
            rules,
            first: crate::convert::side_arg(first)?,
            lap_limit,
            max_plies,
            opponent,
            agent: crate::convert::side_arg(agent)?,
            num_envs,
        };
        let inner = Vector::new(config, threads).map_err(to_py)?;
        Ok(VectorCore {
            inner,
            out: None,
            arrays: Vec::new(),
            bound_actions: None,
            actions: zeroed(num_envs).map_err(to_py)?,
        })
    }

    /// Observation length (`4n + 4`).
    #[getter]
    fn obs_len(&self) -> usize {
        self.inner.width
    }

    /// Actions.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.actions
    }

    /// Binds the output buffers (see the module docs for their dtypes and
    /// shapes), and the `int64[N]` array of the actions that `step` plays.
    #[allow(clippy::too_many_arguments)]
    fn bind(
        &mut self,
        actions: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        terminated: &Bound<'_, PyAny>,
        truncated: &Bound<'_, PyAny>,
        final_obs: &Bound<'_, PyAny>,
        to_play: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (n, w, a) = (self.inner.num_envs, self.inner.width, self.inner.actions);
        let bound_actions = address(actions, "actions", "<i8", &[n])?;
        let out = Buffers {
            obs: address(obs, "obs", "<i2", &[n, w])? as *mut i16,
            mask: address(mask, "mask", "<i1", &[n, a])? as *mut i8,
            reward: address(reward, "reward", "<f4", &[n])? as *mut f32,
            terminated: address(terminated, "terminated", "<b1", &[n])? as *mut u8,
            truncated: address(truncated, "truncated", "<b1", &[n])? as *mut u8,
            final_obs: address(final_obs, "final_obs", "<i2", &[n, w])? as *mut i16,
            to_play: address(to_play, "to_play", "<i1", &[n])? as *mut i8,
        };
        self.arrays = [
            actions, obs, mask, reward, terminated, truncated, final_obs, to_play,
        ]
        .iter()
        .map(|a| (*a).clone().unbind())
        .collect();
        self.out = Some(out);
        self.bound_actions = Some(bound_actions);
        Ok(())
    }

    /// Starts every game; the opponents are seeded from `seed`.
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let out = self.buffers()?;
        let inner = &mut self.inner;
        // SAFETY: `bind` checked the buffers' shapes and keeps them alive.
        py.detach(move || unsafe { inner.reset(seed, out) });
        Ok(())
    }

    /// Steps every game with the actions in the bound actions array.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        let out = self.buffers()?;
        let n = self.inner.num_envs;
        let ptr = self
            .bound_actions
            .ok_or_else(|| PyValueError::new_err("no buffers bound"))?;
        // Copied while the GIL is held, so that another Python thread
        // changing the array cannot change an action between its check
        // and its move.
        // SAFETY: `bind` checked that it is a C-contiguous int64 array of
        // `n` values, and keeps it alive.
        self.actions
            .copy_from_slice(unsafe { std::slice::from_raw_parts(ptr as *const i64, n) });
        let (inner, actions) = (&mut self.inner, &self.actions);
        // SAFETY: as in `reset`.
        py.detach(move || unsafe { inner.step(actions, out) })
            .map_err(to_py)
    }
}

impl VectorCore {
    fn buffers(&self) -> PyResult<Buffers> {
        self.out
            .ok_or_else(|| PyValueError::new_err("bind the buffers first"))
    }
}
