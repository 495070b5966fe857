//! Reading a GDScript `Dictionary` of options strictly: every key must be one the call knows
//! (a misspelt key is an `invalid_argument` naming it, never silently ignored) and every value
//! of the type that key takes. Values are converted, not judged: core checks the bounds.

use std::time::Duration;

use godot::prelude::*;

use crate::failure::Failure;
use crate::json;

/// A dictionary of options for the call (or setting) named `path`.
pub(crate) struct Settings<'a> {
    dict: &'a VarDictionary,
    path: &'static str,
}

impl<'a> Settings<'a> {
    /// Checks that every key is a String among `known`.
    pub(crate) fn new(
        dict: &'a VarDictionary,
        path: &'static str,
        known: &[&str],
    ) -> Result<Self, Failure> {
        for key in dict.keys_shared() {
            let name = key_name(&key).ok_or_else(|| {
                Failure::invalid_argument(path, "options", format!("the key {key} is not a String"))
            })?;
            if !known.contains(&name.as_str()) {
                return Err(Failure::invalid_argument(
                    path,
                    &name,
                    format!("unknown option; the known ones are: {}", known.join(", ")),
                ));
            }
        }
        Ok(Settings { dict, path })
    }

    fn get(&self, key: &str) -> Option<Variant> {
        self.dict.get(key).filter(|v| !v.is_nil())
    }

    fn wrong(&self, key: &str, expected: &str, got: &Variant) -> Failure {
        Failure::invalid_argument(
            self.path,
            key,
            format!("must be {expected}, not {:?}", got.get_type()),
        )
    }

    /// A String (or StringName) value; null or absent is `None`.
    pub(crate) fn string(&self, key: &str) -> Result<Option<String>, Failure> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        match value.get_type() {
            VariantType::STRING | VariantType::STRING_NAME => Ok(Some(json::text(&value))),
            _ => Err(self.wrong(key, "a String", &value)),
        }
    }

    /// An int value.
    pub(crate) fn int(&self, key: &str) -> Result<Option<i64>, Failure> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        match value.get_type() {
            VariantType::INT => Ok(Some(value.to::<i64>())),
            _ => Err(self.wrong(key, "an int", &value)),
        }
    }

    /// A bool value.
    pub(crate) fn boolean(&self, key: &str) -> Result<Option<bool>, Failure> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        match value.get_type() {
            VariantType::BOOL => Ok(Some(value.to::<bool>())),
            _ => Err(self.wrong(key, "a bool", &value)),
        }
    }

    /// Seconds, as an int or a float, not negative.
    pub(crate) fn seconds(&self, key: &str) -> Result<Option<Duration>, Failure> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let secs = match value.get_type() {
            VariantType::INT => value.to::<i64>() as f64,
            VariantType::FLOAT => value.to::<f64>(),
            _ => return Err(self.wrong(key, "a number of seconds", &value)),
        };
        Duration::try_from_secs_f64(secs).map(Some).map_err(|_| {
            Failure::invalid_argument(
                self.path,
                key,
                format!("must be a number of seconds, at least 0, not {secs}"),
            )
        })
    }

    /// A PackedStringArray, or an Array of Strings.
    pub(crate) fn strings(&self, key: &str) -> Result<Option<Vec<String>>, Failure> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        match value.get_type() {
            VariantType::PACKED_STRING_ARRAY => Ok(Some(
                value
                    .to::<PackedStringArray>()
                    .as_slice()
                    .iter()
                    .map(GString::to_string)
                    .collect(),
            )),
            VariantType::ARRAY => {
                let mut out = Vec::new();
                for item in value.to::<VarArray>().iter_shared() {
                    match item.get_type() {
                        VariantType::STRING | VariantType::STRING_NAME => {
                            out.push(json::text(&item))
                        }
                        _ => return Err(self.wrong(key, "an Array of Strings", &value)),
                    }
                }
                Ok(Some(out))
            }
            _ => Err(self.wrong(key, "a PackedStringArray", &value)),
        }
    }

    /// A Callable.
    pub(crate) fn callable(&self, key: &str) -> Result<Option<Callable>, Failure> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        match value.get_type() {
            VariantType::CALLABLE => Ok(Some(value.to::<Callable>())),
            _ => Err(self.wrong(key, "a Callable", &value)),
        }
    }
}

fn key_name(key: &Variant) -> Option<String> {
    match key.get_type() {
        VariantType::STRING | VariantType::STRING_NAME => Some(json::text(key)),
        _ => None,
    }
}
