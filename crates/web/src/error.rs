//! JSON errors and the JSON body extractor that reports its own failures as JSON.

use std::time::Duration;

use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// An error answered as `{"error": "..."}` with a status code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    /// 400: the request is wrong; the message says how.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }
    /// 503: the work did not finish within its budget.
    pub fn out_of_time(budget: Duration) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("work exceeded its time budget ({} ms)", budget.as_millis()),
        }
    }
    /// 500: a bug.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }
}

/// A level, preset or difficulty the engine does not have: 400, listing the names it has.
impl From<pencilbox_grid::UnknownName> for ApiError {
    fn from(e: pencilbox_grid::UnknownName) -> ApiError {
        ApiError::bad(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// A JSON request body. Unlike axum's `Json` it needs no content type and answers every
/// failure as a JSON error: 413 over the size limit, 400 for bad JSON or a missing or
/// mistyped field (serde's message names the field and the position).
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = axum::body::Bytes::from_request(req, state).await.map_err(|rej| {
            if rej.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError {
                    status: StatusCode::PAYLOAD_TOO_LARGE,
                    message: "request body is too large".into(),
                }
            } else {
                ApiError::bad(format!("cannot read the request body: {}", rej.body_text()))
            }
        })?;
        serde_json::from_slice(&bytes).map(Body).map_err(|e| ApiError::bad(format!("invalid JSON body: {e}")))
    }
}

/// Any other `/api/...` path.
pub async fn no_such_route(uri: axum::http::Uri) -> ApiError {
    ApiError { status: StatusCode::NOT_FOUND, message: format!("no API route {}", uri.path()) }
}

/// A known path with the wrong method (e.g. `GET /api/dots/solve`).
pub async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!(
            "{} does not accept {method}: the API routes are POST, except GET /api/health",
            uri.path()
        ),
    }
}
