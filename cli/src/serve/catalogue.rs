//! The catalogue of the games the page offers (`GET /api`, the page's
//! menu, the rules pages): each of the program's [`Games`] with its full
//! name and board, read from a game of it made for the purpose.

use crate::Games;
use crate::serve::game::NewGame;
use serde::Serialize;

/// A game the page offers: its name, its full name, its pits per row.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    pub name: String,
    pub title: String,
    pub pits_per_row: usize,
}

/// The variants the page offers, each of `games` with its default options.
pub fn catalogue(games: &Games) -> Vec<VariantInfo> {
    games
        .names()
        .iter()
        .filter_map(|name| games.rules(name).ok())
        .filter_map(|rules| {
            let game = rules.erased().new_served_game(&NewGame::listing()).ok()?;
            Some(VariantInfo {
                name: rules.name(),
                title: game.title(),
                pits_per_row: game.pits_per_row(),
            })
        })
        .collect()
}
