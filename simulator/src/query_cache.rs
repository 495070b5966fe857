//! Parsed GraphQL documents by query text, so a query a client sends again (clients send the
//! same few queries over and over) is not parsed again: parsing was about 15 % of an `offers`
//! request. One small cache per thread, so threads never wait on each other or share the
//! documents' reference counts. A query that does not parse is not cached: async-graphql
//! parses it itself and reports the error exactly as without the cache.

use async_graphql::parser::{parse_query, types::ExecutableDocument};
use std::cell::RefCell;
use std::collections::HashMap;

/// Documents kept per thread; when full, the cache starts over.
const MAX_ENTRIES: usize = 64;
/// Longer queries are parsed every time (they are not the repeated kind, and would hold memory).
const MAX_QUERY_LEN: usize = 8 * 1024;

thread_local! {
    static DOCUMENTS: RefCell<HashMap<String, ExecutableDocument>> = RefCell::new(HashMap::new());
}

/// Hands `request` its parsed document, from the cache or parsed now (and cached).
pub fn prepare(request: &mut async_graphql::Request) {
    if request.query.len() > MAX_QUERY_LEN {
        return;
    }
    let cached = DOCUMENTS.with(|docs| docs.borrow().get(&request.query).cloned());
    let document = match cached {
        Some(document) => document,
        None => {
            let Ok(document) = parse_query(&request.query) else {
                return;
            };
            DOCUMENTS.with(|docs| {
                let mut docs = docs.borrow_mut();
                if docs.len() >= MAX_ENTRIES {
                    docs.clear();
                }
                docs.insert(request.query.clone(), document.clone());
            });
            document
        }
    };
    request.set_parsed_query(document);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cached(query: &str) -> bool {
        DOCUMENTS.with(|docs| docs.borrow().contains_key(query))
    }

    #[test]
    fn parsed_queries_are_cached_and_broken_ones_are_left_to_async_graphql() {
        let query = "{ links(player_id: \"cache-test\") { offerwall } }";
        let mut first = async_graphql::Request::new(query);
        prepare(&mut first);
        assert!(cached(query));
        let mut again = async_graphql::Request::new(query);
        prepare(&mut again);
        assert_eq!(
            format!("{:?}", again.parsed_query().ok()),
            format!("{:?}", parse_query(query).ok().as_ref())
        );

        let broken = "{ links(player_id: ";
        let mut request = async_graphql::Request::new(broken);
        prepare(&mut request);
        assert!(!cached(broken));
        assert!(request.parsed_query().is_err());

        let long = format!("{{ __typename {} }}", " ".repeat(MAX_QUERY_LEN));
        prepare(&mut async_graphql::Request::new(long.as_str()));
        assert!(!cached(&long));
    }

    #[test]
    fn a_full_cache_starts_over() {
        for i in 0..=MAX_ENTRIES {
            prepare(&mut async_graphql::Request::new(format!(
                "{{ a{i}: __typename }}"
            )));
        }
        DOCUMENTS.with(|docs| assert!(docs.borrow().len() <= MAX_ENTRIES));
        assert!(cached(&format!("{{ a{MAX_ENTRIES}: __typename }}")));
    }
}
