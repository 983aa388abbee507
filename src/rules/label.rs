//! The name an entity is shown by in every report, the baseline and the pin. The method is
//! [`Entity`]'s, but it is defined here, with the rules, because it must mask whatever secret a
//! redacting rule finds in the name: `model` stays below `rules`, and every caller of
//! `Entity::label` sits above them.

use super::redact;
use crate::json::Value;
use crate::model::{Entity, Kind};

/// The most code points of a name a label shows. Every finding carries its entity's label into
/// every report, so an unbounded one would make a report grow with the findings times the
/// name: a megabyte name with a thousand findings would print a gigabyte.
const LABEL_CHARS: usize = 200;

impl Entity {
    /// The name a human knows an entity by (the server's `serverInfo.name` or `title`; otherwise
    /// `name`, `uri`, `uriTemplate` or `title`; otherwise its kind and position), any secret in it
    /// masked (see [`crate::model::Redaction`]) and clipped to [`LABEL_CHARS`] code points (`...`
    /// marks the cut). Two names alike in all they show are told apart where it matters: a pin
    /// records each occurrence and every leaf, the name's included.
    pub fn label(&self) -> String {
        let label = full_label(self);
        match label.char_indices().nth(LABEL_CHARS) {
            Some((cut, _)) => format!("{}...", &label[..cut]),
            None => label,
        }
    }
}

fn full_label(entity: &Entity) -> String {
    let fields: &[&str] = match entity.kind {
        Kind::Server => {
            let info = entity.value.get("serverInfo");
            for key in ["name", "title"] {
                if let Some(text) = info.and_then(|info| info.get(key)).and_then(Value::as_str)
                    && !text.trim().is_empty()
                {
                    return redact(text).into_owned();
                }
            }
            &[]
        }
        _ => &["name", "uri", "uriTemplate", "title"],
    };
    for key in fields {
        if let Some(text) = entity.value.get(key).and_then(Value::as_str)
            && !text.trim().is_empty()
        {
            return redact(text).into_owned();
        }
    }
    format!("<{} #{}>", entity.kind, entity.index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_is_clipped_in_the_label() {
        let entity = |name: &str| Entity {
            kind: Kind::Tool,
            index: 0,
            value: Value::Object(vec![("name".into(), Value::String(name.into()))]),
        };
        let long = "é".repeat(LABEL_CHARS) + "<|im_start|>".repeat(10_000).as_str();
        assert_eq!(entity(&long).label(), format!("{}...", "é".repeat(LABEL_CHARS)));
        let exact = "x".repeat(LABEL_CHARS);
        assert_eq!(entity(&exact).label(), exact);
    }
}
