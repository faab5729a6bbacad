//! "How to play": each game's page at `/rules/{game}`, made from the rule
//! book (docs/RULES.md, compiled in) for the games it describes: the game's
//! own section, the board and its numbering (section 1), sowing (section
//! 2) and the glossary (section 8), rendered from Markdown to HTML by
//! pulldown-cmark. A game the book does not describe (one of another
//! crate's) gets a page with its title that says so. The games are the
//! server's ([`crate::Games`]), one page a game (`andada` for every Andada
//! board).

use crate::rule_options::family;
use crate::serve::api::App;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use std::sync::Arc;

/// The rule book (the engine crate's copy, so that this crate's package
/// builds on its own).
const RULE_BOOK: &str = sowing::RULE_BOOK;

/// The games the rule book describes, as the board names them: (name in
/// the address, title, the book's section for the game).
const BOOK: [(&str, &str, u32); 5] = [
    ("sadeqa-v", "Sadeqa V (Jimma)", 3),
    ("sadeqa-ii", "Sadeqa II", 4),
    ("sadeqa-iii", "Sadeqa III", 5),
    ("game-91", "Game 91 (Sadeqa III with 4 seeds)", 5),
    ("andada", "Andada (Kunama)", 6),
];

/// The rule book's sections every game's page shows beside its own.
const BOARD: u32 = 1;
const SOWING: u32 = 2;
const GLOSSARY: u32 = 8;

/// A game's rules page: its name in the address, its title, and its
/// section of the rule book (`None`: the book does not describe it).
struct Game {
    name: String,
    title: String,
    section: Option<u32>,
}

/// The server's games, one a page, in the order the board lists them.
fn games(app: &App) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    for variant in &app.variants {
        let name = family(&variant.name).to_string();
        if games.iter().any(|g| g.name == name) {
            continue;
        }
        let book = BOOK.iter().find(|g| g.0 == name);
        games.push(Game {
            title: book.map_or_else(|| variant.title.clone(), |g| g.1.to_string()),
            section: book.map(|g| g.2),
            name,
        });
    }
    games
}

/// Section `number` of the rule book ("## 3. ..." up to the next "## "),
/// its heading included; empty if there is none.
fn section(number: u32) -> &'static str {
    let heading = format!("## {number}. ");
    let Some(start) = RULE_BOOK.find(&heading) else {
        return "";
    };
    let rest = &RULE_BOOK[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 4);
    &rest[..end]
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page of game `name`'s rules, among `games`; `None` for a name that
/// is none of them.
fn page(games: &[Game], name: &str) -> Option<String> {
    let game = games.iter().find(|g| g.name == name.to_ascii_lowercase())?;
    let title = escape(&game.title);
    let (intro, body) = match game.section {
        Some(own) => {
            let mut markdown = String::new();
            for number in [own, BOARD, SOWING, GLOSSARY] {
                markdown.push_str(section(number));
                markdown.push('\n');
            }
            let mut body = String::new();
            let options = pulldown_cmark::Options::ENABLE_TABLES;
            pulldown_cmark::html::push_html(
                &mut body,
                pulldown_cmark::Parser::new_ext(&markdown, options),
            );
            (
                "From the rule book of this board: the game's own rules first, \
                 then the board and its numbering, sowing, and the words used.",
                body,
            )
        }
        None => (
            "The rule book of this board does not describe this game: the board \
             plays it by the rules of the program that serves it.",
            String::new(),
        ),
    };
    let others: Vec<String> = games
        .iter()
        .filter(|g| g.name != game.name)
        .map(|g| format!("<a href=\"/rules/{}\">{}</a>", g.name, escape(&g.title)))
        .collect();
    let others = if others.is_empty() {
        String::new()
    } else {
        format!(" Other games: {}.", others.join(", "))
    };
    Some(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>How to play {title}</title>\n\
         <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body class=\"rules\">\n\
         <header class=\"bar\"><nav aria-label=\"Pages\"><a href=\"/\">&larr; Back to the board</a></nav>\n\
         <h1>How to play {title}</h1></header>\n<main>\n\
         <p class=\"hint-text\">{intro}{others}</p>\n\
         {body}</main>\n</body>\n</html>\n",
    ))
}

/// `GET /rules/{game}`.
pub async fn rules(State(app): State<Arc<App>>, Path(name): Path<String>) -> impl IntoResponse {
    let html = [(header::CONTENT_TYPE, "text/html; charset=utf-8")];
    let games = games(&app);
    match page(&games, &name) {
        Some(text) => (StatusCode::OK, html, text),
        None => {
            let list: Vec<String> = games
                .iter()
                .map(|g| {
                    format!(
                        "<li><a href=\"/rules/{}\">{}</a></li>",
                        g.name,
                        escape(&g.title)
                    )
                })
                .collect();
            (
                StatusCode::NOT_FOUND,
                html,
                format!(
                    "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
                     <title>No such game</title><link rel=\"stylesheet\" href=\"/style.css\"></head>\
                     <body class=\"rules\"><main><h1>No such game</h1><p>The rules of these games \
                     are here:</p><ul>{}</ul><p><a href=\"/\">Back to the board</a></p></main>\
                     </body></html>\n",
                    list.join("")
                ),
            )
        }
    }
}
