//! JSON errors and the JSON body extractor that reports its own failures as JSON.

use std::time::Duration;

use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
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
    let path = uri.path();
    let slash =
        if path.len() > 1 && path.ends_with('/') { " (API routes have no trailing slash)" } else { "" };
    ApiError { status: StatusCode::NOT_FOUND, message: format!("no API route {path}{slash}") }
}

/// The request header by which a client asks for its errors about the request's content (400,
/// 413) to come as data: status 200, the same `{"error": ...}` body, and the real status in
/// [`ERROR_STATUS`]. Browsers log every 4xx answer in the console as a failure; the pages send
/// this header, so that bad input typed by the user is only a message on the page.
pub const SOFT_ERRORS: &str = "x-soft-errors";

/// The response header that carries the real status of an error softened by [`SOFT_ERRORS`].
pub const ERROR_STATUS: &str = "x-error-status";

/// The middleware that softens errors for the requests that ask (see [`SOFT_ERRORS`]).
pub async fn soften(req: Request, next: Next) -> Response {
    let soft = req.headers().contains_key(SOFT_ERRORS);
    let mut resp = next.run(req).await;
    let status = resp.status();
    if soft && matches!(status, StatusCode::BAD_REQUEST | StatusCode::PAYLOAD_TOO_LARGE) {
        *resp.status_mut() = StatusCode::OK;
        resp.headers_mut().insert(ERROR_STATUS, HeaderValue::from(status.as_u16()));
    }
    resp
}

/// A known path with the wrong method (e.g. `GET /api/dots/solve`).
pub async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!(
            "{} does not accept {method}: the API routes are POST, except GET /api/health and GET /api/limits",
            uri.path()
        ),
    }
}
