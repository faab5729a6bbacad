//! Reading the arguments of Python calls in Python's terms: a wrong type
//! is a `TypeError` that names the argument ("variant must be a str, not
//! int"), an int outside the 64-bit range a `ValueError`. PyO3's own
//! conversion errors do not name the argument in their message (it is
//! only a note), hence these readers, used with `#[pyo3(from_py_with =
//! ...)]`; one reader a named argument, made by [`readers!`].

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

/// The Python name of `obj`'s type (`int`, `NoneType`), for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |n| n.to_string())
}

/// A `TypeError`: "`name` must be `what`, not `type`".
pub fn wrong_type(obj: &Bound<'_, PyAny>, name: &str, what: &str) -> PyErr {
    PyTypeError::new_err(format!("{name} must be {what}, not {}", type_name(obj)))
}

/// A `str`.
pub fn string(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(wrong_type(obj, name, "a str")),
    }
}

/// An int (or anything with `__index__`, such as NumPy's ints; not a
/// bool), within the 64-bit range.
pub fn int(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyFloat>() {
        return Err(wrong_type(obj, name, "an int"));
    }
    let index = if obj.is_instance_of::<PyInt>() {
        obj.clone()
    } else {
        let py = obj.py();
        match py.import("operator")?.getattr("index")?.call1((obj,)) {
            Ok(i) => i,
            Err(_) => return Err(wrong_type(obj, name, "an int")),
        }
    };
    index.extract::<i64>().map_err(|_| {
        PyValueError::new_err(format!(
            "{name} is out of range: {}",
            index
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })
}

/// A bool (Python's `True`/`False`, or NumPy's).
pub fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    if obj.is_instance_of::<PyBool>() {
        return obj.extract();
    }
    // NumPy's bool (`numpy.bool_`, named `bool` since NumPy 2).
    if obj
        .get_type()
        .name()
        .is_ok_and(|n| n == "bool" || n == "bool_")
        && let Ok(b) = obj.extract::<bool>()
    {
        return Ok(b);
    }
    Err(wrong_type(obj, name, "a bool"))
}

/// A real number: an int or a float (not a bool).
pub fn number(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<f64> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return Err(wrong_type(obj, name, "a number"));
    }
    if !(obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyInt>()
        || obj.hasattr("__float__")?)
    {
        return Err(wrong_type(obj, name, "a number"));
    }
    obj.extract::<f64>()
        .map_err(|_| PyValueError::new_err(format!("{name} is out of range")))
}

/// `None`, or what `read` reads.
pub fn optional<T>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    read: fn(&Bound<'_, PyAny>, &str) -> PyResult<T>,
) -> PyResult<Option<T>> {
    if obj.is_none() {
        Ok(None)
    } else {
        read(obj, name).map(Some)
    }
}

/// One reader function a named argument, for `from_py_with`: `reader:
/// type = kind("name")`, `kind` one of the readers above;
/// `reader: Option<type> = optional kind("name")` also takes `None`.
macro_rules! readers {
    ($($f:ident: $t:ty = optional $kind:ident($name:literal);)*) => {
        $(
            pub fn $f(obj: &Bound<'_, PyAny>) -> PyResult<Option<$t>> {
                optional(obj, $name, $kind)
            }
        )*
    };
}

macro_rules! plain_readers {
    ($($f:ident: $t:ty = $kind:ident($name:literal);)*) => {
        $(
            pub fn $f(obj: &Bound<'_, PyAny>) -> PyResult<$t> {
                $kind(obj, $name)
            }
        )*
    };
}

plain_readers! {
    variant: String = string("variant");
    position_string: String = string("s");
    player: String = string("player");
    record: String = string("record");
    first: String = string("first");
    pit: i64 = int("pit");
    action: i64 = int("action");
    seed: i64 = int("seed");
    table_bits: i64 = int("table_bits");
    progress_every: f64 = number("progress_every");
}

readers! {
    reading: String = optional string("reading");
    first_or_none: String = optional string("first");
    variant_or_none: String = optional string("variant");
    player_or_none: String = optional string("player");
    starter_only: bool = optional flag("starter_only");
    clockwise: bool = optional flag("clockwise");
    lap_limit: i64 = optional int("lap_limit");
    repetition: i64 = optional int("repetition");
    ply_limit: i64 = optional int("ply_limit");
    depth: i64 = optional int("depth");
    nodes: i64 = optional int("nodes");
    time: f64 = optional number("time");
    threads: i64 = optional int("threads");
}
