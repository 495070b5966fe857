//! `POST /v1/offers`: the GraphQL endpoint's HTTP layer. Auth (401/403), then the JSON
//! content type (415), then the request body; everything after that is a 200 whose body
//! is the GraphQL response, query errors included (`data: null`).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http::{HeaderMap, StatusCode};
use std::sync::Arc;

use crate::auth::require_offers_scope;
use crate::content_type::content_type_is;
use crate::graphql_json::write_response;
use crate::respond::{json, json_written};
use crate::state::AppState;
use crate::{mess_body, query_cache, top_fields};

pub async fn execute(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(denied) = require_offers_scope(&state.jwt, &headers) {
        return denied.into_response();
    }
    if !content_type_is(&headers, "application/json") {
        return json(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &serde_json::json!({ "error": "Unsupported Media Type: send application/json." }),
        );
    }
    let mut request = match parse_request(&body) {
        Ok(r) => r,
        Err(message) => {
            return json(
                StatusCode::OK,
                &serde_json::json!({ "data": null, "errors": [{ "message": message }] }),
            );
        }
    };
    query_cache::prepare(&mut request);
    let Some(mess) = state.mess.active() else {
        let response = state.schema.execute(request).await;
        // Written straight from the response, so keys keep the query's selection order.
        return json_written(StatusCode::OK, |out| write_response(out, &response));
    };
    // Misbehaviour modes: the resolvers see them (paging), then the answer is reshaped.
    let fields = if mess.reshapes_bodies() {
        top_fields::of_request(&mut request)
    } else {
        Vec::new()
    };
    let mut response = state.schema.execute(request.data(mess.clone())).await;
    if fields.is_empty() {
        return json_written(StatusCode::OK, |out| write_response(out, &response));
    }
    mess_body::reshape_graphql(&mess, &fields, &mut response.data);
    json_written(StatusCode::OK, |out| {
        mess_body::write_response(out, &response)
    })
}

/// `{"query": "...", "variables": {...}?, "operationName": "..."?}` → a GraphQL request.
fn parse_request(body: &[u8]) -> Result<async_graphql::Request, &'static str> {
    let mut value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|_| "Syntax Error: the request body is not valid JSON.")?;
    let query = value
        .get("query")
        .and_then(|q| q.as_str())
        .ok_or("The request body must be a JSON object with a `query` string.")?;
    let mut request = async_graphql::Request::new(query);
    match value.get_mut("variables").map(serde_json::Value::take) {
        None | Some(serde_json::Value::Null) => {}
        Some(vars @ serde_json::Value::Object(_)) => {
            request = request.variables(async_graphql::Variables::from_json(vars));
        }
        Some(_) => return Err("`variables` must be a JSON object."),
    }
    match value.get("operationName") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::String(name)) => request = request.operation_name(name.as_str()),
        Some(_) => return Err("`operationName` must be a string."),
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_body_rules() {
        assert!(parse_request(br#"{"query":"{ __typename }"}"#).is_ok());
        assert!(
            parse_request(br#"{"query":"{ a }","variables":null,"operationName":null}"#).is_ok()
        );
        assert_eq!(
            parse_request(b"not json").err(),
            Some("Syntax Error: the request body is not valid JSON.")
        );
        assert!(parse_request(br#"{"variables":{}}"#).is_err());
        assert!(parse_request(br#"{"query":5}"#).is_err());
        assert!(parse_request(br#"[{"query":"{ a }"}]"#).is_err());
        assert!(parse_request(br#"{"query":"{ a }","variables":[1]}"#).is_err());
    }
}
