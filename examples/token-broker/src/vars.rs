//! Reading settings from environment variables, the way every setting of the broker is read:
//! a secret from `NAME_FILE` (a mounted secret) or `NAME`, and comma-separated lists.

/// A secret from `NAME_FILE` (preferred) or `NAME`, trimmed; `None` when neither is set.
pub fn secret(var: &impl Fn(&str) -> Option<String>, name: &str) -> Result<Option<String>, String> {
    match (var(&format!("{name}_FILE")), var(name)) {
        (Some(path), _) => std::fs::read_to_string(&path)
            .map(|text| Some(text.trim().to_owned()))
            .map_err(|e| format!("{name}_FILE {path:?}: {e}")),
        (None, value) => Ok(value.map(|v| v.trim().to_owned())),
    }
}

/// The entries of a comma-separated list, trimmed, empty ones left out.
pub fn list<C: FromIterator<String>>(text: &str) -> C {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Variables from `(name, value)` pairs, so tests need not touch the process environment.
#[cfg(test)]
pub fn from_pairs(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: std::collections::HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |k| map.get(k).cloned()
}
