//! How an error message quotes outside input: cut short, so that an error
//! in a megabyte of input does not repeat it. Below every module that
//! reads text (moves, options, positions), so that each quotes alike.

/// The longest excerpt of outside input an error message quotes.
const EXCERPT: usize = 40;

/// `text`, cut to [`EXCERPT`] characters with an ellipsis, for error
/// messages: an error in a megabyte of input does not repeat it.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}
