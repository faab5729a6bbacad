//! The games, one module each: every ruleset implements
//! [`Ruleset`](crate::Ruleset)'s hooks and nothing else; and
//! [`Resized`], a game's rules on another board.

pub mod andada;
mod capture;
pub mod resized;
pub mod sadeqa_ii;
pub mod sadeqa_iii;
pub mod sadeqa_v;

pub use andada::{Andada, Reading};
pub use resized::{Resizable, Resized, SizeError};
pub use sadeqa_ii::SadeqaII;
pub use sadeqa_iii::SadeqaIII;
pub use sadeqa_v::SadeqaV;
