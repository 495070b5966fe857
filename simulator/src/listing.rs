//! `GET /v1/offers`: the whole catalogue as JSON, optionally paginated with `per_page`
//! (1..=100) and `page` (from 1; only together with `per_page`). Items have the same shape
//! as the GraphQL `Offer` type with every field; English texts; click URLs carry no player.
//! The misbehaviour modes may stall its pages or reshape its offers (mess_*.rs).

use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, StatusCode};
use serde::Serialize;
use std::sync::Arc;

use crate::auth::require_offers_scope;
use crate::locale::Language;
use crate::mess::Mess;
use crate::offer_view::OfferView;
use crate::query_string::query_param;
use crate::respond::{json, json_written};
use crate::state::AppState;
use crate::validation::Violations;
use crate::{mess_body, mess_paging};

pub const PER_PAGE_MAX: i64 = 100;

#[derive(Debug, PartialEq)]
struct Paging {
    per_page: usize,
    page: usize,
}

/// Laravel-style checks of `per_page`/`page`; empty values count as absent.
fn paging(query: Option<&str>) -> Result<Option<Paging>, Violations> {
    let per_page = query_param(query, "per_page").filter(|v| !v.is_empty());
    let page = query_param(query, "page").filter(|v| !v.is_empty());
    let mut v = Violations::default();
    let per_page = match per_page.as_deref().map(str::parse::<i64>) {
        None => {
            if page.is_some() {
                v.add(
                    "per_page",
                    "The per page field is required when page is present.",
                );
            }
            None
        }
        Some(Err(_)) => {
            v.add("per_page", "The per page field must be an integer.");
            None
        }
        Some(Ok(n)) if !(1..=PER_PAGE_MAX).contains(&n) => {
            v.add(
                "per_page",
                format!("The per page field must be between 1 and {PER_PAGE_MAX}."),
            );
            None
        }
        Some(Ok(n)) => usize::try_from(n).ok(),
    };
    let page = match page.as_deref().map(str::parse::<i64>) {
        None => Some(1),
        Some(Err(_)) => {
            v.add("page", "The page field must be an integer.");
            None
        }
        Some(Ok(n)) if n < 1 => {
            v.add("page", "The page field must be at least 1.");
            None
        }
        Some(Ok(n)) => Some(usize::try_from(n).unwrap_or(usize::MAX)),
    };
    let paging = per_page
        .zip(page)
        .map(|(per_page, page)| Paging { per_page, page });
    v.into_result(paging)
}

pub async fn list(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    if let Err(denied) = require_offers_scope(&state.jwt, &headers) {
        return denied.into_response();
    }
    let paging = match paging(query.as_deref()) {
        Ok(p) => p,
        Err(v) => return json(StatusCode::UNPROCESSABLE_ENTITY, &v.to_422_body()),
    };
    let mess = state.mess.active();
    let all = state.catalogue.offers();
    let (slice, pagination) = match paging {
        None => (all, None),
        Some(Paging { per_page, page }) => {
            let start = (page - 1).saturating_mul(per_page).min(all.len());
            let end = start.saturating_add(per_page).min(all.len());
            let (has_more_pages, next_page) =
                mess_paging::listing_pagination(mess.as_ref(), page, end < all.len());
            let pagination = Pagination {
                current_page: page,
                per_page,
                has_more_pages,
                next_page,
            };
            (&all[start..end], Some(pagination))
        }
    };
    let offers = slice
        .iter()
        .map(|o| OfferView::new(o, Language::En, &state.base_url, None))
        .collect();
    let body = ListingBody {
        status: "success",
        data: ListingData { offers, pagination },
    };
    match mess.filter(Mess::reshapes_bodies) {
        None => json(StatusCode::OK, &body),
        Some(mess) => json_written(StatusCode::OK, |out| {
            let mut value = async_graphql::to_value(&body).map_err(serde::ser::Error::custom)?;
            mess_body::reshape_listing(&mess, &mut value);
            mess_body::write(out, &value)
        }),
    }
}

#[derive(Serialize)]
struct ListingBody<'a> {
    status: &'static str,
    data: ListingData<'a>,
}

#[derive(Serialize)]
struct ListingData<'a> {
    offers: Vec<OfferView<'a>>,
    /// Present only when `per_page` was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pagination: Option<Pagination>,
}

#[derive(Serialize)]
struct Pagination {
    current_page: usize,
    per_page: usize,
    has_more_pages: bool,
    next_page: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(query: &str) -> Vec<(String, Vec<String>)> {
        match paging(Some(query)) {
            Ok(_) => vec![],
            Err(v) => v.iter().map(|(f, m)| (f.to_owned(), m.to_vec())).collect(),
        }
    }

    #[test]
    fn paging_rules() {
        assert_eq!(paging(None), Ok(None));
        assert_eq!(
            paging(Some("per_page=10")),
            Ok(Some(Paging {
                per_page: 10,
                page: 1
            }))
        );
        assert_eq!(
            paging(Some("per_page=10&page=3")),
            Ok(Some(Paging {
                per_page: 10,
                page: 3
            }))
        );
        for (query, field, message) in [
            (
                "page=2",
                "per_page",
                "The per page field is required when page is present.",
            ),
            (
                "per_page=0",
                "per_page",
                "The per page field must be between 1 and 100.",
            ),
            (
                "per_page=101",
                "per_page",
                "The per page field must be between 1 and 100.",
            ),
            (
                "per_page=x",
                "per_page",
                "The per page field must be an integer.",
            ),
            (
                "per_page=5&page=0",
                "page",
                "The page field must be at least 1.",
            ),
            (
                "per_page=5&page=1.5",
                "page",
                "The page field must be an integer.",
            ),
        ] {
            assert_eq!(
                errors(query)[0],
                (field.to_owned(), vec![message.to_owned()]),
                "{query}"
            );
        }
        assert_eq!(errors("per_page=abc&page=-1").len(), 2);
    }
}
