//! `OfferkitSkippedItem`: an item the service sent that was left out of a list because it was
//! malformed (a required field null, missing or of the wrong type; an item that is not an
//! object). Offer lists and player-offers pages both carry them, so a game can log exactly
//! what the service got wrong while showing the good items.

use std::ffi::{CString, c_char};

use offerkit::SkippedItem;

use crate::failure::Failure;
use crate::items;
use crate::out::Out;
use crate::strings::{c_text, ptr};

/// One skipped item; strings borrowed from the list or page it came from.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitSkippedItem {
    /// 0-based position in the list as the service sent it.
    pub index: usize,
    /// The item's id when it had a usable one, else NULL.
    pub id: *const c_char,
    /// Why it was left out, e.g. `name is null`.
    pub reason: *const c_char,
}

/// The skipped items of a handle, with C strings that live as long as it.
#[derive(Default)]
pub(crate) struct Skipped(Vec<(usize, Option<CString>, CString)>);

impl Skipped {
    pub(crate) fn new(items: &[SkippedItem]) -> Self {
        Skipped(
            items
                .iter()
                .map(|s| (s.index, s.id.as_deref().map(c_text), c_text(&s.reason)))
                .collect(),
        )
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// The body of `*_skipped_get`: writes item `index` (strings borrowed from `self`).
    pub(crate) fn get(
        &self,
        index: usize,
        out_item: *mut OfferkitSkippedItem,
    ) -> Result<(), Failure> {
        let out = Out::required(out_item, "out_item")?;
        items::check_index(self.0.len(), index)?;
        let (at, id, reason) = &self.0[index];
        out.write(OfferkitSkippedItem {
            index: *at,
            id: ptr(id),
            reason: reason.as_ptr(),
        });
        Ok(())
    }
}
