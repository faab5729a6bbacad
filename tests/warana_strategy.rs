//! The Sadeqa V source's strategy that `selfplay --study sadeqa-v` plays
//! (examples/common/warana_strategy.rs, whose tests these are): its choices
//! in positions written out by hand.

#[path = "../examples/common/warana_strategy.rs"]
mod warana_strategy;
