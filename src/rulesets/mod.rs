//! The games, one module each: every ruleset implements
//! [`Ruleset`](crate::Ruleset)'s hooks and nothing else.

pub mod andada;
mod capture;
pub mod sadeqa_ii;
pub mod sadeqa_iii;
pub mod sadeqa_v;

pub use andada::{Andada, Reading};
pub use sadeqa_ii::SadeqaII;
pub use sadeqa_iii::SadeqaIII;
pub use sadeqa_v::SadeqaV;
