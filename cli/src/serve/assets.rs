//! The page: HTML, CSS and JavaScript compiled into the program, so that it
//! works offline and needs no build step.

use super::api::App;
use crate::Games;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use std::sync::Arc;

/// The page as written, for the crate's own games.
const PAGE: &str = include_str!("static/index.html");

/// What the page's titles say of the crate's own games.
const BUILT_IN_TITLES: [&str; 3] = [
    "<title>sowing: mancala games of Ethiopia and Eritrea</title>",
    "title=\"Two-row mancala games of Ethiopia and Eritrea: Sadeqa V, Sadeqa II, Sadeqa III, game 91, Andada\"",
    "<h1 id=\"title\">Mancala games of Ethiopia and Eritrea</h1>",
];

/// The page for the program's games: a program of other games (Oware)
/// names its own in the browser's tab and the heading, not Ethiopia's.
pub fn page(games: &Games) -> String {
    if games.is_built_in() {
        return PAGE.to_string();
    }
    let names = html_escape(&games.names().join(", "));
    let ours = [
        format!("<title>sowing: {names}</title>"),
        format!("title=\"Two-row mancala: {names}\""),
        format!("<h1 id=\"title\">{names}</h1>"),
    ];
    BUILT_IN_TITLES
        .iter()
        .zip(&ours)
        .fold(PAGE.to_string(), |page, (from, to)| page.replace(from, to))
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub async fn index(State(app): State<Arc<App>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        app.page.clone(),
    )
}

pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("static/app.js"),
    )
}

pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("static/style.css"),
    )
}

/// The icon: a board of two rows of pits (no 404 in the browser's console).
pub async fn icon() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "image/svg+xml")],
        include_str!("static/favicon.svg"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_programs_games() {
        // The built-in titles are those of the page as written.
        for title in BUILT_IN_TITLES {
            assert!(PAGE.contains(title), "{title}");
        }
        assert_eq!(page(&Games::built_in()), PAGE);
        let other = page(&Games::new().with(sowing::rulesets::SadeqaII::new()));
        assert!(!other.contains("Ethiopia"), "{other}");
        assert!(
            other.contains("<title>sowing: sadeqa-ii</title>"),
            "{other}"
        );
    }
}
