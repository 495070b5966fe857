//! Form-encoded query strings, both ways: read from requests (the listing's paging, a
//! tracking click's `player_id`) and written into the links the simulator serves, so what
//! it reads and what it writes are encoded alike.

/// `?player_id=…` (and more pairs), form-encoded.
pub fn query_string(pairs: &[(&str, &str)]) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        s.append_pair(k, v);
    }
    s.finish()
}

/// First value of each named query parameter (form-encoded query string).
pub fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_params() {
        assert_eq!(
            query_param(Some("a=1&player_id=x+y&player_id=z"), "player_id").as_deref(),
            Some("x y")
        );
        assert_eq!(query_param(None, "a"), None);
    }
}
