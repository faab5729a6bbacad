//! "How to play": each game's page, made from the rule book (docs/RULES.md,
//! compiled in) at `/rules/{game}`: the board and its numbering (section
//! 1), sowing (section 2), the game's own section and the glossary
//! (section 8), rendered from Markdown to HTML by pulldown-cmark.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;

/// The rule book.
const RULE_BOOK: &str = include_str!("../../../docs/RULES.md");

/// The games, as the board names them: (name in the address, title, the
/// rule book's section for the game).
pub const GAMES: [(&str, &str, u32); 5] = [
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

/// The page of game `name`'s rules; `None` for a name that is no game.
pub fn page(name: &str) -> Option<String> {
    let &(name, title, own) = GAMES.iter().find(|g| g.0 == name.to_ascii_lowercase())?;
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
    let others: Vec<String> = GAMES
        .iter()
        .filter(|g| g.0 != name)
        .map(|g| format!("<a href=\"/rules/{}\">{}</a>", g.0, g.1))
        .collect();
    Some(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>How to play {title}</title>\n\
         <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body class=\"rules\">\n\
         <header class=\"bar\"><nav aria-label=\"Pages\"><a href=\"/\">&larr; Back to the board</a></nav>\n\
         <h1>How to play {title}</h1></header>\n<main>\n\
         <p class=\"hint-text\">From the rule book of this board: the game's own rules first, \
         then the board and its numbering, sowing, and the words used. Other games: {}.</p>\n\
         {body}</main>\n</body>\n</html>\n",
        others.join(", ")
    ))
}

/// `GET /rules/{game}`.
pub async fn rules(Path(name): Path<String>) -> impl IntoResponse {
    let html = [(header::CONTENT_TYPE, "text/html; charset=utf-8")];
    match page(&name) {
        Some(text) => (StatusCode::OK, html, text),
        None => {
            let list: Vec<String> = GAMES
                .iter()
                .map(|g| format!("<li><a href=\"/rules/{}\">{}</a></li>", g.0, g.1))
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
