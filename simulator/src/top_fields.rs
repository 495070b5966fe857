//! Which query field each top-level key of a GraphQL answer comes from. A query may alias
//! its fields (`{ mine: offers(player_id: "p") { id } }`) or select them through fragments,
//! so the answer's keys alone do not say which of them holds offers; the misbehaviour modes
//! (mess_body.rs) need to know, and read it from the request's own document.

use async_graphql::Name;
use async_graphql::parser::types::{
    DocumentOperations, ExecutableDocument, OperationDefinition, Selection, SelectionSet,
};

/// The top-level fields whose answers the mess modes reshape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopField {
    Offers,
    PlayerOffers,
}

/// Response keys of the operation `request` runs that answer `offers` or `playerOffers`.
/// Empty when the query does not parse or names no operation that exists (it then fails
/// without data anyway).
pub fn of_request(request: &mut async_graphql::Request) -> Vec<(Name, TopField)> {
    let operation_name = request.operation_name.clone();
    let Ok(document) = request.parsed_query() else {
        return Vec::new();
    };
    let Some(operation) = operation(document, operation_name.as_deref()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut visited = Vec::new();
    collect(
        document,
        &operation.selection_set.node,
        &mut visited,
        &mut out,
    );
    out
}

fn operation<'d>(
    document: &'d ExecutableDocument,
    name: Option<&str>,
) -> Option<&'d OperationDefinition> {
    match (&document.operations, name) {
        (DocumentOperations::Single(op), _) => Some(&op.node),
        (DocumentOperations::Multiple(ops), Some(name)) => ops.get(name).map(|op| &op.node),
        (DocumentOperations::Multiple(ops), None) if ops.len() == 1 => {
            ops.values().next().map(|op| &op.node)
        }
        (DocumentOperations::Multiple(_), None) => None,
    }
}

fn collect<'d>(
    document: &'d ExecutableDocument,
    selection_set: &'d SelectionSet,
    visited: &mut Vec<&'d str>,
    out: &mut Vec<(Name, TopField)>,
) {
    for selection in &selection_set.items {
        match &selection.node {
            Selection::Field(field) => {
                let kind = match field.node.name.node.as_str() {
                    "offers" => TopField::Offers,
                    "playerOffers" => TopField::PlayerOffers,
                    _ => continue,
                };
                let key = field.node.response_key().node.clone();
                if !out.iter().any(|(k, _)| *k == key) {
                    out.push((key, kind));
                }
            }
            Selection::InlineFragment(fragment) => {
                collect(document, &fragment.node.selection_set.node, visited, out);
            }
            Selection::FragmentSpread(spread) => {
                let name = spread.node.fragment_name.node.as_str();
                // A fragment that spreads itself is refused later; here it is walked once.
                if visited.contains(&name) {
                    continue;
                }
                visited.push(name);
                if let Some(fragment) = document.fragments.get(name) {
                    collect(document, &fragment.node.selection_set.node, visited, out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(query: &str, operation: Option<&str>) -> Vec<(String, TopField)> {
        let mut request = async_graphql::Request::new(query);
        if let Some(op) = operation {
            request = request.operation_name(op);
        }
        of_request(&mut request)
            .into_iter()
            .map(|(k, f)| (k.to_string(), f))
            .collect()
    }

    #[test]
    fn aliases_fragments_and_operations() {
        assert_eq!(
            fields(
                r#"{ links(player_id: "p") { offerwall } a: offers(player_id: "p") { id }
                     ... on Query { playerOffers(player_id: "p") { next_cursor } }
                     ...F }
                   fragment F on Query { b: offers(player_id: "q") { id } ...F }"#,
                None
            ),
            [
                ("a".to_owned(), TopField::Offers),
                ("playerOffers".to_owned(), TopField::PlayerOffers),
                ("b".to_owned(), TopField::Offers),
            ]
        );
        let two = r#"query One { offers(player_id: "p") { id } }
                     query Two { offers: playerOffers(player_id: "p") { next_cursor } }"#;
        assert_eq!(
            fields(two, Some("Two")),
            [("offers".to_owned(), TopField::PlayerOffers)]
        );
        assert!(fields(two, None).is_empty());
        assert!(fields("{ offers(", None).is_empty());
    }
}
