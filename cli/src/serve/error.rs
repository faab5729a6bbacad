//! The API's refusals: an HTTP status and a JSON body that says why,
//! `{"error": "<code>", "message": "<what is wrong>"}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A refused request. Nothing was changed.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    /// A stable, machine-readable name of the problem (`unknown_variant`,
    /// `illegal_move`, ...).
    pub code: &'static str,
    /// What is wrong, for a person.
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 409: the request is well formed but not possible in the game's
    /// present state (not this player's turn, the game is over, a proof is
    /// still running).
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 422: a move the rules refuse.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.code, "message": self.message });
        (self.status, Json(body)).into_response()
    }
}

/// An error message cut to a readable length (a record's own text is never
/// repeated in full).
pub(super) fn short(s: &str) -> String {
    if s.len() <= 300 {
        s.to_string()
    } else {
        let mut end = 300;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}...", &s[..end])
    }
}
